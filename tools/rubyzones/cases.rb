#!/usr/bin/env ruby
# frozen_string_literal: true
#
# Writes rt/values/testdata/rubytime.json, what Ruby answers for the cases
# rt/values's strftime and zone tests check: Time#strftime of formats
# (flags, widths, every conversion) at times in UTC and at fixed offsets,
# and the offsets Date._strptime(zone, '%z') reads
# (tools/rubyzones/cases.rb > rt/values/testdata/rubytime.json).
require 'date'
require 'json'

convs = %w[Y C y m d e j H k I l M S L N z Z A a B b h p P u w U W G g V s n t % c x X D F T R r v + Q E O q]
flags = ['', '-', '_', '0', '^', '#', '10', '-10', '_10', '010', '^10', '#10', '3', '1', '12']
formats = convs.flat_map { |c| flags.map { |f| "%#{f}#{c}" } }
formats += ['%:z', '%::z', '%:::z', '%10:z', '%_10z', '%-z', '%_z', '%_10:z', '%-:z', '%-::z', '%6z', '%7z', '%-:::z', '%:S', '%', 'a%', '%-', '%5', 'x %Y-%m-%d %% %Q y',
            '%3N', '%6N', '%12N', '%1L', '%F %T.%L %z', '%^a %#b %#p %^P %#Z', '%-d/%-m/%y %-I%P', '%_3e|%03e']
times = [
  [Time.utc(2016, 8, 24, 12, 13, 14, 123_456.789r), nil],
  [Time.utc(2021, 1, 3, 0, 5, 9, 0), nil],
  [Time.utc(1999, 12, 31, 23, 59, 59, 999_999), '+05:30'],
  [Time.utc(2020, 2, 29, 13, 0, 0, 500_000), '-03:00'],
  [Time.utc(1700, 6, 7, 8, 9, 10), nil],
  [Time.utc(1969, 12, 31, 23, 59, 58), '-00:30'],
]
cases = []
times.each do |t, off|
  tt = off ? t.localtime(off) : t
  formats.each do |f|
    want = begin
      tt.strftime(f)
    rescue ArgumentError => e
      { 'error' => e.message }
    end
    cases << { 'unix_nsec' => t.to_i * 1_000_000_000 + t.nsec, 'offset' => off || '', 'format' => f, 'want' => want }
  end
end
zones = ['+01:00', '+0100', '+01', '+1', '-05', 'utc+3', 'UTC-3', 'gmt-0130', '+9.5', '+01:00:30', 'z', 'Z', 'UTC', 'utc',
         'GMT', 'est', 'EST', 'cest', 'PST DST', 'eastern standard time', 'Eastern Daylight Time', 'w. europe standard time',
         'Europe/Stockholm', 'Pacific', '+1:30', '+123', '+12345', '+123456', '-0', 'UTC+0', 'gmt+00:00', '+09,5', 'x1', '',
         'nonsense', 'ut+3', 'Z ', 'jst', 'A', 'jj', '+14:00', 'utc-12:30', 'CET dst', 'pst', 'a.m.', 'e. australia standard time']
zcases = zones.map do |z|
  h = Date._strptime(z, '%z')
  o = h && h[:offset]
  { 'zone' => z, 'offset' => o.nil? ? nil : o.to_i }
end
# one case a line
puts '{"strftime": ['
puts cases.map { |c| JSON.generate(c) }.join(",\n")
puts '], "zones": ['
puts zcases.map { |c| JSON.generate(c) }.join(",\n")
puts ']}'
