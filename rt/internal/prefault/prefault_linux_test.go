package prefault

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/prefault/proctest"
)

func needPopulate(t *testing.T) {
	m, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(m)
	if errno := madvise(uintptr(unsafe.Pointer(&m[0])), uintptr(unsafe.Pointer(&m[0]))+4096); errno != 0 {
		t.Skipf("the kernel cannot populate: %v", errno)
	}
}

// grow grows the heap as populate does, and waits for growHeap's
// goroutine to be gone, however busy the machine is.
func grow(t *testing.T) {
	n := runtime.NumGoroutine()
	growHeap()
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("growHeap's goroutine is still there")
		}
	}
}

func TestGrowHeap(t *testing.T) {
	grow(t)
	p := probe()
	lo, hi := mapping(p)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	// The goroutine's stack went back to the heap's free pages.
	if free := hi - (p + probeSize); free < 3<<20 {
		t.Errorf("%d bytes of the heap mapped and free after growing it, want at least 3 MiB", free)
	}
}

func TestPopulate(t *testing.T) {
	needPopulate(t)
	grow(t) // so that populate has room and need not grow
	const want = 2 << 20
	lo, hi := populate(want)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if hi-lo != want {
		t.Errorf("%d bytes of free heap populated, want %d", hi-lo, want)
	}
	page := uintptr(syscall.Getpagesize())
	if n := proctest.Resident(t, lo, hi); n != int((hi-lo)/page) {
		t.Errorf("%d of the %d pages populated are in memory", n, (hi-lo)/page)
	}
	// The heap's next block is taken from the pages populated, while no
	// collection has freed blocks below them (as in a catalog binary's
	// start).
	b := make([]byte, 1<<20)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if p := uintptr(unsafe.Pointer(&b[0])); ms.NumGC == 0 && (p < lo || p+uintptr(len(b)) > hi) {
		t.Errorf("a block of the heap at %#x, outside the pages populated [%#x, %#x)", p, lo, hi)
	}
}

func TestFirstResident(t *testing.T) {
	page := uintptr(syscall.Getpagesize())
	m, err := syscall.Mmap(-1, 0, int(4*page), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(m)
	lo := uintptr(unsafe.Pointer(&m[0]))
	if got := firstResident(lo, lo+4*page); got != lo+4*page {
		t.Errorf("firstResident of untouched pages = %#x, want %#x", got, lo+4*page)
	}
	m[2*page] = 1
	if got := firstResident(lo, lo+4*page); got != lo+2*page {
		t.Errorf("firstResident = %#x, want the page written, %#x", got, lo+2*page)
	}
}

// TestHugePages checks that the whole huge pages of the range populate
// faults in may be huge pages, and are where the kernel has them free.
func TestHugePages(t *testing.T) {
	needPopulate(t)
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages")
	}
	grow(t)
	grow(t)
	const want = 6 << 20
	lo, hi := populate(want)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	hlo, hhi := (lo+hugePage-1)&^(hugePage-1), hi&^(hugePage-1)
	if n := proctest.SmapsField(t, hlo, "THPeligible:"); n != 1 {
		t.Errorf("the mapping of [%#x, %#x) is not eligible for huge pages (THPeligible: %d)", hlo, hhi, n)
	}
	// A kernel without free huge pages gives pages: not this test's failure.
	if got := proctest.SmapsField(t, hlo, "AnonHugePages:") << 10; got < uint64(hhi-hlo) {
		t.Logf("%d bytes of huge pages in the mapping of [%#x, %#x), want at least %d", got, hlo, hhi, hhi-hlo)
	}
}

// TestMapping checks the mapping PROCMAP_QUERY finds against the text of
// /proc/self/maps.
func TestMapping(t *testing.T) {
	grow(t)
	p := probe()
	populate(6 << 20) // splits the heap's mapping where the kernel has huge pages
	lo, hi := mapping(p)
	tlo, thi := mapsText(p)
	if lo == 0 || lo != tlo || hi != thi {
		t.Errorf("mapping(%#x) = %#x, %#x; /proc/self/maps says %#x, %#x", p, lo, hi, tlo, thi)
	}
	if lo, hi := mapping(0); lo != 0 || hi != 0 {
		t.Errorf("mapping(0) = %#x, %#x, want none", lo, hi)
	}
}

// TestBatch checks that batch leaves want bytes of free heap mapped, none
// of it in memory, eligible for huge pages, and that a block the heap
// then hands out lies in it.

// TestPopulateLeavesHeapInUse checks that populate leaves the pages of
// the heap in use below the free heap it faults in as they are: a block
// taken and not touched stays out of memory (but for the huge page that
// holds the range's start, which hugePages may make whole). It runs in a
// process of its own: a fresh heap (in this one, the other tests' memory
// would be reused, and its block would change the heap they find).
func TestPopulateLeavesHeapInUse(t *testing.T) {
	if os.Getenv("PREFAULT_TEST_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPopulateLeavesHeapInUse$", "-test.v")
		cmd.Env = append(os.Environ(), "PREFAULT_TEST_CHILD=1")
		out, err := cmd.CombinedOutput()
		switch {
		case err != nil:
			t.Fatalf("%v\n%s", err, out)
		case strings.Contains(string(out), "--- SKIP"):
			t.Skipf("in a process of its own:\n%s", out)
		}
		return
	}
	needPopulate(t)
	blk := make([]byte, 4<<20) // fresh pages of the heap, not touched
	lo0 := uintptr(unsafe.Pointer(unsafe.SliceData(blk)))
	hi0 := lo0 + uintptr(len(blk))
	page := uintptr(syscall.Getpagesize())
	if n := proctest.Resident(t, lo0, hi0); n != 0 {
		t.Skipf("the block's memory was used before (%d pages in memory)", n)
	}
	lo, _ := populate(2 << 20)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if lo < hi0 {
		t.Fatalf("the free heap populated [%#x, ...) starts below the block's end %#x", lo, hi0)
	}
	end := min(hi0, lo&^(hugePage-1)) // below the huge page holding lo
	if end <= lo0 {
		t.Skip("the block is in the huge page that holds the populated range's start")
	}
	if n := proctest.Resident(t, lo0, end); n != 0 {
		t.Errorf("%d of the %d pages of a block taken and not touched are in memory", n, (end-lo0)/page)
	}
	runtime.KeepAlive(blk)
}
