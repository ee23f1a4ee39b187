#!/usr/bin/env ruby
# Times Puppet 7.23 parsing and validating .pp files, as `puppet parser dump`
# does (EvaluatingParser#parse_string), in one process: the files listed on
# stdin (one path a line). Prints "files N", "bytes N", "startup SECONDS" and
# "parse SECONDS" (the best of the repeats).
#
#   find -L /usr/share/puppet/modules -name '*.pp' | ruby tools/oracle/parse_corpus.rb [repeats]
#
# A tool for `make bench`; the test suite never runs Ruby.
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
require 'puppet'
require 'tmpdir'
Puppet.initialize_settings(['--confdir', Dir.mktmpdir, '--vardir', Dir.mktmpdir])
repeats = (ARGV[0] || '1').to_i
files = $stdin.read.split("\n").sort
sources = files.map { |f| [f, File.read(f, encoding: 'utf-8')] }
parser = Puppet::Pops::Parser::EvaluatingParser.new
env = Puppet::Node::Environment.create(:x, [])
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
best = nil
Puppet.override(loaders: Puppet::Pops::Loaders.new(env)) do
  repeats.times do
    s = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    sources.each { |f, src| parser.parse_string(src, f) }
    e = Process.clock_gettime(Process::CLOCK_MONOTONIC) - s
    best = e if best.nil? || e < best
  end
end
puts "files #{files.size}"
puts "bytes #{sources.sum { |_, s| s.bytesize }}"
puts "startup #{format('%.3f', t1 - t0)}"
puts "parse #{format('%.3f', best)}"
