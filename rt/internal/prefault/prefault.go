// Package prefault faults in, a range at a time, the heap pages a catalog
// binary's process is about to use. A page's first touch is a page fault,
// a round trip through the kernel (3 µs on this project's VMs in November
// 2026, 15 µs on earlier ones), and a one-shot keystone compile touched
// 1,360 heap pages one at a time. Where the range holds whole huge pages
// (2 MiB), they are huge pages: on the earlier VMs even a page faulted in
// cost 10-15 µs at its first touch.
// cli calls Compile before it compiles. Package batch readies the heap of
// a process that compiles catalog after catalog.
//
// The package's init faulted in what the other packages' inits would use
// (512 KiB past the heap's first free page, and the pages of the heap in
// use below it): no more, as that took more than it saved. The heap in
// use then held ~1.6 MiB not in memory (the main goroutine's 512 KiB
// stack, the runtime's pages for its caches), which the process then
// never touched whole; a one-shot keystone compile without it, 300
// interleaved pairs of runs: page faults (getrusage) median 1,560 ->
// 1,492, CPU 14.13 -> 13.94 ms, wall 14.70 -> 14.41 ms. Compile no longer
// faults in the heap in use that is not in memory either (see populate).
package prefault

const (
	// compileHeap is the part of a compile's heap faulted in at once: a
	// one-shot keystone compile's heap grows by 4.7 MiB after the
	// packages' initialization, ~3.5 MiB of it touched (each size class
	// fills its own spans), and a smaller catalog's by less. What is
	// faulted in stays in the process's peak RSS whether touched or not,
	// and on this project's VMs a page faulted in ahead saves only ~1 µs
	// of its first touch (3 µs against 2 µs); 3 MiB took the time of
	// 4.75 MiB and 1.9 MB less RSS (keystone one-shot, 120 interleaved
	// runs: median 17.7 against 17.8 ms, RSS median 27.0 against 28.9 MB).
	// Since, the start faults in less (RSS median 23.4 MB at 3 MiB), and
	// 4 MiB beats 3: keystone one-shot, 300 pairs of interleaved runs
	// under chrt -f (the machine's other work set aside), the pairs'
	// median difference 0.45-0.63 ms shorter (three rounds), page faults
	// 932-1038 -> 776-851 (perf stat -r 60, two rounds), RSS median 23.4
	// -> 23.8 MB; 5 MiB did no better than 4 (0.19-0.75 ms, 24.7 MB).
	compileHeap = 4 << 20
)

// Compile faults in the heap a compile is about to use.
func Compile() {
	populate(compileHeap)
}
