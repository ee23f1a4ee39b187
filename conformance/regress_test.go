package conformance

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRegressions compiles each case of testdata/regress (a class included
// alone, as a sweep job) and compares the outcome with Puppet's in
// testdata/regress/expected: the catalog as catalog-diff compares it, or
// the error's text.
func TestRegressions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a catalog driver")
	}
	dir := filepath.Join(RepoDir(), "conformance", "testdata", "regress")
	classes, err := readCases(filepath.Join(dir, "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sw, err := BuildDriver(dir, filepath.Join(os.TempDir(), "pp2go-regress"))
	if err != nil {
		t.Fatal(err)
	}
	var jobs []*SweepJob
	for _, c := range classes {
		jobs = append(jobs, &SweepJob{Module: "regress", Class: c, Platform: "debian12"})
	}
	run, err := sw.Run(jobs, filepath.Join(sw.Work, "actual"), 1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		t.Run(strings.ReplaceAll(j.Class, "::", "__"), func(t *testing.T) {
			exp := filepath.Join(dir, "expected", strings.ReplaceAll(j.Class, "::", "__"))
			got := filepath.Join(run.Out, j.Name())
			wantErr, errExpected := os.ReadFile(exp + ".error")
			gotErr, failed := os.ReadFile(got + ".error")
			switch {
			case errExpected == nil && failed == nil:
				w, g := firstLine(strings.TrimSpace(string(wantErr))), sw.NormalizeError(string(gotErr))
				if w != g {
					t.Errorf("error differs:\n  expected: %s\n  actual:   %s", w, g)
				}
			case errExpected == nil:
				t.Errorf("Puppet fails (%s), pp2go compiles", firstLine(string(wantErr)))
			case failed == nil:
				t.Errorf("pp2go fails: %s", sw.NormalizeError(string(gotErr)))
			default:
				want, err := os.ReadFile(exp + ".json")
				if err != nil {
					t.Fatal(err)
				}
				have, err := os.ReadFile(got + ".json")
				if err != nil {
					t.Fatal(err)
				}
				diffs, err := DiffCatalogs(want, have, dir)
				if err != nil {
					t.Fatal(err)
				}
				if len(diffs) > 0 {
					t.Errorf("catalog differs:\n  %s", strings.Join(diffs, "\n  "))
				}
			}
		})
	}
}

func readCases(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, strings.Fields(l)[0])
		}
	}
	return out, sc.Err()
}
