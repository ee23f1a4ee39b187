# pp2go's build, test and benchmark entry points.
GO ?= go
# bash with pipefail, so that a target piping go test through grep fails
# when the tests fail.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: all build test generate bench fuzz example sweep sweep-differences conformance lang

all: build

build:
	$(GO) build -o bin/pp2go ./cmd/pp2go

# The whole test suite (what CI runs).
test:
	$(GO) vet ./...
	$(GO) test -timeout 60m ./...

# Regenerate generated sources (the goyacc parser).
generate:
	$(GO) generate ./...

# Build the example environment into a catalog binary and compile a node.
example: build
	./bin/pp2go build examples/hello -o bin/hello-catalog
	./bin/hello-catalog compile web1.example.com --facts examples/hello/nodes/web1.example.com.json

# Every scenario of ../shared/conformance/scenarios built with pp2go, its
# nodes compiled as Puppet 7 (--puppet 7) and as Puppet 8 (the default) and
# compared with that version's catalog or error (7.23's expected/, 8.10's in
# conformance/testdata/puppet8): a line per scenario and version, then
# counts per version.
conformance:
	$(GO) test ./conformance -run 'TestScenarios' -count=1 -timeout 60m -v | grep -v '^=== '

# The language corpus (conformance/testdata/lang): small environments of
# Puppet's catalog semantics, every node compiled by one driver per Puppet
# version (7.23 and 8.10) and compared with that version's catalog, error
# and warnings; closes with `lang corpus, Puppet V: N passed, M failed` per
# version. conformance/testdata/lang/regen rewrites the expectations.
lang:
	$(GO) test ./conformance -run TestLangCorpus -count=1 -v | grep -v -E '^ *(=== |--- PASS)'

# pp2go against Puppet 7.23 (Ruby) side by side: parsing the module corpus,
# then the catalogs of mod_firewall, mod_postgresql, mod_lamp_web and
# mod_keystone, one compile in a warm process and the whole binary run,
# beside the oracle's bench with the default settings and with the
# environment cached (environment_timeout = unlimited), with the ratios,
# then many keystone catalogs in one process and pp2go build of keystone's
# 92-module environment after one-file edits (conformance/cmd/bench; about
# 9 minutes of CPU). Needs puppet-agent and the puppet-module-* packages
# installed. BENCHFLAGS passes flags to conformance/cmd/bench: -run REGEXP
# selects scenarios (-run . all), -no-puppet times pp2go only, -build-cold
# also times a build with an empty Go build cache. `go test ./conformance -bench Catalog` gives
# pp2go's figures as Go benchmarks.
bench:
	./tools/bench-parse.sh
	$(GO) run ./conformance/cmd/bench $(BENCHFLAGS)

# Fuzz every parser, each for FUZZTIME (2 minutes by default: make fuzz
# FUZZTIME=1h): Puppet's lexer, parser and validator, the ERB parser and
# its translation to Go, Ruby's regular expressions, the facts decoder.
FUZZTIME ?= 2m
FUZZERS = ./frontend/parser:FuzzParse ./frontend/erb:FuzzParse ./codegen/erbgen:FuzzTranslate \
	./internal/rubyregexp:FuzzCheck ./rt/cli:FuzzDecodeJSON
fuzz:
	@set -e; for f in $(FUZZERS); do \
		echo "== $${f%%:*} $${f#*:}"; \
		$(GO) test $${f%%:*} -run '^$$' -fuzz "^$${f#*:}$$" -fuzztime $(FUZZTIME); \
	done

# The module sweep (../shared/conformance/sweep): every class of the Debian
# modules included alone on debian12 and rhel9, 2,408 jobs, compared with
# Puppet's outcomes. Prints per-module results, checks the tracked list of
# differences (conformance/sweep-differences.txt) and closes with
# `N passed, M failed`. SWEEPFLAGS: -v lists each difference, -module M,
# -platform P select jobs. Outputs are in $TMPDIR/pp2go-sweep/actual (the
# sweep's own score script reads them), one row per job in results.tsv.
# SWEEP=DIR runs another sweep (its expected-*.tsv) and PUPPET_MODULES=DIR
# sets its module path: Debian 13's, `make sweep
# SWEEP=../shared/conformance/debian13/sweep-puppet7 PUPPET_MODULES=/tmp/d13/modules`
# after `../shared/conformance/debian13/fetch-modules /tmp/d13`.
sweep:
	$(GO) run ./conformance/cmd/sweep $(if $(SWEEP),-sweep $(SWEEP)) $(if $(PUPPET_MODULES),-modules $(PUPPET_MODULES)) $(SWEEPFLAGS)

# Rewrite conformance/sweep-differences.txt from a sweep run.
sweep-differences:
	$(GO) run ./conformance/cmd/sweep -write-differences
