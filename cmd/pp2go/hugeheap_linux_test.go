package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestReserveHugeHeap: the heap reserveHugeHeap leaves is free (the
// block was freed), and what the process allocates next is in a mapping
// advised for huge pages (VmFlags hg). It runs in a process of its own,
// whose heap holds no free pages from other tests below the block.
func TestReserveHugeHeap(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("no transparent huge pages in this kernel")
	}
	if os.Getenv("PP2GO_TEST_HUGE_HEAP") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestReserveHugeHeap$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), "PP2GO_TEST_HUGE_HEAP=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Contains(t, string(out), "--- PASS: TestReserveHugeHeap")
		return
	}
	const size = 256 << 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	reserveHugeHeap(size)
	runtime.ReadMemStats(&after)
	require.Less(t, after.HeapAlloc, before.HeapAlloc+size/2, "the block is freed")
	require.GreaterOrEqual(t, after.HeapSys, before.HeapSys+size/2, "the heap has grown by the block")

	// from the heap's lowest free pages, the block's; its start may be
	// in the huge page that the block shared with the heap below
	b := make([]byte, 16<<20)
	flags := vmFlags(t, uintptr(unsafe.Pointer(&b[len(b)/2])))
	require.Contains(t, strings.Fields(flags), "hg", "VmFlags: %s", flags)
	runtime.KeepAlive(b)
}

// vmFlags is the VmFlags line of the mapping holding addr in
// /proc/self/smaps.
func vmFlags(t *testing.T, addr uintptr) string {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if span, _, ok := strings.Cut(line, " "); ok && strings.Contains(span, "-") && !strings.HasSuffix(span, ":") {
			lo, hi, _ := strings.Cut(span, "-")
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(addr) >= l && uint64(addr) < h
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimPrefix(line, "VmFlags:")
		}
	}
	require.NoError(t, sc.Err())
	panic(fmt.Sprintf("no mapping holds %#x", addr))
}
