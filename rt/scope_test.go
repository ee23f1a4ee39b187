package rt

import (
	"math/rand"
	"strings"
	"testing"

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
}
