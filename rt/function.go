package rt

import (
	"strings"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// ---- control flow ----

// controlFlow is what break(), next() and return() raise: Puppet unwinds to
// the construct that handles them, and reports them as illegal where none
// does.
type controlFlow interface {
	outsideMessage() string
	site() *Site
}

type nextSignal struct {
	value values.Value
	at    *Site
}

type returnSignal struct {
	value values.Value
	at    *Site
}

type breakSignal struct{ at *Site }

func (nextSignal) outsideMessage() string   { return "next() from context where this is illegal" }
func (returnSignal) outsideMessage() string { return "return() from context where this is illegal" }
func (breakSignal) outsideMessage() string  { return "break() from context where this is illegal" }
func (s nextSignal) site() *Site            { return s.at }
func (s returnSignal) site() *Site          { return s.at }
func (s breakSignal) site() *Site           { return s.at }

// Next is next(value) at site.
func Next(site *Site, v values.Value) values.Value { panic(nextSignal{v, site}) }

// Return is return(value) at site.
func Return(site *Site, v values.Value) values.Value { panic(returnSignal{v, site}) }

// Break is break() at site: iteration functions stop on it.
func Break(site *Site) values.Value {
	b := &fn.BreakSignal{}
	if site != nil && site.File != nil {
		b.File, b.Line, b.Column = site.File.Path, int(site.Line), int(site.Column)
	}
	panic(b)
}

// illegalFlow is the error for a control flow signal that reached a place
// that does not handle it.
func illegalFlow(r any) *Error {
	switch x := r.(type) {
	case controlFlow:
		s := x.site()
		if s != nil && s.File != nil {
			return located(x.outsideMessage(), s.File.Path, int(s.Line))
		}
		return &Error{Message: x.outsideMessage()}
	case *fn.BreakSignal:
		return located(breakSignal{}.outsideMessage(), x.File, x.Line)
	}
	return nil
}

// runBody runs the code of a class or define: return() and next()
// end it early.
func runBody(body func(*Scope), s *Scope) {
	returned := false // as in Fn
	defer func() {
		if returned {
			return
		}
		if r := recover(); r != nil {
			switch r.(type) {
			case returnSignal, nextSignal:
				return
			}
			panic(r)
		}
	}()
	body(s)
	returned = true
}

// runNodeBody runs the code of a node definition: Puppet evaluates it as
// a plain expression (pops_bridge.rb instantiate_NodeDefinition), which
// catches neither return() nor next(), unlike the bodies of classes and
// defines (ExpressionSupportingReturn).
func runNodeBody(body func(*Scope), s *Scope) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case returnSignal, nextSignal:
				panic(illegalFlow(r))
			}
			panic(r)
		}
	}()
	body(s)
}

// runMain runs the code of a main manifest file: control flow that reaches
// it is an error.
func runMain(body func(*Scope), s *Scope) {
	defer func() {
		if r := recover(); r != nil {
			if e := illegalFlow(r); e != nil {
				panic(e)
			}
			panic(r)
		}
	}()
	body(s)
}

// ---- functions ----

// FuncRef is a generated package's reference to a function by name,
// resolved on first use (functions register in init functions, in no
// particular order).
type FuncRef struct {
	Name string
	// Dispatch is the dispatch of the function that the call is bound to
	// at build time, counting from 1 (fn.Func.StaticDispatch); 0: the
	// call chooses it from its arguments.
	Dispatch int
	// Check are the arguments, by position (bit i: the i-th), that a call
	// bound to Dispatch still checks against its parameter types: those
	// not known at build time (fn.Func.CallDispatch).
	Check uint64
	// Cell keeps the function the name resolves to (package cell).
	Cell *Cell
}

func (r *FuncRef) resolve(site SiteRef) *fn.Func {
	kept := cell.Pointer[fn.Func](&r.Cell)
	if f := atomicptr.Load(kept); f != nil {
		return f
	}
	f := fn.Lookup(r.Name)
	if f == nil {
		IssueAt(site.Site(), "UNKNOWN_FUNCTION", "Unknown function: '%s'.", r.Name)
	}
	atomicptr.Store(kept, f)
	return f
}

// Fn calls a function at site from scope s, with an optional lambda. What
// the function raises is reported at the call as Puppet does ("Error while
// evaluating a Function Call, ...").
//
// The function gets a copy of args from the compile's slab (which it may
// keep: in a value it returns, say), so that args itself does not escape
// and the caller's variadic list stays on its stack.
//
// The site is built (SiteRef.Site) only when the call fails, logs or
// needs it otherwise (create_resources, break, a stack trace): a keystone
// compile makes 578 calls, and built each one's site before.
func (s *Scope) Fn(site SiteRef, f *FuncRef, block *Lambda, args ...values.Value) values.Value {
	fun := f.resolve(site)
	if !s.c.prog.hasFunction(fun) {
		IssueAt(site.Site(), "UNKNOWN_FUNCTION", "Unknown function: '%s'.", f.Name)
	}
	prev := s.callSite
	s.callSite = site
	s.c.calls = append(s.c.calls, site)
	// returned: no panic to recover (recover costs a call each time)
	returned := false
	defer func() {
		s.callSite = prev
		s.c.calls = s.c.calls[:len(s.c.calls)-1]
		if returned {
			return
		}
		if r := recover(); r != nil {
			atSite(site.Site(), r)
		}
	}()
	var b fn.Block
	if block != nil {
		b = block
	}
	if fun.ScopeArg && !fun.API3 { // the scope first, in the list's room
		own := append(makeSlice(&s.c.valueLists, len(args)+1, 1024), fn.ScopeArgValue)
		v := fun.CallWithScopeArg(s, append(own, args...), b)
		returned = true
		return v
	}
	var own []values.Value
	if len(args) > 0 {
		own = append(makeSlice(&s.c.valueLists, len(args), 1024), args...)
	}
	var v values.Value
	if f.Dispatch > 0 && fun.Bindable() {
		v = fun.CallDispatch(s, f.Dispatch-1, f.Check, own)
	} else {
		v = fun.Call(s, own, b)
	}
	returned = true
	return v
}

// Member is a method call, `$recv.name(args)`, whose name may be a
// member of its receiver's type (values.MemberType): when the
// receiver has the member (fn.Members), the member is called; else the
// function of that name is, with the receiver as its first argument
// (Puppet's CallMethodExpression).
func (s *Scope) Member(site SiteRef, f *FuncRef, block *Lambda, recv values.Value, args ...values.Value) values.Value {
	if o, ok := recv.(*values.ObjectValue); ok {
		// an attribute's reader, or a function that reads one (Error's
		// message), which Ruby calls with no arguments
		if v, ok := o.Member(f.Name); ok {
			if len(args) > 0 {
				guardRef(site, func() { panic(fn.Errorf("wrong number of arguments (given %d, expected 0)", len(args))) })
			}
			return v
		}
	}
	m, ok := recv.(fn.Members)
	if !ok {
		return s.Fn(site, f, block, append([]values.Value{recv}, args...)...)
	}
	var b fn.Block
	if block != nil {
		b = block
	}
	var v values.Value
	guardRef(site, func() { v, ok = m.CallMember(s, f.Name, args, b) })
	if !ok {
		return s.Fn(site, f, block, append([]values.Value{recv}, args...)...)
	}
	return v
}

// StaticDispatch is, for code generators, the dispatch that a call of the
// function name with these arguments and no lambda runs, and the unknown
// arguments it checks against that dispatch's types when it runs
// (fn.Func.StaticDispatch: args[i] is a literal argument's value, nil
// when it is known at run time, and types[i], when types is not nil, the
// type its value is proven to have), among the functions every program
// has (Puppet's core, which no module's function shadows, with the
// steering functions of this package); -1 when none is proven.
func StaticDispatch(name string, args []values.Value, types []values.Type) (int, uint64) {
	registerBuiltins()
	f := fn.Lookup(name)
	if f == nil {
		return -1, 0
	}
	return f.StaticDispatch(args, types)
}

// CallNamed calls a function by name (call_function), as fn.Context
// requires.
func (s *Scope) callNamed(name string, args []values.Value, block fn.Block) values.Value {
	fun := fn.Lookup(name)
	if fun == nil || !s.c.prog.hasFunction(fun) {
		Fail("Unknown function: '" + name + "'.")
	}
	return fun.Call(s, args, block)
}

// hasFunction reports whether a registered function exists in the
// program's environment: not one of a module Puppet left out
// (moduleAbsent), nor one of a terminus the program has not (Func.Terminus:
// puppetdb_query without PuppetDBQuery).
func (p *Program) hasFunction(f *fn.Func) bool {
	switch {
	case f.Module != "" && p.moduleAbsent(f.Module):
		return false
	case f.Terminus == "puppetdb":
		return p.PuppetDBQuery != nil
	}
	return f.Terminus == ""
}

func init() {
	// PuppetDB's terminus's puppetdb_query (puppet/functions/puppetdb_query.rb
	// of PuppetDB's puppet-terminus-puppetdb).
	fn.New("puppetdb_query").Terminus("puppetdb").
		D("Variant[String[1], Array[Data, 1]] query", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			prog := c.(*Scope).c.prog
			v, err := prog.PuppetDBQuery(args[0], prog.Puppet().Major)
			if err != nil {
				Fail(err.Error())
			}
			return v
		}).Register()
}

// ---- fn.Context ----

var _ fn.Context = (*Scope)(nil)

// LookupVar implements fn.Context: `$name` in this scope, without the
// unknown variable warning.
func (s *Scope) LookupVar(name string) (values.Value, bool) {
	v, ok := s.lookup(name)
	if ok && v == nil {
		v = values.Undef
	}
	return v, ok
}

// Call implements fn.Context's call_function.
func (s *Scope) Call(name string, args []values.Value, block fn.Block) values.Value {
	return s.callNamed(name, args, block)
}

// CallGlobal implements fn.GlobalCaller: the top scope calls the
// function, its logs placed at the call this scope is making.
func (s *Scope) CallGlobal(name string, args []values.Value, block fn.Block) values.Value {
	top := s.c.top
	if top == s {
		return s.callNamed(name, args, block)
	}
	prev := top.callSite
	top.callSite = s.callSite
	defer func() { top.callSite = prev }()
	return top.callNamed(name, args, block)
}

// Log implements fn.Context.
func (s *Scope) Log(level, msg string) { s.c.logAt(level, s.callSite.Site(), msg, s) }

// DropsLog implements erb.LogFilter: the compile keeps no debug
// messages when the program drops them.
func (s *Scope) DropsLog(level string) bool { return s.c.prog.DropDebug && level == "debug" }

// Warn implements fn.Context.
func (s *Scope) Warn(msg string) { s.c.logAt("warning", s.callSite.Site(), msg, nil) }

// NodeName implements fn.Context.
func (s *Scope) NodeName() string { return s.c.node.Name }

// Environment implements fn.Context.
func (s *Scope) Environment() string { return s.c.prog.Environment }

// FindFile implements fn.Context: a module file compiled into the program,
// or an absolute path on this machine.
func (s *Scope) FindFile(path string) ([]byte, bool) {
	return s.c.prog.findFile(path)
}

// Ctx is the compilation the scope belongs to.
func (s *Scope) Ctx() *Ctx { return s.c }

// ---- lambdas ----

// LambdaParam is a parameter of a lambda or a Puppet-language function.
type LambdaParam struct {
	Name string
	Type *TypeRef // nil: Any, unless TypeExpr is set
	// TypeExpr is a type computed at run time (Integer[0, $n]): Puppet
	// evaluates a lambda's as it evaluates the lambda, in the lambda's
	// scope (Closure's parameter types), a function's as the function
	// loads, at its first call in a compilation, in the top scope.
	TypeExpr     func(s *Scope) values.Value
	Default      func(s *Scope) values.Value
	CapturesRest bool
	// At is a lambda's required parameter's site in the signature's
	// Sites, plus one (0: none): Puppet reports a call without its
	// argument there (a Ruby function calling the lambda as a block).
	At int32
}

// Signature describes a lambda or function's parameters once, for every
// call (generated code keeps it in a package variable).
type Signature struct {
	Params []LambdaParam
	Return *TypeRef // nil: not asserted, unless ReturnExpr is set
	// ReturnExpr is a return type computed at run time (Array[$t]): Puppet
	// evaluates a lambda's in the lambda's scope, a function's as the
	// function loads, at its first call in a compilation, in no scope at
	// all (Closure::Named's @enclosing_scope is nil: Ctx.nilScope)
	ReturnExpr func(s *Scope) values.Value
	// Cell keeps the signature resolved in the program that used it last
	// (package cell).
	Cell *Cell
	// Sites is the site table of the parameters' At.
	Sites *SiteTable
}

// resolvedSig is a Signature with its types resolved in a program.
type resolvedSig struct {
	prog     *Program
	callable *values.CallableType
	sig      *values.Signature
	ret      values.Type // nil: not asserted
	// names are the type names the types name, when naming a type alias
	// may load a file or fail (Ctx.loadAliases)
	names []string
	// computed: some parameter types or the return type are computed at
	// run time (LambdaParam.TypeExpr, Signature.ReturnExpr); they are Any
	// and not asserted here (Signature.evaluate)
	computed bool
}

// resolve resolves the signature's types in prog, once.
func (sig *Signature) resolve(prog *Program) *resolvedSig {
	kept := cell.Pointer[resolvedSig](&sig.Cell)
	if r := atomicptr.Load(kept); r != nil && r.prog == prog {
		return r
	}
	r := sig.resolveWith(prog, nil, nil)
	atomicptr.Store(kept, r)
	return r
}

// evaluate is the signature resolved in s's program with its types
// computed at run time evaluated in scope s, its return type in scope ret
// (resolve when it has none).
func (sig *Signature) evaluate(s, ret *Scope) *resolvedSig {
	r := sig.resolve(s.c.prog)
	if !r.computed {
		return r
	}
	return sig.resolveWith(s.c.prog, s, ret)
}

// resolveWith resolves the signature's types in prog, the parameter types
// computed at run time in scope s (Any when s is nil), then the return
// type computed at run time in scope ret.
func (sig *Signature) resolveWith(prog *Program, s, ret *Scope) *resolvedSig {
	typeOf := func(t *TypeRef) values.Type {
		if t == nil {
			return values.AnyT
		}
		v, err := t.typeIn(prog)
		if tt, ok := v.(values.Type); ok && err == nil {
			return tt
		}
		return values.AnyT
	}
	r := &resolvedSig{prog: prog, sig: &values.Signature{}}
	types := make([]values.Type, 0, len(sig.Params))
	min, max := int64(0), int64(0)
	for _, p := range sig.Params {
		t := typeOf(p.Type)
		if p.TypeExpr != nil {
			r.computed = true
			if s != nil {
				if tt, ok := p.TypeExpr(s).(values.Type); ok {
					t = tt
				}
			}
		}
		types = append(types, t)
		kind := values.ParamRequired
		switch {
		case p.CapturesRest:
			kind = values.ParamRepeated
			max = int64(^uint64(0) >> 1)
		case p.Default != nil:
			kind = values.ParamOptional
			max++
		default:
			min++
			max++
		}
		r.sig.Params = append(r.sig.Params, values.SignatureParam{Name: p.Name, Type: t, Kind: kind})
	}
	var size *values.IntegerType
	if !(min == int64(len(types)) && max == min) {
		size = values.NewIntegerType(min, max)
	}
	if sig.Return != nil {
		r.ret = typeOf(sig.Return)
	}
	if sig.ReturnExpr != nil {
		r.computed = true
		if s != nil {
			if t, ok := sig.ReturnExpr(ret).(values.Type); ok {
				r.ret = t
			}
		}
	}
	r.callable = &values.CallableType{Params: values.NewTupleType(types, size), Return: r.ret}
	if prog.hasAliasIssues() {
		for _, p := range sig.Params {
			if p.Type != nil {
				r.names = append(r.names, typeNames(p.Type.Text)...)
			}
		}
		if sig.Return != nil {
			r.names = append(r.names, typeNames(sig.Return.Text)...)
		}
	}
	return r
}

// Lambda is a lambda bound to the scope it was written in (Puppet's
// Closure).
type Lambda struct {
	values.External
	scope *Scope
	sig   *Signature
	body  func(s *Scope) values.Value
	// rs is the signature with its types computed at run time evaluated
	// as the lambda was (nil when it has none)
	rs *resolvedSig
}

// NewLambda binds a lambda's code to scope s, evaluating its parameter
// types computed at run time there (Closure's create_callable_type).
func (s *Scope) Lambda(sig *Signature, body func(s *Scope) values.Value) *Lambda {
	l := &Lambda{scope: s, sig: sig, body: body}
	if rs := sig.evaluate(s, s); rs.computed {
		l.rs = rs
	}
	return l
}

// resolved is the lambda's signature resolved.
func (l *Lambda) resolved() *resolvedSig {
	if l.rs != nil {
		return l.rs
	}
	return l.sig.resolve(l.scope.c.prog)
}

// CallableType implements values.CallableValue.
func (l *Lambda) CallableType() *values.CallableType { return l.resolved().callable }

// ParamNames implements fn.ParamNamer.
func (l *Lambda) ParamNames() []string {
	out := make([]string, len(l.sig.Params))
	for i, p := range l.sig.Params {
		out[i] = p.Name
	}
	return out
}

// Call implements fn.Block: the lambda's body runs in a local scope over
// the scope it was written in, with its parameters bound (Closure#call).
// next() ends the body with a value.
func (l *Lambda) Call(args ...values.Value) (result values.Value) {
	s := l.scope
	level := s.Guard()
	defer func() {
		s.Unguard(level)
		if r := recover(); r != nil {
			if n, ok := r.(nextSignal); ok {
				result = n.value
				return
			}
			panic(r)
		}
	}()
	t := s.pushLocal()
	s.c.growVars(t, len(l.sig.Params)) // room for the parameters, in chunks
	rs := l.resolved()
	s.c.loadAliases(nil, rs.names)
	l.sig.bind(s, t, args, rs)
	result = l.body(s)
	if result == nil {
		result = values.Undef
	}
	if rs.ret != nil && !values.IsInstance(rs.ret, result) {
		panic(values.AssertInstance("value returned from lambda", rs.ret, result))
	}
	return result
}

// bind binds arguments to the parameters in table t, evaluating defaults
// for missing ones, and checks them against the parameter types
// (Closure#call_with_scope).
func (sig *Signature) bind(s *Scope, t *varTable, args []values.Value, rs *resolvedSig) {
	final := makeSlice(&s.c.valueLists, len(args), 1024)
	for i, p := range sig.Params {
		var v values.Value
		switch {
		case p.CapturesRest:
			var rest []values.Value
			if i < len(args) {
				rest = args[i:]
			} else if p.Default != nil {
				rest = flattenInto(nil, p.Default(s))
			}
			v = values.NewArray(rest...)
			final = append(final, rest...)
			t.set(p.Name, v)
			continue
		case i < len(args):
			v = args[i]
		case p.Default != nil:
			v = p.Default(s)
		case p.At > 0 && sig.Sites != nil:
			// Closure#combine_values_with_parameters
			IssueAt(sig.Sites.Ref(p.At-1).Site(), "MISSING_REQUIRED_PARAMETER", "Parameter $%s is required but no value was given", p.Name)
		default:
			v = nil
		}
		if v != nil {
			final = append(final, v)
			t.set(p.Name, v)
		}
	}
	// arguments beyond the parameters are dropped (Closure#call_with_scope
	// checks the values bound, not the arguments given)
	if !values.IsInstance(rs.callable.Params, values.NewArray(final...)) {
		Fail(values.DescribeSignatures("lambda", []*values.Signature{rs.sig}, final, nil))
	}
}

// ---- Puppet-language functions ----

// PuppetFunction makes the fn.Func of a function written in Puppet, for
// the program prog: its dispatch comes from the parameters, and its body
// runs in a local scope over the top scope (Puppet functions see only
// global variables).
func PuppetFunction(prog *Program, name, module string, sig *Signature, body func(s *Scope) values.Value) *fn.Func {
	rs := sig.resolve(prog)
	method := name
	if i := strings.LastIndex(method, "::"); i >= 0 {
		method = method[i+2:]
	}
	f := &fn.Func{Name: name, Module: module}
	// The closure asserts the return type, naming itself by the
	// function's full name (closure.rb call_by_name_internal).
	f.Dispatches = []*fn.Dispatch{{Sig: rs.sig, Return: rs.ret, Method: method, ReturnSubject: "value returned from " + name,
		Impl: func(c fn.Context, args []values.Value, block fn.Block) values.Value {
			caller := c.(*Scope)
			prog.raiseLoading("function " + name)
			caller.c.loadAliases(nil, rs.names)
			if !rs.computed {
				return callPuppetFunction(caller.c.top, sig, body, args)
			}
			crs := caller.c.computedSig(name, sig, args)
			result := callPuppetFunction(caller.c.top, sig, body, args)
			if crs.ret != nil && !values.IsInstance(crs.ret, result) {
				panic(values.AssertInstance("value returned from "+name, crs.ret, result))
			}
			return result
		}}}
	return f
}

// computedSig checks the arguments of a call of the Puppet function name
// against its parameter types computed at run time, which the compilation
// evaluates in the top scope as the function loads, at its first call
// (its dispatch has Any for them), its return type computed at run time
// in no scope (nilScope); it returns the signature so evaluated, whose
// return type the call's result is asserted to be.
func (c *Ctx) computedSig(name string, sig *Signature, args []values.Value) *resolvedSig {
	rs := c.funcSigs[sig]
	if rs == nil {
		rs = sig.evaluate(c.top, c.nilScope())
		if c.funcSigs == nil {
			c.funcSigs = map[*Signature]*resolvedSig{}
		}
		c.funcSigs[sig] = rs
	}
	if !values.IsInstance(rs.callable.Params, values.NewArray(args...)) {
		Fail(values.DescribeSignatures(name, []*values.Signature{rs.sig}, args, nil))
	}
	return rs
}

// nilScope is the scope a Puppet function's return type computed at run
// time is evaluated in: Puppet's Closure::Named evaluates it with its
// @enclosing_scope, which is nil, so that reading a variable raises Ruby's
// NoMethodError (nilScopeError) at the variable.
func (c *Ctx) nilScope() *Scope {
	if c.noScope == nil {
		c.noScope = newScope(c, nil, nil, nil)
	}
	return c.noScope
}

// nilScopeError is, by Puppet release, Ruby's error for the evaluator's
// scope.lookupvar on nil: Ruby 3.1's (Puppet 7.23's) with error_highlight's
// snippet, Ruby 3.3's (Puppet 8.10's) without it.
var nilScopeError = map[int]string{
	7: "undefined method `lookupvar' for nil:NilClass\n\n      x = scope.lookupvar(name.to_s)\n               ^^^^^^^^^^",
	8: "undefined method `lookupvar' for nil",
}

func callPuppetFunction(top *Scope, sig *Signature, body func(s *Scope) values.Value, args []values.Value) (result values.Value) {
	level := top.Guard()
	defer func() {
		top.Unguard(level)
		if r := recover(); r != nil {
			switch x := r.(type) {
			case returnSignal:
				result = x.value
				return
			case nextSignal:
				result = x.value
				return
			}
			// break() is a StopIteration that passes through the
			// function: it stops an iteration of its caller.
			panic(r)
		}
	}()
	t := top.pushLocal()
	for i, p := range sig.Params {
		switch {
		case p.CapturesRest:
			var rest []values.Value
			if i < len(args) {
				rest = args[i:]
			}
			t.set(p.Name, values.NewArray(rest...))
		case i < len(args):
			t.set(p.Name, args[i])
		case p.Default != nil:
			t.set(p.Name, p.Default(top))
		}
	}
	result = body(top)
	if result == nil {
		result = values.Undef
	}
	return result
}
