package rt

import (
	"slices"
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
