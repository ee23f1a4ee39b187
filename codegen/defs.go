package codegen

import (
	"fmt"
	"maps"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/static"
)

// defGen emits the definitions of one source file into its Go file.
type defGen struct {
	lowerer
	out *jen.File
	rel string // the source file's path relative to its module or environment
}

func (g *defGen) doc(kind, name string, n ast.Positioned) string {
	p := g.f.Program.Position(n)
	return fmt.Sprintf("implements `%s %s` (%s:%d).", kind, name, g.rel, p.Line)
}

func scopeParam() jen.Code { return jen.Id("s").Op("*").Qual(rtPath, "Scope") }

// params lowers class and define parameters into the statements of the
// function that makes them (paramsFunc), nil for none: one array of
// rt.Parameter, an allocation for all, set element by element (a literal
// of the whole array would be a template in the binary's data).
func (g *defGen) params(ps []*ast.Parameter) []jen.Code {
	if len(ps) == 0 {
		return nil
	}
	stmts := []jen.Code{jen.Var().Id("ps").Index(jen.Lit(len(ps))).Qual(rtPath, "Parameter")}
	for i, p := range ps {
		d := jen.Dict{jen.Id("Name"): jen.Lit(p.Name)}
		computed := p.Type != nil && g.g.computedParamType(p.Type)
		if computed {
			d[jen.Id("TypeExpr")] = g.scopeFunc(p.Type)
		} else if t := g.paramType(p.Type); t != nil {
			d[jen.Id("Type")] = t
		}
		if p.Value != nil {
			fields, isConst := g.paramDefault(p.Value)
			maps.Copy(d, fields)
			if isConst && p.Type != nil && !computed {
				if text, ok := static.Text(p.Type); ok && g.g.constFits(text, p.Value) {
					d[jen.Id("ConstFits")] = jen.True()
				}
			}
		}
		stmts = append(stmts, jen.Id("ps").Index(jen.Lit(i)).Op("=").Qual(rtPath, "Parameter").Values(d))
	}
	return append(stmts, jen.Return(jen.Qual(rtPath, "ParamsOf").Call(jen.Id("ps").Index(jen.Op(":")))))
}

// paramsFunc emits function fn that makes the parameters of the class or
// defined type in variable id (rt.Class.Params): code, not the static data
// of a literal in the variable, whose pointers each process would pay for
// at start. params is g.params', nil for none.
func (g *defGen) paramsFunc(fn, id string, params []jen.Code) {
	if params == nil {
		return
	}
	g.out.Comment(fn + " makes " + id + "'s parameters.")
	g.out.Func().Id(fn).Params().Index().Op("*").Qual(rtPath, "Parameter").Block(params...)
}

func (g *defGen) fileRef() jen.Code {
	return jen.Op("&").Id("files").Index(jen.Lit(g.u.file(g.f.Path)))
}

func (g *defGen) line(n ast.Positioned) int { return g.f.Program.Position(n).Line }

// class emits a class: a variable holding its rt.Class (a value, whose
// address the catalog package's index holds as link-time data) and its
// body.
func (g *defGen) class(name string, x *ast.HostClassDefinition) {
	var parent jen.Dict
	if x.ParentClass != "" {
		parent = jen.Dict{jen.Id("Parent"): jen.Lit(strings.ToLower(strings.TrimPrefix(x.ParentClass, "::")))}
	}
	id := g.definition("class", name, x, x.Params, x.Body, parent)
	if g.g.side[x] {
		g.u.sideClasses = append(g.u.sideClasses, named{name, id})
		return
	}
	g.u.classes = append(g.u.classes, named{name, id})
}

// define emits a defined type.
func (g *defGen) define(name string, x *ast.ResourceTypeDefinition) {
	id := g.definition("define", name, x, x.Params, x.Body, nil)
	if g.g.side[x] {
		g.u.sideDefines = append(g.u.sideDefines, named{name, id})
		return
	}
	g.u.defines = append(g.u.defines, named{name, id})
}

// definition emits a class or defined type (kind "class" or "define"): the
// variable of its rt.Class or rt.Define, with fields besides the common
// ones, its parameters' function and its body. It returns the variable.
func (g *defGen) definition(kind, name string, x ast.Positioned, ps []*ast.Parameter, bodyExpr ast.Expr, fields jen.Dict) string {
	typ := strings.ToUpper(kind[:1]) + kind[1:] // rt.Class, rt.Define
	// exported in a part only: a package exports its Module's handle
	// alone (see rt.Module)
	id := g.u.rootIdent(kind + goName(name))
	body := g.u.ident(kind + goName(name) + "Body")
	paramsID := g.u.ident(kind + goName(name) + "Params")
	if fields == nil {
		fields = jen.Dict{}
	}
	fields[jen.Id("Name")] = jen.Lit(name)
	fields[jen.Id("Module")] = jen.Lit(g.u.module)
	fields[jen.Id("File")] = g.fileRef()
	fields[jen.Id("Line")] = jen.Lit(g.line(x))
	fields[jen.Id("Body")] = jen.Id(body)
	fields[jen.Id("Cell")] = g.u.cellAddr()
	params := g.params(ps)
	if params != nil {
		fields[jen.Id("Params")] = jen.Id(paramsID)
	}
	locals := bodyLocals(ps, bodyExpr)
	if len(locals) > 0 {
		fields[jen.Id("Locals")] = jen.Lit(strings.Join(locals, " "))
	}
	if aliases := bodyAliases(bodyExpr); len(aliases) > 0 {
		fields[jen.Id("Aliases")] = jen.Lit(strings.Join(aliases, " "))
	}
	g.out.Comment(id + " " + g.doc(kind, name, x))
	g.out.Var().Id(id).Op("=").Qual(rtPath, typ).Values(fields)
	g.paramsFunc(paramsID, id, params)
	g.bodyFunc(body, g.bodyStmts(ps, locals, bodyExpr))
	return id
}

// bodyChunk is how many statements a generated body function runs before
// it runs them in functions of bodyChunk statements each, in turn: the Go
// compiler's time grows faster than a function's size (SSA construction's
// phi insertion and position maps), and apache::vhost's body (88
// statements) was 0.5 s of its package's 0.6 s of CPU to compile; in
// functions of 8, 40% less, and they compile in parallel.
const bodyChunk = 8

// bodyFunc emits the function name(s *rt.Scope) that runs stmts, the
// statements of a body: each a Go statement of its own (no Go variable,
// label or return spans two), so that they can run in functions of their
// own.
func (g *defGen) bodyFunc(name string, stmts []jen.Code) {
	if len(stmts) <= 2*bodyChunk {
		g.out.Func().Id(name).Params(scopeParam()).Block(stmts...)
		return
	}
	var calls []jen.Code
	var parts []jen.Code
	for i := 0; i < len(stmts); i += bodyChunk {
		part := g.u.ident(fmt.Sprintf("%s%d", name, len(calls)+1))
		calls = append(calls, jen.Id(part).Call(jen.Id("s")))
		parts = append(parts, jen.Line(), jen.Func().Id(part).Params(scopeParam()).Block(stmts[i:min(i+bodyChunk, len(stmts))]...))
	}
	g.out.Comment(fmt.Sprintf("%s runs its statements in parts (bodyChunk).", name))
	g.out.Func().Id(name).Params(scopeParam()).Block(calls...)
	for _, p := range parts {
		g.out.Add(p)
	}
}

// bodyStmts lowers the body of a class or define with params and the
// local variables it assigns: a reference to one of them reads it by its
// number (rt.Scope.Param, rt.Scope.Local), an assignment to a local sets
// it by number (rt.Scope.SetLocal).
func (g *defGen) bodyStmts(params []*ast.Parameter, locals []string, body ast.Expr) []jen.Code {
	g.slots, g.nparams = variableLayout(params, locals), len(params)
	defer func() { g.slots, g.nparams = nil, 0 }()
	return g.stmts(body)
}

// variableLayout numbers a definition's variables as rt does: its
// parameters, then its body's locals, then $title and $name (unless a
// parameter has the name), which every instance's scope has.
func variableLayout(params []*ast.Parameter, locals []string) map[string]int {
	slots := make(map[string]int, len(params)+len(locals)+2)
	for k, p := range params {
		if _, dup := slots[p.Name]; !dup {
			slots[p.Name] = k
		}
	}
	for k, name := range locals {
		slots[name] = len(params) + k
	}
	for k, name := range []string{"title", "name"} {
		if _, param := slots[name]; !param {
			slots[name] = len(params) + len(locals) + k
		}
	}
	return slots
}

// bodyLocals are the variables a class's or define's body assigns in its
// own scope (outside lambdas, whose variables are their own), in the order
// they first appear, but its parameters and the names Puppet sets or
// treats apart ($title, $name, $module_name, $caller_module_name, the
// reserved $trusted, $facts and $server_facts, match results).
func bodyLocals(params []*ast.Parameter, body ast.Expr) []string {
	seen := make(map[string]bool, len(params))
	for _, p := range params {
		seen[p.Name] = true
	}
	var out []string
	add := func(e ast.Expr) {
		ve, ok := e.(*ast.VariableExpression)
		if !ok {
			return
		}
		name := varName(ve)
		if name == "" || seen[name] || specialVariable(name) {
			return
		}
		seen[name] = true
		out = append(out, name)
	}
	inspect(body, func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.LambdaExpression:
			return false
		case *ast.AssignmentExpression:
			if list, ok := x.Left.(*ast.LiteralList); ok {
				for _, v := range list.Values {
					add(v)
				}
			} else {
				add(x.Left)
			}
		}
		return true
	})
	return out
}

// bodyAliases are the body's statements that assign a variable as a
// whole to a variable of its own scope ($o = $m::opts), as "o=m::opts"
// (rt.Class's Aliases): in Puppet both hold one Ruby object, which a
// template may change in place. Only the body's own statements, which
// always run: one in a branch may not have, and the variable may then
// hold another value the runtime cannot tell from the first (two empty
// arrays are one value in pp2go, two objects in Ruby).
func bodyAliases(body ast.Expr) []string {
	var stmts []ast.Expr
	if b, ok := body.(*ast.BlockExpression); ok {
		stmts = b.Statements
	} else if body != nil {
		stmts = []ast.Expr{body}
	}
	var out []string
	for _, e := range stmts {
		x, ok := e.(*ast.AssignmentExpression)
		if !ok || x.Op != "=" {
			continue
		}
		to, ok1 := x.Left.(*ast.VariableExpression)
		from, ok2 := unparen(x.Right).(*ast.VariableExpression)
		if !ok1 || !ok2 {
			continue
		}
		_, named := from.Expr.(*ast.QualifiedName)
		if t, f := varName(to), varName(from); t != "" && named && !specialVariable(t) {
			out = append(out, t+"="+f)
		}
	}
	return out
}

// classSlot is the number of a qualified variable in its class's layout
// (its parameters, then its body's locals, as rt numbers them from
// Class.Params and Class.Locals): -1 for a top-scope variable, a class
// Puppet would not find, or a name the class neither has as a parameter
// nor assigns in its body.
func (g *generator) classSlot(name string) int {
	name = strings.TrimPrefix(name, "::")
	i := strings.LastIndex(name, "::")
	if i < 0 {
		return -1
	}
	layout, ok := g.layouts[name[:i]]
	if !ok {
		if d := g.e.FindClass(name[:i]); d != nil {
			if cl, ok := d.Node.(*ast.HostClassDefinition); ok {
				layout = variableLayout(cl.Params, bodyLocals(cl.Params, cl.Body))
			}
		}
		if g.layouts == nil {
			g.layouts = map[string]map[string]int{}
		}
		g.layouts[name[:i]] = layout
	}
	if k, ok := layout[name[i+2:]]; ok {
		return k
	}
	return -1
}

// specialVariable reports whether a variable is one Puppet sets in every
// definition's scope, reserves, or binds to a match result, or a
// qualified one: never a local numbered at build time.
func specialVariable(name string) bool {
	switch name {
	case "trusted", "facts", "server_facts", "module_name", "caller_module_name", "title", "name":
		return true
	}
	return strings.Contains(name, "::") || strings.Trim(name, "0123456789") == ""
}

func lits(names []string) []jen.Code {
	out := make([]jen.Code, len(names))
	for i, n := range names {
		out[i] = jen.Lit(n)
	}
	return out
}

// function emits a function written in Puppet.
func (g *defGen) function(name string, x *ast.FunctionDefinition) {
	id := g.u.ident("func" + goName(name))
	sig := g.signature(x.Params, x.ReturnType, false)
	g.out.Comment(id + " " + g.doc("function", name, x))
	g.out.Func().Id(id).Params(scopeParam()).Qual(valuesPath, "Value").Block(g.tail(x.Body)...)
	g.u.functions = append(g.u.functions, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(name), jen.Id("Sig"): sig, jen.Id("Body"): jen.Id(id)}))
	g.g.loadRaise(g.u, g.f, "AddRaise", jen.Lit("function "+name))
}

// typeAlias registers a type alias by its definition's text.
// A definition that Puppet's type parser raises a Ruby error for, or
// that names such an alias, registers the error instead or as well; an
// alias of a module whose metadata.json does not parse is the module's.
func (g *defGen) typeAlias(x *ast.TypeAlias) {
	lower := strings.ToLower(strings.TrimPrefix(x.Name, "::"))
	raises := g.g.aliasRaises(lower)
	for _, puppet := range releases {
		if msg := raises[puppet]; msg != "" {
			g.u.addRegister(jen.Id("p").Dot("AddAliasRaise").Call(jen.Lit(lower), jen.Lit(puppet), jen.Lit(msg)))
		}
	}
	if m := g.g.faultyAlias(lower); m != "" {
		g.u.addRegister(jen.Id("p").Dot("AddModuleAlias").Call(jen.Lit(m), jen.Lit(lower)))
	}
	text, ok := static.Text(x.TypeExpr)
	if !ok {
		if raises == nil {
			g.fail(x, "pp2go cannot compile the type alias %s: its definition is not a type", x.Name)
		}
		return
	}
	// a definition that resolves whatever its names name is resolved
	// when the alias is first used (rt.TypeAliasDef.Resolves)
	g.u.aliases = append(g.u.aliases, jen.Values(jen.Dict{
		jen.Id("Name"):       jen.Lit(x.Name),
		jen.Id("Key"):        jen.Lit(strings.ToLower(x.Name)),
		jen.Id("Definition"): jen.Lit(text),
		jen.Id("Resolves"):   jen.Lit(values.DefinitionResolves(text)),
	}))
	g.g.strictAlias(g.u, x)
}

// node emits a node definition.
func (g *defGen) node(x *ast.NodeDefinition) {
	id := g.u.ident(fmt.Sprintf("node%d", g.line(x)))
	var matches []jen.Code
	for _, m := range x.HostMatches {
		switch h := m.(type) {
		case *ast.LiteralDefault:
			matches = append(matches, jen.Values(jen.Dict{jen.Id("Default"): jen.True()}))
		case *ast.LiteralRegularExpression:
			matches = append(matches, jen.Values(jen.Dict{jen.Id("Regexp"): rt("NodeRegexp").Call(jen.Lit(h.Pattern))}))
		case *ast.LiteralString:
			matches = append(matches, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(strings.ToLower(h.Value))}))
		case *ast.QualifiedName:
			matches = append(matches, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(strings.ToLower(h.Value))}))
		case *ast.ConcatenatedString:
			if text, ok := static.Text(h); ok {
				matches = append(matches, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(strings.ToLower(strings.Trim(text, "'")))}))
				continue
			}
			g.fail(h, "a node name must be a literal")
		default:
			if text, ok := static.Text(h); ok {
				matches = append(matches, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(strings.ToLower(strings.Trim(text, "'")))}))
				continue
			}
			g.fail(h, "a node name must be a literal")
		}
	}
	g.out.Comment(fmt.Sprintf("%s is the node definition at %s:%d.", id, g.rel, g.line(x)))
	g.bodyFunc(id, g.stmts(x.Body))
	g.u.addRegister(jen.Id("p").Dot("AddNode").Call(jen.Op("&").Qual(rtPath, "NodeDef").Values(jen.Dict{
		jen.Id("Matches"): jen.Index().Qual(rtPath, "NodeMatch").Values(matches...),
		jen.Id("Body"):    jen.Id(id),
		jen.Id("File"):    g.fileRef(),
		jen.Id("Line"):    jen.Lit(g.line(x)),
	})))
}

// mainCode emits the top level code of a main manifest file.
func (g *defGen) mainCode() {
	id := g.u.ident("main" + goName(strings.TrimSuffix(g.rel, ".pp")))
	g.out.Comment(fmt.Sprintf("%s is the top level code of %s.", id, g.rel))
	g.bodyFunc(id, g.stmts(g.f.Program.Body))
	g.u.addRegister(jen.Id("p").Dot("AddMain").Call(jen.Id(id)))
}

// outputNameSeps are the separators outputName replaces.
var outputNameSeps = strings.NewReplacer("/", "_", "-", "_", ".", "_")

// outputName is the Go file a Puppet source file becomes:
// manifests/install/freebsd.pp -> manifests_install_freebsd_pp.go (the
// last element keeps Go from reading _freebsd as a build constraint).
func outputName(rel string) string {
	name := outputNameSeps.Replace(rel)
	// go build reads x_windows.go, x_arm64.go (and x_linux_arm64.go) only
	// on that system and x_test.go only in tests: a template named
	// conf-windows must not become one
	if i := strings.LastIndexByte(name, '_'); i >= 0 && (goBuildSuffixes[name[i+1:]] || name[i+1:] == "test") {
		name += "_"
	}
	return name + ".go"
}

// goBuildSuffixes are the GOOS and GOARCH values (go tool dist list) that
// a Go file name's last _-separated element restricts its build to.
var goBuildSuffixes = map[string]bool{}

func init() {
	for _, s := range strings.Fields("386 aix amd64 android arm arm64 darwin dragonfly freebsd hurd illumos ios js linux loong64 " +
		"mips mips64 mips64le mipsle netbsd openbsd plan9 ppc64 ppc64le riscv64 s390x solaris wasip1 wasm windows zos " +
		"amd64p32 arm64be armbe loong64 mips64p32 mips64p32le ppc riscv s390 sparc sparc64 wasm32") {
		goBuildSuffixes[s] = true
	}
}

// eppTemplate emits an EPP template file: a function that renders its body
// and its registration under the name epp() finds it by.
func (g *defGen) eppTemplate(name string) {
	lam, ok := g.f.Program.Body.(*ast.LambdaExpression)
	if !ok {
		return
	}
	id := g.u.ident("epp" + goName(name))
	g.out.Comment(fmt.Sprintf("%s renders the EPP template %s.", id, g.rel))
	g.bodyFunc(id, g.eppBody(lam))
	val := g.eppValue(lam, jen.Id(id))
	epp := jen.Op("&").Add(val)
	if g.u.home != nil {
		// a part's: the root's Module takes the address of its variable
		v := g.u.rootIdent("epp" + goName(name) + "Def")
		g.out.Comment(fmt.Sprintf("%s is the EPP template %s.", v, g.rel))
		g.out.Var().Id(v).Op("=").Add(val)
		epp = jen.Op("&").Qual(g.u.dir, v)
	}
	r := g.u.root()
	r.epps = append(r.epps, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(name), jen.Id("EPP"): epp}))
	g.g.loadRaise(g.u, g.f, "AddRaise", jen.Lit("epp "+name))
}

// inlineTemplates compiles the file's literal texts that inline_epp() may
// be given at run time, a parameter's default or a variable's value
// (voxpupuli rsyslog's components: String $format = '<%= $content %>',
// then content => inline_epp($format)): each text with "<%" that parses
// and lowers as EPP is registered by its text (rt.EPPDef.Inline), which
// inline_epp() of a text not known at build time looks up. A text given
// to inline_epp() itself is compiled at that call (lowerer.inlineEPP).
// The texts' tags are compiled apart too (tagTemplates).
func (g *defGen) inlineTemplates() {
	skip := map[*ast.LiteralString]bool{}
	visit := func(n any) {
		switch x := n.(type) {
		case *ast.CallNamedFunctionExpression:
			// a literal given to inline_epp(), or inline_template()'s
			// literals, are compiled at the call (lowerer.fnCall)
			name, ok := x.Functor.(*ast.QualifiedName)
			if !ok || len(x.Args) == 0 {
				break
			}
			var lits []*ast.LiteralString
			for _, a := range x.Args {
				if s, ok := a.(*ast.LiteralString); ok {
					lits = append(lits, s)
				}
			}
			switch {
			case name.Value == "inline_epp" && len(lits) > 0 && lits[0] == x.Args[0]:
				skip[lits[0]] = true
			case name.Value == "inline_template" && len(lits) == len(x.Args) && x.Lambda == nil:
				for _, s := range lits {
					skip[s] = true
				}
			}
		case *ast.LiteralString:
			if !skip[x] && strings.Contains(x.Value, "<%") {
				g.tagTemplates(x.Value)
			}
		}
	}
	ast.Inspect(g.f.Program.Body, visit)
	for _, d := range g.f.Program.Definitions {
		ast.Inspect(d, visit)
	}
}

// tagTemplates registers a literal text that inline_epp() or
// inline_template() may be given at run time: the text as an inline EPP
// template, and each of its `<%= code %>` tags as an ERB fragment and as
// an inline EPP template of its own, which render a text made of such tags
// known only at run time (a Hiera value that interpolates, a text made by
// interpolation).
func (g *defGen) tagTemplates(text string) {
	g.inlineTemplate(text)
	g.inlineERBTexts(text)
	for _, code := range expressionTags(text) {
		g.inlineTemplate("<%=" + code + "%>")
	}
}

// inlineTemplate registers text as an inline EPP template of the module
// (inlineTemplates), unless it is registered already or is no template
// pp2go compiles: that inline_epp() fails as before.
func (g *defGen) inlineTemplate(text string) {
	r := g.u.root()
	if r.inlineEPP[text] {
		return
	}
	src := source.NewFile("inlined-epp-text", text)
	res, d := parser.ParseEPP(src)
	if d != nil {
		return
	}
	lam, ok := res.Program.Body.(*ast.LambdaExpression)
	if !ok {
		return
	}
	var diags diag.List
	tl := &lowerer{u: g.u, f: &env.File{Path: "inlined-epp-text", Source: src, Program: res.Program}, diags: &diags, g: g.g, out: g.out}
	body := tl.eppBody(lam)
	if len(diags) > 0 {
		return
	}
	if r.inlineEPP == nil {
		r.inlineEPP = map[string]bool{}
	}
	r.inlineEPP[text] = true
	dg := &defGen{lowerer: *tl}
	v := g.u.rootIdent("inlineEPP")
	g.out.Comment(fmt.Sprintf("%s is the inline EPP template %q, for inline_epp() of that text.", v, text))
	g.out.Var().Id(v).Op("=").Add(dg.eppValue(lam, jen.Func().Params(jen.Id("s").Op("*").Qual(rtPath, "Scope")).Block(body...)))
	ref := jen.Op("&").Id(v)
	if g.u.home != nil {
		ref = jen.Op("&").Qual(g.u.dir, v)
	}
	r.epps = append(r.epps, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(text), jen.Id("EPP"): ref, jen.Id("Inline"): jen.True()}))
}

// eppValue is the rt.EPP of a parsed template with its body function.
func (g *defGen) eppValue(lam *ast.LambdaExpression, body jen.Code) jen.Code {
	fields := jen.Dict{
		jen.Id("Sig"):  g.signature(lam.Params, nil, false),
		jen.Id("Body"): body,
	}
	if e, ok := lam.Body.(*ast.EppExpression); ok {
		fields[jen.Id("ParamsSpecified")] = jen.Lit(e.ParamsSpecified)
		fields[jen.Id("At")] = g.lazyPos(e)
	}
	return jen.Qual(rtPath, "EPP").Values(fields)
}

// eppBody lowers a template's body.
func (l *lowerer) eppBody(lam *ast.LambdaExpression) []jen.Code {
	if e, ok := lam.Body.(*ast.EppExpression); ok {
		return l.stmts(e.Body)
	}
	return l.stmts(lam.Body)
}
