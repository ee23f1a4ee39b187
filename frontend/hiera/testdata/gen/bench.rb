#!/usr/bin/env ruby
# frozen_string_literal: true
#
# bench.rb -- Puppet 7.23's time for the lookups of BenchmarkLookupDeep6
# (frontend/hiera/bench_test.go), on the same environment
# (testdata/cases/bench_deep6.txtar: a 6-level hierarchy, deep merge).
#
# Usage: ruby bench.rb [ITERATIONS] [COMPILES]
#
# "warm": lookup('profile::settings') (deep merge by lookup_options) repeated
#   inside one compile, Puppet's caches filled: the cost of a lookup in a
#   compile after the first.
# "first": the first such lookup of a compile, the environment cached as
#   puppetserver keeps it (hiera.yaml and the data files already parsed):
#   includes resolving the hierarchy for the node.
# Prints microseconds per lookup.

require_relative 'gen'

ITER = (ARGV[0] || 2000).to_i
COMPILES = (ARGV[1] || 50).to_i
ARGS = ['profile::settings'].freeze

def clock
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

calls, envpath, facts = prepare_env(File.join(CASES, 'bench_deep6.txtar'), 0)
loader = Puppet::Environments::Cached.new(Puppet::Environments::Directories.new(envpath, []))
Puppet[:environment_timeout] = 'unlimited'

firsts = []
warm = nil
$pp2go_case = lambda do |scope, idx, _fname, _args, _block|
  next unless idx.zero?

  t0 = clock
  scope.call_function('lookup', ARGS)
  firsts << clock - t0
  if warm.nil? && firsts.size > 3
    200.times { scope.call_function('lookup', ARGS) }
    t0 = clock
    ITER.times { scope.call_function('lookup', ARGS) }
    warm = (clock - t0) / ITER
  end
end

(COMPILES + 3).times do
  err = compile_env(loader, facts)
  raise err if err
end
firsts.shift(3) # warm-up compiles: environment and file caches
first = firsts.sum / firsts.size
printf("puppet %s, %d cases in the environment\n", Puppet.version, calls.size)
printf("warm  lookup (deep merge, 6 levels): %8.1f us (mean of %d)\n", warm * 1e6, ITER)
printf("first lookup of a compile:           %8.1f us (mean of %d compiles)\n", first * 1e6, firsts.size)
