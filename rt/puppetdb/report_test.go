package puppetdb

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestReportPayload: the store report payload made from an agent's report
// (testdata/report.json, Puppet 7.23's, of a run with a change, a failure,
// a skipped and a noop resource) is the one Puppet's puppetdb report
// processor made of it (testdata/report-wire.json; testdata/regen), but
// for the order of resources and metrics, which PuppetDB does not keep.
func TestReportPayload(t *testing.T) {
	report, err := os.ReadFile("testdata/report.json")
	require.NoError(t, err)
	got, err := ReportPayload(report, "puppet.oracle.test", time.Date(2026, 1, 2, 3, 4, 5, 678e6, time.UTC))
	require.NoError(t, err)
	b, err := json.Marshal(got)
	require.NoError(t, err)
	var gotData, wantData map[string]any
	require.NoError(t, json.Unmarshal(b, &gotData))
	wire, err := os.ReadFile("testdata/report-wire.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(wire, &wantData))
	for _, d := range []map[string]any{gotData, wantData} {
		sortBy(d["resources"].([]any), "resource_type", "resource_title")
		sortBy(d["metrics"].([]any), "category", "name")
	}
	require.Equal(t, wantData, gotData)

	_, err = ReportPayload([]byte(`{"host": "a", "time": "2026-01-01T00:00:00Z"}`), "p", time.Now())
	require.EqualError(t, err, "Environment is nil, unable to submit report. This may be due a bug with Puppet. "+
		"Ensure you are running the latest revision, see PUP-2508 for more details.")
	_, err = ReportPayload([]byte(`{"host": `), "p", time.Now())
	require.Error(t, err)
}

func sortBy(list []any, keys ...string) {
	key := func(x any) string {
		m := x.(map[string]any)
		s := ""
		for _, k := range keys {
			s += fmt.Sprint(m[k]) + "\x00"
		}
		return s
	}
	sort.SliceStable(list, func(i, j int) bool { return key(list[i]) < key(list[j]) })
}
