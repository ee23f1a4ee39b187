package prefault

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

const (
	// madvPopulateWrite (MADV_POPULATE_WRITE, Linux 5.14) faults a range
	// in as writes would, in one call; older kernels say EINVAL.
	madvPopulateWrite = 23

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

// populate faults in the pages of the heap in use that are not in memory
// yet (spans partly filled) and want bytes of free heap after them, which
// it returns.
func populate(want uintptr) (lo, hi uintptr) {
	p := probe()
	start, end := mapping(p)
	if end == 0 {
		return 0, 0
	}
	// The runtime leaves a random number of pages at the heap's start
	// unused: the first page in memory is where its allocations start.
	madvise(firstResident(start, p), p)
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
	madvise(lo, hi)
	return lo, hi
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
// it (the runtime's heap maps are anonymous), or 0, 0.
func mapping(addr uintptr) (lo, hi uintptr) {
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0, 0
	}
	for line := range strings.Lines(string(maps)) {
		span, perms, _ := strings.Cut(line, " ")
		first, last, _ := strings.Cut(span, "-")
		l, err1 := strconv.ParseUint(first, 16, 64)
		h, err2 := strconv.ParseUint(last, 16, 64)
		if err1 == nil && err2 == nil && uintptr(l) <= addr && addr < uintptr(h) {
			if !strings.HasPrefix(perms, "rw") {
				return 0, 0
			}
			return uintptr(l), uintptr(h)
		}
	}
	return 0, 0
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
	if lo >= hi {
		return 0
	}
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvPopulateWrite)
	return errno
}
