package rt

import (
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/values"
)

// TestVisibleVars checks visibleVars against the plain algorithm of
// to_hash (a list searched for each name) on random assignments.
func TestVisibleVars(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		var names []string
		var vals []values.Value
		var vs visibleVars
		for i := 0; i < 60; i++ {
			n := string(rune('a' + rng.Intn(20)))
			var v values.Value = values.Int(i)
			remove := rng.Intn(4) == 0
			if remove {
				v = values.Undef
			}
			pos := -1
			for j, m := range names {
				if m == n {
					pos = j
				}
			}
			switch {
			case remove && pos >= 0:
				names = append(names[:pos], names[pos+1:]...)
				vals = append(vals[:pos], vals[pos+1:]...)
			case remove:
			case pos >= 0:
				vals[pos] = v
			default:
				names = append(names, n)
				vals = append(vals, v)
			}
			vs.set(n, v, remove)
		}
		var got, want []string
		for i, n := range vs.names {
			if !vs.gone[i] {
				got = append(got, n+"="+values.ToString(vs.vals[i]))
			}
		}
		for i, n := range names {
			want = append(want, n+"="+values.ToString(vals[i]))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("round %d:\n got  %v\n want %v", round, got, want)
		}
	}
}

// TestVarView checks VarView against ToHash, the variables it reads one at
// a time: top, node and class scopes, a lambda's table, undef values, and
// a variable set after the view was made (not in it).
func TestVarView(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	c.top = newScope(c, nil, nil, nil)
	node := newScope(c, c.top, &NodeDef{}, &Resource{Type: "Node", Title: "n"})
	cl := &Class{Name: "k"}
	cls := newScope(c, node, cl, &Resource{Type: "Class", Title: "K"})
	set := func(s *Scope, name string, v values.Value) { s.effectiveTable().set(name, v) }
	set(c.top, "a", values.String("top"))
	set(c.top, "u", values.String("set at top"))
	set(c.top, "dash-x", values.Int(1))
	set(c.top, "gone", values.String("top"))
	set(node, "n", values.Int(2))
	set(node, "u", values.Undef) // hides top's u
	set(cls, "a", values.String("class"))
	set(cls, "gone", values.Undef)
	local := cls.pushLocal()
	local.set("l", values.Int(3))
	cls.setMatch([]values.Value{values.String("m")})

	view := cls.View()
	set(cls, "late", values.Int(4))
	all := cls.ToHash(false)
	names := map[string]bool{}
	for i := 0; i < all.Len(); i++ {
		n := values.ToString(all.KeyAt(i))
		names[n] = true
		got, ok := view.Get(n)
		if n == "late" {
			if ok {
				t.Errorf("late: in the view, set after it")
			}
			continue
		}
		if !ok || !values.Equals(got, all.ValueAt(i)) {
			t.Errorf("%s: view has %v %v, ToHash %v", n, got, ok, all.ValueAt(i))
		}
	}
	for _, n := range []string{"u", "gone", "nope", "0"} {
		if names[n] {
			t.Errorf("%s: in ToHash", n)
		}
		if v, ok := view.Get(n); ok {
			t.Errorf("%s: view has %v", n, v)
		}
	}
	if got := strings.Join(cls.visibleNames(func(n string) bool { return strings.Contains(n, "-") }), " "); got != "dash-x" {
		t.Errorf("odd names: %q", got)
	}

	// a peek (a Memo's reads) is a view made at each read: it sees late
	peek := erbPeek{cls}
	for i := 0; i < all.Len(); i++ {
		n := values.ToString(all.KeyAt(i))
		if got, ok := peek.Visible(n); !ok || !values.Equals(got, all.ValueAt(i)) {
			t.Errorf("%s: peek has %v %v, ToHash %v", n, got, ok, all.ValueAt(i))
		}
	}
	for _, n := range []string{"u", "gone", "nope", "0"} {
		if v, ok := peek.Visible(n); ok {
			t.Errorf("%s: peek has %v", n, v)
		}
	}
	if got := strings.Join(peek.OddNames(), " "); got != "dash-x" {
		t.Errorf("peek's odd names: %q", got)
	}
	plain := &Ctx{prog: NewProgram("production")}
	plain.top = newScope(plain, nil, nil, nil)
	plain.top.effectiveTable().set("a", values.Int(1))
	if got := (erbPeek{plain.top}).OddNames(); got != nil {
		t.Errorf("odd names of a scope without: %q", got)
	}
}

// TestVisibleAt checks erbView.VisibleAt, which a template's Memo reads
// its variables with, against ToHash, the variables a template sees:
// parameters set, undef and unset, a variable set after the view was
// made, a match table and a lambda's table above the parameters, and one
// set of hints used for scopes of two layouts, as a Memo's kept reads
// are for each rendering.
func TestVisibleAt(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	c.top = newScope(c, nil, nil, nil)
	c.top.effectiveTable().set("top", values.Int(0))
	c.top.effectiveTable().set("c", values.String("top's c"))
	names := []string{"a", "b", "c", "loc", "top", "title", "nope"}
	hints := map[string]*erb.VarHint{}
	for _, n := range names {
		hints[n] = &erb.VarHint{}
	}
	define := func(order []string, vals map[string]values.Value) *Scope {
		var params []*Parameter
		for _, n := range order {
			params = append(params, &Parameter{Name: n})
		}
		layout := newParamLayout(params, "loc")
		d, r := &Define{Name: "d"}, &Resource{Type: "D", Title: "t"}
		s := newScope(c, c.top, d, r)
		c.growVars(s.symtable, 4+len(order)) // as evaluateDefine makes room
		c.setResourceParameters(r, s, d, false)
		pt, _ := c.paramTable(s, layout, len(order))
		for _, n := range order {
			if v, ok := vals[n]; ok {
				pt.set(n, v)
			}
		}
		if !s.adoptParameters(pt) {
			t.Fatal("parameters not adopted")
		}
		return s
	}
	check := func(what string, s *Scope, view erb.HintedView, late ...string) {
		t.Helper()
		all := s.ToHash(false)
		for _, n := range names {
			want, wantOK := all.Get(values.String(n))
			for _, l := range late {
				if n == l {
					want, wantOK = nil, false
				}
			}
			for range 2 { // the hint as found, then as filled
				got, ok := view.VisibleAt(n, hints[n])
				if ok != wantOK || ok && !values.Equals(got, want) {
					t.Errorf("%s: %s is %v %v, want %v %v", what, n, got, ok, want, wantOK)
				}
			}
		}
	}
	s1 := define([]string{"a", "b", "c"}, map[string]values.Value{"a": values.String("x"), "b": values.Undef})
	v1 := erbView{s1.View()}
	s1.setvar("loc", values.Int(1), false)
	check("first scope", s1, v1, "loc")
	check("first scope, new view", s1, erbView{s1.View()})
	check("first scope, peek", s1, erbPeek{s1})
	s1.setMatch([]values.Value{values.String("m")})
	check("under a match", s1, erbView{s1.View()})
	check("under a match, peek", s1, erbPeek{s1})
	local := s1.pushLocal()
	local.set("a", values.String("lambda's"))
	check("under a lambda's table", s1, erbView{s1.View()})
	check("under a lambda's table, peek", s1, erbPeek{s1})

	// another layout, the same hints
	s2 := define([]string{"c", "b", "a"}, map[string]values.Value{"a": values.Int(2), "c": values.Int(3)})
	check("second layout", s2, erbView{s2.View()})
	check("second layout, peek", s2, erbPeek{s2})
	s3 := define([]string{"a", "b", "c"}, map[string]values.Value{"b": values.Int(4)})
	check("first layout again", s3, erbView{s3.View()})
	check("first layout again, peek", s3, erbPeek{s3})
}

// TestViewsInChunks: a compile's views (one per template rendering) are
// in its chunks, each its own: no allocation each, and a view made after
// another does not change it.
func TestViewsInChunks(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	c.top = newScope(c, nil, nil, nil)
	c.top.effectiveTable().set("a", values.Int(1))
	first := c.top.View()
	c.top.effectiveTable().set("b", values.Int(2))
	second := c.top.View()
	if first == second {
		t.Fatal("two views share one VarView")
	}
	if _, ok := first.Get("b"); ok {
		t.Errorf("b: in the view made before it was set")
	}
	if v, ok := second.Get("b"); !ok || v != values.Value(values.Int(2)) {
		t.Errorf("b: %v %v in the view made after", v, ok)
	}
	if n := testing.AllocsPerRun(100, func() { c.top.View() }); n > 0.1 {
		t.Errorf("View: %v allocations, want none but a chunk's share", n)
	}
}

// TestParamLayout checks tables with a definition's parameter layout
// against plain tables on random assignments: the same names in the same
// order, the same values found for every name, and the parameters' slots;
// then a scope adopting the parameter table as setvar one by one would.
func TestParamLayout(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var params []*Parameter
	for i := 0; i < 14; i++ {
		params = append(params, &Parameter{Name: "p" + string(rune('a'+i))})
	}
	// locals, some of which a resource could set as metaparameters
	locals := []string{"x", "tag", "localb", "locald", "localf", "localh", "localj"}
	layout := newParamLayout(params, strings.Join(locals, " "))
	pool := []string{"require", "tag", "before", "notify", "x", "y", "z", "w", "v", "u"}
	for _, p := range params {
		pool = append(pool, p.Name)
	}
	numbered := slices.Clone(pool[len(pool)-len(params):])
	numbered = append(numbered, locals...)
	for round := 0; round < 200; round++ {
		// a scope with the variables set before the parameters, and a
		// parameter table over it, which begins with them (its lead)
		s := newScope(&Ctx{}, nil, nil, nil)
		want := newScope(&Ctx{}, nil, nil, nil)
		s.c.growVars(s.symtable, 3+30)
		for _, sc := range []*Scope{s, want} {
			sc.setvar("module_name", values.String("m"), false)
			sc.setvar("title", values.String("t"), false)
			sc.setvar("name", values.String("n"), false)
		}
		pt, _ := s.c.paramTable(s, layout, 30)
		if pt.lead != 3 {
			t.Fatalf("round %d: the parameter table's lead is %d, want the scope's 3 names", round, pt.lead)
		}
		plain := &varTable{kind: localTable}
		for i := 0; i < 1+rng.Intn(30); i++ {
			n := pool[rng.Intn(len(pool))]
			pt.set(n, values.Int(i))
			plain.set(n, values.Int(i))
		}
		// got's variables are want's after got's lead: a parameter
		// table does not bind its lead
		check := func(what string, got, want *varTable) {
			t.Helper()
			if strings.Join(got.names[got.lead:], " ") != strings.Join(want.names, " ") {
				t.Fatalf("round %d, %s: names %v, want %v", round, what, got.names, want.names)
			}
			for _, n := range append(append(pool, locals...), "module_name", "title", "nope", "localc") {
				gi, wi := got.find(n), want.find(n)
				if gi >= 0 && gi < int(got.lead) {
					t.Fatalf("round %d, %s: find(%s) = %d, in the lead", round, what, n, gi)
				}
				if gi >= 0 {
					gi -= int(got.lead)
				}
				if gi != wi || gi >= 0 && values.ToString(got.vals[int(got.lead)+gi]) != values.ToString(want.vals[wi]) {
					t.Fatalf("round %d, %s: find(%s) = %d, want %d", round, what, n, gi, wi)
				}
			}
			for k, n := range numbered {
				if i := got.slots[k]; i > 0 && got.names[i-1] != n || i == 0 && got.find(n) >= 0 {
					t.Fatalf("round %d, %s: slot of %s is %d", round, what, n, i)
				}
			}
		}
		check("parameter table", pt, plain)
		for _, p := range params {
			if pt.unassigned(p.Name) != (plain.find(p.Name) < 0) {
				t.Fatalf("round %d: unassigned(%s) = %v", round, p.Name, pt.unassigned(p.Name))
			}
		}
		for _, n := range locals {
			if pt.unassigned(n) {
				t.Fatalf("round %d: local %s unassigned", round, n)
			}
		}
		if !s.adoptParameters(pt) {
			t.Fatalf("round %d: not adopted", round)
		}
		// $title and $name, set before the parameters, read by number
		for k, n := range titleAndName {
			slot := len(params) + len(locals) + k
			got := s.Local(SiteRef{}, slot, n)
			if want := s.Var(SiteRef{}, n); got != want || got == values.Undef || s.symtable.slots[slot] == 0 {
				t.Fatalf("round %d: $%s by number is %v (slot %d), by name %v", round, n, got, s.symtable.slots[slot], want)
			}
		}
		for i, n := range plain.names {
			want.setvar(n, plain.vals[i], false)
		}
		check("scope", s.symtable, want.symtable)
		// variables the body assigns later, by name or by number
		for i := 0; i < rng.Intn(12); i++ {
			n := "local" + string(rune('a'+i))
			if k := slices.Index(locals, n); k >= 0 && rng.Intn(2) == 0 {
				s.SetLocal(SiteRef{}, len(params)+k, n, values.Int(i))
			} else {
				s.setvar(n, values.Int(i), false)
			}
			want.setvar(n, values.Int(i), false)
		}
		check("scope after assignments", s.symtable, want.symtable)
	}
	// a name the scope binds already is setvar's error: not adopted
	s := newScope(&Ctx{}, nil, nil, nil)
	s.c.growVars(s.symtable, 3)
	s.setvar("title", values.String("t"), false)
	s.setvar("name", values.String("t"), false)
	pt, _ := s.c.paramTable(s, layout, 1)
	pt.set("title", values.String("x"))
	if s.adoptParameters(pt) {
		t.Fatal("a parameter table binding $title was adopted")
	}
}

// TestQualifiedVar checks Scope.Qualified against Var for references to
// top-scope and class variables, with right, wrong and no slots, as their
// positions learned in one compilation go stale in another whose tables
// have other orders.
func TestQualifiedVar(t *testing.T) {
	p := NewProgram("production")
	p.strict, p.strictVariables = "off", false // unknown variables are undef
	params := []*Parameter{{Name: "a"}, {Name: "b"}}
	cl := &Class{Name: "k", Params: func() []*Parameter { return params }, Locals: "x y"}
	p.AddClass(cl)
	refs := []*VarRef{
		QualifiedVar("::f1", -1), QualifiedVar("::f2", -1), QualifiedVar("::nope", -1),
		QualifiedVar("k::a", 0), QualifiedVar("::k::b", 1), QualifiedVar("k::x", 2), QualifiedVar("k::y", 3),
		QualifiedVar("k::a", 3), QualifiedVar("k::x", -1), QualifiedVar("k::y", 9), QualifiedVar("k::extra", -1),
		QualifiedVar("k::title", 0), QualifiedVar("k::nope", -1),
	}
	for round, order := range [][]string{{"f1", "f2", "f3"}, {"f3", "f2", "f1"}, {"f2", "f1"}} {
		c := &Ctx{prog: p}
		c.top = newScope(c, nil, nil, nil)
		for i, f := range order {
			c.top.symtable.set(f, values.Int(i))
		}
		r := &Resource{Type: "Class", Title: "K"}
		s := newScope(c, c.top, cl, r)
		c.growVars(s.symtable, 6)
		c.setResourceParameters(r, s, cl, true)
		_, layout := cl.made().sig.get(c, cl.parameters(), cl.Locals)
		pt, _ := c.paramTable(s, layout, 2)
		pt.set("b", values.String("b"))
		pt.set("a", values.Undef)
		if !s.adoptParameters(pt) {
			t.Fatal("not adopted")
		}
		if round != 1 {
			s.SetLocal(SiteRef{}, 3, "y", values.String("y"))
		}
		s.setvar("extra", values.Int(7), false)
		s.SetLocal(SiteRef{}, 2, "x", values.String("x"))
		s.setClassScope("k", s)
		for pass := 0; pass < 2; pass++ {
			for _, r := range refs {
				got, want := s.Qualified(SiteRef{}, r), s.Var(SiteRef{}, r.Name)
				if !values.Equals(got, want) || values.IsUndef(got) != values.IsUndef(want) {
					t.Errorf("round %d: %s (slot %d) is %v, Var finds %v", round, r.Name, r.Slot, got, want)
				}
			}
		}
		// a scope that replaces the class's under its name (a node's)
		// is the one read from then on
		s2 := newScope(c, c.top, cl, &Resource{Type: "Class", Title: "K"})
		s2.setvar("x", values.String("x2"), false)
		s.setClassScope("k", s2)
		if got := s.Qualified(SiteRef{}, refs[8]); got != values.String("x2") {
			t.Errorf("round %d: k::x is %v in the replaced scope, want x2", round, got)
		}
	}
}

// TestLendRoom checks that a table's lent room stays the borrower's when
// the table adds a variable meanwhile, and comes back when it does not.
func TestLendRoom(t *testing.T) {
	for _, addMeanwhile := range []bool{false, true} {
		var st varTable
		st.grow(4)
		st.add("title", values.String("x"))
		names, vals, room := st.lend(3)
		if !slices.Equal(names, []string{"title"}) || len(vals) != 1 || cap(names) != 4 {
			t.Fatalf("lend(3) with room for 3: %v, cap %d", names, cap(names))
		}
		names, vals = append(names, "a", "b"), append(vals, values.Int(1), values.Int(2))
		want := []string{"title"}
		if addMeanwhile {
			st.add("late", values.Int(3))
			want = append(want, "late")
		}
		st.takeBack(room)
		if !slices.Equal(names, []string{"title", "a", "b"}) || vals[2] != values.Int(2) {
			t.Fatalf("addMeanwhile=%v: lent lists changed: %v %v", addMeanwhile, names, vals)
		}
		if !slices.Equal(st.names, want) || len(st.vals) != len(want) {
			t.Fatalf("addMeanwhile=%v: table has %v", addMeanwhile, st.names)
		}
		if !addMeanwhile && cap(st.names) != 4 {
			t.Fatalf("room not given back: cap %d", cap(st.names))
		}
	}
	if names, _, _ := new(varTable).lend(1); names != nil {
		t.Fatalf("lend without room: %v", names)
	}
}

// TestLocalTablesInChunks: local tables (a lambda's, a function's) are in
// the compile's chunks, each its own, over the table they were pushed on.
func TestLocalTablesInChunks(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	c.top = newScope(c, nil, nil, nil)
	a := c.top.pushLocal()
	a.set("x", values.Int(1))
	b := c.top.pushLocal()
	if a == b || b.parent != a || b.kind != localTable || len(b.names) != 0 {
		t.Fatalf("second local table: %+v", b)
	}
	if n := testing.AllocsPerRun(100, func() {
		c.top.pushLocal()
		c.top.ephemeral = c.top.ephemeral[:len(c.top.ephemeral)-1]
	}); n > 0.1 {
		t.Errorf("pushLocal: %v allocations, want none but a chunk's share", n)
	}
}

// TestScopeDefaultsByType: a scope's resource defaults, a list by type
// (scopeDefaults), give each type its own and replace a type's list.
func TestScopeDefaultsByType(t *testing.T) {
	var d scopeDefaults
	if d.of("Exec") != nil {
		t.Fatal("defaults of an empty list")
	}
	exec := []*Param{{Name: "path"}}
	file := []*Param{{Name: "owner"}}
	d.set("Exec", exec)
	d.set("File", file)
	exec2 := append(exec, &Param{Name: "user"})
	d.set("Exec", exec2)
	if len(d) != 2 || len(d.of("Exec")) != 2 || d.of("File")[0] != file[0] || d.of("Package") != nil {
		t.Fatalf("defaults %+v", d)
	}
}

// TestLocalsString: a definition's Locals, names separated by a space
// each, are counted for the room its scope's variables need, and
// numbered after its parameters in their order, before $title and $name.
func TestLocalsString(t *testing.T) {
	for locals, n := range map[string]int{"": 0, "x": 1, "x y z": 3} {
		if got := (&Define{Name: "d", Locals: locals}).made().locals; got != n {
			t.Errorf("Define with Locals %q: %d locals, want %d", locals, got, n)
		}
		if got := (&Class{Name: "k", Locals: locals}).made().locals; got != n {
			t.Errorf("Class with Locals %q: %d locals, want %d", locals, got, n)
		}
	}
	l := newParamLayout([]*Parameter{{Name: "a"}}, "x y z")
	want := map[string]int32{"a": 0, "x": 1, "y": 2, "z": 3, "title": 4, "name": 5}
	if got := layoutNumbers(t, l); !reflect.DeepEqual(got, want) || l.slots != 6 {
		t.Errorf("numbers %v (want %v), %d slots", got, want, l.slots)
	}
}

// A name numbered twice keeps its first number: a parameter declared twice
// (which Puppet rejects, but the layout must not confuse), a local that is
// a parameter's name (a parameter reassigned), a local assigned in two
// places; the names setvar treats apart are never numbered as locals, and
// $title and $name are numbered after the locals unless a parameter has
// the name.
func TestParamLayoutDuplicates(t *testing.T) {
	params := []*Parameter{{Name: "a"}, {Name: "b"}, {Name: "a"}, {Name: "c"}}
	l := newParamLayout(params, "x b title y x 1 m::n")
	want := map[string]int32{"a": 0, "b": 1, "c": 3, "x": 4, "y": 7, "title": 11, "name": 12}
	if got := layoutNumbers(t, l); !reflect.DeepEqual(got, want) {
		t.Errorf("numbers %v, want %v", got, want)
	}
	if !l.dup || l.params != 4 || l.slots != 13 || !l.plain || l.checkAgain {
		t.Errorf("layout %+v", l)
	}
	l = newParamLayout([]*Parameter{{Name: "name"}, {Name: "tag"}}, "name z")
	if want, got := map[string]int32{"name": 0, "tag": 1, "z": 3, "title": 4}, layoutNumbers(t, l); !reflect.DeepEqual(got, want) || l.dup || l.plain || !l.checkAgain {
		t.Errorf("numbers %v (want %v), layout %+v", got, want, l)
	}
}

// layoutNumbers is the names l numbers with their numbers, each found
// alike by number, from the name's own bytes and from a copy of them.
func layoutNumbers(t *testing.T, l *paramLayout) map[string]int32 {
	t.Helper()
	m := map[string]int32{}
	for _, e := range l.byText {
		if e.k1 != 0 {
			m[e.name] = e.k1 - 1
		}
	}
	for name, want := range m {
		for _, form := range []string{name, strings.Clone(name)} {
			if k, ok := l.number(form); k != want || !ok {
				t.Errorf("number(%q) = %d, %v; want %d", form, k, ok, want)
			}
		}
	}
	return m
}

// TestLayoutNumber checks that a layout numbers a name as its index does
// whether the name's bytes are the definition's own (the generated
// code's constants), a copy of them (a name computed at run time, a
// splat's key), or a name it lacks: the parameters in order, then the
// locals, then $title and $name, a repeated name getting its first
// number.
func TestLayoutNumber(t *testing.T) {
	for _, n := range []int{0, 1, 3, 8, 40} {
		var params []*Parameter
		for i := range n {
			params = append(params, &Parameter{Name: "p" + strings.Repeat("x", i%5) + string(rune('a'+i%26)) + strings.Repeat("y", i/26)})
		}
		if n > 2 {
			params = append(params, &Parameter{Name: params[1].Name}) // a repeated name
		}
		locals := []string{"loc", "tag"}
		l := newParamLayout(params, strings.Join(locals, " "))
		want := func(name string) (int32, bool) {
			for k, p := range params {
				if p.Name == name {
					return int32(k), true
				}
			}
			if k := slices.Index(locals, name); k >= 0 {
				return int32(len(params) + k), true
			}
			if k := slices.Index(titleAndName[:], name); k >= 0 {
				return int32(len(params) + len(locals) + k), true
			}
			return 0, false
		}
		var names []string
		for _, p := range params {
			names = append(names, p.Name)
		}
		names = append(names, locals...)
		names = append(names, "title", "name", "require", "", "px", "q")
		for _, name := range names {
			for _, form := range []string{name, strings.Clone(name), string([]byte(name))} {
				k, ok := l.number(form)
				wk, wok := want(name)
				if k != wk || ok != wok {
					t.Errorf("%d parameters: number(%q) = %d, %v; want %d, %v", n, name, k, ok, wk, wok)
				}
			}
		}
	}
}
