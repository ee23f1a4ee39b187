package erb

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Scope is what a template sees of the Puppet scope it renders in
// (Puppet::Parser::Scope through TemplateWrapper).
type Scope interface {
	// LookupVar looks a variable up as scope.lookupvar does ("x", "::x",
	// "a::b::x"); false when it does not exist.
	LookupVar(name string) (values.Value, bool)
	// Vars returns every visible variable (scope.to_hash): they become the
	// template's instance variables. Undef values count as absent.
	Vars() *values.Hash
	// Call calls a Puppet function (scope.function_x, call_function). A
	// failure panics (with an error value), as Puppet functions raise.
	Call(name string, args []values.Value) values.Value
}

// HashScope is an optional extension of Scope: scope.to_hash(recursive,
// include_undef), the variables of the scopes it sees too when recursive,
// else its own only; with include_undef those whose value is undef too.
type HashScope interface {
	ScopeHash(recursive, includeUndef bool) *values.Hash
}

// VarIndex is an optional extension of Scope that spares a rendering
// building Vars(), every visible variable, when it reads a few: VarView
// returns Vars() as they are when the rendering starts, read one at a
// time.
type VarIndex interface {
	VarView() VarView
}

// VarView is Vars() read one at a time: Visible is the value of one name
// (false when absent or undef), OddNames the names for which OddName is
// true, in Vars()'s order.
type VarView interface {
	Visible(name string) (values.Value, bool)
	OddNames() []string
}

// VarPeeker is an optional extension of VarIndex: PeekView is a VarView
// for reads made at once, before the scope changes (a Memo's lookup, after
// which a rendering found renders nothing): it reads Vars() as they are
// at each read, and costs less to make than VarView's, which a rendering
// needs as the variables are when it starts.
type VarPeeker interface {
	PeekView() VarView
}

// HintedView is a VarView that finds a name again where it found it
// before: VisibleAt is Visible, given a hint that a read of the name
// keeps from one rendering to the next (a Memo's), which it fills when
// the name is where a hint can find it (a definition's variables, by
// number) and reads first. The zero VarHint is a hint not yet filled.
type HintedView interface {
	VisibleAt(name string, hint *VarHint) (values.Value, bool)
}

// VarHint is where a HintedView found a name: what Key and Slot are is
// the view's.
type VarHint struct {
	Key  any
	Slot int32
}

// OddName reports whether a variable name is not a Ruby identifier: its
// instance variable has "_" for the other characters (ivarName).
func OddName(name string) bool {
	for i := 0; i < len(name); i++ {
		if !ivarByte(name[i]) {
			return true
		}
	}
	return false
}

// ivarByte tells the bytes an instance variable's name keeps.
func ivarByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// VarSetter is an optional extension of Scope for templates that call
// scope.setvar (apache's vhost templates do): SetVar sets a variable of
// the scope as Puppet's Scope#setvar does (failing, by panicking with an
// error, when it is already set), and TemplateData is storage that lives
// as long as the scope, where the rendering keeps the Ruby object it set:
// Ruby's scope holds the object itself, so a template that changes it
// (scope.lookupvar('x')[:k] = v) is seen by the templates rendered later in
// the same scope.
type VarSetter interface {
	SetVar(name string, v values.Value)
	TemplateData() map[string]any
}

// VarUpdater is an optional extension of Scope: a template that changes a
// Puppet variable's value in place (@list << x, @s.gsub!(...)) changes the
// variable in Ruby, because Puppet's scope holds the same Ruby object. At
// the end of a rendering, UpdateVar is called for each variable whose
// value the template changed so, with its new value, for the compiler to
// do the same.
type VarUpdater interface {
	UpdateVar(name string, v values.Value)
}

// Template is a translated template: it renders with a scope and returns
// the text; a Ruby exception panics with *RubyError (Render recovers it).
type Template func(Scope) string

// R is the state of one rendering: the output, the instance variables,
// the current line and the last match ($~).
type R struct {
	scope Scope
	fs    FunctionScope // scope, when it is one
	out   strings.Builder
	line  int
	// instance variables: the scope's visible variables (loaded on first
	// use) and the template's own assignments
	ivars    ivarTable       // converted and assigned instance variables
	assigned map[string]bool // assigned by the template (defined? is true even for nil)
	setOrder []string        // the assigned names, first assignment first (instance_variables)
	vars     *values.Hash    // the scope's variables
	index    VarView         // the scope's variables, when it can look them up one by one
	origins  []origin        // Ruby objects made from Puppet variables
	strs     strBlock        // room for the Strs of variables read (newStr)
	bytes    []byte          // room for the bytes of strings the rendering builds (stringRoom)
	blks     []Block         // room for the blocks of translated code (block)
	ivarHint int             // NewSized's guess of the variables read (origins' and strs' room)
	loaded   bool
	match    Value     // $~: nil or *MatchData
	self     *Instance // the object whose method runs (instance.go)
	rare     *rareState
	memo     *memoRec // the rendering is recorded for its template's Memo (memo.go)
}

// rareState is what few renderings and calls use, made when one does
// (rareState): an R without it is smaller, and a call of translated Ruby
// (CallRoom) makes one.
type rareState struct {
	catches []Value // tags of the running catch blocks (proc.go)
	// constants the function file assigns (constants.go)
	fileConsts map[string]Value
	// env are the call's ENV assignments (nil: unset), puppetapi.go
	env map[string]*string
	// random is the generator the call's srand seeded (m_random.go)
	random *rubyRandom
	// iterables are the Iterables the call made, each with the index of
	// the element next gives (iterable.go)
	iterables map[Value]int
	// globals are the global variables ($constants) the call assigned
	globals map[string]Value
	// settings are the call's assignments of Puppet's settings
	// (puppetapi.go's SetPuppetSetting)
	settings map[string]Value
}

// Global is a user's global variable ($name): what the call or rendering
// assigned it, else nil. Ruby keeps a global for the process; pp2go keeps
// it for the call of a module's function (its methods' calls included) or
// the rendering that assigns it, where modules set and read theirs
// (puppet-icinga2's utils.rb sets $constants for the methods it calls).
func (r *R) Global(name string) Value {
	if r.rare == nil {
		return nil
	}
	return r.rare.globals[name]
}

// SetGlobal is $name = v (Global).
func (r *R) SetGlobal(name string, v Value) Value { return setIn(&r.rareState().globals, name, v) }

// setIn sets name to v in *m, made on first use, and returns v.
func setIn(m *map[string]Value, name string, v Value) Value {
	if *m == nil {
		*m = map[string]Value{}
	}
	(*m)[name] = v
	return v
}

// rareState is r's rareState, made on first use.
func (r *R) rareState() *rareState {
	if r.rare == nil {
		r.rare = &rareState{}
	}
	return r.rare
}

// envVars are the call's ENV assignments (nil when it made none).
func (r *R) envVars() map[string]*string {
	if r.rare == nil {
		return nil
	}
	return r.rare.env
}

// New starts a rendering in s.
func New(s Scope) *R {
	return &R{scope: s}
}

// FunctionScope is the scope of a call of translated Ruby (rt/rubyfn's
// frame): Scope with the extensions that Ruby's calls of Puppet's API ask
// of it. TakeR gives the call's R from its room once (nil after), for the
// call's NewCall to use instead of allocating one. An R in such a scope
// keeps it as this interface (R.fs), so that those calls call it without
// asserting the scope to each extension: an assertion that runs once or
// twice a compile misses its site's cache (Go fills it at random, about
// once in a thousand misses) and costs ~100 instructions, each of a few
// dozen on ensure_resource's path.
type FunctionScope interface {
	Scope
	TakeR() *R
	LogFilter
	BoundCaller3x
	FunctionFinder
	CatalogScope
	Releaser
	VersionComparer
}

// CallRoom is the room of one call of translated Ruby (rt/rubyfn's
// frame, made with the call): its R, with room for the first Strings,
// bytes of built strings and block the call makes, which are otherwise
// an allocation each for most calls (ensure_resource's "#{type}[#{item}]",
// its capitalize and its each block).
type CallRoom struct {
	r     R
	strs  [2]Str
	bytes [32]byte
	blks  [1]Block
}

// R is the room's R, its rooms for Strings, bytes and blocks the
// CallRoom's; R is called once, before the R is used.
func (c *CallRoom) R() *R {
	c.r.strs = c.strs[:0]
	c.r.bytes = c.bytes[:0]
	c.r.blks = c.blks[:0]
	return &c.r
}

// Unused reports whether the R of the room (R) kept to itself what it
// made, so that nothing can point into the room once the call has
// returned: no String, built string's bytes or block from the room (nor
// from blocks that replaced it, which take its room first), no rare
// state, receiver, instance variables or match. A frame of a call whose
// room is unused may be reused for another call (rt/rubyfn's Frames).
func (c *CallRoom) Unused() bool {
	r := &c.r
	return len(r.strs) == 0 && len(r.bytes) == 0 && len(r.blks) == 0 && r.rare == nil &&
		r.self == nil && !r.loaded && r.match == nil && r.out.Len() == 0
}

// CallScope is the scope rt/rubyfn gives a translated file's methods
// (Methods' s): a call's scope as a Scope and as a FunctionScope, both
// set as the call's frame is made, so that NewCall takes the
// FunctionScope by the concrete type, without asserting the Scope to
// the interface (a dozen sites of NewCall each run a few times a
// compile, and such an assertion misses its site's cache: ~180
// instructions, FunctionScope says why).
type CallScope struct {
	Scope
	Function FunctionScope
}

// NewCall starts a call of a translated function file's methods in s:
// in a call's scope (CallScope, or another FunctionScope), with the R of
// its room, which keeps the scope as one; in another scope, as
// NewSized(s, 0, 0). A template (NewSized) never runs in a call's scope,
// and asks nothing of it.
func NewCall(s Scope) *R {
	var fs FunctionScope
	if c, ok := s.(*CallScope); ok {
		s, fs = c.Scope, c.Function
	} else if f, ok := s.(FunctionScope); ok {
		fs = f
	} else {
		return NewSized(s, 0, 0)
	}
	r := fs.TakeR()
	if r == nil {
		r = &R{}
	}
	r.scope, r.fs = s, fs
	return r
}

// NewSized starts a rendering whose output is expected to be about n
// bytes (the template's text) and that reads about ivars instance
// variables.
func NewSized(s Scope, n, ivars int) *R {
	var r *R
	switch {
	case ivars == 1:
		r = newRoomyR[ivarRoom1]()
	case ivars == 2:
		r = newRoomyR[ivarRoom2]()
	case ivars == 3 || ivars == 4:
		r = newRoomyR[ivarRoom4]()
	case ivars > 4 && ivars <= 8:
		r = newRoomyR[ivarRoom8]()
	default: // no variables (the table grows as it is used) or many
		r = &R{}
	}
	r.scope = s
	if ivars > 0 {
		if r.ivars.list == nil {
			r.ivars = makeIvarTable(ivars)
		}
		r.ivarHint = ivars
	}
	if n > 0 {
		// the text, and room for what the template writes of the
		// variables it reads (about as many values as variables)
		r.out.Grow(n + n/4 + 16*ivars)
	}
	return r
}

// roomyR is an R with room for a few instance variables: its table, the
// origins of those read and their Strings. A template reads about as
// many variables as NewSized is told, and the R and the three lists were
// four allocations for each rendering.
type roomyR[A any, PA ivarRoomPtr[A]] struct {
	r    R
	room A
}

// ivarRoomPtr is a pointer to an ivarRoom: its lists, empty, with its room.
type ivarRoomPtr[A any] interface {
	*A
	lists() ([]ivarEntry, []origin, strBlock)
}

func newRoomyR[A any, PA ivarRoomPtr[A]]() *R {
	b := &roomyR[A, PA]{}
	b.r.ivars.list, b.r.origins, b.r.strs = PA(&b.room).lists()
	return &b.r
}

// ivarRoomN is the room of an R for N variables.
type (
	ivarRoom1 struct {
		iv [1]ivarEntry
		or [1]origin
		s  [1]Str
	}
	ivarRoom2 struct {
		iv [2]ivarEntry
		or [2]origin
		s  [2]Str
	}
	ivarRoom4 struct {
		iv [4]ivarEntry
		or [4]origin
		s  [4]Str
	}
	ivarRoom8 struct {
		iv [8]ivarEntry
		or [8]origin
		s  [8]Str
	}
)

func (a *ivarRoom1) lists() ([]ivarEntry, []origin, strBlock) { return a.iv[:0], a.or[:0], a.s[:0] }
func (a *ivarRoom2) lists() ([]ivarEntry, []origin, strBlock) { return a.iv[:0], a.or[:0], a.s[:0] }
func (a *ivarRoom4) lists() ([]ivarEntry, []origin, strBlock) { return a.iv[:0], a.or[:0], a.s[:0] }
func (a *ivarRoom8) lists() ([]ivarEntry, []origin, strBlock) { return a.iv[:0], a.or[:0], a.s[:0] }

// fromPuppet is FromPuppet(v), a String's Str from newStr.
func (r *R) fromPuppet(v values.Value) Value {
	if s, ok := v.(values.String); ok {
		return r.newStr(string(s))
	}
	return FromPuppet(v)
}

// newStr is a new Str of s from the rendering's blocks of them, which
// double in size up to 16 from room for the variables the template reads
// (ivarHint; at least 2): a template reads string variables and calls
// functions that return strings, each a new String.
func (r *R) newStr(s string) *Str {
	if len(r.strs) == cap(r.strs) {
		n := 2 * cap(r.strs)
		if n == 0 {
			n = r.ivarHint
		}
		r.strs = strsFor(min(max(n, 2), 16))
	}
	return r.strs.str(s)
}

// Str is a new String of s, a string literal's (codegen) or a method's
// result, from the rendering's blocks of them (newStr): each is a String
// of its own, as Ruby makes one each time a literal is evaluated.
func (r *R) Str(s string) *Str { return r.newStr(s) }

// Room for the bytes of the strings a rendering builds (Interp): blocks
// of minBytesRoom bytes at first, doubling up to maxBytesRoom; a string
// longer than maxBytesString has its own.
const (
	minBytesRoom   = 64
	maxBytesRoom   = 2048
	maxBytesString = 256
)

// stringRoom is room for a string of n bytes the caller builds: an empty
// slice of capacity n, from the rendering's block of bytes while it has
// room. The caller appends at most n bytes and makes its string of them
// (unsafe.String): the block hands each byte out once and never writes
// it again, so the string stays as it was made.
func (r *R) stringRoom(n int) []byte {
	if n > maxBytesString {
		return make([]byte, 0, n)
	}
	if cap(r.bytes)-len(r.bytes) < n {
		c := min(max(2*cap(r.bytes), minBytesRoom), maxBytesRoom)
		r.bytes = make([]byte, 0, max(c, n))
	}
	i := len(r.bytes)
	r.bytes = r.bytes[:i+n]
	return r.bytes[i : i : i+n]
}

// origin records a mutable Ruby object made from a Puppet variable.
type origin struct {
	name string
	orig values.Value
	v    Value
}

func mutable(v Value) bool {
	switch v.(type) {
	case *Str, *Array, *Hash:
		return true
	}
	return false
}

// fromScope converts a Puppet variable and remembers mutable results.
func (r *R) fromScope(name string, pv values.Value) Value {
	v := r.fromPuppet(pv)
	if mutable(v) {
		if r.origins == nil && r.ivarHint > 0 {
			r.origins = make([]origin, 0, r.ivarHint)
		}
		r.origins = append(r.origins, origin{name: name, orig: pv, v: v})
	}
	return v
}

// Result returns the output, after reporting the variables the template
// changed in place to the scope (see VarUpdater).
func (r *R) Result() string {
	r.settleOrigins()
	out := r.out.String()
	if r.memo != nil {
		r.memoKeep(out)
	}
	return out
}

// ChangedInPlace says whether the Ruby value v made from the Puppet Hash or
// Array p (FromPuppet) is no longer p: Ruby code changed it in place.
func ChangedInPlace(v Value, p values.Value) bool {
	return mutable(v) && !sameAsPuppet(v, p)
}

// sameAsPuppet compares a Ruby value with the Puppet value it was made from
// (exactly: strings by bytes, hashes by keys in order).
func sameAsPuppet(v Value, p values.Value) bool {
	switch x := v.(type) {
	case nil:
		return values.IsUndef(p)
	case *Str:
		s, ok := p.(values.String)
		return ok && string(s) == x.S
	case *Array:
		a, ok := p.(*values.Array)
		if !ok || a.Len() != len(x.A) {
			return false
		}
		for i, e := range x.A {
			if !sameAsPuppet(e, a.At(i)) {
				return false
			}
		}
		return true
	case *Hash:
		if x.lazy != nil {
			return x.lazy.unchanged(p)
		}
		h, ok := p.(*values.Hash)
		if !ok || h.Len() != x.Len() {
			return false
		}
		for i, k := range x.Keys() {
			if !sameAsPuppet(k, h.KeyAt(i)) || !sameAsPuppet(x.Values()[i], h.ValueAt(i)) {
				return false
			}
		}
		return true
	}
	return values.Equals(ToPuppet(v), p) && samePuppetKind(v, p)
}

func samePuppetKind(v Value, p values.Value) bool {
	switch v.(type) {
	case int64:
		_, ok := p.(values.Int)
		return ok
	case float64:
		_, ok := p.(values.Float)
		return ok
	case bool:
		_, ok := p.(values.Bool)
		return ok
	}
	return true
}

// L records the template line being executed (for error messages).
func (r *R) L(line int) { r.line = line }

// Line returns the line being executed.
func (r *R) Line() int { return r.line }

// Text appends template text.
func (r *R) Text(s string) { r.out.WriteString(s) }

// Out appends the to_s of a value (<%= x %>).
func (r *R) Out(v Value) {
	switch x := v.(type) {
	case *Str:
		r.out.WriteString(x.S)
	case nil:
	default:
		r.out.WriteString(r.toS(v))
	}
}

// toS is to_s as a template calls it (a template-defined to_s is not
// possible on values, so this is the built-in one).
func (r *R) toS(v Value) string { return ToS(v) }

func (r *R) loadIVars() {
	r.loaded = true
	if r.scope == nil {
		return
	}
	if vi, ok := r.scope.(VarIndex); ok {
		ix := vi.VarView()
		r.loadView(ix, ix.OddNames())
		return
	}
	r.vars = r.scope.Vars()
	if r.vars == nil {
		return
	}
	// names with characters other than word characters become instance
	// variables with "_" in their place; they are rare, so only those are
	// indexed here and the others are looked up in the hash when read
	for i := 0; i < r.vars.Len(); i++ {
		k, ok := r.vars.KeyAt(i).(values.String)
		if !ok || ivarName(string(k)) == string(k) {
			continue
		}
		v := r.vars.ValueAt(i)
		if values.IsUndef(v) {
			continue
		}
		name := ivarName(string(k))
		if !r.ivars.has(name) {
			r.ivars.set(name, lazyIVar{v})
		}
	}
}

// loadView is loadIVars of a scope read one variable at a time: ix is its
// view, odd its OddNames.
func (r *R) loadView(ix VarView, odd []string) {
	r.loaded = true
	r.index = ix
	for _, k := range odd {
		v, found := ix.Visible(k)
		if !found {
			continue
		}
		name := ivarName(k)
		if !r.ivars.has(name) {
			r.ivars.set(name, lazyIVar{v})
		}
	}
}

// lazyIVar is a scope variable not yet converted to a Ruby value.
type lazyIVar struct{ v values.Value }

// ivarName is the instance variable a scope variable becomes (non-word
// characters are replaced by "_").
func ivarName(name string) string {
	if !OddName(name) {
		return name
	}
	b := []byte(name)
	for j, c := range b {
		if !ivarByte(c) {
			b[j] = '_'
		}
	}
	return string(b)
}

// IVar reads an instance variable (@name): a visible Puppet variable, or
// one the template assigned; nil otherwise.
func (r *R) IVar(name string) Value {
	if r.self != nil {
		return r.self.ivars[name] // an object's (instance.go)
	}
	if !r.loaded {
		r.loadIVars()
	}
	v, ok := r.ivars.get(name)
	if !ok {
		pv := definedOrNil(r.scopeVar(name))
		if r.memo != nil {
			r.memoRead(name, pv)
		}
		if pv == nil {
			r.ivars.set(name, nil)
			return nil
		}
		c := r.fromScope(name, pv)
		r.ivars.set(name, c)
		return c
	}
	if l, ok := v.(lazyIVar); ok {
		c := r.fromScope(name, l.v)
		r.ivars.set(name, c)
		return c
	}
	return v
}

// scopeVar is the scope's variable of a name (Vars()'s entry).
func (r *R) scopeVar(name string) (values.Value, bool) {
	switch {
	case r.index != nil:
		return r.index.Visible(name)
	case r.vars != nil:
		return r.vars.GetString(name)
	}
	return nil, false
}

// Capture runs the translation of a nested ERB template
// (ERB.new(...).result(binding)) and returns what it output, apart from
// the rendering's own output.
func (r *R) Capture(body func()) Value {
	saved := r.out // restored to the same field: strings.Builder's copy check holds
	r.out = strings.Builder{}
	line := r.line
	defer func() { r.out, r.line = saved, line }()
	body()
	return S(r.out.String())
}

// SetIVar assigns an instance variable.
func (r *R) SetIVar(name string, v Value) Value {
	if r.self != nil {
		r.self.setIVar(name, v)
		return v
	}
	if !r.loaded {
		r.loadIVars()
	}
	r.ivars.set(name, v)
	if r.assigned == nil {
		r.assigned = map[string]bool{}
	}
	if !r.assigned[name] {
		r.setOrder = append(r.setOrder, name)
	}
	r.assigned[name] = true
	return v
}

// IVarDefined is defined?(@name): "instance-variable" or nil.
func (r *R) IVarDefined(name string) Value {
	if !r.loaded {
		r.loadIVars()
	}
	if v, ok := r.ivars.get(name); ok {
		if v == nil && !r.assigned[name] {
			return nil
		}
		return S("instance-variable")
	}
	if pv, found := r.scopeVar(name); found && !values.IsUndef(pv) {
		return S("instance-variable")
	}
	return nil
}

// LookupVar is scope.lookupvar(name) and scope[name]: the variable's value,
// nil when it is undef or does not exist.
func (r *R) LookupVar(name Value) Value {
	s, ok := name.(*Str)
	if !ok {
		raise(ClassPuppetParseError, "Scope variable name %s is a %s, not a string", Inspect(name), classOf(name).Name)
	}
	return r.LookupVarStr(s.S)
}

// LookupVarStr is LookupVar of a literal name (scope['x']).
func (r *R) LookupVarStr(name string) Value { return r.lookupVarAs(name, name) }

// lookupVarAs is LookupVarStr of name, which a variable that does not
// exist is reported as shown (the top scope's lookup of x is ::x's).
func (r *R) lookupVarAs(name, shown string) Value {
	if r.scope == nil {
		return nil
	}
	if vs, ok := r.scope.(VarSetter); ok {
		if v, ok := vs.TemplateData()[name]; ok {
			return v
		}
	}
	v, found := r.scope.LookupVar(name)
	if !found {
		r.variableNotFound(shown) // strict.go
		return nil
	}
	// the Ruby object an earlier lookup of the name made, which the
	// template may have changed: Puppet's scope hands out one object
	for _, o := range r.origins {
		if o.name == name && sameVariableValue(o.orig, v) {
			return o.v
		}
	}
	return r.fromScope(name, v)
}

// sameVariableValue reports whether a and b, values of a variable, are
// the same one (an origin's value, of a type fromScope keeps).
func sameVariableValue(a, b values.Value) bool {
	if s, ok := a.(values.String); ok {
		t, ok := b.(values.String)
		return ok && s == t
	}
	return values.SameObject(a, b)
}

// SetVar is scope.setvar(name, value).
func (r *R) SetVar(args ...Value) Value {
	arity(args, 2, 3)
	name, ok := args[0].(*Str)
	if !ok {
		raise(ClassPuppetParseError, "Scope variable name %s is a %s, not a string", Inspect(args[0]), classOf(args[0]).Name)
	}
	vs, ok := r.scope.(VarSetter)
	if !ok {
		raise(ClassPuppetError, "pp2go: this scope does not support scope.setvar from templates")
	}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if err, ok := p.(error); ok {
					if _, isRuby := p.(*RubyError); !isRuby {
						panic(&RubyError{Class: ClassPuppetParseError, Msg: err.Error(), Cause: err})
					}
				}
				panic(p)
			}
		}()
		vs.SetVar(name.S, ToPuppet(args[1]))
	}()
	vs.TemplateData()[name.S] = args[1]
	return args[1]
}

// HasVariable is has_variable?(name): the variable exists with a value
// other than undef.
func (r *R) HasVariable(name Value) Value {
	if r.scope == nil {
		return false
	}
	v, found := r.scope.LookupVar(ToS(name))
	return found && !values.IsUndef(v)
}

// ScopeHash is scope.to_hash(recursive = true, include_undef = false):
// every visible variable (the scope's own when not recursive), undef ones
// left out unless include_undef (nil then).
func (r *R) ScopeHash(args ...Value) Value {
	arity(args, 0, 2)
	recursive := len(args) < 1 || Truthy(args[0])
	includeUndef := len(args) > 1 && Truthy(args[1])
	h := NewHash()
	if r.scope == nil {
		return h
	}
	var vars *values.Hash
	if hs, ok := r.scope.(HashScope); ok {
		vars = hs.ScopeHash(recursive, includeUndef)
	} else if recursive {
		vars = r.scope.Vars()
	}
	if vars == nil {
		return h
	}
	for i := 0; i < vars.Len(); i++ {
		if values.IsUndef(vars.ValueAt(i)) && !includeUndef {
			continue
		}
		h.Set(FromPuppet(vars.KeyAt(i)), FromPuppet(vars.ValueAt(i)))
	}
	return h
}

// Function is scope.function_name(args): a Puppet function called the 3.x
// way, with its arguments in one array.
func (r *R) Function(name string, args ...Value) Value {
	return r.callPuppet3x(name, nil, function3xArgs(name, args))
}

// FunctionAt is Function(site.Name, args...) at a call site of
// generated code, which binds the name once (Site3x).
func (r *R) FunctionAt(site *Site3x, args ...Value) Value {
	return r.callPuppet3x(site.Name, site, function3xArgs(site.Name, args))
}

// function3xArgs are the arguments of scope.function_name(args): the
// elements of its one Array.
func function3xArgs(name string, args []Value) []Value {
	if len(args) != 1 {
		argError("wrong number of arguments (given %d, expected 1)", len(args))
	}
	arr, ok := args[0].(*Array)
	if !ok {
		raise(ClassArgumentError, "%s(): Wrong number of arguments given (expected an Array of arguments)", name)
	}
	return arr.A
}

// CallFunction is scope.call_function(name, args).
func (r *R) CallFunction(args ...Value) Value {
	arity(args, 1, 2)
	name := ToS(args[0])
	var list []Value
	if len(args) == 2 {
		// Puppet splats args (function.call(scope, *args)): a Hash gives
		// its pairs (Forge sudo 9's templates pass @defaults so); an
		// Array's elements are read as they are (callPuppet converts
		// them, keeping no list of them)
		if a, ok := args[1].(*Array); ok {
			list = a.A
		} else {
			list = r.Spread(splatted{args[1]})
		}
	}
	return r.callPuppet(name, list)
}

func (r *R) callPuppet(name string, args []Value) Value {
	r.memoCall(name)
	pargs := puppetArgs(args)
	if r.scope == nil {
		noMethod("function_"+name, theScope)
	}
	return r.puppetResult(name, func() values.Value { return r.scope.Call(name, pargs) })
}

// puppetArgs are the arguments of a call of a Puppet function from Ruby,
// as Puppet values.
func puppetArgs(args []Value) []values.Value {
	pargs := make([]values.Value, len(args))
	for i, a := range args {
		pargs[i] = ToPuppet(a)
	}
	return pargs
}

// puppetResult runs call, a call of the Puppet function name, and returns
// its result as a Ruby value; a failure of the function becomes the
// Puppet::ParseError Ruby sees.
func (r *R) puppetResult(name string, call func() values.Value) (result Value) {
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(*RubyError); ok {
				panic(p)
			}
			if fe, ok := p.(*fn.FatalError); ok {
				// an exception that is no StandardError (a LoadError, the
				// loader's SecurityError): Ruby's rescue => e lets it
				// through, and so does template() (escapeTemplate)
				panic(&RubyError{Class: ClassException, Msg: fe.Message, Cause: fe})
			}
			if err, ok := p.(error); ok {
				re := &RubyError{Class: ClassPuppetParseError, Msg: functionMessage(err), Cause: err}
				if f, ok := functionFrames[name]; ok {
					re.Frame = f
				}
				panic(re)
			}
			panic(p)
		}
	}()
	return r.fromPuppet(call())
}

// functionFrames are where Puppet's functions raise the errors templates
// see (the Filepath and Line of Puppet's message).
var functionFrames = map[string]string{
	"fail":     "/usr/lib/ruby/vendor_ruby/puppet/parser/functions/fail.rb:10",
	"template": "/usr/lib/ruby/vendor_ruby/puppet/parser/functions/template.rb:36",
}

// functionMessage is the message of a Puppet function's error as a
// template sees it (the detail of Puppet's message).
func functionMessage(err error) string {
	if m, ok := err.(interface{ PuppetMessage() string }); ok {
		return m.PuppetMessage()
	}
	return err.Error()
}

// scopeObject is the value of `scope` when a template uses it as a value;
// global, the top scope (Scope#find_global_scope), whose lookupvar finds
// top-scope variables.
type scopeObject struct{ global bool }

// theScope and globalScope are the two scope values: they hold nothing
// else, and one of each spares an allocation per use.
var (
	theScope    = &scopeObject{}
	globalScope = &scopeObject{global: true}
)

// Render runs a template as Puppet's template() function does: name is the
// template as given to template() ("mod/file.erb") and path its file. A
// Ruby exception becomes a *TemplateError with Puppet's message.
func Render(t Template, s Scope, name, path string) (out string, err error) {
	defer func() {
		if p := recover(); p != nil {
			re, ok := p.(*RubyError)
			if !ok {
				panic(p)
			}
			escapeTemplate(re, s)
			out, err = "", newTemplateError(re.Settle(ScopeMajor(s)), name, path, false)
		}
	}()
	return t(s), nil
}

// escapeTemplate lets an exception that is no StandardError leave the
// template function as it is: template() and inline_template() rescue
// StandardError only, and Puppet reports another (NotImplementedError,
// LoadError) by its bare message (fn.FatalError). pp2go's own
// NotImplementedErrors, what it cannot do ("pp2go: ..."), keep the
// template's message and location.
func escapeTemplate(re *RubyError, s Scope) {
	if re.Class.IsA(ClassStandardError) || strings.HasPrefix(re.Msg, "pp2go") {
		return
	}
	panic(&fn.FatalError{Message: re.Settle(ScopeMajor(s)).Msg})
}

// RenderInline runs a template as inline_template() does.
func RenderInline(t Template, s Scope) (out string, err error) {
	defer func() {
		if p := recover(); p != nil {
			re, ok := p.(*RubyError)
			if !ok {
				panic(p)
			}
			escapeTemplate(re, s)
			out, err = "", newTemplateError(re.Settle(ScopeMajor(s)), "", "", true)
		}
	}()
	return t(s), nil
}

// Fail records the current line in a Ruby exception raised during a
// rendering; generated code defers it once per template.
func (r *R) Fail() {
	if p := recover(); p != nil {
		if re, ok := p.(*RubyError); ok && re.Line == 0 {
			re.Line = r.line
		}
		panic(p)
	}
	if r.fs != nil {
		// a call of translated Ruby that returns: what it changed in
		// place, as a template's (Result)
		r.settleOrigins()
	}
}

// settleOrigins reports the variables the rendering or call changed in
// place to the scope (VarUpdater): puppet-icinga2's icinga2_attributes
// concats to lookupvar('::icinga2::_reserved'), whose Ruby object is the
// variable's (and the class parameter's it was assigned from).
func (r *R) settleOrigins() {
	if len(r.origins) == 0 {
		return
	}
	if u, ok := r.scope.(VarUpdater); ok {
		done := map[string]bool{}
		for _, o := range r.origins {
			if done[o.name] || sameAsPuppet(o.v, o.orig) {
				continue
			}
			done[o.name] = true
			u.UpdateVar(o.name, ToPuppet(o.v))
			if r.memo != nil {
				r.memo.bad = true // a change a Memo could not make again
			}
		}
	}
	r.origins = r.origins[:0]
}

// Rescue runs body; a Ruby exception of one of classes (StandardError when
// none are given) runs handler with the exception instead. It is
// begin/rescue/end.
func (r *R) Rescue(body func() Value, classes []Value, handler func(err Value) Value) (result Value) {
	line := r.line
	caught := func() (re *RubyError, ok bool) {
		defer func() {
			if p := recover(); p != nil {
				e, isRuby := p.(*RubyError)
				if !isRuby || !rescues(e, classes) {
					panic(p)
				}
				if e.Line == 0 {
					e.Line = r.line
				}
				re, ok = r.settle(e), true
			}
		}()
		result = body()
		return nil, false
	}
	re, ok := caught()
	if !ok {
		return result
	}
	_ = line
	return handler(re)
}

func rescues(e *RubyError, classes []Value) bool {
	if len(classes) == 0 {
		return e.Class.IsA(ClassStandardError)
	}
	for _, c := range classes {
		k, ok := c.(*Class)
		if !ok {
			typeError("class or module required for rescue clause")
		}
		if e.Class.IsA(k) {
			return true
		}
	}
	return false
}

// Clause is a rescue clause: the exception classes it catches (none:
// StandardError) and its body, given the exception.
type Clause struct {
	Classes []Value
	Handle  func(err Value) Value
}

// BeginRescue is begin/rescue/else/end: body runs; a Ruby exception it raises
// is handled by the first clause whose classes match; when body raised
// nothing, els (if any) runs and gives the value.
func (r *R) BeginRescue(body func() Value, els func() Value, clauses ...Clause) Value {
	var result Value
	var caught *RubyError
	var clause *Clause
	func() {
		defer func() {
			if p := recover(); p != nil {
				e, isRuby := p.(*RubyError)
				if !isRuby {
					panic(p)
				}
				for i := range clauses {
					if rescues(e, clauses[i].Classes) {
						if e.Line == 0 {
							e.Line = r.line
						}
						caught, clause = r.settle(e), &clauses[i]
						return
					}
				}
				panic(p)
			}
		}()
		result = body()
	}()
	if caught != nil {
		return clause.Handle(caught)
	}
	if els != nil {
		return els()
	}
	return result
}

// Ensure runs body, then ensure whether or not body raised.
func (r *R) Ensure(body func() Value, ensure func()) Value {
	defer ensure()
	return body()
}

// Def is a method the template defines with def.
type Def struct {
	Name  string
	Arity int // required parameters
	Max   int // all positional parameters (-1: any number)
	Fn    func(args []Value) Value
	// Blk replaces Fn for a method that takes a block (&b, yield,
	// block_given?).
	Blk func(args []Value, b *Block) Value
}

// CallDef calls a method the template defined (NoMethodError if its def
// has not run yet).
func (r *R) CallDef(d *Def, name string, args ...Value) Value {
	return r.CallDefBlock(d, name, nil, args...)
}

// CallDefBlock calls a method the template defined with a block (which a
// method that takes none ignores, as Ruby does). Before the template's def
// has run, the method is one another template defined (WrapperMethods).
func (r *R) CallDefBlock(d *Def, name string, b *Block, args ...Value) Value {
	if d == nil {
		if d = r.wrapperMethod(name); d == nil {
			raiseNoMethod(ClassNoMethodError, "undefined method `"+name+"' for ", wrapperDescription, wrapperDescription33)
		}
	}
	if len(args) < d.Arity || d.Max >= 0 && len(args) > d.Max {
		if d.Max == d.Arity {
			argError("wrong number of arguments (given %d, expected %d)", len(args), d.Arity)
		}
		if d.Max < 0 {
			argError("wrong number of arguments (given %d, expected %d+)", len(args), d.Arity)
		}
		argError("wrong number of arguments (given %d, expected %d..%d)", len(args), d.Arity, d.Max)
	}
	// the method has its own $~ (Regexp.last_match), which its caller's
	// is again when it returns: a recursive parse(Regexp.last_match(1))
	// leaves last_match(2) of its caller as it was (icinga2's Utils.parse)
	saved, match := r.line, r.match
	r.match = nil
	defer func() {
		// a Ruby exception raised in the method is at the method's line
		if p := recover(); p != nil {
			if re, ok := p.(*RubyError); ok && re.Line == 0 {
				re.Line = r.line
			}
			r.line, r.match = saved, match
			panic(p)
		}
		r.line, r.match = saved, match
	}()
	if d.Blk != nil {
		return d.Blk(args, b)
	}
	return d.Fn(args)
}

// WrapperMethods is an optional extension of Scope: the methods templates
// have defined with def. A def at a template's top level runs in a method
// of Puppet::Parser::TemplateWrapper, so Ruby defines the method on that
// class: every template rendered afterwards can call it (keepalived's
// templates render _format_options.erb through scope.function_template,
// which defines format_options, then call format_options). Puppet keeps
// them for the life of its process; the table lasts as long as what
// implements it (pp2go: one compilation, so that a catalog does not
// depend on what the process compiled before).
type WrapperMethods interface {
	TemplateMethods() map[string]*Def
}

// Define runs a template's def: the method is the template's own (its
// variable, which Define returns) and the wrapper's (WrapperMethods).
func (r *R) Define(d *Def) *Def {
	if wm, ok := r.scope.(WrapperMethods); ok {
		wm.TemplateMethods()[d.Name] = d
	}
	return d
}

// wrapperMethod is the method another template defined, or nil.
func (r *R) wrapperMethod(name string) *Def {
	if wm, ok := r.scope.(WrapperMethods); ok {
		return wm.TemplateMethods()[name]
	}
	return nil
}

// Tags is the template wrapper's tags, which Puppet's raises (use all_tags).
func (r *R) Tags() Value {
	raise(ClassNotImplementedError, "Call 'all_tags' instead.")
	return nil
}

// CallWrapper is a call without a receiver of a method neither Ruby nor
// the template defines: a method another template defined, or a NameError
// (a bare name, implicit) or NoMethodError when none did.
func (r *R) CallWrapper(name string, implicit bool, b *Block, args ...Value) Value {
	if r.wrapperMethod(name) == nil {
		if implicit {
			return r.UndefinedName(name)
		}
		return r.UndefinedMethod(name)
	}
	return r.CallDefBlock(nil, name, b, args...)
}

// WrapperDefined is defined?(name) in a template of a name that is no
// local variable and no method of the template wrapper's class as Puppet
// has it: "method" when a template rendered before defined the method
// (def defines it on the wrapper's class), else nil.
func (r *R) WrapperDefined(name string) Value {
	if r.wrapperMethod(name) == nil {
		return nil
	}
	return Defined("method")
}

// wrapperDescription is how Ruby 3.1 shows the template wrapper (self) in
// NoMethodError messages, whose object address is not reproducible;
// wrapperDescription33 is Ruby 3.3's.
const (
	wrapperDescription   = "#<Puppet::Parser::TemplateWrapper:0x0000000000000000>"
	wrapperDescription33 = "an instance of Puppet::Parser::TemplateWrapper"
)

// UndefinedName raises the NameError of a name that is neither a local
// variable nor a method.
func (r *R) UndefinedName(name string) Value {
	raiseNoMethod(ClassNameError, "undefined local variable or method `"+name+"' for ", wrapperDescription, wrapperDescription33)
	return nil
}

// SendDef is send(name, args...) (__send__, public_send) on a function's
// self with a name computed when it runs: the file's method of that name
// (defs), else NoMethodError. simplib's rand_cron sends
// "generate_#{algorithm}_number".
func (r *R) SendDef(defs []*Def, b *Block, args ...Value) Value {
	if len(args) == 0 {
		argError("no method name given")
	}
	name := symbolName(args[0])
	if d := findDef(defs, name); d != nil {
		return r.CallDefBlock(d, name, b, args[1:]...)
	}
	return r.UndefinedMethod(name)
}

// findDef is the method of defs named name, nil when there is none (or
// its def has not run).
func findDef(defs []*Def, name string) *Def {
	for _, d := range defs {
		if d != nil && d.Name == name {
			return d
		}
	}
	return nil
}

// RespondToDef is respond_to?(name) on a function's self: the file's
// methods (defs), Object's, and those of Puppet's Function class.
func (r *R) RespondToDef(defs []*Def, args ...Value) Value {
	arity(args, 1, 2)
	name := symbolName(args[0])
	return findDef(defs, name) != nil || objectMethod(name) || strings.Contains(" call call_function closure_scope loader ", " "+name+" ")
}

// UndefinedMethod raises the NoMethodError of a function-style call to a
// method the wrapper does not have.
func (r *R) UndefinedMethod(name string) Value {
	raiseNoMethod(ClassNoMethodError, "undefined method `"+name+"' for ", wrapperDescription, wrapperDescription33)
	return nil
}

// NoMethod raises NoMethodError for a method no Ruby class has (the
// arguments have been evaluated, as in Ruby).
func (r *R) NoMethod(recv Value, name string, args ...Value) Value {
	if inst, ok := recv.(*Instance); ok {
		return r.sendInstance(inst, name, nil, ownArgs(args))
	}
	noMethod(name, recv)
	return nil
}
