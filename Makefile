# pp2go's build, test and benchmark entry points.
GO ?= go

.PHONY: all build test generate bench fuzz example

all: build

build:
	$(GO) build -o bin/pp2go ./cmd/pp2go

# The whole test suite (what CI runs).
test:
	$(GO) vet ./...
	$(GO) test ./...

# Regenerate generated sources (the goyacc parser).
generate:
	$(GO) generate ./...

# Parse the example environment's manifests and print their syntax trees.
example: build
	./bin/pp2go parse examples/hello/manifests/site.pp examples/hello/modules/motd/manifests/init.pp examples/hello/modules/motd/templates/motd.epp

# pp2go against Puppet 7.23 (Ruby) side by side: needs puppet-agent and the
# puppet-module-* packages installed.
bench:
	./tools/bench-parse.sh

# Fuzz the lexer and parser (10 minutes by default: make fuzz FUZZTIME=1h).
FUZZTIME ?= 10m
fuzz:
	$(GO) test ./frontend/parser -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME)
