package erb

import (
	"strings"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
)

// Ruby's Set (Set.new, to_set, ==, subset?, superset?, include?, add,
// size, to_a) and RubyGems' Gem::Version (new, <=>, to_s, segments), as
// module functions use them.

var (
	ClassSet        = newClass("Set", ClassObject, ClassEnumerable)
	ClassGemVersion = newClass("Gem::Version", ClassObject, ClassComparable)
	gemVersionRe    = lazyre.New(`\A\s*([0-9]+(?:\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?)?\s*\z`)
	gemSegmentRe    = lazyre.New(`[0-9]+|[a-zA-Z]+`)
)

func init() {
	defineConsts(func(g *constGroup) {
		g.class(ClassSet.Name, ClassSet)
		g.class(ClassGemVersion.Name, ClassGemVersion)
	})
	plain([]plainMethod{
		{"subset?", (*R).SubsetQ},
		{"superset?", (*R).SupersetQ},
		{"segments", (*R).Segments},
		{"add", (*R).Add},
	})
}

// rubySet is a Set: a Hash of its elements (insertion order, eql?).
type rubySet struct{ h *Hash }

func newSet(elems []Value) *rubySet {
	s := &rubySet{h: NewHash()}
	for _, e := range elems {
		s.h.Set(e, true)
	}
	return s
}

func (*rubySet) rubyClass() *Class { return ClassSet }
func (s *rubySet) rubyInspect() string {
	parts := make([]string, len(s.h.Keys()))
	for i, k := range s.h.Keys() {
		parts[i] = Inspect(k)
	}
	return "#<Set: {" + strings.Join(parts, ", ") + "}>"
}
func (s *rubySet) rubyToS() string { return s.rubyInspect() }
func (s *rubySet) rubyEqual(o Value) bool {
	t, ok := o.(*rubySet)
	return ok && s.h.Len() == t.h.Len() && s.subset(t)
}
func (s *rubySet) subset(t *rubySet) bool {
	for _, k := range s.h.Keys() {
		if _, ok := t.h.Lookup(k); !ok {
			return false
		}
	}
	return true
}

// setElems is the elements of Set.new's argument.
func (r *R) setElems(v Value) []Value {
	switch x := v.(type) {
	case nil:
		return nil
	case *rubySet:
		return x.h.Keys()
	}
	return r.elems("each_entry", v)
}

// ToSet is Enumerable#to_set.
func (r *R) ToSet(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	if s, ok := recv.(*rubySet); ok {
		return s
	}
	return newSet(r.elems("to_set", recv))
}

func setArg(name string, recv Value, args []Value) (*rubySet, *rubySet) {
	s, ok := recv.(*rubySet)
	if !ok {
		noMethod(name, recv)
	}
	arity(args, 1, 1)
	t, ok := args[0].(*rubySet)
	if !ok {
		argError("value must be a set")
	}
	return s, t
}

// SubsetQ is Set#subset?(other).
func (r *R) SubsetQ(recv Value, args ...Value) Value {
	s, t := setArg("subset?", recv, args)
	return s.h.Len() <= t.h.Len() && s.subset(t)
}

// SupersetQ is Set#superset?(other).
func (r *R) SupersetQ(recv Value, args ...Value) Value {
	s, t := setArg("superset?", recv, args)
	return t.h.Len() <= s.h.Len() && t.subset(s)
}

// Add is Set#add(x).
func (r *R) Add(recv Value, args ...Value) Value {
	s, ok := recv.(*rubySet)
	if !ok {
		noMethod("add", recv)
	}
	arity(args, 1, 1)
	s.h.Set(args[0], true)
	return s
}

// gemVersion is a Gem::Version.
type gemVersion struct {
	version string
	segs    []Value // int64 or *Str (a number beyond 64 bits stays a digit string)
}

func newGemVersion(v Value) *gemVersion {
	s := ToS(v)
	if !gemVersionRe.MatchString(s) {
		argError("Malformed version number string %s", s)
	}
	if strings.TrimSpace(s) == "" {
		s = "0"
	}
	g := &gemVersion{version: strings.ReplaceAll(strings.TrimSpace(s), "-", ".pre.")}
	for _, p := range gemSegmentRe.FindAllString(g.version, -1) {
		if p[0] >= '0' && p[0] <= '9' {
			g.segs = append(g.segs, strToIValue(p, 10))
		} else {
			g.segs = append(g.segs, S(p))
		}
	}
	return g
}

func (*gemVersion) rubyClass() *Class     { return ClassGemVersion }
func (g *gemVersion) rubyInspect() string { return "#<Gem::Version " + inspectString(g.version) + ">" }
func (g *gemVersion) rubyToS() string     { return g.version }

// canonical is the segments without the zeros that end the numeric part
// and the string part.
func (g *gemVersion) canonical() []Value {
	i := 0
	for i < len(g.segs) {
		if _, ok := g.segs[i].(*Str); ok {
			break
		}
		i++
	}
	trim := func(s []Value) []Value {
		for len(s) > 0 && s[len(s)-1] == int64(0) {
			s = s[:len(s)-1]
		}
		return s
	}
	return append(append([]Value(nil), trim(g.segs[:i:i])...), trim(append([]Value(nil), g.segs[i:]...))...)
}

func (g *gemVersion) rubyEqual(o Value) bool {
	c, ok := g.rubyCompare(o)
	return ok && c == 0
}

// rubyCompare is Gem::Version#<=>: segment by segment, a missing one 0, a
// String segment (a prerelease) before a number.
func (g *gemVersion) rubyCompare(o Value) (int, bool) {
	var h *gemVersion
	switch x := o.(type) {
	case *gemVersion:
		h = x
	case *Str:
		if !gemVersionRe.MatchString(x.S) {
			return 0, false
		}
		h = newGemVersion(x)
	default:
		return 0, false
	}
	if g.version == h.version {
		return 0, true
	}
	l, r := g.canonical(), h.canonical()
	for i := 0; i < max(len(l), len(r)); i++ {
		var a, b Value = int64(0), int64(0)
		if i < len(l) {
			a = l[i]
		}
		if i < len(r) {
			b = r[i]
		}
		_, as := a.(*Str)
		_, bs := b.(*Str)
		switch {
		case as && !bs:
			return -1, true
		case !as && bs:
			return 1, true
		}
		if c, ok := compare(a, b); ok && c != 0 {
			return c, true
		}
	}
	return 0, true
}

// Segments is Gem::Version#segments.
func (r *R) Segments(recv Value, args ...Value) Value {
	g, ok := recv.(*gemVersion)
	if !ok {
		noMethod("segments", recv)
	}
	arity(args, 0, 0)
	return &Array{A: append([]Value(nil), g.segs...)}
}
