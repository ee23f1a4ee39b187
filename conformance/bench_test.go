package conformance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// BenchmarkCatalog times the catalog binary of each scenario of
// ../shared/conformance/scenarios on its benchmark node (BenchNode):
//
//   - Catalog/SCENARIO/warm: one catalog compiled in a warm process, to its
//     JSON bytes. The binary's `bench --facts-dir` compiles b.N catalogs of
//     WarmNodes copies of the node's facts (WarmFleet), in turn, in one
//     process; ns/op is its own figure for them (the mean, GC
//     included), not the time of the process; median-ns/op, cpu-ns/op (CPU
//     time of all threads, which a busy machine does not inflate as it does
//     wall time), heap-B/op, heap-allocs/op and allocs/resource are its
//     other figures.
//   - Catalog/SCENARIO/run: the whole binary run, `compile NODE --facts F
//     -o FILE`, from the start of the process to its exit with the catalog
//     written; peak-rss-B is the largest peak resident set size of its runs
//     (the binary's mapped pages included).
//
// Both compile as Puppet 7.23 (BenchPuppet). The binaries are built (and
// cached) in $TMPDIR/pp2go-bench. Select scenarios with -bench, e.g. -bench
// 'Catalog/lang_'. `make bench` prints the same figures beside Puppet's
// (conformance/cmd/bench).
func BenchmarkCatalog(b *testing.B) {
	scs, err := LoadScenarios(sharedPath(b, "conformance", "scenarios"))
	if err != nil {
		b.Fatal(err)
	}
	work := workDir(b, "pp2go-bench")
	for _, sc := range scs {
		b.Run(sc.Name, func(b *testing.B) {
			dir := filepath.Join(work, sc.Name)
			bin, err := sc.Build(dir)
			if err != nil {
				b.Skipf("build: %v", err)
			}
			node, facts := sc.BenchNode()
			fleet, err := sc.WarmFleet(dir, WarmNodes)
			if err != nil {
				b.Fatal(err)
			}
			b.Run("warm", func(b *testing.B) {
				w, err := BenchWarm(bin, fleet, b.N, 0)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(w.MeanNs), "ns/op")
				b.ReportMetric(float64(w.MedianNs), "median-ns/op")
				b.ReportMetric(float64(w.CPUNs), "cpu-ns/op")
				b.ReportMetric(float64(w.Bytes), "heap-B/op")
				b.ReportMetric(float64(w.Allocs), "heap-allocs/op")
				b.ReportMetric(float64(w.AllocsPerResource), "allocs/resource")
			})
			b.Run("run", func(b *testing.B) {
				out := filepath.Join(dir, "bench-catalog.json")
				var peak, faults int64
				for i := 0; i < b.N; i++ {
					m, err := RunOnce(bin, node, facts, out)
					if err != nil {
						b.Fatal(err)
					}
					peak, faults = max(peak, m.RSS), faults+m.Faults
				}
				b.ReportMetric(float64(peak), "peak-rss-B")
				b.ReportMetric(float64(faults)/float64(b.N), "page-faults/op")
			})
		})
	}
}

// TestRunMeasuredRSS checks that a run's peak RSS is the command's own, not
// this process's: with 256 MB of this process touched, wait4 read here
// would report at least that for any child (see conformance/cmd/rssrun).
func TestRunMeasuredRSS(t *testing.T) {
	ballast := make([]byte, 256<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	bin := filepath.Join(t.TempDir(), "true")
	b, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip("no /bin/true")
	}
	require.NoError(t, os.WriteFile(bin, b, 0o755))
	m, err := runMeasured(bin)
	require.NoError(t, err)
	require.Empty(t, m.Failed)
	assert.Positive(t, m.Wall)
	assert.Positive(t, m.RSS)
	assert.Positive(t, m.Faults, "a process touches pages")
	assert.Less(t, m.RSS, int64(32<<20), "peak RSS of /bin/true")
	runtime.KeepAlive(ballast)
}

// PageFaultCost measures a page's first touch: a trap into the kernel,
// more than the store itself and less than a millisecond.
func TestPageFaultCost(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("measured on Linux only")
	}
	d := PageFaultCost()
	assert.Greater(t, d, 10*time.Nanosecond)
	assert.Less(t, d, time.Millisecond)
}

// A Go program that does nothing builds and runs, and takes longer than
// nothing and less than a second: the floor bench prints.
func TestEmptyProgramRun(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("measured on Linux only (rssrun)")
	}
	d, err := EmptyProgramRun(t.TempDir(), 3)
	require.NoError(t, err)
	assert.Greater(t, d, 100*time.Microsecond)
	assert.Less(t, d, time.Second)
}

// Each copy of a node's facts names its own node and has an address of its
// own; the other facts stay the node's.
func TestCopyFacts(t *testing.T) {
	facts := `{"fqdn": "ctl1.example.com", "hostname": "ctl1", "clientcert": "ctl1.example.com",
		"ipaddress": "10.0.10.11", "networking": {"ip": "10.0.10.11", "hostname": "ctl1"},
		"os": {"family": "Debian"}, "motd": "ctl1 is ctl1.example.com"}`
	seen := map[string]bool{}
	for _, i := range []int{1, 7, 300} {
		host := "ctl" + strconv.Itoa(i)
		b, err := copyFacts([]byte(facts), "ctl1.example.com", "ctl1", host+".example.com", host, i)
		require.NoError(t, err)
		var f map[string]any
		require.NoError(t, json.Unmarshal(b, &f))
		require.Equal(t, host+".example.com", f["fqdn"])
		require.Equal(t, host+".example.com", f["clientcert"])
		require.Equal(t, host, f["hostname"])
		net := f["networking"].(map[string]any)
		require.Equal(t, host, net["hostname"])
		require.Equal(t, f["ipaddress"], net["ip"])
		require.False(t, seen[f["ipaddress"].(string)], "address %v given twice", f["ipaddress"])
		seen[f["ipaddress"].(string)] = true
		require.Equal(t, map[string]any{"family": "Debian"}, f["os"])
		require.Equal(t, "ctl1 is ctl1.example.com", f["motd"], "only whole strings are names")
	}
}
