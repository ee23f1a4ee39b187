package rt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestCollectTagged: a tag query's search finds what rawTagged finds for
// each resource, its enclosing scopes' verdicts shared between
// neighbours.
func TestCollectTagged(t *testing.T) {
	main := &Resource{Type: "Class", Title: "main", Tags: []string{"class"}}
	main.scope = &Scope{resource: main}
	in := func(parent *Resource, title string, tags ...string) *Resource {
		return &Resource{Type: "Package", Title: title, Tags: tags, scope: &Scope{resource: parent}}
	}
	a := in(main, "a", "class", "a")
	b := in(a, "b", "class", "b")
	top := &Resource{Type: "Package", Title: "top", Tags: []string{"package"}}
	list := []*Resource{
		in(a, "p1", "package", "x"), in(a, "p2", "package"), in(b, "p3", "package"),
		in(b, "p4", "package", "y"), in(a, "p5", "package"), top, in(main, "p6", "package"),
	}
	for _, tags := range [][]string{{"a"}, {"b"}, {"x"}, {"y", "b"}, {"class"}, {"none"}, {"package"}} {
		var want []*Resource
		for _, r := range list {
			if r.rawTagged(tags) {
				want = append(want, r)
			}
		}
		got := collectTagged(list, tags, nil)
		if len(got) != len(want) {
			t.Fatalf("tags %v: found %d, want %d", tags, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("tags %v: found %s, want %s", tags, got[i].Title, want[i].Title)
			}
		}
	}
}

// collectCtx is a compile's context whose catalog holds Class[main], the
// resource of its top scope, for collectors' tests.
func collectCtx() *Ctx {
	c := &Ctx{prog: NewProgram("production"), catalog: newCatalog("n", "production", 0, 0, 0)}
	mainRes := &Resource{Type: "Class", Title: "main", Tags: []string{"class"}}
	c.top = newScope(c, nil, nil, mainRes)
	mainRes.scope = c.top
	c.addResource(c.top, mainRes)
	return c
}

// TestTagCollectorRescan: a tag collector looks again at the resources it
// looked at before only when some resource of the catalog changed its tags
// (Ctx.tagGen): a class tagged after its resources were collected brings
// them in; tags a resource gets before it joins the catalog, and its scope's
// tags merged as its evaluation starts, change nothing.
func TestTagCollectorRescan(t *testing.T) {
	c := collectCtx()
	classA := &Resource{Type: "Class", Title: "A", Tags: []string{"class", "a"}, scope: c.top}
	c.addResource(c.top, classA)
	inA := newScope(c, c.top, &Class{Name: "a"}, classA)
	declare := func(s *Scope, title string, tags ...string) *Resource {
		r := &Resource{Type: "Package", Title: title, Virtual: true, scope: s}
		r.Tags = append(r.Tags, "package")
		for _, tag := range tags {
			r.addTag(tag) // before it joins the catalog: no change counted
		}
		c.addResource(s, r)
		return r
	}
	coll := &Collector{scope: c.top, typeName: "Package", query: QueryEq("tag", values.String("x"))}
	p1 := declare(inA, "p1")
	gen := c.tagGen
	if coll.evaluate(c) || len(coll.order) != 0 {
		t.Fatalf("nothing is tagged x: collected %d", len(coll.order))
	}
	p2 := declare(c.top, "p2", "x")
	c.finishEvaluation(p1) // p1 gets class a's tags: no verdict changes
	if c.tagGen != gen {
		t.Fatalf("tagGen %d, want %d: tags given before the catalog, or merged from the scope, count", c.tagGen, gen)
	}
	if !coll.evaluate(c) || len(coll.order) != 1 || coll.order[0] != p2 || p2.Virtual {
		t.Fatalf("the new p2 is tagged x: collected %d", len(coll.order))
	}
	if coll.scanned != 2 {
		t.Errorf("scanned %d, want 2", coll.scanned)
	}
	// the tag function in class a: p1, looked at before, is tagged now
	classA.tagValues(values.String("x"))
	if c.tagGen == gen {
		t.Fatal("tagging a class of the catalog counts no change")
	}
	if !coll.evaluate(c) || len(coll.order) != 2 || coll.order[1] != p1 || p1.Virtual {
		t.Fatalf("p1's class is tagged x: collected %d", len(coll.order))
	}
	if coll.evaluate(c) {
		t.Error("a run with nothing new found something new")
	}
}

// TestDefinedFrom: each generator round looks for definitions to evaluate
// only after the resources evaluated or native for good; a virtual
// definition not evaluated yet (a collector may realize it) stops the
// mark.
func TestDefinedFrom(t *testing.T) {
	c := &Ctx{}
	nat := &native{}
	virtual := &Resource{Type: "Foo", Title: "v", define: &Define{Name: "foo"}, Virtual: true}
	c.resources = []*Resource{
		{Type: "Package", Title: "p", native: nat},
		{Type: "Class", Title: "Main", evaluated: true},
		virtual,
		{Type: "Package", Title: "q", native: nat},
	}
	if c.evaluateDefinitions() {
		t.Fatal("a virtual definition was evaluated")
	}
	if c.definedFrom != 2 {
		t.Fatalf("definedFrom %d, want 2 (the virtual definition)", c.definedFrom)
	}
	virtual.evaluated = true // as evaluateResource marks it
	if c.evaluateDefinitions() || c.definedFrom != 4 {
		t.Fatalf("definedFrom %d, want 4", c.definedFrom)
	}
}

// TestRawTaggedHeldTags: rawTagged is Puppet's walk up the enclosing
// scopes' resources, each one's tags searched, also where a resource took
// its scope's tags (finishEvaluation) and that scope got more afterwards
// (a tag function's), in random trees.
func TestRawTaggedHeldTags(t *testing.T) {
	walk := func(r *Resource, tags []string) bool { // Parser::Resource#raw_tagged?
		for x := r; x != nil; x = x.enclosing() {
			for _, tag := range tags {
				if slices.Contains(x.Tags, tag) {
					return true
				}
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(1, 2))
	tag := func() string { return fmt.Sprint("t", rng.IntN(12)) }
	for round := range 200 {
		main := &Resource{Type: "Class", Title: "main", Tags: []string{"class"}}
		main.scope = &Scope{resource: main}
		all := []*Resource{main}
		for i := range 12 {
			up := all[rng.IntN(len(all))]
			r := &Resource{Type: "Notify", Title: fmt.Sprint("n", i), Tags: []string{tag()}, scope: &Scope{resource: up}}
			if rng.IntN(3) > 0 {
				(&Ctx{}).finishEvaluation(r)
			}
			if x := all[rng.IntN(len(all))]; rng.IntN(3) == 0 && !slices.Contains(x.Tags, "late") {
				x.Tags = append(x.Tags, "late") // a scope tagged after
			}
			all = append(all, r)
		}
		for _, r := range all {
			for _, tags := range [][]string{{tag()}, {tag(), tag()}, {"late"}, {"class"}, {"none"}} {
				if got, want := r.rawTagged(tags), walk(r, tags); got != want {
					t.Fatalf("round %d: %s rawTagged(%v) = %v, want %v", round, r.Title, tags, got, want)
				}
			}
		}
	}
}

// TestCollectorTypeDeclaredLater: a collector evaluated while its type has
// no resource yet collects those declared in later rounds of the
// generators loop (Compiler#evaluate_collections runs each collector in
// each round), each once, in order.
func TestCollectorTypeDeclaredLater(t *testing.T) {
	c := collectCtx()
	declare := func(typ, title string) *Resource {
		r := &Resource{Type: typ, Title: title, Virtual: true, scope: c.top}
		c.addResource(c.top, r)
		return r
	}
	coll := &Collector{scope: c.top, typeName: "Service"}
	if coll.evaluate(c) || len(coll.order) != 0 {
		t.Fatalf("no service yet: collected %d", len(coll.order))
	}
	declare("Package", "p")
	if coll.evaluate(c) || len(coll.order) != 0 {
		t.Fatalf("a package is no service: collected %d", len(coll.order))
	}
	s1 := declare("Service", "s1")
	if !coll.evaluate(c) || len(coll.order) != 1 || coll.order[0] != s1 || s1.Virtual {
		t.Fatalf("s1 declared: collected %d", len(coll.order))
	}
	s2 := declare("Service", "s2")
	if !coll.evaluate(c) || len(coll.order) != 2 || coll.order[1] != s2 || s2.Virtual {
		t.Fatalf("s2 declared: collected %d", len(coll.order))
	}
	if coll.evaluate(c) {
		t.Error("a run with nothing new found something new")
	}
}
