package rt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestCatalogEdges checks the edge bookkeeping kept in the resources
// (Resource.container, inEdges, pos) against the edges the catalog lists:
// a repeated edge is added once, a resource's container is the source of
// the first edge to it, and edgeTargets lists each source's targets in
// the order the edges were added, also for a source not in the catalog.
func TestCatalogEdges(t *testing.T) {
	cat := newCatalog("n", "production", 0, 0, 0)
	r := map[string]*Resource{}
	for _, title := range []string{"a", "b", "c", "d", "x"} {
		r[title] = &Resource{Type: "Notify", Title: title}
		if title != "x" {
			cat.add(r[title])
		}
	}
	added := [][2]string{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}, {"x", "c"}, {"c", "d"}, {"a", "d"}, {"a", "b"}}
	for _, e := range added {
		cat.addEdge(r[e[0]], r[e[1]])
	}
	var got []string
	for _, e := range cat.Edges() {
		got = append(got, e.Source.Title+e.Target.Title)
	}
	if want := "[ab ac bd cd xc ad]"; fmt.Sprint(got) != want {
		t.Errorf("edges %v, want %v", got, want)
	}
	for _, src := range []string{"a", "b", "c", "d", "x"} {
		for _, dst := range []string{"a", "b", "c", "d", "x"} {
			want := false
			for _, e := range cat.Edges() {
				want = want || e.Source == r[src] && e.Target == r[dst]
			}
			if cat.hasEdge(r[src], r[dst]) != want {
				t.Errorf("hasEdge(%s, %s) = %v", src, dst, !want)
			}
		}
	}
	for title, want := range map[string]string{"a": "", "b": "a", "c": "a", "d": "b", "x": ""} {
		c := cat.container(r[title])
		if name := ""; c != nil {
			name = c.Title
			if name != want {
				t.Errorf("container of %s is %s, want %q", title, name, want)
			}
		} else if want != "" {
			t.Errorf("%s has no container, want %s", title, want)
		}
	}
	targets, out := cat.edgeTargets(nil)
	got = got[:0]
	if targets.len() != len(cat.resources) {
		t.Errorf("edge targets of %d resources, want %d", targets.len(), len(cat.resources))
	}
	for i := range targets.len() {
		for _, t := range targets.of(i) {
			got = append(got, cat.resources[i].Title+t.Title)
		}
	}
	for src, ts := range out {
		for _, t := range ts {
			got = append(got, src.Title+t.Title)
		}
	}
	if want := "[ab ac ad bd cd xc]"; fmt.Sprint(got) != want {
		t.Errorf("edge targets %v, want %v", got, want)
	}
}

// TestRefFindsItself: a resource whose reference refFindsItself accepts
// is found again by the reference split as validateReferences splits it,
// so validateRelationships may skip the lookup; the common types and
// class titles are accepted.
func TestRefFindsItself(t *testing.T) {
	c := &Ctx{prog: &Program{}, catalog: newCatalog("n", "production", 0, 0, 0)}
	cases := []struct {
		typ, title string
		accepted   bool
	}{
		{"Notify", "a", true},
		{"Apache::Vhost", "x [y] z", true},
		{"Class", "Apache::Mod::Ssl", true},
		{"Stage", "main", true},
		{"Node", "web1.example.com", true},
		{"Class", "main", false},
		{"Class", "Étoile", false},
		{"Class", "Foo::bar", false},
		{"Foo::bar", "x", false},
		{"Éa", "x", false},
	}
	for _, tc := range cases {
		r := &Resource{Type: tc.typ, Title: tc.title}
		c.catalog.add(r)
		if got := refFindsItself(r); got != tc.accepted {
			t.Errorf("refFindsItself(%s) = %v, want %v", r.Ref(), got, tc.accepted)
			continue
		}
		if !tc.accepted {
			continue
		}
		typ, title, ok := splitRefString(values.ToString(r.refValue()))
		if !ok || c.findResourceByName(typ, title) != r {
			t.Errorf("%s: its reference does not find it", r.Ref())
		}
	}
}

// TestJoinKey: an alias's key is its values joined by NULs, and a short
// one is made once per process.
func TestJoinKey(t *testing.T) {
	long := strings.Repeat("x", maxStrValue)
	for _, key := range [][]string{{"a"}, {"", ""}, {"curl", "apt", ""}, {long, "y"}} {
		if got, want := joinKey(key), strings.Join(key, "\x00"); got != want {
			t.Errorf("joinKey(%q) = %q, want %q", key, got, want)
		}
	}
	values.KeepCopies() // as a process compiling its second catalog
	key := []string{"curl", "apt", ""}
	joinKey(key)
	if n := testing.AllocsPerRun(100, func() { joinKey(key) }); n != 0 {
		t.Errorf("joinKey of a key made before: %v allocations, want 0", n)
	}
}

// TestAddedParamsFindsFirst: addedParams, which adding a resource reads
// its alias, stage and namevar with, finds each name's first parameter as
// Get does, nil for a name it does not have.
func TestAddedParamsFindsFirst(t *testing.T) {
	r := &Resource{Type: "File", Title: "/x", Params: []*Param{
		{Name: "path", Value: values.String("/y")},
		{Name: "stage", Value: values.String("early")},
		{Name: "path", Value: values.String("/z")},
	}}
	a, s, k := r.addedParams("path")
	if a != nil || s != r.Get("stage") || k != r.Get("path") || k != values.Value(values.String("/y")) {
		t.Fatalf("addedParams = %v, %v, %v", a, s, k)
	}
	r.Params = append(r.Params, &Param{Name: "alias", Value: values.String("a1")}, &Param{Name: "alias", Value: values.String("a2")})
	a, s, k = r.addedParams("")
	if a != values.Value(values.String("a1")) || s != values.Value(values.String("early")) || k != nil {
		t.Fatalf("addedParams without a namevar = %v, %v, %v", a, s, k)
	}
}

// TestKeyRule: what adding a resource needs of its type's namevars, as
// Puppet's types declare them: a defined type's is its name, kept as the
// title; notify's one namevar takes the title as it is (no title
// patterns); file's strips a trailing slash (its title pattern), so its
// title is not its key; package is unique by several (name and
// provider); a type that is not isomorphic (exec) registers no key.
func TestKeyRule(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	for _, c := range []struct {
		typ  string
		want keyRule
	}{
		{"Notify", keyRule{name: "name", titleIsKey: true, isomorphic: true}},
		{"File", keyRule{name: "path", isomorphic: true, patterned: true}}, // no match for ""
		{"Package", keyRule{isomorphic: true}},
		{"Exec", keyRule{name: "command", titleIsKey: true}},
	} {
		if got := keyRuleOf(p.findNative(c.typ)); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.typ, got, c.want)
		}
	}
	if got := keyRuleOf(nil); got != definedKeyRule || !titleIsKey(nil) {
		t.Errorf("a defined type's: %+v", got)
	}
}

// A catalog's tags are a set in insertion order (Puppet's TagSet, a Ruby
// Set): adding a tag it has, even as other bytes of the same text, changes
// nothing, whether the catalog has few tags (compared one by one) or many
// (indexed, tagIndex, growing as they are added).
func TestCatalogTagSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 14))
	for _, n := range []int{10, 31, 32, 33, 100, 1000} {
		cat := newCatalog("n", "production", 0, 0, 0)
		var want []string
		seen := map[string]bool{}
		for range 3 * n {
			tag := fmt.Sprintf("t%d::x", rng.IntN(n))
			if rng.IntN(2) == 0 {
				tag = strings.Clone(tag) // the same text elsewhere
			}
			added := cat.addTag(tag)
			if added == seen[tag] {
				t.Fatalf("n=%d: addTag(%q) = %v with the tag added before: %v", n, tag, added, seen[tag])
			}
			if !seen[tag] {
				seen[tag] = true
				want = append(want, tag)
			}
		}
		if !slices.Equal(cat.Tags, want) {
			t.Errorf("n=%d: tags %q, want %q", n, cat.Tags, want)
		}
		for i := range n + 5 {
			tag := fmt.Sprintf("t%d::x", i)
			if cat.hasTag(tag) != seen[tag] {
				t.Errorf("n=%d: hasTag(%q) = %v", n, tag, !seen[tag])
			}
		}
	}
}

// Declaring classes tags the catalog with "class", each class's name and
// its segments, each once (Resource::Type#instantiate_resource merges the
// class resource's tags, Catalog#add_class tags the catalog with the
// name): with the same tags whether a class is included or declared like
// a resource, and with many classes (the catalog then indexes its tags).
func TestCatalogTagsOfClasses(t *testing.T) {
	p := NewProgram("production")
	names := []string{"apache::mod::apache", "ntp", "apache"}
	for i := range 40 {
		names = append(names, fmt.Sprintf("mod%d::config", i))
	}
	for _, n := range names {
		p.AddClass(&Class{Name: n})
	}
	p.AddClass(&Class{Name: "web::vhost"})
	site := &Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 1}
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		for _, n := range names {
			s.c.Include(s, []values.Value{values.String(n)})
		}
		s.Declare(SiteRefOf(site), "class", Regular).Body(SiteRefOf(site), values.String("Web::Vhost")).Exec()
	}}
	for range 2 {
		res := CompileWith(p, node)
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		tags := res.Catalog.Tags
		if len(slices.Compact(slices.Sorted(slices.Values(tags)))) != len(tags) {
			t.Errorf("catalog tags repeat one: %q", tags)
		}
		for _, n := range append(names, "web::vhost") {
			for _, want := range append([]string{"class", n}, strings.Split(n, "::")...) {
				if !slices.Contains(tags, want) {
					t.Errorf("catalog tags lack %q of class %s: %q", want, n, tags)
				}
			}
			if !slices.Contains(res.Catalog.Classes, n) {
				t.Errorf("catalog classes lack %s: %q", n, res.Catalog.Classes)
			}
		}
		res.Release()
	}
}
