package erbgen

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/erb"
	rterb "github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/values"
)

// kernelFuncs are methods of the template wrapper (Kernel's and
// Puppet::Parser::TemplateWrapper's) called without a receiver, and the
// *erb.R methods implementing them.
var kernelFuncs = map[string]string{
	"Integer":               "Integer",
	"Float":                 "Float",
	"String":                "String",
	"Array":                 "Array",
	"Hash":                  "HashOf",
	"format":                "Sprintf",
	"sprintf":               "Sprintf",
	"raise":                 "Raise",
	"fail":                  "Raise",
	"require":               "Require",
	"has_variable?":         "HasVariable",
	"instance_variable_get": "InstanceVariableGet",
	"rand":                  "KernelRand",
	"URI":                   "KernelURI",
	"srand":                 "Srand",
}

// unsupportedKernel are wrapper methods a template may call that pp2go
// cannot translate (side effects, I/O, reflection, data it does not have).
var unsupportedKernel = map[string]string{
	"puts": "output to stdout", "print": "output to stdout", "p": "output to stdout",
	"pp": "output to stdout", "printf": "output to stdout", "putc": "output to stdout",
	"warn": "output to stderr", "gets": "input", "readline": "input", "readlines": "input",
	"open": "file access", "system": "running commands", "exec": "running commands",
	"spawn": "running commands", "fork": "running commands", "`": "running commands",
	"exit": "exit", "exit!": "exit", "abort": "exit", "at_exit": "exit", "sleep": "sleep",
	"eval":          "eval",
	"instance_eval": "eval", "binding": "binding", "lambda": "lambdas", "proc": "procs",
	"loop": "loop without a block", "catch": "catch/throw", "throw": "catch/throw", "block_given?": "blocks",
	"caller": "backtraces", "load": "loading code", "require_relative": "loading code",
	"autoload": "loading code", "send": "dynamic method calls", "__send__": "dynamic method calls",
	"public_send": "dynamic method calls", "method": "method objects",
	"define_method": "defining methods", "instance_variable_set": "reflection",
	"instance_variables": "reflection", "instance_variable_defined?": "reflection",
	"local_variables": "reflection", "global_variables": "reflection",
	"trap": "signals", "select": "I/O", "syscall": "system calls", "test": "file tests",
	"file": "the template's file name", "classes": "the catalog's classes",
	"all_tags": "the catalog's tags", "tags": "tags", "scope": "the scope as a value",
	"to_s": "the template wrapper as a value", "inspect": "the template wrapper as a value",
	"freeze": "the template wrapper as a value", "object_id": "object ids",
	"Rational": "Rational numbers", "Complex": "Complex numbers", "BigDecimal": "BigDecimal",
	"format_time": "time", "fqdn_rand": "random numbers",
}

//go:embed rubymethods.txt
var rubyMethodList string

//go:embed wrappermethods.txt
var wrapperMethodList string

// wrapperMethods are the methods a template can call without a receiver
// in Ruby (Puppet::Parser::TemplateWrapper's, Kernel's, Object's).
var wrapperMethods = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(wrapperMethodList) {
		m[n] = true
	}
	return m
}()

// rubyMethods are the names of all methods of all classes and modules in
// a Ruby 3.1 process running Puppet 7.23 (tools/rubymethods.rb).
var rubyMethods = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(rubyMethodList) {
		m[n] = true
	}
	return m
}()

func isScope(n erb.Node) bool {
	c, ok := n.(*erb.Call)
	return ok && c.Recv == nil && c.Name == "scope" && len(c.Args) == 0 && c.Block == nil
}

// callArgs translates arguments; splats make the list a Spread call.
func (t *translator) callArgs(args []erb.Node) ([]jen.Code, jen.Code) {
	var out []jen.Code
	var blk jen.Code
	splat := false
	for _, a := range args {
		switch x := a.(type) {
		case *erb.Splat:
			splat = true
			out = append(out, rcall("Splat", t.expr(x.X)))
		case *erb.DoubleSplat:
			// **h as the last argument: h's pairs as the keyword hash
			// (none when h is empty)
			if a != args[len(args)-1] {
				t.unsupported(x, "a double splat before other arguments")
			}
			if len(out) > 0 {
				if _, isHash := args[len(out)-1].(*erb.Hash); isHash {
					t.unsupported(x, "a double splat after keyword arguments")
				}
			}
			splat = true
			out = append(out, rcall("KwSplat", t.expr(x.X)))
		case *erb.BlockPass:
			blk = rcall("BlkSym", t.expr(x.X))
		default:
			out = append(out, t.expr(a))
		}
	}
	if splat {
		st := rcall("Spread", out...).Op("...")
		t.spreads[st] = true
		return []jen.Code{st}, blk
	}
	return out, blk
}

// callLine makes the call of an *R method for a Ruby call. Ruby reports
// an error in a call at the line of its method name; when that is not the
// statement's line, the line is recorded after the receiver and arguments
// are evaluated (they may record lines of their own) and right before the
// call.
type callLine struct {
	t    *translator
	line int // 0: the statement's line
}

func (t *translator) lineFor(x *erb.Call) callLine {
	l := t.lineOf(x.NameOff)
	if l != t.stmtLine && l > 0 {
		return callLine{t: t, line: l}
	}
	return callLine{t: t}
}

func (c callLine) call(method string, args ...jen.Code) *jen.Statement {
	if c.line == 0 {
		return rcall(method, args...)
	}
	var names, vals, uses []jen.Code
	for _, a := range args {
		if st, ok := a.(*jen.Statement); ok && (c.t.spreads[st] || fmt.Sprintf("%#v", st) == "nil") {
			// a spread, or nil: it evaluates nothing (and an untyped
			// nil makes no temporary)
			uses = append(uses, a)
			continue
		}
		tmp := c.t.temp("arg")
		names = append(names, jen.Id(tmp))
		vals = append(vals, a)
		uses = append(uses, jen.Id(tmp))
	}
	var body []jen.Code
	if len(names) > 0 {
		body = append(body, jen.List(names...).Op(":=").List(vals...))
	}
	body = append(body, rcall("L", jen.Lit(c.line)), jen.Return(rcall(method, uses...)))
	c.t.frame.lastLine = 0
	return jen.Func().Params().Add(valueT()).Block(body...).Call()
}

func (t *translator) call(x *erb.Call) *jen.Statement {
	if y, ok := literalSend(x); ok {
		return t.call(y)
	}
	if x.Recv == nil {
		return t.selfCall(x)
	}
	if out, ok := t.nestedERB(x); ok {
		return out
	}
	if loadPathEdit(x) {
		// $LOAD_PATH.unshift(dir) before a require of a module's Ruby
		// (elastic's kibana.yml.erb): pp2go finds module Ruby on the
		// module path's lib directories, as Puppet's load path has them
		return jen.Nil()
	}
	if isScope(x.Recv) || t.isFunctionScope(x.Recv) {
		return t.scopeCall(x)
	}
	if x.Safe {
		tmp := t.temp("recv")
		inner := *x
		inner.Safe = false
		call := t.methodCall(&inner, jen.Id(tmp))
		return jen.Func().Params().Add(valueT()).Block(
			jen.Id(tmp).Op(":=").Add(t.expr(x.Recv)),
			jen.If(jen.Id(tmp).Op("==").Nil()).Block(jen.Return(jen.Nil())),
			jen.Return(call),
		).Call()
	}
	if st, ok := t.classCall(x); ok {
		return st
	}
	if c, ok := x.Recv.(*erb.Const); ok && constPath(c) == "Proc" && x.Name == "new" && len(x.Args) == 0 && x.Block != nil {
		return t.procValue(x.Block, false)
	}
	if st, ok := t.puppetTypesCall(x); ok {
		return st
	}
	if st, ok := t.puppetCall(x); ok {
		return st
	}
	if st, ok := t.literalInclude(x); ok {
		return st
	}
	return t.methodCall(x, t.expr(x.Recv))
}

// literalInclude translates [lit, ...].include?(x) (and member?), an
// Array literal of nil, true, false, Integers, plain Strings and Symbols,
// as erb.InLiterals, which compares x with each as Array#include? does
// without making the Array and its Strings (the idiom runs in loops:
// ![nil, "", :undef].include?(v)).
func (t *translator) literalInclude(x *erb.Call) (*jen.Statement, bool) {
	arr, ok := x.Recv.(*erb.Array)
	if !ok || x.Name != "include?" && x.Name != "member?" || len(x.Args) != 1 || x.Block != nil || len(arr.Elems) == 0 {
		return nil, false
	}
	if t.classes != nil && t.classes.user[x.Name] {
		return nil, false
	}
	switch x.Args[0].(type) {
	case *erb.Splat, *erb.DoubleSplat, *erb.BlockPass:
		return nil, false
	}
	args := []jen.Code{t.expr(x.Args[0])}
	for _, e := range arr.Elems {
		switch y := e.(type) {
		case *erb.Nil:
			args = append(args, jen.Nil())
		case *erb.Bool:
			args = append(args, jen.Lit(y.V))
		case *erb.Int:
			args = append(args, jen.Lit(y.V))
		case *erb.Sym:
			if y.Parts != nil {
				return nil, false
			}
			args = append(args, erbQ("Symbol").Call(jen.Lit(y.Name)))
		default:
			s, ok := erb.LiteralString(e)
			if !ok {
				return nil, false
			}
			args = append(args, jen.Lit(s))
		}
	}
	return erbQ("InLiterals").Call(args...), true
}

// methodCall translates recv.name(args) with recv already translated.
func (t *translator) methodCall(x *erb.Call, recv jen.Code) *jen.Statement {
	rr := t.lineFor(x)
	if m, ok := binaryOps[x.Name]; ok && len(x.Args) == 1 && x.Block == nil {
		return rr.call(m, recv, t.expr(x.Args[0]))
	}
	switch x.Name {
	case "!":
		if len(x.Args) == 0 {
			return erbQ("Not").Call(recv)
		}
	case "-@", "+@", "~":
		m := map[string]string{"-@": "OpNeg", "+@": "OpPos", "~": "OpBitNot"}[x.Name]
		return rcall(m, recv)
	case "call":
		if x.Block == nil {
			args, blk := t.callArgs(x.Args)
			if blk == nil {
				return rr.call("CallProc", append([]jen.Code{recv}, args...)...)
			}
		}
		t.unsupported(x, "a block given to `call'")
	case "send", "__send__", "public_send":
		// a name computed when it runs (literalSend takes the others)
		args, blk := t.callArgs(x.Args)
		if blk = t.oneBlock(x, blk); blk == nil {
			blk = erbQ("NoBlock")
		}
		return rr.call("SendDynamic", append([]jen.Code{recv, jen.Lit(x.Name == "public_send"), blk}, args...)...)
	case "extend":
		if t.classes != nil && x.Block == nil && len(x.Args) > 0 {
			// a module of the module's Ruby (extend of Ruby's own
			// modules fails when it runs)
			args, blk := t.callArgs(x.Args)
			if blk == nil {
				return rr.call("Extend", append([]jen.Code{recv}, args...)...)
			}
		}
		t.unsupported(x, "method `%s'", x.Name)
	case "tap", "then", "yield_self", "instance_variable_get", "instance_variable_set", "instance_eval", "method", "define_singleton_method", "each_entry":
		t.unsupported(x, "method `%s'", x.Name)
	}
	if st, ok := t.userCall(x, recv); ok {
		return st
	}
	if x.Name == "compiler" && t.api != 0 && len(x.Args) == 0 && x.Block == nil {
		// an InternalFunction's scope (scope_param): Scope#compiler
		return rr.call("ScopeCompiler", recv)
	}
	if x.Name == "call_function" && t.api == API4 && x.Block == nil {
		// an InternalFunction's scope (scope_param): Scope#call_function
		if len(x.Args) > 0 {
			if s, ok := erb.LiteralString(x.Args[0]); ok {
				t.functions[s] = true
			}
		}
		args, blk := t.callArgs(x.Args)
		if blk != nil {
			t.unsupported(x, "a block argument to call_function")
		}
		return rr.call("SendCallFunction", append([]jen.Code{recv}, args...)...)
	}
	if x.Name == "[]" && len(x.Args) == 1 && x.Block == nil {
		if key, ok := erb.LiteralString(x.Args[0]); ok {
			// recv['key']: a Hash needs no String made for the key
			return rr.call("ArefStr", recv, jen.Lit(key))
		}
	}
	if (x.Name == "map" || x.Name == "collect") && t.unused == erb.Node(x) && len(x.Args) == 0 && x.Block != nil {
		// a statement: the block's results are dropped, no Array made
		return rr.call("MapUnused", recv, jen.Lit(x.Name), t.oneBlock(x, nil))
	}
	if values.LookupContextMember(x.Name) {
		// a member of a Hiera backend function's Puppet::LookupContext
		// (context.not_found, context.cache(k, v)), else no method
		args, blk := t.callArgs(x.Args)
		if blk = t.oneBlock(x, blk); blk == nil {
			blk = erbQ("NoBlock")
		}
		return rr.call("Member", append([]jen.Code{recv, jen.Lit(x.Name), blk}, args...)...)
	}
	goName, takesBlock, ok := rterb.Method(x.Name)
	if name, is3x := strings.CutPrefix(x.Name, "function_"); !ok && is3x && name != "" && x.Block == nil {
		// Scope#function_name on a variable holding the scope
		t.functions[name] = true
		args, blk := t.callArgs(x.Args)
		if blk == nil {
			return rr.call("Function3xOn", append([]jen.Code{recv, jen.Lit(name)}, args...)...)
		}
	}
	if !ok {
		if rubyMethods[x.Name] {
			t.unsupported(x, "Ruby method `%s' (pp2go does not implement it)", x.Name)
		}
		// no class in Ruby has this method: NoMethodError when it runs
		args, _ := t.callArgs(x.Args)
		return rr.call("NoMethod", append([]jen.Code{recv, jen.Lit(x.Name)}, args...)...)
	}
	args, blk := t.callArgs(x.Args)
	blk = t.oneBlock(x, blk)
	if blk != nil && !takesBlock {
		t.unsupported(x, "a block given to `%s', which pp2go implements without one", x.Name)
	}
	all := []jen.Code{recv}
	if takesBlock {
		if blk == nil {
			// typed: the argument may go through a temporary (callLine)
			blk = erbQ("NoBlock")
		}
		all = append(all, blk)
	}
	all = append(all, args...)
	return rr.call(goName, all...)
}

// oneBlock is the block of call x: its literal block or its block
// argument blk (nil when it has neither).
func (t *translator) oneBlock(x *erb.Call, blk jen.Code) jen.Code {
	if x.Block == nil {
		return blk
	}
	if blk != nil {
		t.unsupported(x, "both a block and a block argument")
	}
	return t.block(x.Block)
}

// selfObjectMethods are Object's methods a module class's method calls
// on self without a receiver.
var selfObjectMethods = map[string]bool{
	"respond_to?": true, "send": true, "public_send": true, "__send__": true, "is_a?": true,
	"kind_of?": true, "instance_of?": true, "instance_variable_get": true, "instance_variable_set": true,
	"instance_variable_defined?": true, "frozen?": true, "freeze": true, "itself": true,
}

// unsupportedKernelSelf says whether name is a Kernel function pp2go does
// not translate, which a reopened Ruby class's method does not call on
// self either.
func unsupportedKernelSelf(name string) bool {
	_, ok := unsupportedKernel[name]
	return ok && !selfObjectMethods[name]
}

// selfCall translates a call without a receiver.
func (t *translator) selfCall(x *erb.Call) *jen.Statement {
	rr := t.lineFor(x)
	if goVar, ok := t.defs[x.Name]; ok {
		args, blk := t.callArgs(x.Args)
		if blk = t.oneBlock(x, blk); blk != nil {
			all := append([]jen.Code{jen.Id(goVar), jen.Lit(x.Name), blk}, args...)
			return rr.call("CallDefBlock", all...)
		}
		all := append([]jen.Code{jen.Id(goVar), jen.Lit(x.Name)}, args...)
		return rr.call("CallDef", all...)
	}
	if t.selfObj && (t.classes.user[x.Name] || x.Name == "new" || x.Name == "const_get") {
		// a method of self's class (or a superclass's) the file's other
		// methods define, or new or const_get in a singleton method
		args, blk := t.callArgs(x.Args)
		if blk = t.oneBlock(x, blk); blk == nil {
			blk = erbQ("NoBlock")
		}
		return rr.call("SelfCall", append([]jen.Code{jen.Lit(x.Name), blk}, args...)...)
	}
	if t.selfObj && selfObjectMethods[x.Name] {
		// respond_to?(...) in a module class's method: self's
		c := *x
		c.Recv = &erb.Self{At: x.At}
		return t.call(&c)
	}
	if t.api == API4 && !t.selfObj && len(x.Args) > 0 {
		switch x.Name {
		case "send", "__send__", "public_send":
			// a name computed when it runs (literalSend takes the others):
			// one of the file's methods
			args, blk := t.callArgs(x.Args)
			if blk = t.oneBlock(x, blk); blk == nil {
				blk = erbQ("NoBlock")
			}
			return rr.call("SendDef", append([]jen.Code{t.defList(), blk}, args...)...)
		case "respond_to?":
			args, blk := t.callArgs(x.Args)
			if blk == nil && x.Block == nil {
				return rr.call("RespondToDef", append([]jen.Code{t.defList()}, args...)...)
			}
		}
	}
	if x.Name == "block_given?" && t.inDef && len(x.Args) == 0 && x.Block == nil {
		t.usesBlock = true
		return erbQ("Bool").Call(jen.Id("blk_").Op("!=").Nil())
	}
	if c, ok := t.apiCall(x); ok {
		return c
	}
	if c, ok := t.controlCall(x); ok {
		return c
	}
	if x.Name == "instance_variables" && t.api == 0 && len(x.Args) == 0 && x.Block == nil {
		// Puppet's wrapper sets @__file__ for a template file, not for
		// inline_template()
		return rr.call("InstanceVariables", jen.Lit(t.t.Name != "inline_template"))
	}
	if m, ok := kernelFuncs[x.Name]; ok {
		if x.Block != nil {
			t.unsupported(x, "a block given to `%s'", x.Name)
		}
		if x.Name == "require" && t.requiredModuleFile(oneArg(x)) {
			// a file of the module's lib/, translated with the
			// template or function; loaded already, as Puppet's Ruby
			// has it after the first rendering or call
			return erbQ("Bool").Call(jen.False())
		}
		if x.Name == "require" {
			// a library of Ruby's pp2go lacks, or a module's file, is
			// not translated (the method goes on to use it); a gem
			// Puppet's Ruby lacks is a LoadError when the require runs
			if lib, ok := erb.LiteralString(oneArg(x)); !ok || !rterb.KnownLibrary(lib) && !missingGem(lib) {
				t.unsupported(x, "require of %s", describeArg(x))
			}
		}
		args, blk := t.callArgs(x.Args)
		if blk != nil {
			t.unsupported(x, "a block argument to `%s'", x.Name)
		}
		return rr.call(m, args...)
	}
	if x.Name == "`" && t.api != 0 && len(x.Args) == 1 && x.Block == nil {
		// a function runs the command on the compiling machine
		return rr.call("Backtick", t.expr(x.Args[0]))
	}
	if x.Name == "puts" && t.api != 0 && x.Block == nil {
		// a function's output goes to the compiling process's stdout
		args, blk := t.callArgs(x.Args)
		if blk == nil {
			return rr.call("Puts", args...)
		}
	}
	if x.Name == "tags" && t.api == 0 && len(x.Args) == 0 && x.Block == nil {
		// TemplateWrapper#tags raises NotImplementedError when called
		return rr.call("Tags")
	}
	if t.selfObj && t.classes.core != "" && !unsupportedKernelSelf(x.Name) {
		// bytes, length in a method of class String: self's
		c := *x
		c.Recv = &erb.Self{At: x.At}
		return t.call(&c)
	}
	if why, ok := unsupportedKernel[x.Name]; ok {
		t.unsupported(x, "`%s' (%s)", x.Name, why)
	}
	if x.Name[0] >= 'A' && x.Name[0] <= 'Z' || wrapperMethods[x.Name] {
		t.unsupported(x, "method `%s' of the template wrapper", x.Name)
	}
	if t.api != 0 && !t.selfObj && !rterb.FunctionSelfHas(t.api, x.Name) {
		// neither the file nor the function's self has it: a NameError or
		// NoMethodError when it runs, after its arguments
		args, _ := t.callArgs(x.Args)
		return rcall("UndefinedInFunction", append([]jen.Code{jen.Lit(t.api), jen.Lit(t.function), jen.Lit(x.Name),
			jen.Lit(x.Implicit)}, args...)...)
	}
	if t.api != 0 && !(x.Implicit && jrubyPackages[x.Name]) {
		// in a function, self has Puppet's methods, which pp2go does not
		// all have: a call it does not know is not translated
		t.unsupported(x, "method `%s' of the function (self)", x.Name)
	}
	if t.api == 0 {
		// a method another template defined (def defines it on the
		// wrapper's class), else a NameError / NoMethodError when it runs
		args, blk := t.callArgs(x.Args)
		if blk = t.oneBlock(x, blk); blk == nil {
			blk = erbQ("NoBlock")
		}
		return rr.call("CallWrapper", append([]jen.Code{jen.Lit(x.Name), jen.Lit(x.Implicit), blk}, args...)...)
	}
	// anything else is a NameError / NoMethodError in Ruby when it runs
	for _, a := range x.Args {
		if _, isBlk := a.(*erb.BlockPass); !isBlk {
			t.expr(a)
		}
	}
	if x.Implicit {
		return rcall("UndefinedName", jen.Lit(x.Name))
	}
	return rcall("UndefinedMethod", jen.Lit(x.Name))
}

// defList is the file's methods as a Go []*erb.Def, in name order.
func (t *translator) defList() jen.Code {
	names := make([]string, 0, len(t.defs))
	for name := range t.defs {
		names = append(names, name)
	}
	sort.Strings(names)
	vars := make([]jen.Code, len(names))
	for i, name := range names {
		vars[i] = jen.Id(t.defs[name])
	}
	return jen.Index().Op("*").Add(erbQ("Def")).Values(vars...)
}

// jrubyPackages are the roots of Java's packages that code written for
// JRuby (puppetserver) names bare, in branches it takes on JRuby only
// (org.apache.commons.codec.digest.Crypt): under Ruby, which pp2go
// gives the results of, such a name is a NameError.
var jrubyPackages = map[string]bool{"org": true, "java": true, "javax": true, "com": true}

// requiredModuleFile reports whether lib, what a require names, is a
// module Ruby file read with the template or function (ModuleRuby).
func (t *translator) requiredModuleFile(lib erb.Node) bool {
	name, ok := StaticPath(t.t.Name, lib, t.api == 0)
	switch {
	case !ok:
		return false
	case t.module != nil && t.module.Required[name]:
		return true
	}
	return t.classes != nil && t.classes.required[name]
}

func oneArg(x *erb.Call) erb.Node {
	if len(x.Args) == 1 {
		return x.Args[0]
	}
	return &erb.Nil{}
}

func describeArg(x *erb.Call) string {
	if s, ok := erb.LiteralString(oneArg(x)); ok {
		return "'" + s + "'"
	}
	return "a computed library name"
}

// scopeCall translates scope.lookupvar, scope[...], scope.function_x,
// scope.call_function and scope.to_hash.
func (t *translator) scopeCall(x *erb.Call) *jen.Statement {
	rr := t.lineFor(x)
	if x.Block != nil {
		t.unsupported(x, "a block given to scope.%s", x.Name)
	}
	args, blk := t.callArgs(x.Args)
	if blk != nil {
		t.unsupported(x, "a block argument to scope.%s", x.Name)
	}
	switch {
	case x.Name == "lookupvar" || x.Name == "[]":
		if len(x.Args) != 1 {
			t.unsupported(x, "scope.%s with %d arguments", x.Name, len(x.Args))
		}
		if s, ok := erb.LiteralString(x.Args[0]); ok {
			t.variables[s] = true
			return rr.call("LookupVarStr", jen.Lit(s))
		}
		return rr.call("LookupVar", args...)
	case len(x.Name) > len("function_") && x.Name[:len("function_")] == "function_":
		name := x.Name[len("function_"):]
		t.functions[name] = true
		if t.lits != nil { // a function file's: bound once, at its site
			return rr.call("FunctionAt", append([]jen.Code{t.lits.site(name)}, args...)...)
		}
		return rr.call("Function", append([]jen.Code{jen.Lit(name)}, args...)...)
	case x.Name == "call_function":
		if len(x.Args) > 0 {
			if s, ok := erb.LiteralString(x.Args[0]); ok {
				t.functions[s] = true
			}
		}
		return rr.call("CallFunction", args...)
	case x.Name == "setvar":
		if len(x.Args) < 2 || len(x.Args) > 3 {
			t.unsupported(x, "scope.setvar with %d arguments", len(x.Args))
		}
		if s, ok := erb.LiteralString(x.Args[0]); ok {
			t.variables[s] = true
		}
		return rr.call("SetVar", args...)
	case x.Name == "lookupdefaults" && t.api != 0:
		// Scope#lookupdefaults(type): the resource defaults in effect
		if len(x.Args) != 1 {
			t.unsupported(x, "scope.lookupdefaults with %d arguments", len(x.Args))
		}
		return rr.call("LookupDefaults", args...)
	case x.Name == "send" || x.Name == "__send__" || x.Name == "public_send":
		// a name computed when it runs (literalSend takes the others)
		return rr.call("SendDynamic", append([]jen.Code{erbQ("ScopeValue").Call(), jen.Lit(x.Name == "public_send"), erbQ("NoBlock")}, args...)...)
	case x.Name == "to_hash":
		if len(x.Args) > 2 {
			t.unsupported(x, "scope.to_hash with %d arguments", len(x.Args))
		}
		return rr.call("ScopeHash", args...)
	case x.Name == "compiler" && t.api != 0 && len(x.Args) == 0:
		// self.compiler of a 3.x function, closure_scope.compiler of a
		// 4.x one (its environment)
		return rcall("Compiler")
	case scopeMethods[x.Name] && t.api != 0:
		return rr.call(rterb.GoName(x.Name), append([]jen.Code{erbQ("ScopeValue").Call()}, args...)...)
	}
	t.unsupported(x, "scope.%s", x.Name)
	return nil
}

// controlCall translates Kernel's methods that take a block to run:
// proc { } and lambda { } (the block as a value), catch(tag) { } and
// throw tag, value (ok false for any other call).
func (t *translator) controlCall(x *erb.Call) (*jen.Statement, bool) {
	switch x.Name {
	case "proc", "lambda":
		if len(x.Args) == 0 && x.Block != nil {
			return t.procValue(x.Block, x.Name == "lambda"), true
		}
	case "catch":
		if len(x.Args) <= 1 && x.Block != nil {
			tag := jen.Code(jen.Nil())
			if len(x.Args) == 1 {
				if _, ok := x.Args[0].(*erb.Splat); ok {
					return nil, false
				}
				tag = t.expr(x.Args[0])
			}
			return rcall("Catch", tag, t.block(x.Block)), true
		}
	case "loop":
		if len(x.Args) == 0 && x.Block != nil {
			return rcall("Loop", t.block(x.Block)), true
		}
	case "throw":
		if len(x.Args) >= 1 && len(x.Args) <= 2 && x.Block == nil {
			args, blk := t.callArgs(x.Args)
			if blk == nil {
				return t.lineFor(x).call("Throw", args...), true
			}
		}
	}
	return nil, false
}

// literalSend is recv.send(:name, args) (__send__, public_send; 'name')
// as the call recv.name(args) it makes. Receiverless, only send and
// __send__: they reach private methods, which a call without a receiver
// does too.
func literalSend(x *erb.Call) (*erb.Call, bool) {
	switch x.Name {
	case "send", "__send__":
	case "public_send":
		if _, self := x.Recv.(*erb.Self); x.Recv == nil || self {
			return nil, false
		}
	default:
		return nil, false
	}
	if len(x.Args) == 0 {
		return nil, false
	}
	var name string
	switch a := x.Args[0].(type) {
	case *erb.Sym:
		if a.Parts != nil {
			s, ok := erb.LiteralString(&erb.Str{Parts: a.Parts})
			if !ok {
				return nil, false
			}
			name = s
		} else {
			name = a.Name
		}
	case *erb.Str:
		s, ok := erb.LiteralString(a)
		if !ok {
			return nil, false
		}
		name = s
	default:
		return nil, false
	}
	if name == "" {
		return nil, false
	}
	y := *x
	y.Name, y.Args = name, x.Args[1:]
	y.Parens, y.Command, y.Implicit = true, false, false
	return &y, true
}

// loadPathEdit reports whether x adds to Ruby's load path: unshift,
// push, << or concat on $LOAD_PATH or $:.
func loadPathEdit(x *erb.Call) bool {
	g, ok := x.Recv.(*erb.GVar)
	if !ok || g.Name != "LOAD_PATH" && g.Name != ":" {
		return false
	}
	switch x.Name {
	case "unshift", "push", "<<", "concat":
		return true
	}
	return false
}
