// Package rubyfn runs the Ruby functions of modules that codegen
// translated to Go (codegen/rubyfn): it adapts a translated file's
// methods, written against the ERB runtime (rt/erb), to rt/fn's dispatch
// model. Arguments become Ruby values as Puppet gives them to Ruby, the
// result becomes a Puppet value, and a Ruby exception becomes the
// function's failure with its message (a failing Puppet function called
// from Ruby fails with its own error).
package rubyfn

import (
	"fmt"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/fn/core"
	"github.com/pp2go/pp2go/rt/values"
)

// Methods is a translated function file: it runs method with arguments a
// in scope s
// (b is the function's block, nil when it was given none).
type Methods func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value

// Impl is the implementation of a 4.x dispatch to method.
func Impl(m Methods, method string) fn.Impl {
	return func(c fn.Context, args []values.Value, b fn.Block) values.Value {
		f := newFrame(c, nil, args, false)
		v := run(&f.call, m, method, rubyBlock(b), f.arr.A)
		f.settleArgs(args, f.arr.A)
		f.release()
		return v
	}
}

// settleArgs makes what a 4.x function changed in place of the Hashes and
// Arrays it was given (args, as Ruby values a) the caller's too: Puppet
// gives such a function its own objects, so that the variables holding
// one, and the class parameter it came from, show the change
// (puppet-grafana's deep_find_and_remove deletes a key from its
// argument's hashes). A 3.x function is given copies (Puppet's
// Runtime3FunctionArgumentConverter), whatever it changes.
func (f *frame) settleArgs(args []values.Value, a []erb.Value) {
	if f.s.cs == nil {
		return
	}
	for i, p := range args {
		switch p.(type) {
		case *values.Hash, *values.Array:
			if erb.ChangedInPlace(a[i], p) {
				f.s.cs.UpdateObject(p, erb.ToPuppet(a[i]))
			}
		}
	}
}

// frame is what a call of translated Ruby allocates at once: the scope
// its methods see, the Ruby arguments, an Array that is the one argument
// of a 3.x function's block, and the call's R with room for the first
// Strings and block it makes (the scope's room, which the translated
// file's NewCall takes).
type frame struct {
	s    scope
	call erb.CallScope // s, as the methods are given it
	arr  erb.Array     // the arguments
	one  [1]erb.Value  // &arr
	room erb.CallRoom
	// the frame of a call from Puppet, its argFrame or hashFrame, and
	// the Frames it goes back to when the call is done (release)
	af *argFrame
	hf *hashFrame
	fs *Frames
}

// init points the frame's scope at its room.
func (f *frame) init() *frame {
	f.s.room = f.room.R()
	f.call = erb.CallScope{Scope: &f.s, Function: &f.s}
	return f
}

// argFrame is the frame of a call from Puppet, with room for the
// arguments it converts: the list when they are few, the Strings of the
// first String arguments.
type argFrame struct {
	frame
	buf  [3]erb.Value
	strs [2]erb.Str
}

// hashFrame is an argFrame with room for the Hash of its first hash
// argument (ensure_resource's parameters, most).
type hashFrame struct {
	argFrame
	hash erb.HashRoom
}

// newFrame is the frame of a call in c whose arguments are lead followed
// by the Puppet values args made Ruby values with FromPuppet or, when
// threeX, converted as Puppet converts a 3.x function's arguments
// (fn.Convert3x: fn.Func.Converts3x) and made Ruby values with
// FromPuppet3x (which make a String a new Str).
func newFrame(c fn.Context, lead []erb.Value, args []values.Value, threeX bool) *frame {
	from := erb.FromPuppet
	if threeX {
		from = erb.FromPuppet3x
	}
	fs, cs := framesOf(c)
	var f *argFrame
	var room *erb.HashRoom
	for _, v := range args {
		if _, ok := v.(*values.Hash); ok {
			hf := fs.hashFrame()
			f, room = &hf.argFrame, &hf.hash
			f.hf = hf
			break
		}
	}
	if f == nil {
		f = fs.argFrame()
		f.af = f
	}
	f.s.c, f.s.cs, f.fs = c, cs, fs
	var a []erb.Value
	if n := len(lead) + len(args); n <= len(f.buf) {
		a = f.buf[:0:n]
	} else {
		a = make([]erb.Value, 0, n)
	}
	a = append(a, lead...)
	ns := 0
	for _, v := range args {
		if threeX {
			v = fn.Convert3x(v, true) // v itself when nothing changes
		}
		if s, ok := v.(values.String); ok && ns < len(f.strs) {
			f.strs[ns].S = string(s)
			a = append(a, &f.strs[ns])
			ns++
			continue
		}
		if h, ok := v.(*values.Hash); ok && room != nil {
			a = append(a, room.From(h, threeX))
			room = nil
			continue
		}
		a = append(a, from(v))
	}
	f.arr.A = a
	return f.frame.init()
}

// Frames are the frames of a compile's calls of translated Ruby from
// Puppet done with, for the next calls: a frame is 600 to 800 bytes,
// and a compile makes one for each call (keystone's ~155: has_key,
// ensure_resource, validate_legacy...), each an allocation and bytes for
// the collector, while a few at a time are in use. A call's frame comes
// back only when the call returned and its room is unused
// (erb.CallRoom.Unused): its arguments (the frame's Strings, Hash and
// lists) were handed to the Ruby only, whose result Puppet gets
// converted, and nothing else the call made is in the frame. A call from
// Ruby (Call3xRuby) gives its frame back only when its Ruby result can
// hold nothing of the frame either (holdsNothing). The zero
// Frames is ready; it is a compile's (FrameSource), used by one
// goroutine at a time.
type Frames struct {
	args   []*argFrame
	hashes []*hashFrame
	// room for the lists: a call from Puppet in a call from Puppet is
	// rare, so a compile reuses a frame or two of each kind
	argsRoom   [4]*argFrame
	hashesRoom [4]*hashFrame
}

// FrameSource is implemented by the contexts of a compile (rt's scopes):
// the compile's Frames. In another context each frame is an allocation
// of its own and is not reused.
type FrameSource interface {
	RubyFrames() *Frames
}

// framesOf is c's Frames (nil when c has none), and c when it is a
// compile's scope (nil otherwise), which it asserts once.
func framesOf(c fn.Context) (*Frames, CompileScope) {
	if cs, ok := c.(CompileScope); ok {
		return cs.RubyFrames(), cs
	}
	if src, ok := c.(FrameSource); ok {
		return src.RubyFrames(), nil
	}
	return nil, nil
}

// frames is framesOf(s.c), without asserting c again when s has it.
func (s *scope) frames() (*Frames, CompileScope) {
	if s.cs != nil {
		return s.cs.RubyFrames(), s.cs
	}
	return framesOf(s.c)
}

// argFrame is a zero argFrame: one done with, else a new one.
func (fs *Frames) argFrame() *argFrame {
	if fs != nil {
		if n := len(fs.args); n > 0 {
			f := fs.args[n-1]
			fs.args = fs.args[:n-1]
			return f
		}
	}
	return &argFrame{}
}

// hashFrame is a zero hashFrame: one done with, else a new one.
func (fs *Frames) hashFrame() *hashFrame {
	if fs != nil {
		if n := len(fs.hashes); n > 0 {
			f := fs.hashes[n-1]
			fs.hashes = fs.hashes[:n-1]
			return f
		}
	}
	return &hashFrame{}
}

// release gives the frame of a call from Puppet that returned back to its
// Frames, zeroed, when its room is unused (Frames); otherwise, and when
// the Frames have room for no more, it is left to the collector.
func (f *frame) release() {
	fs := f.fs
	if fs == nil || !f.room.Unused() {
		return
	}
	switch {
	case f.hf != nil:
		if fs.hashes == nil {
			fs.hashes = fs.hashesRoom[:0]
		}
		if len(fs.hashes) < cap(fs.hashes) {
			hf := f.hf
			*hf = hashFrame{}
			fs.hashes = append(fs.hashes, hf)
		}
	case f.af != nil:
		if fs.args == nil {
			fs.args = fs.argsRoom[:0]
		}
		if len(fs.args) < cap(fs.args) {
			af := f.af
			*af = argFrame{}
			fs.args = append(fs.args, af)
		}
	}
}

// array1 is the one argument of a 3.x function's block: the Array of the
// frame's arguments.
func (f *frame) array1() []erb.Value {
	f.one[0] = &f.arr
	return f.one[:]
}

// scopeLead is the argument before the others of a method that receives
// the calling scope.
var scopeLead = []erb.Value{erb.ScopeValue()}

// ImplScope is the implementation of an InternalFunction's dispatch with
// scope_param: method receives the calling scope before the arguments.
func ImplScope(m Methods, method string) fn.Impl {
	return func(c fn.Context, args []values.Value, b fn.Block) values.Value {
		f := newFrame(c, scopeLead, args, false)
		v := run(&f.call, m, method, rubyBlock(b), f.arr.A)
		f.settleArgs(args, f.arr.A[len(scopeLead):])
		f.release()
		return v
	}
}

// ImplScopeArg is the implementation of a dispatch of a function whose
// `call' passes the scope first (fn.Func.ScopeArg): the method receives
// the calling scope in place of the first argument.
func ImplScopeArg(m Methods, method string) fn.Impl {
	return func(c fn.Context, args []values.Value, b fn.Block) values.Value {
		f := newFrame(c, scopeLead, args[1:], false)
		v := run(&f.call, m, method, rubyBlock(b), f.arr.A)
		f.settleArgs(args[1:], f.arr.A[len(scopeLead):])
		f.release()
		return v
	}
}

// impl3 is the implementation of a 3.x function whose block is method: it
// receives the arguments as one Array. A function that is not an rvalue
// returns undef whatever its block returns, which is not converted.
func impl3(m Methods, method string, rvalue bool) fn.Impl {
	return func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		f := newFrame(c, nil, args, true)
		if !rvalue {
			runStatement(&f.call, m, method, f.array1())
			f.release()
			return values.Undef
		}
		v := run(&f.call, m, method, nil, f.array1())
		f.release()
		return v
	}
}

// run runs a method of translated Ruby. An exception it does not rescue
// leaves the function as Puppet's error: the one a Puppet call it made
// raised (Cause) as that call raised it, so that the function's caller
// reports it once (ensure_resource's create_resources of an unknown type:
// "Error while evaluating a Function Call, Unknown resource type"), or one
// with the Ruby exception's message.
func run(s *erb.CallScope, m Methods, method string, b *erb.Block, a []erb.Value) values.Value {
	defer rubyFailure(s)
	return erb.ToPuppet(m(s, method, b, a))
}

// runStatement is run of a method whose result is not wanted.
func runStatement(s *erb.CallScope, m Methods, method string, a []erb.Value) {
	defer rubyFailure(s)
	m(s, method, nil, a)
}

// rubyFailure makes a Ruby exception that leaves a function called in s
// Puppet's error (run), in the words of the Ruby of s's release.
func rubyFailure(s *erb.CallScope) {
	if p := recover(); p != nil {
		if re, ok := p.(*erb.RubyError); ok {
			if re.Cause != nil {
				panic(re.Cause)
			}
			panic(fn.Errorf("%s", re.Settle(erb.ScopeMajor(s.Scope)).Msg))
		}
		panic(p)
	}
}

// UpdateVar implements erb.VarUpdater: a variable of the calling scope
// whose Ruby object the call changed in place.
func (s *scope) UpdateVar(name string, v values.Value) {
	if u, ok := s.c.(erb.VarUpdater); ok {
		u.UpdateVar(name, v)
	}
}

// scope is what translated Ruby sees of the calling scope.
type scope struct {
	c fn.Context
	// cs is c when it is a compile's scope (nil otherwise): its methods
	// are called without asserting c to each interface (erb.FunctionScope
	// says why)
	cs   CompileScope
	room *erb.R // the frame's R until taken (TakeR)
}

// CompileScope is a compile's scope (rt's) as a call of translated Ruby
// uses it.
type CompileScope interface {
	fn.Context
	fn.Catalog
	fn.Releaser
	erb.LogFilter
	FrameSource
	// UpdateObject: the variables that hold old hold v, what a call
	// changed old to in place (settleArgs)
	UpdateObject(old, v values.Value)
}

var _ erb.FunctionScope = (*scope)(nil) // else NewCall would not find it one

// TakeR implements erb.FunctionScope: the call's first NewCall takes the
// frame's R; the methods of the file's classes, which run in the same
// scope, allocate their own.
func (s *scope) TakeR() *erb.R {
	r := s.room
	s.room = nil
	return r
}

func (s *scope) LookupVar(name string) (values.Value, bool) { return s.c.LookupVar(name) }

func (s *scope) Vars() *values.Hash { return values.NewHash() }

// ScopeHash implements erb.HashScope: the calling scope's to_hash (a 3.x
// function's self is the scope it is called in).
func (s *scope) ScopeHash(recursive, includeUndef bool) *values.Hash {
	if h, ok := s.c.(erb.HashScope); ok {
		return h.ScopeHash(recursive, includeUndef)
	}
	return values.NewHash()
}

func (s *scope) Call(name string, args []values.Value) values.Value {
	return s.c.Call(name, args, nil)
}

// new3 is a translated 3.x function of module: arity as
// newfunction's, m's method running its block; a function that is not an
// rvalue returns undef whatever its block returns. pure is fn.Func.Pure.
func new3(name, module string, arity int, rvalue bool, m Methods, method string, pure bool) *fn.Func {
	f := fn.New3(name, arity, impl3(m, method, rvalue))
	f.Module = module
	f.Pure = pure
	f.Converts3x = true // newFrame, as it makes the arguments Ruby values
	f.Ruby = &ruby3xFunc{m: m, method: method, arity: arity, rvalue: rvalue}
	return f
}

// ruby3xFunc is a translated 3.x function as Ruby's scope.function_x
// runs it (Call3xRuby): its fn.Func's Ruby.
type ruby3xFunc struct {
	m      Methods
	method string
	arity  int
	rvalue bool
}

// Call3xRuby is scope.function_name(args) of a translated 3.x function:
// Puppet's function_x method, which checks the arity (ArgumentError), runs
// the block with the Ruby arguments as they are and returns its result
// with :undef made nil (nil when the function is not an rvalue).
func (s *scope) Call3xRuby(name string, args []erb.Value) (erb.Value, bool) {
	return s.callRuby3x(fn.Lookup3x(name), name, args)
}

// Call3xRubyBound implements erb.BoundCaller3x: Call3xRuby of the
// function bound at a call site.
func (s *scope) Call3xRubyBound(b *erb.Bound3x, name string, args []erb.Value) (erb.Value, bool) {
	return s.callRuby3x(b.F, name, args)
}

// callRuby3x is Call3xRuby of the function fn.Lookup3x finds for name (f,
// nil for none): false when it is not translated Ruby.
func (s *scope) callRuby3x(fun *fn.Func, name string, args []erb.Value) (erb.Value, bool) {
	if fun == nil {
		return nil, false
	}
	f, ok := fun.Ruby.(*ruby3xFunc)
	if !ok {
		return nil, false
	}
	n := len(args)
	switch {
	case f.arity >= 0 && n != f.arity:
		panic(&erb.RubyError{Class: erb.ClassArgumentError, Msg: fmt.Sprintf("%s(): Wrong number of arguments given (%d for %d)", name, n, f.arity)})
	case f.arity < 0 && n < -f.arity-1:
		panic(&erb.RubyError{Class: erb.ClassArgumentError, Msg: fmt.Sprintf("%s(): Wrong number of arguments given (%d for minimum %d)", name, n, -f.arity-1)})
	}
	fs, cs := s.frames()
	fr := fs.argFrame()
	fr.af, fr.fs, fr.s.c, fr.s.cs = fr, fs, s.c, cs
	fr.arr.A = args
	fr.frame.init()
	r := f.m(&fr.call, f.method, nil, fr.array1())
	if !f.rvalue {
		fr.release()
		return nil, true
	}
	r = erb.Convert3xReturn(r)
	if holdsNothing(r) {
		fr.release()
	}
	return r, true
}

// holdsNothing reports whether a Ruby value can hold no other value (nil,
// true, false, a number, a Symbol): a Ruby caller that gets it as a
// function's result cannot reach the function's frame through it (its
// arguments' Array), which may then be reused (frame.release).
func holdsNothing(v erb.Value) bool {
	switch v.(type) {
	case nil, bool, int64, float64, erb.Symbol:
		return true
	}
	return false
}

// Call3x is Ruby's scope.function_name(args) in context c, for a
// template's scope as for a translated function's (scope.Call3x).
func Call3x(c fn.Context, name string, args []values.Value) values.Value {
	return (&scope{c: c}).Call3x(name, args)
}

// Call3xRuby is Ruby's scope.function_name(args) of a translated 3.x
// function in context c (scope.Call3xRuby).
func Call3xRuby(c fn.Context, name string, args []erb.Value) (erb.Value, bool) {
	return (&scope{c: c}).Call3xRuby(name, args)
}

// RegisterLoadError registers the function name of module (api 3 or 4)
// whose file Puppet fails to load (Ruby's LoadError msg, a gem its Ruby
// does not have): any call fails with msg, as is (fn.FatalError: a
// LoadError is no StandardError, which Puppet's evaluator reports).
func RegisterLoadError(name, module string, api int, msg string) {
	impl := func(fn.Context, []values.Value, fn.Block) values.Value {
		panic(&fn.FatalError{Message: msg})
	}
	if api == 3 {
		f := fn.New3(name, -1, impl)
		f.Module = module
		fn.Register(f)
		return
	}
	fn.New(name).Module(module).D("Any args*, &block?", impl).Register()
}

func (s *scope) Log(level, msg string) { s.c.Log(level, msg) }

func (s *scope) Warn(msg string) { s.c.Warn(msg) }

// DropsLog implements erb.LogFilter: the calling scope's answer.
func (s *scope) DropsLog(level string) bool {
	if s.cs != nil {
		return s.cs.DropsLog(level)
	}
	f, ok := s.c.(erb.LogFilter)
	return ok && f.DropsLog(level)
}

// ScopeString is how Ruby shows the scope (Puppet's Scope#to_s).
func (s *scope) ScopeString() string { return fn.ScopeString(s.c) }

// Stacktrace is Puppet's call stack (Puppet::Pops::PuppetStack).
func (s *scope) Stacktrace() []erb.Frame {
	st := fn.Stacktrace(s.c)
	out := make([]erb.Frame, len(st))
	for i, f := range st {
		out[i] = erb.Frame{File: f.File, Line: f.Line}
	}
	return out
}

func (s *scope) WarnOnce(key, msg string) { fn.WarnOnce(s.c, key, msg) }

// Strict implements erb.StrictScope: scope.lookupvar of a variable that
// does not exist does what Puppet's strict setting says (as
// fn.LookupVar3x).
func (s *scope) Strict() string { return fn.StrictMode(s.c) }

// WarnOnceUnlocated implements erb.StrictScope (Puppet.warn_once with no
// file and line).
func (s *scope) WarnOnceUnlocated(key, msg string) { fn.WarnOnceUnlocated(s.c, key, msg) }

// CallGlobal implements erb.GlobalCaller: the calling compile's global
// scope calls the function (fn.GlobalCaller; the caller's scope when its
// context has none). A block is the lambda the function was given when
// it is that lambda, else the Ruby block as a lambda taking any
// arguments.
func (s *scope) CallGlobal(name string, args []values.Value, b *erb.Block) values.Value {
	var lambda fn.Block
	if b != nil {
		var ok bool
		if lambda, ok = b.Origin.(fn.Block); !ok {
			lambda = erb.PuppetLambda(b)
		}
	}
	if gc, ok := s.c.(fn.GlobalCaller); ok {
		return gc.CallGlobal(name, args, lambda)
	}
	return s.c.Call(name, args, lambda)
}

// rubyBlock is the Puppet lambda b as the block of a Ruby method: its
// arguments and result converted between Ruby and Puppet.
func rubyBlock(b fn.Block) *erb.Block {
	if b == nil {
		return nil
	}
	return erb.LambdaBlock(fn.BlockArity(b), b, func(a []erb.Value) erb.Value {
		args := make([]values.Value, len(a))
		for i, v := range a {
			args[i] = erb.ToPuppet(v)
		}
		return erb.FromPuppet(b.Call(args...))
	})
}

// PuppetVersion is Puppet.version: the release compiled as (7.23.0 for a
// context that does not say).
func (s *scope) PuppetVersion() string {
	if s.cs != nil {
		return s.cs.PuppetVersion()
	}
	if r, ok := s.c.(fn.Releaser); ok {
		return r.PuppetVersion()
	}
	return "7.23.0"
}

// Versioncmp is Puppet::Util::Package.versioncmp.
func (s *scope) Versioncmp(a, b string, ignoreTrailingZeroes bool) int {
	return core.Versioncmp(a, b, ignoreTrailingZeroes)
}

// Has3xFunction reports whether Puppet::Parser::Functions.function finds
// the 3.x function name.
func (s *scope) Has3xFunction(name string) bool { return fn.Has3x(name) }

// Call3x is scope.function_name(args): a module's 3.x function of that
// name even where a core function shadows it for Puppet code.
func (s *scope) Call3x(name string, args []values.Value) values.Value {
	if f := fn.Shadowed3x(name); f != nil && f != fn.Lookup(name) {
		return f.Call(s.c, args, nil)
	}
	return s.c.Call(name, args, nil)
}

// Call3xBound implements erb.BoundCaller3x: Call3x of the function bound
// at a call site.
func (s *scope) Call3xBound(b *erb.Bound3x, name string, args []values.Value) values.Value {
	if b.Shadowed {
		return b.F.Call(s.c, args, nil)
	}
	return s.c.Call(name, args, nil)
}

// catalog is the context's catalog; what names the call in the error
// when the context gives none.
func (s *scope) catalog(what string) fn.Catalog {
	cat, ok := s.c.(fn.Catalog)
	if !ok {
		panic(fn.Errorf("%s: pp2go gives this function no access to the catalog", what))
	}
	return cat
}

// FindResource is Scope#findresource: the catalog's resource of a type
// and title.
func (s *scope) FindResource(typeName, title string) (erb.PuppetResource, bool) {
	if s.cs != nil {
		return s.cs.FindResource(typeName, title)
	}
	return s.catalog("findresource").FindResource(typeName, title)
}

// CatalogResources is Catalog#resources.
func (s *scope) CatalogResources() []erb.PuppetResource {
	return s.catalog("catalog.resources").Resources()
}

// CatalogClasses is Catalog#classes.
func (s *scope) CatalogClasses() []string {
	return s.catalog("catalog.classes").Classes()
}

// CurrentResource is Scope#resource.
func (s *scope) CurrentResource() erb.PuppetResource {
	return s.catalog("scope.resource").CurrentResource()
}

// ResourceTypeKind is what find_resource_type_or_class finds.
func (s *scope) ResourceTypeKind(name string) string {
	if s.cs != nil {
		return s.cs.ResourceTypeKind(name)
	}
	return s.catalog("find_resource_type_or_class").ResourceTypeKind(name)
}

// ScopeSource is Scope#source: the class or defined type whose code calls
// the function.
func (s *scope) ScopeSource() (string, bool) {
	return s.catalog("scope.source").ScopeSource()
}

// ModuleFile answers for the paths inside the modules' directories from
// what the build compiled in (fn.ModuleFiles); elsewhere, and in a
// context that does not know, the machine's disk answers.
func (s *scope) ModuleFile(path string) (fn.ModuleEntry, bool) {
	if mf, ok := s.c.(fn.ModuleFiles); ok {
		return mf.ModuleFile(path)
	}
	return fn.ModuleEntry{}, false
}

// ModuleDirectory is a module's directory (Puppet::Module.find).
func (s *scope) ModuleDirectory(name string) (string, bool) {
	if f, ok := s.c.(interface {
		ModuleDirectory(name string) (string, bool)
	}); ok {
		return f.ModuleDirectory(name)
	}
	return "", false
}

// Environment is the environment's name (compiler.environment).
func (s *scope) Environment() string { return s.c.Environment() }

// ResourceDefaults is Scope#lookupdefaults(type): the resource defaults
// in effect in the calling scope.
func (s *scope) ResourceDefaults(typeName string) ([]string, []values.Value) {
	d, ok := s.c.(fn.DefaultsLister)
	if !ok {
		panic(fn.Errorf("lookupdefaults: pp2go gives this function no access to the resource defaults"))
	}
	return d.ResourceDefaults(typeName)
}

// CommandsAllowed reports whether the compile lets module Ruby run
// commands (fn.Commander).
func (s *scope) CommandsAllowed() bool {
	c, ok := s.c.(fn.Commander)
	return ok && c.CommandsAllowed()
}

// HasFunction reports whether the environment's loaders find a function
// of that name (a 4.x, 3.x or Puppet-language function, of a module or of
// Puppet).
func (s *scope) HasFunction(name string) bool { return fn.Lookup(name) != nil || fn.Has3x(name) }

// Func is a translated Ruby function as data, which a generated package
// lists (rt.Module) instead of running code that registers it: Register
// registers it as register3, RegisterLoadError or the rt/fn Builder
// chain of its dispatches would.
type Func struct {
	Name string
	// API is the Ruby API the function is written with: 3 or 4.
	API int
	// LoadError, when set, is the error loading the function's file
	// raises: every call fails with it (RegisterLoadError).
	LoadError string
	// Refused, when set, is the error Puppet's loader raises when Puppet
	// code calls this 3.x function, whose file defines a method: Ruby's
	// scope.function_x runs it (when Methods translated it) as Puppet's
	// 3.x loader does (registerRefused).
	Refused string
	// Methods are the translated file's methods.
	Methods Methods
	// a 3.x function (register3): its arity, whether it is an rvalue and
	// the method of its block
	Arity  int
	Rvalue bool
	Method string
	// a 4.x function: ScopeArg (fn.Func.ScopeArg: the methods receive
	// the calling scope in place of the first argument), its local types
	// (name, definition) and its dispatches
	ScopeArg   bool
	LocalTypes [][2]string
	Dispatches []Dispatch
	// Pure: codegen proved the function pure (fn.Func.Pure)
	Pure bool
}

// Dispatch is a dispatch of a 4.x function: its signature spec, its
// return type ("" for none), the method that implements it, whether the
// method receives the calling scope first (Scope) and whether it is an
// argument_mismatch dispatch.
type Dispatch struct {
	Spec, Return, Method string
	Scope, Mismatch      bool
	// Sig makes the signature Spec spells, written by the build when
	// Spec names Puppet's own types only (fn.Builder.Sig); nil: Spec is
	// parsed when the function is first called
	Sig func() *values.Signature
}

// Register registers the function as module's, the types of its
// signatures that are neither built in nor local resolved by r (nil for
// none).
func (f *Func) Register(module string, r values.TypeResolver) {
	if f.Refused != "" {
		f.registerRefused(module, r)
		return
	}
	if f.LoadError != "" {
		RegisterLoadError(f.Name, module, f.API, f.LoadError)
		return
	}
	fn.Register(f.fn(module, r))
}

// RegisterAll registers a module's functions as Register does, each
// made when its name is first looked up (fn.Defer).
func RegisterAll(fs []Func, module string, r values.TypeResolver) {
	ls := make([]later, len(fs)) // one allocation for the module
	for i := range fs {
		f := &fs[i]
		if f.LoadError != "" || f.Refused != "" {
			f.Register(module, r)
			continue
		}
		l := &ls[i]
		l.f, l.module, l.r = f, module, r
		l.stand = fn.Func{Name: f.Name, Module: module, API3: f.API == 3}
		fn.Defer(&l.stand, l)
	}
}

// registerRefused registers a 3.x function that Puppet's loader refuses
// for Puppet code (Refused): a call from Puppet code, or through
// call_function, fails with the bare message (fn.FatalError: a
// SecurityError is no StandardError, which Puppet's evaluator reports),
// while Ruby's scope.function_x (fn.Lookup3x) runs the translated
// function, when there is one.
func (f *Func) registerRefused(module string, r values.TypeResolver) {
	msg := f.Refused
	refused := fn.New3(f.Name, -1, func(fn.Context, []values.Value, fn.Block) values.Value {
		panic(&fn.FatalError{Message: msg})
	})
	refused.Module = module
	var real *fn.Func
	if f.Methods != nil {
		real = f.fn(module, r)
	}
	fn.RegisterRefused(refused, real)
}

// later is a function of RegisterAll, and what stands for it in fn's
// registry until it is made.
type later struct {
	stand  fn.Func
	f      *Func
	module string
	r      values.TypeResolver
}

func (l *later) Func() *fn.Func { return l.f.fn(l.module, l.r) }

// fn is the function registered as module's (Register).
func (f *Func) fn(module string, r values.TypeResolver) *fn.Func {
	if f.API == 3 {
		return new3(f.Name, module, f.Arity, f.Rvalue, f.Methods, f.Method, f.Pure)
	}
	b := fn.New(f.Name)
	if module != "" {
		b.Module(module)
	}
	if f.Pure {
		b.Pure()
	}
	if r != nil {
		b.Resolver(r)
	}
	if f.ScopeArg {
		b.ScopeArg()
	}
	for _, lt := range f.LocalTypes {
		b.LocalType(lt[0], lt[1])
	}
	for _, d := range f.Dispatches {
		var impl fn.Impl
		switch {
		case f.ScopeArg:
			impl = ImplScopeArg(f.Methods, d.Method)
		case d.Scope:
			impl = ImplScope(f.Methods, d.Method)
		default:
			impl = Impl(f.Methods, d.Method)
		}
		switch {
		case d.Mismatch:
			b.Mismatch(d.Spec, impl)
		case d.Return != "":
			b.DR(d.Spec, d.Return, impl)
		default:
			b.D(d.Spec, impl)
		}
		b.Method(d.Method)
		if d.Sig != nil {
			b.Sig(d.Sig)
		}
	}
	return b.Func()
}
