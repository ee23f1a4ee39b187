package hugepage

import "syscall"

// madvHugepage is MADV_HUGEPAGE.
const madvHugepage = 14

// Advise advises huge pages for the whole huge pages of [lo, hi). Without
// transparent huge pages (EINVAL) the memory stays in small pages.
func Advise(lo, hi uintptr) {
	lo, hi = (lo+Size-1)&^(Size-1), hi&^(Size-1)
	if lo < hi {
		syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvHugepage)
	}
}
