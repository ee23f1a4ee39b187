package all

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/fn/internal/evaltest"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/stretchr/testify/assert"
)

// The cases of ../testdata/cases/*.txt with the results Puppet 7.23 gave
// for them (../testdata/expected/*.json, made by ../testdata/gen.rb), and
// those Puppet 8.10 gave for some (../testdata/expected8/*.json, gen.rb
// run under it: see ../testdata/expected8/README).

type caseRow struct {
	Src    string   `json:"src"`
	Result string   `json:"result"`
	Error  string   `json:"error"`
	Logs   []string `json:"logs"`
}

var facts = values.NewHashFromPairs(
	values.String("fqdn"), values.String("testnode.example.com"),
	values.String("hostname"), values.String("testnode"),
	values.String("domain"), values.String("example.com"),
	values.String("ipaddress"), values.String("10.0.0.5"),
	values.String("ipaddress6"), values.String("fe80::1"),
	values.String("osfamily"), values.String("Debian"),
	values.String("operatingsystem"), values.String("Debian"),
	values.String("operatingsystemmajrelease"), values.String("12"),
	values.String("kernel"), values.String("Linux"),
	values.String("memorysize"), values.String("3.86 GiB"),
	values.String("memorysize_mb"), values.Float(3953.2),
	values.String("processorcount"), values.Int(2),
	values.String("is_virtual"), values.True,
	values.String("interfaces"), values.String("eth0,lo"),
	values.String("ipaddress_eth0"), values.String("10.0.0.5"),
	values.String("netmask_eth0"), values.String("255.255.255.0"),
	values.String("network_eth0"), values.String("10.0.0.0"),
	values.String("ipaddress_lo"), values.String("127.0.0.1"),
	values.String("netmask_lo"), values.String("255.0.0.0"),
	values.String("network_lo"), values.String("127.0.0.0"),
	values.String("macaddress_eth0"), values.String("52:54:00:12:34:56"),
	values.String("os"), values.NewHashFromPairs(
		values.String("family"), values.String("Debian"),
		values.String("name"), values.String("Debian"),
		values.String("release"), values.NewHashFromPairs(values.String("major"), values.String("12"), values.String("full"), values.String("12.5"))),
	values.String("networking"), values.NewHashFromPairs(values.String("ip"), values.String("10.0.0.5"), values.String("fqdn"), values.String("testnode.example.com")),
	values.String("empty_fact"), values.String(""),
)

// logTail drops the location Puppet appends to a logged warning.
var logTail = regexp.MustCompile(`\n   \((location: .*|file & line not available|file: .*)\)$`)

func TestCases(t *testing.T) {
	runCases(t, "../testdata/expected/*.json", "")
}

// TestCasesPuppet8 runs the cases whose results Puppet 8.10 gave as that
// release (fn.Releaser).
func TestCasesPuppet8(t *testing.T) {
	runCases(t, "../testdata/expected8/*.json", "8.10.0")
}

func runCases(t *testing.T, glob, version string) {
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatal("no expected results")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var rows []caseRow
		if err := json.Unmarshal(data, &rows); err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			for _, row := range rows {
				row := row
				t.Run(row.Src, func(t *testing.T) {
					c := evaltest.New("testnode.example.com", facts)
					c.Version = version
					got, err := c.Eval(row.Src)
					if os.Getenv("FN_DIFF") != "" {
						gs := evaltest.Repr(got)
						if err != nil {
							gs = "ERR " + err.Error()
						}
						ws := row.Result
						if row.Error != "" {
							ws = "ERR " + row.Error
						}
						if gs != ws {
							fmt.Printf("DIFF %s\n  want %s\n  got  %s\n", row.Src, ws, gs)
						}
					}
					if row.Error != "" {
						if assert.Error(t, err, "result %s", evaltest.Repr(got)) {
							assert.Equal(t, row.Error, err.Error())
						}
					} else if assert.NoError(t, err) {
						assert.Equal(t, row.Result, evaltest.Repr(got))
					}
					if strings.HasSuffix(row.Src, "# nologs") {
						return // the logs depend on what the Ruby process did before
					}
					var want []string
					for _, l := range row.Logs {
						want = append(want, logTail.ReplaceAllString(l, ""))
					}
					var logs []string
					for _, l := range c.Logs {
						logs = append(logs, logTail.ReplaceAllString(l, ""))
					}
					assert.Equal(t, want, logs, "logs")
				})
			}
		})
	}
}
