package covreport

import (
	"bytes"
	"testing"
)

// Two packages' coverage merged: a resource touched in either is touched;
// what a spec tests itself (a filter of either) and Puppet's default
// resources are left out; the higher requirement holds.
func TestMergeAndWrite(t *testing.T) {
	a := &Data{Resources: map[string]bool{"File[/a]": true, "File[/b]": false, "Class[Ntp]": false, "Stage[main]": false}, Filters: []string{"Class[Ntp]"}, Required: 50}
	b := &Data{Resources: map[string]bool{"File[/b]": true, "Service[ntp]": false, "Class[Ntp]": true}, Required: 80}
	var d Data
	d.Merge(a)
	d.Merge(b)
	r := d.Result()
	if r.Total != 3 || r.Touched != 2 || len(r.Untouched) != 1 || r.Untouched[0] != "Service[ntp]" || d.Required != 80 {
		t.Fatalf("merged: %+v, required %v", r, d.Required)
	}
	var w bytes.Buffer
	if Write(&w, r, d.Required) {
		t.Errorf("66.67%% passes a requirement of 80%%")
	}
	want := "\nCoverage Report:\n\nTotal resources:   3\nTouched resources: 2\nResource coverage: 66.67%\n\n" +
		"Untouched resources:\n  Service[ntp]\n\nFAIL: resource coverage 66.67% is below the required 80.00%\n"
	if w.String() != want {
		t.Errorf("report:\n%q\nwant:\n%q", w.String(), want)
	}
	if (Result{}).Percent() != 100 || !Write(&bytes.Buffer{}, Result{}, 100) {
		t.Errorf("no resources: 100%%, as rspec-puppet counts")
	}
}
