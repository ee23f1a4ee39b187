package prefault

import (
	"debug/elf"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
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
// from it. It runs in a process of its own: in this one, the free heap
// past the probe holds pages that earlier tests (or this one, run again
// by -count) used and freed, still in memory, which readyHeap did not
// fault in.
func TestReadyHeap(t *testing.T) {
	if !inOwnProcess(t) {
		return
	}
	const want = compileHeap
	gcs := numGC()
	lo, hi := readyHeap(want)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if hi-lo < want {
		t.Errorf("%d bytes of free heap readied, want at least %d", hi-lo, want)
	}
	// Past the huge page holding lo (made one whole when it had pages in
	// memory), none of the range is in memory but the top of growHeap's
	// goroutine's stack, which may be a whole huge page; a populate of
	// the range would fault in over 1,000 pages.
	if n := proctest.Resident(t, (lo+hugePage-1)&^(hugePage-1), hi); n > hugePage/4096+64 {
		t.Errorf("%d pages of the free heap readied in memory, want none but a huge page", n)
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

// TestCollapseResident checks that collapseResident makes a huge page of
// one with a page in memory, keeping what was written, and leaves one
// without out of memory.
func TestCollapseResident(t *testing.T) {
	needHugePages(t)
	m, err := syscall.Mmap(-1, 0, 3*hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(m)
	base := uintptr(unsafe.Pointer(&m[0]))
	lo := (base + hugePage - 1) &^ (hugePage - 1)
	touched := int(lo-base) + 3*4096
	m[touched] = 7
	n, errno := collapseResident(lo, lo+2*hugePage)
	if n != 1 {
		t.Fatalf("collapseResident asked for %d huge pages, want 1 (the one with a page in memory)", n)
	}
	switch errno {
	case 0:
	case syscall.EAGAIN, syscall.ENOMEM, syscall.EINVAL:
		t.Skipf("the kernel made no huge page: %v", errno)
	default:
		t.Fatal(errno)
	}
	if got := proctest.SmapsField(t, lo, "AnonHugePages:") << 10; got < hugePage {
		t.Errorf("%d bytes of huge pages in the mapping after collapseResident, want %d", got, hugePage)
	}
	if m[touched] != 7 {
		t.Errorf("the byte written before is %d after collapseResident, want 7", m[touched])
	}
	if n := proctest.Resident(t, lo+hugePage, lo+2*hugePage); n != 0 {
		t.Errorf("%d pages in memory of the huge page that had none", n)
	}
}

// TestReadFile checks readFile against the files it reads.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("0123456789abcdef\n", 3000) // 51 kB
	for name, text := range map[string]string{"long": long, "empty": ""} {
		path := dir + "/" + name
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if b, ok := readFile(path); !ok || string(b) != text {
			t.Errorf("readFile(%s) = %d bytes, %v; want %d bytes", name, len(b), ok, len(text))
		}
	}
	if _, ok := readFile(dir + "/none"); ok {
		t.Error("readFile of a missing file succeeded")
	}
}

// TestParseHex checks parseHex against strconv.ParseUint.
func TestParseHex(t *testing.T) {
	for _, s := range []string{"0", "7f0a", "FFff", "ffffffffffffffff", "10000000000000000", "", "x", "12 ", "-1"} {
		want, err := strconv.ParseUint(s, 16, 64)
		got, ok := parseHex([]byte(s))
		if ok != (err == nil) || ok && uint64(got) != want {
			t.Errorf("parseHex(%q) = %#x, %v; want %#x, %v", s, got, ok, want, err)
		}
	}
}

// TestEarlyInit checks that the package imports nothing that a package
// coming earlier by import path waits for (os, strings, strconv: see
// readFile).
func TestEarlyInit(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skip(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch dep {
		case "os", "strings", "strconv", "unicode", "fmt", "bytes":
			t.Errorf("the package depends on %s", dep)
		}
	}
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

// TestReadyHeapLeavesHeapInUse checks that readyHeap leaves the huge
// pages of the heap in use below the free heap that have no page in
// memory as they are: a block taken and not touched stays out of memory
// (a huge page with pages in memory is made one whole). It runs in a
// process of its own: a fresh heap (in this one, the other tests' memory
// would be reused, and its block would change the heap they find).
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
	var empty []uintptr // the block's whole huge pages out of memory
	for h := (lo0 + hugePage - 1) &^ (hugePage - 1); h+hugePage <= hi0; h += hugePage {
		if proctest.Resident(t, h, h+hugePage) == 0 {
			empty = append(empty, h)
		}
	}
	if len(empty) == 0 {
		t.Skip("no whole huge page of the block is out of memory")
	}
	lo, _ := readyHeap(2 << 20)
	if lo == 0 {
		t.Fatal("the heap's mapping is not in /proc/self/maps")
	}
	if lo < hi0 {
		t.Fatalf("the free heap readied [%#x, ...) starts below the block's end %#x", lo, hi0)
	}
	for _, h := range empty {
		if n := proctest.Resident(t, h, h+hugePage); n != 0 {
			t.Errorf("%d pages in memory of the block's huge page at %#x, none before", n, h)
		}
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

// TestReadyLibrary checks that readyLibrary maps each page of the code
// up to libraryEnd and of the data with values (.noptrdata, .data), and
// that it does nothing in a program without rt (libraryEnd nil, as in
// this test's binary).
func TestReadyLibrary(t *testing.T) {
	if !inOwnProcess(t) {
		return
	}
	page := uintptr(os.Getpagesize())
	if populateRead(uintptr(unsafe.Pointer(&noptrdataMark))&^(page-1), uintptr(unsafe.Pointer(&noptrdataMark))&^(page-1)+page) == syscall.EINVAL {
		t.Skip("no MADV_POPULATE_READ (Linux 5.14)")
	}
	if libraryEnd != nil {
		t.Fatal("libraryEnd is set in a test binary without rt")
	}
	libraryEnd = libraryEndForTest
	defer func() { libraryEnd = nil }()
	readyImage()
	end := **(**uintptr)(unsafe.Pointer(&libraryEnd))
	for _, s := range []struct {
		name   string
		mark   uintptr
		lo, hi uintptr // the part readyLibrary maps
	}{
		{".text", end, 0, end &^ (page - 1)},
		{".noptrdata", uintptr(unsafe.Pointer(&noptrdataMark)), 0, 0},
		{".data", uintptr(unsafe.Pointer(&dataMark)), 0, 0},
	} {
		lo, hi := section(s.name, s.mark)
		if lo == 0 {
			t.Fatalf("no section %s holding %#x", s.name, s.mark)
		}
		lo &^= page - 1
		if s.hi == 0 {
			s.hi = (hi + page - 1) &^ (page - 1)
		}
		if n, want := proctest.Mapped(t, lo, s.hi), int((s.hi-lo)/page); n != want {
			t.Errorf("%s: %d of the %d pages readyLibrary maps are mapped", s.name, n, want)
		}
	}
}

// libraryEndForTest stands for rt's function that marks the end of the
// library's code.
func libraryEndForTest() {}

// TestReadyPersistent checks that readyPersistent has the pages after the
// interface table it made in memory, up to a block's size or the end of
// the table's mapping, and that they are writable memory of the process
// (a table the runtime took from its block for small records).
func TestReadyPersistent(t *testing.T) {
	page := uintptr(os.Getpagesize())
	if p := uintptr(unsafe.Pointer(&bssPointers)) &^ (page - 1); populateWrite(p, p+page) == syscall.EINVAL {
		t.Skip("no MADV_POPULATE_WRITE (Linux 5.14)")
	}
	readyPersistent()
	i, ok := freshBox.(interface{ freshMethod() })
	if !ok {
		t.Fatal("freshBox does not convert")
	}
	table := (*[2]uintptr)(unsafe.Pointer(&i))[0]
	lo, end := mapping(table)
	if end == 0 || table < lo || table >= end {
		t.Fatalf("the table at %#x is in no writable mapping (%#x-%#x)", table, lo, end)
	}
	from := table &^ (page - 1)
	to := min(from+persistentChunk, end)
	if n, want := proctest.Resident(t, from, to), int((to-from)/page); n != want {
		t.Errorf("%d of the %d pages after the table in memory, want all", n, want)
	}
}

// TestOwnCells checks that the package's init had the binary's .bss
// section in the process's memory, found where the binary's section
// headers say it is (debug/elf), and left .data the file's: no copy of
// it at start (package rt/cell says why none is needed).
func TestOwnCells(t *testing.T) {
	page := uintptr(os.Getpagesize())
	if p := uintptr(unsafe.Pointer(&bssPointers)) &^ (page - 1); populateWrite(p, p+page) == syscall.EINVAL {
		t.Skip("no MADV_POPULATE_WRITE (Linux 5.14)")
	}
	exe, err := elf.Open("/proc/self/exe")
	if err != nil {
		t.Fatal(err)
	}
	defer exe.Close()
	bss, data := exe.Section(".bss"), exe.Section(".data")
	if bss == nil || data == nil {
		t.Fatal("the test binary has no .bss or .data section")
	}
	lo, hi := section(".bss", uintptr(unsafe.Pointer(&bssPointers)))
	if lo != uintptr(bss.Addr) || hi != uintptr(bss.Addr+bss.Size) {
		t.Fatalf("section(.bss) = %#x, %#x; the section headers say %#x, %#x", lo, hi, bss.Addr, bss.Addr+bss.Size)
	}
	if lo, hi := section(".bss", uintptr(unsafe.Pointer(&dataMark))); lo != 0 || hi != 0 {
		t.Errorf("section(.bss) holding a variable of .data = %#x, %#x; want 0, 0", lo, hi)
	}
	plo, phi := lo&^(page-1), (hi+page-1)&^(page-1)
	if owned, all := proctest.Owned(t, plo, phi), int((phi-plo)/page); owned < all {
		t.Errorf("%d of .bss's %d pages in the process's memory, want all", owned, all)
	}
	dlo, dhi := uintptr(data.Addr)&^(page-1), (uintptr(data.Addr+data.Size)+page-1)&^(page-1)
	if owned, all := proctest.Owned(t, dlo, dhi), int((dhi-dlo)/page); owned > all/2 {
		t.Errorf("%d of .data's %d pages are the process's own, want it left the file's", owned, all)
	}
}

// section is findSections of one section: its range, or 0, 0.
func section(name string, mark uintptr) (lo, hi uintptr) {
	s := [1]sectionRange{{name: name, mark: mark}}
	findSections(s[:])
	return s[0].lo, s[0].hi
}

// TestOneShot: the command lines oneProcessor runs on one processor are
// `compile`'s without --facts-dir.
func TestOneShot(t *testing.T) {
	for line, want := range map[string]bool{
		"bin/catalog\x00compile\x00web1\x00--facts\x00f.json\x00":               true,
		"bin/catalog\x00compile\x00--facts=f.json\x00-o\x00out.json\x00":        true,
		"bin/catalog\x00compile\x00--facts-dir\x00d\x00--out-dir\x00o\x00":      false,
		"bin/catalog\x00compile\x00--facts-dir=d\x00--out-dir=o\x00":            false,
		"bin/catalog\x00bench\x00web1\x00--facts\x00f.json\x00":                 false,
		"bin/catalog\x00serve\x00":                                              false,
		"bin/catalog\x00--puppet\x007\x00compile\x00web1\x00":                   false, // a flag's value first
		"bin/catalog\x00--puppet=7\x00compile\x00web1\x00--facts\x00f.json\x00": true,
		"bin/catalog\x00": false,
	} {
		if got := oneShot([]byte(line)); got != want {
			t.Errorf("oneShot(%q) = %v", line, got)
		}
	}
}

// TestOneProcessor checks that a process whose command line is a one-shot
// compile runs on one processor from this package's init, unless
// GOMAXPROCS is set.
func TestOneProcessor(t *testing.T) {
	if os.Getenv("PREFAULT_TEST_CHILD") != "" {
		want := 1
		if os.Getenv("PREFAULT_TEST_KEEP") != "" {
			want = 2
		}
		if got := runtime.GOMAXPROCS(0); got != want {
			t.Fatalf("GOMAXPROCS %d, want %d", got, want)
		}
		return
	}
	for _, keep := range []bool{false, true} {
		// a test binary's flags come first; its first other argument is
		// the command
		cmd := exec.Command(os.Args[0], "-test.run=^TestOneProcessor$", "compile", "web1")
		cmd.Env = append(os.Environ(), "PREFAULT_TEST_CHILD=1")
		if keep {
			cmd.Env = append(cmd.Env, "GOMAXPROCS=2", "PREFAULT_TEST_KEEP=1")
		} else {
			cmd.Env = slices.DeleteFunc(cmd.Env, func(e string) bool { return strings.HasPrefix(e, "GOMAXPROCS=") })
		}
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "PASS") {
			t.Errorf("GOMAXPROCS set: %v: %v\n%s", keep, err, out)
		}
	}
}
