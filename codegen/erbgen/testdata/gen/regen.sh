#!/bin/sh
# regen.sh -- records Ruby's renderings for the ERB corpus test and writes
# testdata/corpus/cases.jsonl, then regenerates the erbcorpus package.
# Needs Puppet 7.23, Ruby 3.1 and the Debian puppet-module-* packages
# (the oracle of /work/shared/conformance). About 25 minutes on 2 cores,
# most of it compiling every class of every module (the sweep).
#
#   codegen/erbgen/testdata/gen/regen.sh [WORKDIR]
set -e
gen=$(cd "$(dirname "$0")" && pwd)
erbgen=$(cd "$gen/../.." && pwd)
conf=${CONFORMANCE:-/work/shared/conformance}
work=${1:-/tmp/erb-regen}
modules=$erbgen/testdata/corpus/modules
rm -rf "$work" && mkdir -p "$work/cap"

# 1. every class of every module on debian12 and rhel9, compiled by
#    Puppet with capture.rb loaded (two processes)
ruby "$conf/sweep/make-sweep" --out "$work/sweep" > /dev/null
run() {
  for b in "$@"; do
    n=$(basename "$b" .list)
    ERB_CAPTURE="$work/cap/$n.jsonl" RUBYOPT="-r$gen/capture.rb" PP_ORACLE_QUIET=1 \
      PP_ORACLE_ROOT="$work/oracle-$ROOTNAME" \
      ruby "$conf/oracle/compile-catalog" --batch "$b" > /dev/null 2>&1 || true
  done
}
set -- "$work"/sweep/batches/*.list
odd=$(for b in "$@"; do echo "$b"; done | awk 'NR%2==1')
even=$(for b in "$@"; do echo "$b"; done | awk 'NR%2==0')
ROOTNAME=a run $odd &
ROOTNAME=b run $even &
wait

# 2. the scenarios' nodes
for s in "$conf"/scenarios/*/; do
  ruby -ryaml -e 'y = YAML.load_file(ARGV[0] + "/scenario.yaml")
    (y["nodes"] || []).each { |n| puts [File.expand_path(ARGV[0]), n["name"], File.expand_path(ARGV[0] + "/" + n["facts"]), ARGV[1] + "/" + File.basename(ARGV[0]) + "__" + n["name"]].join(" ") }' "$s" "$work/scen-out"
done > "$work/scenarios.list"
mkdir -p "$work/scen-out"
ERB_CAPTURE="$work/scenarios.jsonl" RUBYOPT="-r$gen/capture.rb" PP_ORACLE_QUIET=1 \
  ruby "$conf/oracle/compile-catalog" --batch "$work/scenarios.list" > /dev/null 2>&1 || true

# 3. made-up variables for every template, and the snippets
(cd "$gen" && ERB_CAPTURE="$work/synthetic.jsonl" ruby -r./capture.rb synthetic.rb "$modules")
(cd "$gen" && ERB_CAPTURE="$work/snippets.jsonl" ruby -r./capture.rb snippets.rb snippets.txt "$modules")

# 4. the cases, and the generated code
ruby "$gen/consolidate.rb" "$erbgen/testdata/corpus/cases.jsonl" \
  "$work/synthetic.jsonl" "$work/snippets.jsonl" "$work/scenarios.jsonl" "$work"/cap/*.jsonl
cd "$erbgen/../.." && go test ./codegen/erbgen -run TestCorpusCode -update
