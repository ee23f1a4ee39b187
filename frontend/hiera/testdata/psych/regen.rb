#!/usr/bin/env ruby
# frozen_string_literal: true
#
# Writes cases.jsonl: YAML texts made at random (a fixed seed) from the
# pieces Hiera data is written with, and what Puppet's YAML reader
# (Puppet::Util::Yaml.safe_load: Psych over libyaml, Symbol the one class
# permitted, aliases allowed) makes of each, in the canonical form of
# ../../yaml_psych_test.go:
#
#   ruby frontend/hiera/testdata/psych/regen.rb [COUNT]
#
# Run under Debian 12's Ruby 3.1 (Psych 4, libyaml 0.2.5), Puppet 7.23's.
require 'json'
require_relative 'canon'
require 'yaml'


def load(src)
  Canon.of(YAML.safe_load(src, permitted_classes: [Symbol], aliases: true))
rescue Psych::Exception, ArgumentError => e
  "E#{e.message.sub('(<unknown>): ', '')}"
end

SCALARS = [
  'a', 'foo bar', 'x-y', '::1', ':a', ':a b', ':"q"', '?a', '-a', 'a:b', 'a::b', '1', '0x1F', '0o17', '017', '09',
  '1_000', '1,000', '1:30', '1:30:05', '-1:30', '1.5', '.5', '1.', '1e3', '1.0e+3', '6.8523015e+5', '.inf', '-.Inf', '.NaN',
  'yes', 'No', 'on', 'OFF', 'y', 'n', '~', 'null', 'Null', 'NULL', 'true', 'True', 'FALSE', '2001-01-01', '2001-1-1',
  '2001-01-01 10:00:00', '2001-01-01T10:00:00Z', '12:30:45', '+1', '-0', '+.5', '0b101', '0b2', '@a', '%a', 'a #b', 'a#b',
  "'q'", "'it''s'", '"d\\n"', '"\\u00e9"', '"\\x41"', '"a\\tb"', "''", '""', 'é', 'a b c', 'http://x:80/y', '10.0.0.1',
  '10.0.0.1/24', 'fe80::1', '1.2.3', '0.0', '-', '--', 'a ', '=', '<<', '!!str 1', '!!int "2"', '!!float 1', '!ruby/symbol s',
  '!!binary aGk=', '!!null ""', '&x a', '*x', ':undef', 'a%20b', '`a', '0', '00', '0.1e1', '1E3', '+0x1', '0x_1', '1__0',
  'a"b', "a'b", '{}', '[]', '{a: 1}', '[1, 2]', ':', '?', '!', '|', '>', '*', '&', '# c'
].freeze

KEYS = ['a', 'b::c', 'x y', '1', 'true', '~', ':s', '"q"', "'s'", 'a.b', '"a:b"', 'ü', '<<', '? k', '!!str 2', '&k kk'].freeze

def scalar(r) = SCALARS[r.rand(SCALARS.size)]
def key(r) = KEYS[r.rand(KEYS.size)]

def flow(r, depth)
  case depth > 2 ? 0 : r.rand(4)
  when 0, 1 then scalar(r)
  when 2 then "[#{Array.new(r.rand(4)) { flow(r, depth + 1) }.join(r.rand(2).zero? ? ', ' : ',')}]"
  else "{#{Array.new(r.rand(3)) { "#{key(r)}: #{flow(r, depth + 1)}" }.join(', ')}}"
  end
end

def block(r, indent, depth)
  pad = ' ' * indent
  case depth > 2 ? r.rand(2) : r.rand(5)
  when 0 then " #{scalar(r)}\n"
  when 1 then " #{flow(r, depth)}\n"
  when 2 then "\n" + Array.new(1 + r.rand(3)) { "#{pad}-#{block(r, indent + 2, depth + 1)}" }.join
  when 3 then "\n" + Array.new(1 + r.rand(3)) { "#{pad}#{key(r)}:#{block(r, indent + 2, depth + 1)}" }.join
  else [" |\n#{pad}  line\n#{pad}  two\n", " >-\n#{pad}  folded\n#{pad}  text\n", " \"multi\n#{pad}  line\"\n"][r.rand(3)]
  end
end

def document(r)
  body = Array.new(1 + r.rand(3)) { "#{key(r)}:#{block(r, 2, 0)}" }.join
  case r.rand(6)
  when 0 then "---\n#{body}"
  when 1 then "#{flow(r, 0)}\n"
  when 2 then "# comment\n#{body}...\n"
  else body
  end
end

count = (ARGV[0] || 4000).to_i
r = Random.new(14)
seen = {}
File.open(File.join(__dir__, 'cases.jsonl'), 'w') do |f|
  while seen.size < count
    src = document(r)
    next if seen[src]

    seen[src] = true
    f.puts JSON.generate({ 'src' => src, 'want' => load(src) })
  end
end
