// Package proctest reads what the kernel says of this process's memory,
// for the tests of prefault and prefault/batch.
package proctest

import (
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// Resident is how many pages of [lo, hi) are in memory (mincore).
func Resident(t testing.TB, lo, hi uintptr) int {
	page := uintptr(syscall.Getpagesize())
	if lo >= hi {
		return 0
	}
	vec := make([]byte, (hi-lo)/page)
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, lo, hi-lo, uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatalf("mincore: %v", errno)
	}
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}

// Owned is how many pages of [lo, hi) are in memory as the process's
// own (anonymous: written, or copied from the file they map), not a
// file's pages (/proc/self/pagemap).
func Owned(t testing.TB, lo, hi uintptr) int {
	t.Helper()
	n := 0
	for _, e := range pagemap(t, lo, hi) {
		if e>>63&1 == 1 && e>>61&1 == 0 { // present, not a file's page
			n++
		}
	}
	return n
}

// Mapped is how many pages of [lo, hi) the process has mapped, its own or
// a file's (/proc/self/pagemap): those it can touch without a fault.
func Mapped(t testing.TB, lo, hi uintptr) int {
	t.Helper()
	n := 0
	for _, e := range pagemap(t, lo, hi) {
		n += int(e >> 63 & 1) // present
	}
	return n
}

// pagemap is /proc/self/pagemap's entries for the pages of [lo, hi).
func pagemap(t testing.TB, lo, hi uintptr) []uint64 {
	t.Helper()
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	page := uintptr(syscall.Getpagesize())
	b := make([]byte, 8*((hi-lo)/page))
	if _, err := f.ReadAt(b, int64(lo/page*8)); err != nil {
		t.Fatal(err)
	}
	entries := make([]uint64, len(b)/8)
	for i := range entries {
		entries[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return entries
}

// SmapsField is the number a field of /proc/self/smaps says for the
// mapping holding addr; the test skips where there is no smaps.
func SmapsField(t testing.TB, addr uintptr, field string) uint64 {
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	for line := range strings.Lines(string(smaps)) {
		if span, _, ok := strings.Cut(line, " "); ok && strings.Contains(span, "-") {
			first, last, _ := strings.Cut(span, "-")
			l, err1 := strconv.ParseUint(first, 16, 64)
			h, err2 := strconv.ParseUint(last, 16, 64)
			in = err1 == nil && err2 == nil && uintptr(l) <= addr && addr < uintptr(h)
			continue
		}
		if v, ok := strings.CutPrefix(line, field); ok && in {
			n, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no %s for the mapping holding %#x in /proc/self/smaps", field, addr)
	return 0
}
