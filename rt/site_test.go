package rt

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// TestSiteTable checks the sites built one by one, first used in any
// order and from several goroutines, against their compact form: links
// point at the table's own sites, built or not when their site is.
func TestSiteTable(t *testing.T) {
	const w = 32 // sites per word of the built bits
	const n = 3*w + 5
	newTable := func() *SiteTable {
		tb := &SiteTable{Files: &[]File{{Path: "a.pp"}, {Path: "b.pp"}}[0], FileCount: 2, Labels: "\nVariable"}
		for i := range n {
			tb.Data = append(tb.Data, int32(i%2), int32(i+1), int32(i+2), int32(i%2))
		}
		// a binary expression whose operands are in the next words of
		// built bits, one within its word; access expressions across
		// words, one of them also a binary expression
		tb.Operands = []int32{w - 1, w, 2 * w, 3, 4, 5}
		tb.AccessKeys = []int32{10, 2, w + 1, n - 1, w - 1, 1, 0, 2*w + 1, 0}
		return tb
	}
	check := func(tb *SiteTable) {
		for i := range n {
			s := tb.At(i)
			if s.File.Path != []string{"a.pp", "b.pp"}[i%2] || s.Line != int32(i+1) || s.Column != int32(i+2) || s.Label != []string{"", "Variable"}[i%2] {
				t.Fatalf("site %d: %+v", i, s)
			}
		}
		at := tb.At
		if s := at(w - 1); s.Left() != at(w) || s.Right() != at(2*w) || len(s.Keys()) != 1 || s.Keys()[0] != at(0) {
			t.Errorf("site %d: links %v %v %v", w-1, s.Left(), s.Right(), s.Keys())
		}
		if s := at(3); s.Left() != at(4) || s.Right() != at(5) || s.Keys() != nil {
			t.Errorf("site 3: links %v %v %v", s.Left(), s.Right(), s.Keys())
		}
		if k := at(10).Keys(); len(k) != 2 || k[0] != at(w+1) || k[1] != at(n-1) || at(10).Left() != nil {
			t.Errorf("site 10: keys %v", k)
		}
		if s := at(2*w + 1); s.Keys() == nil || len(s.Keys()) != 0 {
			t.Errorf("site %d: keys %#v", 2*w+1, s.Keys())
		}
		if s := at(n - 2); s.Left() != nil || s.Keys() != nil {
			t.Errorf("site %d: links", n-2)
		}
	}
	// first use from the last site, then from the first
	tb := newTable()
	tb.At(n - 1)
	check(tb)
	tb = newTable()
	tb.At(0)
	check(tb)
	tb = newTable()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range n {
				if j := (i*7 + g*31) % n; tb.At(j).Line != int32(j+1) {
					t.Errorf("site %d: line %d", j, tb.At(j).Line)
				}
			}
		})
	}
	wg.Wait()
	check(tb)
}

// TestSiteTableLinksBack checks links that point back at a site being
// built, and a site with two entries of operands, whose later one wins.
func TestSiteTableLinksBack(t *testing.T) {
	tb := &SiteTable{Files: &[]File{{Path: "a.pp"}}[0], FileCount: 1, Labels: "", Data: make([]int32, 5*4),
		Operands: []int32{0, 1, 0, 2, 3, 4, 2, 4, 3}, AccessKeys: []int32{1, 1, 0}}
	at := tb.At
	if s := at(0); s.Left() != at(1) || s.Right() != s || at(1).Keys()[0] != s {
		t.Errorf("site 0: links %v %v, site 1: keys %v", s.Left(), s.Right(), at(1).Keys())
	}
	if s := at(2); s.Left() != at(4) || s.Right() != at(3) {
		t.Errorf("site 2: links %v %v", s.Left(), s.Right())
	}
}

// TestSiteTableSortedLinks checks a table whose links are in site order,
// as generated (the index of links is then not sorted again), with sites
// that have none before, between and after them.
func TestSiteTableSortedLinks(t *testing.T) {
	tb := &SiteTable{Files: &[]File{{Path: "a.pp"}}[0], FileCount: 1, Labels: "", Data: make([]int32, 9*4),
		Operands: []int32{1, 2, 3, 4, 5, 6}, AccessKeys: []int32{7, 1, 8}}
	at := tb.At
	if s := at(1); s.Left() != at(2) || s.Right() != at(3) || s.Keys() != nil {
		t.Errorf("site 1: links %v %v %v", s.Left(), s.Right(), s.Keys())
	}
	if s := at(4); s.Left() != at(5) || s.Right() != at(6) {
		t.Errorf("site 4: links %v %v", s.Left(), s.Right())
	}
	if k := at(7).Keys(); len(k) != 1 || k[0] != at(8) {
		t.Errorf("site 7: keys %v", k)
	}
	for _, i := range []int{0, 2, 3, 5, 6, 8} {
		if s := at(i); s.Left() != nil || s.Keys() != nil {
			t.Errorf("site %d: links", i)
		}
	}
}

// TestSiteRef checks that a SiteRef builds its site only when an
// operation needs it: a variable read that finds its variable builds
// none, one that fails reports the site's location, the site At builds.
func TestSiteRef(t *testing.T) {
	tb := &SiteTable{Files: &[]File{{Path: "/e/a.pp"}}[0], FileCount: 1, Labels: "Variable",
		Data: []int32{0, 3, 4, 0, 0, 5, 6, 0}}
	p := NewProgram("production")
	p.strict, p.strictVariables = "error", true
	c := &Ctx{prog: p}
	c.top = newScope(c, nil, nil, nil)
	c.top.symtable.set("f", values.Int(1))
	if v := c.top.Var(tb.Ref(0), "f"); v != values.Int(1) {
		t.Fatalf("$f is %v", v)
	}
	if v := c.top.Qualified(tb.Ref(0), QualifiedVar("::f", -1)); v != values.Int(1) {
		t.Fatalf("$::f is %v", v)
	}
	h := values.NewHash(values.HashEntry{Key: values.String("k"), Value: values.Int(2)})
	if v := c.top.Access(tb.Ref(0), h, values.String("k")); v != values.Int(2) {
		t.Fatalf("$h[k] is %v", v)
	}
	if atomicptr.Load(tb.built()) != nil {
		t.Fatal("a read that found its variable, or an access, built a site")
	}
	func() {
		defer func() {
			err, _ := recover().(error)
			if err == nil || !strings.Contains(err.Error(), "Unknown variable: 'nope'") || !strings.Contains(err.Error(), "(file: /e/a.pp, line: 5, column: 6)") {
				t.Errorf("unknown variable: %v", err)
			}
		}()
		c.top.Var(tb.Ref(1), "nope")
	}()
	if s := tb.Ref(1).Site(); s != tb.At(1) || s.Line != 5 || s.Column != 6 || s.File != tb.Files {
		t.Errorf("Ref(1).Site() = %+v", s)
	}
	// a parameter's file and line, read without building the site, are
	// the site's
	tb2 := &SiteTable{Files: tb.Files, FileCount: tb.FileCount, Labels: tb.Labels, Data: tb.Data}
	if f, l := tb2.Ref(1).fileLine(); atomicptr.Load(tb2.built()) != nil || f != &tb.At(1).File.Path || l != 5 {
		t.Errorf("fileLine: %p %d", f, l)
	}
	if f, l := SiteRefOf(tb.At(0)).fileLine(); f != &tb.Files.Path || l != 3 {
		t.Errorf("fileLine of SiteRefOf: %p %d", f, l)
	}
	if f, l := (SiteRef{}).fileLine(); f != nil || l != 0 {
		t.Errorf("fileLine of no site: %p %d", f, l)
	}
	if (SiteRef{}).Site() != nil || SiteRefOf(nil) != (SiteRef{}) {
		t.Error("the zero SiteRef is a site")
	}
	if s := (&Site{Line: 9}); SiteRefOf(s).Site() != s {
		t.Error("SiteRefOf(s).Site() is not s")
	}
}

// TestFnSiteRef: a function call that succeeds without logging builds no
// site (Scope.Fn takes a SiteRef); a call's log and its failure are at the
// call's site, built then.
func TestFnSiteRef(t *testing.T) {
	table := func() *SiteTable {
		return &SiteTable{Files: &[]File{{Path: "/e/a.pp"}}[0], FileCount: 1, Labels: "Function Call",
			Data: []int32{0, 3, 4, 0, 0, 5, 6, 0}}
	}
	p := NewProgram("production")
	p.AddCoreTypes()
	p.Finish()
	versioncmp, warning, fail := &FuncRef{Name: "versioncmp"}, &FuncRef{Name: "warning"}, &FuncRef{Name: "fail"}
	tb := table()
	var got values.Value
	res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		got = s.Fn(tb.Ref(0), versioncmp, nil, values.String("1"), values.String("2"))
	}})
	require.NoError(t, res.Err)
	require.Equal(t, values.Int(-1), got)
	require.Nil(t, atomicptr.Load(tb.built()), "a call that succeeded built its site")

	tb = table()
	res = CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.Fn(tb.Ref(1), warning, nil, values.String("careful"))
	}})
	require.NoError(t, res.Err)
	found := false
	for _, l := range res.Logs {
		if strings.Contains(l.Message, "careful") {
			found = true
			require.Equal(t, "/e/a.pp", l.File, "%+v", l)
			require.Equal(t, 5, l.Line, "%+v", l)
		}
	}
	require.True(t, found, "no warning logged: %+v", res.Logs)

	tb = table()
	res = CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.Fn(tb.Ref(1), fail, nil, values.String("boom"))
	}})
	require.Error(t, res.Err)
	require.Contains(t, res.Err.Error(), "boom")
	require.Contains(t, res.Err.Error(), "(file: /e/a.pp, line: 5, column: 6)")
}

// TestDeclareSiteRef: a resource expression that succeeds builds no site
// (Scope.DeclareType and Declare take a SiteRef): its resources' file and
// line are read from the table; create_resources' resources are at the
// call's; an error of the expression is at its site, built then.
func TestDeclareSiteRef(t *testing.T) {
	table := func() *SiteTable {
		return &SiteTable{Files: &[]File{{Path: "/e/a.pp"}, {Path: "/e/b.pp"}}[0], FileCount: 2, Labels: "Resource Statement\nFunction Call",
			Data: []int32{0, 3, 4, 0, 1, 7, 8, 1}}
	}
	p := NewProgram("production")
	p.AddCoreTypes()
	p.Finish()
	notify := &ResourceTypeRef{Name: "notify"}
	createResources := &FuncRef{Name: "create_resources"}
	titleAt := SiteRefOf(&Site{File: &File{Path: "/e/a.pp"}, Line: 3})
	tb := table()
	res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.DeclareType(tb.Ref(0), notify, Regular).Body(titleAt, values.String("hi")).Exec()
		s.Declare(tb.Ref(0), "notify", Regular).Body(titleAt, values.String("there")).Exec()
		s.Fn(tb.Ref(1), createResources, nil, values.String("notify"),
			values.NewHash(values.HashEntry{Key: values.String("made"), Value: values.NewHash()}))
	}})
	require.NoError(t, res.Err)
	require.Nil(t, atomicptr.Load(tb.built()), "a resource expression that succeeded built its site")
	for _, title := range []string{"hi", "there"} {
		r := res.Catalog.Resource("Notify", title)
		require.NotNil(t, r, title)
		require.Equal(t, "/e/a.pp", r.File, title)
		require.Equal(t, 3, r.Line, title)
	}
	made := res.Catalog.Resource("Notify", "made")
	require.NotNil(t, made)
	require.Equal(t, "/e/b.pp", made.File)
	require.Equal(t, 7, made.Line)

	tb = table()
	res = CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.DeclareType(tb.Ref(0), notify, Regular).Body(titleAt, values.String("hi")).Body(titleAt, values.String("hi")).Exec()
	}})
	require.Error(t, res.Err)
	require.Contains(t, res.Err.Error(), "The title 'hi' has already been used in this resource expression")
	require.Contains(t, res.Err.Error(), "(file: /e/a.pp, line: 3, column: 4)")
}

// TestOperatorSiteRef: a relationship, a match, an in and a regexp literal
// that succeed build no site (they take a SiteRef); their errors are at
// the site (a match's at the operand it blames: the table's operand links).
func TestOperatorSiteRef(t *testing.T) {
	table := func() *SiteTable {
		// site 0: the expression at line 3; 1 and 2: its operands at
		// lines 5 and 7
		return &SiteTable{Files: &[]File{{Path: "/e/a.pp"}}[0], FileCount: 1, Labels: "Relationship\nMatch Expression",
			Data: []int32{0, 3, 4, 0, 0, 5, 6, 1, 0, 7, 8, 1}, Operands: []int32{0, 1, 2}}
	}
	p := NewProgram("production")
	p.AddCoreTypes()
	p.Finish()
	notify := &ResourceTypeRef{Name: "notify"}
	titleAt := SiteRefOf(&Site{File: &File{Path: "/e/a.pp"}, Line: 3})
	re := &RegexpRef{Src: "^a"}
	tb := table()
	var matched, in values.Value
	res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.DeclareType(tb.Ref(0), notify, Regular).Body(titleAt, values.String("a")).Exec()
		s.DeclareType(tb.Ref(0), notify, Regular).Body(titleAt, values.String("b")).Exec()
		s.Relate(tb.Ref(0), "->", values.NewResourceType("Notify", "a", true), values.NewResourceType("Notify", "b", true))
		matched = s.Match(tb.Ref(0), false, values.String("abc"), s.Regexp(tb.Ref(0), re))
		in = s.In(tb.Ref(0), values.String("b"), values.NewArray(values.String("b")))
	}})
	require.NoError(t, res.Err)
	require.Nil(t, atomicptr.Load(tb.built()), "operations that succeeded built their site")
	require.Equal(t, values.True, matched)
	require.Equal(t, values.True, in)
	require.Equal(t, "[Notify[b]]", values.ToString(res.Catalog.Resource("Notify", "a").Get("before")))

	for _, c := range []struct {
		main func(s *Scope, tb *SiteTable)
		msg  string
		at   string
	}{
		{func(s *Scope, tb *SiteTable) { s.Relate(tb.Ref(0), "->", values.Int(1), values.String("Notify[b]")) },
			"Illegal relationship operand", "(file: /e/a.pp, line: 3, column: 4)"},
		{func(s *Scope, tb *SiteTable) { s.Match(tb.Ref(0), false, values.String("abc"), values.Int(1)) },
			"", "(file: /e/a.pp, line: 7, column: 8)"},
		{func(s *Scope, tb *SiteTable) { s.Regexp(tb.Ref(0), &RegexpRef{Src: "("}) },
			"", "(file: /e/a.pp, line: 3, column: 4)"},
	} {
		tb := table()
		res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) { c.main(s, tb) }})
		require.Error(t, res.Err)
		require.Contains(t, res.Err.Error(), c.msg)
		require.Contains(t, res.Err.Error(), c.at)
	}
}
