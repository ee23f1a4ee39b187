package erbgen

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
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
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
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
		if err := typeCheck(fset, imp, buf.Bytes()); err != nil {
			t.Fatalf("%q: generated code does not compile: %v\n%s", src, err, buf.Bytes())
		}
	})
}

// typeCheck type-checks a generated file as the Go compiler would.
func typeCheck(fset *token.FileSet, imp types.Importer, src []byte) error {
	file, err := parser.ParseFile(fset, "gen.go", src, 0)
	if err != nil {
		return err
	}
	conf := types.Config{Importer: imp}
	_, err = conf.Check("p", fset, []*ast.File{file}, nil)
	return err
}
