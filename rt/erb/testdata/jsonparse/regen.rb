#!/usr/bin/env ruby
# frozen_string_literal: true
#
# Writes cases.jsonl: JSON texts made at random (a fixed seed), valid and
# not, from the pieces JSON documents are written with, each with what
# JSON.parse makes of it in the canonical form of
# ../../json_parse_test.go, or the exception it raises ("E" Class:
# message):
#
#   ruby rt/erb/testdata/jsonparse/regen.rb [COUNT]
#
# Run under Debian 12's Ruby 3.1 (json 2.6), Puppet 7.23's; run then under
# Puppet 8.10's Ruby 3.3 from the project's directory
# (../shared/conformance/puppet8/oracle8 ruby $PWD/rt/erb/...), it writes
# cases8.jsonl, the cases whose results differ there.
require 'json'
require_relative '../../../../frontend/hiera/testdata/psych/canon'


ATOMS = [
  '1', '-1', '0', '-0', '01', '1.5', '-1.5', '1e3', '1E+3', '1.0e-3', '1.', '.5', '1e', '100000000000000000000', '-9223372036854775809',
  '1.7976931348623157e309', 'true', 'false', 'null', 'NaN', 'Infinity', '-Infinity', 'nil', 'True', '"a"', '""', '"a\\"b"',
  '"\\u00e9"', '"\\ud83d\\ude00"', '"\\ud83d"', '"\\u12"', '"\\x41"', '"\\/"', '"a\\nb"', "\"a\nb\"", "\"\t\"", '"é"', "'a'", 'a',
  '"\\b\\f\\r\\t"', '"unterminated', '/* c */ 1', '// c', '[]', '{}', '[1,]', '{"a":1,}', '[,1]', ' ', '"\\u0000"'
].freeze

def doc(r, depth)
  case depth > 2 ? 0 : r.rand(5)
  when 0, 1 then ATOMS[r.rand(ATOMS.size)]
  when 2, 3 then "[#{Array.new(r.rand(4)) { doc(r, depth + 1) }.join([',', ', ', ' ,'][r.rand(3)])}]"
  else "{#{Array.new(r.rand(3)) { "#{['"k"', '"a b"', 'k', '1', '"k"'][r.rand(5)]}#{[':', ' : ', ':'][r.rand(3)]}#{doc(r, depth + 1)}" }.join(',')}}"
  end
end

def result(src)
  Canon.of(JSON.parse(src))
rescue StandardError => e
  "E#{e.class}: #{e.message}"
end

count = (ARGV[0] || 3000).to_i
r = Random.new(14)
seen = {}
cases = []
while seen.size < count
  src = [doc(r, 0), " #{doc(r, 0)} ", "#{doc(r, 0)}\n"][r.rand(3)]
  next if seen[src]

  seen[src] = true
  cases << { 'src' => src, 'want' => result(src) }
end
Canon.write_cases(__dir__, cases, 'src')
