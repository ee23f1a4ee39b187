package rubyfn

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/internal/gocheck"
)

// functionPath is the path of a function file of a module.
var functionPath = regexp.MustCompile(`^/([a-z][a-z0-9_]*/)*lib/puppet/(parser/)?functions/([a-z][a-z0-9_]*/)*[a-z][a-z0-9_]*\.rb$`)

// FuzzTranslateFunction: a function file translates or is refused with an
// error, and the Go it gives is valid, whatever of it pp2go leaves to
// raise at run time (go test ./codegen/rubyfn -run '^$' -fuzz
// FuzzTranslateFunction). The seeds are the function files of the
// language corpus, each at its path there (which names the function).
func FuzzTranslateFunction(f *testing.F) {
	archives, err := filepath.Glob("../../conformance/testdata/lang/*.txtar")
	if err != nil || len(archives) == 0 {
		f.Fatalf("no lang archives: %v", err)
	}
	for _, name := range archives {
		a, err := txtar.ParseFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range a.Files {
			if strings.Contains(file.Name, "/lib/puppet/functions/") || strings.Contains(file.Name, "/lib/puppet/parser/functions/") {
				f.Add("/"+file.Name, string(file.Data))
			}
		}
	}
	// the runtime's packages type-checked once, before the first input
	check, err := gocheck.New(erbgen.RuntimePath, rubyfnPath)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path, src string) {
		if !functionPath.MatchString(path) {
			return // no function file Puppet loads (names are lowercase words)
		}
		fun, err := Translate(path, []byte(src))
		if err != nil {
			return
		}
		file := jen.NewFile("p")
		fun.Emit(file, "rbfnF", "m")
		var buf bytes.Buffer
		if err := file.Render(&buf); err != nil {
			t.Fatalf("%s: generated code does not format: %v\n%s", path, err, src)
		}
		if err := check.Check(buf.Bytes()); err != nil {
			t.Fatalf("%s: generated code does not compile: %v\n%s\n%s", path, err, src, buf.Bytes())
		}
	})
}
