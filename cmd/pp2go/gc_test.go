package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTuneGC: without GOGC or GOMEMLIMIT, pp2go's collector runs only
// near a limit of a third of the machine's memory, bounded to
// [minGCLimit, maxGCLimit], and a generation reserves half of it in huge
// pages; GOGC in the environment leaves Go's pacing.
func TestTuneGC(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT set for the test process")
	}
	mem := usableMemory()
	if mem == 0 {
		t.Skip("no /proc/meminfo here")
	}
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	defer func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) }()

	tuneGC()
	got := debug.SetMemoryLimit(math.MaxInt64)
	if mem/3 < minGCLimit {
		require.Equal(t, gcPercent, debug.SetGCPercent(100))
		return
	}
	require.Equal(t, -1, debug.SetGCPercent(100), "GC by the limit alone")
	require.Equal(t, min(mem/3, maxGCLimit), got)
	require.Equal(t, int(got/2), hugeHeap, "half the limit reserved in huge pages")

	t.Setenv("GOGC", "100")
	debug.SetGCPercent(77)
	tuneGC()
	require.Equal(t, 77, debug.SetGCPercent(100), "GOGC set: left alone")
}
