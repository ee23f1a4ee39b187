package erb

import (
	"os"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"github.com/pp2go/pp2go/rt/values"
)

// Puppet's own Ruby API as module functions use it, beyond logging
// (function.go): the Puppet call stack, settings, deprecation warnings,
// the process environment. Each asks the scope through an optional
// interface; a scope without it gets Ruby's answer for a Puppet that
// knows nothing (an empty stack, no setting).

// Frame is a position of the Puppet call stack: a manifest and a line.
type Frame struct {
	File string
	Line int
}

// Stacker is implemented by scopes that know Puppet's call stack.
type Stacker interface {
	Stacktrace() []Frame // the innermost call first
}

// OnceWarner is implemented by scopes that log a warning once per key.
type OnceWarner interface {
	WarnOnce(key, msg string)
}

// PuppetStacktrace is Puppet::Pops::PuppetStack.stacktrace: an Array of
// [file, line] pairs, the innermost call first.
func (r *R) PuppetStacktrace() Value {
	out := NewArray()
	if s, ok := r.scope.(Stacker); ok {
		for _, f := range s.Stacktrace() {
			out.A = append(out.A, NewArray(S(f.File), int64(f.Line)))
		}
	}
	return out
}

// symbolicSettings are the settings whose value Ruby sees as a Symbol
// (defaults.rb's :symbolic_enum, and the :terminus settings, which intern
// theirs).
var symbolicSettings = map[string]bool{"strict": true, "data_binding_terminus": true}

// PuppetSetting is Puppet[:name] (Puppet.settings[:name]): the setting as
// the compile sees it ($settings::name), nil when the scope has none.
func (r *R) PuppetSetting(name Value) Value {
	n := ToS(name)
	if r.rare != nil {
		if v, ok := r.rare.settings[n]; ok {
			return v
		}
	}
	if r.scope == nil {
		return nil
	}
	v, ok := r.scope.LookupVar("::settings::" + n)
	if !ok {
		return nil
	}
	if s, isStr := v.(values.String); isStr && symbolicSettings[n] {
		return Symbol(s)
	}
	return FromPuppet(v)
}

// SetPuppetSetting is Puppet[:name] = v. Puppet's settings are the
// process's; the value set here holds for the rest of the call that sets
// it, where modules' functions set one and put it back (simplib::lookup
// turns strict off around a scope's lookupvar).
func (r *R) SetPuppetSetting(name, v Value) Value {
	return setIn(&r.rareState().settings, ToS(name), v)
}

// warningsDisabled is whether Puppet[:disable_warnings] holds kind.
func (r *R) warningsDisabled(kind string) bool {
	if off, ok := r.PuppetSetting(S("disable_warnings")).(*Array); ok {
		for _, k := range off.A {
			if ToS(k) == kind {
				return true
			}
		}
	}
	return false
}

// PuppetDeprecationWarning is Puppet.deprecation_warning(message, key):
// a warning logged once per key (the message being the key by default),
// unless Puppet[:disable_warnings] holds deprecations.
func (r *R) PuppetDeprecationWarning(args ...Value) Value {
	arity(args, 1, 2)
	if r.warningsDisabled("deprecations") {
		return nil
	}
	msg := ToS(args[0])
	key := msg
	if len(args) > 1 && args[1] != nil {
		key = ToS(args[1])
	}
	switch s := r.scope.(type) {
	case OnceWarner:
		s.WarnOnce("deprecation|"+key, msg)
	case Logger:
		s.Warn(msg)
	}
	return nil
}

// Getenv is ENV[name]: the variable of the compiling process, nil when it
// is not set.
func (r *R) Getenv(name Value) Value {
	s, ok := name.(*Str)
	if !ok {
		typeError("no implicit conversion of %s into String", classOf(name).Name)
	}
	if v, set := r.envVars()[s.S]; set {
		if v == nil {
			return nil
		}
		return S(*v)
	}
	if v, set := os.LookupEnv(s.S); set {
		return S(v)
	}
	return nil
}

// EnvKeyQ is ENV.key?(name) (has_key?, include?, member?).
func (r *R) EnvKeyQ(name Value) Value { return r.Getenv(name) != nil }

// EnvFetch is ENV.fetch(name [, default]): KeyError for a variable that
// is not set when no default is given.
func (r *R) EnvFetch(args ...Value) Value {
	arity(args, 1, 2)
	v := r.Getenv(args[0])
	if v == nil {
		if len(args) == 2 {
			return args[1]
		}
		raise(ClassKeyError, "key not found: %s", Inspect(args[0]))
	}
	return v
}

// Setenv is ENV[name] = value (nil: unset). The assignment lasts for the
// function call, where Ruby's lasts for the process: the functions that
// set a variable restore it (stdlib's time() sets TZ), and a binary
// compiling several catalogs at once must not let one compile's
// assignment reach another's. Local times and the commands the call runs
// see it.
func (r *R) Setenv(name, value Value) Value {
	n, ok := name.(*Str)
	if !ok {
		implicitConversion(name, "String")
	}
	x := r.rareState()
	if x.env == nil {
		x.env = map[string]*string{}
	}
	switch v := value.(type) {
	case nil:
		x.env[n.S] = nil
	case *Str:
		s := v.S
		x.env[n.S] = &s
	default:
		implicitConversion(value, "String")
	}
	return value
}

// environ is the environment a command the call runs gets: the
// process's with the call's ENV assignments.
func (r *R) environ() []string {
	env := r.envVars()
	if len(env) == 0 {
		return nil
	}
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if _, set := env[k]; !set {
			out = append(out, kv)
		}
	}
	for k, v := range env {
		if v != nil {
			out = append(out, k+"="+*v)
		}
	}
	return out
}

// Yield is yield(args): the method's block called with args,
// LocalJumpError when it was given none.
func (r *R) Yield(b *Block, args ...Value) Value {
	needBlock(b, "yield")
	return b.Call(args...)
}

// BlockValue is a method's &block parameter: the block as a value (a
// Proc), nil when none was given.
func BlockValue(b *Block) Value {
	if b == nil {
		return nil
	}
	return b
}

// AsBlock is &x in a call: the Proc x passes as the call's block (nil
// passes none).
func (r *R) AsBlock(x Value) *Block { return r.BlkSym(x) }

// CallProc is proc.call(args) (proc.(args), proc.yield(args)).
func (r *R) CallProc(recv Value, args ...Value) Value {
	b, ok := recv.(*Block)
	if !ok {
		noMethod("call", recv)
	}
	return b.Call(args...)
}

// GlobalCaller is implemented by scopes that run a 4.x function's own
// call_function(name, *args, &block) as Puppet does: in the function's
// closure scope, which for a function of a module's lib is the global
// scope (Function#closure_scope), whatever scope called the function. A
// resource it creates is contained in Class[main] and has main's tags; a
// variable it reads is a top scope one. (scope.call_function, an
// InternalFunction's, runs in the calling scope.) b is nil without a
// block.
type GlobalCaller interface {
	CallGlobal(name string, args []values.Value, b *Block) values.Value
}

// CallFunctionBlock is a 4.x function's call_function(name, *args, &block)
// (GlobalCaller); b is nil when it is given none.
func (r *R) CallFunctionBlock(b *Block, args ...Value) Value {
	arity(args, 1, -1)
	name := ToS(args[0])
	gc, ok := r.scope.(GlobalCaller)
	if !ok {
		if b == nil {
			return r.callPuppet(name, args[1:])
		}
		raise(ClassNotImplementedError, "pp2go: this scope cannot call a Puppet function with a block")
	}
	r.memoCall(name)
	pargs := puppetArgs(args[1:])
	return r.puppetResult(name, func() values.Value { return gc.CallGlobal(name, pargs, b) })
}

// Untranslated raises the error of a method pp2go did not translate (msg
// says why): a NotImplementedError, which a rescue of StandardError does
// not catch.
func (r *R) Untranslated(msg string) Value {
	raise(ClassNotImplementedError, "%s", msg)
	return nil
}

// Releaser is implemented by scopes that know the Puppet release compiled
// as.
type Releaser interface {
	PuppetVersion() string // "8.10.0"
}

// VersionComparer is implemented by scopes with Puppet's version
// comparison (Puppet::Util::Package.versioncmp).
type VersionComparer interface {
	Versioncmp(a, b string, ignoreTrailingZeroes bool) int
}

// FunctionFinder is implemented by scopes that know which 3.x functions
// exist (Puppet::Parser::Functions.function).
type FunctionFinder interface {
	Has3xFunction(name string) bool
}

// PuppetVersion is Puppet.version: the release compiled as, 7.23.0 when
// the scope does not say.
func (r *R) PuppetVersion() Value {
	if fs := r.fs; fs != nil {
		return r.newStr(fs.PuppetVersion())
	}
	if v, ok := r.scope.(Releaser); ok {
		return r.newStr(v.PuppetVersion())
	}
	return r.newStr("7.23.0")
}

// settle is e.Settle for the release r compiles as, which it asks only
// when e has a Ruby 3.3 message (a rescue is common; this is rare).
func (r *R) settle(e *RubyError) *RubyError {
	if e.Msg33 == "" {
		return e
	}
	return e.Settle(fn.MajorOf(ToS(r.PuppetVersion())))
}

// ScopeMajor is the major version of the Puppet release s compiles as (7
// when it does not say).
func ScopeMajor(s Scope) int {
	if v, ok := s.(Releaser); ok {
		return fn.MajorOf(v.PuppetVersion())
	}
	return 7
}

// rubyVersions are RUBY_VERSION of the Ruby each Puppet release runs on
// where pp2go's references run it: Debian 12's Ruby under Puppet 7.23,
// Debian 13's under Puppet 8.10 (by the release's major version).
var rubyVersions = map[string]string{"7": "3.1.2", "8": "3.3.8"}

// RubyVersions are the RUBY_VERSIONs a translation may run under, one
// per Puppet release.
func RubyVersions() []string {
	return []string{rubyVersions["7"], rubyVersions["8"]}
}

// rubyVersion is RUBY_VERSION of the Puppet release compiled as.
func (r *R) rubyVersion() string {
	major, _, _ := strings.Cut(ToS(r.PuppetVersion()), ".")
	return rubyVersions[major]
}

// ruby31 reports whether the compile runs on Puppet 7.23's Ruby 3.1,
// which still has what Ruby 3.2 removed and words some errors its way.
func (r *R) ruby31() bool { return r.rubyVersion() == rubyVersions["7"] }

// releaseConsts are the constants whose value is the compile's, not the
// translation's: those of the Ruby that runs the Puppet release compiled
// as.
var releaseConsts = map[string]func(r *R) Value{
	"RUBY_VERSION": func(r *R) Value { return &Str{S: r.rubyVersion(), Frozen: true} },
}

// ReleaseConst reports whether the constant's value is the compile's
// (RUBY_VERSION): generated code reads it with (*R).ReleaseConst.
func ReleaseConst(path string) bool { return releaseConsts[path] != nil }

// ReleaseConst is the value of a constant that ReleaseConst(path) reports.
func (r *R) ReleaseConst(path string) Value { return releaseConsts[path](r) }

// removedConsts are the constants Puppet 8.10's process lacks, with
// their value in Puppet 7.23's: Fixnum and Bignum, deprecated aliases of
// Integer that Ruby 3.2 removed (puppetlabs-stdlib 6's type3x names
// them), and PSON, which Puppet 8 removed (stdlib 4.x's parsejson).
var removedConsts = map[string]Value{"Fixnum": ClassInteger, "Bignum": ClassInteger,
	"PSON": ClassPSON, "PSON::PSONError": ClassPSONError, "PSON::ParserError": ClassPSONParser, "PSON::GeneratorError": ClassPSONGenerator}

// RemovedConst reports whether Puppet 8.10's process lacks the constant:
// generated code reads it with (*R).RemovedConst.
func RemovedConst(path string) bool { return removedConsts[path] != nil }

// RemovedConst is the value of a constant RemovedConst(path) reports in
// Puppet 7.23; in Puppet 8.10 it is a NameError that names its first
// segment in nesting, the module its code is evaluated in (a 4.x
// function's: Puppet::Pops::Loader::RubyFunctionInstantiator).
func (r *R) RemovedConst(path, nesting string) Value {
	if !r.ruby31() {
		first, _, _ := strings.Cut(path, "::")
		raise(ClassNameError, "uninitialized constant %s::%s", nesting, first)
	}
	return removedConsts[path]
}

// PuppetVersioncmp is Puppet::Util::Package.versioncmp(a, b[,
// ignore_trailing_zeroes]): -1, 0 or 1. The versions must be Strings (it
// scans them).
func (r *R) PuppetVersioncmp(args ...Value) Value {
	arity(args, 2, 3)
	itz := len(args) == 3 && Truthy(args[2])
	var vs [2]string
	for i, a := range args[:2] {
		s, ok := a.(*Str)
		if !ok {
			if itz {
				// normalize(version) splits it first
				return r.NoMethod(a, "split")
			}
			return r.NoMethod(a, "scan")
		}
		vs[i] = s.S
	}
	if fs := r.fs; fs != nil {
		return int64(fs.Versioncmp(vs[0], vs[1], itz))
	}
	if c, ok := r.scope.(VersionComparer); ok {
		return int64(c.Versioncmp(vs[0], vs[1], itz))
	}
	// Puppet's versioncmp function is Package.versioncmp for Strings
	return r.callPuppet("versioncmp", []Value{args[0], args[1], Bool(itz)})
}

// PuppetFunction3x is Puppet::Parser::Functions.function(name): the name
// of the scope method calling the 3.x function name ("function_name"),
// false when there is none.
func (r *R) PuppetFunction3x(name Value) Value {
	n, found, v := r.function3x(name)
	if found {
		return S("function_" + n)
	}
	return v
}

// PuppetLoad3x is Puppet::Parser::Functions.function(name) as a
// statement: its checks, without the method name nothing reads.
func (r *R) PuppetLoad3x(name Value) Value {
	r.function3x(name)
	return nil
}

// function3x looks the 3.x function name up: its name when found, else
// the value Puppet::Parser::Functions.function(name) gives.
func (r *R) function3x(name Value) (n string, found bool, v Value) {
	switch x := name.(type) {
	case *Str:
		n = x.S
	case Symbol:
		n = string(x)
	default:
		return "", false, r.NoMethod(name, "intern")
	}
	if r.has3xFunction(n) {
		return n, true, nil
	}
	return "", false, false
}

// has3xFunction is the scope's Has3xFunction (FunctionFinder).
func (r *R) has3xFunction(name string) bool {
	f, ok := r.functionFinder()
	if !ok {
		raise(ClassNotImplementedError, "pp2go: this scope cannot look up 3.x functions")
	}
	return f.Has3xFunction(name)
}

// functionFinder is what looks up 3.x functions for r: its function
// scope, else its scope when that can (false: neither).
func (r *R) functionFinder() (FunctionFinder, bool) {
	if r.fs != nil {
		return r.fs, true
	}
	f, ok := r.scope.(FunctionFinder)
	return f, ok
}

// ScopeLog is warning(msg), notice(msg), ... in a 3.x function, whose self
// is the scope: the message logged with the scope as its source
// ("Scope(Class[foo]): msg").
func (r *R) ScopeLog(level string, args ...Value) Value {
	arity(args, 1, 1)
	if l, ok := r.scope.(Logger); ok && !r.dropsLog(level) {
		l.Log(level, ToS(args[0]))
	}
	return nil
}

// ScopeLogInterp is ScopeLog of "...#{x}...": the parts of the message
// (Interp's), which is built only when the scope keeps it.
func (r *R) ScopeLogInterp(level string, parts ...any) Value {
	if r.dropsLog(level) {
		return nil
	}
	return r.ScopeLog(level, r.Interp(parts...))
}

func init() {
	defineConsts(func(g *constGroup) {
		// the classes of Puppet values module functions name (and
		// Sensitive, constants.go)
		g.class(ClassBinary.Name, ClassBinary)
	})
	plain([]plainMethod{
		{"unwrap", (*R).Unwrap},
	})
}

// NewSensitive is Puppet::Pops::Types::PSensitiveType::Sensitive.new(v).
func (r *R) NewSensitive(v Value) Value {
	return &Object{V: values.NewSensitive(ToPuppet(v))}
}

// Unwrap is Sensitive#unwrap: the value a Sensitive hides; other values
// have no such method.
func (r *R) Unwrap(recv Value, args ...Value) Value {
	if o, ok := recv.(*Object); ok {
		if s, ok := o.V.(*values.Sensitive); ok {
			arity(args, 0, 0)
			return FromPuppet(s.Unwrap())
		}
	}
	return r.NoMethod(recv, "unwrap", args...)
}

// ClassPuppetJSONParseError is Puppet::Util::Json::ParseError.
var ClassPuppetJSONParseError = newClass("Puppet::Util::Json::ParseError", ClassStandardError)

func init() {
	defineConsts(func(g *constGroup) { g.class(ClassPuppetJSONParseError.Name, ClassPuppetJSONParseError) })
}

// PuppetJSONLoad is Puppet::Util::Json.load(text): JSON.parse (Puppet
// loads no MultiJson), its JSON::ParserError raised again as a
// Puppet::Util::Json::ParseError with the same message.
func (r *R) PuppetJSONLoad(text Value) (out Value) {
	defer func() {
		if p := recover(); p != nil {
			if re, ok := p.(*RubyError); ok && re.Class == ClassJSONParserError {
				panic(&RubyError{Class: ClassPuppetJSONParseError, Msg: re.Msg, Frame: re.Frame})
			}
			panic(p)
		}
	}()
	return r.Parse(ClassJSON, text)
}

// Lookupvar is scope.lookupvar(name) on the scope as a value (scope =
// self in a 3.x function).
func (r *R) Lookupvar(recv Value, args ...Value) Value {
	if s, ok := recv.(*scopeObject); ok {
		arity(args, 1, 1)
		return r.lookupVarIn(s, args[0])
	}
	return r.NoMethod(recv, "lookupvar", args...)
}

// lookupVarIn is s.lookupvar(name): the top scope's looks up an
// unqualified name there.
func (r *R) lookupVarIn(s *scopeObject, name Value) Value {
	if n, ok := name.(*Str); ok && s.global && !strings.Contains(n.S, "::") {
		return r.lookupVarAs("::"+n.S, n.S)
	}
	return r.LookupVar(name)
}

// FindGlobalScope is Scope#find_global_scope: the top scope.
func (r *R) FindGlobalScope(recv Value, args ...Value) Value {
	if _, ok := recv.(*scopeObject); ok {
		arity(args, 0, 0)
		return globalScope
	}
	return r.NoMethod(recv, "find_global_scope", args...)
}

// DefinedMethod is defined?(recv.name(...)): nil when the receiver is not
// defined (recvDefined nil) or raises a StandardError when evaluated,
// "method" when its value responds to name.
func (r *R) DefinedMethod(recvDefined Value, recv func() Value, name string) (result Value) {
	if recvDefined == nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			if re, ok := p.(*RubyError); ok && re.Class.IsA(ClassStandardError) {
				result = nil
				return
			}
			panic(p)
		}
	}()
	if !respondsTo(recv(), name) {
		return nil
	}
	return Defined("method")
}

// DefaultsLister is implemented by scopes that know the resource defaults
// in effect (Scope#lookupdefaults).
type DefaultsLister interface {
	ResourceDefaults(typeName string) (attrs []string, vals []values.Value)
}

// ClassResourceParam is Puppet::Parser::Resource::Param, the values of
// the Hash lookupdefaults returns.
var ClassResourceParam = newClass("Puppet::Parser::Resource::Param", ClassObject)

// resourceParam is a resource default: an attribute and its value.
type resourceParam struct {
	name  string
	value values.Value
}

func (*resourceParam) rubyClass() *Class { return ClassResourceParam }

// rubyToS is Param#to_s: "name => value".
func (x *resourceParam) rubyToS() string { return x.name + " => " + ToS(FromPuppet(x.value)) }
func (x *resourceParam) rubyInspect() string {
	return "#<Puppet::Parser::Resource::Param:0x0000000000000000 @value=" + Inspect(FromPuppet(x.value)) + ", @name=:" + x.name + ">"
}

// LookupDefaults is Scope#lookupdefaults(type): a Hash of the resource
// defaults in effect for the type named exactly so ("File"), each
// attribute's Symbol to its Puppet::Parser::Resource::Param.
func (r *R) LookupDefaults(typ Value) Value {
	d, ok := r.scope.(DefaultsLister)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: this scope does not know its resource defaults")
	}
	h := NewHash()
	name, ok := typ.(*Str)
	if !ok {
		return h // Puppet's defaults are keyed by Strings
	}
	attrs, vals := d.ResourceDefaults(name.S)
	for i, a := range attrs {
		h.Set(Symbol(a), &resourceParam{name: a, value: vals[i]})
	}
	return h
}

// PuppetToData is Puppet::Pops::Serialization::ToDataConverter.convert(
// value, rich_data: true) (stdlib's to_python, to_ruby): fn.RichData.
// Other options are refused: pp2go does not implement them.
func (r *R) PuppetToData(v Value, opts Value) Value {
	h, ok := opts.(*Hash)
	rich, _ := h.Lookup(Symbol("rich_data"))
	if !ok || h.Len() != 1 || rich != true {
		return r.Untranslated("pp2go: ToDataConverter.convert supports only rich_data: true, not " + Inspect(opts))
	}
	return FromPuppet(fn.RichData(ToPuppet(v)))
}

// ClassPuppetDevError is Puppet::DevError, an error of a caller's use of
// Puppet's API.
var ClassPuppetDevError = newClass("Puppet::DevError", ClassPuppetError)

func init() {
	defineConsts(func(g *constGroup) {
		g.class(ClassPuppetDevError.Name, ClassPuppetDevError)
	})
	plain([]plainMethod{
		{"absolute_path?", (*R).AbsolutePathQ},
	})
}

// puppetUtilMethods are the module functions of Puppet::Util that
// translated Ruby reaches (respond_to? answers for them).
const puppetUtilMethods = " absolute_path? deterministic_rand deterministic_rand_int "

var (
	absolutePathWindows = lazyre.New(`(?i)^(?:(?:[A-Z]:[\\/])|(?:[\\/][\\/][^\\/]+[\\/][^\\/]+)|(?:[\\/][\\/]\?[\\/][^\\/]+))`)
	absolutePathPosix   = lazyre.New(`^/`)
)

// AbsolutePathQ is Puppet::Util.absolute_path?(path[, platform]): whether
// path is absolute on :posix or :windows (default: the compiling
// machine's, posix); a value that is not a String is not, with a
// warning. Ruby's ^ matches after every newline.
func (r *R) AbsolutePathQ(recv Value, args ...Value) Value {
	classRecv("absolute_path?", recv, ClassPuppetUtil)
	arity(args, 1, 2)
	s, ok := args[0].(*Str)
	if !ok {
		r.PuppetLog("warning", S("Cannot check if "+ToS(args[0])+" is an absolute path because it is a '"+classOf(args[0]).Name+"' and not a String'"))
		return false
	}
	rx := absolutePathPosix
	if len(args) == 2 && args[1] != nil {
		switch args[1] {
		case Symbol("windows"):
			rx = absolutePathWindows
		case Symbol("posix"):
		default:
			raise(ClassPuppetDevError, "unknown platform %s in absolute_path", ToS(args[1]))
		}
	}
	for _, line := range strings.Split(s.S, "\n") {
		if rx.MatchString(line) {
			return true
		}
	}
	return false
}
