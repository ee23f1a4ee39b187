#!/usr/bin/env ruby
# frozen_string_literal: true
#
# Writes rt/values/testdata/timestamp-parse.json: what Puppet's own
# Timestamp.parse (Date._strptime, then Time.utc less the zone's offset)
# gives for texts, formats and timezones, in nanoseconds or the error
# message (tools/rubyzones/parse-cases.rb > rt/values/testdata/timestamp-parse.json,
# with puppet-agent installed).
require 'puppet'
require 'json'

cases = [
  ['2016-08-24T12:13:14.123456789 UTC', nil, nil], ['2016-08-24 12:13:14', nil, nil], ['2016-08-24', nil, nil],
  ['2016-08-24T12:13:14.5 +01:00', nil, nil], ['2016-08-24 12:13', nil, nil], ['2016-08-24 12:13:14', nil, 'EST'],
  ['2016-08-24 12:13:14 CET', nil, 'UTC'], ['2016-08-24 12:13:14', nil, 'Europe/Stockholm'],
  ['Dec  7 12:00:00 2026 GMT', '%b %e %H:%M:%S %Y %Z', nil], ['07/Dec/2026:12:00:00 +0100', '%d/%b/%Y:%H:%M:%S %z', nil],
  ['2026-12-07 1:05 pm', '%Y-%m-%d %l:%M %p', nil], ['2026-12-07 12:05 AM', '%Y-%m-%d %I:%M %p', nil],
  ['2026-12-07 12:05 p.m.', '%Y-%m-%d %I:%M %P', nil], ['261207', '%y%m%d', nil], ['691207', '%y%m%d', nil],
  ['Monday, December 07, 2026', '%A, %B %d, %Y', nil], ['mon dec 7 2026', '%a %b %d %Y', nil], ['1765000000', '%s', nil],
  ['12:30', '%H:%M', nil], ['2026-13-01', '%Y-%m-%d', nil], ['2026-02-31', '%Y-%m-%d', nil], ['2026-02-29 24:00', '%Y-%m-%d %H:%M', nil],
  ['2026-1-2', '%Y-%m-%d', nil], ['20261207', '%Y%m%d', nil], ['2026120712', '%Y%m%d%H', nil], ['2026 341', '%Y %j', nil],
  ['2026-12-07 extra', '%Y-%m-%d', nil], ['2026-12-07', ['%d.%m.%Y', '%Y-%m-%d'], nil], ['x', ['%d.%m.%Y', '%Y-%m-%d'], nil],
  ['2026-12-07 +02:00', '%Y-%m-%d %z', 'UTC'], ['2026-12-07 12:00 pst dst', '%Y-%m-%d %H:%M %Z', nil],
  ['2026-12-07 12:00 eastern standard time', '%Y-%m-%d %H:%M %Z', nil], ['2026-12-07 12:00 Europe', '%Y-%m-%d %H:%M %Z', nil],
  ['20 26', '%C %y', nil], ['2026-12-07T01:02:03.1234567891', '%FT%T.%N', nil], ['2026-12-07 01:02:03.25', '%F %T.%L', nil],
  ['12/07/26', '%D', nil], ['12/07/26', '%x', nil], ['Mon Dec  7 12:00:00 2026', '%c', nil], ['01:02:03 PM 2026', '%r %Y', nil],
  ['2026-12-07%', '%Y-%m-%d%%', nil], ['2026  12   07', '%Y %m %d', nil], ['2026-12-07', '%Y-%m-%d %H', nil],
  ['+2026-12-07', '%Y-%m-%d', nil], ['7-Dec-2026', '%v', nil], ['2026-12-07 12', '%F %k', nil],
  ['2026-W49-1', '%G-W%V-%u', nil], ['2026-12-07 5', '%F %w', nil], ['2026-12-07 1:2:3', '%F %H:%M:%S', nil],
  ['2026-12-07', '%Y-%m-%d', '+05:30'], ['2026-12-07', '%Y-%m-%d', 'gmt-3'],
  ['2026-12-07Q', '%Y-%m-%d%Q', nil], ['2026-12-07%Q', '%Y-%m-%d%Q', nil], ['2026-12-07 x', '%Y-%m-%d %q', nil],
]
out = cases.map do |s, f, tz|
  r = begin
    { 'nsec' => Puppet::Pops::Time::Timestamp.parse(s, f.nil? ? :default : f, tz).nsecs }
  rescue StandardError => e
    { 'error' => e.message }
  end
  { 'text' => s, 'formats' => f.nil? ? [] : Array(f), 'timezone' => tz || '' }.merge(r)
end
puts '['
puts out.map { |c| JSON.generate(c) }.join(",\n")
puts ']'
