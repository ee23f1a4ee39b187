package codegen

import (
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
)

// typeKnown reports whether a capitalized name names a type, as Puppet's
// type parser resolves it (type_parser.rb interpret_QualifiedReference):
// its own types, then the environment's loaders: type aliases, native
// resource types (unqualified names) and defined types (the runtime 3
// type loader), Ruby data types. Anything else evaluates to a type
// reference, which Puppet's evaluator rejects with "Resource type not
// found" wherever the name is evaluated as an expression.
func (g *generator) typeKnown(name string) bool {
	lower := strings.ToLower(strings.TrimPrefix(name, "::"))
	if k, ok := g.known[lower]; ok {
		return k
	}
	if g.known == nil {
		g.known = map[string]bool{}
	}
	k := g.resolveType(name, lower)
	g.known[lower] = k
	return k
}

func (g *generator) resolveType(name, lower string) bool {
	if _, ok := values.TypeByName(name); ok {
		return true
	}
	switch lower {
	case "pcore", "typeset", "object", "uri", "sensitive":
		return true
	}
	if strings.HasPrefix(lower, "puppet::") || g.dataType(lower) {
		return true
	}
	if native, define := g.e.FindResourceType(lower); native != nil || define != nil {
		return true
	}
	return g.e.FindTypeAlias(lower) != nil
}

// dataType reports whether a module defines a Ruby data type of the name
// (lib/puppet/datatypes).
func (g *generator) dataType(lower string) bool {
	if g.dataTypes == nil {
		g.dataTypes = map[string]bool{}
		for _, m := range g.e.Modules {
			dir := filepath.Join(m.Dir, "lib", "puppet", "datatypes")
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rb") {
					rel, _ := filepath.Rel(dir, strings.TrimSuffix(p, ".rb"))
					g.dataTypes[strings.ToLower(strings.ReplaceAll(filepath.ToSlash(rel), "/", "::"))] = true
				}
				return nil
			})
		}
	}
	return g.dataTypes[lower]
}

// unknownType is the first type name of an expression, in evaluation
// order, that names no type; nil when all do.
func (l *lowerer) unknownType(e ast.Expr) *ast.QualifiedReference {
	var found *ast.QualifiedReference
	inspect(e, func(n ast.Expr) bool {
		if r, ok := n.(*ast.QualifiedReference); ok && found == nil && !l.g.typeKnown(r.CasedValue) {
			found = r
		}
		return found == nil
	})
	return found
}
