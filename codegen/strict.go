package codegen

import (
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/validate"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/static"
)

// releases are the Puppet major versions a program compiles as; the
// strict issues of a file may differ between them (Puppet 8's literal
// evaluator finds more duplicate keys).
var releases = []int{7, 8}

// strictFailure is, as an rt.Issues literal, what loading a file that
// validates with strict issues fails with as Puppet release puppet under
// strict=error (the issues are its errors, and the warnings it logs under
// strict=warning); ok is false when the file has none.
func strictFailure(f *env.File, puppet int) (issues jen.Code, ok bool) {
	var errs diag.List
	warnings := 0
	for _, d := range validate.ForPuppet(f.Diags, puppet, "error") {
		switch {
		case validate.StrictIssues[d.Code]:
			errs = append(errs, d)
		case d.Severity != diag.Error:
			warnings++
		}
	}
	if len(errs) == 0 {
		return nil, false
	}
	return issuesLit(f, errs, warnings), true
}

// issuesLit is an rt.Issues literal of a file's validation errors (not
// empty) and count of warnings, which the compile reports as its
// max_errors setting says (pops/issue_reporter.rb).
func issuesLit(f *env.File, errs diag.List, warnings int) jen.Code {
	msgs := make([]jen.Code, len(errs))
	for i, d := range errs {
		msgs[i] = jen.Lit(d.Message)
	}
	d := jen.Dict{
		jen.Id("File"):   jen.Lit(f.Path),
		jen.Id("First"):  jen.Lit(errs[0].Error()),
		jen.Id("Errors"): jen.Index().String().Values(msgs...),
	}
	if warnings > 0 {
		d[jen.Id("Warnings")] = jen.Lit(warnings)
	}
	return jen.Qual(rtPath, "Issues").Values(d)
}

// loadRaise registers, per release, the Ruby error Puppet's validation
// raises loading file f (validate.Raised) with the program's method
// register, called with args and then the release and the error:
// AddLoadRaise for a manifest, AddRaise for a function or an EPP template.
func (g *generator) loadRaise(u *unit, f *env.File, register string, args ...jen.Code) {
	for _, puppet := range releases {
		if d := validate.Raised(f.Diags, puppet); d != nil {
			u.addRegister(jen.Id("p").Dot(register).Call(slices.Concat(args, []jen.Code{jen.Lit(puppet), jen.Lit(d.Message)})...))
		}
	}
}

// loadWarnings registers the warnings Puppet logs as it loads a file
// whatever the strict setting: its lexer's, in every release (an
// unrecognized escape in a double-quoted string, logged as the file is
// read), then per release its validation's deprecations (Puppet 8's
// non-literal class parameter types; at most 10 a file, as
// assert_and_report logs them under max_deprecations), before its strict
// issues.
func (g *generator) loadWarnings(u *unit, module, rel string, f *env.File) {
	lexed := []jen.Code{jen.Lit(module), jen.Lit(rel)}
	for _, d := range f.Diags {
		if parser.LexWarning(d) {
			lexed = append(lexed, jen.Lit(d.Message))
		}
	}
	if len(lexed) > 2 {
		u.addRegister(jen.Id("p").Dot("AddLexWarnings").Call(lexed...))
	}
	for _, puppet := range releases {
		var ds diag.List
		for _, d := range validate.ForPuppet(f.Diags, puppet, "off") {
			if d.Code == "ILLEGAL_NONLITERAL_PARAMETER_TYPE" {
				ds = append(ds, d)
			}
		}
		if len(ds) == 0 {
			continue
		}
		args := []jen.Code{jen.Lit(module), jen.Lit(rel), jen.Lit(puppet)}
		for _, d := range ds {
			args = append(args, jen.Lit(d.Message))
		}
		u.addRegister(jen.Id("p").Dot("AddLoadWarnings").Call(args...))
	}
}

// strictLoadError registers the failure that loading a file that
// validates with strict issues is under strict=error, per release,
// decided at compile time (rt.Program.AddStrictLoadError): module is ""
// for a main manifest, rel the manifest's path under the module's
// manifests/ without .pp.
func (g *generator) strictLoadError(u *unit, module, rel string, f *env.File) {
	for _, puppet := range releases {
		if issues, ok := strictFailure(f, puppet); ok {
			u.addRegister(jen.Id("p").Dot("AddStrictLoadError").Call(jen.Lit(module), jen.Lit(rel), jen.Lit(puppet), issues))
		}
	}
}

// strictAlias registers the alias files whose strict issues resolving the
// type alias x loads, itself first and then the aliases its definition
// names, as Puppet loads them (rt.Program.AddStrictAlias): naming x in an
// expression fails under strict=error as the manifests whose parameter
// types name it do (paramTypeLoad). A main manifest's alias was validated
// with it.
func (g *generator) strictAlias(u *unit, x *ast.TypeAlias) {
	seen := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		d := g.e.FindTypeAlias(name)
		if d == nil || d.File.Role == env.MainManifest {
			return
		}
		for _, puppet := range releases {
			if issues, ok := strictFailure(d.File, puppet); ok {
				u.addRegister(jen.Id("p").Dot("AddStrictAlias").Call(jen.Lit(strings.ToLower(x.Name)), jen.Lit(name), jen.Lit(puppet), issues))
			}
		}
		a, ok := d.Node.(*ast.TypeAlias)
		if !ok {
			return
		}
		inspect(a.TypeExpr, func(n ast.Expr) bool {
			if r, ok := n.(*ast.QualifiedReference); ok && g.typeKnown(r.CasedValue) {
				visit(strings.ToLower(strings.TrimPrefix(r.CasedValue, "::")))
			}
			return true
		})
	}
	visit(strings.ToLower(strings.TrimPrefix(x.Name, "::")))
}

// paramTypeLoad registers what evaluating a parameter type of a module's
// manifest loads, in evaluation order, and returns the first type name
// that names no type (which fails the load), nil when all do. Puppet
// loads a type alias's file (parsing and validating it) as it resolves
// the name, and the aliases its definition names as it resolves it, so
// an alias file's strict issue fails the manifest's load under
// strict=error (rt.Program.AddStrictTypeError). Only the files of a
// module's (or the environment's) types/ load so; an alias of a main
// manifest was validated with it. A name of the parameter type whose
// resolution may fail at run time (aliasFails) fails the load there
// (rt.Program.AddAliasLoad; pos makes its site). seen holds the aliases
// the manifest loaded already.
func (g *generator) paramTypeLoad(u *unit, module, rel string, t ast.Expr, seen map[string]bool, pos func(ast.Expr) jen.Code) *ast.QualifiedReference {
	var unknown *ast.QualifiedReference
	var visit func(e ast.Expr, outer bool)
	visit = func(e ast.Expr, outer bool) {
		inspect(e, func(n ast.Expr) bool {
			r, ok := n.(*ast.QualifiedReference)
			if unknown != nil || !ok {
				return unknown == nil
			}
			if !g.typeKnown(r.CasedValue) {
				if !outer {
					// in an alias's definition: an unresolved type
					// reference, which fails only the values checked
					// against it ("references an unresolved type")
					return false
				}
				unknown = r
				return false
			}
			name := strings.ToLower(strings.TrimPrefix(r.CasedValue, "::"))
			if outer && g.aliasFails(name) {
				u.addRegister(jen.Id("p").Dot("AddAliasLoad").Call(
					jen.Lit(module), jen.Lit(rel), pos(r), jen.Lit(strings.TrimPrefix(r.CasedValue, "::"))))
			}
			if seen[name] {
				return true
			}
			seen[name] = true
			d := g.e.FindTypeAlias(name)
			if d == nil || d.File.Role == env.MainManifest {
				return true
			}
			for _, puppet := range releases {
				if issues, ok := strictFailure(d.File, puppet); ok {
					u.addRegister(jen.Id("p").Dot("AddStrictTypeError").Call(jen.Lit(module), jen.Lit(rel), jen.Lit(name), jen.Lit(puppet), issues))
				}
			}
			if a, ok := d.Node.(*ast.TypeAlias); ok {
				visit(a.TypeExpr, false)
			}
			return true
		})
	}
	visit(t, true)
	return unknown
}

// aliasRaises are, by release, the Ruby errors resolving the type alias
// name (lower case) raises: its definition's type parser's
// (validate.TypeRaise), or else the first of an alias it names, in
// evaluation order; nil when none (rt.Program.AddAliasRaise).
func (g *generator) aliasRaises(name string) map[int]string {
	if r, ok := g.raising[name]; ok {
		return r
	}
	if g.raising == nil {
		g.raising = map[string]map[int]string{}
	}
	g.raising[name] = nil // an alias that names itself raises nothing here
	d := g.e.FindTypeAlias(name)
	if d == nil {
		return nil
	}
	a, ok := d.Node.(*ast.TypeAlias)
	if !ok {
		return nil
	}
	var r map[int]string
	if _, static := static.Text(a.TypeExpr); !static {
		for _, puppet := range releases {
			if msg := validate.TypeRaise(a.TypeExpr, puppet); msg != "" {
				if r == nil {
					r = map[int]string{}
				}
				r[puppet] = msg
			}
		}
	} else if msg := g.typeParseError(a.TypeExpr); msg != "" {
		r = map[int]string{}
		for _, puppet := range releases {
			r[puppet] = msg
		}
	} else {
		inspect(a.TypeExpr, func(n ast.Expr) bool {
			if q, ok := n.(*ast.QualifiedReference); ok && r == nil && g.typeKnown(q.CasedValue) {
				r = g.aliasRaises(strings.ToLower(strings.TrimPrefix(q.CasedValue, "::")))
			}
			return r == nil
		})
	}
	g.raising[name] = r
	return r
}

// typeParseError is the error Puppet's type parser raises reading the
// type t of an alias's definition, as the build can tell with the
// environment's aliases: another alias given parameters (MyInt[5]); ""
// for none.
func (g *generator) typeParseError(t ast.Expr) string {
	text, ok := static.Text(t)
	if !ok {
		return ""
	}
	if e := g.typeError(text, values.ParseLiteral); e != nil && strings.HasPrefix(e.Message, "Not a parameterized type") {
		return e.Message
	}
	return ""
}

// faultyAlias is the module of the type alias name (lower case) when its
// metadata.json does not parse, so that Puppet may leave the module out
// of the environment (rt.Program.AddModuleAlias); "" otherwise.
func (g *generator) faultyAlias(name string) string {
	if d := g.e.FindTypeAlias(name); d != nil && d.Module != nil && len(d.Module.MetadataError) > 0 {
		return d.Module.Name
	}
	return ""
}

// aliasFails reports whether resolving the type alias name (lower case)
// may fail at run time (aliasRaises, faultyAlias): an expression naming
// it evaluates its names one by one, where Puppet reports the failure.
func (g *generator) aliasFails(name string) bool {
	return g.aliasRaises(name) != nil || g.faultyAlias(name) != ""
}
