// Package hugeheap has the Go runtime map a block of heap at once, backed
// by huge pages (2 MiB) as it is first touched: one page fault for each
// instead of one for each 4 KiB page, which costs most on a virtual
// machine. Most distributions enable transparent huge pages only where
// advised, and Go advises none. A generation's heap (cmd/pp2go) and a
// batch of compiles' (rt/internal/prefault/batch) grow into such a block.
package hugeheap

import (
	"runtime"
	"strings"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/hugepage"
)

// Grow has the runtime map size bytes of free heap at once, advises huge
// pages for the block's whole huge pages, and collects, which frees the
// block; it returns where the block starts. The runtime never unmaps
// heap, and its allocator takes the lowest free pages first, so that the
// heap grows into the block. Memory the process never touches costs
// nothing; past the block the heap grows in small pages as before.
func Grow(size uintptr) (block uintptr) {
	// A block from Builder.Grow is neither zeroed nor touched: the runtime
	// maps fresh heap for it (a make'd one would be zeroed, a page fault a
	// page, where it starts in freed heap).
	var b strings.Builder
	b.Grow(int(size))
	block = uintptr(unsafe.Pointer(unsafe.StringData(b.String()[:0])))
	hugepage.Advise(block, block+size)
	b.Reset()
	runtime.GC() // frees the block
	return block
}
