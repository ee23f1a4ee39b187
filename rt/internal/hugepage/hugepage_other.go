//go:build !linux

package hugepage

// Advise does nothing where the kernel is not Linux.
func Advise(lo, hi uintptr) {}
