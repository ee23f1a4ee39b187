package rt

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestCatalogTablesReused: a compile's catalog takes the table and lists a
// released compile left in its arena, emptied (no entry and no pointer of
// the old catalog left), and the arena no longer holds them; without them
// (or without an arena) it makes its own. Compiles that each reuse the last
// one's write the same catalog.
func TestCatalogTablesReused(t *testing.T) {
	old := newCatalog("n", "production", 4, 4, 4)
	a, b := &Resource{Type: "Notify", Title: "a"}, &Resource{Type: "Notify", Title: "b"}
	old.add(a)
	old.add(b)
	old.edges = append(old.edges, Edge{a, b})
	ar := &arena{table: old.table, catResources: old.resources, edges: old.edges}
	cat := newCatalogIn(ar, "n", "production", 2, 2, 1)
	require.Same(t, &old.table.slots[0], &cat.table.slots[0], "the table's slots reused")
	require.Zero(t, cat.table.n)
	for _, s := range cat.table.slots {
		require.Equal(t, refSlot{}, s)
	}
	require.Empty(t, cat.resources)
	require.Empty(t, cat.edges)
	require.Equal(t, &old.resources[:cap(old.resources)][0], &cat.resources[:1][0], "the list's room reused")
	for _, r := range cat.resources[:cap(cat.resources)] {
		require.Nil(t, r)
	}
	for _, e := range cat.edges[:cap(cat.edges)] {
		require.Equal(t, Edge{}, e)
	}
	require.Nil(t, ar.table.slots)
	require.Nil(t, ar.catResources)
	require.Nil(t, ar.edges)
	// a list without room enough is made anew
	ar = &arena{table: refTable{slots: make([]refSlot, 8)}, catResources: make([]*Resource, 0, 1)}
	cat = newCatalogIn(ar, "n", "production", 8, 8, 8)
	require.GreaterOrEqual(t, cap(cat.resources), 8)
	require.GreaterOrEqual(t, cap(cat.edges), 8)
	require.GreaterOrEqual(t, len(cat.table.slots), 16, "room for 8 keys")
	require.NotNil(t, newCatalogIn(nil, "n", "production", 0, 0, 0).table.slots)

	p := NewProgram("production")
	p.AddCoreTypes()
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 1}
	notify := &ResourceTypeRef{Name: "notify"}
	var titles []string
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		for i, title := range titles {
			s.DeclareType(SiteRefOf(site), notify, Regular).Body(SiteRefOf(site), values.String(title)).Exec()
			if i > 0 { // each after the one before (relationshipAt's index)
				s.Relate(SiteRefOf(site), "->", values.NewResourceType("Notify", titles[i-1], true), values.NewResourceType("Notify", title, true))
			}
		}
	}}
	var first []byte
	for round := range 4 {
		// a catalog with more resources than the last one, then fewer
		titles = []string{"hi", "there"}
		if round == 1 {
			titles = append(titles, "more", "and", "more again")
		}
		res := CompileWith(p, node)
		require.NoError(t, res.Err, "round %d", round)
		notifies := 0
		for _, r := range res.Catalog.Resources() {
			if r.Type == "Notify" {
				notifies++
			}
		}
		require.Equal(t, len(titles), notifies, "round %d", round)
		for _, title := range titles {
			require.NotNil(t, res.Catalog.Resource("Notify", title), "round %d", round)
		}
		if round != 1 {
			require.Nil(t, res.Catalog.Resource("Notify", "more"), "round %d", round)
		}
		for i, title := range titles[:len(titles)-1] {
			before, _ := res.Catalog.Resource("Notify", title).Get("before").(*values.Array)
			require.NotNil(t, before, "round %d: %s before", round, title)
			require.Equal(t, "[Notify["+titles[i+1]+"]]", fmt.Sprint(before.Elems()), "round %d", round)
		}
		if round == 0 {
			first = append([]byte(nil), res.JSON...)
		} else if round > 1 {
			require.Equal(t, string(first), string(res.JSON), "round %d", round)
		}
		res.Release()
	}
}

// TestReuseList: a compile's list from its arena is the arena's list,
// emptied and zeroed, and the arena no longer holds it; a list without
// room enough, or a compile without an arena, makes a new one.
func TestReuseList(t *testing.T) {
	r := &Resource{Type: "Notify", Title: "a"}
	kept := append(make([]*Resource, 0, 4), r, r)
	a := &arena{ctxResources: kept}
	sel := func(a *arena) *[]*Resource { return &a.ctxResources }
	l := reuseList(a, sel, 3)
	require.Empty(t, l)
	require.Equal(t, 4, cap(l))
	require.Same(t, &kept[0], &l[:1][0], "the arena's list")
	require.Nil(t, l[:2][0], "no pointer of the compile before")
	require.Nil(t, l[:2][1])
	require.Nil(t, a.ctxResources, "the compile's now")
	a.ctxResources = l
	require.GreaterOrEqual(t, cap(reuseList(a, sel, 5)), 5)
	require.GreaterOrEqual(t, cap(reuseList(nil, sel, 5)), 5)
}

// TestReuseTables: a compile's class scopes and collectors' sets are the
// arena's tables, emptied, which the arena no longer holds; without them
// (or without an arena) they are new.
func TestReuseTables(t *testing.T) {
	s := &Scope{}
	a := &arena{classScopes: map[string]*Scope{"foo": s}}
	sel := func(a *arena) *map[string]*Scope { return &a.classScopes }
	m := reuseMap(a, sel, 4)
	require.Empty(t, m)
	m["bar"] = s
	require.Nil(t, a.classScopes, "the compile's now")
	require.NotNil(t, reuseMap(a, sel, 4), "a new one")
	require.NotNil(t, reuseMap(nil, sel, 4))

	r := &Resource{Type: "Notify", Title: "a"}
	a.collected = []map[*Resource]bool{{r: true}}
	set := collectedSet(a, 4)
	require.Empty(t, set, "emptied")
	set[r] = true
	require.Empty(t, a.collected)
	require.NotNil(t, collectedSet(a, 4))
	require.NotNil(t, collectedSet(nil, 4))
}

// TestReleaseCatalog: after ReleaseCatalog a result's JSON stays as it was
// while the next compile takes its chunks (its resources where the
// released catalog's were) and writes its own; the Release after it hands
// nothing on, so that the compile after takes the chunks again (a batch's
// worker releases each catalog before its next compile and its JSON once
// written, after that compile).
func TestReleaseCatalog(t *testing.T) {
	// one processor and no collection: the chunks go through a
	// sync.Pool, which a collection empties and whose Get on another
	// processor than the Put's may find none
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := NewProgram("production")
	p.AddCoreTypes()
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 1}
	notify := &ResourceTypeRef{Name: "notify"}
	node := func(name string, titles ...string) *Node {
		return &Node{Name: name, Main: func(s *Scope) {
			for _, title := range titles {
				s.DeclareType(SiteRefOf(site), notify, Regular).Body(SiteRefOf(site), values.String(title)).Exec()
			}
		}}
	}
	CompileWith(p, node("warm.example.com", "x")).Release()
	a := CompileWith(p, node("a.example.com", "hi", "there"))
	require.NoError(t, a.Err)
	aJSON := string(a.JSON)
	hi := a.Catalog.Resource("Notify", "hi")
	a.ReleaseCatalog()
	require.Nil(t, a.Catalog)
	b := CompileWith(p, node("b.example.com", "other", "titles"))
	require.NoError(t, b.Err)
	require.Same(t, hi, b.Catalog.Resource("Notify", "other"), "the next compile's resources in the released chunks")
	require.Equal(t, aJSON, string(a.JSON), "the released catalog's JSON")
	require.NotContains(t, string(b.JSON), `"hi"`)
	a.Release()
	b.ReleaseCatalog()
	c := CompileWith(p, node("c.example.com", "c1"))
	require.Same(t, hi, c.Catalog.Resource("Notify", "c1"), "the chunks handed on once")
	require.Equal(t, "c1", hi.Title)
	b.Release()
	c.Release()
}

// TestCtxReused: a compile in an arena whose compile was released takes
// that compile's context, as a new one's: its node, and tables without
// what the compile before found (the types its resource expressions
// named, the resources by type), no overrides, and its resource
// expressions done with; the catalog is the second compile's alone.
func TestCtxReused(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	at := SiteRefOf(&Site{File: &File{Path: "/e/site.pp"}, Line: 1})
	var ctxs []*Ctx
	var decls []*Declaration
	declare := func(typ string) func(s *Scope) {
		return func(s *Scope) {
			ctxs = append(ctxs, s.c)
			d := s.DeclareType(at, &ResourceTypeRef{Name: typ}, Regular)
			decls = append(decls, d)
			d.Body(at, values.String("x")).Exec()
		}
	}
	a := new(arena)
	cat, _, err := compileIn(p, &Node{Name: "n1.example.com", Main: declare("notify")}, a)
	require.NoError(t, err)
	require.NotNil(t, cat.find("Notify", "x"))
	require.Same(t, ctxs[0], a.ctx, "the compile leaves its context in the arena")
	a.recycle()
	cat, _, err = compileIn(p, &Node{Name: "n2.example.com", Main: declare("package")}, a)
	require.NoError(t, err)
	require.Same(t, ctxs[0], ctxs[1], "the context reused")
	require.Same(t, decls[0], decls[1], "the resource expression done with reused")
	c := ctxs[1]
	require.Equal(t, "n2.example.com", c.node.Name)
	require.Contains(t, c.resourceTypes, "package")
	require.NotContains(t, c.resourceTypes, "notify")
	require.Contains(t, c.byType, "Package")
	require.NotContains(t, c.byType, "Notify")
	require.Nil(t, c.overrides)
	require.Nil(t, cat.find("Notify", "x"))
	require.NotNil(t, cat.find("Package", "x"))
	fresh, _, err := compileIn(p, &Node{Name: "n2.example.com", Main: declare("package")}, nil)
	require.NoError(t, err)
	require.NotSame(t, c, ctxs[2], "no arena: a new context")
	require.Equal(t, refsOf(fresh), refsOf(cat), "the catalog a new context compiles")
}

// refsOf are the references of the catalog's resources, in order.
func refsOf(cat *Catalog) []string {
	var refs []string
	for _, r := range cat.Resources() {
		refs = append(refs, r.Ref())
	}
	return refs
}

// TestArenaCompileLists: the types a compile's resource expressions named,
// its relationships and the ends they add, its scopes' lists of resource
// defaults and its top scope's node variables are in its arena's chunks,
// which the next compile in the arena takes again (zeroed) rather than
// allocating its own; the catalogs are the ones fresh compiles write.
func TestArenaCompileLists(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 1}
	at := SiteRefOf(site)
	var top []values.Value // the top scope's variables, as the compile bound them
	node := func(fact string) *Node {
		return &Node{Name: "n1.example.com", Facts: strs("a", fact, "b", "2"), ServerFacts: strs("c", "3"), Main: func(s *Scope) {
			top = s.c.top.symtable.vals
			s.Defaults(site, "notify").Attr(at, "loglevel", values.String("err")).Done()
			for _, title := range []string{"x", "y"} {
				s.DeclareType(at, &ResourceTypeRef{Name: "notify"}, Regular).Body(at, values.String(title)).Exec()
			}
			s.Relate(at, "->", values.NewResourceType("Notify", "x", true), values.NewResourceType("Notify", "y", true))
		}}
	}
	a := new(arena)
	cat, _, err := compileIn(p, node("1"), a)
	require.NoError(t, err)
	first := refsOf(cat)
	for name, taken := range map[string]int{"types": len(a.types.taken), "relationships": len(a.rels.taken),
		"ends": len(a.relEnds.taken), "defaults": len(a.defaults.taken)} {
		require.Equal(t, 1, taken, "%s: one chunk", name)
	}
	type1, rel1, ends1, defaults1 := &a.types.taken[0][0], &a.rels.taken[0][0], &a.relEnds.taken[0][0], &a.defaults.taken[0][0]
	require.Equal(t, "Notify", type1.name)
	require.NotNil(t, a.topVals)
	vals1 := &top[0]
	require.Same(t, vals1, &a.topVals[0], "the top scope's list kept")
	a.recycle()
	require.Equal(t, resourceType{}, *type1, "zeroed")
	require.Equal(t, relationship{}, *rel1, "zeroed")

	cat, _, err = compileIn(p, node("5"), a)
	require.NoError(t, err)
	require.Same(t, type1, &a.types.taken[0][0], "the chunk of the compile before")
	require.Same(t, rel1, &a.rels.taken[0][0])
	require.Same(t, ends1, &a.relEnds.taken[0][0])
	require.Same(t, defaults1, &a.defaults.taken[0][0])
	require.Same(t, vals1, &top[0], "the top scope's list of the compile before")
	require.Equal(t, values.String("5"), cat.find("Notify", "x").scope.Var(at, "a"), "this compile's fact")
	require.Equal(t, first, refsOf(cat))
	fresh, _, err := compileIn(p, node("5"), nil)
	require.NoError(t, err)
	require.Equal(t, refsOf(fresh), refsOf(cat), "the catalog a fresh compile writes")
	require.Equal(t, fmt.Sprint(fresh.find("Notify", "x").Get("before")), fmt.Sprint(cat.find("Notify", "x").Get("before")))
	require.Equal(t, values.String("err"), cat.find("Notify", "y").Get("loglevel"))
}

// TestWriterListsReused: the lists a catalog's JSON writer used are in its
// arena for the next compile's catalog, which writes with them (zeroed)
// the JSON a catalog without an arena writes.
func TestWriterListsReused(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	at := SiteRefOf(&Site{File: &File{Path: "/e/site.pp"}, Line: 1})
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		for _, title := range []string{"x", "y"} {
			s.DeclareType(at, &ResourceTypeRef{Name: "notify"}, Regular).Body(at, values.String(title)).Exec()
		}
	}}
	info := CatalogInfo{Version: "1", CatalogUUID: "u"}
	a := new(arena)
	cat, _, err := compileIn(p, node, a)
	require.NoError(t, err)
	first, _, _ := cat.Render(info)
	w := a.writer
	require.NotNil(t, w)
	require.Same(t, w, cat.writer)
	require.Len(t, w.tagRuns, len(cat.Resources()), "a run of tags for each resource")
	require.NotEmpty(t, w.tagRuns[len(w.tagRuns)-1])
	runs := &w.tagRuns[0]
	a.recycle()

	cat, _, err = compileIn(p, node, a)
	require.NoError(t, err)
	require.Same(t, w, cat.writer, "the lists of the compile before")
	require.Same(t, w, a.writer, "for the compile after")
	again, _, _ := cat.Render(info)
	require.Same(t, runs, &w.tagRuns[0])
	require.Equal(t, string(first), string(again))
	fresh, _, err := compileIn(p, node, nil)
	require.NoError(t, err)
	require.Nil(t, fresh.writer)
	alone, _, _ := fresh.Render(info)
	require.Equal(t, string(alone), string(again))
}
