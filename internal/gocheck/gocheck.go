// Package gocheck type-checks generated Go files as the Go compiler would,
// for the code generators' fuzz tests.
package gocheck

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
)

// Checker type-checks files of package p, importing packages from their
// source (once each, for all the files it checks).
type Checker struct {
	fset *token.FileSet
	imp  types.Importer
}

// New returns a Checker with the packages at the import paths warm
// type-checked already: a fuzz test's first input would otherwise take long
// enough to count as hung.
func New(warm ...string) (*Checker, error) {
	fset := token.NewFileSet()
	c := &Checker{fset: fset, imp: importer.ForCompiler(fset, "source", nil)}
	for _, p := range warm {
		if _, err := c.imp.Import(p); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Check parses and type-checks the Go source src.
func (c *Checker) Check(src []byte) error {
	file, err := parser.ParseFile(c.fset, "gen.go", src, 0)
	if err != nil {
		return err
	}
	_, err = (&types.Config{Importer: c.imp}).Check("p", c.fset, []*ast.File{file}, nil)
	return err
}
