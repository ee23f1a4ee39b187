#!/bin/sh
# Regenerates testdata/web1.example.com.json: the catalog Puppet 7.23 (the
# oracle of ../shared/conformance/oracle) compiles for env/ with the
# greet module's Ruby functions, which build_test.go compares with the
# catalog of the binary pp2go builds with their Go versions.
set -e
cd "$(dirname "$0")/.."
oracle=${ORACLE:-$(cd ../../.. && pwd)/shared/conformance/oracle}
empty=$(mktemp -d); trap 'rm -rf "$empty"' EXIT
PUPPET_MODULES=$empty "$oracle/compile-catalog" env web1.example.com testdata/facts.json > testdata/web1.example.com.json
