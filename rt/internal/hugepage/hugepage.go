// Package hugepage advises the kernel to back memory with huge pages,
// each faulted in whole at its first touch. It imports only syscall, so
// that prefault, whose init must run before most packages' (see
// prefault's readFile), can use it as well as hugeheap.
package hugepage

// Size is the size and alignment of a huge page: x86-64's, and arm64's
// with 4 KiB pages.
const Size = 2 << 20
