// Package catgraph checks a compiled catalog as Puppet's agent does before
// it applies one: every relationship (before, require, notify, subscribe
// and the arrows, which the catalog holds as before and notify) names a
// resource of the catalog, and the relationships and containment make no
// dependency cycle. rt/spec's assertions and the catalog binary's
// compile --check-deps both use it.
package catgraph

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/rt"
)

// Graph is a catalog as the agent receives it: the resources keep accepts
// (Applied for the agent's), their containment and relationships.
type Graph struct {
	cat     *rt.Catalog
	list    []*rt.Resource
	in      map[*rt.Resource]bool
	parents map[*rt.Resource][]*rt.Resource
}

// Applied keeps the resources the agent receives: Puppet's catalog
// terminus filters out virtual resources, exported ones included, unless
// a collector realized them.
func Applied(r *rt.Resource) bool { return !r.Virtual }

// New is the graph of the resources of cat that keep accepts, in the
// catalog's order.
func New(cat *rt.Catalog, keep func(*rt.Resource) bool) *Graph {
	g := &Graph{cat: cat, in: map[*rt.Resource]bool{}, parents: map[*rt.Resource][]*rt.Resource{}}
	for _, r := range cat.Resources() {
		if keep(r) {
			g.in[r] = true
			g.list = append(g.list, r)
		}
	}
	for _, e := range cat.Edges() {
		if g.in[e.Source] && g.in[e.Target] {
			g.parents[e.Target] = append(g.parents[e.Target], e.Source)
		}
	}
	return g
}

// Resolve finds the resource a reference ("Type[title]", or a title an
// alias or namevar gives) names, or nil when the graph has none.
func (g *Graph) Resolve(ref string) *rt.Resource {
	if r := g.cat.ResourceByRef(strings.TrimSpace(ref)); g.in[r] {
		return r
	}
	return nil
}

// related are the graph's resources a relationship metaparameter of r
// names; references to resources it has not are left out.
func (g *Graph) related(r *rt.Resource, param string) []*rt.Resource {
	var out []*rt.Resource
	for _, ref := range r.Related(param) {
		if t := g.Resolve(ref); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// relationParams are the relationship metaparameters in the order the
// agent validates them (Puppet::Type's relationship_params).
var relationParams = []string{"require", "subscribe", "before", "notify"}

// Missing is a relationship to a resource the catalog has not.
type Missing struct {
	Resource *rt.Resource // whose parameter it is
	Param    string       // require, subscribe, before or notify
	Ref      string       // the reference, "Type[title]"
}

// Error is the agent's message (RelationshipMetaparam#validate_relationship):
// "Could not find dependency User[bob] for File[/x] (file: F, line: L)";
// "dependent" for before and notify.
func (m Missing) Error() string {
	what := "dependency"
	if m.Param == "before" || m.Param == "notify" {
		what = "dependent"
	}
	msg := fmt.Sprintf("Could not find %s %s for %s", what, m.Ref, m.Resource.Ref())
	r := m.Resource
	switch {
	case r.File != "" && r.Line > 0:
		msg += fmt.Sprintf(" (file: %s, line: %d)", r.File, r.Line)
	case r.File != "":
		msg += fmt.Sprintf(" (file: %s)", r.File)
	case r.Line > 0:
		msg += fmt.Sprintf(" (line: %d)", r.Line)
	}
	return msg
}

// Missing are the relationships to resources the graph has not, in the
// order the agent finds them (resources in catalog order, then
// relationParams). The compiler already refuses references to resources
// it never declared; what is left are references to virtual or exported
// resources that were not realized, which the agent refuses.
func (g *Graph) Missing() []Missing {
	var out []Missing
	for _, r := range g.list {
		for _, p := range relationParams {
			for _, ref := range r.Related(p) {
				if g.Resolve(ref) == nil {
					out = append(out, Missing{r, p, ref})
				}
			}
		}
	}
	return out
}

// Dependency cycles, as the agent finds them in its relationship graph:
// each resource is entered (its start) and left (its end); a container is
// entered before what it contains and left after it; a relationship a
// before b leaves a before b is entered. A cycle in that graph is a
// dependency cycle the agent would refuse to apply.

type node struct {
	r   *rt.Resource
	end bool
}

// next is the relationship graph, as above. As in the agent's graph,
// where a container is two whits (admissible_ and completed_), a
// container's start leads to its end only through what it contains, or
// directly when it contains nothing.
func (g *Graph) next() map[node][]node {
	next := map[node][]node{}
	add := func(a, b node) { next[a] = append(next[a], b) }
	full := map[*rt.Resource]bool{}
	for _, r := range g.list {
		for _, p := range g.parents[r] {
			full[p] = true
		}
	}
	for _, r := range g.list {
		if !full[r] {
			add(node{r, false}, node{r, true})
		}
		for _, p := range g.parents[r] {
			add(node{p, false}, node{r, false})
			add(node{r, true}, node{p, true})
		}
		for _, t := range append(g.related(r, "before"), g.related(r, "notify")...) {
			add(node{r, true}, node{t, false})
		}
		for _, s := range append(g.related(r, "require"), g.related(r, "subscribe")...) {
			add(node{s, true}, node{r, false})
		}
	}
	return next
}

// Cycles returns one cycle of each strongly connected part of the
// relationship graph that has one, as the agent reports them (Puppet's
// RelationshipGraph#find_cycles_in_graph finds the strongly connected
// components, then a path through each): the resources on the way, the
// first not repeated at the end.
func (g *Graph) Cycles() [][]*rt.Resource {
	next := g.next()
	// Tarjan's algorithm.
	index := map[node]int{}
	low := map[node]int{}
	onStack := map[node]bool{}
	var stack []node
	var sccs [][]node
	var visit func(n node)
	visit = func(n node) {
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
			var scc []node
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
	for _, r := range g.list {
		for _, n := range []node{{r, false}, {r, true}} {
			if index[n] == 0 {
				visit(n)
			}
		}
	}
	out := make([][]*rt.Resource, 0, len(sccs))
	for _, scc := range sccs {
		out = append(out, cycleIn(scc, next))
	}
	sort.SliceStable(out, func(i, j int) bool { return sortKey(out[i][0]) < sortKey(out[j][0]) })
	return out
}

// sortKey orders resources as the agent sorts the resources of a cycle
// (by reference, Puppet::Type#<=>), containers being whits
// ("Whit[Admissible_class[Web]]"), which sort after the other types.
func sortKey(r *rt.Resource) string {
	if isComponent(r) {
		return "Whit[" + r.Ref() + "]"
	}
	return r.Ref()
}

// isComponent reports whether the agent's graph has the resource as whits:
// classes, defined type instances, nodes and stages.
func isComponent(r *rt.Resource) bool {
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
func cycleIn(scc []node, next map[node][]node) []*rt.Resource {
	in := map[node]bool{}
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
	prev := map[node]node{}
	queue := []node{first}
	seen := map[node]bool{first: true}
	var last node
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
	var path []node
	for n := last; ; n = prev[n] {
		path = append(path, n)
		if n == first {
			break
		}
	}
	var out []*rt.Resource
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

// CycleReport is the agent's message for dependency cycles (as Cycles
// returns them), or "" for none: "Found 1 dependency cycle:\n(A => B =>
// A)", a line for each cycle.
func CycleReport(cycles [][]*rt.Resource) string {
	if len(cycles) == 0 {
		return ""
	}
	msg := fmt.Sprintf("Found %d dependency cycle", len(cycles))
	if len(cycles) > 1 {
		msg += "s"
	}
	msg += ":"
	for _, cyc := range cycles {
		parts := make([]string, 0, len(cyc)+1)
		for _, r := range cyc {
			parts = append(parts, r.Ref())
		}
		parts = append(parts, cyc[0].Ref())
		msg += "\n(" + strings.Join(parts, " => ") + ")"
	}
	return msg
}

// Check is what the agent refuses before it applies the catalog, as its
// error message, or "" when it applies: the relationships to resources the
// catalog has not (a line each, the agent stopping at the first), else
// the dependency cycles.
func (g *Graph) Check() string {
	if ms := g.Missing(); len(ms) > 0 {
		lines := make([]string, len(ms))
		for i, m := range ms {
			lines[i] = m.Error()
		}
		return strings.Join(lines, "\n")
	}
	return CycleReport(g.Cycles())
}
