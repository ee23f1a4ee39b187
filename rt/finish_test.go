package rt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestEdgeWalk: the targets an edgeWalk gives a source, by its scan of
// the edges for the first sources and from edgeTargets' lists after,
// are the targets of the catalog's edges from it in the order they were
// added, also for a source not in the catalog.
func TestEdgeWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cat := newCatalog("n", "production", 0, 0, 0)
	var all []*Resource
	for i := range 40 {
		r := &Resource{Type: "Notify", Title: fmt.Sprint(i)}
		if i%13 != 5 { // some sources are not in the catalog
			cat.add(r)
		}
		all = append(all, r)
	}
	for range 200 {
		cat.addEdge(all[rng.IntN(len(all))], all[rng.IntN(len(all))])
	}
	w := edgeWalk{cat: cat}
	var buf [4]*Resource
	for pass := range 2 { // the second after the lists are made
		for _, src := range all {
			var want []*Resource
			for _, e := range cat.Edges() {
				if e.Source == src {
					want = append(want, e.Target)
				}
			}
			if got := w.targets(src, buf[:0]); !slices.Equal(got, want) {
				t.Errorf("pass %d: targets of %s: %d, want %d", pass, src.Ref(), len(got), len(want))
			}
		}
	}
	if !w.built {
		t.Error("the walk made no lists after more than edgeScans sources")
	}
}

// TestAddResourceMetaparams: as Compiler#add_resource_metaparams, a
// container's non-relationship metaparameters go to what it contains
// unless that sets them, down the containment graph from Class[main],
// what a resource sets itself going on to what it contains, relationship
// metaparameters staying with their resource; tags go down too; what
// main does not reach (a class, contained in its stage) is left alone.
func TestAddResourceMetaparams(t *testing.T) {
	for _, chain := range []int{3, 2 * edgeScans} { // scanned, then with the lists
		t.Run(fmt.Sprint(chain), func(t *testing.T) {
			c := &Ctx{prog: &Program{}, catalog: newCatalog("n", "production", 0, 0, 0)}
			res := func(typ, title string, params ...string) *Resource {
				r := &Resource{Type: typ, Title: title, Tags: []string{title}}
				for i := 0; i < len(params); i += 2 {
					r.add(&Param{Name: params[i], Value: values.String(params[i+1])})
				}
				c.catalog.add(r)
				return r
			}
			stage := res("Stage", "main")
			c.main = res("Class", "main", "noop", "true", "require", "Notify[x]")
			node := res("Node", "n", "loglevel", "info")
			c.catalog.addEdge(stage, c.main)
			c.catalog.addEdge(c.main, node)
			last := node
			for i := range chain {
				r := res("Notify", fmt.Sprint(i))
				if i == 1 {
					r.add(&Param{Name: "noop", Value: values.String("false")})
				}
				c.catalog.addEdge(last, r)
				last = r
			}
			other := res("Class", "other")
			c.catalog.addEdge(stage, other)
			// a resource main and the node contain both is walked once
			twice := res("Notify", "twice")
			c.catalog.addEdge(c.main, twice)
			c.catalog.addEdge(node, twice)
			c.addResourceMetaparams()
			for _, r := range c.catalog.resources {
				var wantNoop, wantLoglevel string
				var wantTags []string
				switch {
				case r == stage || r == other:
					wantTags = []string{r.Title}
				case r == c.main:
					wantNoop, wantTags = "true", []string{"main"}
				case r == node:
					wantNoop, wantLoglevel, wantTags = "true", "info", []string{"n", "main"}
				case r == twice:
					wantNoop, wantLoglevel, wantTags = "true", "info", []string{"twice", "main", "n"}
				default: // the chain: the second sets noop itself
					wantNoop, wantLoglevel = "false", "info"
					if r.Title == "0" {
						wantNoop = "true"
					}
					wantTags = []string{r.Title, "n", "main"}
					for j := range chain {
						if t := fmt.Sprint(j); t == r.Title {
							break
						} else {
							wantTags = append(wantTags, t)
						}
					}
				}
				if got := text(r.Get("noop")); got != wantNoop {
					t.Errorf("%s: noop %q, want %q", r.Ref(), got, wantNoop)
				}
				if got := text(r.Get("loglevel")); got != wantLoglevel {
					t.Errorf("%s: loglevel %q, want %q", r.Ref(), got, wantLoglevel)
				}
				require := r.Get("require")
				if require != nil && r != c.main {
					t.Errorf("%s: require %v, want none (not inherited)", r.Ref(), require)
				}
				if wantTags != nil && !sameSet(r.Tags, wantTags) {
					t.Errorf("%s: tags %v, want %v", r.Ref(), r.Tags, wantTags)
				}
			}
		})
	}
}

// text is v as a string, "" for none.
func text(v values.Value) string {
	if v == nil {
		return ""
	}
	return values.ToString(v)
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}
