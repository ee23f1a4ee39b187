package rt

import (
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestAutoloadWalk checks the manifests a lookup loads, in Puppet's order
// (type_loader.rb try_load_fqname): the module's init with a::b::c's
// manifest, init with a::b's, until the definition's manifest is among
// them; each once per compile, and a name walked to the end not again.
func TestAutoloadWalk(t *testing.T) {
	p := NewProgram("production")
	p.AddModule("a", "/m/a", nil)
	p.AddClass(&Class{Name: "a::b::c", Module: "a", File: &File{Path: "/m/a/manifests/b.pp"}})
	for _, f := range []string{"init", "b/c", "b", "x/y", "x"} {
		p.AddLoadWarnings("a", f, 0, "load "+f)
	}
	c := &Ctx{prog: p}
	loaded := func() []string {
		var out []string
		for _, l := range c.logs {
			out = append(out, l.Message)
		}
		c.logs = nil
		return out
	}
	steps := []struct {
		class string
		want  []string
	}{
		{"a::b::c", []string{"load init", "load b/c", "load b"}}, // stops at b.pp
		{"A::B::C", nil}, // its manifest is loaded
		{"a::x::y", []string{"load x/y", "load x"}}, // no such class: every manifest
		{"a::x::y", nil},
	}
	for _, st := range steps {
		if cl := c.findClass(st.class); (cl != nil) != (st.class != "a::x::y") {
			t.Errorf("findClass(%s) = %v", st.class, cl)
		}
		if got := loaded(); !slices.Equal(got, st.want) {
			t.Errorf("findClass(%s) loaded %q, want %q", st.class, got, st.want)
		}
	}
}

// TestClassesFoundSize checks that a compile's findClass map is made for
// as many names as the last compile looked up (a first compile's for 64):
// the program records them as a compile succeeds.
func TestClassesFoundSize(t *testing.T) {
	p := NewProgram("production")
	p.AddClass(&Class{Name: "k1"})
	p.AddClass(&Class{Name: "k2"})
	var found int
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.c.Include(s, []values.Value{values.String("k1"), values.String("k2"), values.String("k1")})
		found = len(s.c.classesFound)
	}}
	assert.Equal(t, int64(0), p.lastClassesFound.Load())
	for range 2 {
		res := CompileWith(p, node)
		require.NoError(t, res.Err)
		assert.Equal(t, 2, found)
		assert.Equal(t, int64(2), p.lastClassesFound.Load())
		res.Release()
	}
}

// TestResourceTypeNamesSize checks that a compile's map of the type names
// its resource expressions name is made for as many names as the last
// compile named (the names as spelt: notify and Notify are two), and that
// each name finds its type in each compile.
func TestResourceTypeNamesSize(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	site := &Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 1}
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.Declare(SiteRefOf(site), "notify", Regular).Body(SiteRefOf(site), values.String("a")).Exec()
		s.Declare(SiteRefOf(site), "Notify", Regular).Body(SiteRefOf(site), values.String("b")).Exec()
		s.Declare(SiteRefOf(site), "file", Regular).Body(SiteRefOf(site), values.String("/tmp/c")).Exec()
		s.Declare(SiteRefOf(site), "notify", Regular).Body(SiteRefOf(site), values.String("d")).Exec()
	}}
	assert.Equal(t, int64(0), p.lastTypeNames.Load())
	for range 2 {
		res := CompileWith(p, node)
		require.NoError(t, res.Err)
		assert.Equal(t, int64(3), p.lastTypeNames.Load())
		var refs []string
		for _, r := range res.Catalog.Resources() {
			refs = append(refs, r.Type+"["+r.Title+"]")
		}
		assert.Subset(t, refs, []string{"Notify[a]", "Notify[b]", "File[/tmp/c]", "Notify[d]"})
		res.Release()
	}
}

// TestClassTitle checks the title of a class's resource, kept by the
// class: each segment of the name capitalized as Puppet's Class[] titles
// are (Class[Apache::Mod::Ssl]), main for the main class, the same in
// each compile and in each of concurrent ones.
func TestClassTitle(t *testing.T) {
	for name, want := range map[string]string{"": "main", "ntp": "Ntp", "apache::mod::ssl": "Apache::Mod::Ssl", "a_b::c1": "A_b::C1"} {
		cl := &Class{Name: name}
		var wg sync.WaitGroup
		titles := make([]string, 4)
		for i := range titles {
			wg.Add(1)
			go func() { defer wg.Done(); titles[i] = cl.title() }()
		}
		wg.Wait()
		for _, got := range titles {
			assert.Equal(t, want, got, name)
		}
		assert.Equal(t, want, cl.title(), name)
	}
}

// TestClassTitleVariables checks $title and $name in a class's scope, as
// Puppet sets them (the class's name, in lowercase, however it was
// declared: include, a resource-like declaration spelt capitalized), in
// the main class's (main) and in node default's (default).
func TestClassTitleVariables(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	got := map[string]string{}
	record := func(s *Scope) {
		got[values.ToString(s.Var(SiteRef{}, "title"))] = values.ToString(s.Var(SiteRef{}, "name"))
	}
	p.AddClass(&Class{Name: "a::b", Body: record})
	p.AddClass(&Class{Name: "c_d::e1", Body: record})
	site := &Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 1}
	node := &Node{Name: "n1.example.com", Top: record, Main: func(s *Scope) {
		record(s)
		s.c.Include(s, []values.Value{values.String("a::b")})
		s.Declare(SiteRefOf(site), "class", Regular).Body(SiteRefOf(site), values.String("C_d::E1")).Exec()
	}}
	for range 2 {
		clear(got)
		res := CompileWith(p, node)
		require.NoError(t, res.Err)
		assert.Equal(t, map[string]string{"main": "main", "default": "default", "a::b": "a::b", "c_d::e1": "c_d::e1"}, got)
		res.Release()
	}
}
