// Package batch readies the heap of a process that compiles catalog after
// catalog: bench, a directory of nodes' facts, a server. Package prefault
// readies the heap of one compile.
package batch

import (
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/pp2go/pp2go/rt/hugeheap"
)

// Prefault collects, and has the runtime map the free heap the compiles
// will grow into (the heap's goal, a quarter more, and at least
// minReady), whose whole huge pages the kernel backs with huge pages as
// they are first touched, a fault per 2 MiB. In 4 KiB pages, a keystone
// process's first ~40 compiles each faulted in ~180 pages of fresh heap
// (0.75 MB allocated a compile, until the heap reached its goal of ~38
// MiB), ~7,000 faults in all; with Prefault, ~1,000. Regrow readies more
// as the goal grows past it.
func Prefault() {
	runtime.GC()
	goal := heapGoal()
	ready(max(goal+goal/4, minReady))
}

// minReady is the least heap Prefault readies: what a batch's heap grows
// to as the process keeps what its compiles found for the next (caches
// filling with each node's names and addresses): a keystone batch of
// 2,000 nodes of their own facts (-j 2) has a live heap of 9 MB after its
// first compiles, 21 MB at the end, and its goal grows from ~50 to ~115
// MB. Readied as it grew (Regrow from the goal a quarter more, 20 MB),
// each new block cost a forced collection and the runtime's tables for
// it faulted in: 7.8-8.0k page faults in that batch, against 3.2k with
// 128 MiB readied at once, and 18-22k with no Regrow (the heap past the
// readied block faulted in 4 KiB pages). Mapped and never touched, the
// rest costs nothing but address space.
const minReady = 128 << 20

// readied is the heap Prefault or Regrow last readied, in bytes (0: none).
var readied atomic.Uint64

// ready has hugeheap ready want bytes of free heap and records it.
func ready(want uint64) {
	readied.Store(want)
	hugeheap.Grow(uintptr(want))
}

// Regrow readies more heap (twice as much, or the goal a quarter more)
// once the collector's goal has grown past what Prefault readied, up to
// maxGoal; it does nothing in a process that did not Prefault. Cheap
// enough to call before each compile: the goal changes only when a
// collection ends, and it is read (runtime.ReadMemStats, a stop of the
// world) only after one did.
func Regrow() {
	if r := readied.Load(); r == 0 || r >= maxGoal || !growing.TryLock() {
		return // another goroutine grows it
	}
	defer growing.Unlock()
	if mark.Value() != nil {
		return // no collection since the goal was read
	}
	// read under the lock: while a block Grow allocated is alive, the
	// goal counts it
	r := readied.Load()
	if goal := heapGoal(); goal+goal/4 > r {
		ready(min(max(goal+goal/4, 2*r), maxGoal)) // collects
	}
	mark = weak.Make(new([32]byte))
}

// growing is held by the goroutine that readies more heap (Regrow), and
// guards mark.
var growing sync.Mutex

// mark is an object only a weak pointer refers to, made when Regrow last
// read the goal: the next collection frees it. (32 bytes: not in a tiny
// block, which lives as long as its other objects.)
var mark weak.Pointer[[32]byte]

// heapGoal is the collector's goal, at most maxGoal (GOGC=off: the
// largest uint64). It stops the world: runtime/metrics reads it without,
// but its package's initialization (the descriptions of its metrics,
// built and sorted) took a median 0.9-3.4 ms of a one-shot compile's
// start, which never reads the goal.
func heapGoal() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return min(ms.NextGC, maxGoal)
}

// maxGoal bounds the heap Prefault and Regrow map ahead of use: mapped,
// it counts against the machine's commit limit, touched or not.
const maxGoal = 256 << 20
