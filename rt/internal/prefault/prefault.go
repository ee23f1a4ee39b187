// Package prefault readies the heap a catalog binary's process is about
// to use: the free heap is backed by huge pages (2 MiB) as it is first
// touched, one page fault for each instead of one for each 4 KiB page. A
// page's first touch is a page fault, a round trip through the kernel
// (2-3 µs on this project's VMs in early December 2026, 8 µs on one of
// its later ones: conformance.PageFaultCost), and a one-shot keystone
// compile touched ~1,000 pages of heap, a quarter of them while the
// packages were initialized. It also has the binary's variables that
// hold pointers and have no value (.bss, where the generated code's
// references keep what they find) in the process's memory at once
// (ownCells), the library's code and the data with values mapped
// (readyLibrary), and the rest of the runtime's block for its own records
// (readyPersistent, from Compile).
//
// The package's init readies the heap the other packages' inits and a
// compile take first (it imports only runtime, syscall and unsafe, and
// runs 15th of a catalog binary's ~110 packages); cli calls Compile
// before it compiles, which maps more. Package batch readies the heap of
// a process that compiles catalog after catalog.
//
// Before, Compile faulted in 4 MiB of heap ahead (MADV_POPULATE_WRITE),
// whatever the compile used: a firewall compile touches ~0.7 MB of it.
package prefault

// compileHeap is the free heap Compile has mapped for a compile (growHeap
// maps 8 MiB more when there is less): a one-shot keystone compile's heap
// grows by 4.7 MiB after the packages' initialization, part of which the
// init readied.
const compileHeap = 4 << 20

func init() {
	oneProcessor()
	readyImage()
	readyHeap(0)
}

// libraryEnd is a function of package rt that rt puts here (rt's
// libraryEnd says how): the code before it is the library's, which every
// compile runs much of. nil in a program without rt.
var libraryEnd func()

// Compile readies the heap a compile is about to use, and the rest of
// the runtime's block of memory for its own small records.
func Compile() {
	readyPersistent()
	readyHeap(compileHeap)
}
