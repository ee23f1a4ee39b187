package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestForgeSample scores pp2go on a sample of Forge code that Puppet ran
// (tools/forge-sample: a class sweep of Forge modules, or their examples
// and specs as classes): PP2GO_FORGE_SAMPLE=DIR, with DIR/M the modules,
// DIR/ENVS the jobs and DIR/OUT7 or DIR/OUT8 Puppet's outcomes, as the
// release PP2GO_FORGE_PUPPET (7, the default, or 8). pp2go's outcomes go
// to DIR/W7 or DIR/W8. It prints each job that differs (DIFF) and each
// that fails in both with another text (TEXT), then the counts.
func TestForgeSample(t *testing.T) {
	dir := os.Getenv("PP2GO_FORGE_SAMPLE")
	if dir == "" {
		t.Skip("set PP2GO_FORGE_SAMPLE to a directory tools/forge-sample prepared")
	}
	puppet := 7
	if p := os.Getenv("PP2GO_FORGE_PUPPET"); p != "" {
		var err error
		if puppet, err = strconv.Atoi(p); err != nil {
			t.Fatalf("PP2GO_FORGE_PUPPET=%s: %v", p, err)
		}
	}
	t.Setenv("PUPPET_MODULES", filepath.Join(dir, "M"))
	v := strconv.Itoa(puppet)
	results, _ := runSweepTest(t, filepath.Join(dir, "OUT"+v), filepath.Join(dir, "W"+v), puppet, "forge")
	both, same := 0, 0
	for _, r := range results {
		switch {
		case !r.Passed():
			fmt.Printf("DIFF %s %s %s || %s\n", r.Job.Name(), r.Kind, r.Detail, r.Got)
		case r.Got != "":
			both++
			if r.SameError {
				same++
			} else {
				fmt.Printf("TEXT %s %s || %s\n", r.Job.Name(), r.Detail, r.Got)
			}
		}
	}
	fmt.Printf("forge: %d failed in both, %d with Puppet's text\n", both, same)
}
