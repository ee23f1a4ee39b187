// Package prefault faults in, a range at a time, the heap pages a catalog
// binary's process is about to use. A page's first touch is a page fault,
// a round trip through the kernel (15 µs on this project's VMs), and a
// one-shot keystone compile touched 1,360 heap pages one at a time. Where
// the range holds whole huge pages (2 MiB), they are huge pages: on this
// project's VMs even a page faulted in costs 10-15 µs at its first touch.
// The package's init faults in what the other packages' inits will use;
// cli calls Compile before it compiles.
package prefault

import "runtime"

const (
	// initHeap is what the packages initialized after this one use: they
	// allocate 340 kB (of a whole process's start, 512 KiB did better
	// than 256 KiB or 1 MiB).
	initHeap = 512 << 10

	// compileHeap is what a compile uses: a one-shot keystone compile's
	// heap grows by 4.7 MiB after the packages' initialization, 3.6 MiB
	// of it touched (each size class fills its own spans).
	compileHeap = 4864 << 10
)

func init() {
	populate(initHeap)
}

// Compile faults in the heap a compile is about to use.
func Compile() {
	populate(compileHeap)
}

// Batch readies the heap of a process that compiles catalog after catalog
// (bench, a directory of nodes' facts, a server): it collects, and the
// runtime maps the free heap the compiles will grow into (the heap's goal,
// a quarter more), whose whole huge pages the kernel backs with huge pages
// as they are first touched, a fault per 2 MiB. In 4 KiB pages, a keystone
// process's first ~40 compiles each faulted in ~180 pages of fresh heap
// (0.75 MB allocated a compile, until the heap reached its goal of
// ~38 MiB), ~7,000 faults in all; with Batch, ~1,000.
func Batch() {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	batch(uintptr(max(ms.NextGC+ms.NextGC/4, 16<<20)))
}
