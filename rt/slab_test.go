package rt

import (
	"testing"

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
	tags := append(c.tagLists.make(2, 512), "file", "a")
	slots := c.int32Lists.make(3, 1024)[:3]
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
	tags2 := c.tagLists.make(2, 512)
	require.Same(t, &tags[:1][0], &tags2[:1][0])
	require.Equal(t, []string{"", ""}, tags2[:2], "zeroed")
	require.Equal(t, []int32{0, 0, 0}, c.int32Lists.make(3, 1024)[:3], "zeroed")
	require.Empty(t, a.tags.spare)
	fresh := c.tagLists.make(600, 512) // past a chunk's eighth: its own
	require.Equal(t, 600, cap(fresh))
	require.Len(t, a.tags.taken, 1)
	require.Len(t, c.paramLists.src.take(8), 8, "a size the spares have not: made")
}
