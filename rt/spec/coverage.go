package spec

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/pp2go/pp2go/rt/spec/covreport"
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
	covreport.Data
}{Data: covreport.Data{Resources: map[string]bool{}}}

// covSpec is what a spec leaves out of the coverage: its subjects, and
// the resources of other modules than module ("" for none).
type covSpec struct {
	subjects []string
	module   string
}

// addCoverage adds a catalog's resources to the coverage of the run.
func addCoverage(c *Catalog, subjects []string, module string) {
	coverage.Lock()
	defer coverage.Unlock()
	coverage.Filters = append(coverage.Filters, subjects...)
	for _, r := range c.list {
		ref := r.Ref()
		if _, ok := coverage.Resources[ref]; !ok && inModule(r, module) {
			coverage.Resources[ref] = false
		}
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
	if _, ok := coverage.Resources[r.Ref()]; ok {
		coverage.Resources[r.Ref()] = true
	}
}

// CoverageResult is the resource coverage of the tests run so far:
// Total, Touched, Untouched (references, sorted) and Percent().
type CoverageResult = covreport.Result

// Coverage is the resource coverage of the tests run so far in this test
// binary.
func Coverage() CoverageResult {
	coverage.Lock()
	defer coverage.Unlock()
	return coverage.Result()
}

// CoverageReport writes the coverage report as rspec-puppet's
// Coverage.report! does (totals, percentage, the untouched resources).
// With required > 0 it reports too whether the coverage reaches that
// percentage, and returns false when it does not.
func CoverageReport(w io.Writer, required float64) bool {
	return covreport.Write(w, Coverage(), required)
}

// CoverageMain runs the tests, then writes the coverage report on
// standard output; its result, for os.Exit, is that of the tests, or 1
// when they pass but the coverage is below required (0: no minimum). Call
// it from the test package's TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(spec.CoverageMain(m, 80)) }
//
// Run by pp2go test, it reports nothing: it gives its coverage (and
// required) to pp2go test, which reports the coverage of all the packages
// of tests together, as rspec-puppet reports a whole run, and fails when
// it is below the highest required. Run by go test, the report shows
// with -v (go test shows what a passing test binary prints only then); a
// coverage below required fails the run, report shown, without -v.
func CoverageMain(m *testing.M, required float64) int {
	code := m.Run()
	if path := os.Getenv(covreport.Env); path != "" {
		coverage.Lock()
		data := coverage.Data
		data.Required = required
		b, err := json.Marshal(&data)
		coverage.Unlock()
		if err == nil {
			err = os.WriteFile(path, b, 0o644)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "spec.CoverageMain: %v\n", err)
			return max(code, 1)
		}
		return code
	}
	if !CoverageReport(os.Stdout, required) && code == 0 {
		code = 1
	}
	return code
}

// resetCoverage forgets what the tests ran so far (for pp2go's own tests).
func resetCoverage() {
	coverage.Lock()
	defer coverage.Unlock()
	coverage.Data = covreport.Data{Resources: map[string]bool{}}
}
