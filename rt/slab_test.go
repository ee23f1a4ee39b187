package rt

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
	"github.com/stretchr/testify/require"
)

// TestChunksRecycle: a compile's chunks come back zeroed to the next
// compile's slabs, which take them before making any; a chunk of another
// size is made anew.
func TestChunksRecycle(t *testing.T) {
	var a arena
	c := &Ctx{}
	c.useArena(&a)
	r := c.newResource(Resource{Type: "File", Title: "/a"})
	tags := append(makeSlice(&c.tagLists, 2, 512), "file", "a")
	slots := makeSlice(&c.int32Lists, 3, 1024)[:3]
	slots[1] = 7
	require.Len(t, a.resources.taken, 1)
	a.recycle()
	require.Empty(t, a.resources.taken)
	require.Len(t, a.resources.spare, 1)

	c = &Ctx{}
	c.useArena(&a)
	r2 := c.newResource(Resource{Type: "Notify", Title: "b"})
	require.Same(t, r, r2, "the chunk of the compile before")
	require.Equal(t, "Notify", r2.Type)
	tags2 := makeSlice(&c.tagLists, 2, 512)
	require.Same(t, &tags[:1][0], &tags2[:1][0])
	require.Equal(t, []string{"", ""}, tags2[:2], "zeroed")
	require.Equal(t, []int32{0, 0, 0}, makeSlice(&c.int32Lists, 3, 1024)[:3], "zeroed")
	require.Empty(t, a.tags.spare)
	fresh := makeSlice(&c.tagLists, 600, 512) // past a chunk's eighth: its own
	require.Equal(t, 600, cap(fresh))
	require.Len(t, a.tags.taken, 1)
	require.Len(t, take(c.paramLists.src, 8), 8, "a size the spares have not: made")
}

// TestScopeLiterals: a compile's array and hash literals (Scope.ArrayCopy,
// Scope.HashOf) are the values ArrayOf and HashOf make, in chunks: many
// take no allocation each, and each grows out of its room, never into
// its neighbour's.
func TestScopeLiterals(t *testing.T) {
	s := &Scope{c: &Ctx{}}
	x, y := values.String("x"), values.String("y")
	a := s.ArrayCopy(x, y)
	b := s.ArrayCopy(y)
	require.True(t, values.Equals(a, values.NewArray(x, y)))
	require.True(t, values.Equals(b, values.NewArray(y)))
	require.Same(t, values.EmptyArray, s.ArrayCopy())
	grown := values.NewArray(append(a.Elems(), x)...) // past a's room
	require.True(t, values.Equals(b, values.NewArray(y)), "b untouched by a grown")
	require.Equal(t, 3, grown.Len())

	for _, kv := range [][]values.Value{
		{x, values.Int(1)},
		{x, values.Int(1), x, values.Int(2)}, // a repeated key keeps its place, the last value
		{x, values.Int(1), y, values.Undef, values.Int(3), y},
	} {
		require.True(t, values.Equals(s.HashOf(kv...), HashOf(kv...)), "%v", kv)
	}
	var many []values.Value
	for i := range 20 { // past indexThreshold: an index, as HashOf's
		many = append(many, values.String(fmt.Sprint("k", i)), values.Int(i))
	}
	h := s.HashOf(many...).(*values.Hash)
	require.True(t, values.Equals(h, HashOf(many...)))
	got, ok := h.GetString("k17")
	require.True(t, ok)
	require.Equal(t, values.Int(17), got)
	require.Equal(t, 0, s.HashOf().(*values.Hash).Len())

	n := testing.AllocsPerRun(100, func() {
		s.HashOf(x, values.Int(1))
		s.ArrayCopy(x, y)
	})
	require.Less(t, n, 0.5, "literals in chunks")
}

// TestNewString: a compile's Strings boxed in chunks (newString, a
// template's rendering) are the Strings, each its own box.
func TestNewString(t *testing.T) {
	c := &Ctx{}
	a, b := c.newString("<html>"), c.newString("other")
	require.Equal(t, values.Value(values.String("<html>")), a)
	require.Equal(t, values.Value(values.String("other")), b)
	text := "x"
	n := testing.AllocsPerRun(100, func() { c.newString(text) })
	require.Less(t, n, 0.1, "boxes in chunks")
}

// TestScopeQueries: a scope's queries (in chunks) match as the
// functions' do: == on a scalar or in an array, !=, and, or, tag, title.
func TestScopeQueries(t *testing.T) {
	s := &Scope{c: &Ctx{}}
	r := &Resource{Type: "Package", Title: "curl", Tags: []string{"package", "curl", "web"}}
	r.scope = &Scope{resource: r}
	r.Params = []*Param{{Name: "ensure", Value: values.String("present")},
		{Name: "pools", Value: values.NewArray(values.String("a"), values.String("b"))}}
	str := func(s string) values.Value { return values.String(s) }
	for _, tc := range []struct {
		name  string
		q, q2 Query
		want  bool
	}{
		{"eq", s.QueryEq("ensure", str("present")), QueryEq("ensure", str("present")), true},
		{"eq no", s.QueryEq("ensure", str("absent")), QueryEq("ensure", str("absent")), false},
		{"in array", s.QueryEq("pools", str("b")), QueryEq("pools", str("b")), true},
		{"ne", s.QueryNe("ensure", str("absent")), QueryNe("ensure", str("absent")), true},
		{"unset", s.QueryEq("nope", values.Undef), QueryEq("nope", values.Undef), true},
		{"tag", s.QueryEq("tag", str("Web")), QueryEq("tag", str("Web")), true},
		{"title", s.QueryEq("title", str("curl")), QueryEq("title", str("curl")), true},
		{"and", s.QueryAnd(s.QueryEq("tag", str("web")), s.QueryNe("ensure", str("present"))),
			QueryAnd(QueryEq("tag", str("web")), QueryNe("ensure", str("present"))), false},
		{"or", s.QueryOr(s.QueryEq("tag", str("db")), s.QueryEq("title", str("curl"))),
			QueryOr(QueryEq("tag", str("db")), QueryEq("title", str("curl"))), true},
	} {
		require.Equal(t, tc.want, tc.q.Match(r), tc.name)
		require.Equal(t, tc.want, tc.q2.Match(r), tc.name)
	}
}

// TestCatalogUUID: the catalog's UUID is the version 5 layout of the
// SHA-256 of its parts joined by NULs, as fmt formats its groups, short
// parts and long.
func TestCatalogUUID(t *testing.T) {
	long := strings.Repeat("f", 300)
	for _, parts := range [][]string{{"1700000000", "node1.example.com", "\x01\x02digest"}, {"v", long, ""}} {
		h := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
		h[6] = h[6]&0x0f | 0x50
		h[8] = h[8]&0x3f | 0x80
		want := fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
		require.Equal(t, want, catalogUUID(parts...))
	}
	parts := []string{"1700000000", "node1.example.com", "digest"}
	require.LessOrEqual(t, testing.AllocsPerRun(100, func() { catalogUUID(parts...) }), 1.0, "the string only")
}

// TestSlabSizing: a sized slab's first chunk is about what the last
// compile used when that is less than the callers' chunk, its next ones
// the callers'; a compile records its use for the next.
func TestSlabSizing(t *testing.T) {
	var s sliceSlab[values.Value]
	s.first = 40
	makeSlice(&s, 10, 1024)
	makeSlice(&s, 30, 1024)
	require.Empty(t, s.free, "a chunk of 40")
	makeSlice(&s, 5, 1024)
	require.Equal(t, 45, s.used)
	require.Len(t, s.free, 1024-5, "then the callers' chunk")
	var big sliceSlab[values.Value]
	big.first = 5000 // more than the callers': theirs
	makeSlice(&big, 3, 1024)
	require.Len(t, big.free, 1024-3)

	var h slab[values.Hash]
	h.first = 3
	for range 4 {
		alloc(&h, 64)
	}
	require.Len(t, rest(&h), 63, "3, then 64")
	require.Equal(t, 4, h.used)

	p := NewProgram("production")
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.c.newHash([]values.Value{values.String("a"), values.Int(1)})
	}}
	res := CompileWith(p, node)
	require.NoError(t, res.Err)
	used := p.lastSlabUse[0].Load() // valueLists
	require.Positive(t, used)
	require.Less(t, used, int64(1024))
	require.Equal(t, int64(1), p.lastSlabUse[2].Load(), "one Hash")
	res.Release()
	var first int
	node.Main = func(s *Scope) { first = s.c.valueLists.first + len(s.c.valueLists.free) + s.c.valueLists.used }
	res = CompileWith(p, node)
	require.NoError(t, res.Err)
	require.Equal(t, int(used+used/4+4), first, "the first chunk's size, or what is left to take")
}

// TestChunksUnused: recycle clears what a compile's slabs handed out of
// their last chunks, not the end they never did (still zero), and a
// recycled chunk comes back zeroed where it was written.
func TestChunksUnused(t *testing.T) {
	var a arena
	c := &Ctx{}
	c.useArena(&a)
	for i := range 3 {
		c.newParam(Param{Name: fmt.Sprint("p", i)})
	}
	names := append(makeSlice(&c.nameLists, 2, 1024), "a", "b")
	c.noteUnused()
	require.Equal(t, 75-3, a.params.unused)
	require.Equal(t, 1024-2, a.names.unused)
	require.Equal(t, 0, a.tags.unused, "no chunk")
	a.recycle()
	require.Equal(t, 0, a.params.unused)
	require.Len(t, a.params.spare, 1)
	for i, p := range a.params.spare[0] {
		require.Equal(t, Param{}, p, "zeroed: %d", i)
	}

	c = &Ctx{}
	c.useArena(&a)
	for range 75 {
		c.newParam(Param{})
	}
	again := makeSlice(&c.nameLists, 2, 1024)
	require.Same(t, &names[0], &again[:1][0], "the same chunk")
	require.Equal(t, []string{"", ""}, again[:2])
	c.noteUnused()
	require.Equal(t, 0, a.params.unused, "all handed out")
}
