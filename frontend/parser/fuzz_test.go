package parser_test

import (
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/pn"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/frontend/validate"
)

// FuzzParse feeds arbitrary text to the lexer, parser, validator and PN dump,
// as a manifest and as an EPP template: any input must give a program or a
// diagnostic, never a panic or a hang. Seeds are the test cases; interesting
// inputs found so far are in testdata/fuzz/FuzzParse.
//
//	go test ./frontend/parser -run '^$' -fuzz FuzzParse -fuzztime 10m
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			f.Add(string(af.Data))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		// A hang must fail the input (the fuzzer then keeps it) rather than
		// stall the fuzzer.
		done := make(chan struct{})
		go func() {
			defer close(done)
			check(t, src)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("no result after 10s for %q", src)
		}
	})
}

func check(t *testing.T, src string) {
	{
		for _, parse := range []func(*source.File) (*parser.Result, *diag.Diagnostic){parser.ParseFile, parser.ParseEPP} {
			res, err := parse(source.NewFile("fuzz.pp", src))
			if err != nil {
				if err.Message == "" {
					t.Fatalf("empty error message for %q", src)
				}
				continue
			}
			validate.Report(validate.Program(res.Program, validate.Options{}))
			_ = pn.Format(pn.Transform(res.Program))
		}
	}
}
