// Package batch readies the heap of a process that compiles catalog after
// catalog: bench, a directory of nodes' facts, a server. Package prefault
// readies the heap of one compile.
package batch

import (
	"runtime"
	"strings"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/prefault"
)

// Prefault collects, and has the runtime map the free heap the compiles
// will grow into (the heap's goal, a quarter more), whose whole huge pages
// the kernel backs with huge pages as they are first touched, a fault per
// 2 MiB. In 4 KiB pages, a keystone process's first ~40 compiles each
// faulted in ~180 pages of fresh heap (0.75 MB allocated a compile, until
// the heap reached its goal of ~38 MiB), ~7,000 faults in all; with
// Prefault, ~1,000.
func Prefault() {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	goal := ms.NextGC
	if goal > maxGoal {
		goal = maxGoal // GOGC=off: no goal (NextGC is the largest uint64)
	}
	grow(uintptr(max(goal+goal/4, 16<<20)))
}

// maxGoal bounds the heap Prefault maps ahead of use (a quarter more):
// mapped, it counts against the machine's commit limit, touched or not.
const maxGoal = 256 << 20

// grow has the runtime map want bytes of free heap, advises huge pages for
// the heap's mapping, and collects. It returns where that free block starts.
func grow(want uintptr) (block uintptr) {
	// A block from Grow is not zeroed: the runtime maps fresh heap for it
	// and touches none of it (a make'd one would be zeroed, a page fault a
	// page, where it starts in freed heap).
	var b strings.Builder
	b.Grow(int(want))
	block = uintptr(unsafe.Pointer(unsafe.StringData(b.String()[:0])))
	if lo, hi := prefault.HeapMapping(); hi != 0 {
		prefault.AdviseHugePages(lo, hi)
	}
	b.Reset()
	runtime.GC() // frees the block
	return block
}
