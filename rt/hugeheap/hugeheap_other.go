//go:build !linux

package hugeheap

// Advise does nothing where the kernel is not Linux.
func Advise(lo, hi uintptr) {}
