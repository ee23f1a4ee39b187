package spec

import (
	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/catgraph"
)

// Relationships, as rspec-puppet decides them: a resource comes before
// another when it, or a resource containing it, is related to the other
// or to a resource containing the other, directly or through a chain of
// relationships of the same kind. Types' automatic relationships
// (autorequire) are not considered: they are made by the agent, from the
// types' Ruby code, which pp2go does not run.

// upstream is r and the resources containing it, directly or not,
// innermost first.
func (r *Resource) upstream() []*Resource {
	out := []*Resource{r}
	seen := map[*Resource]bool{r: true}
	for i := 0; i < len(out); i++ {
		for _, p := range out[i].Containers() {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// reach is every resource r leads to by following param (before, notify,
// require or subscribe) from resource to resource.
func (r *Resource) reach(param string) map[*Resource]bool {
	out := map[*Resource]bool{}
	var walk func(x *Resource)
	walk = func(x *Resource) {
		for _, y := range x.Related(param) {
			if !out[y] {
				out[y] = true
				walk(y)
			}
		}
	}
	walk(r)
	return out
}

// precedes reports whether a is applied before b.
func precedes(a, b *Resource) bool {
	for _, u := range a.upstream() {
		before := union(u.reach("before"), u.reach("notify"))
		for _, v := range b.upstream() {
			require := union(v.reach("require"), v.reach("subscribe"))
			if before[v] || require[u] || intersects(before, require) {
				return true
			}
		}
	}
	return false
}

// notifies reports whether a notifies b (refreshes it when it changes).
func notifies(a, b *Resource) bool {
	for _, u := range a.upstream() {
		notify := u.reach("notify")
		for _, v := range b.upstream() {
			if notify[v] || v.reach("subscribe")[u] {
				return true
			}
		}
	}
	return false
}

func union(a, b map[*Resource]bool) map[*Resource]bool {
	out := make(map[*Resource]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func intersects(a, b map[*Resource]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// Cycles are the catalog's dependency cycles, as the agent finds them
// (package catgraph): one for each strongly connected part of the
// relationship graph, as the references on the way ("File[/a]",
// "File[/b]"; the first one is not repeated at the end).
func (c *Catalog) Cycles() [][]string {
	var out [][]string
	for _, cyc := range c.graph().Cycles() {
		refs := make([]string, len(cyc))
		for i, r := range cyc {
			refs[i] = r.Ref()
		}
		out = append(out, refs)
	}
	return out
}

// graph is the catalog's relationship graph: that of its view's
// resources.
func (c *Catalog) graph() *catgraph.Graph {
	if c.g == nil {
		c.g = catgraph.New(c.res.Catalog, func(r *rt.Resource) bool { return c.byRes[r] != nil })
	}
	return c.g
}

// cycleReport is the agent's message for the catalog's dependency cycles,
// or "" when it has none: "Found 1 dependency cycle:\n(A => B => A)".
func (c *Catalog) cycleReport() string { return catgraph.CycleReport(c.graph().Cycles()) }
