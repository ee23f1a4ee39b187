package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// knownFailures are the scenarios expected to fail under a Puppet version
// (7 or 8), each with the open issue its cause belongs to. A scenario
// listed here that passes fails the test, so that the list stays true.
var knownFailures = map[int]map[string]string{7: {}, 8: {}}

// TestScenarios builds every scenario of ../shared/conformance/scenarios
// with pp2go (once, as pp2go build does, for Puppet 8 by default), compiles
// each of its nodes as Puppet 7 (--puppet 7) and as Puppet 8 (the default)
// and compares each result with the catalog (or error) that version
// produced: Puppet 7.23's are the scenario's expected/, Puppet 8.10's
// testdata/puppet8/scenarios. It prints a line per scenario and version and
// closes with the counts per version (go test -v, or make conformance).
// Each version's nodes are compiled again all in one process (RunDir).
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
	work := workDir(t, "pp2go-conformance")
	passed, failed := map[int]int{}, map[int]int{}
	for _, sc := range scs {
		t.Run(sc.Name, func(t *testing.T) {
			bin, buildErr := sc.Build(filepath.Join(work, sc.Name))
			for _, puppet := range ScenarioVersions {
				var problems []string
				if buildErr != nil {
					problems = append(problems, "build: "+buildErr.Error())
				} else {
					outcomes, err := sc.Run(bin, puppet)
					if err != nil {
						t.Fatalf("%s: %v", sc.Name, err)
					}
					for _, o := range outcomes {
						for _, d := range o.Diff {
							problems = append(problems, o.Node+": "+d)
						}
					}
					// the nodes again in one process, each compile
					// reusing the memory of the one before
					outcomes, err = sc.RunDir(bin, puppet, filepath.Join(work, sc.Name, "dir"))
					if err != nil {
						t.Fatalf("%s: %v", sc.Name, err)
					}
					for _, o := range outcomes {
						for _, d := range o.Diff {
							problems = append(problems, o.Node+" (--facts-dir): "+d)
						}
					}
				}
				label := fmt.Sprintf("%s (Puppet %d)", sc.Name, puppet)
				reason, known := knownFailures[puppet][sc.Name]
				switch {
				case len(problems) == 0 && known:
					failed[puppet]++
					fmt.Printf("FAIL %-42s passes, but is listed as a known failure (%s)\n", label, reason)
					t.Errorf("%s passes: remove it from knownFailures[%d]", label, puppet)
				case len(problems) == 0:
					passed[puppet]++
					fmt.Printf("ok   %-42s %d nodes\n", label, len(sc.Nodes))
				case known:
					failed[puppet]++
					fmt.Printf("FAIL %-42s expected: %s\n", label, reason)
				default:
					failed[puppet]++
					fmt.Printf("FAIL %-42s\n", label)
					if len(problems) > 20 {
						problems = append(problems[:20], fmt.Sprintf("... %d more", len(problems)-20))
					}
					t.Errorf("%s:\n  %s", label, strings.Join(problems, "\n  "))
				}
			}
		})
	}
	for _, puppet := range ScenarioVersions {
		fmt.Printf("Puppet %s: %d passed, %d failed\n", map[int]string{7: "7.23", 8: "8.10"}[puppet], passed[puppet], failed[puppet])
	}
}
