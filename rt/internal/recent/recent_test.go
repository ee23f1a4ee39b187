package recent

import (
	"unsafe"

	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTableKeepsByAddress(t *testing.T) {
	var tab Table[int]
	s := unsafeString(heapBytes("alpha")) // one string, at one address, compile after compile
	e, h := tab.Find(s)
	require.Nil(t, e)
	tab.Keep(e, h, s, 1)

	e, _ = tab.Find(s)
	require.NotNil(t, e)
	assert.Equal(t, "alpha", e.Key)
	assert.Equal(t, 1, e.Answer)
}

// An entry keeps its own copy: bytes written again at the kept string's
// address (a recycled chunk) are not taken for it.
func TestTableKeyIsACopy(t *testing.T) {
	var tab Table[int]
	buf := heapBytes("alpha")
	s := unsafeString(buf)
	e, h := tab.Find(s)
	tab.Keep(e, h, s, 1)
	copy(buf, "omega")
	e, _ = tab.Find(s) // same address and length: same place
	require.NotNil(t, e)
	assert.Equal(t, "alpha", e.Key)
	assert.NotEqual(t, s, e.Key, "the entry must not be taken for the new bytes")
}

// A place holding a string takes another only when that one misses there
// twice in a row.
func TestTableReplacesOnSecondMiss(t *testing.T) {
	var tab Table[int]
	a, b := "a", "b"
	ea, ha := tab.Find(a)
	tab.Keep(ea, ha, a, 1)
	// b at a's place: force it by keeping with a's entry and a hash of that place
	e, _ := tab.Find(a)
	hb := ha ^ 1 // another string's hash at the same place
	tab.Keep(e, hb, b, 2)
	e, _ = tab.Find(a)
	assert.Equal(t, "a", e.Key, "one miss does not replace")
	tab.Keep(e, hb, b, 2)
	e, _ = tab.Find(a)
	assert.Equal(t, "b", e.Key, "a second miss in a row does")
	assert.Equal(t, 2, e.Answer)
}

func unsafeString(b []byte) string { return unsafe.String(&b[0], len(b)) }

// escaped holds the tests' bytes so that they are on the heap: a table
// finds a string by its address, and a small buffer that does not escape
// may be on the goroutine's stack, which moves when the stack grows (the
// test then failed now and then under load).
var escaped [][]byte

// heapBytes is s's bytes, on the heap.
func heapBytes(s string) []byte {
	b := []byte(s)
	escaped = append(escaped, b)
	return b
}
