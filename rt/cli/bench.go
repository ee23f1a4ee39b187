package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/internal/prefault"
	"github.com/pp2go/pp2go/rt/internal/prefault/batch"
	"github.com/pp2go/pp2go/rt/internal/startup"
)

// benchCommand is `bench NODE --facts FILE` or `bench --facts-dir DIR`: how
// long this binary takes to build its program and to compile one catalog
// in a warm process.
func benchCommand(program func() *rt.Program) *cobra.Command {
	var factsFile, factsDir, cpuProfile, memProfile string
	var count int
	var minTime time.Duration
	var pf puppetFlags
	cmd := &cobra.Command{
		Use:   "bench (NODE --facts FILE | --facts-dir DIR) [--count N | --time D]",
		Short: "Time the compilation of a node's catalog in a warm process",
		Long: `Time how long this binary takes to compile the catalog of a node in a warm
process: the program is built (timed: program_ns, the cost every run of
'compile' pays once), one catalog is compiled (first_ns), then catalogs are
compiled one after another, each to its JSON bytes, --count times or for at
least --time. With --facts-dir, the catalogs compiled are those of the
directory's nodes (NAME.json or NAME.yaml, named after the file), in turn
and again: a fleet's, whose nodes differ in their names and facts, where the
same node compiled again and again finds more of what the program keeps
from the catalog before it (the resources' JSON, memoized calls). Their
facts are read as 'compile --facts-dir' and 'serve' read a fleet's: values
of the same text in two nodes' facts are one. The first compile is the
first node's. Prints one line of key=value pairs:

  program_ns     building the program (catalog.Program(), first call)
  first_ns       the first compile (caches warming)
  n              warm compiles timed
  min_ns         the fastest warm compile
  median_ns      the median warm compile
  mean_ns        total time of the warm compiles (GC included) / n
  cpu_ns         CPU time of the process during the warm compiles / n (user
                 and system, all threads: GC included, time spent waiting
                 for a busy machine's cores excluded)
  allocs, bytes  heap allocations (count, bytes) per warm compile
  resources      resources in the (first node's) catalog
  allocs_per_resource
                 allocs / resources, rounded (0 when the compile fails)
  start_allocs, start_bytes
                 heap allocations (count, bytes) of building the program
                 and the first compile: what a one-shot 'compile' allocates
                 after the packages' initialization
  program_allocs, program_bytes
                 the part of start_allocs, start_bytes that builds the
                 program
  rss_kb         the process's peak resident set size (kernel's maxrss, in
                 KiB: the heap and the binary's pages it touched), at the end

The catalog is compiled exactly as 'compile' compiles it; a failing compile
is timed too (the error is the result), and fail=N counts the compiles
that failed (the first one included). --puppet and --setting are compile's.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rt.PrefetchServerFacts() // as compile does
			prefault.Compile()       // as compile does: first_ns is a one-shot compile's
			nodes, err := benchNodes(args, factsFile, factsDir)
			if err != nil {
				return err
			}
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			t0 := time.Now()
			p := program()
			programNs := time.Since(t0)
			var msp runtime.MemStats
			runtime.ReadMemStats(&msp)
			programAllocs, programBytes := msp.Mallocs-ms0.Mallocs, msp.TotalAlloc-ms0.TotalAlloc
			if err := pf.apply(p); err != nil {
				return err
			}
			p.DropDebug = true // as compile without --debug
			t0 = time.Now()
			next := 0
			node := func() *rt.Node { // a copy: a compile may change its node
				n := nodes[next%len(nodes)]
				next++
				return &n
			}
			res := rt.CompileWith(p, node())
			firstNs := time.Since(t0)
			runtime.ReadMemStats(&ms1)
			startAllocs, startBytes := ms1.Mallocs-ms0.Mallocs, ms1.TotalAlloc-ms0.TotalAlloc
			stop, err := startCPUProfile(cpuProfile)
			if err != nil {
				return err
			}
			defer stop()
			if memProfile != "" && !startup.MemProfileChosen {
				// (GODEBUG=memprofilerate=N set a rate from the start:
				// the profile then shows the start-up's allocations too)
				runtime.MemProfileRate = 4096
			}
			batch.Prefault() // as a batch or a server does (it collects)
			var times []time.Duration
			failed := 0 // warm compiles that failed
			runtime.ReadMemStats(&ms0)
			cpu0 := cpuTime()
			start := time.Now()
			for len(times) < count || (count == 0 && (time.Since(start) < minTime || len(times) < 10)) {
				t := time.Now()
				r := rt.CompileWith(p, node())
				if r.Err != nil {
					if failed == 0 && res.Err == nil {
						fmt.Fprintf(cmd.ErrOrStderr(), "a warm compile failed: %v\n", r.Err)
					}
					failed++
				}
				r.Release() // as a batch or a server does
				times = append(times, time.Since(t))
			}
			total := time.Since(start)
			cpu := cpuTime() - cpu0
			runtime.ReadMemStats(&ms1)
			if memProfile != "" {
				f, err := os.Create(memProfile)
				if err != nil {
					return err
				}
				defer f.Close()
				if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
					return err
				}
			}
			sorted := append([]time.Duration(nil), times...)
			sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
			n := len(times)
			resources, fail := 0, failed
			if res.Err != nil {
				fail++
			} else {
				resources = len(res.Catalog.Resources())
			}
			allocs := (ms1.Mallocs - ms0.Mallocs) / uint64(n)
			perResource := uint64(0)
			if resources > 0 {
				perResource = (allocs + uint64(resources)/2) / uint64(resources)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "program_ns=%d first_ns=%d n=%d min_ns=%d median_ns=%d mean_ns=%d cpu_ns=%d allocs=%d bytes=%d resources=%d allocs_per_resource=%d start_allocs=%d start_bytes=%d program_allocs=%d program_bytes=%d rss_kb=%d fail=%d\n",
				programNs.Nanoseconds(), firstNs.Nanoseconds(), n, sorted[0].Nanoseconds(), sorted[n/2].Nanoseconds(),
				total.Nanoseconds()/int64(n), cpu.Nanoseconds()/int64(n), allocs, (ms1.TotalAlloc-ms0.TotalAlloc)/uint64(n),
				resources, perResource, startAllocs, startBytes, programAllocs, programBytes, maxRSS(), fail)
			return nil
		},
	}
	f := cmd.Flags()
	pf.add(f)
	f.StringVar(&factsFile, "facts", "", "the node's facts (JSON or YAML)")
	f.StringVar(&factsDir, "facts-dir", "", "compile the catalogs of every facts file of this directory (NAME.json, NAME.yaml), in turn, instead of one node's")
	f.IntVar(&count, "count", 0, "compile this many catalogs (0: as many as --time allows, at least 10)")
	f.DurationVar(&minTime, "time", time.Second, "with --count 0: compile catalogs for at least this long")
	f.StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the warm compiles to this file")
	f.StringVar(&memProfile, "memprofile", "", "write a profile of the warm compiles' allocations (sampled every 4 KiB; with GODEBUG=memprofilerate=N, of the whole run at that rate) to this file")
	return cmd
}

// benchNodes are the nodes bench compiles: NODE with --facts FILE, or the
// nodes of --facts-dir DIR.
func benchNodes(args []string, factsFile, factsDir string) ([]rt.Node, error) {
	switch {
	case factsDir != "" && (factsFile != "" || len(args) > 0):
		return nil, fmt.Errorf("give NODE --facts FILE or --facts-dir DIR, not both")
	case factsDir != "":
		files, err := factsFiles(factsDir)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no facts files (NAME.json, NAME.yaml)", factsDir)
		}
		nodes := make([]rt.Node, len(files))
		var fr factsReader // as 'compile --facts-dir' and 'serve' read a fleet's facts
		for i, name := range files {
			facts, digest, err := fr.load(filepath.Join(factsDir, name))
			if err != nil {
				return nil, err
			}
			nodes[i] = rt.Node{Name: strings.TrimSuffix(name, filepath.Ext(name)), Facts: facts, FactsDigest: digest}
		}
		return nodes, nil
	case len(args) == 0 || factsFile == "":
		return nil, fmt.Errorf("give NODE --facts FILE or --facts-dir DIR")
	}
	facts, digest, err := readFacts(factsFile)
	if err != nil {
		return nil, err
	}
	return []rt.Node{{Name: args[0], Facts: facts, FactsDigest: digest}}, nil
}

// maxRSS is the process's peak resident set size in KiB.
func maxRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss
}

// cpuTime is the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// startCPUProfile starts profiling the CPU into the file path (nothing when
// path is empty); stop ends the profile and closes the file.
func startCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
