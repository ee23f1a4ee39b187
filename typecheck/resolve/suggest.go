package resolve

import (
	"sort"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck/facts"
)

// suggest returns a "did you mean" hint: the candidate nearest to name
// when it is near enough (an edit distance of at most a third of the
// name's length, and at most 3; or a name that extends it by at most 3
// characters, as warning extends warn), or "".
func suggest(name string, candidates []string) string {
	name = strings.ToLower(name)
	best, bestD := "", 4
	limit := len(name) / 3
	if limit < 1 {
		limit = 1
	}
	for _, cand := range candidates {
		lc := strings.ToLower(cand)
		if lc == name {
			continue
		}
		d := distance(name, lc)
		if d > limit && !(strings.HasPrefix(lc, name) && len(lc)-len(name) <= 3 && len(name) >= 3) {
			continue
		}
		if d < bestD || d == bestD && cand < best {
			best, bestD = cand, d
		}
	}
	if best == "" {
		return ""
	}
	return "did you mean '" + best + "'?"
}

// distance is the Damerau-Levenshtein (optimal string alignment) distance.
func distance(a, b string) int {
	if a == b {
		return 0
	}
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > 3 || d < -3 {
		return 4
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// candidateList returns (and caches) the names of a kind for suggestions.
func (c *checker) candidateList(kind string) []string {
	if c.candidates == nil {
		c.candidates = map[string][]string{}
	}
	if l, ok := c.candidates[kind]; ok {
		return l
	}
	seen := map[string]bool{}
	add := func(n string) { seen[n] = true }
	switch kind {
	case "function":
		for _, n := range c.opts.Core.Names() {
			add(n)
		}
		for _, n := range c.env.Index.Names(env.Function) {
			add(n)
		}
		mods := append([]*env.Module(nil), c.env.Modules...)
		for _, m := range mods {
			for _, f := range m.RubyFunctions {
				add(f.Name)
			}
		}
	case "class":
		for _, n := range c.env.Index.Names(env.Class) {
			add(n)
		}
	case "resource":
		for _, t := range c.env.ResourceTypes() {
			add(t.Name)
		}
		for _, n := range c.env.Index.Names(env.Define) {
			add(n)
		}
	case "type":
		for _, t := range c.env.ResourceTypes() {
			add(capitalize(t.Name))
		}
		for _, n := range c.env.Index.Names(env.Define) {
			add(capitalize(n))
		}
		for _, k := range []env.DefKind{env.TypeAlias, env.TypeDefinition} {
			for _, d := range c.env.Index.All(k) {
				add(typeAliasName(d))
			}
		}
		for _, n := range builtinTypeNames {
			add(n)
		}
	case "variable":
		for _, n := range facts.Names() {
			add(n)
		}
	}
	l := make([]string, 0, len(seen))
	for n := range seen {
		l = append(l, n)
	}
	sort.Strings(l)
	c.candidates[kind] = l
	return l
}

func (c *checker) suggestFunction(name string) string {
	return suggest(name, c.candidateList("function"))
}
func (c *checker) suggestClass(name string) string {
	return suggest(strings.TrimPrefix(name, "::"), c.candidateList("class"))
}
func (c *checker) suggestResourceType(name string) string {
	return suggest(name, c.candidateList("resource"))
}
func (c *checker) suggestType(name string) string { return suggest(name, c.candidateList("type")) }

// builtinTypeNames are Puppet's own type names, for suggestions.
var builtinTypeNames = []string{"Any", "Array", "Binary", "Boolean", "Callable", "CatalogEntry", "Class",
	"Collection", "Data", "Default", "Deferred", "Enum", "Error", "Float", "Hash", "Init", "Integer",
	"Iterable", "Iterator", "NotUndef", "Numeric", "Object", "Optional", "Pattern", "Regexp", "Resource",
	"RichData", "Runtime", "Scalar", "ScalarData", "SemVer", "SemVerRange", "Sensitive", "String", "Struct",
	"Timespan", "Timestamp", "Tuple", "Type", "TypeSet", "URI", "Undef", "Unit", "Variant"}

// typeAliasName is an alias's name as written in its definition.
func typeAliasName(d *env.Def) string {
	switch x := d.Node.(type) {
	case *ast.TypeAlias:
		return x.Name
	case *ast.TypeDefinition:
		return x.Name
	}
	return capitalize(d.Name)
}
