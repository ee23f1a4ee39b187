// Package covreport is rt/spec's resource coverage as data: the resources
// a test binary's catalogs had and those its assertions touched (Data,
// which pp2go test gathers from each package of tests it runs), and the
// report rspec-puppet's Coverage.report! prints. It imports nothing of
// pp2go, so that the pp2go command can merge and report without linking
// the runtime.
package covreport

import (
	"fmt"
	"io"
	"sort"
)

// Env names the environment variable with which pp2go test asks a test
// binary's spec.CoverageMain to write its Data to a file (JSON) instead of
// reporting.
const Env = "PP2GO_COVERAGE_FILE"

// DefaultFilters are left out of every report, as rspec-puppet leaves them.
var DefaultFilters = []string{"Stage[main]", "Class[Settings]", "Class[main]", "Node[default]"}

// Data is the coverage of one or more test binaries.
type Data struct {
	Resources map[string]bool `json:"resources"`          // reference -> touched
	Filters   []string        `json:"filters"`            // what specs test themselves: left out
	Required  float64         `json:"required,omitempty"` // the percentage asked for, 0 for none
}

// Merge adds o's coverage: a resource touched in either is touched, what
// either leaves out is left out, the higher requirement holds.
func (d *Data) Merge(o *Data) {
	if d.Resources == nil {
		d.Resources = map[string]bool{}
	}
	for ref, touched := range o.Resources {
		d.Resources[ref] = d.Resources[ref] || touched
	}
	have := map[string]bool{}
	for _, f := range d.Filters {
		have[f] = true
	}
	for _, f := range o.Filters {
		if !have[f] {
			have[f] = true
			d.Filters = append(d.Filters, f)
		}
	}
	d.Required = max(d.Required, o.Required)
}

// Result is what a report says.
type Result struct {
	Total, Touched int
	Untouched      []string // references, sorted
}

// Percent is the share of resources touched, 100 when there are none (as
// rspec-puppet counts).
func (r Result) Percent() float64 {
	if r.Total == 0 {
		return 100
	}
	return float64(r.Touched) * 100 / float64(r.Total)
}

// Result counts the resources, but those filtered.
func (d *Data) Result() Result {
	left := map[string]bool{}
	for _, f := range DefaultFilters {
		left[f] = true
	}
	for _, f := range d.Filters {
		left[f] = true
	}
	var r Result
	for ref, touched := range d.Resources {
		if left[ref] {
			continue
		}
		r.Total++
		if touched {
			r.Touched++
		} else {
			r.Untouched = append(r.Untouched, ref)
		}
	}
	sort.Strings(r.Untouched)
	return r
}

// Write writes the report as rspec-puppet's Coverage.report! does (totals,
// percentage, the untouched resources). With required > 0 it says too
// whether the coverage reaches that percentage, and returns false when it
// does not.
func Write(w io.Writer, r Result, required float64) bool {
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
