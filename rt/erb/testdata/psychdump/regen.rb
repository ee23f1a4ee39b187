#!/usr/bin/env ruby
# frozen_string_literal: true
#
# Writes cases.jsonl: Ruby values made at random (a fixed seed) from the
# strings, numbers and collections templates and functions write as YAML
# and JSON, each in the canonical form of ../../yaml_dump_psych_test.go
# ("val") with what Ruby writes for it: value.to_yaml ("yaml"),
# JSON.generate ("json") and JSON.pretty_generate ("pretty"), or the
# exception raised ("E" Class: message):
#
#   ruby rt/erb/testdata/psychdump/regen.rb [COUNT]
#
# Run under Debian 12's Ruby 3.1 (Psych 4, libyaml 0.2.5, json 2.6),
# Puppet 7.23's. Run then under Puppet 8.10's Ruby 3.3, from the project's
# directory (../shared/conformance/puppet8/oracle8 ruby $PWD/rt/erb/...),
# it writes cases8.jsonl: the cases whose results differ there.
require 'json'
require_relative '../../../../frontend/hiera/testdata/psych/canon'
require 'yaml'


STRINGS = [
  '', ' ', 'a', 'foo bar', ' lead', 'trail ', 'a:b', 'a: b', 'a :b', ':a', '::1', '- a', '-', '--', '---', '...', '? a', '?',
  '#a', 'a #b', 'a#b', '@a', '`a', '%a', '!a', '&a', '*a', '|', '>', '[a]', '{a}', 'a,b', '"q"', "it's", "'", '"', 'a\\b',
  '~', 'null', 'Null', 'yes', 'No', 'on', 'off', 'y', 'n', 'true', 'FALSE', '1', '-1', '+1', '1.5', '.5', '1e3', '0x1F', '0o17',
  '017', '1_000', '1,000', '1:30', '.inf', '-.Inf', '.NaN', '2001-01-01', '2001-01-01 10:00:00', "a\nb", "a\n", "\n", "a\n\nb",
  "a\tb", "\t", " a\nb", "a\r\nb", "\u00e9", "日本", "\u2028", "\u0085", "\x01", "\x7f", "\e[0m", 'a' * 81, ('word ' * 20).strip,
  "#{'long line ' * 10}\nsecond", 'http://x:80/y?a=b#c', '10.0.0.1', 'fe80::1', '<<', '=', 'a%20b', 'key: value # c',
  "x\u00a0y", "  ", "a  b", "line\n  indented", "trailing\n  ", 'Ünïcödé', '0', '00', '0.0', '-0', '1.', 'e', 'E5', '+',
  "\u{1F600}", "a\u{1F600} b", "a\u0085b", "\uFFFE", "\uFEFF", 'k' * 130, "\u00e9" * 70, '<<'
].freeze

def string(r) = STRINGS[r.rand(STRINGS.size)]

def scalar(r)
  case r.rand(12)
  when 0 then [0, 1, -1, 42, 10**20, -(2**63), 2**64][r.rand(7)]
  when 1 then [0.0, -0.0, 1.5, 1e20, 1.0e-5, 3.14159, 100.0, 1e16, Float::INFINITY, -Float::INFINITY][r.rand(10)]
  when 2 then [true, false, nil][r.rand(3)]
  when 3 then string(r).to_sym
  else string(r)
  end
end

def value(r, depth)
  case depth > 3 ? 0 : r.rand(6)
  when 0, 1, 2 then scalar(r)
  when 3 then Array.new(r.rand(4)) { value(r, depth + 1) }
  else Array.new(r.rand(4)) { [r.rand(5).zero? ? scalar(r) : string(r), value(r, depth + 1)] }.to_h
  end
end

def result
  yield
rescue StandardError => e
  "E#{e.class}: #{e.message}"
end

count = (ARGV[0] || 3000).to_i
r = Random.new(14)
seen = {}
cases = []
while seen.size < count
  v = value(r, 0)
  c = Canon.of(v)
  next if seen[c]

  seen[c] = true
  cases << { 'val' => c, 'yaml' => result { v.to_yaml }, 'json' => result { JSON.generate(v) },
             'pretty' => result { JSON.pretty_generate(v) } }
end
Canon.write_cases(__dir__, cases, 'val')
