#!/bin/sh
# Regenerates spec/expected/ with Puppet 7.23 (the oracle of
# ../shared/conformance/oracle): the catalog of each node of nodes/, and of
# the class and define specs of catalog_test.go, compiled with the code
# those specs give the node (node default { ... }) instead of the main
# manifest's node definitions. A compile that fails leaves CASE.error.
set -e
cd "$(dirname "$0")/.."
oracle=${ORACLE:-$(cd ../../.. && pwd)/shared/conformance/oracle}
out=spec/expected
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

for f in nodes/*.json; do
  n=$(basename "$f" .json)
  "$oracle/compile-catalog" "$PWD" "$n" "$f" > "$out/$n.json"
done

# case NAME NODE FACTS CODE
case_() {
  rm -f "$out/$1.json" "$out/$1.error"
  if ! "$oracle/compile-catalog" --set "code=$4" "$PWD" "$2" "$3" > "$tmp/out.json" 2> "$tmp/err.txt"; then
    grep -v '^Warning' "$tmp/err.txt" > "$out/$1.error"
  else
    mv "$tmp/out.json" "$out/$1.json"
  fi
}

# Fact("os.family", "RedHat") on web1's facts.
python3 -c 'import json,sys; f=json.load(open(sys.argv[1])); f["os"]["family"]="RedHat"; json.dump(f, open(sys.argv[2],"w"), indent=2)' \
  nodes/web1.example.com.json "$tmp/redhat.json"

case_ include_web test.example.com nodes/web1.example.com.json \
  "node default { include web }"
case_ web_params_redhat test.example.com "$tmp/redhat.json" \
  "node default { class { 'web': port => 8443, vhosts => { 'a.example' => {} } } }"
case_ vhost_define test.example.com nodes/web1.example.com.json \
  "node default { include web web::vhost { 'shop.example': aliases => ['www.shop.example'], port => 9000 } }"
case_ web2_hiera web2.example.com nodes/web2.example.com.json \
  "node default { include web }"
case_ bad_port test.example.com nodes/web1.example.com.json \
  "node default { class { 'web': port => 0 } }"
