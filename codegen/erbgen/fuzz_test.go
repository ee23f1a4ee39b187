package erbgen

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/internal/gocheck"
)

// FuzzTranslate: a template that parses translates or is refused with an
// error, and the Go it gives is valid (go test ./codegen/erbgen -run '^$'
// -fuzz FuzzTranslate).
func FuzzTranslate(f *testing.F) {
	data, err := os.ReadFile("../../frontend/erb/testdata/snippets.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range strings.Split(string(data), "@@@\n") {
		f.Add(s)
	}
	check, err := gocheck.New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tmpl, err := Translate("fuzz.erb", []byte(src))
		if err != nil {
			return
		}
		file := jen.NewFile("p")
		tmpl.Emit(file, "F")
		var buf bytes.Buffer
		if err := file.Render(&buf); err != nil {
			t.Fatalf("%q: generated code does not format: %v", src, err)
		}
		if err := check.Check(buf.Bytes()); err != nil {
			t.Fatalf("%q: generated code does not compile: %v\n%s", src, err, buf.Bytes())
		}
	})
}
