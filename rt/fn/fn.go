// Package fn is Puppet's function dispatch model (spec/function-api.md) and
// the registry of functions implemented in Go.
//
// A function (Func) has one or more dispatches, tried in the order they are
// declared. Each dispatch has a signature (values.Signature: typed
// required, optional and repeated parameters, and an optional block
// parameter of a Callable type), an optional asserted return type, and an
// implementation. A dispatch marked ArgumentMismatch produces the text of a
// custom error message instead of a result ("'name' <text>"). A call that
// no dispatch accepts fails with Puppet's own description of the mismatch
// (values.DescribeSignatures).
//
// Functions written with Puppet's 3.x API (API3) are called as Puppet calls
// them: the arguments go through Puppet's 3.x conversions (a top-level undef
// becomes "", regexps, versions, binaries, timespans and timestamps become
// strings) and the arity is checked with the 3.x messages; the block, if
// any, is dropped.
//
// # Failures
//
// A function fails by panicking with an error value: the result of
// Errorf, or a *values.Error. The runtime recovers it at the call site and
// reports it as Puppet does ("Error while evaluating a Function Call,
// <message>" with the position of the call). Argument mismatches and
// failed return type assertions panic the same way. A lambda that calls
// break() panics with BreakSignal; iteration functions stop quietly on it
// (as Puppet's do on StopIteration) and every other function lets it pass.
//
// # Registry and shadowing
//
// Library packages register their functions from init(): rt/fn/core (Puppet
// 7.23's core functions) and rt/fn/stdlib (puppetlabs-stdlib 8.5.0: listed
// in ModuleLibraries, so that generated code imports it only when stdlib is
// in the environment). Users' Go functions are registered by generated code
// the same way.
//
// Shadowing follows Puppet's loaders: functions of Puppet's core (Module
// "") are found before any module's, so a module function never replaces a
// core one (core shadows stdlib), and a core function registered later
// replaces a module's. Between two non-core registrations of one name the
// later one wins (generated code registers users' functions last, so they
// replace a library version of the same module function).
//
// Register must only be called during package initialization; Lookup and
// Call are safe for concurrent use afterwards.
//
// # What the runtime provides
//
// Context is what every function may use. Some functions need more of the
// compiler; they ask for it with a type assertion on the Context and fail
// with a clear message (or fall back as documented) when it is missing:
//
//   - OnceWarner: Puppet's once-per-key warnings (warn_once, deprecations).
//   - Stacker: Puppet's call stack (stdlib's deprecation() prints it).
//   - TypeParser: type names of the environment (assert_type('MyAlias', x)).
//   - FileFinder: paths of the environment's files and templates
//     (find_file, find_template, module_directory, get_module_path).
//   - Catalog: resources of the catalog (modules' Ruby: findresource,
//     catalog.resources, scope.resource, scope.source).
//   - Strict: Puppet's strict setting (deprecations, undefined variables).
//   - Generator: running commands (generate, validate_cmd); refused
//     without it.
//   - DefaultsFinder: resource defaults in scope (staging's scope_defaults).
//
// Besides values.Error (via Errorf), functions may panic with *FatalError
// (a Ruby LoadError: the compilation fails with the bare message) and
// *IssueError (reported as an issue of the call, without "Error while
// evaluating a Function Call").
package fn

import (
	"fmt"
	"math/bits"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/values"
)

// Block is a lambda given to a function.
type Block interface {
	values.CallableValue // CallableType() gives its parameter types
	// Call calls the lambda. A lambda that runs break() panics with a
	// BreakSignal; next() in a lambda just returns its value from Call.
	Call(args ...values.Value) values.Value
}

// Context is what a function sees of the compiler; *rt.Ctx implements it.
// Optional abilities are further interfaces a Context may implement (see
// TypeParser, ResourceFinder, ...); functions that need one fail with a
// clear message when the context lacks it.
type Context interface {
	// LookupVar is `$name` in the calling scope: "x", "::x", "a::b::x".
	LookupVar(name string) (values.Value, bool)
	// Call calls another function by name (call_function), with Puppet's
	// rules for finding it.
	Call(name string, args []values.Value, block Block) values.Value
	// Log logs msg at a Puppet log level (debug info notice warning err
	// alert emerg crit).
	Log(level, msg string)
	// Warn issues a compiler warning (deprecations and the like).
	Warn(msg string)
	NodeName() string
	Environment() string
	// FindFile finds "module/file" in a module's files/ directory, or an
	// absolute path, as Puppet's file() does.
	FindFile(path string) (content []byte, ok bool)
}

// GlobalCaller is a Context that can call a function in the global scope
// of its compile, as a 4.x Ruby function's own call_function does (its
// closure scope is the global scope, not its caller's).
type GlobalCaller interface {
	CallGlobal(name string, args []values.Value, block Block) values.Value
}

// Members is a value whose type has functions of its own, as an Object
// type's instance has (Puppet::LookupContext): a method call on it,
// `$v.name(args)` in Puppet or `v.name(args)` in Ruby, calls the member
// (Puppet's CallMethodExpression does so before it looks for a function
// of that name). CallMember reports false when the value has no such
// member.
type Members interface {
	values.Value
	CallMember(c Context, name string, args []values.Value, block Block) (values.Value, bool)
}

// Impl is the implementation of a dispatch. args are the arguments as the
// dispatch accepted them; block is nil when no lambda was given.
type Impl func(c Context, args []values.Value, block Block) values.Value

// Dispatch is one signature of a function and its implementation.
type Dispatch struct {
	Sig *values.Signature
	// Return is the asserted return type; nil when not asserted.
	Return values.Type
	Impl   Impl
	// ArgumentMismatch marks an argument_mismatch dispatch: Impl returns the
	// String of a custom error message, reported as "'name' <message>".
	ArgumentMismatch bool
	// Method is the name Puppet reports in a failed return type assertion
	// ("value returned from function '<Method>' has wrong type, ..."); the
	// last segment of the function's name when empty.
	Method string
	// ReturnSubject replaces the whole subject of that message when set
	// (Puppet-language functions: "value returned from <name>").
	ReturnSubject string
	// Since is the Puppet major version that added the dispatch (8 for
	// split's Sensitive[String]); 0 when every release has it. An older
	// release neither runs nor lists it.
	Since int

	spec, ret string // a Builder's texts of Sig and Return, parsed on first use
	// makeSig makes Sig in place of parsing spec (Builder.Sig)
	makeSig func() *values.Signature
	// lo, hi are the least and most arguments Sig takes, worked out once
	// (prepare) for every call's check (accepts); sized says they are
	lo, hi int
	sized  bool
}

// Spec is the text of the dispatch's signature as a Builder declared it,
// "" for a dispatch made otherwise.
func (d *Dispatch) Spec() string { return d.spec }

// arity is the least and the most arguments the dispatch takes.
func (d *Dispatch) arity() (lo, hi int) {
	if d.sized {
		return d.lo, d.hi
	}
	return arity(d.Sig) // a Func made without Register (PuppetFunction's)
}

// ScopeArgValue stands for the calling scope in the arguments of a
// ScopeArg function (an Any parameter accepts it).
var ScopeArgValue values.Value = values.Undef

// Func is a function.
type Func struct {
	Name       string
	Dispatches []*Dispatch
	// API3 marks a function written with Puppet's 3.x API: Puppet's 3.x
	// argument conversions and arity check apply (see Arity).
	API3 bool
	// Arity is a 3.x function's arity as declared with newfunction: N >= 0
	// exactly N arguments, -N-1 at least N.
	Arity int
	// Module is the module that provides the function; "" for Puppet's core.
	Module string
	// Terminus is the Puppet terminus that provides the function, which
	// exists only where it is installed ("puppetdb": PuppetDB's, for
	// puppetdb_query); "" for a function of Puppet or a module.
	Terminus string
	// Statement marks a 3.x function of type :statement: it returns undef
	// whatever its implementation produces.
	Statement bool
	// Pure marks a function whose result is a function of its arguments
	// alone and whose call has no effect: it logs nothing, and reads or
	// changes no scope, catalog, file, clock or random number. A template
	// whose Puppet function calls all run pure functions keeps its
	// renderings (erb.Memo). Setting it is a promise about the
	// implementation: Puppet's core functions declare it (Builder.Pure),
	// translated Ruby has it when codegen proved it at build time.
	Pure bool
	// Converts3x marks an API3 function whose implementation applies
	// Convert3x to its arguments itself, as it makes them values of its own
	// (a translated Ruby function's): Call gives it the arguments as they
	// are, where it would copy the list to convert them (pick($x, ...) of
	// an undef $x).
	Converts3x bool
	// ScopeArg marks a function whose `call' passes the calling scope
	// before the caller's arguments (stdlib's validate_legacy): its
	// dispatches' first parameter is the scope, counted in their arity,
	// and its implementations receive ScopeArgValue there.
	ScopeArg bool
	// Ruby is the translated Ruby of a module's 3.x function, which Ruby's
	// scope.function_x runs with its Ruby values as they are (rt/rubyfn);
	// nil for other functions.
	Ruby any

	sigs []*values.Signature // signatures of the non-mismatch dispatches
	// since: some dispatch is a later release's (Dispatch.Since)
	since bool

	// lazy is the Builder that declared the function, whose dispatches'
	// signatures are parsed on first use (once); nil for a Func made
	// otherwise, prepared when it is registered.
	lazy *Builder
	once sync.Once

	// later makes the function that this one stands for in the registry
	// (Defer), made once (once) into made when its name is first looked up
	later Later
	made  *Func
}

// Later makes a function registered with Defer.
type Later interface {
	Func() *Func
}

// real is the function f stands for: the one its Later made, f itself
// when f was registered as it is (nil for nil).
func (f *Func) real() *Func {
	if f == nil || f.later == nil {
		return f
	}
	f.once.Do(func() {
		m := f.later.Func()
		if m.lazy == nil {
			m.prepare()
		}
		f.made = m
	})
	return f.made
}

// ready parses a Builder's signatures on first use.
func (f *Func) ready() {
	if f.lazy != nil {
		f.once.Do(func() {
			f.lazy.parse()
			f.prepare()
		})
	}
}

// registry has room for the functions of a large environment (core's and
// its modules': 295 in keystone's 92 modules, 178 of them 3.x), which
// Register adds in the packages' initialization: grown from nothing it
// rehashed every entry at each doubling, in every process's start.
var registry = make(map[string]*Func, 320)

// Register adds a function to the registry (from init functions). A core
// function (Module "") is never replaced by a module's function of the same
// name, and a module's 4.x function never by a 3.x function of the same
// module (that one is for Ruby's 3.x calls: Lookup3x); anything else
// replaces an earlier registration.
func Register(f *Func) {
	if f.Name == "" {
		panic("fn.Register: function without a name")
	}
	if f.lazy == nil && f.later == nil {
		f.prepare()
	}
	if len(pinned) > 0 && pinned[f.Name] {
		return // see Pin
	}
	generation.Add(1)
	if f.API3 {
		Declare3x(f.Name)
	}
	if old, ok := registry[f.Name]; ok {
		if old.Module == "" && f.Module != "" {
			if f.API3 {
				shadowed3x[f.Name] = f
			}
			return // core shadows modules
		}
		if old.Module == f.Module && !old.API3 && f.API3 {
			shadowed3x[f.Name] = f
			return // within a module, the 4.x function is found first
		}
		if old.Module == f.Module && old.API3 && !f.API3 {
			shadowed3x[f.Name] = old
		}
	}
	registry[f.Name] = f
}

// RegisterRefused registers refused, a module's 3.x function as Puppet
// code finds it, and real, the same function as Ruby's 3.x calls find it
// (Lookup3x; nil for none): Puppet's loader refuses a 3.x function whose
// file defines a method, which Puppet's 3.x loader runs.
func RegisterRefused(refused, real *Func) {
	Register(refused)
	if real != nil && registry[refused.Name] == refused {
		shadowed3x[real.Name] = real
	}
}

// Defer registers the function l makes, but makes it only when its name
// is first looked up: a program registers its modules' hundreds of
// translated Ruby functions as it starts, and a compile calls few of
// them. stand, with the function's Name, Module and API3 (all Register
// decides by), is registered in its place: what looks it up finds the
// function made (Func.real).
func Defer(stand *Func, l Later) {
	stand.later = l
	Register(stand)
}

var legacy3x = make(map[string]bool, 192)

// generation counts the changes of what a name looks up (Register,
// Unbind): what a call site bound a name to (rt/erb's Site3x) stands
// while it is the same.
var generation atomic.Uint64

// Generation is the registry's count of changes (generation): a name
// looks up the same functions while it is the same.
func Generation() uint64 { return generation.Load() }

// shadowed3x are the modules' 3.x functions that a core function, or
// their module's 4.x function, of the same name shadows for Puppet code:
// Ruby's scope.function_x still finds them (the 3.x registry, where a
// module's function replaces core's stub). stdlib 9's has_ip_address
// calls its 3.x has_interface_with so, not the 4.x deprecation shim.
var shadowed3x = map[string]*Func{}

// Lookup3x returns the function a 3.x call (scope.function_name in Ruby)
// runs: a module's 3.x function even where a 4.x function shadows it,
// else the function Lookup finds.
func Lookup3x(name string) *Func {
	if f, ok := shadowed3x[name]; ok {
		return f.real()
	}
	return Lookup(name)
}

// Shadowed3x is the module's 3.x function of that name that a core
// function or its module's 4.x function shadows for Puppet code (which
// Lookup3x finds), nil when none does: one lookup where Lookup3x and
// Lookup are two or three.
func Shadowed3x(name string) *Func { return shadowed3x[name].real() }

// Declare3x records that a 3.x function of this name exists (Puppet's
// Puppet::Parser::Functions.function(name) is true for it), whether or not
// a 4.x function of the same name shadows it.
func Declare3x(names ...string) {
	for _, n := range names {
		legacy3x[n] = true
	}
}

// Has3x reports whether a 3.x function of this name exists.
func Has3x(name string) bool { return legacy3x[name] }

// Lookup returns the function registered under name (a leading "::" is
// ignored), or nil.
func Lookup(name string) *Func {
	if f, ok := registry[name]; ok {
		return f.real()
	}
	if strings.HasPrefix(name, "::") {
		return registry[name[2:]].real()
	}
	return nil
}

// PureName reports whether a call of the function name runs a pure
// function (Func.Pure), however it is called: the 4.x function of that
// name and the 3.x one a template's scope.function_x calls are both pure
// (and one exists).
func PureName(name string) bool {
	f4, f3 := Lookup(name), Lookup3x(name)
	return (f4 != nil || f3 != nil) && (f4 == nil || f4.Pure) && (f3 == nil || f3.Pure)
}

// Names returns the names of all registered functions, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ModuleLibraries maps a module name to the import path of the Go package
// that implements that module's Ruby functions. Generated code imports the
// package of each module of the environment that has an entry here.
var ModuleLibraries = map[string]string{}

const modPrefix = "github.com/pp2go/pp2go/rt/fn/"

func init() {
	ModuleLibraries["stdlib"] = modPrefix + "stdlib"
}

// prepare readies a registered function for its calls: its signatures
// listed, each dispatch's arity worked out.
func (f *Func) prepare() {
	f.listSignatures()
	for _, d := range f.Dispatches {
		d.lo, d.hi = arity(d.Sig)
		d.sized = true
	}
}

// listSignatures lists the signatures of the regular dispatches (sigs).
func (f *Func) listSignatures() {
	f.sigs = f.sigs[:0]
	for _, d := range f.Dispatches {
		if d.Sig == nil {
			d.Sig = &values.Signature{}
		}
		if !d.ArgumentMismatch {
			f.sigs = append(f.sigs, d.Sig)
		}
		f.since = f.since || d.Since != 0
	}
}

// signaturesOf are the signatures a release (major version) lists.
func (f *Func) signaturesOf(major int) []*values.Signature {
	sigs := f.Signatures()
	if !f.since {
		return sigs
	}
	var out []*values.Signature
	for _, d := range f.Dispatches {
		if !d.ArgumentMismatch && d.Since <= major {
			out = append(out, d.Sig)
		}
	}
	return out
}

// Signatures returns the signatures of the function's regular dispatches
// (argument_mismatch dispatches excluded), as Puppet lists them.
func (f *Func) Signatures() []*values.Signature {
	f.ready()
	if len(f.sigs) == 0 && len(f.Dispatches) > 0 {
		f.listSignatures() // a Func made without Register
	}
	return f.sigs
}

// Errorf returns a function's failure with Puppet's message; functions
// panic with it.
func Errorf(format string, a ...any) error {
	if len(a) == 0 {
		return &values.Error{Message: format}
	}
	return &values.Error{Message: fmt.Sprintf(format, a...)}
}

// Fail panics with a function failure (shorthand for panic(Errorf(...))).
func Fail(format string, a ...any) {
	panic(Errorf(format, a...))
}

// BreakSignal is what a lambda that calls break() panics with. Iteration
// functions recover it and stop; other functions let it pass, and the
// runtime reports a break() that no iteration catches as Puppet does
// ("break() from context where this is illegal"). File, Line and Column
// locate the break() call when the runtime knows them.
type BreakSignal struct {
	File         string
	Line, Column int
}

// Call calls the function: the first dispatch that accepts the arguments
// (and block) runs and its result is checked against its return type. A
// call that no dispatch accepts panics with Puppet's mismatch message.
func (f *Func) Call(c Context, args []values.Value, block Block) values.Value {
	if f.API3 {
		return f.call3(c, args)
	}
	if f.ScopeArg {
		args = append([]values.Value{ScopeArgValue}, args...)
	}
	return f.callArgs(c, args, block)
}

// CallWithScopeArg is Call of a ScopeArg function that is not API3, with
// args that begin with ScopeArgValue already: the caller made the list
// with room for it, which Call would make.
func (f *Func) CallWithScopeArg(c Context, args []values.Value, block Block) values.Value {
	return f.callArgs(c, args, block)
}

// callArgs is Call with the arguments as the dispatches take them.
func (f *Func) callArgs(c Context, args []values.Value, block Block) values.Value {
	f.ready()
	var bv values.Value
	if block != nil {
		bv = block
	}
	major := 0
	if f.since {
		major = PuppetMajor(c)
	}
	for _, d := range f.Dispatches {
		if d.Since > major && f.since || !accepts(d, args, bv) {
			continue
		}
		return f.run(c, d, args, block)
	}
	sigs := f.Signatures()
	if f.since {
		sigs = f.signaturesOf(major)
	}
	panic(&values.Error{Message: values.DescribeSignatures(f.Name, sigs, args, bv)})
}

// run runs dispatch d, which accepts the arguments, and checks its result
// against its return type.
func (f *Func) run(c Context, d *Dispatch, args []values.Value, block Block) values.Value {
	if d.ArgumentMismatch {
		msg := d.Impl(c, args, nil)
		panic(Errorf("'%s' %s", f.Name, values.ToString(msg)))
	}
	r := d.Impl(c, args, block)
	if r == nil {
		r = values.Undef
	}
	if d.Return != nil && !values.IsInstance(d.Return, r) {
		if d.ReturnSubject != "" {
			panic(values.AssertInstance(d.ReturnSubject, d.Return, r))
		}
		m := d.Method
		if m == "" {
			m = f.Name
			if i := strings.LastIndex(m, "::"); i >= 0 {
				m = m[i+2:]
			}
		}
		panic(values.AssertInstance("value returned from function '"+m+"'", d.Return, r))
	}
	return r
}

// Bindable reports whether a call of f may be bound to one of its
// dispatches at build time (StaticDispatch): a 4.x function of Puppet's
// core, which no module's function shadows, whose dispatches are the same
// in every release, and which takes no calling scope.
func (f *Func) Bindable() bool {
	f.ready()
	return f.Module == "" && f.Terminus == "" && !f.API3 && !f.ScopeArg && !f.since
}

// StaticDispatch is the index of the dispatch that a call of f with
// len(args) arguments and no block runs, as far as the arguments known at
// build time (args[i] non-nil: a literal's value) prove it, and check, the
// unknown arguments the call still checks against that dispatch's
// parameter types when it runs (bit i: args[i]; CallDispatch). Call tries
// the dispatches in order: every dispatch before the one chosen must
// reject the call whatever the unknown arguments are (by arity, by its
// required block, or by the type of a known argument), and the chosen one
// must accept the known arguments. When it accepts any value of the
// unknown ones, check is 0; otherwise no later dispatch may accept the
// call either, so that an unknown argument that fails its check makes the
// call fail as Call would. It is -1 when nothing is proven, or when f is
// not Bindable.
//
// types, when not nil, are the types the build proved unknown arguments'
// values have (nil where it did not): a parameter that takes every value
// of its argument's type needs no check, and one that takes none
// (values.Disjoint) rejects the call.
func (f *Func) StaticDispatch(args []values.Value, types []values.Type) (int, uint64) {
	if !f.Bindable() || len(args) > 64 {
		return -1, 0
	}
	if types == nil {
		types = make([]values.Type, len(args))
	}
	chosen, check := -1, uint64(0)
	for i, d := range f.Dispatches {
		switch staticAccepts(d.Sig, args, types) {
		case yes:
			if chosen >= 0 {
				return -1, 0 // the unknown arguments choose between two
			}
			return i, 0
		case maybe:
			if chosen >= 0 {
				return -1, 0
			}
			chosen, check = i, unknownChecks(d.Sig, args, types)
		}
	}
	return chosen, check
}

// unknownChecks are the unknown arguments (nil) whose parameter in s does
// not accept every value of their type (any value, when it is not known),
// as StaticDispatch's check.
func unknownChecks(s *values.Signature, args []values.Value, types []values.Type) uint64 {
	var check uint64
	for i, a := range args {
		if a == nil && !values.IsAssignable(paramType(s, i), values.OrAny(types[i])) {
			check |= 1 << i
		}
	}
	return check
}

// paramType is the type of the parameter of s that takes argument i (the
// last one takes the rest).
func paramType(s *values.Signature, i int) values.Type {
	ps := s.Params
	return ps[min(i, len(ps)-1)].Type
}

type tristate int

const (
	no tristate = iota
	yes
	maybe
)

// staticAccepts is accepts for a call without a block whose arguments are
// known only where non-nil, and their types where types are.
func staticAccepts(s *values.Signature, args []values.Value, types []values.Type) tristate {
	lo, hi := arity(s)
	if len(args) < lo || len(args) > hi || s.Block != nil && !s.BlockOptional {
		return no
	}
	r := yes
	for i, a := range args {
		t := paramType(s, i)
		switch {
		case a != nil && !values.IsInstance(t, a):
			return no
		case a == nil && types[i] != nil && values.Disjoint(t, types[i]):
			return no
		case a == nil && !values.IsAssignable(t, values.OrAny(types[i])):
			r = maybe
		}
	}
	return r
}

// CallDispatch calls f with its dispatch i, which StaticDispatch chose at
// build time for these arguments, check the arguments it still checks:
// as Call, without trying the dispatches. An argument that fails its
// check makes Call fail (no other dispatch accepts the call), with
// Puppet's message.
//
// The arguments it does not check the build proved of the dispatch's
// types. Where that proof was wrong, the implementation meets a value it
// does not expect and faults (a Go type assertion, say); the call is then
// made again as Call makes it, which fails with Puppet's message (or runs
// the dispatch that does accept the arguments), not with Go's.
func (f *Func) CallDispatch(c Context, i int, check uint64, args []values.Value) (v values.Value) {
	f.ready()
	d := f.Dispatches[i]
	for ; check != 0; check &= check - 1 {
		j := bits.TrailingZeros64(check)
		if !values.IsInstance(paramType(d.Sig, j), args[j]) {
			return f.Call(c, args, nil)
		}
	}
	returned := false // no panic to recover (recover costs a call each time)
	defer func() {
		if returned {
			return
		}
		switch r := recover(); r.(type) {
		case nil: // runtime.Goexit
		case runtime.Error:
			if !accepts(d, args, nil) {
				v = f.Call(c, args, nil)
				return
			}
			panic(r)
		default:
			panic(r)
		}
	}()
	v = f.run(c, d, args, nil)
	returned = true
	return v
}

// arity is the least and the most arguments s accepts.
func arity(s *values.Signature) (lo, hi int) {
	for _, p := range s.Params {
		switch p.Kind {
		case values.ParamRequired:
			lo++
			hi++
		case values.ParamOptional:
			hi++
		case values.ParamRepeated:
			hi = 1 << 30
		case values.ParamRequiredRepeated:
			lo++
			hi = 1 << 30
		}
	}
	return lo, hi
}

// accepts is Signature.Accepts of d's signature without building an array
// of the arguments.
func accepts(d *Dispatch, args []values.Value, block values.Value) bool {
	s := d.Sig
	ps := s.Params
	n := len(args)
	lo, hi := d.arity()
	if n < lo || n > hi {
		return false
	}
	for i, a := range args {
		j := i
		if j >= len(ps) {
			j = len(ps) - 1
		}
		if !values.IsInstance(ps[j].Type, a) {
			return false
		}
	}
	if block == nil {
		return s.Block == nil || s.BlockOptional
	}
	return s.Block != nil && values.IsInstance(s.Block, block)
}

// call3 calls a 3.x function the way Puppet's Function3x does. The
// arguments are copied only when some must be converted (implementations
// do not change their argument list), and not at all for an
// implementation that converts them (Converts3x).
func (f *Func) call3(c Context, args []values.Value) values.Value {
	conv := args
	if !f.Converts3x {
		conv = convert3xArgs(args)
	}
	n := len(conv)
	if f.Arity >= 0 && n != f.Arity {
		panic(Errorf("%s(): Wrong number of arguments given (%d for %d)", f.Name, n, f.Arity))
	}
	if f.Arity < 0 && n < -f.Arity-1 {
		panic(Errorf("%s(): Wrong number of arguments given (%d for minimum %d)", f.Name, n, -f.Arity-1))
	}
	var impl Impl
	if len(f.Dispatches) > 0 {
		impl = f.Dispatches[0].Impl
	}
	if impl == nil {
		panic(Errorf("Unknown function: '%s'", f.Name))
	}
	r := impl(c, conv, nil)
	if f.Statement || r == nil {
		return values.Undef
	}
	return r
}

// convert3xArgs is args with Convert3x applied to each: args itself
// when none changes, else a copy.
func convert3xArgs(args []values.Value) []values.Value {
	conv, copied := args, false
	for i, a := range args {
		if !needs3x(a, true) {
			continue
		}
		if !copied {
			conv, copied = append([]values.Value(nil), args...), true
		}
		conv[i] = Convert3x(a, true)
	}
	return conv
}

// Convert3x is Puppet's conversion of an argument given to a 3.x function
// (Runtime3FunctionArgumentConverter): undef at the top level becomes ""
// (top), nested undef stays undef; regexps become their /source/ form;
// SemVer, SemVerRange, Timespan and Timestamp become their strings, Binary
// its base64 text; arrays and hashes are converted element by element.
// An iterator, a CatalogEntry and an untitled class fail, as they do as a
// resource's attribute values (rt's paramValue).
func Convert3x(v values.Value, top bool) values.Value {
	if !needs3x(v, top) {
		return v
	}
	switch x := v.(type) {
	case *Iterator, *values.CatalogEntryType, *values.ClassType:
		panic(Errorf("%s", Unconvertible3x(v)))
	case nil, values.UndefValue:
		if top {
			return values.String("")
		}
		return values.Undef
	case *values.Regexp:
		return values.String(x.Inspect())
	case *values.SemVer, *values.SemVerRange, values.Timespan, values.Timestamp:
		return values.String(values.ToString(v))
	case *values.Binary:
		return values.String(x.Base64())
	case *values.Array:
		out := make([]values.Value, x.Len())
		for i, e := range x.Elems() {
			out[i] = Convert3x(e, false)
		}
		return values.NewArray(out...)
	case *values.Hash:
		b := values.NewHashBuilder(x.Len())
		for i := 0; i < x.Len(); i++ {
			b.Put(Convert3x(x.KeyAt(i), false), Convert3x(x.ValueAt(i), false))
		}
		return b.Build()
	}
	return v
}

// Unconvertible3x is Puppet's error for a value its Runtime3Converter
// refuses to give a 3.x function or a resource's attribute: an iterator,
// a CatalogEntry, an untitled class; "" for any other value.
func Unconvertible3x(v values.Value) string {
	switch x := v.(type) {
	case *Iterator:
		return "Use of an Iterator is not supported here"
	case *values.CatalogEntryType:
		return "Cannot split the type Puppet::Pops::Types::PCatalogEntryType, it represents neither a PClassType, nor a PResourceType."
	case *values.ClassType:
		if x.ClassName == "" {
			return `No title provided and "class" is not a valid resource reference`
		}
	}
	return ""
}

// needs3x reports whether Convert3x changes v. Most values 3.x functions
// are given are strings, and hashes and arrays of strings, each element
// of which is looked at: a String is told apart first, by one comparison
// of its type, before the switch over the other types.
func needs3x(v values.Value, top bool) bool {
	if _, ok := v.(values.String); ok {
		return false
	}
	switch x := v.(type) {
	case nil:
		return true
	case values.UndefValue:
		return top
	case *values.Regexp, *values.SemVer, *values.SemVerRange, values.Timespan, values.Timestamp, *values.Binary,
		*Iterator, *values.CatalogEntryType:
		return true
	case *values.ClassType:
		return x.ClassName == ""
	case *values.Array:
		return anyNeeds3x(x.Elems())
	case *values.Hash:
		return anyNeeds3x(x.Keys()) || anyNeeds3x(x.Values())
	}
	return false
}

// anyNeeds3x reports whether Convert3x changes an element of a hash or
// an array (not at the top level).
func anyNeeds3x(el []values.Value) bool {
	for _, e := range el {
		if _, ok := e.(values.String); ok {
			continue
		}
		if needs3x(e, false) {
			return true
		}
	}
	return false
}

// FatalError is a failure that Puppet's evaluator does not report as an
// error of the call (a Ruby ScriptError such as LoadError): the
// compilation fails with the bare message, without "Error while
// evaluating a Function Call" and without a location.
type FatalError struct{ Message string }

func (e *FatalError) Error() string { return e.Message }

// IssueError is a failure that Puppet reports as an issue of the call
// expression ("<message>" at the call's location), not as "Error while
// evaluating a Function Call, <message>". Code is Puppet's issue code.
type IssueError struct {
	Code    string
	Message string
}

func (e *IssueError) Error() string { return e.Message }
