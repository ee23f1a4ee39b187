package hugeheap

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/internal/hugepage"
	"github.com/pp2go/pp2go/rt/internal/prefault/proctest"
)

// TestGrow: the block Grow maps is freed, none of its pages is in memory,
// its whole huge pages are eligible for huge pages, and what the process
// allocates next is taken from it. It runs in a process of its own, whose
// heap holds no free pages from other tests below the block.
func TestGrow(t *testing.T) {
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages")
	}
	if os.Getenv("PP2GO_TEST_HUGE_HEAP") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGrow$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), "PP2GO_TEST_HUGE_HEAP=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Contains(t, string(out), "--- PASS: TestGrow")
		return
	}
	const size = 64 << 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	block := Grow(size)
	runtime.ReadMemStats(&after)
	require.Less(t, after.HeapAlloc, before.HeapAlloc+size/2, "the block is freed")
	require.GreaterOrEqual(t, after.HeapSys, before.HeapSys+size/2, "the heap has grown by the block")

	// The block's top whole huge page: the heap hands out its lowest free
	// pages first, and the pages after the block may hold the runtime's.
	hi := (block + size) &^ (hugepage.Size - 1)
	lo := hi - hugepage.Size
	require.GreaterOrEqual(t, lo, block, "the block holds no whole huge page")
	require.Zero(t, proctest.Resident(t, lo, hi), "pages of the free block in memory before any use")
	require.EqualValues(t, 1, proctest.SmapsField(t, lo, "THPeligible:"), "the free block at %#x is not eligible for huge pages", lo)

	b := make([]byte, 16<<20)
	p := uintptr(unsafe.Pointer(&b[0]))
	// Free pages right below the block (a collection may free some after
	// Grow) merge with it: the allocation may begin there.
	require.True(t, p+hugepage.Size >= block && p+uintptr(len(b)) <= block+size, "the next block at %#x, outside the block [%#x, %#x)", p, block, block+size)
	runtime.KeepAlive(b)
}
