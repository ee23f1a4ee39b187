package spec

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Resource coverage, after rspec-puppet's RSpec::Puppet::Coverage: the
// resources of every catalog Compile made in the test binary, against
// those an assertion found (ContainResource and the Contain* helpers, on
// the catalog or its ExportedResources). As rspec-puppet does, the
// report leaves out Stage[main], Class[Settings], Class[main] and
// Node[default], and what a class or define spec tests itself (the
// classes of Include and Class, the resource of Declare); in such a spec
// it counts only the resources of the module under test (the module of
// the first class or defined type the options declare): classes of that
// module, and resources declared in its manifests/ directory, in the
// main manifest (a file outside any modules/ directory) or nowhere.

var coverage = struct {
	sync.Mutex
	resources map[string]bool // ref -> touched
	filters   map[string]bool
}{resources: map[string]bool{}, filters: map[string]bool{}}

// covSpec is what a spec leaves out of the coverage: its subjects, and
// the resources of other modules than module ("" for none).
type covSpec struct {
	subjects []string
	module   string
}

var coverageFilters = []string{"Stage[main]", "Class[Settings]", "Class[main]", "Node[default]"}

// addCoverage adds a catalog's resources to the coverage of the run.
func addCoverage(c *Catalog, subjects []string, module string) {
	coverage.Lock()
	defer coverage.Unlock()
	for _, s := range subjects {
		coverage.filters[s] = true
		delete(coverage.resources, s)
	}
	for _, r := range c.list {
		ref := r.Ref()
		if _, ok := coverage.resources[ref]; ok || coverage.filters[ref] || !inModule(r, module) {
			continue
		}
		coverage.resources[ref] = false
	}
}

// inModule reports whether a resource counts for a spec of the module
// ("" for a node's catalog, where all do).
func inModule(r *Resource, module string) bool {
	if module == "" {
		return true
	}
	if r.Type == "Class" && !strings.EqualFold(strings.SplitN(r.Title, "::", 2)[0], module) {
		return false
	}
	f := r.File
	return f == "" || strings.Contains(f, "/"+module+"/manifests/") || !strings.Contains(f, "/modules/")
}

// touch records that an assertion found a resource.
func touch(r *Resource) {
	coverage.Lock()
	defer coverage.Unlock()
	if _, ok := coverage.resources[r.Ref()]; ok {
		coverage.resources[r.Ref()] = true
	}
}

// CoverageResult is the resource coverage of the tests run so far.
type CoverageResult struct {
	Total, Touched int
	Untouched      []string // references, sorted
}

// Percent is the share of resources touched, 100 when there are none (as
// rspec-puppet counts).
func (r CoverageResult) Percent() float64 {
	if r.Total == 0 {
		return 100
	}
	return float64(r.Touched) * 100 / float64(r.Total)
}

// Coverage is the resource coverage of the tests run so far in this test
// binary.
func Coverage() CoverageResult {
	coverage.Lock()
	defer coverage.Unlock()
	var out CoverageResult
	for ref, touched := range coverage.resources {
		if coverage.filters[ref] || isDefaultFilter(ref) {
			continue
		}
		out.Total++
		if touched {
			out.Touched++
		} else {
			out.Untouched = append(out.Untouched, ref)
		}
	}
	sort.Strings(out.Untouched)
	return out
}

func isDefaultFilter(ref string) bool {
	for _, f := range coverageFilters {
		if f == ref {
			return true
		}
	}
	return false
}

// CoverageReport writes the coverage report as rspec-puppet's
// Coverage.report! does (totals, percentage, the untouched resources).
// With required > 0 it reports too whether the coverage reaches that
// percentage, and returns false when it does not.
func CoverageReport(w io.Writer, required float64) bool {
	r := Coverage()
	fmt.Fprintf(w, "\nCoverage Report:\n\nTotal resources:   %d\nTouched resources: %d\nResource coverage: %5.2f%%\n", r.Total, r.Touched, r.Percent())
	if len(r.Untouched) > 0 {
		fmt.Fprintf(w, "\nUntouched resources:\n")
		for _, ref := range r.Untouched {
			fmt.Fprintf(w, "  %s\n", ref)
		}
	}
	if required > 0 && r.Percent() < required {
		fmt.Fprintf(w, "\nFAIL: resource coverage %.2f%% is below the required %.2f%%\n", r.Percent(), required)
		return false
	}
	return true
}

// CoverageMain runs the tests, then writes the coverage report on
// standard output; its result, for os.Exit, is that of the tests, or 1
// when they pass but the coverage is below required (0: no minimum). Call
// it from the test package's TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(spec.CoverageMain(m, 80)) }
//
// go test shows what a passing test binary prints only with -v: run
// `pp2go test ENV -v` (or `go test -v`) to see the report; a coverage
// below required fails the run, report shown, without -v.
func CoverageMain(m *testing.M, required float64) int {
	code := m.Run()
	if !CoverageReport(os.Stdout, required) && code == 0 {
		code = 1
	}
	return code
}

// resetCoverage forgets what the tests ran so far (for pp2go's own tests).
func resetCoverage() {
	coverage.Lock()
	defer coverage.Unlock()
	coverage.resources = map[string]bool{}
	coverage.filters = map[string]bool{}
}
