package batch

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/prefault"
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
	grow(want)
	lo, hi := prefault.HeapMapping()
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if hi-lo < want {
		t.Fatalf("%d bytes of the heap mapped, want at least %d", hi-lo, want)
	}
	// The top huge page: the heap hands out its lowest free pages.
	hhi := hi &^ (hugePage - 1)
	hlo := hhi - hugePage
	if n := resident(t, hlo, hhi); n != 0 {
		t.Errorf("%d pages of the free heap [%#x, %#x) in memory before any use, want none", n, hlo, hhi)
	}
	if n := smapsField(t, hlo, "THPeligible:"); n != 1 {
		t.Errorf("the free heap at %#x is not eligible for huge pages (THPeligible: %d)", hlo, n)
	}
	b := make([]byte, 4<<20)
	if q := uintptr(unsafe.Pointer(&b[0])); q < lo || q+uintptr(len(b)) > hi {
		t.Errorf("a block of the heap at %#x, outside the heap grow mapped [%#x, %#x)", q, lo, hi)
	}
	runtime.KeepAlive(b)
}

// resident is how many pages of [lo, hi) are in memory.
func resident(t *testing.T, lo, hi uintptr) int {
	page := uintptr(syscall.Getpagesize())
	vec := make([]byte, (hi-lo)/page)
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, lo, hi-lo, uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatalf("mincore: %v", errno)
	}
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}

// smapsField is the number a field of /proc/self/smaps says for the
// mapping holding addr.
func smapsField(t *testing.T, addr uintptr, field string) uint64 {
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	for line := range strings.Lines(string(smaps)) {
		if span, _, ok := strings.Cut(line, " "); ok && strings.Contains(span, "-") {
			first, last, _ := strings.Cut(span, "-")
			l, err1 := strconv.ParseUint(first, 16, 64)
			h, err2 := strconv.ParseUint(last, 16, 64)
			in = err1 == nil && err2 == nil && uintptr(l) <= addr && addr < uintptr(h)
			continue
		}
		if v, ok := strings.CutPrefix(line, field); ok && in {
			n, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no %s for the mapping holding %#x in /proc/self/smaps", field, addr)
	return 0
}
