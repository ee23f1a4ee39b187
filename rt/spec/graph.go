package spec

import "strings"

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

// cycle returns the resources of a dependency cycle, or nil.
func (c *Catalog) cycle() []*Resource {
	next := map[graphNode][]graphNode{}
	add := func(a, b graphNode) { next[a] = append(next[a], b) }
	for _, r := range c.list {
		add(graphNode{r, false}, graphNode{r, true})
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
	const (
		white = iota
		grey
		black
	)
	colour := map[graphNode]int{}
	var stack []graphNode
	var found []graphNode
	var visit func(n graphNode) bool
	visit = func(n graphNode) bool {
		colour[n] = grey
		stack = append(stack, n)
		for _, m := range next[n] {
			switch colour[m] {
			case grey:
				for i := len(stack) - 1; i >= 0; i-- {
					if stack[i] == m {
						found = append([]graphNode(nil), stack[i:]...)
						break
					}
				}
				return true
			case white:
				if visit(m) {
					return true
				}
			}
		}
		stack = stack[:len(stack)-1]
		colour[n] = black
		return false
	}
	for _, r := range c.list {
		n := graphNode{r, false}
		if colour[n] == white && visit(n) {
			break
		}
	}
	if found == nil {
		return nil
	}
	var out []*Resource
	for _, n := range found {
		if len(out) == 0 || out[len(out)-1] != n.r {
			out = append(out, n.r)
		}
	}
	return out
}

func refs(rs []*Resource) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.Ref()
	}
	return strings.Join(parts, " => ")
}
