package rt

import (
	"fmt"
	"testing"

	"github.com/pp2go/pp2go/rt/restype"
)

// TestNameSet checks the set against a map of the same names: every
// core type's attributes, names that are not, and the empty name.
func TestNameSet(t *testing.T) {
	others := []string{"", "x", "ensure ", "Ensure", "ensur", "nam", "names", "pathx", "owne", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "ü", "a\x00"}
	sets := [][]string{nil, {""}, {"a"}, {"a", "a", "b"}}
	for _, name := range []string{"file", "exec", "package", "service", "user", "group", "notify", "tidy", "filebucket", "resources", "schedule", "stage"} {
		ty := restype.Core(name)
		if ty == nil {
			t.Fatalf("no core type %s", name)
		}
		var names []string
		for _, a := range ty.Attrs {
			names = append(names, a.Name)
		}
		sets = append(sets, names)
	}
	var many []string
	for i := 0; i < 300; i++ {
		many = append(many, fmt.Sprintf("attr_%d", i))
	}
	sets = append(sets, many)
	for _, names := range sets {
		s := newNameSet(names)
		want := map[string]bool{}
		for _, n := range names {
			want[n] = true
		}
		for _, list := range [][]string{names, others, many} {
			for _, n := range list {
				if got := s.has(n); got != want[n] {
					t.Errorf("set of %v: has(%q) = %v", names, n, got)
				}
			}
		}
	}
}

func BenchmarkNameSet(b *testing.B) {
	ty := restype.Core("file")
	var names []string
	m := map[string]struct{}{}
	for _, a := range ty.Attrs {
		names = append(names, a.Name)
		m[a.Name] = struct{}{}
	}
	s := newNameSet(names)
	// the names as a compile has them: other strings than the type's
	probe := make([]string, len(names))
	for i, n := range names {
		probe[i] = string([]byte(n))
	}
	b.Run("set", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if !s.has(probe[i%len(probe)]) {
				b.Fatal()
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, ok := m[probe[i%len(probe)]]; !ok {
				b.Fatal()
			}
		}
	})
}

// TestHasAttributeSet checks a native type's answer (its nameSet) against
// the rule it implements: an open type has every attribute, a closed one
// its own, the metaparameters and "name".
func TestHasAttributeSet(t *testing.T) {
	probes := []string{"", "name", "title", "tag", "tags", "alias", "stage", "noop", "nope", "before", "notify", "ensure", "path", "content", "command", "Ensure"}
	for _, name := range []string{"file", "exec", "package", "service", "user", "notify", "schedule"} {
		ty := restype.Core(name)
		own := map[string]bool{}
		for _, a := range ty.Attrs {
			own[a.Name] = true
			probes = append(probes, a.Name)
		}
		for _, open := range []bool{false, true} {
			cp := *ty
			cp.Open = open
			n := &native{t: &cp}
			for _, p := range probes {
				want := open || restype.IsMetaparam(p) || p == "name" || own[p]
				if got := n.HasAttribute(p); got != want {
					t.Errorf("%s (open %v): HasAttribute(%q) = %v, want %v", name, open, p, got, want)
				}
			}
		}
	}
}
