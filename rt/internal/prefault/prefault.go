// Package prefault faults in, a range at a time, the heap pages a catalog
// binary's process is about to use. A page's first touch is a page fault,
// a round trip through the kernel (15 µs on this project's VMs), and a
// one-shot keystone compile touched 1,360 heap pages one at a time. Where
// the range holds whole huge pages (2 MiB), they are huge pages: on this
// project's VMs even a page faulted in costs 10-15 µs at its first touch.
// The package's init faults in what the other packages' inits will use;
// cli calls Compile before it compiles. Package batch readies the heap of
// a process that compiles catalog after catalog.
package prefault

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
