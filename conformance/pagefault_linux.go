package conformance

import (
	"syscall"
	"time"
)

// PageFaultCost is what a page's first touch costs on this machine: the
// time to write one byte into each 4 KiB page of 4 MiB of fresh
// anonymous memory, per page, the best of three. Each such touch is a
// page fault, a trap into the kernel, which finds and zeroes a page: a
// one-shot catalog binary takes several hundred (Measured.Faults), and
// their cost differs from machine to machine far more than a compile's:
// 8 µs on this project's VM of December 2026 (rt/internal/prefault had
// measured 2-3 µs on an earlier one), where a one-shot keystone compile's
// ~650 faults were a third of its run. The run figures of two machines
// are read with it. 0 when the memory cannot be mapped.
func PageFaultCost() time.Duration {
	const size, page = 4 << 20, 4 << 10
	best := time.Duration(0)
	for range 3 {
		mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			return 0
		}
		start := time.Now()
		for i := 0; i < size; i += page {
			mem[i] = 1
		}
		d := time.Since(start) / (size / page)
		syscall.Munmap(mem)
		if best == 0 || d < best {
			best = d
		}
	}
	return best
}
