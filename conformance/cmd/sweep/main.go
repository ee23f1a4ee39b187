// Command sweep runs the module sweep (make sweep): it builds one catalog
// driver for an environment holding every Debian module, compiles each job
// of ../shared/conformance/sweep (every class included alone, per
// platform), and compares the outcomes with Puppet's.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pp2go/pp2go/conformance"
)

func main() {
	work := flag.String("work", filepath.Join(os.TempDir(), "pp2go-sweep"), "work directory (environment, generated module, driver, outputs)")
	out := flag.String("out", "", "where the job outputs go (default WORK/actual): MODULE__CLASS__PLATFORM.json or .error, as the sweep's score script reads them")
	procs := flag.Int("j", 2, "driver processes")
	timeout := flag.Duration("timeout", 2*time.Minute, "time limit of one job")
	verbose := flag.Bool("v", false, "list every job that differs, with the difference")
	write := flag.Bool("write-differences", false, "rewrite the tracked list of differing jobs (conformance/sweep-differences.txt)")
	sweepDir := flag.String("sweep", conformance.SweepDir(), "the sweep: a directory of expected-PLATFORM.tsv (Puppet's outcomes), such as ../shared/conformance/debian13/sweep-puppet7")
	modulesDir := flag.String("modules", conformance.ModulesDir(), "the module path the sweep was made with ($basemodulepath; default $PUPPET_MODULES or Debian's)")
	diffFile := flag.String("differences", "", "the tracked list of differing jobs (default conformance/sweep-differences.txt for the default sweep, none for another)")
	puppet := flag.Int("puppet", 0, "the Puppet release the driver compiles as, 7 or 8 (default: 8 for a sweep whose directory name says puppet8, else 7)")
	var platforms, modules multiFlag
	flag.Var(&platforms, "platform", "only this platform (repeatable)")
	flag.Var(&modules, "module", "only this module (repeatable)")
	flag.Parse()
	if *out == "" {
		*out = filepath.Join(*work, "actual")
	}
	// The digest roots and the environment's module path come from
	// $PUPPET_MODULES.
	if err := os.Setenv("PUPPET_MODULES", *modulesDir); err != nil {
		fail(err)
	}
	listFile := *diffFile
	if listFile == "" && sameDir(*sweepDir, conformance.SweepDir()) {
		listFile = conformance.SweepDifferencesFile()
	}
	if *write && listFile == "" {
		fail(fmt.Errorf("-write-differences needs -differences FILE for the sweep %s", *sweepDir))
	}
	jobs, err := conformance.LoadSweepJobs(*sweepDir)
	if err != nil {
		fail(err)
	}
	jobs = conformance.FilterSweepJobs(jobs, platforms, modules)
	if *puppet == 0 {
		*puppet = 7
		if strings.Contains(filepath.Base(filepath.Clean(*sweepDir)), "puppet8") {
			*puppet = 8
		}
	}
	fmt.Fprintf(os.Stderr, "sweep: %d jobs of %s, module path %s, as Puppet %d\n", len(jobs), *sweepDir, *modulesDir, *puppet)
	sw, err := conformance.BuildSweepAs(*work, *puppet)
	if err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "sweep: generated in %.1fs, built in %.1fs: %s\n", sw.GenTime.Seconds(), sw.BuildTime.Seconds(), sw.Driver)
	run, err := sw.Run(jobs, *out, *procs, *timeout)
	if err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "sweep: %d jobs in %.1fs (%d processes; compile time %.1fs in all, %d crashed or hung): %s\n",
		len(jobs), run.Elapsed.Seconds(), *procs, run.CPU.Seconds(), run.Crashed, *out)
	results := sw.Score(jobs, *out)
	if err := conformance.WriteSweepResults(filepath.Join(*work, "results.tsv"), results); err != nil {
		fail(err)
	}
	var summary strings.Builder
	passed, failed := conformance.SweepReport(io.MultiWriter(os.Stdout, &summary), results, *verbose)
	if len(platforms) > 0 || len(modules) > 0 || listFile == "" {
		fmt.Printf("%d passed, %d failed\n", passed, failed)
		if failed > 0 {
			os.Exit(1)
		}
		return
	}
	listed, err := conformance.ReadSweepDifferences(listFile)
	if err != nil {
		fail(err)
	}
	if *write {
		lines := strings.Split(strings.TrimSpace(summary.String()), "\n")
		head := append(lines[len(lines)-2:], fmt.Sprintf("%d passed, %d failed", passed, failed)) // the platform totals
		diffs := conformance.ClassifySweep(results, listed)
		if err := conformance.WriteSweepDifferences(listFile, diffs, strings.Join(head, "\n")); err != nil {
			fail(err)
		}
		fmt.Fprintf(os.Stderr, "sweep: wrote %s (%d jobs differ)\n", listFile, len(diffs))
		return
	}
	problems := conformance.CheckSweepDifferences(results, listed)
	for _, p := range problems {
		fmt.Println("not as listed:", p)
	}
	fmt.Printf("%d jobs as listed in %s, %d not\n", len(results)-len(problems), filepath.Base(listFile), len(problems))
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if len(problems) > 0 {
		os.Exit(1)
	}
}

// sameDir reports whether two paths name the same directory.
func sameDir(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

type multiFlag []string

func (m *multiFlag) String() string     { return fmt.Sprint(*m) }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "sweep:", err)
	os.Exit(2)
}
