package batch

import (
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/prefault"
	"github.com/pp2go/pp2go/rt/internal/prefault/proctest"
)

const hugePage = 2 << 20

// TestGrow checks that grow leaves the heap mapped far enough, its free
// pages untouched and eligible for huge pages, and that the heap's next
// block is taken from them.
func TestGrow(t *testing.T) {
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages")
	}
	const want = 16 << 20
	block := grow(want)
	lo, hi := prefault.HeapMapping()
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if hi-lo < want {
		t.Fatalf("%d bytes of the heap mapped, want at least %d", hi-lo, want)
	}
	// The block's top whole huge page: the heap hands out its lowest free
	// pages. (Not the mapping's: the heap's start is random, and the pages
	// after the block may hold the runtime's allocations.)
	hhi := (block + want) &^ (hugePage - 1)
	hlo := hhi - hugePage
	if hlo < block || hhi > hi {
		t.Fatalf("the block [%#x, %#x) holds no whole huge page in the mapping [%#x, %#x)", block, block+want, lo, hi)
	}
	if n := proctest.Resident(t, hlo, hhi); n != 0 {
		t.Errorf("%d pages of the free heap [%#x, %#x) in memory before any use, want none", n, hlo, hhi)
	}
	if n := proctest.SmapsField(t, hlo, "THPeligible:"); n != 1 {
		t.Errorf("the free heap at %#x is not eligible for huge pages (THPeligible: %d)", hlo, n)
	}
	b := make([]byte, 4<<20)
	if q := uintptr(unsafe.Pointer(&b[0])); q < lo || q+uintptr(len(b)) > hi {
		t.Errorf("a block of the heap at %#x, outside the heap grow mapped [%#x, %#x)", q, lo, hi)
	}
	runtime.KeepAlive(b)
}

// TestPrefaultWithoutGoal checks that Prefault works with the collector off
// (GOGC=off), when the heap has no goal.
func TestPrefaultWithoutGoal(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	Prefault()
}
