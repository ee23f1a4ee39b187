#!/bin/sh
# Parses and validates the Debian module corpus with Puppet 7.23 and with
# pp2go, in one run, and prints both times and the ratio.
set -e
modules=${PUPPET_MODULES:-/usr/share/puppet/modules}
echo "== Puppet 7.23 (Ruby), best of 5 passes in one process"
find -L "$modules" -name '*.pp' | ruby tools/oracle/parse_corpus.rb 5 | tee /tmp/pp2go-bench-ruby.txt
echo "== pp2go"
go test -run '^$' -bench 'ParseCorpus' -benchtime 20x -benchmem ./conformance/ | tee /tmp/pp2go-bench-go.txt
awk '
  FNR == NR && $1 == "parse"   { ruby = $2 }
  FNR == NR && $1 == "startup" { startup = $2 }
  FNR != NR && $1 ~ /^BenchmarkParseCorpus-/         { one = $3 / 1e9 }
  FNR != NR && $1 ~ /^BenchmarkParseCorpusParallel-/ { par = $3 / 1e9 }
  END {
    printf "== corpus parse+validate: Puppet %.3fs (+%.1fs start-up), pp2go %.4fs on one core (%.0fx), %.4fs on all cores (%.0fx)\n", ruby, startup, one, ruby / one, par, ruby / par
  }' /tmp/pp2go-bench-ruby.txt /tmp/pp2go-bench-go.txt
