package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// knownFailures are the scenarios expected to fail, each with the open
// issue its cause belongs to. A scenario listed here that passes fails the
// test, so that the list stays true.
var knownFailures = map[string]string{}

// TestScenarios builds every scenario of ../shared/conformance/scenarios
// with pp2go, compiles each of its nodes and compares the result with the
// catalog (or error) Puppet 7.23 produced. It prints a line per scenario and
// closes with the counts (go test -v, or make conformance).
func TestScenarios(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary per scenario")
	}
	scs, err := LoadScenarios(sharedPath(t, "conformance", "scenarios"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ModulesDir()); err != nil {
		t.Fatalf("the scenarios need the Debian module packages (%v)", err)
	}
	work := filepath.Join(os.TempDir(), "pp2go-conformance")
	passed, failed := 0, 0
	for _, sc := range scs {
		t.Run(sc.Name, func(t *testing.T) {
			var problems []string
			bin, err := sc.Build(filepath.Join(work, sc.Name))
			if err != nil {
				problems = append(problems, "build: "+err.Error())
			} else {
				outcomes, err := sc.Run(bin)
				if err != nil {
					t.Fatalf("%s: %v", sc.Name, err)
				}
				for _, o := range outcomes {
					for _, d := range o.Diff {
						problems = append(problems, o.Node+": "+d)
					}
				}
			}
			reason, known := knownFailures[sc.Name]
			switch {
			case len(problems) == 0 && known:
				failed++
				fmt.Printf("FAIL %-30s passes, but is listed as a known failure (%s)\n", sc.Name, reason)
				t.Errorf("%s passes: remove it from knownFailures", sc.Name)
			case len(problems) == 0:
				passed++
				fmt.Printf("ok   %-30s %d nodes\n", sc.Name, len(sc.Nodes))
			case known:
				failed++
				fmt.Printf("FAIL %-30s expected: %s\n", sc.Name, reason)
			default:
				failed++
				fmt.Printf("FAIL %-30s\n", sc.Name)
				if len(problems) > 20 {
					problems = append(problems[:20], fmt.Sprintf("... %d more", len(problems)-20))
				}
				t.Errorf("%s:\n  %s", sc.Name, strings.Join(problems, "\n  "))
			}
		})
	}
	fmt.Printf("%d passed, %d failed\n", passed, failed)
}
