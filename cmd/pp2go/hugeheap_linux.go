package main

import (
	"runtime"
	"syscall"
	"unsafe"
)

const (
	madvHugepage = 14      // MADV_HUGEPAGE
	hugePage     = 2 << 20 // an x86-64 huge page, and arm64's with 4 KiB pages
)

// reserveHugeHeap has the runtime map size bytes of heap at once, left
// free, and asks the kernel to back it with huge pages as it is first
// touched (MADV_HUGEPAGE: most distributions enable transparent huge pages
// only where advised, and Go advises none). A build's heap grows to
// hundreds of MB that it keeps (keystone's 92-module environment: ~630
// MB), and each 4 KiB page was a page fault as it was first touched
// (~150,000 of them), which costs most on a virtual machine; a huge page
// is one fault for 2 MiB. The block is allocated and freed: the runtime
// never unmaps heap, and its allocator takes the lowest free pages first,
// so that the heap grows into it. Memory the process never touches costs
// nothing; past size the heap grows in small pages as before.
func reserveHugeHeap(size int) {
	block := make([]byte, size) // fresh memory: neither zeroed nor touched
	p := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	lo, hi := (p+hugePage-1)&^(hugePage-1), (p+uintptr(size))&^(hugePage-1)
	block = nil
	if lo < hi {
		// without transparent huge pages (EINVAL) the block is only
		// free heap
		syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvHugepage)
	}
	runtime.GC() // frees the block
}
