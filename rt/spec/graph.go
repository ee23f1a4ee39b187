package spec

import (
	"fmt"
	"sort"
	"strings"
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

// Dependency cycles, as the agent finds them in its relationship graph:
// each resource is entered (its start) and left (its end); a container is
// entered before what it contains and left after it; a relationship a
// before b leaves a before b is entered. A cycle in that graph is a
// dependency cycle the agent would refuse to apply.

type graphNode struct {
	r   *Resource
	end bool
}

// depGraph is the catalog's relationship graph, as above. As in the
// agent's graph, where a container is two whits (admissible_ and
// completed_), a container's start leads to its end only through what it
// contains, or directly when it contains nothing.
func (c *Catalog) depGraph() map[graphNode][]graphNode {
	next := map[graphNode][]graphNode{}
	add := func(a, b graphNode) { next[a] = append(next[a], b) }
	full := map[*Resource]bool{}
	for _, r := range c.list {
		for _, p := range r.Containers() {
			full[p] = true
		}
	}
	for _, r := range c.list {
		if !full[r] {
			add(graphNode{r, false}, graphNode{r, true})
		}
		for _, p := range r.Containers() {
			add(graphNode{p, false}, graphNode{r, false})
			add(graphNode{r, true}, graphNode{p, true})
		}
		for _, t := range append(r.Related("before"), r.Related("notify")...) {
			add(graphNode{r, true}, graphNode{t, false})
		}
		for _, s := range append(r.Related("require"), r.Related("subscribe")...) {
			add(graphNode{s, true}, graphNode{r, false})
		}
	}
	return next
}

// Cycles are the catalog's dependency cycles, as the agent finds them:
// one for each strongly connected part of the relationship graph, as the
// references on the way ("File[/a]", "File[/b]"; the first one is not
// repeated at the end).
func (c *Catalog) Cycles() [][]string {
	var out [][]string
	for _, cyc := range c.cycles() {
		refs := make([]string, len(cyc))
		for i, r := range cyc {
			refs[i] = r.Ref()
		}
		out = append(out, refs)
	}
	return out
}

// cycles returns one cycle of each strongly connected part of the
// relationship graph that has one, as the agent reports them (Puppet's
// RelationshipGraph#find_cycles_in_graph finds the strongly connected
// components, then a path through each): the resources on the way, the
// first not repeated at the end.
func (c *Catalog) cycles() [][]*Resource {
	next := c.depGraph()
	// Tarjan's algorithm.
	index := map[graphNode]int{}
	low := map[graphNode]int{}
	onStack := map[graphNode]bool{}
	var stack []graphNode
	var sccs [][]graphNode
	var visit func(n graphNode)
	visit = func(n graphNode) {
		index[n] = len(index) + 1
		low[n] = index[n]
		stack = append(stack, n)
		onStack[n] = true
		for _, m := range next[n] {
			if index[m] == 0 {
				visit(m)
				low[n] = min(low[n], low[m])
			} else if onStack[m] {
				low[n] = min(low[n], index[m])
			}
		}
		if low[n] == index[n] {
			var scc []graphNode
			for {
				m := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[m] = false
				scc = append(scc, m)
				if m == n {
					break
				}
			}
			if len(scc) > 1 {
				sccs = append(sccs, scc)
			}
		}
	}
	for _, r := range c.list {
		for _, n := range []graphNode{{r, false}, {r, true}} {
			if index[n] == 0 {
				visit(n)
			}
		}
	}
	out := make([][]*Resource, 0, len(sccs))
	for _, scc := range sccs {
		out = append(out, cycleIn(scc, next))
	}
	sort.SliceStable(out, func(i, j int) bool { return sortKey(out[i][0]) < sortKey(out[j][0]) })
	return out
}

// sortKey orders resources as the agent sorts the resources of a cycle
// (by reference, Puppet::Type#<=>), containers being whits
// ("Whit[Admissible_class[Web]]"), which sort after the other types.
func sortKey(r *Resource) string {
	if isComponent(r) {
		return "Whit[" + r.Ref() + "]"
	}
	return r.Ref()
}

// isComponent reports whether the agent's graph has the resource as whits:
// classes, defined type instances, nodes and stages.
func isComponent(r *Resource) bool {
	switch r.Type {
	case "Class", "Node", "Stage":
		return true
	}
	return r.Kind == "defined_type"
}

// cycleIn is a shortest cycle through the strongly connected nodes, as
// resources (a resource's start and end count once). It starts where the
// agent's report starts: at the first of them in its order (sortKey), as
// Puppet's find_cycles_in_graph sorts each cycle's resources and
// paths_in_cycle starts at the first.
func cycleIn(scc []graphNode, next map[graphNode][]graphNode) []*Resource {
	in := map[graphNode]bool{}
	for _, n := range scc {
		in[n] = true
	}
	first := scc[0]
	for _, n := range scc {
		if k, f := sortKey(n.r), sortKey(first.r); k < f || k == f && !n.end {
			first = n
		}
	}
	// breadth first from first back to it
	prev := map[graphNode]graphNode{}
	queue := []graphNode{first}
	seen := map[graphNode]bool{first: true}
	var last graphNode
	found := false
	for len(queue) > 0 && !found {
		n := queue[0]
		queue = queue[1:]
		for _, m := range next[n] {
			if !in[m] {
				continue
			}
			if m == first {
				last, found = n, true
				break
			}
			if !seen[m] {
				seen[m] = true
				prev[m] = n
				queue = append(queue, m)
			}
		}
	}
	var path []graphNode
	for n := last; ; n = prev[n] {
		path = append(path, n)
		if n == first {
			break
		}
	}
	var out []*Resource
	for i := len(path) - 1; i >= 0; i-- {
		if r := path[i].r; len(out) == 0 || out[len(out)-1] != r {
			out = append(out, r)
		}
	}
	if len(out) > 1 && out[len(out)-1] == out[0] {
		out = out[:len(out)-1]
	}
	return out
}

// cycleReport is the agent's message for the catalog's dependency cycles,
// or "" when it has none: "Found 1 dependency cycle:\n(A => B => A)".
func (c *Catalog) cycleReport() string {
	cs := c.cycles()
	if len(cs) == 0 {
		return ""
	}
	msg := fmt.Sprintf("Found %d dependency cycle", len(cs))
	if len(cs) > 1 {
		msg += "s"
	}
	msg += ":"
	for _, cyc := range cs {
		msg += "\n(" + refs(append(cyc, cyc[0])) + ")"
	}
	return msg
}

func refs(rs []*Resource) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.Ref()
	}
	return strings.Join(parts, " => ")
}
