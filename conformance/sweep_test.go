package conformance

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSweep runs the whole module sweep (2,408 jobs: one build, then about
// a millisecond a job) and checks that exactly the jobs listed in
// sweep-differences.txt differ from Puppet, each in the listed way.
// `make sweep` prints the per-module results.
func TestSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the environment of every Debian module")
	}
	sharedPath(t, "conformance", "sweep")
	if _, err := os.Stat(ModulesDir()); err != nil {
		t.Fatalf("the sweep needs the Debian module packages (%v)", err)
	}
	results, _ := runSweepTest(t, SweepDir(), workDir(t, "pp2go-sweep-test"), 7, "sweep")
	listed, err := ReadSweepDifferences(SweepDifferencesFile())
	if err != nil {
		t.Fatal(err)
	}
	if problems := CheckSweepDifferences(results, listed); len(problems) > 0 {
		if len(problems) > 40 {
			problems = append(problems[:40], fmt.Sprintf("... %d more", len(problems)-40))
		}
		t.Errorf("the sweep's differences are not those of sweep-differences.txt (make sweep-differences rewrites it):\n  %s",
			strings.Join(problems, "\n  "))
	}
}

func TestPyFloatRepr(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0, "0.0"}, {1, "1.0"}, {-1.5, "-1.5"}, {100, "100.0"}, {0.1, "0.1"},
		{0.0001, "0.0001"}, {0.00001, "1e-05"}, {1.5e-7, "1.5e-07"},
		{1e15, "1000000000000000.0"}, {1e16, "1e+16"}, {1.25e16, "1.25e+16"},
		{1e100, "1e+100"}, {123456.789, "123456.789"}, {2.5e-300, "2.5e-300"},
	} {
		if got := pyFloatRepr(c.in); got != c.want {
			t.Errorf("pyFloatRepr(%v) = %s, want %s", c.in, got, c.want)
		}
	}
	for in, want := range map[string]string{"1": "1", "-0": "0", "1.0": "1.0", "1e3": "1000.0", "12345678901234567890123": "12345678901234567890123", "-2E-2": "-0.02"} {
		if got := pyNumber(in); got != want {
			t.Errorf("pyNumber(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestPyJSONStrings(t *testing.T) {
	got := pyJSON(map[string]any{"b": "x\"\\\n\r\t\b\f\x01\x7fé€😀", "a": []any{nil, true, false}})
	want := `{"a":[null,true,false],"b":"x\"\\\n\r\t\b\f\u0001` + "\x7fé€😀" + `"}`
	if got != want {
		t.Errorf("pyJSON = %s, want %s", got, want)
	}
}

// TestCatalogDigestScript checks the Go digest against the shipped
// catalog-digest script (when python3 is there) on the scenarios' Puppet
// catalogs and on a catalog with awkward values.
func TestCatalogDigestScript(t *testing.T) {
	script := filepath.Join(SweepDir(), "catalog-digest")
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	if _, err := os.Stat(script); err != nil {
		t.Skip("no catalog-digest script")
	}
	files, _ := filepath.Glob(filepath.Join(SharedDir(), "conformance", "scenarios", "*", "expected", "*.json"))
	odd := filepath.Join(t.TempDir(), "odd.json")
	os.WriteFile(odd, []byte(`{"data": {"resources": [
	  {"type": "File", "title": "/b", "tags": ["z", "a", "z"], "line": 3, "file": "/usr/share/puppet/modules/ntp/manifests/init.pp",
	   "parameters": {"n": [1, 1.0, 1e3, -0.5, 1e-7, 123456789012345678901234567890, "1"], "s": "é\u0001\"", "h": {"b": 1, "a": {"__ptype": "Sensitive"}}},
	   "sensitive_parameters": ["x", "a", "x"], "exported": true},
	  {"type": "File", "title": "/a", "tags": [], "parameters": {}},
	  {"type": "Class", "title": "Ntp", "exported": false, "parameters": null}],
	 "edges": [{"source": "Class[Ntp]", "target": "File[/b]"}, {"source": "Class[Ntp]", "target": "File[/b]"}, {"source": "Class[Ntp]", "target": "File[/a]"}],
	 "classes": ["ntp", "settings", "ntp"]}}`), 0o644)
	files = append(files, odd)
	out, err := exec.Command("python3", append([]string{script, "--stats"}, files...)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	roots := DigestRoots("")
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		b, err := os.ReadFile(f[3])
		if err != nil {
			t.Fatal(err)
		}
		cat := ParseCatalog(b)
		if cat == nil {
			t.Errorf("%s: not a catalog for Go", f[3])
			continue
		}
		n, e := CatalogStats(cat)
		if got := fmt.Sprintf("%s  %d  %d", CatalogDigest(cat, roots), n, e); got != strings.Join(f[:3], "  ") {
			t.Errorf("%s: Go %s, catalog-digest %s", f[3], got, strings.Join(f[:3], "  "))
		}
	}
}

// d13CatalogFloor is the share of catalog jobs per platform of each Debian
// 13 sweep that must give Puppet's digest (issue 18 and issue 13 ask for
// 99%); d13TextFloor the share of error jobs that must fail with Puppet's
// text (the issues ask for every one, and every one does).
const (
	d13CatalogFloor = 0.99
	d13TextFloor    = 1.0
)

// TestSweepDebian13 generates and builds every module of Debian 13's
// module set (../shared/conformance/debian13, fetched by its fetch-modules
// into $PP2GO_D13_MODULES; .ci/run does) into one driver per Puppet
// release, so generated Go compiles for every module, and runs the sweep's
// 2,522 jobs as Puppet 7.23 (sweep-puppet7) and as Puppet 8.10 with its
// defaults (sweep-puppet8): no job may crash, every job Puppet fails must
// fail, and the shares of catalog jobs matching Puppet and of errors with
// Puppet's text stay at or above the floors. `make sweep
// SWEEP=../shared/conformance/debian13/sweep-puppet8
// PUPPET_MODULES=$PP2GO_D13_MODULES` prints the per-module results.
func TestSweepDebian13(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the environment of every Debian 13 module")
	}
	mods := os.Getenv("PP2GO_D13_MODULES")
	if mods == "" {
		t.Skip("set PP2GO_D13_MODULES to DIR/modules after ../shared/conformance/debian13/fetch-modules DIR")
	}
	if _, err := os.Stat(filepath.Join(mods, "stdlib")); err != nil {
		t.Fatalf("PP2GO_D13_MODULES=%s holds no stdlib: %v", mods, err)
	}
	t.Setenv("PUPPET_MODULES", mods) // the module path and the digest roots
	for _, puppet := range []int{7, 8} {
		t.Run(fmt.Sprintf("puppet%d", puppet), func(t *testing.T) {
			dir := sharedPath(t, "conformance", "debian13", fmt.Sprintf("sweep-puppet%d", puppet))
			sweepDebian13(t, dir, puppet)
		})
	}
}

func sweepDebian13(t *testing.T, dir string, puppet int) {
	work := workDir(t, fmt.Sprintf("pp2go-sweep13-test-%d", puppet))
	results, run := runSweepTest(t, dir, work, puppet, fmt.Sprintf("sweep13 (Puppet %d)", puppet))
	if run.Crashed > 0 {
		t.Errorf("%d jobs crashed or hung (see %s)", run.Crashed, run.Out)
	}
	matched, total := map[string]int{}, map[string]int{}
	sameText, errors := 0, 0
	for _, r := range results {
		switch r.Job.Outcome {
		case "catalog":
			total[r.Job.Platform]++
			if r.Passed() {
				matched[r.Job.Platform]++
			}
		case "error":
			errors++
			if !r.Passed() {
				t.Errorf("%s %s: Puppet fails, pp2go does not: %s", r.Job.Class, r.Job.Platform, r.Detail)
			} else if r.SameError {
				sameText++
			}
		}
	}
	for p, n := range total {
		if share := float64(matched[p]) / float64(n); share < d13CatalogFloor {
			t.Errorf("%s: %d of %d catalog jobs give Puppet's digest (%.1f%%), below %.0f%%", p, matched[p], n, 100*share, 100*d13CatalogFloor)
		}
	}
	if share := float64(sameText) / float64(errors); share < d13TextFloor {
		t.Errorf("%d of %d error jobs fail with Puppet's text (%.1f%%), below %.0f%%", sameText, errors, 100*share, 100*d13TextFloor)
	}
}

// runSweepTest builds the sweep of dir's jobs as Puppet puppet in work,
// runs and scores it, and prints the report's totals after label.
func runSweepTest(t *testing.T, dir, work string, puppet int, label string) ([]*SweepResult, *SweepRun) {
	jobs, err := LoadSweepJobs(dir)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := BuildSweepAs(work, puppet)
	if err != nil {
		t.Fatal(err)
	}
	run, err := sw.Run(jobs, filepath.Join(work, "actual"), 2, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("generated in %.1fs, built in %.1fs, %d jobs in %.1fs", sw.GenTime.Seconds(), sw.BuildTime.Seconds(), len(jobs), run.Elapsed.Seconds())
	results := sw.Score(jobs, run.Out)
	var report bytes.Buffer
	passed, failed := SweepReport(&report, results, false)
	lines := strings.Split(strings.TrimSpace(report.String()), "\n")
	for _, l := range lines[len(lines)-2:] {
		fmt.Println(label, l)
	}
	fmt.Printf("%s: %d passed, %d failed\n", label, passed, failed)
	return results, run
}
