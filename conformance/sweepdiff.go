package conformance

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// The tracked list of sweep jobs that still differ from Puppet
// (sweep-differences.txt): one line per job under a `## cause` heading.
// The causes are written by hand; when the list is rewritten, a job keeps
// its cause, and a job not listed before gets the first matching cause of
// autoCauses or "unclassified".

// SweepDifferencesFile is the tracked list, beside this file.
func SweepDifferencesFile() string { return RepoDir() + "/conformance/sweep-differences.txt" }

// SweepDiff is one listed job.
type SweepDiff struct {
	Cause string
	Job   string // MODULE CLASS PLATFORM
	Kind  string // digest, error, catalog, missing, error-text
}

func diffKey(r *SweepResult) string {
	return r.Job.Module + " " + r.Job.Class + " " + r.Job.Platform
}

// ReadSweepDifferences reads the tracked list; a missing file is an empty
// list.
func ReadSweepDifferences(path string) (map[string]*SweepDiff, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return map[string]*SweepDiff{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]*SweepDiff{}
	cause := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			cause = strings.TrimSpace(strings.TrimPrefix(line, "## "))
			if i := strings.LastIndex(cause, " ("); i > 0 && strings.HasSuffix(cause, " jobs)") {
				cause = cause[:i]
			}
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
		default:
			f := strings.Fields(line)
			if len(f) != 4 || cause == "" {
				return nil, fmt.Errorf("%s:%d: want `MODULE CLASS PLATFORM KIND` under a `## cause` heading", path, n)
			}
			key := f[0] + " " + f[1] + " " + f[2]
			out[key] = &SweepDiff{Cause: cause, Job: key, Kind: f[3]}
		}
	}
	return out, sc.Err()
}

// autoCauses classify new differences by pp2go's error text.
var autoCauses = []struct {
	re    *regexp.Regexp
	cause string
}{
	{regexp.MustCompile(`Could not find template|inline_template\(\)|template\(\): `), "ERB, the template engineer's: pp2go's template()/inline_template() fails where Puppet renders the template"},
}

// ClassifySweep gives every differing job its cause: the listed one, an
// automatic one, or "unclassified".
func ClassifySweep(results []*SweepResult, listed map[string]*SweepDiff) []*SweepDiff {
	var out []*SweepDiff
	for _, r := range results {
		if !r.Differs() {
			continue
		}
		d := &SweepDiff{Job: diffKey(r), Kind: r.DiffKind()}
		if old := listed[d.Job]; old != nil {
			d.Cause = old.Cause
		} else {
			for _, a := range autoCauses {
				if r.Got != "" && a.re.MatchString(r.Got) {
					d.Cause = a.cause
					break
				}
			}
			if d.Cause == "" {
				d.Cause = "unclassified"
			}
		}
		out = append(out, d)
	}
	return out
}

// WriteSweepDifferences writes the tracked list: causes by number of jobs,
// jobs sorted within each.
func WriteSweepDifferences(path string, diffs []*SweepDiff, summary string) error {
	by := map[string][]*SweepDiff{}
	for _, d := range diffs {
		by[d.Cause] = append(by[d.Cause], d)
	}
	causes := make([]string, 0, len(by))
	for c := range by {
		causes = append(causes, c)
	}
	sort.Slice(causes, func(i, j int) bool {
		a, b := by[causes[i]], by[causes[j]]
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return causes[i] < causes[j]
	})
	var b strings.Builder
	b.WriteString(`# Module sweep: the jobs whose outcome still differs from Puppet 7.23's.
#
# One line per job, MODULE CLASS PLATFORM KIND, under the cause of the
# difference. KIND: digest (both compile, catalogs differ), error (pp2go
# fails, Puppet compiles), catalog (pp2go compiles, Puppet fails),
# error-text (both fail, with different errors), missing.
#
# TestSweep fails when a job differs that is not listed here, or a listed
# job no longer differs. Rewrite the list with ` + "`make sweep-differences`" + `: listed jobs keep
# their cause, new ones are classified by pp2go's error where a rule knows
# it (conformance/sweepdiff.go) and go under "unclassified" otherwise;
# give them a cause by hand.
#
`)
	for _, l := range strings.Split(strings.TrimSpace(summary), "\n") {
		if l != "" {
			b.WriteString("# " + l + "\n")
		}
	}
	for _, c := range causes {
		ds := by[c]
		sort.Slice(ds, func(i, j int) bool { return ds[i].Job < ds[j].Job })
		fmt.Fprintf(&b, "\n## %s (%d jobs)\n", c, len(ds))
		for _, d := range ds {
			fmt.Fprintf(&b, "%s %s\n", d.Job, d.Kind)
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// CheckSweepDifferences compares the differing jobs with the listed ones:
// the problems are jobs that differ but are not listed (or differ in
// another way), and listed jobs that no longer differ.
func CheckSweepDifferences(results []*SweepResult, listed map[string]*SweepDiff) []string {
	var problems []string
	seen := map[string]bool{}
	for _, r := range results {
		key := diffKey(r)
		seen[key] = true
		old := listed[key]
		switch {
		case r.Differs() && old == nil:
			problems = append(problems, fmt.Sprintf("%s: differs (%s), not listed: %s", key, r.DiffKind(), r.Detail))
		case r.Differs() && old.Kind != r.DiffKind():
			problems = append(problems, fmt.Sprintf("%s: differs as %s, listed as %s (%s): %s", key, r.DiffKind(), old.Kind, old.Cause, r.Detail))
		case !r.Differs() && old != nil:
			problems = append(problems, fmt.Sprintf("%s: now as Puppet's, listed as %s (%s): remove it", key, old.Kind, old.Cause))
		}
	}
	for key, d := range listed {
		if !seen[key] {
			problems = append(problems, fmt.Sprintf("%s: listed (%s) but not a job of the sweep", key, d.Cause))
		}
	}
	sort.Strings(problems)
	return problems
}
