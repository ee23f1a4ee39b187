// Package batch readies the heap of a process that compiles catalog after
// catalog: bench, a directory of nodes' facts, a server. Package prefault
// readies the heap of one compile.
package batch

import (
	"runtime"

	"github.com/pp2go/pp2go/rt/hugeheap"
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
	hugeheap.Grow(uintptr(max(goal+goal/4, 16<<20)))
}

// maxGoal bounds the heap Prefault maps ahead of use (a quarter more):
// mapped, it counts against the machine's commit limit, touched or not.
const maxGoal = 256 << 20
