package prefault

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"unsafe"
)

const (
	// madvPopulateWrite (MADV_POPULATE_WRITE, Linux 5.14) faults a range
	// in as writes would, in one call; older kernels say EINVAL.
	madvPopulateWrite = 23

	// madvHugepage (MADV_HUGEPAGE) has a range backed by huge pages, each
	// faulted in whole at its first touch; madvCollapse (MADV_COLLAPSE,
	// Linux 6.1) makes one of a block some of whose pages are in memory.
	madvHugepage = 14
	madvCollapse = 25

	// hugePage is the size and alignment of an x86-64 huge page.
	hugePage = 2 << 20

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

// populate faults in want bytes of free heap after the heap in use, which
// it returns. The whole huge pages among those it backs with huge pages
// (hugePages): on this project's VMs a 4 KiB page's first touch costs
// 10-15 µs even once faulted in (the hypervisor's page tables), and a
// huge page's, when its memory is the host's already, ~150 µs (0.3 µs a
// 4 KiB page).
func populate(want uintptr) (lo, hi uintptr) {
	p := probe()
	start, end := mapping(p)
	if end == 0 {
		return 0, 0
	}
	// The runtime leaves a random number of pages at the heap's start
	// unused: the first page in memory is where its allocations start.
	// The pages of the heap in use below the probe that are not in
	// memory are left as they are: spans and stacks taken and not yet
	// touched (the main goroutine's 512 KiB stack among them) in the
	// 2.3-2.6 MB from first to the probe at a keystone compile's start,
	// some of which the process never touches (peak RSS 0.5-0.7 MB less
	// without). Faulting them in as well cost more than it saved: the
	// same binaries, 200 interleaved one-shot runs each, CPU median
	// keystone 16.29 -> 15.67 ms (two more rounds: 15.80 -> 15.36,
	// 15.62 -> 15.09), firewall 8.69 -> 8.08 (8.39 -> 7.84), lamp_web
	// 12.21 -> 11.67 ms without.
	first := firstResident(start, p)
	if end-(p+probeSize) < want {
		// The goroutine's stack takes the free pages after the probe
		// and gives them back: they are still the heap's lowest free
		// pages, and a second probe would be zeroed (the runtime zeroes
		// a block of freed pages it hands out): 32 pages touched for
		// nothing.
		growHeap()
		if _, end = mapping(p); end == 0 {
			return 0, 0
		}
	}
	lo, hi = p+probeSize, min(end, p+probeSize+want)
	hugePages(first, lo, hi)
	madvise(lo, hi)
	return lo, hi
}

// hugePages has the whole huge pages of [lo, hi) backed by huge pages
// where the kernel can, and the one holding lo when the heap in use (from
// first) fills it below lo.
//
// A block with a page in memory (the heap in use below lo, the top of
// growHeap's goroutine's stack) would stay in pages: it is made a huge
// page now. The blocks are in the heap in use or the range populate
// faults in, so the process's memory stays what it was.
func hugePages(first, lo, hi uintptr) {
	hlo, hhi := (lo+hugePage-1)&^(hugePage-1), hi&^(hugePage-1)
	if b := lo &^ (hugePage - 1); b >= first {
		hlo = b
	}
	if hlo >= hhi || advise(hlo, hhi, madvHugepage) != 0 {
		return
	}
	for b := hlo; b < hhi; b += hugePage {
		if firstResident(b, b+hugePage) < b+hugePage {
			advise(b, b+hugePage, madvCollapse)
		}
	}
}

// growHeap makes the runtime map 4 MiB more of heap and leaves it free: a
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

// bigFrame's frame is over 2 MiB: its stack doubles to 4 MiB at once, the
// prologue asking for the whole frame, which it does not touch.
//
//go:noinline
func bigFrame(i int) byte {
	if i > 0 {
		var a, b, c, d, e, f, g, h, j, k, l, m, n, o, p, q, r [124 << 10]byte // each under the compiler's limit for a variable on the stack
		return a[i] + b[i] + c[i] + d[i] + e[i] + f[i] + g[i] + h[i] + j[i] + k[i] + l[i] + m[i] + n[i] + o[i] + p[i] + q[i] + r[i]
	}
	return 0
}

// mapping is the writable mapping holding addr, as /proc/self/maps shows
// it (the runtime's heap maps are anonymous), with the writable mappings
// that follow it without a gap (hugePages's advice splits a mapping), or
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
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0, 0
	}
	for len(maps) > 0 {
		var line []byte
		line, maps, _ = bytes.Cut(maps, []byte{'\n'})
		span, perms, _ := bytes.Cut(line, []byte{' '})
		first, last, _ := bytes.Cut(span, []byte{'-'})
		l64, err1 := strconv.ParseUint(string(first), 16, 64)
		h64, err2 := strconv.ParseUint(string(last), 16, 64)
		l, h := uintptr(l64), uintptr(h64)
		ok := err1 == nil && err2 == nil && len(perms) >= 2 && perms[0] == 'r' && perms[1] == 'w'
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

// madvise faults in [lo, hi), where the kernel can.
func madvise(lo, hi uintptr) syscall.Errno {
	return advise(lo, hi, madvPopulateWrite)
}

// advise gives the kernel advice about [lo, hi).
func advise(lo, hi, advice uintptr) syscall.Errno {
	if lo >= hi {
		return 0
	}
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, advice)
	return errno
}

// HeapMapping is the writable mapping that holds the heap's lowest free
// pages, with the writable mappings that follow it (see mapping), or 0, 0.
func HeapMapping() (lo, hi uintptr) {
	return mapping(probe())
}

// AdviseHugePages advises huge pages for the whole huge pages of [lo, hi),
// which the kernel then backs with huge pages as they are first touched.
func AdviseHugePages(lo, hi uintptr) {
	advise((lo+hugePage-1)&^(hugePage-1), hi&^(hugePage-1), madvHugepage)
}
