package hiera

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Scope is the compiler's variable lookup. LookupVar takes the names Hiera
// interpolates: "x", "::x", "facts", "trusted", "a::b::x"; it reports
// whether the variable exists (a variable set to undef exists).
type Scope interface {
	LookupVar(name string) (values.Value, bool)
}

// NotFoundScope is a Scope that says how Puppet names a variable it does
// not find (Scope#variable_not_found's name and reason: "cls::var" and
// "class cls has not been evaluated", "::x" and "" for a top scope
// variable looked up as ::x); a Scope that does not is taken to name it
// as given, with no reason.
type NotFoundScope interface {
	NotFound(name string) (reported, reason string)
}

// Session holds the lookups of one catalog compile: the hierarchies resolved
// against the compile's variables and the lookup_options found so far
// (Puppet keeps these per compiler).
type Session struct {
	d     *Data
	scope Scope

	// Warn receives Puppet's warnings (nil: dropped).
	Warn func(msg string)
	// WarnOnce receives the warnings Puppet logs with warn_once, once per
	// key and process: a compile gives each key once, and a process that
	// compiles for many nodes may log it once (nil: Warn, once per key).
	WarnOnce func(key, msg string)
	// Puppet is the major version of the Puppet release compiling (7 or
	// 8): Puppet 8.10 resolves a version 5 hierarchy's locations without
	// failing for a variable that does not exist, and a lookup's
	// default_values_hash stands in for such a variable silently.
	Puppet int
	// New converts a value for lookup_options' convert_to: the function
	// new(type, value, args...). Nil handles Sensitive only.
	New func(t values.Type, v values.Value, args []values.Value) values.Value
	// CallFunction calls a function of the environment by name in the
	// compile's global scope: a hierarchy level's backend written in
	// Puppet or Ruby (nil: such levels fail as if it were not there).
	CallFunction func(name string, args []values.Value) values.Value
	// DataBindingTerminus is Puppet's data_binding_terminus setting for the
	// global layer ("hiera" by default, "none" turns it off).
	DataBindingTerminus string
	// Absent reports the modules Puppet leaves out of the environment
	// (Environment#modules: a metadata.json that does not parse, under
	// strict=error): a lookup finds no module layer for them, as for a
	// module that is not there (nil: none).
	Absent func(module string) bool
	// DisabledWarnings is Puppet's disable_warnings setting: the kinds of
	// warnings not logged.
	DisabledWarnings []string

	global, env *layer
	modules     map[string]*layer
	// globalRoom and envRoom are where global and env point, when set
	globalRoom, envRoom layer

	lookupOptions    map[string]*compiledOptions // by module ("": none), once retrieved (nil: none)
	globalOpts       *values.Hash
	globalOptsDone   bool
	envOpts          *values.Hash
	envOptsDone      bool
	moduleDefaultOps map[string]*compiledOptions

	warned       map[string]bool // made at the first warning
	started      bool
	envConsulted bool
	// strict is Puppet's strict setting (SetStrict)
	strict string
	// spare is an invocation done with, for AutomaticParameterKey
	spare *invocation
	// lastModule and lastOptions are the entries of modules and
	// lookupOptions used last (most lookups are of the module of the
	// lookup before)
	lastModule  lastModule
	lastOptions lastOptions
	// warnings counts the warnings the session was asked to log (warn,
	// warnOnce): a resolution that logged any is not kept (Entry.res)
	warnings int

	// room for the providers of the compile's hierarchies and the lists
	// of them and of their resolutions (roomFor), which Renew keeps for
	// the next compile's
	providerRoom    []provider
	providerPtrRoom []*provider
	resolutionRoom  []*entryResolution
}

// roomFor is n zeroed elements of *room, the session's for the compile
// (Renew empties it): a room too small for them is replaced by a larger
// one, the elements handed out keeping the old.
func roomFor[T any](room *[]T, n int) []T {
	r := *room
	if cap(r)-len(r) < n {
		r = make([]T, 0, max(2*cap(r), n, 16))
	}
	*room = r[:len(r)+n]
	return r[len(r) : len(r)+n : len(r)+n]
}

// emptied is room zeroed, with no element handed out.
func emptied[T any](room []T) []T {
	clear(room)
	return room[:0]
}

// NewSession starts the lookups of one compile.
func NewSession(d *Data, s Scope) *Session {
	se := new(Session)
	se.Renew(d, s)
	return se
}

// Renew readies s for the lookups of another compile, of d and sc, as
// NewSession makes a session, keeping its hooks (Warn, WarnOnce, New,
// Absent) and the room of its tables and lists: a server's or a batch's compiles
// one after another each make one session. Nothing of the compile before
// may use s any more.
func (s *Session) Renew(d *Data, sc Scope) {
	opts, spare := s.lookupOptions, s.spare
	if opts == nil {
		opts = map[string]*compiledOptions{}
	}
	clear(opts)
	*s = Session{d: d, scope: sc, DataBindingTerminus: "hiera", lookupOptions: opts, spare: spare,
		Warn: s.Warn, WarnOnce: s.WarnOnce, New: s.New, CallFunction: s.CallFunction, Absent: s.Absent,
		providerRoom: emptied(s.providerRoom), providerPtrRoom: emptied(s.providerPtrRoom), resolutionRoom: emptied(s.resolutionRoom)}
	if d.Global != nil {
		s.globalRoom = layer{s: s, cfg: d.Global, place: "Global"}
		s.global = &s.globalRoom
	}
	s.SetStrict("")
}

// SetStrict sets Puppet's strict setting ("off", "warning" or "error"),
// before the session's first lookup: some files Puppet reads fail only
// under strict=error, and some warnings are not logged under "off".
func (s *Session) SetStrict(strict string) {
	s.strict = strict
	s.env = nil
	if s.exists(s.d.Env) {
		s.envRoom = layer{s: s, cfg: s.d.Env, place: "Environment"}
		s.env = &s.envRoom
	}
}

// exists reports whether a layer's configuration is in use under the
// session's strict setting (Config.StrictOnly).
func (s *Session) exists(c *Config) bool {
	return c != nil && (!c.StrictOnly || s.strict == "error")
}

// fileWarning logs the warning of a data file a lookup reads, or raises it
// where strict=error makes it an error (File.StrictError).
func (s *Session) fileWarning(path string, f *File) {
	if f.Warning == "" {
		return
	}
	if f.StrictError && s.strict == "error" {
		panic(lookupError(f.Warning))
	}
	s.warn("file:"+path, f.Warning)
}

func (s *Session) warn(key, msg string) {
	s.warnings++
	if s.warned[key] {
		return
	}
	if s.warned == nil {
		s.warned = map[string]bool{}
	}
	s.warned[key] = true
	if s.Warn != nil {
		s.Warn(msg)
	}
}

// warnOnce logs msg as Puppet.warn_once does with key (WarnOnce).
func (s *Session) warnOnce(key, msg string) {
	s.warnings++
	if s.WarnOnce != nil {
		s.WarnOnce(key, msg)
		return
	}
	s.warn("once:"+key, msg)
}

// configWarnings logs what Puppet logs reading a configuration, as the
// strict setting has it.
func (s *Session) configWarnings(ws []Warning) {
	for _, w := range ws {
		if w.Unless != "" && w.Unless == s.strict || w.Kind != "" && slices.Contains(s.DisabledWarnings, w.Kind) {
			continue
		}
		if w.Key != "" {
			s.warnOnce(w.Key, w.Msg)
		} else {
			s.warn("config:"+w.Msg, w.Msg)
		}
	}
}

// envLayer is the environment's layer as a lookup consults it, nil for
// none; the first consultation logs its configuration's warnings.
func (s *Session) envLayer() *layer {
	if !s.envConsulted {
		s.envConsulted = true
		if s.d.Env != nil {
			s.configWarnings(s.d.Env.Warnings)
		}
	}
	return s.env
}

func (s *Session) moduleLayer(name string) *layer {
	if s.lastModule.ok && s.lastModule.name == name {
		// a class's lookups one after another: its module's
		return s.lastModule.l
	}
	if l, ok := s.modules[name]; ok {
		s.lastModule = lastModule{name, l, true}
		return l
	}
	var l *layer
	c := s.d.Modules[name]
	if c == nil {
		// no layer, and nothing logged: found as quickly again (most
		// modules have no data)
		s.lastModule = lastModule{name, nil, true}
		return nil
	}
	if s.absent(name) {
		c = nil
	}
	if c != nil {
		s.configWarnings(c.Warnings)
	}
	if s.exists(c) {
		l = &layer{s: s, cfg: c, place: "Module", module: name}
	}
	if s.modules == nil {
		s.modules = map[string]*layer{} // made for the first module with data
	}
	s.modules[name] = l
	s.lastModule = lastModule{name, l, true}
	return l
}

// lastModule is the module layer moduleLayer gave last (nil for none).
type lastModule struct {
	name string
	l    *layer
	ok   bool
}

// lastOptions is the lookup_options lookupLookupOptions found last for a
// module, as s.lookupOptions holds them.
type lastOptions struct {
	module string
	co     *compiledOptions
	ok     bool
}

// absent reports whether Puppet left module name out of the environment
// (Absent).
func (s *Session) absent(name string) bool { return s.Absent != nil && s.Absent(name) }

// lookupError is Puppet::DataBinding::LookupError.
func lookupError(msg string) *values.Error { return &values.Error{Message: msg, Preformatted: true} }

// issueError is a LookupError raised for one of Puppet's issues.
func issueError(code, msg string) *values.Error {
	return &values.Error{Code: code, Message: msg, Preformatted: true}
}

// invocation is one lookup and its nested lookups (Puppet's Invocation).
type invocation struct {
	s               *Session
	overrides       *values.Hash
	defaults        *values.Hash
	ex              *explainer
	nameStack       []string
	topKey          *lookupKey
	moduleName      string
	hieraXXX        bool
	v3Merge         bool
	globalOnlyLocal bool
	v3Overrides     []string
	collect         *scopeCollector
	locals          map[string]values.Value
	// avoidErrors is Puppet 8.10's avoid_hiera_interpolation_errors: a
	// variable interpolated that does not exist is a warning under
	// strict=error (variableNotFound).
	avoidErrors bool
	// hieraScope: variables are looked up through Hiera::Scope, as Puppet
	// does in a global version 3 layer (variableNotFound).
	hieraScope bool
	// automatic: an automatic parameter lookup, which may end at
	// missingEverywhere
	automatic bool
	// reuse: resolving a hierarchy, the entries' resolutions of earlier
	// compiles may be reused and this one's kept (Entry.res)
	reuse bool
	// rec records the reads of the entry being resolved (reuse)
	rec *resolutionRecord

	stack [4]string // nameStack's first entries
}

func (s *Session) newInvocation() *invocation {
	inv := &invocation{s: s}
	inv.nameStack = inv.stack[:0]
	return inv
}

// child is a new Invocation created while inv is the current one: it
// inherits the recursion guard, the flags and the explainer.
func (inv *invocation) child() *invocation {
	c := &invocation{
		s:               inv.s,
		ex:              inv.ex,
		hieraXXX:        inv.hieraXXX,
		v3Merge:         inv.v3Merge,
		globalOnlyLocal: inv.globalOnlyLocal,
		v3Overrides:     inv.v3Overrides,
		locals:          inv.locals,
	}
	c.nameStack = append(c.stack[:0], inv.nameStack...) // a copy, in its own room when short
	return c
}

func (inv *invocation) globalOnly() bool { return inv.globalOnlyLocal }

// check guards against recursion: name must not be under lookup already.
func (inv *invocation) check(name string, f func()) {
	for _, n := range inv.nameStack {
		if n == name {
			panic(issueError("", "Recursive lookup detected in ["+strings.Join(inv.nameStack, ", ")+"]"))
		}
	}
	inv.nameStack = append(inv.nameStack, name)
	defer func() { inv.nameStack = inv.nameStack[:len(inv.nameStack)-1] }()
	f()
}

// isLocal reports whether name is a local variable (mapped_paths').
func (inv *invocation) isLocal(name string) bool {
	_, ok := inv.locals[name]
	return ok
}

// variable reads a variable for interpolation: locals (mapped_paths) first.
func (inv *invocation) variable(name string) (values.Value, bool) {
	if inv.locals != nil {
		if v, ok := inv.locals[name]; ok {
			return v, true
		}
	}
	if inv.s.scope == nil {
		return nil, false
	}
	return inv.s.scope.LookupVar(name)
}

type scopeInterp struct {
	key, root string
	segments  []values.Value
	value     values.Value
}

type scopeCollector struct {
	list   []scopeInterp
	eluded string
}

func (inv *invocation) rememberScopeLookup(key, root string, segs []values.Value, v values.Value) {
	if inv.collect == nil {
		return
	}
	if v != nil && !values.IsUndef(v) && strings.HasPrefix(key, "::") {
		return
	}
	if inv.collect.eluded != "" && root == inv.collect.eluded {
		return
	}
	si := scopeInterp{key, root, segs, v}
	if inv.rec != nil {
		inv.rec.interps = append(inv.rec.interps, si)
	}
	inv.collect.add(si)
}

// add appends si to the list unless it has its key already.
func (c *scopeCollector) add(si scopeInterp) {
	for _, o := range c.list {
		if o.key == si.key {
			return
		}
	}
	if c.list == nil {
		c.list = make([]scopeInterp, 0, 4) // a hierarchy's few
	}
	c.list = append(c.list, si)
}

// ---- explain reporting (no-ops without an explainer) ----

func (inv *invocation) with(kind explainKind, q any, f func()) {
	if inv.ex == nil {
		f()
		return
	}
	inv.ex.push(kind, q)
	defer inv.ex.pop()
	f()
}

func (inv *invocation) reportFound(key any, v values.Value) values.Value {
	if inv.ex != nil {
		inv.ex.current.setEvent(evFound, key, v)
	}
	return v
}

// reportFoundName is reportFound of a name, made an event's key (an
// allocation) only when explaining.
func (inv *invocation) reportFoundName(key string, v values.Value) values.Value {
	if inv.ex != nil {
		inv.ex.current.setEvent(evFound, key, v)
	}
	return v
}

func (inv *invocation) reportFoundInOverrides(key string, v values.Value) values.Value {
	if inv.ex != nil {
		inv.ex.current.setEvent(evFoundInOverrides, key, v)
	}
	return v
}

func (inv *invocation) reportFoundInDefaults(key string, v values.Value) values.Value {
	if inv.ex != nil {
		inv.ex.current.setEvent(evFoundInDefaults, key, v)
	}
	return v
}

func (inv *invocation) reportNotFound(key any) {
	if inv.ex != nil {
		inv.ex.current.setEvent(evNotFound, key, nil)
	}
}

func (inv *invocation) reportResult(v values.Value) {
	if inv.ex != nil {
		inv.ex.current.event = evResult
		inv.ex.current.value = v
	}
}

func (inv *invocation) reportLocationNotFound() {
	if inv.ex != nil {
		inv.ex.current.event = evLocationNotFound
	}
}

func (inv *invocation) reportMergeSource(src string) {
	if inv.ex != nil {
		inv.ex.current.branches = append(inv.ex.current.branches, &explainNode{kind: explainMergeSource, qualifier: src})
	}
}

func (inv *invocation) reportModuleNotFound(name string, provider bool) {
	if inv.ex != nil {
		n := &explainNode{kind: explainModule, qualifier: name, parent: inv.ex.current}
		n.event = evModuleNotFound
		if provider {
			n.event = evModuleProviderNotFound
		}
		inv.ex.current.branches = append(inv.ex.current.branches, n)
	}
}

func (inv *invocation) reportText(f func() string) {
	if inv.ex != nil {
		inv.ex.current.texts = append(inv.ex.current.texts, f())
	}
}
