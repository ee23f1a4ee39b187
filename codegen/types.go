package codegen

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/static"
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
	k := g.resolveType(strings.TrimPrefix(name, "::"), lower)
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
	if puppetType(lower) || g.dataType(lower) {
		return true
	}
	if native, define := g.e.FindResourceType(lower); native != nil || define != nil {
		return true
	}
	return g.e.FindTypeAlias(lower) != nil
}

// puppetType reports whether lower names one of the types of Puppet's
// own namespace: the lookup types and the AST's type set. Other names
// there name no type (aursu-lsys's Puppet::Platform, of a module the
// environment lacks, is "Resource type not found").
func puppetType(lower string) bool {
	switch lower {
	case "puppet::lookupkey", "puppet::lookupvalue", "puppet::lookupcontext", "puppet::ast":
		return true
	}
	return strings.HasPrefix(lower, "puppet::ast::")
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

// definitionParams are the kind ("class" or "define") and parameters of
// a class or defined type, none for another definition.
func definitionParams(d ast.Definition) (string, []*ast.Parameter) {
	switch x := d.(type) {
	case *ast.HostClassDefinition:
		return "class", x.Params
	case *ast.ResourceTypeDefinition:
		return "define", x.Params
	}
	return "", nil
}

// computedType reports whether a parameter type is computed at run time
// (String[$n]): not the text of a type (rt.Parameter.TypeExpr).
func computedType(t ast.Expr) bool {
	_, ok := static.Text(t)
	return !ok
}

// computedParamType reports whether a class's or defined type's parameter
// type is evaluated as its file loads, by code: one computed at run time
// (computedType), or one that fails to evaluate (typeRaises), whose error
// Puppet raises there, at the type.
func (g *generator) computedParamType(t ast.Expr) bool {
	return computedType(t) || g.typeRaises(t)
}

// typeRaises reports whether evaluating the type t fails on every node as
// the build can tell: a type alias given parameters (MyInt[5]), which
// Puppet's access operator refuses.
func (g *generator) typeRaises(t ast.Expr) bool {
	text, ok := static.Text(t)
	if !ok {
		return false
	}
	g.built.ready()
	if raises, ok := g.built.raises[text]; ok {
		return raises
	}
	e := g.typeError(text, values.ParseExpression)
	raises := e != nil && e.Code == values.IssueOperatorNotApplicable
	g.built.raises[text] = raises
	return raises
}

// typeError is the error parse gives the text of a type, its names
// resolved by the environment's aliases (aliasResolver, as buildType
// resolves them); nil for none, and when a name does not resolve so.
func (g *generator) typeError(text string, parse func(string, values.TypeResolver) (values.Value, error)) *values.Error {
	if !strings.Contains(text, "[") { // only an access fails
		return nil
	}
	g.built.ready()
	r := &aliasResolver{g: g}
	_, err := parse(text, r)
	if err == nil {
		return nil
	}
	for _, name := range r.made { // as buildType does after an error
		delete(g.built.aliases, name)
	}
	var e *values.Error
	if r.failed || !errors.As(err, &e) {
		return nil
	}
	return e
}

// paramTypeLoad registers that loading a manifest (module "" for a main
// manifest) evaluates the type computed at run time of parameter index of
// definition name (rt.Program.AddParamTypeLoad).
func paramTypeLoad(module, rel, kind, name string, index int) jen.Code {
	return jen.Id("p").Dot("AddParamTypeLoad").Call(jen.Lit(module), jen.Lit(rel), jen.Lit(kind), jen.Lit(name), jen.Lit(index))
}

// validationErrors registers the validation errors a module's manifest
// fails to load with: once, or for each release when one is a release's
// own (diag.Diagnostic.Puppet).
func (g *generator) validationErrors(u *unit, module, rel string, f *env.File, errs diag.List) {
	if !slices.ContainsFunc(errs, func(d *diag.Diagnostic) bool { return d.Puppet != 0 }) {
		u.addRegister(jen.Id("p").Dot("AddValidationError").Call(jen.Lit(module), jen.Lit(rel), issuesLit(f, errs, 0)))
		return
	}
	for _, puppet := range releases {
		ds := slices.DeleteFunc(slices.Clone(errs), func(d *diag.Diagnostic) bool { return d.Puppet != 0 && d.Puppet != puppet })
		if len(ds) > 0 {
			u.addRegister(jen.Id("p").Dot("AddReleaseValidationError").Call(jen.Lit(module), jen.Lit(rel), jen.Lit(puppet), issuesLit(f, ds, 0)))
		}
	}
}

// loadFailure registers a module manifest that Puppet cannot load: when
// it loads a file, it evaluates the parameter types of each of its classes
// and defined types (pops_bridge.rb create_type_map), and the first type
// name there that names no type fails the load (rt.Program.AddLoadFailure).
//
// A manifest that parses but fails validation fails to load with its
// validation errors (Puppet's EvaluatingParser#assert_and_report), as the
// compile's max_errors setting reports them (rt.Issues).
func (g *generator) loadFailure(u *unit, m *env.Module, f *env.File) {
	if f.Program == nil {
		return
	}
	rel, err := filepath.Rel(filepath.Join(m.Dir, "manifests"), strings.TrimSuffix(f.Path, ".pp"))
	if err != nil || strings.HasPrefix(rel, "..") {
		return
	}
	g.loadRaise(u, f, "AddLoadRaise", jen.Lit(m.Name), jen.Lit(filepath.ToSlash(rel)))
	if errs := f.Diags.Errors(); len(errs) > 0 {
		g.validationErrors(u, m.Name, filepath.ToSlash(rel), f, errs)
		return
	}
	g.loadWarnings(u, m.Name, filepath.ToSlash(rel), f)
	g.strictLoadError(u, m.Name, filepath.ToSlash(rel), f)
	l := &lowerer{u: u, f: f, diags: &g.res.Diags, g: g}
	seen := map[string]bool{}
	for _, d := range f.Program.Definitions {
		// Each definition is instantiated (its parameter types
		// evaluated), then added to the environment's definitions,
		// where its name may clash with one of the main manifests'.
		kind, params := definitionParams(d)
		for i, p := range params {
			if p.Type == nil {
				continue
			}
			if g.computedParamType(p.Type) {
				u.addRegister(paramTypeLoad(m.Name, filepath.ToSlash(rel), kind, g.names[d], i))
				continue
			}
			if r := g.paramTypeLoad(u, m.Name, filepath.ToSlash(rel), p.Type, seen, l.pos); r != nil {
				u.addRegister(jen.Id("p").Dot("AddLoadFailure").Call(
					jen.Lit(m.Name), jen.Lit(filepath.ToSlash(rel)), l.pos(r), jen.Lit(r.CasedValue)))
				return
			}
		}
		if msg := g.moduleClash(f, d); msg != "" {
			u.addRegister(jen.Id("p").Dot("AddLoadError").Call(
				jen.Lit(m.Name), jen.Lit(filepath.ToSlash(rel)), jen.Lit(msg)))
			return
		}
	}
}
