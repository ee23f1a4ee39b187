// Package rubyfn translates the Ruby function files of Puppet modules
// (lib/puppet/functions/**.rb, the 4.x API, and lib/puppet/parser/
// functions/*.rb, the 3.x API) into Go at build time. The file is parsed
// by the one Ruby front end templates use (frontend/erb.ParseRuby); the
// function's declaration (create_function with its dispatches, local types
// and return types, the InternalFunction base class with scope_param;
// newfunction with its arity) is read here, and its
// methods are translated by codegen/erbgen into Go that runs on the ERB
// runtime (rt/erb). The generated registration declares the function with
// rt/fn's dispatch model through rt/rubyfn, so that arguments that match
// no dispatch fail with Puppet's messages.
//
// Ruby that is not translated is an error naming the file, line, column
// and construct (*diag.Diagnostic, code erb.CodeUnsupported).
package rubyfn

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/frontend/erb"
	rterb "github.com/pp2go/pp2go/rt/erb"
)

// rubyfnPath is the import path of the runtime package that registers
// translated functions.
const rubyfnPath = "github.com/pp2go/pp2go/rt/rubyfn"

// Function is a translated function file.
type Function struct {
	Name string // the Puppet function's name
	Path string
	API  int // erbgen.API3 or erbgen.API4
	// Arity is a 3.x function's arity (-1: any number of arguments).
	Arity int
	// Rvalue is a 3.x function's type: :rvalue returns its block's value,
	// :statement (the default) undef.
	Rvalue     bool
	Dispatches []Dispatch
	LocalTypes [][2]string // name, definition
	Methods    *erbgen.Methods
	// ScopeArg: the file's `call' passes the calling scope as the
	// dispatches' first argument (isScopeCall; fn.Func.ScopeArg).
	ScopeArg bool
	// Resolver, when set, is the Go expression of the values.TypeResolver
	// the signatures' other type names (module type aliases such as
	// Stdlib::IP::Address) resolve with in Emit's registration, as
	// Puppet's loader resolves them (a program's are resolved by the
	// program).
	Resolver jen.Code

	// LoadError is Ruby's LoadError message when loading the file fails
	// (it requires a gem Puppet's Ruby does not have): every call of the
	// function fails with it, whatever its arguments.
	LoadError string
	// Refused is the error Puppet's loader raises when Puppet code calls
	// a 3.x function whose file defines a method (refusedDef); Ruby's
	// scope.function_x, which loads the file the 3.x way, still runs it
	// when it translated.
	Refused string

	method3 string // a 3.x function's block, translated as this method
	// Also are the other 3.x functions the file defines (a file may call
	// newfunction more than once): loading it defines them all.
	Also []*Function
}

// Dispatch is a 4.x dispatch: its signature in rt/fn's spec syntax
// (fn.Builder), asserted return type and method.
type Dispatch struct {
	Method   string
	Spec     string
	Return   string
	Mismatch bool // argument_mismatch
	// Scope is scope_param (an InternalFunction's): the method receives
	// the calling scope as its first argument.
	Scope bool
	// Sig is Go code of a function making the signature Spec spells
	// (rt/rubyfn.Dispatch.Sig), nil for none
	Sig jen.Code

	parts []string // the parameters of Spec
}

// Translate reads and translates a function file.
func Translate(path string, src []byte) (*Function, error) {
	t, err := erb.ParseRuby(path, src)
	if err != nil {
		return nil, err
	}
	base := strings.TrimSuffix(filepath.Base(path), ".rb")
	refused := refusedDef(t, path)
	// a function Puppet refuses for Puppet code whatever the rest of its
	// file, and which pp2go cannot run for Ruby's calls either
	refusedOnly := func() (*Function, error) {
		return &Function{Path: path, Name: base, API: erbgen.API3, Arity: -1, Refused: refused, Methods: erbgen.NoMethods(path)}, nil
	}
	r := &reader{t: t, f: &Function{Path: path}}
	if err := r.read(); err != nil {
		if refused != "" {
			return refusedOnly()
		}
		return nil, err
	}
	r.f.namedAfter(base)
	if r.f.LoadError != "" {
		if refused != "" {
			return refusedOnly()
		}
		// nothing of the file runs
		r.f.Methods = erbgen.NoMethods(path)
		return r.f, nil
	}
	m, err := erbgen.TranslateMethodsWith(t, r.f.API, r.defs, UntranslatedMessage(r.f.Name, path, ""), &erbgen.ModuleRuby{Classes: r.classes, Required: r.required, Nesting: r.fnNesting, Function: r.f.Name})
	if err != nil {
		if refused != "" {
			return refusedOnly()
		}
		return nil, err
	}
	r.f.Methods, r.f.Refused = m, refused
	return r.f, nil
}

// refusedDef is the error Puppet's loader raises when Puppet code calls a
// 3.x function (a file of lib/puppet/parser/functions) that defines a
// method anywhere in its file, "" for none: Puppet 6.? and later walk the
// file's Ripper tree (RubyLegacyFunctionInstantiator.assert_code) and
// raise a SecurityError at its first def, named by its identifier. The
// message's line is the identifier's column (extract_name_line takes the
// second number of Ripper's [line, column]), and a name that is no
// identifier (an operator, a constant) is "<unknown>", both as Puppet
// says them. A SecurityError is no StandardError: the compile fails with
// the bare message.
func refusedDef(t *erb.Template, path string) string {
	if !strings.Contains(filepath.ToSlash(path), "/puppet/parser/functions/") {
		return ""
	}
	var first *erb.Def
	for _, n := range t.Body {
		erb.Walk(n, func(n erb.Node) {
			if d, ok := n.(*erb.Def); ok && (first == nil || d.Off < first.Off) {
				first = d
			}
		})
	}
	if first == nil {
		return ""
	}
	name, line := "<unknown>", "<unknown>"
	if col, ok := defNameColumn(t.Source, first); ok {
		name, line = first.Name, strconv.Itoa(col)
	}
	return fmt.Sprintf("Illegal method definition of method '%s' in source %s on line %s in legacy function. "+
		"See https://puppet.com/docs/puppet/latest/functions_refactor_legacy.html for more information", name, path, line)
}

// defNameColumn is the column of the identifier a def names (after
// "self." for a singleton method), as Ripper counts it (bytes from the
// line's start); false when the name is no identifier.
func defNameColumn(src []byte, d *erb.Def) (int, bool) {
	i := d.Off + len("def")
	skip := func() {
		for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
	}
	skip()
	if d.Singleton {
		i += len("self")
		skip()
		i++ // "."
		skip()
	}
	if i >= len(src) || !(src[i] == '_' || src[i] >= 'a' && src[i] <= 'z' || src[i] >= 0x80) {
		return 0, false // an operator, a constant or a keyword
	}
	if rubyKeywords[strings.TrimRight(d.Name, "=")] {
		return 0, false
	}
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	return i - start, true
}

// rubyKeywords are the words Ripper reads as keywords (@kw), not
// identifiers, where a def names its method.
var rubyKeywords = map[string]bool{
	"alias": true, "and": true, "begin": true, "break": true, "case": true, "class": true, "def": true,
	"defined?": true, "do": true, "else": true, "elsif": true, "end": true, "ensure": true, "false": true,
	"for": true, "if": true, "in": true, "module": true, "next": true, "nil": true, "not": true, "or": true,
	"redo": true, "rescue": true, "retry": true, "return": true, "self": true, "super": true, "then": true,
	"true": true, "undef": true, "unless": true, "until": true, "when": true, "while": true, "yield": true,
	"__FILE__": true, "__LINE__": true, "__ENCODING__": true, "BEGIN": true, "END": true,
}

// namedAfter makes the 3.x function the file is named after (Puppet's
// autoloader finds it by that name) the file's function, the others of
// the file its Also.
func (fun *Function) namedAfter(base string) {
	for i, o := range fun.Also {
		if o.Name != base {
			continue
		}
		others := append([]*Function{}, fun.Also[:i]...)
		others = append(others, fun.Also[i+1:]...)
		first := *fun
		first.Also = nil
		fun.Name, fun.Arity, fun.Rvalue, fun.method3 = o.Name, o.Arity, o.Rvalue, o.method3
		fun.Also = append([]*Function{&first}, others...)
		return
	}
}

// Pure reports whether the function is pure (rt/fn's Func.Pure): a
// function of its arguments alone, without effect. Its file loads, its
// methods are pure (erbgen.Methods.Pure) and no dispatch receives the
// calling scope.
func (fun *Function) Pure() bool {
	if fun.LoadError != "" || fun.Refused != "" || fun.Methods == nil || !fun.Methods.Pure || fun.ScopeArg {
		return false
	}
	for _, d := range fun.Dispatches {
		if d.Scope {
			return false
		}
	}
	return true
}

// UntranslatedMessage is the error of a call to the Ruby function name of
// file that pp2go did not translate, for the reason why.
func UntranslatedMessage(name, file, why string) string {
	return fmt.Sprintf("Function '%s' is written in Ruby (%s), which pp2go did not translate to Go: %s", name, file, why)
}

// Emit adds the function's Go to f: its methods as the function funcName
// and an init function registering it with rt/fn for module, as the
// program registers the functions of a generated package (rt.Module.Ruby).
func (fun *Function) Emit(f *jen.File, funcName, module string) {
	fun.EmitMethods(f, funcName)
	f.Commentf("The function %s, translated from %s.", fun.Name, fun.Path)
	resolver := fun.Resolver
	if resolver == nil {
		resolver = jen.Nil()
	}
	defs := jen.Index().Qual(rubyfnPath, "Func").ValuesFunc(func(g *jen.Group) {
		for _, d := range fun.Defs(funcName) {
			g.Line().Add(d)
		}
		g.Line()
	})
	f.Func().Id("init").Params().Block(
		jen.For(jen.List(jen.Id("_"), jen.Id("def")).Op(":=").Range().Add(defs)).Block(
			jen.Id("def").Dot("Register").Call(jen.Lit(module), resolver)))
}

// EmitMethods adds the function's methods to f as the Go function
// funcName.
func (fun *Function) EmitMethods(f *jen.File, funcName string) {
	f.ImportAlias(erbgen.RuntimePath, "erb")
	fun.Methods.Emit(f, funcName)
}

// reader reads a function file's declaration.
type reader struct {
	t    *erb.Template
	f    *Function
	defs []*erb.Def
	// internal is a function created on Puppet::Functions::InternalFunction
	// (its dispatches may have scope_param).
	internal bool
	// scopeCall: the file overrides call to pass the scope (isScopeCall)
	scopeCall bool
	// modules reads the module Ruby files the file requires (require.go),
	// classes are the classes and modules they define
	modules *moduleReader
	classes []*erbgen.ModuleClass
	// required are the module files the file requires (requireModule),
	// by the name erbgen.StaticPath folds
	required map[string]bool
	// nesting is the module the statement read is in (module
	// Puppet::Parser::Functions ... end), fnNesting the one around the
	// file's newfunction ("" for none)
	nesting, fnNesting string
}

// unsupported is a construct the reader does not translate.
type unsupported struct {
	off int
	msg string
}

func (r *reader) fail(n erb.Node, format string, args ...any) {
	off := n.Offset()
	if c, ok := n.(*erb.Call); ok && c.NameOff > 0 {
		off = c.NameOff
	}
	panic(&unsupported{off: off, msg: fmt.Sprintf(format, args...)})
}

func (r *reader) read() (err error) {
	defer func() {
		if p := recover(); p != nil {
			u, ok := p.(*unsupported)
			if !ok {
				panic(p)
			}
			if r.f.LoadError != "" {
				// loading the file stops at the require that fails
				// before it (dalen-puppetdbquery's query_nodes requires
				// puppet/util/puppetdb, then does what pp2go does not
				// translate): Puppet never runs what pp2go cannot read
				return
			}
			err = r.t.Errorf(erb.CodeUnsupported, u.off, "%s", u.msg)
		}
	}()
	r.top(r.t.Body)
	if r.f.Name == "" {
		return r.t.Errorf(erb.CodeUnsupported, 0, "no function definition (Puppet::Functions.create_function or newfunction) in the file")
	}
	r.methodRequires()
	r.impliedRequires()
	return nil
}

// methodRequires reads the module Ruby files the function's methods
// require as they run (simplib's validate_net_list requires its
// puppetx/simp/simplib.rb so): translated with the function, as a
// require outside the methods reads them; the translator takes such a
// require as done.
func (r *reader) methodRequires() {
	for _, d := range r.defs {
		erb.Walk(d, func(n erb.Node) {
			if x, ok := n.(*erb.Call); ok && x.Recv == nil && x.Name == "require" && len(x.Args) == 1 && x.Block == nil {
				r.requireModule(x, false)
			}
		})
	}
}

// top reads the file's top-level statements.
func (r *reader) top(body []erb.Node) {
	for _, n := range body {
		switch x := n.(type) {
		case *erb.Module:
			if !isFunctionsModule(x) {
				r.topClass(x) // a helper module of the function's
				continue
			}
			// module Puppet::Parser::Functions ... end, where its code runs
			if len(x.Body.Rescues) > 0 {
				r.fail(x, "rescue in a module body")
			}
			outer := r.nesting
			r.nesting = strings.TrimPrefix(outer+"::"+constName(x.Name), "::")
			r.top(x.Body.Body)
			r.nesting = outer
		case *erb.Class:
			r.topClass(x)
		case *erb.Call:
			switch {
			case x.Name == "create_function" && isConst(x.Recv, "Puppet::Functions"):
				r.create4(x)
			case x.Name == "newfunction" && (x.Recv == nil || isConst(x.Recv, "Puppet::Parser::Functions")):
				r.fnNesting = r.nesting
				r.new3(x)
			case x.Recv == nil && x.Name == "require" && len(x.Args) == 1:
				r.require(x)
			case x.Recv == nil && x.Name == "require_relative" && len(x.Args) == 1 && r.requireModule(x, true):
			case isLoadPath(x.Recv) && (x.Name == "unshift" || x.Name == "push" || x.Name == "<<"):
				// $LOAD_PATH.unshift(the module's lib/): pp2go finds a
				// required puppet_x file in the module's lib/ already
			default:
				r.fail(x, "top-level call of `%s'", x.Name)
			}
		default:
			r.fail(n, "top-level %s", nodeName(n))
		}
	}
}

// require reads a function file's require 'lib' (outside its methods):
// of a module Ruby file (require.go), or of a library of Puppet's Ruby,
// which loads (what uses one pp2go lacks is not translated). A gem
// Puppet's Ruby does not have fails loading the function (LoadError).
func (r *reader) require(x *erb.Call) {
	lib, ok := requiredPath(x.Args[0], r.t.Name)
	switch {
	case !ok:
		r.fail(x, "require of %s", describe(x.Args[0]))
	case r.requireModule(x, false):
	case rterb.RubyLibrary(lib) || erbgen.PuppetLibrary(lib):
	default:
		// a gem Puppet's Ruby does not have: loading the file fails
		if r.f.LoadError == "" {
			r.f.LoadError = "cannot load such file -- " + lib
		}
	}
}

func (r *reader) setName(n erb.Node, arg erb.Node) {
	if r.f.Name != "" {
		r.fail(n, "a second function definition in the file")
	}
	name, ok := symOrString(arg)
	if !ok {
		r.fail(n, "a function name that is not a literal")
	}
	r.f.Name = name
}

// create4 reads Puppet::Functions.create_function(:name) do ... end.
func (r *reader) create4(x *erb.Call) {
	internal := len(x.Args) == 2 && isConst(x.Args[1], "Puppet::Functions::InternalFunction")
	if len(x.Args) != 1 && !internal {
		r.fail(x, "create_function with %d arguments (a base class)", len(x.Args))
	}
	if x.Block == nil {
		r.fail(x, "create_function without a block")
	}
	r.setName(x, x.Args[0])
	r.internal = internal
	r.f.API = erbgen.API4
	for _, n := range x.Block.Body {
		switch y := n.(type) {
		case *erb.Def:
			if y.Singleton {
				r.fail(y, "singleton method definitions (def self.%s)", y.Name)
			}
			if isScopeCall(y) {
				r.scopeCall = true
				continue
			}
			r.defs = append(r.defs, y)
		case *erb.Call:
			switch {
			case y.Recv == nil && (y.Name == "dispatch" || y.Name == "argument_mismatch"):
				r.dispatch(y)
			case y.Recv == nil && y.Name == "local_types":
				r.localTypes(y)
			case y.Recv == nil && y.Name == "require" && len(y.Args) == 1:
				r.require(y)
			case y.Recv == nil && y.Name == "private" && len(y.Args) == 0:
				// the methods that follow are private: nothing to do
			default:
				r.fail(y, "call of `%s' in the function body", y.Name)
			}
		default:
			r.fail(n, "%s in the function body", nodeName(n))
		}
	}
	if len(r.f.Dispatches) == 0 {
		r.defaultDispatch(x)
	}
	if r.scopeCall {
		r.scopeFirst(x)
	}
	for _, d := range r.f.Dispatches {
		if !r.hasDef(d.Method) {
			r.fail(x, "dispatch to method `%s', which the file does not define", d.Method)
		}
	}
}

// defaultDispatch is the dispatch of a 4.x function without one: to the
// method named as the function's last segment, with a parameter of type
// Any for each of the method's (optional ones optional, *rest repeated).
func (r *reader) defaultDispatch(x *erb.Call) {
	name := r.f.Name
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	for _, d := range r.defs {
		if d.Name != name {
			continue
		}
		var parts []string
		for _, p := range d.Params {
			switch p.Kind {
			case erb.ParamReq:
				parts = append(parts, "Any "+p.Name)
			case erb.ParamOpt:
				parts = append(parts, "Any "+p.Name+"?")
			case erb.ParamRest:
				parts = append(parts, "Any "+p.Name+"*")
			default:
				r.fail(d, "a parameter of the method of a 4.x function without dispatch that is not positional")
			}
		}
		r.f.Dispatches = append(r.f.Dispatches, Dispatch{Method: name, Spec: strings.Join(parts, ", ")})
		return
	}
	r.fail(x, "a 4.x function without dispatch nor method %s", name)
}

func (r *reader) hasDef(name string) bool {
	for _, d := range r.defs {
		if d.Name == name {
			return true
		}
	}
	return false
}

// dispatch reads dispatch :method do param 'Type', :name ... end.
func (r *reader) dispatch(x *erb.Call) {
	if len(x.Args) != 1 {
		r.fail(x, "%s with %d arguments", x.Name, len(x.Args))
	}
	method, ok := symOrString(x.Args[0])
	if !ok {
		r.fail(x, "%s to a method that is not a literal", x.Name)
	}
	d := Dispatch{Method: method, Mismatch: x.Name == "argument_mismatch"}
	var parts []string
	if x.Block != nil {
		for _, n := range x.Block.Body {
			c, ok := n.(*erb.Call)
			if !ok || c.Recv != nil {
				r.fail(n, "%s in a dispatch", nodeName(n))
			}
			typeArg := func(i int) string {
				if len(c.Args) <= i {
					r.fail(c, "%s without a type", c.Name)
				}
				s, ok := erb.LiteralString(c.Args[i])
				if !ok {
					r.fail(c, "%s with a type that is not a literal string", c.Name)
				}
				return s
			}
			nameArg := func(i int) string {
				if len(c.Args) <= i {
					r.fail(c, "%s without a name", c.Name)
				}
				s, ok := symOrString(c.Args[i])
				if !ok {
					r.fail(c, "%s with a name that is not a literal", c.Name)
				}
				return s
			}
			switch c.Name {
			case "scope_param":
				// InternalFunction's: the scope comes first, before any
				// parameter
				if !r.internal || len(parts) > 0 || d.Scope || len(c.Args) != 0 {
					r.fail(c, "scope_param that is not the first of an InternalFunction's dispatch")
				}
				d.Scope = true
			case "param", "required_param":
				parts = append(parts, typeArg(0)+" "+nameArg(1))
			case "optional_param":
				parts = append(parts, typeArg(0)+" "+nameArg(1)+"?")
			case "repeated_param", "optional_repeated_param":
				parts = append(parts, typeArg(0)+" "+nameArg(1)+"*")
			case "required_repeated_param":
				parts = append(parts, typeArg(0)+" "+nameArg(1)+"+")
			case "return_type":
				d.Return = typeArg(0)
			case "block_param", "required_block_param", "optional_block_param":
				// block_param, block_param :name, block_param 'Type', :name
				ty, name := "", "block"
				switch len(c.Args) {
				case 0:
				case 1:
					name = nameArg(0)
				default:
					ty, name = typeArg(0), nameArg(1)
				}
				part := strings.TrimSpace(ty + " &" + name)
				if c.Name == "optional_block_param" {
					part += "?"
				}
				parts = append(parts, part)
			default:
				r.fail(c, "`%s' in a dispatch", c.Name)
			}
		}
	}
	d.Spec, d.parts = joinParts(parts), parts
	r.f.Dispatches = append(r.f.Dispatches, d)
}

// localTypes reads local_types do type 'Name = Definition' end.
func (r *reader) localTypes(x *erb.Call) {
	if x.Block == nil {
		r.fail(x, "local_types without a block")
	}
	for _, n := range x.Block.Body {
		c, ok := n.(*erb.Call)
		if !ok || c.Recv != nil || c.Name != "type" || len(c.Args) != 1 {
			r.fail(n, "%s in local_types", nodeName(n))
		}
		s, ok := erb.LiteralString(c.Args[0])
		name, def, found := strings.Cut(s, "=")
		if !ok || !found {
			r.fail(c, "a local type that is not a literal 'Name = Type'")
		}
		r.f.LocalTypes = append(r.f.LocalTypes, [2]string{strings.TrimSpace(name), strings.TrimSpace(def)})
	}
}

// new3 reads newfunction(:name, type: :rvalue, arity: N, doc: ...) do |args| ... end.
func (r *reader) new3(x *erb.Call) {
	if len(x.Args) == 0 {
		r.fail(x, "newfunction without a name")
	}
	f3 := r.f
	if r.f.Name != "" && r.f.API == erbgen.API3 {
		// another function of the same file
		f3 = &Function{Path: r.f.Path}
		r.f.Also = append(r.f.Also, f3)
		name, ok := symOrString(x.Args[0])
		if !ok {
			r.fail(x, "a function name that is not a literal")
		}
		f3.Name = name
	} else {
		r.setName(x, x.Args[0])
	}
	f3.API = erbgen.API3
	f3.Arity = -1
	for _, a := range x.Args[1:] {
		h, ok := a.(*erb.Hash)
		if !ok {
			r.fail(x, "newfunction with an argument that is not an option")
		}
		for _, p := range h.Pairs {
			key, _ := symOrString(p.Key)
			switch key {
			case "arity":
				n, ok := intLit(p.Value)
				if !ok {
					r.fail(x, "an arity that is not a literal integer")
				}
				f3.Arity = n
			case "type":
				t, _ := symOrString(p.Value)
				f3.Rvalue = t == "rvalue"
			case "doc":
			default:
				r.fail(x, "newfunction option %s", key)
			}
		}
	}
	if x.Block == nil {
		r.fail(x, "newfunction without a block")
	}
	b := x.Block
	if len(b.Params) > 1 || len(b.Params) == 1 && b.Params[0].Kind != erb.ParamReq && b.Params[0].Kind != erb.ParamOpt &&
		b.Params[0].Kind != erb.ParamRest {
		r.fail(x, "newfunction block parameters other than |args| or |*args|")
	}
	// the block runs as a method (Puppet defines it with define_method)
	// called with the arguments as one Array (|*args| has it as its one
	// element): return leaves it
	f3.method3 = "real_function_" + strings.ReplaceAll(f3.Name, "::", "_")
	params := b.Params
	if len(params) == 1 && params[0].Kind != erb.ParamRest {
		params = []erb.Param{{Name: params[0].Name, Kind: erb.ParamReq}}
	}
	body := b.Body
	var begin *erb.Begin
	if len(body) == 1 {
		if bb, ok := body[0].(*erb.Begin); ok && !bb.Modifier {
			begin = bb
		}
	}
	if begin == nil {
		begin = &erb.Begin{At: b.At, Body: body}
	}
	r.defs = append(r.defs, &erb.Def{At: b.At, Name: f3.method3, Params: params, Body: begin})
}

// isFunctionsModule reports whether x opens Puppet::Parser::Functions
// (or a module around it), where a 3.x function file calls newfunction.
func isFunctionsModule(x *erb.Module) bool {
	for _, p := range []string{"Puppet::Parser::Functions", "Puppet::Parser", "Puppet"} {
		if isConst(x.Name, p) {
			return true
		}
	}
	return false
}

// topClass reads a class or module the function's own file defines at
// its top level, translated with the function as a required file's are
// (requireModule).
func (r *reader) topClass(x erb.Node) {
	if r.modules == nil {
		r.modules = &moduleReader{seen: map[string]bool{}, byName: map[string]*erbgen.ModuleClass{}}
	}
	r.modules.body(r.t, r.t.Name, []erb.Node{x}, "", nil, nil)
	if why := r.modules.why; why != "" {
		r.fail(x, "%s", strings.TrimPrefix(why, "unsupported Ruby: "))
	}
	r.classes = r.modules.classes
}

// isLoadPath reports whether n is Ruby's load path ($LOAD_PATH, $:).
func isLoadPath(n erb.Node) bool {
	g, ok := n.(*erb.GVar)
	return ok && (g.Name == "$LOAD_PATH" || g.Name == "$:" || g.Name == "LOAD_PATH" || g.Name == ":")
}

func isConst(n erb.Node, path string) bool {
	p := constName(n)
	return p != "" && (p == path || p == strings.TrimPrefix(path, "::"))
}

// constName is the path of constant n ("" when n is none).
func constName(n erb.Node) string {
	c, ok := n.(*erb.Const)
	if !ok {
		return ""
	}
	p := c.Name
	for s := c.Scope; s != nil; s = s.Scope {
		p = s.Name + "::" + p
	}
	return p
}

func symOrString(n erb.Node) (string, bool) {
	if s, ok := n.(*erb.Sym); ok && s.Parts == nil {
		return s.Name, true
	}
	if s, ok := n.(*erb.Sym); ok {
		return erb.LiteralString(&erb.Str{Parts: s.Parts})
	}
	return erb.LiteralString(n)
}

func intLit(n erb.Node) (int, bool) {
	switch x := n.(type) {
	case *erb.Int:
		return int(x.V), true
	case *erb.Unary:
		if x.Op == "-@" {
			v, ok := intLit(x.X)
			return -v, ok
		}
	}
	return 0, false
}

func describe(n erb.Node) string {
	if s, ok := erb.LiteralString(n); ok {
		return strconv.Quote(s)
	}
	return "a computed file name"
}

// nodeName names a construct in messages.
func nodeName(n erb.Node) string {
	switch n.(type) {
	case *erb.Def:
		return "a method definition"
	case *erb.Class:
		return "a class definition"
	case *erb.Module:
		return "a module definition"
	case *erb.Assign, *erb.MultiAssign, *erb.OpAssign:
		return "an assignment"
	case *erb.If:
		return "a conditional"
	}
	return strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", n), "*erb."))
}

// Defs are the function as data, rubyfn.Func literals (with the type
// elided, for a []rubyfn.Func), its methods being the Go function
// funcName: the function, then the others of its file, in the order
// they are registered (rt/rubyfn's RegisterAll registers each).
func (fun *Function) Defs(funcName string) []jen.Code {
	fields := jen.Dict{jen.Id("Name"): jen.Lit(fun.Name), jen.Id("API"): jen.Lit(fun.API)}
	if fun.Pure() {
		fields[jen.Id("Pure")] = jen.True()
	}
	var also []jen.Code
	if fun.Refused != "" {
		fields[jen.Id("Refused")] = jen.Lit(fun.Refused)
		if fun.method3 == "" {
			// Puppet code's calls fail; nothing runs for Ruby's
			fields[jen.Id("Arity")] = jen.Lit(-1)
			return []jen.Code{jen.Values(fields)}
		}
	}
	switch {
	case fun.LoadError != "":
		fields[jen.Id("LoadError")] = jen.Lit(fun.LoadError)
		for _, o := range fun.Also {
			o.LoadError = fun.LoadError
			also = append(also, o.Defs(funcName)...)
		}
	case fun.API == erbgen.API3:
		fields[jen.Id("Methods")] = jen.Id(funcName)
		fields[jen.Id("Arity")] = jen.Lit(fun.Arity)
		fields[jen.Id("Rvalue")] = jen.Lit(fun.Rvalue)
		fields[jen.Id("Method")] = jen.Lit(fun.method3)
		for _, o := range fun.Also {
			also = append(also, o.Defs(funcName)...)
		}
	default:
		fields[jen.Id("Methods")] = jen.Id(funcName)
		if fun.ScopeArg {
			fields[jen.Id("ScopeArg")] = jen.True()
		}
		if len(fun.LocalTypes) > 0 {
			fields[jen.Id("LocalTypes")] = jen.Index().Index(jen.Lit(2)).String().ValuesFunc(func(g *jen.Group) {
				for _, lt := range fun.LocalTypes {
					g.Values(jen.Lit(lt[0]), jen.Lit(lt[1]))
				}
			})
		}
		fields[jen.Id("Dispatches")] = jen.Index().Qual(rubyfnPath, "Dispatch").ValuesFunc(func(g *jen.Group) {
			for _, d := range fun.Dispatches {
				df := jen.Dict{jen.Id("Spec"): jen.Lit(d.Spec), jen.Id("Method"): jen.Lit(d.Method)}
				if d.Return != "" {
					df[jen.Id("Return")] = jen.Lit(d.Return)
				}
				if d.Sig != nil {
					df[jen.Id("Sig")] = d.Sig
				}
				if d.Scope && !fun.ScopeArg {
					df[jen.Id("Scope")] = jen.True()
				}
				if d.Mismatch {
					df[jen.Id("Mismatch")] = jen.True()
				}
				g.Values(df)
			}
		})
	}
	return append([]jen.Code{jen.Values(fields)}, also...)
}
