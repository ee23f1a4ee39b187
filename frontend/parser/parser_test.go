package parser_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/pn"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/frontend/validate"
)

// TestCases runs the cases of testdata/*.txtar: each NAME.pp (or NAME.epp)
// must give exactly NAME.want, which testdata/regen.rb took from Puppet 7.23
// (strict=warning); those of testdata/puppet8/*.txtar from Puppet 8.10
// (strict=error), regen.rb run under it (conformance/puppet8/oracle8).
func TestCases(t *testing.T) {
	total := 0
	for _, set := range []struct {
		glob   string
		puppet int
		strict string
	}{{"testdata/*.txtar", 7, "warning"}, {"testdata/puppet8/*.txtar", 8, "error"}} {
		total += runCases(t, set.glob, set.puppet, set.strict)
	}
	t.Logf("%d cases", total)
}

// runCases runs the cases of the files glob matches as a Puppet release
// (major version) with a strict setting; it returns their number.
func runCases(t *testing.T, glob string, puppet int, strict string) int {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no test cases in %s: %v", glob, err)
	}
	total := 0
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		wants := map[string]string{}
		for _, f := range ar.Files {
			if name, ok := strings.CutSuffix(f.Name, ".want"); ok {
				wants[name] = string(f.Data)
			}
		}
		for _, f := range ar.Files {
			base := strings.TrimSuffix(strings.TrimSuffix(f.Name, ".pp"), ".epp")
			if base == f.Name {
				continue
			}
			total++
			want, ok := wants[base]
			if !ok {
				t.Errorf("%s: %s has no expected result; run testdata/regen.rb", file, f.Name)
				continue
			}
			if got := dump(f.Name, string(f.Data), puppet, strict); got != want {
				t.Errorf("%s: %s\nsource:\n%s\nwant:\n%s\ngot:\n%s", file, f.Name, f.Data, want, got)
			}
		}
	}
	return total
}

// dump does what regen.rb does with Puppet: parse, validate, dump, with
// the messages logged on the way.
func dump(name, src string, puppet int, strict string) string {
	f := source.NewFile(name, src)
	parse := parser.ParseFile
	if strings.HasSuffix(name, ".epp") {
		parse = parser.ParseEPP
	}
	var b strings.Builder
	log := func(d *diag.Diagnostic) {
		level := "warning"
		if d.Severity == diag.Error {
			level = "err"
		}
		b.WriteString("log: " + level + ": " + d.Error() + "\n")
	}
	res, err := parse(f)
	if res != nil {
		for _, w := range res.Warnings {
			log(w)
		}
		if len(res.Raised) > 0 {
			err = validate.Raised(res.Raised, puppet)
		}
	}
	if err == nil {
		var logged diag.List
		logged, err = validate.Report(validate.ForPuppet(validate.Program(res.Program, validate.Options{}), puppet, strict))
		for _, l := range logged {
			log(l)
		}
	}
	if err != nil && err.Code == diag.RubyError {
		// regen.rb leaves error_highlight's excerpt out of Ruby 3.1's text
		msg, _, _ := strings.Cut(err.Message, "\n\n")
		b.WriteString("error: " + msg + "\n")
	} else if err != nil {
		b.WriteString("error: " + err.Error() + "\n")
	} else {
		b.WriteString(pn.Format(pn.Transform(res.Program)) + "\n")
	}
	return b.String()
}
