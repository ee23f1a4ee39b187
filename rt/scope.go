package rt

import (
	"strings"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// Scope is Puppet's scope (parser/scope.rb): the variables of the top
// level, a node, a class, or a defined type instance, with the ephemeral
// tables that lambdas and regexp matches push on top of them.
type Scope struct {
	c        *Ctx
	parent   *Scope // the dynamic parent (where this scope was created)
	resource *Resource
	source   definition // the class, define or node whose code runs here; nil for top

	symtable  *varTable   // the scope's own variables
	ephemeral []*varTable // top is the effective table; [0] is a match table over symtable

	callSite SiteRef    // the function call being made from this scope, for its logs
	epp      *eppOutput // an EPP template's output, while one renders in this scope
	// settingsPending: the settings scope, whose variables are set on
	// its first lookup (classScope)
	settingsPending bool
	erbData         map[string]any // Ruby objects ERB templates keep in the scope

	defaults scopeDefaults     // resource defaults by capitalized type name
	classes  map[string]*Scope // class scopes by name (kept in the top scope)
	// lastDefaults is what lookupDefaults last found here, for a type
	// when the compile's defaults were those of a count (Ctx.defaultsGen)
	lastDefaults struct {
		typ    string
		gen    int
		params []*Param
	}

	// inherited caches inheritedScope once found: a parent class is
	// evaluated before its child, and its scope never changes after.
	inherited *Scope

	// the symbol table and first match table every scope has, and room
	// for two ephemeral tables, allocated with the scope
	tables     [2]varTable
	ephemeral0 [2]*varTable
}

// tableKind tells the three kinds of Puppet's variable tables apart.
type tableKind uint8

const (
	localTable tableKind = iota // LocalScope: assignable variables
	matchTable                  // MatchScope: $0..$n of the last match
	paramTable                  // ParameterScope: parameters while defaults evaluate
)

// varTable is one of Puppet's variable tables. Lookups fall through to the
// parent table.
type varTable struct {
	kind   tableKind
	parent *varTable
	names  []string // insertion order (to_hash keeps it)
	vals   []values.Value
	index  map[string]int // built once a table grows (with a layout: of its other names; with a base: of the names after it)
	odd    int            // names that are no Ruby identifier (erb.OddName)
	// base indexes the table's first names, names[:len(base)], shared
	// with other tables and never written (the top scope's facts: a
	// nodeLayout's index); index holds the names added after them
	base map[string]int

	// A class's or define's parameter table and the symbol table of its
	// scope have the definition's parameters as a layout: parameter k's
	// position is slots[k]-1 (0 while unset), found through the layout's
	// index shared by all its instances instead of a map of each table's
	// own, and read by number from the generated code (Scope.Param).
	layout *paramLayout
	slots  []int32
	extra  []int32 // positions of the names that are no parameter

	match []values.Value // match tables: $0..$n; nil when no match data

	// parameter tables: set while defaults evaluate
	readOnly bool
	// lead: a parameter table's first names and values are its scope's
	// ($module_name, $title, ...), which it does not bind (bound): the
	// lists lent, whole, which neither its layout's slots nor extra
	// number, so that adoptParameters takes the lists as they are; or
	// the scope's own table's first (ownParamTable), which it numbers
	lead int32
	// begun is the number of variables start gave an empty table of no
	// layout, index, base or shared room (0 for none): while it has only
	// those, len(names) is begun (ownParamTable)
	begun int8
	// sharedRoom: the room after names is other tables' too (the top
	// scope's names, a nodeLayout's learned list), never written: a name
	// added extends names over it when it is the name already there, and
	// moves names to a list of the table's own otherwise (appendName)
	sharedRoom bool
}

// paramLayout numbers a definition's variables: its parameters in their
// declared order, then the local variables its body assigns (Class.Locals,
// Define.Locals), which the generated code reads and sets by number, then
// $title and $name, which it reads by number.
type paramLayout struct {
	// byAddr numbers the names by the address of their bytes (bytesHash):
	// the names a compile gives (a resource's attributes, the variables
	// the code reads) are the generated code's constants, the same bytes
	// as the definition's own names. byText numbers them by their bytes
	// (textHash), for a name made at run time, a copy, or one the layout
	// lacks. Each is open-addressed, at most half full, and holds a name
	// once, with its first number.
	byAddr, byText []numberedName
	shift          uint8 // 64 - log2(len(byAddr)): the hashes' bits that pick a place
	// params is the number of parameters: the variables numbered from
	// params on are locals
	params int32
	// slots is the number of variables numbered: a table's slots
	slots int32
	// plain: no parameter is a name setvar treats apart (digits, a
	// reserved variable, module_name, caller_module_name, title, name)
	plain bool
	// dup: some parameter's name is an earlier one's (the index has
	// the first)
	dup bool
	// checkAgain: some parameter is named title, name or as a
	// metaparameter, whose checks at binding (boundValid) and at finish
	// (paramsValid) may differ
	checkAgain bool
	// upper: some parameter's name has a capital letter, which the
	// resource's parameter has in lower case (Resource.lowerParams)
	upper bool
	// names and consts are the parameters' names and literal defaults
	// (Parameter.Const, nil for the others), in their order, which
	// binding copies a run of at once (bindConstRun); runEnd[k] is the
	// end of the run of literal defaults from parameter k on (k for
	// none), which a parameter named tag (which set treats apart) ends,
	// at most paramChunk long
	names  []string
	consts []values.Value
	runEnd []int32
}

func newParamLayout(params []*Parameter, locals string) *paramLayout {
	nLocals := localCount(locals)
	l := &paramLayout{params: int32(len(params)), slots: int32(len(params) + nLocals), plain: true,
		names: make([]string, len(params)), consts: make([]values.Value, len(params)), runEnd: make([]int32, len(params))}
	for k := len(params) - 1; k >= 0; k-- {
		p := params[k]
		l.names[k], l.consts[k], l.runEnd[k] = p.Name, p.Const, int32(k)
		if p.Const != nil && p.Name != "tag" {
			l.runEnd[k] = int32(k + 1)
			if k+1 < len(params) && l.runEnd[k+1] > int32(k+1) {
				l.runEnd[k] = min(l.runEnd[k+1], int32(k+paramChunk))
			}
		}
	}
	// both tables in one allocation, twice as long as the names or more
	bits := 1
	for 1<<bits < 2*(len(params)+nLocals+len(titleAndName)) {
		bits++
	}
	both := make([]numberedName, 2<<bits)
	l.byAddr, l.byText, l.shift = both[:1<<bits], both[1<<bits:], uint8(64-bits)
	for k, p := range params {
		if !l.add(p.Name, int32(k)) {
			l.dup = true // the name's first parameter keeps its number
		}
		switch p.Name {
		case "trusted", "facts", "server_facts", "module_name", "caller_module_name", "title", "name":
			l.plain = false
		}
		if p.Name == "title" || p.Name == "name" || restype.IsMetaparam(p.Name) {
			l.checkAgain = true
		}
		if isDigits(p.Name) {
			l.plain = false
		}
		if strings.ToLower(p.Name) != p.Name {
			l.upper = true
		}
	}
	k := l.params
	for rest := locals; rest != ""; k++ {
		var name string
		name, rest, _ = strings.Cut(rest, " ")
		if !specialLocal(name) {
			l.add(name, k)
		}
	}
	// $title and $name, which every instance's scope has before its
	// parameters (setTitleName), are numbered after the locals unless a
	// parameter has the name: the generated code reads them by number
	for _, name := range titleAndName {
		l.add(name, l.slots)
		l.slots++
	}
	return l
}

// localCount is how many names a definition's Locals (separated by a
// space each) has.
func localCount(locals string) int {
	if locals == "" {
		return 0
	}
	return strings.Count(locals, " ") + 1
}

// numberedName is a name of a layout with its number (byAddr, byText).
type numberedName struct {
	name string
	k1   int32 // the number + 1; 0 for an empty place
}

// add numbers name k unless the layout has the name (false).
func (l *paramLayout) add(name string, k int32) bool {
	mask := uint64(len(l.byText) - 1)
	i := textHash(0, name) >> l.shift
	for ; l.byText[i].k1 != 0; i = (i + 1) & mask {
		if l.byText[i].name == name {
			return false
		}
	}
	l.byText[i] = numberedName{name, k + 1}
	if name != "" { // an empty string's bytes have no address of their own
		i = bytesHash(name) >> l.shift
		for l.byAddr[i].k1 != 0 {
			i = (i + 1) & mask
		}
		l.byAddr[i] = numberedName{name, k + 1}
	}
	return true
}

// number is name's number: found by the address of name's bytes when they
// are the layout's own (mostly), else by its bytes.
func (l *paramLayout) number(name string) (int32, bool) {
	mask := uint64(len(l.byAddr) - 1)
	for i := bytesHash(name) >> l.shift; l.byAddr[i].k1 != 0; i = (i + 1) & mask {
		if e := &l.byAddr[i]; sameBytes(e.name, name) {
			return e.k1 - 1, true
		}
	}
	for i := textHash(0, name) >> l.shift; l.byText[i].k1 != 0; i = (i + 1) & mask {
		if e := &l.byText[i]; e.name == name {
			return e.k1 - 1, true
		}
	}
	return 0, false
}

// titleAndName are the variables a layout numbers after a definition's
// locals, in this order (codegen's variableLayout numbers them alike).
var titleAndName = [...]string{"title", "name"}

// specialLocal reports whether a variable is one that setvar or a
// definition's scope treats apart, never numbered as a local: such names
// are set before the parameters ($title, ...), reserved, or match results.
func specialLocal(name string) bool {
	switch name {
	case "trusted", "facts", "server_facts", "module_name", "caller_module_name", "title", "name":
		return true
	}
	return isDigits(name) || indexColons(name) >= 0
}

func (t *varTable) find(name string) int {
	if t.layout != nil {
		if k, ok := t.layout.number(name); ok {
			return int(t.slots[k]) - 1
		}
		if t.index == nil {
			for _, i := range t.extra {
				if t.names[i] == name {
					return int(i)
				}
			}
			return -1
		}
	}
	from := 0
	if t.base != nil {
		if i, ok := t.base[name]; ok {
			return i
		}
		from = len(t.base)
	}
	if t.index != nil {
		if i, ok := t.index[name]; ok {
			return i
		}
		return -1
	}
	for i, n := range t.names[from:] {
		if n == name {
			return from + i
		}
	}
	return -1
}

// unassigned reports whether name is a parameter of a parameter table
// that has no value yet.
func (t *varTable) unassigned(name string) bool {
	if t.layout == nil {
		return false
	}
	k, ok := t.layout.number(name)
	return ok && k < t.layout.params && t.slots[k] == 0
}

// shown is how many of the table's first n names to_hash shows (and a
// template's instance variables): none of a match table's ($0..$n), a
// parameter table's lead only, all of a local table's. Puppet's
// ParameterScope adds no entries of its own (Ephemeral#add_entries_to):
// while defaults evaluate, a template sees the scope's variables from
// before its parameters (puppet-shibboleth's metadata defaults fail on
// @provider_uri, nil there).
func (t *varTable) shown(n int) int {
	switch t.kind {
	case matchTable:
		return 0
	case paramTable:
		return min(n, int(t.lead))
	}
	return n
}

// bound reports whether the table itself binds name (Puppet's bound?).
func (t *varTable) bound(name string) bool {
	switch t.kind {
	case matchTable:
		return t.match != nil && isDigits(name)
	case paramTable:
		// the parameters, set or not, and the other names set
		// (ParameterScope's params), not the lead
		return t.find(name) >= int(t.lead) || t.unassigned(name)
	}
	return t.find(name) >= 0
}

// get is Puppet's table[name]: the value and whether some table in the
// chain includes the name.
func (t *varTable) get(name string) (values.Value, bool) {
	for ; t != nil; t = t.parent {
		switch t.kind {
		case matchTable:
			if t.match != nil && isDigits(name) {
				n := atoiSmall(name)
				if n < len(t.match) {
					return t.match[n], true
				}
				return values.Undef, true
			}
		case paramTable:
			if t.unassigned(name) {
				panic(unevaluatedParameter{name})
			}
			if i := t.find(name); i >= 0 {
				return t.vals[i], true
			}
		default:
			if i := t.find(name); i >= 0 {
				return t.vals[i], true
			}
		}
	}
	return nil, false
}

func (t *varTable) set(name string, v values.Value) {
	k := int32(-1)
	if t.layout != nil {
		if j, ok := t.layout.number(name); ok {
			k = j
			if i := t.slots[k]; i > 0 {
				t.vals[i-1] = v
				return
			}
		} else if i := t.find(name); i >= 0 {
			t.vals[i] = v
			return
		}
	} else if i := t.find(name); i >= 0 {
		t.vals[i] = v
		return
	}
	pos := t.add(name, v)
	if k < 0 && erb.OddName(name) {
		t.odd++
	}
	switch {
	case k >= 0:
		t.slots[k] = int32(pos + 1)
	case t.layout != nil:
		t.extra = append(t.extra, int32(pos))
		if t.index != nil {
			t.index[name] = pos
		} else if len(t.extra) > 8 {
			t.indexExtra()
		}
	case t.index != nil:
		t.index[name] = pos
	case len(t.names)-len(t.base) > 8:
		t.indexOwn(16)
	}
}

// indexOwn indexes the table's names after its base, with room for n.
func (t *varTable) indexOwn(n int) {
	t.index = make(map[string]int, n)
	for i := len(t.base); i < len(t.names); i++ {
		t.index[t.names[i]] = i
	}
}

// setParam is set(name, v) of the layout's parameter k, named name, found
// without the index.
func (t *varTable) setParam(k int32, name string, v values.Value) {
	if i := t.slots[k]; i > 0 {
		t.vals[i-1] = v
		return
	}
	if t.names != nil && !t.sharedRoom {
		// add's own case, without its calls: a parameter table's
		// lists are its scope's, with room for its parameters
		t.names, t.vals = append(t.names, name), append(t.vals, v)
		t.slots[k] = int32(len(t.vals))
		return
	}
	t.slots[k] = int32(t.add(name, v) + 1)
}

// add appends a variable the table lacks and returns its position; the
// caller indexes it, and counts it in odd when it may be odd: a layout's
// names are a definition's parameters and locals, Puppet variable names
// (word characters), never odd.
func (t *varTable) add(name string, v values.Value) int {
	if t.names == nil {
		// grow once for the first few variables, not at 1, 2 and 4
		t.names, t.vals = make([]string, 0, 4), make([]values.Value, 0, 4)
	}
	t.appendName(name)
	t.vals = append(t.vals, v)
	return len(t.names) - 1
}

// appendName appends name to t.names, where the room after them may be
// shared (sharedRoom).
func (t *varTable) appendName(name string) {
	if t.sharedRoom {
		if k := len(t.names); k < cap(t.names) && t.names[:k+1][k] == name {
			t.names = t.names[:k+1]
			return
		}
		t.ownNames(1)
	}
	t.names = append(t.names, name)
}

// ownNames moves a table's names whose room is shared to a list of its
// own, with room for n more.
func (t *varTable) ownNames(n int) {
	if t.sharedRoom {
		t.names = append(make([]string, 0, 2*len(t.names)+n), t.names...)
		t.sharedRoom = false
	}
}

// indexExtra indexes the names of a table with a layout that are no
// parameter.
func (t *varTable) indexExtra() {
	t.index = make(map[string]int, 2*len(t.extra))
	for _, i := range t.extra {
		t.index[t.names[i]] = int(i)
	}
}

// reserve makes room for n variables.
func (t *varTable) reserve(n int) {
	if cap(t.names)-len(t.names) >= n {
		return
	}
	t.grow(n)
	if t.layout == nil && t.index == nil && len(t.names)-len(t.base)+n > 8 {
		t.indexOwn(len(t.names) - len(t.base) + n)
	}
}

// grow makes room for n more variables, indexing nothing.
func (t *varTable) grow(n int) {
	if cap(t.names)-len(t.names) >= n {
		return
	}
	t.names = append(make([]string, 0, len(t.names)+n), t.names...)
	t.vals = append(make([]values.Value, 0, len(t.vals)+n), t.vals...)
	t.sharedRoom = false
}

// growVars is t.grow(n) with the lists from the compile's chunks (a
// class's or define's scope, which lives as long as the compile).
func (c *Ctx) growVars(t *varTable, n int) {
	if cap(t.names)-len(t.names) >= n {
		return
	}
	names, vals := makeSlice(&c.nameLists, len(t.names)+n, 1024), makeSlice(&c.valueLists, len(t.vals)+n, 1024)
	if len(t.names) > 0 || len(t.vals) > 0 { // a new scope's table has none: no copy
		names, vals = append(names, t.names...), append(vals, t.vals...)
	}
	t.names, t.vals, t.sharedRoom = names, vals, false
}

// varLists are a table's lists, whole (see lend).
type varLists struct {
	names []string
	vals  []values.Value
}

// lend gives another table t's lists with the room t has for n more
// variables: t's names and values, then the room; nil lists when t has not
// that much room. Until takeBack(room), t's own lists end where the room
// starts: a variable t adds meanwhile moves its lists elsewhere instead of
// writing over the borrower's.
func (t *varTable) lend(n int) (names []string, vals []values.Value, room varLists) {
	k := len(t.names)
	if t.sharedRoom || len(t.vals) != k || cap(t.names)-k < n || cap(t.vals)-k < n {
		return nil, nil, varLists{}
	}
	room = varLists{t.names, t.vals}
	t.names, t.vals = t.names[:k:k], t.vals[:k:k]
	return room.names, room.vals, room
}

// takeBack ends a lend: t gets its room back unless it has moved.
func (t *varTable) takeBack(room varLists) {
	if k := len(t.names); room.names != nil && cap(t.names) == k && len(room.names) == k {
		t.names, t.vals = room.names, room.vals
	}
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func atoiSmall(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
		if n > 1<<20 {
			return n
		}
	}
	return n
}

// unevaluatedParameter is thrown when a parameter's default refers to a
// parameter that has no value yet.
type unevaluatedParameter struct{ name string }

func newScope(c *Ctx, parent *Scope, source definition, res *Resource) *Scope {
	return new(Scope).init(c, parent, source, res)
}

// init sets up a zeroed scope.
func (s *Scope) init(c *Ctx, parent *Scope, source definition, res *Resource) *Scope {
	s.c, s.parent, s.source, s.resource = c, parent, source, res
	s.symtable = &s.tables[0] // a localTable
	s.tables[1].kind, s.tables[1].parent = matchTable, s.symtable
	s.ephemeral0[0] = &s.tables[1]
	s.ephemeral = s.ephemeral0[:1]
	return s
}

// newChild is a child of s for a definition's code, from the compile's
// chunks (a scope lives as long as the resources declared in it).
func (s *Scope) newChild(source definition, res *Resource) *Scope {
	return alloc(&s.c.scopeSlab, 11).init(s.c, s, source, res) // 11 fill 6,248 of a 6,528-byte size class
}

func (s *Scope) isTop() bool  { return s == s.c.top }
func (s *Scope) isNode() bool { return s.resource != nil && s.resource.Type == "Node" }

// classScope finds the scope a class was evaluated in.
func (s *Scope) classScope(name string) *Scope {
	return s.c.top.classes[name].ready()
}

// ready is the class scope cs (nil for none) with its variables: the
// settings scope's are the program's settings table, built on the first
// lookup of a compile's settings scope instead of every compile's start
// (most compiles read no $settings:: variable, and building the table was
// a fiftieth of a whole keystone process: issue 14).
func (cs *Scope) ready() *Scope {
	if cs != nil && cs.settingsPending {
		cs.settingsPending = false
		cs.symtable = cs.c.prog.settingsTable()
		cs.tables[1].parent = cs.symtable // the match table, ephemeral0's
	}
	return cs
}

func (s *Scope) setClassScope(name string, cs *Scope) {
	top := s.c.top
	if top.classes == nil { // as many as the last compile's
		top.classes = reuseMap(s.c.arena, func(a *arena) *map[string]*Scope { return &a.classScopes }, int(s.c.prog.lastClasses.Load()))
	}
	n := len(top.classes)
	top.classes[name] = cs
	if len(top.classes) == n {
		// a name's scope replaced (a node's by a class's of its name):
		// the scopes kept by number are found again
		clear(s.c.classScopes)
	}
}

// inheritedScope is the scope of the parent class of a class scope.
func (s *Scope) inheritedScope() *Scope {
	if s.inherited != nil {
		return s.inherited
	}
	if s.resource == nil || s.resource.Type != "Class" {
		return nil
	}
	cl, ok := s.source.(*Class)
	if !ok || cl.Parent == "" {
		return nil
	}
	s.inherited = s.qualifiedScope(cl.Parent)
	return s.inherited
}

// globalScope is the scope epp() renders a template in: the first node or
// top scope up the chain of s's inherited and enclosing scopes (Scope#
// find_global_scope), where a class declared in a node finds the node's.
func (s *Scope) globalScope() *Scope {
	sc := s
	for !sc.isTop() && !sc.isNode() {
		next := sc.inheritedScope()
		if next == nil {
			next = sc.enclosingScope()
		}
		if next == nil {
			break
		}
		sc = next
	}
	return sc
}

// enclosingScope is the nearest node or top scope above s.
func (s *Scope) enclosingScope() *Scope {
	for p := s.parent; p != nil; p = p.parent {
		if p.isTop() || p.isNode() {
			return p
		}
	}
	return nil
}

// qualifiedScope is the scope of an evaluated class; it raises Puppet's
// error when the class is unknown or not evaluated.
func (s *Scope) qualifiedScope(name string) *Scope {
	cl := s.c.findClassRescued(name)
	if cl == nil {
		panic(&detailError{msg: "class " + name + " could not be found"})
	}
	cs := s.classScope(cl.Name)
	if cs == nil {
		panic(&detailError{msg: "class " + name + " has not been evaluated"})
	}
	return cs
}

// ---- reading variables ----

// Var reads a variable for the expression at site: Puppet's lookupvar. An
// unknown variable is undef, with Puppet's UNKNOWN_VARIABLE issue as the
// settings make it (runtime3_support.rb): an error with strict_variables
// or strict=error, a warning with strict=warning, nothing with strict=off.
func (s *Scope) Var(site SiteRef, name string) values.Value {
	if s == s.c.noScope {
		panic(runtimeError(site.Site(), nilScopeError[s.c.prog.Puppet().Major]))
	}
	v, ok := s.lookup(name)
	if ok {
		if v == nil {
			return values.Undef
		}
		return v
	}
	if !isNumericVarName(name) {
		p := s.c.prog
		switch {
		case p.strictVariables || p.strict == "error":
			IssueAt(site.Site(), "UNKNOWN_VARIABLE", "Unknown variable: '%s'.", name)
		case p.strict == "warning":
			s.c.issueWarning(site.Site(), "Unknown variable: '"+name+"'.")
		}
	}
	return values.Undef
}

// Param reads parameter k of the class or define whose body runs in s,
// named name, where the generated code knows that nothing between the
// body and the scope's own table can bind the name (no lambda's parameter
// or variable): the value its slot holds, else what Var finds.
func (s *Scope) Param(site SiteRef, k int, name string) values.Value {
	if t := s.symtable; k < len(t.slots) {
		if i := t.slots[k]; i > 0 {
			if v := t.vals[i-1]; v != nil {
				return v
			}
			return values.Undef
		}
	}
	return s.Var(site, name)
}

// Local reads local variable k of the class or define whose body runs in
// s (numbered after the parameters, Class.Locals), named name, as Param
// reads a parameter: the value its slot holds once the body assigned it,
// else what Var finds (an outer scope's variable, or none).
func (s *Scope) Local(site SiteRef, k int, name string) values.Value {
	return s.Param(site, k, name)
}

// SetLocal is `$name = v` at site for local variable k of the class or
// define whose body runs in s, where the generated code knows the
// assignment is the body's own (in no lambda): the value goes to its slot
// when nothing binds the name yet, else Assign raises Puppet's error.
func (s *Scope) SetLocal(site SiteRef, k int, name string, v values.Value) values.Value {
	if t := s.symtable; k < len(t.slots) && t.slots[k] == 0 && s.effectiveTable() == t {
		t.appendName(name)
		t.vals = append(t.vals, v)
		t.slots[k] = int32(len(t.names)) // a layout's name: not odd (add)
		return v
	}
	return s.Assign(site.Site(), name, v)
}

// lookup returns a variable's value, or ok=false when it is not found
// (Puppet's :undefined_variable throw). Built-in variables that are not set
// are found as undef.
func (s *Scope) lookup(name string) (values.Value, bool) {
	if i := indexColons(name); i >= 0 {
		if i == 0 {
			name = name[2:]
		}
		return s.lookupQualified(name)
	}
	for sc := s; sc != nil; {
		if v, ok := sc.ephemeral[len(sc.ephemeral)-1].get(name); ok {
			return v, true
		}
		next := sc.inheritedScope()
		if next == nil {
			next = sc.enclosingScope()
		}
		sc = next
	}
	if name == "module_name" || name == "caller_module_name" || isNumericVarName(name) {
		return values.Undef, true
	}
	return nil, false
}

func (s *Scope) lookupQualified(fqn string) (values.Value, bool) {
	i := lastColons(fqn)
	if i < 0 {
		// $::x: a variable of the top scope
		if j := s.c.top.symtable.find(fqn); j >= 0 {
			return s.c.top.symtable.vals[j], true
		}
		return nil, false
	}
	leaf, className := fqn[i+2:], fqn[:i]
	// the common case: a variable the evaluated class set in its scope
	if cs := s.classScope(className); cs != nil {
		if _, ok := cs.source.(*Class); ok {
			if j := cs.symtable.find(leaf); j >= 0 {
				return cs.symtable.vals[j], true
			}
		}
	}
	var found values.Value
	var ok bool
	catchDetail(func() {
		qs := s.qualifiedScope(className)
		if qs.ephemeral[len(qs.ephemeral)-1].bound(leaf) || qs.symtable.bound(leaf) {
			found, ok = qs.localValue(leaf), true
			return
		}
		if is := qs.inheritedScope(); is != nil {
			found, ok = s.lookupQualified(is.source.name() + "::" + leaf)
		}
	})
	return found, ok
}

// qualifiedNotFound is how Puppet's lookup_qualified_variable reports fqn
// (without a leading "::") when it does not find it (handle_not_found):
// the name variable_not_found is given, and why. A class that cannot be
// looked in gives its error, under fqn; a class's or the top scope's
// missing variable, "::" and fqn with no reason.
func (s *Scope) qualifiedNotFound(fqn string) (name, reason string) {
	i := lastColons(fqn)
	if i < 0 {
		return "::" + fqn, ""
	}
	leaf, className := fqn[i+2:], fqn[:i]
	var inherited *Scope
	if d := catchDetail(func() { inherited = s.qualifiedScope(className).inheritedScope() }); d != nil {
		return fqn, d.msg
	}
	if inherited != nil {
		return s.qualifiedNotFound(inherited.source.name() + "::" + leaf)
	}
	return "::" + fqn, ""
}

// localValue is Puppet's get_local_variable: the effective table's value.
func (s *Scope) localValue(name string) values.Value {
	v, _ := s.ephemeral[len(s.ephemeral)-1].get(name)
	if v == nil {
		return values.Undef
	}
	return v
}

// catchDetail runs f and returns the detail error it raised, if any.
func catchDetail(f func()) (err *detailError) {
	defer func() {
		if r := recover(); r != nil {
			d, ok := r.(*detailError)
			if !ok {
				panic(r)
			}
			err = d
		}
	}()
	f()
	return nil
}

func indexColons(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == ':' && s[i+1] == ':' {
			return i
		}
	}
	return -1
}

func lastColons(s string) int {
	for i := len(s) - 2; i >= 0; i-- {
		if s[i] == ':' && s[i+1] == ':' {
			return i
		}
	}
	return -1
}

func isNumericVarName(s string) bool {
	if s == "0" {
		return true
	}
	return isDigits(s) && s[0] != '0'
}

// Exists is Puppet's scope.exist? (used by defined('$x')).
func (s *Scope) Exists(name string) bool {
	if i := lastColons(name); i >= 0 {
		className, varName := name[:i], name[i+2:]
		if className == "" && (varName == "module_name" || varName == "caller_module_name") {
			return true
		}
		cl := s.c.prog.findClass(className)
		var other *Scope
		if cl != nil {
			other = s.classScope(cl.Name)
		}
		if other == nil {
			return className == "" && s.c.top.Exists(varName)
		}
		return other.Exists(varName)
	}
	if _, ok := s.ephemeral[len(s.ephemeral)-1].get(name); ok {
		return true
	}
	next := s.inheritedScope()
	if next == nil {
		next = s.enclosingScope()
	}
	if next != nil && next.Exists(name) {
		return true
	}
	return name == "module_name" || name == "caller_module_name"
}

// ---- setting variables ----

// effectiveTable is where an assignment goes: the innermost local table.
func (s *Scope) effectiveTable() *varTable {
	for t := s.ephemeral[len(s.ephemeral)-1]; t != nil; t = t.parent {
		if t.kind == localTable || t.kind == paramTable {
			return t
		}
	}
	return s.symtable
}

// bound is Puppet's scope.bound?: the effective table binds name.
func (s *Scope) bound(name string) bool { return s.effectiveTable().bound(name) }

// Assign is `$name = value` at site, with Puppet's checks.
func (s *Scope) Assign(site *Site, name string, v values.Value) values.Value {
	if name == "server_facts" {
		IssueAt(site, "ILLEGAL_RESERVED_ASSIGNMENT", "Attempt to assign to a reserved variable name: '$%s'", name)
	}
	if s.bound(name) {
		if name == "trusted" || name == "facts" {
			IssueAt(site, "ILLEGAL_RESERVED_ASSIGNMENT", "Attempt to assign to a reserved variable name: '$%s'", name)
		}
		IssueAt(site, "ILLEGAL_REASSIGNMENT", "Cannot reassign variable '$%s'", name)
	}
	defer func() { atSite(site, recover()) }()
	s.setvar(name, v, false)
	return v
}

// setvar is Puppet's Scope#setvar.
func (s *Scope) setvar(name string, v values.Value, privileged bool) {
	if isDigits(name) {
		Fail("Cannot assign to a numeric match result variable '$" + name + "'")
	}
	if !privileged && (name == "trusted" || name == "facts" || name == "server_facts") {
		Fail("Attempt to assign to a reserved variable name: '" + name + "'")
	}
	t := s.effectiveTable()
	if t.bound(name) {
		Fail("Cannot reassign variable '$" + name + "'")
	}
	if t.kind == paramTable && t.readOnly {
		Fail("Attempt to assign variable " + name + " when evaluating parameters")
	}
	t.set(name, v)
}

// ---- ephemeral scopes ----

func (s *Scope) ephemeralLevel() int { return len(s.ephemeral) }

func (s *Scope) popEphemerals(level int) {
	for i := level; i < len(s.ephemeral); i++ {
		s.ephemeral[i] = nil
	}
	s.ephemeral = s.ephemeral[:level]
}

// Guard runs f in a guarded scope: match data and local tables created by f
// are dropped afterwards (Puppet's with_guarded_scope, used by if, unless,
// case and selectors).
func (s *Scope) Guard() int { return len(s.ephemeral) }

// Unguard drops what was pushed since Guard returned level.
func (s *Scope) Unguard(level int) { s.popEphemerals(level) }

// setMatch records a successful match's $0..$n in a new match table.
func (s *Scope) setMatch(groups []values.Value) {
	t := alloc(&s.c.tableSlab, 32) // in the compile's chunks
	*t = varTable{kind: matchTable, parent: s.ephemeral[len(s.ephemeral)-1], match: groups}
	s.ephemeral = append(s.ephemeral, t)
}

// pushLocal pushes a local table (a lambda's parameters and variables).
func (s *Scope) pushLocal() *varTable {
	t := alloc(&s.c.tableSlab, 32) // in the compile's chunks
	*t = varTable{kind: localTable, parent: s.ephemeral[len(s.ephemeral)-1]}
	s.ephemeral = append(s.ephemeral, t)
	return t
}

// ---- to_hash ----

// ToHash is Puppet's scope.to_hash: the visible variables, for templates and
// getvar-like uses. Undef values are left out unless includeUndef.
func (s *Scope) ToHash(includeUndef bool) *values.Hash { return s.ScopeHash(true, includeUndef) }

// ScopeHash is Puppet's scope.to_hash(recursive, include_undef): the
// variables of the scopes s sees too (its enclosing and inherited
// scopes') when recursive, else its own.
func (s *Scope) ScopeHash(recursive, includeUndef bool) *values.Hash {
	var vs visibleVars
	if recursive {
		s.collect(includeUndef, nil, &vs)
	} else {
		s.collectOwn(includeUndef, nil, &vs)
	}
	b := values.NewHashBuilder(len(vs.names) - vs.deleted)
	for i, n := range vs.names {
		if !vs.gone[i] {
			b.Put(values.String(n), vs.vals[i])
		}
	}
	return b.Build()
}

// visibleVars are the variables collect gathers, in the order Puppet's
// to_hash has them: a name keeps the place it was first set, an undef
// value removes it (and a later value adds it at the end).
type visibleVars struct {
	names   []string
	vals    []values.Value
	gone    []bool         // removed entries
	index   map[string]int // live entries by name
	deleted int
}

func (vs *visibleVars) set(n string, v values.Value, remove bool) {
	if vs.index == nil {
		vs.index = make(map[string]int, 64)
	}
	pos, ok := vs.index[n]
	switch {
	case remove && ok:
		vs.gone[pos] = true
		vs.deleted++
		delete(vs.index, n)
	case remove:
	case ok:
		vs.vals[pos] = v
	default:
		vs.index[n] = len(vs.names)
		vs.names = append(vs.names, n)
		vs.vals = append(vs.vals, v)
		vs.gone = append(vs.gone, false)
	}
}

// collect gathers the visible variables into vs in to_hash's order, those
// keep selects (nil: all). keep selects among the names erb.OddName
// accepts: tables that have none are skipped (most have none, and
// templates ask for them at every rendering).
func (s *Scope) collect(includeUndef bool, keep func(string) bool, vs *visibleVars) {
	if s.parent != nil {
		if enc := s.enclosingScope(); enc != nil {
			enc.collect(includeUndef, keep, vs)
		}
		if inh := s.inheritedScope(); inh != nil {
			inh.collect(includeUndef, keep, vs)
		}
	}
	s.collectOwn(includeUndef, keep, vs)
}

// collectOwn is collect of s's own variables: its innermost local
// scope's, and those of the scopes it is in, to s's own table.
func (s *Scope) collectOwn(includeUndef bool, keep func(string) bool, vs *visibleVars) {
	var add func(t *varTable)
	add = func(t *varTable) {
		if t == nil {
			return
		}
		add(t.parent)
		if keep != nil && t.odd == 0 {
			return
		}
		for i, n := range t.names[:t.shown(len(t.names))] {
			if keep == nil || keep(n) {
				v := t.vals[i]
				vs.set(n, v, values.IsUndef(v) && !includeUndef)
			}
		}
	}
	add(s.ephemeral[len(s.ephemeral)-1])
}

// VarView is to_hash as it is when the view is made, read one name at a
// time: a template's instance variables are the variables visible when it
// starts rendering, and building them all (as ToHash does) for every
// rendering was the largest cost of compiling catalogs of modules that
// render many templates.
type VarView struct {
	s *Scope
	// the tables visible, with how many variables they had: a few, found
	// by a scan faster than a map's hashing (and no map made per view)
	tables []viewTable
	buf    [8]viewTable
}

type viewTable struct {
	t *varTable
	n int
}

// size is how many variables t had when the view was made; ok is false
// for a table the view does not see.
func (v *VarView) size(t *varTable) (n int, ok bool) {
	for _, e := range v.tables {
		if e.t == t {
			return e.n, true
		}
	}
	return 0, false
}

// View makes a VarView of the scope's visible variables, in the
// compile's chunks (a template's rendering makes one).
func (s *Scope) View() *VarView {
	v := alloc(&s.c.viewSlab, 32)
	v.s = s
	v.tables = v.buf[:0]
	v.walk(s)
	return v
}

// hasOddNames reports whether a table visible in s (one walk finds) has
// a name erb.OddName accepts.
func (s *Scope) hasOddNames() bool {
	for t := s.ephemeral[len(s.ephemeral)-1]; t != nil; t = t.parent {
		if t.odd > 0 {
			return true
		}
	}
	if s.parent != nil {
		if inh := s.inheritedScope(); inh != nil && inh.hasOddNames() {
			return true
		}
		if enc := s.enclosingScope(); enc != nil {
			return enc.hasOddNames()
		}
	}
	return false
}

func (v *VarView) walk(s *Scope) {
	for t := s.ephemeral[len(s.ephemeral)-1]; t != nil; t = t.parent {
		if _, seen := v.size(t); seen {
			break
		}
		v.tables = append(v.tables, viewTable{t, len(t.names)})
	}
	if s.parent != nil {
		if inh := s.inheritedScope(); inh != nil {
			v.walk(inh)
		}
		if enc := s.enclosingScope(); enc != nil {
			v.walk(enc)
		}
	}
}

// Get is to_hash's value for name (false when it has none: absent, or
// undef).
func (v *VarView) Get(name string) (values.Value, bool) {
	val, ok, _ := v.lookup(v.s, name)
	return val, ok
}

// visibleVar is to_hash's value for name as s is now (false when it has
// none): Get of a view made now, without making it.
func (s *Scope) visibleVar(name string) (values.Value, bool) {
	val, ok, _ := (*VarView)(nil).lookup(s, name)
	return val, ok
}

// lookup is the binding collect would see last, and whether some table
// binds the name at all (an undef binding hides those below). A nil view
// is s as it is now: each table with all its variables (the tables
// lookup reaches are those walk finds).
func (v *VarView) lookup(s *Scope, name string) (values.Value, bool, bool) {
	for t := s.ephemeral[len(s.ephemeral)-1]; t != nil; t = t.parent {
		n := len(t.names)
		if v != nil {
			var ok bool
			if n, ok = v.size(t); !ok {
				continue
			}
		}
		if i := t.find(name); i >= 0 && i < t.shown(n) {
			val := t.vals[i]
			return val, !values.IsUndef(val), true
		}
	}
	if s.parent != nil {
		if inh := s.inheritedScope(); inh != nil {
			if val, ok, bound := v.lookup(inh, name); bound {
				return val, ok, true
			}
		}
		if enc := s.enclosingScope(); enc != nil {
			return v.lookup(enc, name)
		}
	}
	return nil, false, false
}

// visibleNames are to_hash's names for which keep is true, in to_hash's
// order (keep as for collect).
func (s *Scope) visibleNames(keep func(string) bool) []string {
	var vs visibleVars
	s.collect(false, keep, &vs)
	var out []string
	for i, n := range vs.names {
		if !vs.gone[i] {
			out = append(out, n)
		}
	}
	return out
}

// ---- resource defaults ----

// scopeDefaults are a scope's resource defaults, by capitalized type name:
// a list, as a scope mostly has defaults for one type or two (a map, made
// for each scope with defaults, cost two allocations).
type scopeDefaults []typeDefaults

// typeDefaults are the defaults of one type.
type typeDefaults struct {
	typ    string
	params []*Param
}

// of is the defaults for the type, nil for none.
func (d scopeDefaults) of(typ string) []*Param {
	for i := range d {
		if d[i].typ == typ {
			return d[i].params
		}
	}
	return nil
}

// set makes params the defaults for the type.
func (d *scopeDefaults) set(typ string, params []*Param) {
	for i := range *d {
		if (*d)[i].typ == typ {
			(*d)[i].params = params
			return
		}
	}
	*d = append(*d, typeDefaults{typ, params})
}

// lookupDefaults is Puppet's lookupdefaults: defaults for a type from this
// scope and its dynamic parents, the nearest winning.
func (s *Scope) lookupDefaults(typeName string) []*Param {
	if s.c != nil && len(s.c.defaultTypes) == 0 {
		return nil // no scope of the compile has any
	}
	// a scope's resources mostly are of a few types: what was found for
	// the type stands while no defaults expression was evaluated since
	// (the scopes above stay the same)
	last := &s.lastDefaults
	if s.c != nil && last.typ == typeName && last.gen == s.c.defaultsGen && typeName != "" {
		return last.params
	}
	out := s.mergeDefaults(typeName)
	if s.c != nil {
		last.typ, last.gen, last.params = typeName, s.c.defaultsGen, out
	}
	return out
}

// mergeDefaults is lookupDefaults' search of the scopes.
func (s *Scope) mergeDefaults(typeName string) []*Param {
	// mostly no scope of the chain has defaults for the type, or one has:
	// its list is the answer (callers only read it)
	var only []*Param
	n := 0
	for sc := s; sc != nil; sc = sc.parent {
		if d := sc.defaults.of(typeName); len(d) > 0 {
			only = d
			n++
		}
	}
	if n <= 1 {
		return only
	}
	var chain []*Scope
	for sc := s; sc != nil; sc = sc.parent {
		chain = append(chain, sc)
	}
	var out []*Param
	for i := len(chain) - 1; i >= 0; i-- {
		for _, p := range chain[i].defaults.of(typeName) {
			replaced := false
			for j, q := range out {
				if q.Name == p.Name {
					out[j] = p
					replaced = true
					break
				}
			}
			if !replaced {
				out = append(out, p)
			}
		}
	}
	return out
}

// isDefault is Puppet's is_default?: value is what a default set for the
// type's parameter here or above.
func (s *Scope) isDefault(typeName, name string, v values.Value) bool {
	for sc := s; sc != nil; sc = sc.parent {
		for _, p := range sc.defaults.of(typeName) {
			if p.Name == name && values.Equals(p.Value, v) {
				return true
			}
		}
	}
	return false
}

// UpdateObject implements rubyfn.CompileScope: Ruby code changed old, a
// Hash or Array, in place, to v. Ruby's variables hold objects, so each
// variable that holds old holds v: those visible here, and those of the
// classes evaluated (the class parameter a variable here was assigned
// from in a branch, which updateVar does not follow), each with what
// updateVar changes with it (the resource parameter, the variable it was
// assigned from). The empty Array and Hash are one value each for all
// (values.EmptyArray, values.EmptyHash), where Ruby has an object for
// each: which variables held the one changed cannot be told, and none
// changes.
func (s *Scope) UpdateObject(old, v values.Value) {
	if old == values.Value(values.EmptyArray) || old == values.Value(values.EmptyHash) {
		return
	}
	s.updateHolders(old, v, true)
	for _, cs := range s.c.top.classes {
		if cs != s && !cs.settingsPending {
			cs.updateHolders(old, v, false)
		}
	}
}

// updateHolders is UpdateObject for the variables of s (its own, or all
// it sees when recursive).
func (s *Scope) updateHolders(old, v values.Value, recursive bool) {
	var vs visibleVars
	if recursive {
		s.collect(true, nil, &vs)
	} else {
		s.collectOwn(true, nil, &vs)
	}
	for i, n := range vs.names {
		if !vs.gone[i] && values.SameObject(vs.vals[i], old) {
			s.updateVar(n, v)
		}
	}
}

// updateVar replaces the value of a variable in the table that binds it
// (a template changed the object in place), and of the variables and
// parameters that hold the same Ruby object in Puppet.
func (s *Scope) updateVar(name string, v values.Value) {
	s.updateVarDepth(name, v, 0)
}

func (s *Scope) updateVarDepth(name string, v values.Value, depth int) {
	if depth > maxAliasHops {
		return
	}
	if i := indexColons(name); i >= 0 {
		// scope.lookupvar('m::x'): the class's variable
		fqn := name
		if i == 0 {
			fqn = fqn[2:]
		}
		j := lastColons(fqn)
		if j < 0 {
			if k := s.c.top.symtable.find(fqn); k >= 0 {
				s.c.top.symtable.set(fqn, v)
			}
			return
		}
		if cs := s.classScope(fqn[:j]); cs != nil {
			if _, ok := cs.source.(*Class); ok && cs.symtable.find(fqn[j+2:]) >= 0 {
				cs.updateVarDepth(fqn[j+2:], v, depth+1)
			}
		}
		return
	}
	for sc := s; sc != nil; {
		for t := sc.ephemeral[len(sc.ephemeral)-1]; t != nil; t = t.parent {
			if i := t.find(name); t.kind != matchTable && i >= 0 {
				old := t.vals[i]
				t.set(name, v)
				if t != sc.symtable {
					return
				}
				// A parameter's variable and the resource's parameter
				// are one Ruby object: the catalog shows the change.
				if sc.resource != nil {
					if p := sc.resource.param(name); p != nil && values.SameObject(p.Value, old) {
						p.Value, p.replaced, p.foundRefs = v, true, 0
						s.c.paramReplaced = true
					}
				}
				// So are a variable and the one it was assigned from
				// ($o = $m::opts): the change is that one's too.
				if from := aliasOf(sc.source, name); from != "" {
					if cur, ok := sc.lookup(from); ok && values.SameObject(cur, old) {
						sc.updateVarDepth(from, v, depth+1)
					}
				}
				return
			}
		}
		next := sc.inheritedScope()
		if next == nil {
			next = sc.enclosingScope()
		}
		sc = next
	}
}

// maxAliasHops bounds the variables updateVar follows from one to the one
// it was assigned from.
const maxAliasHops = 16

// aliasOf is the variable that the variable name of definition d's body
// was assigned from as a whole ($name = $from), "" for none (Aliases).
func aliasOf(d definition, name string) string {
	var aliases string
	switch d := d.(type) {
	case *Class:
		aliases = d.Aliases
	case *Define:
		aliases = d.Aliases
	}
	for aliases != "" {
		var pair string
		pair, aliases, _ = strings.Cut(aliases, " ")
		if to, from, ok := strings.Cut(pair, "="); ok && to == name {
			return from
		}
	}
	return ""
}
