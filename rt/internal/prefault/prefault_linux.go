package prefault

import (
	"runtime"
	"syscall"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/hugepage"
)

const (
	// madvCollapse (MADV_COLLAPSE, Linux 6.1) makes a range's pages a
	// huge page at once, those in memory copied into it.
	madvCollapse = 25

	// madvPopulateRead (MADV_POPULATE_READ, Linux 5.14) has a range's
	// pages mapped as a read would, without faults.
	madvPopulateRead = 22

	// madvPopulateWrite (MADV_POPULATE_WRITE, Linux 5.14) has a range's
	// pages in memory as a write would, without faults.
	madvPopulateWrite = 23

	// hugePage is the size and alignment of a huge page.
	hugePage = hugepage.Size

	// probeSize is a block the runtime takes from the lowest free pages of
	// the heap (blocks under 128 KiB come from per-P caches of pages).
	probeSize = 128 << 10
)

// sink keeps the compiler from putting the probes on the stack.
var sink []byte

// probe is the address of a block the heap's lowest free pages hold.
func probe() uintptr {
	sink = make([]byte, probeSize)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(sink)))
	sink = nil
	return p
}

// readyHeap has the free heap after the heap in use, at least want bytes
// of it (growHeap maps more), backed by huge pages as it is first touched
// (hugepage.Advise), and returns it. Nothing is faulted in ahead: a page
// the process never touches costs nothing, but for the rest of a huge
// page it touches.
//
// The huge pages of the mapping below the free heap's start are advised
// too; those with pages in memory (the heap in use, or a chunk the
// runtime mapped after the last advice) would stay in pages, each of
// their free pages a fault at its first touch (the runtime's per-P caches
// of pages keep free pages below the probe's), and are made huge pages at
// once (collapseResident: 0.2-0.3 ms on a quiet machine, several on a busy
// one, where their free pages would fault one by one), those below the
// heap advised before excepted.
func readyHeap(want uintptr) (lo, hi uintptr) {
	p := probe()
	start, end := mapping(p)
	if end == 0 {
		return 0, 0
	}
	lo = p + probeSize
	if end-lo < want {
		// The goroutine's stack takes the free pages after lo and gives
		// them back: they are still the heap's lowest free pages.
		growHeap()
		if _, end = mapping(p); end == 0 {
			return 0, 0
		}
	}
	hugepage.Advise(start, end)
	collapseResident(max(start, advised), min((lo+hugePage-1)&^(hugePage-1), end))
	advised = max(advised, end)
	return lo, end
}

// advised is where the heap readyHeap advised last ends: the huge pages
// below it are huge pages already (collapsed, or advised before their
// first touch), not collapsed again (see collapseResident).
var advised uintptr

// collapseResident makes the whole huge pages of [lo, hi) from the first
// to the last that has pages in memory huge pages (MADV_COLLAPSE), in one
// call: each call first drains every CPU's per-CPU page lists
// (lru_add_drain_all), waiting for a kernel thread on each. It returns
// how many huge pages it asked for and the error.
func collapseResident(lo, hi uintptr) (n int, err syscall.Errno) {
	first, last := uintptr(0), uintptr(0)
	for b := (lo + hugePage - 1) &^ (hugePage - 1); b+hugePage <= hi; b += hugePage {
		if firstResident(b, b+hugePage) < b+hugePage {
			if first == 0 {
				first = b
			}
			last = b + hugePage
		}
	}
	if first == 0 {
		return 0, 0
	}
	return int((last - first) / hugePage), advise(first, last, madvCollapse)
}

// growHeap makes the runtime map 8 MiB more of heap and leaves it free: a
// goroutine's stack is taken from the heap's free pages and given back
// when the goroutine is gone. That is after it has sent its last: when
// another thread runs the goroutine, it waits for it, a while.
func growHeap() {
	n := runtime.NumGoroutine()
	done := make(chan byte)
	go func() { done <- bigFrame(0) }()
	<-done
	for i := 0; i < 1000 && runtime.NumGoroutine() > n; i++ {
		runtime.Gosched()
	}
}

// bigFrame's frame is over 4 MiB: its stack grows to 8 MiB at once, the
// prologue asking for the whole frame, which it does not touch. The
// stack's top is in memory (the runtime copies the goroutine's first
// stack there), and the huge page holding it stays in pages: of 8 MiB,
// three are free to be huge pages, of 4 MiB one (keystone one-shot, 120
// interleaved runs: CPU median 12.94 ms with a 4 MiB stack, 11.87 ms with
// 8 MiB; firewall 6.07 and 5.38 ms, lamp_web 10.26 and 9.36 ms).
//
//go:noinline
func bigFrame(i int) byte {
	if i > 0 {
		// each under the compiler's limit for a variable on the stack
		var a, b, c, d, e, f, g, h, j, k, l, m, n, o, p, q, r [124 << 10]byte
		var a2, b2, c2, d2, e2, f2, g2, h2, j2, k2, l2, m2, n2, o2, p2, q2, r2 [124 << 10]byte
		return a[i] + b[i] + c[i] + d[i] + e[i] + f[i] + g[i] + h[i] + j[i] + k[i] + l[i] + m[i] + n[i] + o[i] + p[i] + q[i] + r[i] +
			a2[i] + b2[i] + c2[i] + d2[i] + e2[i] + f2[i] + g2[i] + h2[i] + j2[i] + k2[i] + l2[i] + m2[i] + n2[i] + o2[i] + p2[i] + q2[i] + r2[i]
	}
	return 0
}

// readyLibrary has the code of the library (up to libraryEnd) and the
// binary's data with values (.noptrdata, .data) mapped at once
// (MADV_POPULATE_READ): the file's pages, which the page cache holds,
// each read page by page otherwise, one fault for 16 pages at most (the
// kernel maps a faulting page's neighbours that are in the page cache).
// A compile and the packages' initialization run code all over the
// library's, and read most of the data: a one-shot keystone compile
// faulted ~70 times in the library's code after this package's
// initialization and ~55 times in the data, and mapped nearly all of
// both. The generated packages' code, of which a compile runs a part,
// is left to fault. Page faults per run: keystone 601 -> 493, firewall
// 482 -> 394 (perf stat, 20 runs); the median run, 100 interleaved runs
// of the same binary with and without (its text up to the generated
// code): keystone 19.75 -> 18.52 ms, firewall 13.49 -> 12.88 ms. Peak RSS
// (the most of 20 runs) keystone 27.5 -> 28.7 MiB, firewall 17.3 -> 22.3
// MB: a mapped page of the file counts, and a small catalog's compile
// runs less of the library.
func readyLibrary(text sectionRange, data []sectionRange) {
	if libraryEnd == nil {
		return
	}
	page := uintptr(syscall.Getpagesize())
	if text.hi != 0 {
		populateRead(text.lo&^(page-1), text.mark&^(page-1)) // text.mark: the library code's end
	}
	for _, d := range data {
		if d.hi != 0 {
			populateRead(d.lo&^(page-1), (d.hi+page-1)&^(page-1))
		}
	}
}

// readyImage readies the binary's own pages, its code and data
// (readyLibrary) and its .bss (ownCells), reading its section headers
// once.
func readyImage() {
	var end uintptr // the library's code's end; 0, no section's address, without it
	if libraryEnd != nil {
		end = **(**uintptr)(unsafe.Pointer(&libraryEnd)) // a func value points to its code's address
	}
	s := [...]sectionRange{
		{name: ".text", mark: end},
		{name: ".noptrdata", mark: uintptr(unsafe.Pointer(&noptrdataMark))},
		{name: ".data", mark: uintptr(unsafe.Pointer(&dataMark))},
		{name: ".bss", mark: uintptr(unsafe.Pointer(&bssPointers))},
	}
	findSections(s[:])
	readyLibrary(s[0], s[1:3])
	ownCells(s[3])
}

// noptrdataMark and dataMark are variables with values of the sections
// .noptrdata (no pointers) and .data, by which readyImage checks the
// sections it read.
var (
	noptrdataMark = [1]byte{1}
	dataMark      = &bssPointers
)

// persistentChunk is the size of the blocks the runtime takes from the
// system for its own small records that are never freed (persistentalloc's
// persistentChunkSize): interface tables, the lists of spans its size
// classes fill (spanSet blocks), span records.
const persistentChunk = 256 << 10

// readyPersistent has the rest of the runtime's current block for its own
// records in memory at once (MADV_POPULATE_WRITE): a compile's first
// spans of each size class, filled, each give a list a block of ~4 KiB
// there, and its interface conversions their tables. A one-shot keystone
// compile faulted in ~120 pages of such blocks one by one, 8 µs each on
// this project's VM of December 2026 (conformance.PageFaultCost), where
// at most 64 pages in one call cost 25-45 µs: 41 faults fewer, the median
// run 20.80 -> 20.39 ms (firewall 13.99 -> 13.36 ms; 100 interleaved
// runs each), its peak RSS the same. The block is found by a table the
// runtime makes as the call converts a value to an interface no
// conversion of the program's names (the linker lays those out): it
// takes it from its current block, whose rest lies after it (the runtime
// hands a block out upwards). The next block the compile takes is
// mapped later and faults page by page.
func readyPersistent() {
	t, ok := freshBox.(interface{ freshMethod() })
	if !ok {
		return
	}
	table := (*[2]uintptr)(unsafe.Pointer(&t))[0] // an interface's first word
	if _, end := mapping(table); end != 0 {
		page := uintptr(syscall.Getpagesize())
		lo := table &^ (page - 1)
		populateWrite(lo, min(lo+persistentChunk, end))
	}
}

// freshType is converted to an interface only by readyPersistent.
type freshType struct{ byte }

func (freshType) freshMethod() {}

// freshBox holds a freshType, which readyPersistent converts: a variable,
// so that the conversion is done when it runs.
var freshBox any = freshType{}

// bssPointers is a variable of the binary's .bss section (a pointer
// without a value), by which readyImage checks the section it read.
var bssPointers *uintptr

// ownCells has the binary's .bss section, its variables that hold
// pointers and have no value, in the process's memory at once: the
// generated packages' cells, where their references keep what they find
// (package rt/cell), and the packages' caches. A page of it the process
// has not touched is then a new page of zeros, in one call, none copied
// from the file and none flushed from the other CPUs. Touched as the
// program runs, a page first read maps the shared page of zeros and its
// first write faults again, which has the old translation flushed from
// the CPUs that run the process (on this project's VMs, a call to the
// host): a one-shot keystone compile faulted 29 times reading and 42
// times writing there.
//
// The references themselves are in .data, the file's pages, which no
// compile writes: before their caches moved to the cells, a one-shot
// keystone compile wrote 95 of .data's 343 pages, and ownData had the
// whole section copied at start (0.75-1.0 ms, strace -T).
func ownCells(bss sectionRange) {
	if bss.lo < bss.hi {
		page := uintptr(syscall.Getpagesize())
		populateWrite(bss.lo&^(page-1), (bss.hi+page-1)&^(page-1))
	}
}

// sectionRange is a section findSections looks for: its name and an
// address it must hold (mark), and the range it found, read from the
// binary's section headers (/proc/self/exe); 0, 0 when they cannot be read
// or the section does not hold mark (a binary whose addresses are not the
// file's: position independent).
type sectionRange struct {
	name   string
	mark   uintptr
	lo, hi uintptr
}

// findSections sets the range of each of want, reading the binary's
// section headers once. It reads them itself, not with debug/elf or
// encoding/binary, which would have the package initialize after theirs
// (see the package comment).
func findSections(want []sectionRange) {
	fd, err := syscall.Open("/proc/self/exe", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	var eh [64]byte // the ELF header
	if n, err := syscall.Pread(fd, eh[:], 0); err != nil || n != len(eh) ||
		string(eh[:4]) != "\x7fELF" || eh[4] != 2 || eh[5] != 1 { // 64-bit, little-endian
		return
	}
	shoff, shentsize := le(eh[0x28:0x30]), le(eh[0x3a:0x3c])
	shnum, shstrndx := le(eh[0x3c:0x3e]), le(eh[0x3e:0x40])
	var sh [64 * 64]byte // the section headers (a Go binary has ~30)
	if shentsize != 64 || shnum == 0 || shnum > 64 || shstrndx >= shnum {
		return
	}
	table := sh[:shnum*64]
	if n, err := syscall.Pread(fd, table, int64(shoff)); err != nil || n != len(table) {
		return
	}
	strs := table[shstrndx*64:]
	var names [1024]byte // the section names' table
	nn, err := syscall.Pread(fd, names[:min(le(strs[0x20:0x28]), uint64(len(names)))], int64(le(strs[0x18:0x20])))
	if err != nil {
		return
	}
	for w := range want {
		s := &want[w]
		for i := uint64(0); i < shnum; i++ {
			h := table[i*64:]
			if at := le(h[0:4]); at+uint64(len(s.name)) < uint64(nn) && string(names[at:at+uint64(len(s.name))]) == s.name && names[at+uint64(len(s.name))] == 0 {
				lo := uintptr(le(h[0x10:0x18]))
				if hi := lo + uintptr(le(h[0x20:0x28])); lo <= s.mark && s.mark < hi {
					s.lo, s.hi = lo, hi
				}
				break
			}
		}
	}
}

// le is the little-endian unsigned integer of b (at most 8 bytes).
func le(b []byte) uint64 {
	var x uint64
	for i := len(b) - 1; i >= 0; i-- {
		x = x<<8 | uint64(b[i])
	}
	return x
}

// populateRead has [lo, hi) mapped as a read would (MADV_POPULATE_READ,
// Linux 5.14).
func populateRead(lo, hi uintptr) syscall.Errno { return advise(lo, hi, madvPopulateRead) }

// populateWrite has [lo, hi) in memory as a write would; EINVAL before
// Linux 5.14.
func populateWrite(lo, hi uintptr) syscall.Errno { return advise(lo, hi, madvPopulateWrite) }

// mapping is the writable mapping holding addr, as /proc/self/maps shows
// it (the runtime's heap maps are anonymous), with the writable mappings
// that follow it without a gap (the huge-page advice splits a mapping), or
// 0, 0. It asks the kernel for them with PROCMAP_QUERY (Linux 6.11): the
// text of /proc/self/maps takes the kernel ~250 µs to write, a query 2 µs.
func mapping(addr uintptr) (lo, hi uintptr) {
	fd, err := syscall.Open("/proc/self/maps", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0, 0
	}
	defer syscall.Close(fd)
	for {
		start, end, flags, errno := query(fd, max(addr, hi))
		switch {
		case errno == syscall.ENOTTY || errno == syscall.EINVAL:
			return mapsText(addr)
		case errno != 0 || flags&(vmaReadable|vmaWritable) != vmaReadable|vmaWritable || hi != 0 && start != hi:
			return lo, hi
		case hi == 0:
			lo = start
		}
		hi = end
	}
}

// procmapQuery is the kernel's struct procmap_query, which asks for the
// mapping holding an address.
type procmapQuery struct {
	size, flags, addr, vmaStart, vmaEnd, vmaFlags, vmaPageSize, vmaOffset, inode uint64
	devMajor, devMinor, vmaNameSize, buildIDSize                                 uint32
	vmaNameAddr, buildIDAddr                                                     uint64
}

const (
	procmapQueryIoctl = 0xc0686611 // _IOWR('f', 17, struct procmap_query)
	vmaReadable       = 1
	vmaWritable       = 2
)

// query is the mapping holding addr, asked of /proc/self/maps open as fd.
func query(fd int, addr uintptr) (lo, hi uintptr, flags uint64, errno syscall.Errno) {
	q := procmapQuery{size: uint64(unsafe.Sizeof(procmapQuery{})), addr: uint64(addr)}
	_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), procmapQueryIoctl, uintptr(unsafe.Pointer(&q)))
	return uintptr(q.vmaStart), uintptr(q.vmaEnd), q.vmaFlags, errno
}

// mapsText is mapping, read from the text of /proc/self/maps.
func mapsText(addr uintptr) (lo, hi uintptr) {
	maps, ok := readFile("/proc/self/maps")
	if !ok {
		return 0, 0
	}
	for len(maps) > 0 {
		var line []byte
		line, maps, _ = cut(maps, '\n')
		span, perms, _ := cut(line, ' ')
		first, last, _ := cut(span, '-')
		l, ok1 := parseHex(first)
		h, ok2 := parseHex(last)
		ok := ok1 && ok2 && len(perms) >= 2 && perms[0] == 'r' && perms[1] == 'w'
		switch {
		case hi == 0 && ok && l <= addr && addr < h:
			lo, hi = l, h
		case hi != 0 && ok && l == hi:
			hi = h
		case hi != 0:
			return lo, hi
		}
	}
	return lo, hi
}

// readFile is os.ReadFile of a file of /proc. The package does without
// os, strings and strconv so that it is initialized among the first: a
// package is initialized after its imports, and after them the packages
// that come first by import path and are ready. Waiting for os and
// unicode, its init ran 58th of 110, after crypto, compress, flag and
// regexp2's tables, and the heap those took stayed in pages, a fault each.
func readFile(name string) ([]byte, bool) {
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, false
	}
	defer syscall.Close(fd)
	b := make([]byte, 0, 16<<10)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := syscall.Read(fd, b[len(b):cap(b)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, false
		case n == 0:
			return b, true
		}
		b = b[:len(b)+n]
	}
}

// cut is bytes.Cut at a byte (see readFile).
func cut(b []byte, sep byte) (before, after []byte, found bool) {
	for i, c := range b {
		if c == sep {
			return b[:i], b[i+1:], true
		}
	}
	return b, nil, false
}

// parseHex is the number a non-empty run of hexadecimal digits spells
// (see readFile).
func parseHex(b []byte) (uintptr, bool) {
	var n uintptr
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		if n>>(8*unsafe.Sizeof(n)-4) != 0 {
			return 0, false // overflows
		}
		n = n<<4 | uintptr(c)
	}
	return n, len(b) > 0
}

// firstResident is the first page of [lo, hi) that is in memory, or hi.
func firstResident(lo, hi uintptr) uintptr {
	page := uintptr(syscall.Getpagesize())
	var vec [1024]byte // mincore's answer: a byte a page
	for lo+page <= hi {
		n := min((hi-lo)/page, uintptr(len(vec)))
		_, _, errno := syscall.Syscall(syscall.SYS_MINCORE, lo, n*page, uintptr(unsafe.Pointer(&vec[0])))
		if errno != 0 {
			return hi
		}
		for i, v := range vec[:n] {
			if v&1 != 0 {
				return lo + uintptr(i)*page
			}
		}
		lo += n * page
	}
	return hi
}

// advise gives the kernel advice about [lo, hi).
func advise(lo, hi, advice uintptr) syscall.Errno {
	if lo >= hi {
		return 0
	}
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, advice)
	return errno
}

// oneProcessor has a one-shot compile (`BINARY compile`, without
// --facts-dir) run on one processor (GOMAXPROCS=1), unless GOMAXPROCS says
// otherwise. Such a process runs one goroutine and, for a catalog of a few
// hundred resources, no collection; with two processors its goroutine
// moved between them, and each processor's caches took spans of their own
// for the same size classes: more pages touched, and in some runs the heap
// reached one more huge page. Keystone one-shot, 60 interleaved runs of one
// binary: peak RSS 26.0 MiB median, 26.8 most, against 26.6 and 28.8 with
// GOMAXPROCS=2 (30.3-30.4 MiB in two benches' 40 runs before); the median
// run 9.36 against 9.23 ms, with 62 faults more: perf shows more first
// touches of fresh heap pages (part of the heap stays in 4 KiB pages after
// the change; why is not known), a cost where faults are dear. GOMAXPROCS=1
// in the environment, from the start, gave 8.79 ms, 26.1 MiB and 33
// faults fewer than two processors.
func oneProcessor() {
	if _, set := syscall.Getenv("GOMAXPROCS"); set {
		return
	}
	// not readFile: its buffer would be heap taken before readyHeap
	var buf [4096]byte
	fd, err := syscall.Open("/proc/self/cmdline", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	n, err := syscall.Read(fd, buf[:])
	syscall.Close(fd)
	if err != nil || n == len(buf) { // a command line longer than that: left as it is
		return
	}
	if oneShot(buf[:n]) {
		runtime.GOMAXPROCS(1)
	}
}

// oneShot reports whether a command line (/proc/self/cmdline: arguments
// ended by NULs) is a one-shot compile: its first argument that is not a
// flag is `compile`, and no argument is --facts-dir. A flag given a value
// in the next argument before the command (`--puppet 7 compile`) makes
// that value the first: such a line is left as it is.
func oneShot(cmdline []byte) bool {
	_, rest, _ := cut(cmdline, 0) // the program's path
	command := false
	for len(rest) > 0 {
		var arg []byte
		arg, rest, _ = cut(rest, 0)
		switch {
		case string(arg) == "--facts-dir" || hasPrefix(arg, "--facts-dir="):
			return false
		case !command && len(arg) > 0 && arg[0] != '-':
			if string(arg) != "compile" {
				return false
			}
			command = true
		}
	}
	return command
}

// hasPrefix is bytes.HasPrefix (see readFile).
func hasPrefix(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && string(b[:len(prefix)]) == prefix
}
