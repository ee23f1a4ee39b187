package prefault

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/prefault/proctest"
)

func needHugePages(t *testing.T) {
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages")
	}
}

// grow grows the heap as readyHeap does, and waits for growHeap's
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
	if free := hi - (p + probeSize); free < 7<<20 {
		t.Errorf("%d bytes of the heap mapped and free after growing it, want at least 7 MiB", free)
	}
}

// TestReadyHeap checks that readyHeap leaves at least the bytes asked
// for of free heap mapped, faults in none of it (but the top of
// growHeap's goroutine's stack), and that the heap's next block is taken
// from it.
func TestReadyHeap(t *testing.T) {
	const want = compileHeap
	rss, gcs := residentPages(t), numGC()
	lo, hi := readyHeap(want)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if hi-lo < want {
		t.Errorf("%d bytes of free heap readied, want at least %d", hi-lo, want)
	}
	// The kernel counts a process's pages in memory in batches of 64
	// pages a CPU; a populate of the range would add over 1,000. The top
	// of growHeap's goroutine's stack, which is allowed, may be faulted
	// in as a whole huge page (512 pages): make test saw 622 once.
	if n := residentPages(t) - rss; n > hugePage/4096+256 {
		t.Errorf("%d pages more in memory after readyHeap, want none but a few and a huge page", n)
	}
	// The heap's next block is taken from the pages readied, while no
	// collection has freed blocks below them (as in a catalog binary's
	// start).
	b := make([]byte, 1<<20)
	if p := uintptr(unsafe.Pointer(&b[0])); numGC() == gcs && (p < lo || p+uintptr(len(b)) > hi) {
		t.Errorf("a block of the heap at %#x, outside the pages readied [%#x, %#x)", p, lo, hi)
	}
	runtime.KeepAlive(b)
}

// TestFill checks that fill takes the free pages it is given, and leaves
// them out of memory, and that the heap's next block is taken after them.
// It runs in a process of its own, whose free heap is fresh.
func TestFill(t *testing.T) {
	if !inOwnProcess(t) {
		return
	}
	p := probe()
	lo := p + probeSize
	hi := (lo + hugePage - 1) &^ (hugePage - 1)
	if _, end := mapping(p); lo == hi || hi > end {
		t.Skip("the free heap starts at a huge page, or its mapping ends before the next one")
	}
	if firstResident(lo, hi) < hi {
		t.Skip("the free heap has pages in memory")
	}
	gcs := numGC()
	if got := fill(lo, hi); got != hi {
		t.Fatalf("fill's block is at %#x, not at the heap's lowest free pages %#x", blockOf(kept[len(kept)-1]), lo)
	}
	if n := proctest.Resident(t, lo, hi); n != 0 {
		t.Errorf("%d pages of fill's block in memory", n)
	}
	if q := probe(); numGC() == gcs && q < hi {
		t.Errorf("the heap's next block at %#x, below fill's block's end %#x", q, hi)
	}
}

// residentPages is how many pages of this process are in memory.
func residentPages(t *testing.T) int {
	statm, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip(err)
	}
	fields := strings.Fields(string(statm))
	if len(fields) < 2 {
		t.Fatalf("/proc/self/statm: %q", statm)
	}
	n, err := strconv.Atoi(fields[1])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// numGC is how many collections the runtime has made.
func numGC() uint32 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.NumGC
}

// TestHugePages checks that the whole huge pages of the range readyHeap
// readies may be huge pages, and that a block's first touch makes it one
// where the kernel has huge pages free.
func TestHugePages(t *testing.T) {
	needHugePages(t)
	grow(t)
	gcs := numGC()
	lo, hi := readyHeap(6 << 20)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	hlo, hhi := (lo+hugePage-1)&^(hugePage-1), hi&^(hugePage-1)
	if hlo >= hhi {
		t.Fatalf("no whole huge page in the range readied [%#x, %#x)", lo, hi)
	}
	if n := proctest.SmapsField(t, hlo, "THPeligible:"); n != 1 {
		t.Errorf("the mapping of [%#x, %#x) is not eligible for huge pages (THPeligible: %d)", hlo, hhi, n)
	}
	// A block of the heap readied, written to in a whole huge page of it.
	// A kernel without free huge pages gives pages: not this test's failure.
	b := make([]byte, 4<<20)
	p := uintptr(unsafe.Pointer(&b[0]))
	h := (p + hugePage - 1) &^ (hugePage - 1)
	if p < lo || h+hugePage > hi {
		if numGC() != gcs {
			t.Skip("a collection freed blocks of the heap below the range readied")
		}
		t.Fatalf("a block of the heap at %#x, not in the range readied [%#x, %#x)", p, lo, hi)
	}
	b[h-p] = 1
	if got := proctest.SmapsField(t, h, "AnonHugePages:") << 10; got < hugePage {
		t.Logf("%d bytes of huge pages in the mapping of %#x once a byte is written, want at least %d", got, h, hugePage)
	}
	runtime.KeepAlive(b)
}

// TestMapping checks the mapping PROCMAP_QUERY finds against the text of
// /proc/self/maps.
func TestMapping(t *testing.T) {
	grow(t)
	p := probe()
	readyHeap(6 << 20) // the advice splits the heap's mapping
	lo, hi := mapping(p)
	tlo, thi := mapsText(p)
	if lo == 0 || lo != tlo || hi != thi {
		t.Errorf("mapping(%#x) = %#x, %#x; /proc/self/maps says %#x, %#x", p, lo, hi, tlo, thi)
	}
	if lo, hi := mapping(0); lo != 0 || hi != 0 {
		t.Errorf("mapping(0) = %#x, %#x, want none", lo, hi)
	}
}

// TestReadyHeapLeavesHeapInUse checks that readyHeap leaves the pages of
// the heap in use below the free heap as they are: a block taken and not
// touched stays out of memory. It runs in a process of
// its own: a fresh heap (in this one, the other tests' memory would be
// reused, and its block would change the heap they find).
func TestReadyHeapLeavesHeapInUse(t *testing.T) {
	if !inOwnProcess(t) {
		return
	}
	blk := make([]byte, 4<<20) // pages of the heap, not touched
	lo0 := uintptr(unsafe.Pointer(unsafe.SliceData(blk)))
	hi0 := lo0 + uintptr(len(blk))
	// Blocks taken from the free pages below the block, if any, so that
	// the heap in use below the free heap holds it.
	var below [][]byte
	for range 64 {
		b := make([]byte, probeSize)
		if uintptr(unsafe.Pointer(unsafe.SliceData(b))) > hi0 {
			break
		}
		below = append(below, b)
	}
	before := proctest.Resident(t, lo0, hi0)
	lo, _ := readyHeap(2 << 20)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if lo < hi0 {
		t.Fatalf("the free heap readied [%#x, ...) starts below the block's end %#x", lo, hi0)
	}
	if n := proctest.Resident(t, lo0, hi0); n != before {
		t.Errorf("%d pages of a block taken and not touched in memory, %d before", n, before)
	}
	runtime.KeepAlive(blk)
	runtime.KeepAlive(below)
}

// inOwnProcess runs the test in a process of its own (the test binary
// again), whose heap is fresh, and reports whether this is that process.
func inOwnProcess(t *testing.T) bool {
	if os.Getenv("PREFAULT_TEST_CHILD") != "" {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), "PREFAULT_TEST_CHILD=1")
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil:
		t.Fatalf("%v\n%s", err, out)
	case strings.Contains(string(out), "--- SKIP"):
		t.Skipf("in a process of its own:\n%s", out)
	}
	return false
}
