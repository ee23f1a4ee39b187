package erbgen

import (
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/erb"
	rterb "github.com/pp2go/pp2go/rt/erb"
)

// Function APIs a translated Ruby file is written for: inside a function,
// self is not the template wrapper. A 3.x function's self is the scope
// (function_x, lookupvar), a 4.x function's the function object
// (call_function, closure_scope).
const (
	API3 = 3
	API4 = 4
)

// Methods are the methods of a module's Ruby function file, translated to
// Go: one Go function
//
//	func Name(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value
//
// defines them all (as a template's defs) and calls the one named method
// with the arguments a and the block b (nil: none). s is the scope the function runs in (a 3.x
// function's self, a 4.x function's closure_scope).
type Methods struct {
	Path string
	// Untranslated are the methods that did not translate, with why: a
	// call of one raises its error (UntranslatedPrefix followed by the
	// diagnostic) when it runs.
	Untranslated []*diag.Diagnostic
	// Functions and Variables are the Puppet functions and variables the
	// methods name literally (function_x, call_function('x'),
	// lookupvar('x')), sorted.
	Functions []string
	Variables []string
	Names     []string // the methods, in definition order
	// Pure: every method translated, and none calls a Puppet function,
	// reads a Puppet variable or the scope, uses module classes or calls
	// a runtime method that has effects or other inputs than its
	// arguments (pureMethods, pureFileMethods): what a method returns is
	// a function of its arguments alone, and calling it has no effect
	Pure bool

	body []jen.Code
	lits *litPool
}

// TranslateMethods translates the methods defs of a file parsed with
// erb.ParseRuby, for a function of the given API. The error is a
// *diag.Diagnostic naming the file, line, column and construct.
//
// A method that does not translate fails only when it is called, with
// the error untranslatedPrefix followed by the diagnostic.
func TranslateMethods(t *erb.Template, api int, defs []*erb.Def, untranslatedPrefix string) (*Methods, error) {
	return TranslateMethodsWith(t, api, defs, untranslatedPrefix, &ModuleRuby{})
}

// runDefs translates defs as the methods of a function file (or, !file,
// of a class of module Ruby it requires, self being its object), with
// the module classes the file requires, its code in mr's module nesting
// (nil or "" for the API's usual one: translator.nesting); a function
// file fails when none of its methods translates.
func runDefs(t *erb.Template, api int, defs []*erb.Def, untranslatedPrefix string, classes *classCtx, file bool, mr *ModuleRuby) (*translator, []jen.Code, error) {
	tr := newTranslator(t)
	tr.api = api
	if mr != nil {
		tr.nestingName, tr.function = mr.Nesting, mr.Function
	}
	tr.untranslatedPrefix = untranslatedPrefix
	tr.classes = classes
	tr.selfObj = !file
	if classes != nil {
		tr.lits = classes.lits
	} else if file {
		tr.lits = newLitPool()
	}
	nodes := make([]erb.Node, len(defs))
	for i, d := range defs {
		nodes[i] = d
		foldPlatform(d)
	}
	body, err := tr.runMethods(nodes)
	if err != nil {
		return nil, nil, err
	}
	if file && len(defs) > 0 && tr.failedDefs == len(defs) {
		// nothing of the file translates
		return nil, nil, tr.untranslated[0]
	}
	return tr, body, nil
}

// methods is what the translator made of a file's methods, body their Go
// function's statements; failed adds methods of its classes that did not
// translate.
func (t *translator) methods(body []jen.Code, failed []*diag.Diagnostic) *Methods {
	m := &Methods{Path: t.t.Name, body: body, lits: t.lits, Functions: sortedKeys(t.functions), Variables: sortedKeys(t.variables), Untranslated: append(t.untranslated, failed...)}
	m.Names = append(m.Names, t.defOrder...)
	m.Pure = len(m.Untranslated) == 0 && t.classes == nil && len(m.Functions) == 0 && len(m.Variables) == 0 && pureBody(body, pureFileMethods, false)
	return m
}

// NoMethods are the methods of a file none of whose code runs (loading
// it fails): any call is an undefined method.
func NoMethods(path string) *Methods {
	return &Methods{Path: path, body: []jen.Code{
		jen.Id("r").Op(":=").Qual(RuntimePath, "NewCall").Call(jen.Id("s")),
		jen.Defer().Id("r").Dot("Fail").Call(),
		jen.Return(rcall("UndefinedMethod", jen.Id("method"))),
	}}
}

// Emit adds the methods' Go function to f under funcName.
func (m *Methods) Emit(f *jen.File, funcName string) {
	f.Commentf("%s runs a method of %s.", funcName, m.Path)
	f.Func().Id(funcName).Params(jen.Id("s").Qual(RuntimePath, "Scope"), jen.Id("method").String(), jen.Id("b").Op("*").Qual(RuntimePath, "Block"), jen.Id("a").Index().Add(valueT())).Add(valueT()).Block(m.body...)
	m.lits.emit(f, funcName)
}

// litPool are the string literals of a function file and the module Ruby
// it requires that are frozen (# frozen_string_literal: true): each is
// the same frozen String every time it runs, a package variable, named
// when the function is emitted (emit) after the function's name. It
// has the file's calls of Puppet functions by a literal name
// (scope.function_x) too: an erb.Site3x for each name, which binds the
// name at its first call, and the constants of Ruby's and pp2go's it
// names: an erb.ConstRef for each, which keeps the value from its first
// use.
type litPool struct {
	lits, sites, consts varPool
}

func newLitPool() *litPool {
	return &litPool{lits: newVarPool("Str"), sites: newVarPool("Site3x"), consts: newVarPool("Const")}
}

// ref is the literal text's variable.
func (p *litPool) ref(text string) *jen.Statement { return p.lits.ref(text) }

// site is the variable of the calls of the function name: one for all
// the file's calls of the name, which bind it to the same function.
func (p *litPool) site(name string) *jen.Statement { return p.sites.ref(name) }

// konst is the variable of the constant path (erb.Const's).
func (p *litPool) konst(path string) *jen.Statement { return p.consts.ref(path) }

// emit names the sites, the constants and the literals funcName followed
// by F, K or S and their number, and adds their variables to f, and the
// cells where the sites and constants keep what they find (funcName
// followed by Cells: package cell).
func (p *litPool) emit(f *jen.File, funcName string) {
	if p == nil {
		return
	}
	cells := funcName + "Cells"
	if n := len(p.sites.keys) + len(p.consts.keys); n > 0 {
		f.Commentf("%s are where the sites and constants of %s keep what they find.", cells, funcName)
		f.Var().Id(cells).Index(jen.Lit(n)).Qual(RuntimePath, "Cell")
	}
	cellOf := func(i int) jen.Code { return jen.Id("Cell").Op(":").Op("&").Id(cells).Index(jen.Lit(i)) }
	p.sites.emit(f, funcName+"F", "The Puppet functions "+funcName+" calls by name (scope.function_x), each bound at its first call.",
		func(i int, name string) jen.Code {
			return jen.Op("&").Qual(RuntimePath, "Site3x").Values(jen.Id("Name").Op(":").Lit(name), cellOf(i))
		})
	p.consts.emit(f, funcName+"K", "The constants "+funcName+" names, each looked up at its first use.",
		func(i int, path string) jen.Code {
			return jen.Op("&").Qual(RuntimePath, "ConstRef").Values(jen.Id("Path").Op(":").Lit(path), cellOf(len(p.sites.keys)+i))
		})
	p.lits.emit(f, funcName+"S", "The frozen string literals of "+funcName+" (# frozen_string_literal: true).",
		func(_ int, text string) jen.Code {
			return jen.Op("&").Qual(RuntimePath, "Str").Values(jen.Id("S").Op(":").Lit(text), jen.Id("Frozen").Op(":").True())
		})
}

// varPool are package variables of a generated file, made of a key
// each, named when the file is emitted.
type varPool struct {
	refs map[string]*jen.Statement // by key: where the name goes
	keys []string                  // in the order first used
	// stand is what a variable is written as until it is named: the
	// runtime's name of what it holds (erb.Str), so that the statements
	// are Go that pureBody reads as it reads what the variable stands
	// for
	stand string
}

func newVarPool(stand string) varPool {
	return varPool{refs: map[string]*jen.Statement{}, stand: stand}
}

// ref is the key's variable.
func (p *varPool) ref(key string) *jen.Statement {
	r, ok := p.refs[key]
	if !ok {
		r = jen.Qual(RuntimePath, p.stand)
		p.refs[key] = r
		p.keys = append(p.keys, key)
	}
	// a statement of its own, which callers may extend
	return jen.Add(r)
}

// emit names the variables prefix followed by their number, and adds
// them to f under comment, each the value of its number (from 0) and key.
func (p *varPool) emit(f *jen.File, prefix, comment string, value func(i int, key string) jen.Code) {
	if len(p.keys) == 0 {
		return
	}
	defs := make([]jen.Code, len(p.keys))
	for i, key := range p.keys {
		name := prefix + strconv.Itoa(i+1)
		*p.refs[key] = *jen.Id(name)
		defs[i] = jen.Id(name).Op("=").Add(value(i, key))
	}
	f.Comment(comment)
	f.Var().Defs(defs...)
}

func (t *translator) runMethods(defs []erb.Node) (body []jen.Code, err error) {
	defer t.catchUnsupported(&body, &err)
	t.collectDefs(defs)
	t.scope = &scope{kind: scopeTop, vars: map[string]*local{}}
	t.frame = &frame{kind: scopeTop}
	var stmts []jen.Code
	for _, d := range defs {
		stmts = append(stmts, t.methodDef(d.(*erb.Def))...)
	}
	body = append(body, jen.Id("r").Op(":=").Qual(RuntimePath, "NewCall").Call(jen.Id("s")))
	body = append(body, jen.Defer().Id("r").Dot("Fail").Call())
	for _, name := range t.defOrder {
		body = append(body, jen.Var().Id(t.defs[name]).Op("*").Qual(RuntimePath, "Def"))
	}
	body = append(body, t.declarations(t.scope)...)
	body = append(body, stmts...)
	names := append([]string(nil), t.defOrder...)
	sort.Strings(names)
	var cases []jen.Code
	for _, name := range names {
		cases = append(cases, jen.Case(jen.Lit(name)).Block(jen.Return(rcall("CallDefBlock", jen.Id(t.defs[name]), jen.Lit(name), jen.Id("b"), jen.Id("a").Op("...")))))
	}
	body = append(body, jen.Switch(jen.Id("method")).Block(cases...))
	body = append(body, jen.Return(rcall("UndefinedMethod", jen.Id("method"))))
	return body, nil
}

// methodDef translates a method of a function file; one that does not
// translate becomes a method raising why it did not.
func (t *translator) methodDef(d *erb.Def) (out []jen.Code) {
	savedScope, savedFrame, savedTemps := t.scope, t.frame, t.temps
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		u, ok := p.(*unsupported)
		if !ok || u.syntax || d.Name == "call" {
			// call overrides the function's dispatch: the whole
			// function is not translated
			panic(p)
		}
		t.scope, t.frame, t.temps, t.inDef = savedScope, savedFrame, savedTemps, false
		dg := t.t.Errorf(erb.CodeUnsupported, u.off, "%s", u.msg)
		t.untranslated = append(t.untranslated, dg)
		t.failedDefs++
		fail := jen.Func().Params(jen.Id("a_").Index().Add(valueT())).Add(valueT()).Block(
			jen.Return(rcall("Untranslated", jen.Lit(t.untranslatedPrefix+dg.Error()))))
		out = append(t.line(d), jen.Id(t.defs[d.Name]).Op("=").Op("&").Qual(RuntimePath, "Def").Values(jen.Dict{
			jen.Id("Name"): jen.Lit(d.Name),
			jen.Id("Max"):  jen.Lit(-1),
			jen.Id("Fn"):   fail,
		}))
	}()
	return t.def(d)
}

// apiCall translates a call without a receiver that means something in a
// function's self (ok false otherwise).
func (t *translator) apiCall(x *erb.Call) (*jen.Statement, bool) {
	if t.api == 0 {
		return nil, false
	}
	switch {
	case t.api == API3 && len(x.Name) > len("function_") && x.Name[:len("function_")] == "function_",
		t.api == API3 && (x.Name == "lookupvar" || x.Name == "call_function" || x.Name == "lookupdefaults"):
		// self is the scope
		return t.scopeCall(x), true
	case t.api == API4 && x.Name == "closure_scope" && len(x.Args) == 0 && x.Block == nil:
		// the scope as a value (scope = closure_scope; scope['facts'])
		return erbQ("ScopeValue").Call(), true
	case t.api == API3 && len(x.Args) == 1 && x.Block == nil && logLevels[x.Name]:
		// Puppet::Util::Logging of the scope: logged with the scope as
		// its source
		if call, ok := t.logInterp(x, "ScopeLogInterp"); ok {
			return call, true
		}
		args, blk := t.callArgs(x.Args)
		if blk == nil {
			return t.lineFor(x).call("ScopeLog", append([]jen.Code{jen.Lit(x.Name)}, args...)...), true
		}
	case t.api == API3 && x.Name == "compiler" && len(x.Args) == 0 && x.Block == nil:
		// Scope#compiler (its environment)
		return rcall("Compiler"), true
	case t.api == API3 && scopeMethods[x.Name] && x.Block == nil:
		// Scope#findresource, #resource, #catalog, #to_hash
		return t.scopeCall(x), true
	case x.Name == "_" && len(x.Args) == 1 && x.Block == nil:
		// Puppet's gettext: the text itself (pp2go has no translations)
		return rcall("Gettext", t.expr(x.Args[0])), true
	case x.Name == "require" && len(x.Args) == 1 && x.Block == nil:
		if lib, ok := erb.LiteralString(x.Args[0]); ok && PuppetLibrary(lib) {
			// Puppet's own code, loaded before any function runs
			return erbQ("Bool").Call(jen.False()), true
		}
	case t.api == API4 && x.Name == "call_function":
		if len(x.Args) > 0 {
			if s, ok := erb.LiteralString(x.Args[0]); ok {
				t.functions[s] = true
			}
		}
		args, blk := t.callArgs(x.Args)
		if blk = t.oneBlock(x, blk); blk != nil {
			return t.lineFor(x).call("CallFunctionBlock", append([]jen.Code{blk}, args...)...), true
		}
		return t.lineFor(x).call("CallFunctionArgs", args...), true
	}
	return nil, false
}

// scopeMethods are the methods of Puppet's Scope that give functions the
// catalog (rt/erb's resource.go): findresource(type[, title]) (a
// Puppet::Resource of the catalog, or nil), resource (the resource whose
// body calls) and catalog; find_global_scope (the top scope); and to_hash
// ([recursive[, include_undef]]: example42-puppi's get_class_args).
var scopeMethods = map[string]bool{"findresource": true, "resource": true, "catalog": true, "find_global_scope": true, "to_hash": true}

// logInterp is the log call x (level x.Name) as the runtime's method
// goName, given its one argument's parts, when that is a string that
// interpolates values ("...#{x}..."): the message is built only when the
// compile keeps the level.
func (t *translator) logInterp(x *erb.Call, goName string) (*jen.Statement, bool) {
	if len(x.Args) != 1 {
		return nil, false
	}
	s, ok := x.Args[0].(*erb.Str)
	if !ok {
		return nil, false
	}
	for _, p := range s.Parts {
		if p.Expr != nil {
			return t.lineFor(x).call(goName, append([]jen.Code{jen.Lit(x.Name)}, t.interpParts(s.Parts)...)...), true
		}
	}
	return nil, false
}

// logLevels are the methods of Puppet::Util::Logging that log a message
// at their level.
var logLevels = map[string]bool{"debug": true, "info": true, "notice": true, "warning": true, "err": true, "alert": true, "emerg": true, "crit": true}

// isFunctionScope reports whether n is the scope in a function: a 4.x
// function's closure_scope, a 3.x function's self.
func (t *translator) isFunctionScope(n erb.Node) bool {
	switch x := n.(type) {
	case *erb.Call:
		return t.api == API4 && x.Recv == nil && x.Name == "closure_scope" && len(x.Args) == 0 && x.Block == nil
	case *erb.Self:
		return t.api == API3
	}
	return false
}

// multiAssign translates a, *b, c = x: x (an Array, or an Array of one
// other value) spread over the targets, *b taking what the others leave.
func (t *translator) multiAssign(x *erb.MultiAssign) []jen.Code {
	return append(t.line(x), t.destructure(x, x.Targets, t.expr(x.Value))...)
}

// destructure spreads the value v over the targets of a multiple
// assignment x (a nested (b, c) spreads its part again).
func (t *translator) destructure(x erb.Node, targets []erb.Node, v jen.Code) []jen.Code {
	splat := -1
	for i, tg := range targets {
		if _, ok := tg.(*erb.Splat); ok {
			splat = i
		}
	}
	parts := t.temp("parts")
	out := []jen.Code{jen.Id(parts).Op(":=").Add(erbQ("Destructure").Call(v, jen.Lit(len(targets)), jen.Lit(splat)))}
	for i, tg := range targets {
		if sp, ok := tg.(*erb.Splat); ok {
			tg = sp.X
		}
		out = append(out, t.assignTo(x, tg, jen.Id(parts).Index(jen.Lit(i)), false))
	}
	return out
}

// PuppetLibrary reports whether a required file is part of Puppet itself
// ('puppet', 'puppet/...'), which is loaded before module code runs: a
// function's require of it does nothing. PuppetDB's terminus is not
// (rterb.PuppetDBTerminus).
func PuppetLibrary(lib string) bool {
	return (lib == "puppet" || strings.HasPrefix(lib, "puppet/")) && !rterb.PuppetDBTerminus(lib)
}

// puppetCall translates the calls of Puppet's own API that functions
// make: Puppet.warning(msg) and the other log levels, and the 3.x
// autoloader (Puppet::Parser::Functions.autoloader.load(:f) and
// loaded?(:f): pp2go has every function loaded).
func (t *translator) puppetCall(x *erb.Call) (*jen.Statement, bool) {
	if x.Block != nil {
		return nil, false
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "ENV" && x.Name == "[]" && len(x.Args) == 1 {
		return t.lineFor(x).call("Getenv", t.expr(x.Args[0])), true
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "ENV" && (x.Name == "key?" || x.Name == "has_key?" || x.Name == "include?" || x.Name == "member?") && len(x.Args) == 1 {
		return t.lineFor(x).call("EnvKeyQ", t.expr(x.Args[0])), true
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "ENV" && x.Name == "fetch" && len(x.Args) >= 1 && len(x.Args) <= 2 {
		args, blk := t.callArgs(x.Args)
		if blk == nil {
			return t.lineFor(x).call("EnvFetch", args...), true
		}
	}
	// templates' too (r10k 9's webhook.bin.erb compares Puppet.version)
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "Puppet::Util::Package" && x.Name == "versioncmp" && len(x.Args) >= 2 && len(x.Args) <= 3 {
		if args, blk := t.callArgs(x.Args); blk == nil {
			return t.lineFor(x).call("PuppetVersioncmp", args...), true
		}
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "Puppet" && x.Name == "version" && len(x.Args) == 0 {
		return rcall("PuppetVersion"), true
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "Puppet::Parser::Functions" && x.Name == "function" && len(x.Args) == 1 {
		// the 3.x function's scope method name, or false (a template
		// loads one so before it calls scope.function_x: memcached 2's)
		if args, blk := t.callArgs(x.Args); blk == nil {
			if s, ok := erb.LiteralString(x.Args[0]); ok {
				t.functions[s] = true
			}
			if t.unused == erb.Node(x) {
				return t.lineFor(x).call("PuppetLoad3x", args...), true
			}
			return t.lineFor(x).call("PuppetFunction3x", args...), true
		}
	}
	if t.api == 0 {
		return nil, false
	}
	if isPuppetSettings(x.Recv) && x.Name == "[]" && len(x.Args) == 1 {
		// Puppet[:name], Puppet.settings[:name]
		return t.lineFor(x).call("PuppetSetting", t.expr(x.Args[0])), true
	}
	if f, ok := x.Recv.(*erb.Call); ok && f.Name == "features" && len(f.Args) == 0 && len(x.Args) == 0 {
		if c, ok := f.Recv.(*erb.Const); ok && constPath(c) == "Puppet" {
			// Puppet.features.augeas?: what the compiling machine has
			if why, ok := puppetFeatures[x.Name]; ok {
				t.unsupported(x, "Puppet.features.%s (%s)", x.Name, why)
			}
			t.unsupported(x, "Puppet.features.%s (a library of the machine Puppet runs on)", x.Name)
		}
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "Puppet::Pops::PuppetStack" && x.Name == "stacktrace" && len(x.Args) == 0 {
		return rcall("PuppetStacktrace"), true
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "Puppet" {
		switch x.Name {
		case "warning", "debug", "info", "notice", "err":
			if call, ok := t.logInterp(x, "PuppetLogInterp"); ok {
				return call, true
			}
			args, blk := t.callArgs(x.Args)
			if blk != nil || len(x.Args) != 1 {
				t.unsupported(x, "Puppet.%s with %d arguments", x.Name, len(x.Args))
			}
			return t.lineFor(x).call("PuppetLog", append([]jen.Code{jen.Lit(x.Name)}, args...)...), true
		case "warn_once":
			// Puppet.warn_once(kind, key, message): no file and line
			args, blk := t.callArgs(x.Args)
			if blk != nil || len(x.Args) != 3 {
				t.unsupported(x, "Puppet.warn_once with %d arguments", len(x.Args))
			}
			return t.lineFor(x).call("PuppetWarnOnce", args...), true
		case "deprecation_warning":
			args, blk := t.callArgs(x.Args)
			if blk != nil || len(x.Args) < 1 || len(x.Args) > 2 {
				t.unsupported(x, "Puppet.deprecation_warning with %d arguments", len(x.Args))
			}
			return t.lineFor(x).call("PuppetDeprecationWarning", args...), true
		}
		return nil, false
	}
	if c, ok := x.Recv.(*erb.Const); ok {
		switch p := constPath(c); {
		case p == "Puppet::Util" && (x.Name == "deterministic_rand_int" || x.Name == "deterministic_rand") && len(x.Args) == 2:
			// Random.new(seed).rand(max) (deterministic_rand: its to_s)
			args, blk := t.callArgs(x.Args)
			if blk == nil {
				return t.lineFor(x).call("PuppetDeterministicRand", append([]jen.Code{jen.Lit(x.Name == "deterministic_rand")}, args...)...), true
			}
		case p == "Puppet::Util::Log" && x.Name == "create" && len(x.Args) == 1:
			// oradb's functions log so
			args, blk := t.callArgs(x.Args)
			if blk == nil && len(args) == 1 {
				return t.lineFor(x).call("PuppetUtilLogCreate", args...), true
			}
		case p == "Puppet::Module" && x.Name == "find" && len(x.Args) >= 1 && len(x.Args) <= 2:
			// the environment's module of that name, or nil
			args, blk := t.callArgs(x.Args)
			if blk == nil {
				return t.lineFor(x).call("PuppetModuleFind", args...), true
			}
		case p == "Puppet::Parser::Files" && x.Name == "find_template" && len(x.Args) == 2:
			// the path of a module's template, or nil
			args, blk := t.callArgs(x.Args)
			if blk == nil && len(args) == 2 {
				return t.lineFor(x).call("PuppetFindTemplate", args...), true
			}
		case p == "Puppet::Pops::Serialization::ToDataConverter" && x.Name == "convert" && len(x.Args) == 2:
			args, blk := t.callArgs(x.Args)
			if blk == nil && len(args) == 2 {
				return t.lineFor(x).call("PuppetToData", args...), true
			}
		case p == "Puppet::Pops::Types::Iterable" && x.Name == "asserted_iterable" && (len(x.Args) == 2 || len(x.Args) == 3):
			// (the third argument, infer_elements, only types the
			// elements, which Ruby does not see)
			args, blk := t.callArgs(x.Args)
			if blk == nil && len(args) == len(x.Args) {
				return t.lineFor(x).call("PuppetAssertedIterable", args[0], args[1]), true
			}
		case p == "Puppet::Util::Json" && x.Name == "load" && len(x.Args) == 1:
			args, blk := t.callArgs(x.Args)
			if blk == nil && len(args) == 1 {
				return t.lineFor(x).call("PuppetJSONLoad", args...), true
			}
		case p == "Puppet::Pops::Types::PSensitiveType::Sensitive" && x.Name == "new" && len(x.Args) == 1:
			args, blk := t.callArgs(x.Args)
			if blk == nil && len(args) == 1 {
				return t.lineFor(x).call("NewSensitive", args...), true
			}
		case p == "Puppet::Resource" && x.Name == "type_and_title" && len(x.Args) == 2:
			args, blk := t.callArgs(x.Args)
			if blk == nil && len(args) == 2 {
				return t.lineFor(x).call("PuppetResourceTypeAndTitle", args...), true
			}
		case p == "Puppet::Resource" && x.Name == "new" && len(x.Args) >= 1 && len(x.Args) <= 2:
			// a reference
			args, blk := t.callArgs(x.Args)
			if blk == nil {
				return t.lineFor(x).call("NewPuppetResource", args...), true
			}
		case p == "Puppet::Pops::Evaluator::Runtime3ResourceSupport" && x.Name == "find_resource_type_or_class" && len(x.Args) == 2:
			// the scope only gives the environment, which find_global_scope
			// (the top scope) shares
			var scope jen.Code
			if c, ok := x.Args[0].(*erb.Call); ok && t.api == API3 && c.Recv == nil && c.Name == "find_global_scope" && len(c.Args) == 0 && c.Block == nil {
				scope = erbQ("ScopeValue").Call()
			} else {
				scope = t.expr(x.Args[0])
			}
			return t.lineFor(x).call("PuppetFindResourceTypeOrClass", scope, t.expr(x.Args[1])), true
		}
	}
	if r, ok := x.Recv.(*erb.Call); ok && r.Name == "autoloader" && len(r.Args) == 0 {
		if c, ok := r.Recv.(*erb.Const); ok && constPath(c) == "Puppet::Parser::Functions" && (x.Name == "load" || x.Name == "loaded?") && len(x.Args) == 1 {
			return erbQ("Bool").Call(jen.True()), true
		}
	}
	return nil, false
}

// puppetFeatures say what Puppet's features are where pp2go's references
// compile, and why pp2go does not model them.
var puppetFeatures = map[string]string{
	"augeas?": "true where Puppet 7.23 and 8.10 compile, augeas_core defining it and ruby-augeas installed: " +
		"the code then runs libaugeas's lenses, which pp2go does not implement",
}

// isPuppetSettings reports whether n is Puppet or Puppet.settings, whose
// [] reads a setting.
func isPuppetSettings(n erb.Node) bool {
	if c, ok := n.(*erb.Const); ok {
		return constPath(c) == "Puppet"
	}
	if c, ok := n.(*erb.Call); ok && c.Name == "settings" && len(c.Args) == 0 && c.Block == nil {
		if p, ok := c.Recv.(*erb.Const); ok {
			return constPath(p) == "Puppet"
		}
	}
	return false
}

// foldPlatform settles the conditions that compare RUBY_PLATFORM with a
// literal (RUBY_PLATFORM == 'java'): the platform is the compiling
// machine's, known when the function is translated, so the branch Ruby
// would not take is left out (stdlib's pw_hash calls JRuby's Java classes
// in one).
func foldPlatform(n erb.Node) {
	erb.Walk(n, func(n erb.Node) {
		x, ok := n.(*erb.If)
		if !ok {
			return
		}
		b, ok := x.Cond.(*erb.Binary)
		if !ok || b.Op != "==" && b.Op != "!=" {
			return
		}
		c, ok := b.L.(*erb.Const)
		lit, isLit := erb.LiteralString(b.R)
		if !ok || !isLit || c.Scope != nil || c.Name != "RUBY_PLATFORM" {
			return
		}
		v := rterb.Const("RUBY_PLATFORM").(*rterb.Str).S == lit
		if b.Op == "!=" {
			v = !v
		}
		if x.Unless {
			v = !v
		}
		x.Cond, x.Unless = &erb.Bool{At: b.At, V: v}, false
		if v {
			x.Else = nil
		} else {
			x.Then = nil
		}
	})
}
