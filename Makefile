# pp2go's build, test and benchmark entry points.
GO ?= go

.PHONY: all build test generate bench fuzz example vet

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

example: build
	./bin/pp2go parse --format pn examples/hello/manifests/site.pp
