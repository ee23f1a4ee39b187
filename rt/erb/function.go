package erb

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// CallFunctionArgs is a 4.x function's call_function(name, *args) without
// a block (CallFunctionBlock): the arguments are given one by one (a
// template's scope.call_function takes them as one array).
func (r *R) CallFunctionArgs(args ...Value) Value { return r.CallFunctionBlock(nil, args...) }

// hashBrackets is Hash[...]: a copy of one Hash, the pairs of one Array
// of pairs, or keys and values alternating.
func (r *R) hashBrackets(args []Value) Value {
	if len(args) == 1 {
		switch x := args[0].(type) {
		case *Hash:
			return r.ToH(r.ToA(x), nil)
		case *Array:
			return r.ToH(x, nil)
		}
	}
	if len(args)%2 != 0 {
		argError("odd number of arguments for Hash")
	}
	h := NewHash()
	for i := 0; i < len(args); i += 2 {
		h.Set(args[i], args[i+1])
	}
	return h
}

// Destructure spreads v over n targets of a multiple assignment: an Array
// gives its elements (nil for the missing ones), another value itself and
// nils. The target at splat (-1: none) takes an Array of what the others
// leave.
//
// The list is made where Destructure is inlined, of the constant n the
// generated code gives: on the caller's stack, as the code only reads it.
func Destructure(v Value, n, splat int) []Value {
	return destructure(v, make([]Value, n), splat)
}

// destructure is Destructure into out.
func destructure(v Value, out []Value, splat int) []Value {
	var el []Value
	if a, ok := v.(*Array); ok {
		el = a.A
	} else {
		el = []Value{v}
	}
	n := len(out)
	if splat < 0 {
		copy(out, el)
		return out
	}
	after := n - splat - 1
	copy(out[:splat], el)
	mid := []Value{}
	if len(el) > splat+after {
		mid = append(mid, el[splat:len(el)-after]...)
	}
	out[splat] = &Array{A: mid}
	for i := 0; i < after; i++ {
		j := len(el) - after + i
		if j >= splat && j < len(el) {
			out[splat+1+i] = el[j]
		}
	}
	return out
}

// Rest is what a method's *rest parameter at index i takes of its
// arguments (none when optional parameters before it took them all).
// ParamArgs binds arguments to the positional parameters of a method or
// block by Ruby's rule: pre required ones, then opt optional ones, a *rest
// when rest, then post required ones. fixed holds the required arguments
// and the n optional ones given, in declaration order; restArgs what is
// left for *rest. Missing required arguments (a proc's) are nil.
func ParamArgs(args []Value, pre, opt, post int, rest bool) (fixed []Value, n int, restArgs []Value) {
	req := pre + post
	if len(args) < req {
		full := make([]Value, req)
		copy(full, args)
		args = full
	}
	n = min(opt, len(args)-req)
	if post == 0 {
		// the leading arguments as they are: generated code binds
		// them to its parameters before any default runs
		return args[: pre+n : pre+n], n, restOf(args, pre+n, len(args), rest)
	}
	fixed = make([]Value, 0, req+n)
	fixed = append(fixed, args[:pre+n]...)
	fixed = append(fixed, args[len(args)-post:]...)
	return fixed, n, restOf(args, pre+n, len(args)-post, rest)
}

// Keywords takes the keyword arguments of a call of a method with keyword
// parameters off its arguments: the last one when it is a Hash whose keys
// are all Symbols and the method's req required positional parameters
// leave it over (Ruby 2's rule: pp2go's calls pass keywords as such a
// Hash, which Ruby 3 keeps apart). The Hash is nil when there is none.
func Keywords(args []Value, req int) (*Hash, []Value) {
	if len(args) <= req {
		return nil, args
	}
	h, ok := args[len(args)-1].(*Hash)
	if !ok {
		return nil, args
	}
	for _, k := range h.Keys() {
		if _, ok := k.(Symbol); !ok {
			return nil, args
		}
	}
	return h, args[:len(args)-1]
}

// CheckKeywords raises Ruby's ArgumentError for the required keywords kw
// lacks and, unless the method has a **rest, for those it has that are
// not known.
func CheckKeywords(kw *Hash, required, known []string, rest bool) {
	var missing []string
	for _, name := range required {
		if _, ok := Keyword(kw, name); !ok {
			missing = append(missing, ":"+name)
		}
	}
	if len(missing) > 0 {
		argError("missing keyword%s: %s", plural(len(missing)), strings.Join(missing, ", "))
	}
	if rest || kw == nil {
		return
	}
	var unknown []string
	for _, k := range kw.Keys() {
		if !slices.Contains(known, string(k.(Symbol))) {
			unknown = append(unknown, Inspect(k))
		}
	}
	if len(unknown) > 0 {
		argError("unknown keyword%s: %s", plural(len(unknown)), strings.Join(unknown, ", "))
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Keyword is the keyword argument name of kw (Keywords), ok false when
// the call gave none.
func Keyword(kw *Hash, name string) (Value, bool) {
	if kw == nil {
		return nil, false
	}
	return kw.Lookup(Symbol(name))
}

// KeywordRest is a **rest parameter's Hash: the keyword arguments that no
// keyword parameter (known) takes.
func KeywordRest(kw *Hash, known []string) Value {
	rest := NewHash()
	if kw == nil {
		return rest
	}
	for i, k := range kw.Keys() {
		if !slices.Contains(known, string(k.(Symbol))) {
			rest.Set(k, kw.Values()[i])
		}
	}
	return rest
}

// restOf is args[i:j] when the method has a *rest parameter, else nil.
func restOf(args []Value, i, j int, rest bool) []Value {
	if !rest {
		return nil
	}
	return args[i:j]
}

func Rest(args []Value, i int) []Value {
	if i >= len(args) {
		return nil
	}
	return args[i:]
}

// Logger is an optional extension of Scope for translated functions:
// Puppet's log (Puppet.warning(msg) is Warn, the other levels Log).
type Logger interface {
	Log(level, msg string)
	Warn(msg string)
}

// LogFilter is an optional extension of Scope: a compile that drops the
// messages of a level (debug ones the binary will not print).
type LogFilter interface {
	DropsLog(level string) bool
}

// dropsLog reports whether the scope drops messages of level: building
// one is then useless, as ToS has no effects but its string.
func (r *R) dropsLog(level string) bool {
	if fs := r.fs; fs != nil {
		return fs.DropsLog(level)
	}
	f, ok := r.scope.(LogFilter)
	return ok && f.DropsLog(level)
}

// PuppetLog is Puppet.warning(msg), Puppet.debug(msg), ...: the message
// goes to Puppet's log when the scope has one.
func (r *R) PuppetLog(level string, args ...Value) Value {
	arity(args, 1, 1)
	if l, ok := r.scope.(Logger); ok && !r.dropsLog(level) {
		msg := ToS(args[0])
		if level == "warning" {
			l.Warn(msg)
		} else {
			l.Log(level, msg)
		}
	}
	return nil
}

// logLevels are Puppet::Util::Log's levels, lowest first.
var logLevels = []Symbol{"debug", "info", "notice", "warning", "err", "alert", "emerg", "crit"}

// PuppetUtilLogCreate is Puppet::Util::Log.create(hash): the message of
// :message at the level of :level (a Symbol) goes to Puppet's log as
// Puppet.warning(msg) and the others', its :source and other keys only
// shown in a report. Below Puppet's default level (notice) nothing is
// made, a nil message passes then; the Log is nil here.
func (r *R) PuppetUtilLogCreate(args ...Value) Value {
	arity(args, 1, 1)
	h, ok := args[0].(*Hash)
	if !ok {
		noMethod("include?", args[0])
	}
	level, ok := h.Lookup(Symbol("level"))
	if !ok {
		raise(ClassPuppetDevError, "Logs require a level")
	}
	sym, _ := level.(Symbol)
	at := slices.Index(logLevels, sym)
	if at < 0 {
		raise(ClassPuppetDevError, "Invalid log level %s", ToS(level))
	}
	msg, _ := h.Lookup(Symbol("message"))
	if at < 2 && msg == nil {
		return nil
	}
	if msg == nil {
		raise(ClassArgumentError, "Puppet::Util::Log requires a message")
	}
	return r.PuppetLog(string(sym), msg)
}

// PuppetLogInterp is Puppet.debug("...#{x}..."), ...: the parts of the
// message (Interp's), which is built only when the scope keeps it.
func (r *R) PuppetLogInterp(level string, parts ...any) Value {
	if r.dropsLog(level) {
		return nil
	}
	return r.PuppetLog(level, r.Interp(parts...))
}

// Gettext is Puppet's _(text): the text (pp2go has no translations).
func (r *R) Gettext(text Value) Value { return text }

// ScopeValue is the calling scope an InternalFunction's method receives
// first (scope_param): a value whose call_function and lookupvar are the
// scope's.
func ScopeValue() Value { return theScope }

// SendCallFunction is recv.call_function(name, args): Scope#call_function
// (the arguments as one Array) when recv is the scope, NoMethodError
// otherwise.
func (r *R) SendCallFunction(recv Value, args ...Value) Value {
	if _, ok := recv.(*scopeObject); ok {
		return r.CallFunction(args...)
	}
	return r.NoMethod(recv, "call_function", args...)
}

// Caller3x is implemented by scopes whose 3.x calls (scope.function_x)
// resolve as Puppet's 3.x registry does: a module's 3.x function replaces
// core's 3.x stub of the same name, which Puppet code does not see.
type Caller3x interface {
	Call3x(name string, args []values.Value) values.Value
}

// Ruby3xCaller is implemented by scopes that run a module's 3.x function
// written in Ruby as Ruby's scope.function_x does: with the caller's Ruby
// values as they are (Puppet converts only the arguments Puppet code
// gives), its exceptions reaching the caller. ok is false when the
// function is not Ruby that pp2go translated.
type Ruby3xCaller interface {
	Call3xRuby(name string, args []Value) (result Value, ok bool)
}

// Site3x is a call site of translated Ruby that calls a Puppet function
// by a literal name the 3.x way (scope.function_x, FunctionAt): a
// variable of the generated package, which keeps what the name is bound
// to from the site's first call on, so that its calls look nothing up by
// the name.
type Site3x struct {
	Name string
	// Cell keeps what the name is bound to (package cell).
	Cell *Cell
}

// Bound3x is what a Site3x's name is bound to while the functions
// registered are as they were (Gen: fn.Generation): F is the function a
// 3.x call of the name runs (fn.Lookup3x; nil for none), Shadowed that F
// is a module's 3.x function that a core function, or its module's 4.x
// function, shadows for Puppet code (fn.Shadowed3x), which a 3.x call
// runs itself rather than the function Puppet code finds by the name.
type Bound3x struct {
	Gen      uint64
	F        *fn.Func
	Shadowed bool
}

// Bound is what the site's name is bound to: bound again when the
// registry has changed since (tests register functions as they run).
// Compiles running at once may bind a site each, to the same functions.
func (s *Site3x) Bound() *Bound3x {
	gen := fn.Generation()
	kept := cell.Pointer[Bound3x](&s.Cell)
	if b := atomicptr.Load(kept); b != nil && b.Gen == gen {
		return b
	}
	b := &Bound3x{Gen: gen, F: fn.Lookup3x(s.Name)}
	if sh := fn.Shadowed3x(s.Name); sh != nil && sh != fn.Lookup(s.Name) {
		b.Shadowed = true
	}
	atomicptr.Store(kept, b)
	return b
}

// BoundCaller3x is implemented by scopes that make a 3.x call of a
// function bound at a call site (Bound3x) as Ruby3xCaller and Caller3x
// make one of its name, without looking the name up: Call3xRubyBound
// runs b.F when it is translated Ruby (false when it is not),
// Call3xBound runs what Call3x would run.
type BoundCaller3x interface {
	Call3xRubyBound(b *Bound3x, name string, args []Value) (result Value, ok bool)
	Call3xBound(b *Bound3x, name string, args []values.Value) values.Value
}

// callPuppet3x is a 3.x call of the Puppet function name, bound at site
// (nil: looked up by its name).
func (r *R) callPuppet3x(name string, site *Site3x, args []Value) Value {
	if f, ok := r.functionFinder(); ok && !f.Has3xFunction(name) {
		r.noFunction3x(name)
	}
	r.memoCall(name)
	if fs := r.fs; site != nil && fs != nil {
		b := site.Bound()
		if v, ok := fs.Call3xRubyBound(b, name, args); ok {
			return v
		}
		pargs := puppetArgs(args)
		return r.puppetResult(name, func() values.Value { return fs.Call3xBound(b, name, pargs) })
	}
	if rc, ok := r.scope.(Ruby3xCaller); ok {
		if v, ok := rc.Call3xRuby(name, args); ok {
			return v
		}
	}
	c, ok := r.scope.(Caller3x)
	if !ok {
		return r.callPuppet(name, args)
	}
	pargs := puppetArgs(args)
	return r.puppetResult(name, func() values.Value { return c.Call3x(name, pargs) })
}

// logFunctionMethods are the 3.x functions of Puppet's log levels, which
// every scope has as methods: the ones of its methods did_you_mean finds
// close to a function_ name pp2go can tell (the 3.x functions a process
// loaded before are its history's).
var logFunctionMethods = func() []string {
	names := make([]string, len(logLevels))
	for i, l := range logLevels {
		names[i] = "function_" + string(l)
	}
	return names
}()

// scopeRubyFile is Puppet's scope.rb, whose method_missing raises the
// NoMethodError of a function_ method of no 3.x function: its line in
// Puppet 7.23 and in 8.10.
const scopeRubyFile = "/usr/lib/ruby/vendor_ruby/puppet/parser/scope.rb"

// noFunction3x raises what scope.function_NAME raises where no 3.x
// function has the name (a 4.x function's does not count): Scope's
// method_missing calls super, a NoMethodError that shows the scope as
// Ruby 3.1 inspects it (Scope(Class[X])), with did_you_mean's
// suggestions, or as Ruby 3.3's BasicObject#method_missing does (the
// object's address, not reproducible, as zeros).
func (r *R) noFunction3x(name string) {
	desc := "Scope()"
	if d, ok := r.scope.(ScopeDescriber); ok {
		desc = d.ScopeString()
	}
	method := "function_" + name
	prefix := "undefined method `" + method + "' for "
	panic(&RubyError{Class: ClassNoMethodError,
		Msg:     prefix + desc + ":Puppet::Parser::Scope" + didYouMean(correct(method, logFunctionMethods)),
		Msg33:   prefix + "#<Puppet::Parser::Scope:0x0000000000000000>",
		Frame:   scopeRubyFile + ":1039",
		Frame33: scopeRubyFile + ":1051"})
}

// UndefinedInFunction raises what Ruby raises where a function file's
// code calls a name neither the file nor the function's self has:
// NameError for a bare name (implicit), NoMethodError for a call. A 4.x
// function's self is an object of the function's own class, which Ruby
// 3.3 names after the function (Ruby 3.1 shows its address, zeros here).
// A 3.x function's self is the scope, whose method_missing raises them:
// Ruby 3.1 shows it as Scope#to_s with did_you_mean's suggestions from
// its methods, its instance variables, the reserved words and
// method_missing's own locals (Ruby 3.3 shows its address).
func (r *R) UndefinedInFunction(api int, function, name string, implicit bool, args ...Value) Value {
	class, prefix := ClassNoMethodError, "undefined method `"+name+"' for "
	if implicit {
		class, prefix = ClassNameError, "undefined local variable or method `"+name+"' for "
	}
	if api == 4 {
		raiseNoMethod(class, prefix, "#<#<Class:0x0000000000000000>:0x0000000000000000>", "an instance of "+function)
	}
	desc := "Scope()"
	if d, ok := r.scope.(ScopeDescriber); ok {
		desc = d.ScopeString()
	}
	methods := append([]string{"function_" + function, "real_function_" + function}, methodNames()["Puppet::Parser::Scope"]...)
	var suggestions []string
	if implicit {
		suggestions = correct(name, slices.Concat(variableReservedWords, methodMissingLocals, methods, scopeIvars))
		if name == "foo" { // VariableNameChecker's NAMES_TO_EXCLUDE
			suggestions = slices.DeleteFunc(suggestions, func(s string) bool { return s == "fork" || s == "for" })
		}
	} else {
		suggestions = correct(name, slices.Concat(methodReservedWords, methods))
	}
	raiseNoMethod(class, prefix, desc+":Puppet::Parser::Scope"+didYouMean(suggestions), "#<Puppet::Parser::Scope:0x0000000000000000>")
	return nil
}

// scopeIvars are a scope's instance variables, in Puppet's order (7.23
// and 8.10 alike), methodMissingLocals the locals of its method_missing.
var (
	scopeIvars          = []string{"@compiler", "@source", "@resource", "@symtable", "@ephemeral", "@defaults", "@class_scopes", "@parent"}
	methodMissingLocals = []string{"method", "args", "block", "name"}
)

// Function3xOn is recv.function_name(args) where the translator cannot
// tell that recv is the scope (a variable holding it): Scope#function_name
// when it is, NoMethodError otherwise.
func (r *R) Function3xOn(recv Value, name string, args ...Value) Value {
	if _, ok := recv.(*scopeObject); ok {
		return r.Function(name, args...)
	}
	return r.NoMethod(recv, "function_"+name, args...)
}

// binaryMethods are the operator methods Send calls with one argument.
var binaryMethods = map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true, "==": true, "<=>": true,
	"|": true, "&": true, "^": true, "<<": true, ">>": true, "**": true, "<": true, "<=": true, ">": true, ">=": true,
	"!=": true, "===": true, "=~": true}

// SendDynamic is recv.send(name, *args) (__send__, public_send) with a
// name computed when it runs: the call a call written with that name
// makes. On the scope, function_x calls the 3.x function x (Scope's
// method_missing). A method pp2go does not implement raises
// NotImplementedError: it cannot tell one Ruby has from one it lacks.
// public is public_send's: a private method of a class of the module's
// Ruby raises NoMethodError.
func (r *R) SendDynamic(recv Value, public bool, b *Block, args ...Value) Value {
	if len(args) == 0 {
		argError("no method name given")
	}
	name, rest := symbolName(args[0]), args[1:]
	if _, ok := recv.(*scopeObject); ok {
		switch {
		case len(name) > len("function_") && name[:len("function_")] == "function_":
			return r.Function(name[len("function_"):], rest...)
		case name == "call_function":
			return r.CallFunction(rest...)
		case name == "to_hash":
			arity(rest, 0, 0)
			return r.ScopeHash()
		}
	}
	if inst, ok := recv.(*Instance); ok {
		// the object's own class's methods first: they override
		// Ruby's of the same name (a PBKDF2 class's password=, which
		// URI objects have too)
		if k := inst.lookup(name); k != nil {
			if public {
				return r.sendInstance(inst, name, b, rest)
			}
			return k.fn(r.scope, inst, name, b, rest)
		}
	}
	if binaryMethods[name] {
		arity(rest, 1, 1)
		return r.Send(recv, name, b, rest...)
	}
	if _, ok := methodTable()[name]; ok {
		return r.Send(recv, name, b, rest...)
	}
	raise(ClassNotImplementedError, "pp2go: send of `%s' to %s, a method pp2go does not implement", name, classOf(recv).Name)
	return nil
}

// Convert3xReturn is what Scope#function_x makes of a 3.x function's
// result (Runtime3Converter.convert_return): :undef becomes nil, in
// Arrays and Hashes too (which are copied).
func Convert3xReturn(v Value) Value {
	switch x := v.(type) {
	case Symbol:
		if x == "undef" {
			return nil
		}
	case *Array:
		out := make([]Value, len(x.A))
		for i, e := range x.A {
			out[i] = Convert3xReturn(e)
		}
		return &Array{A: out}
	case *Hash:
		h := NewHash()
		for i, k := range x.Keys() {
			h.Set(Convert3xReturn(k), Convert3xReturn(x.Values()[i]))
		}
		return h
	}
	return v
}
