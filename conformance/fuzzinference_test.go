package conformance

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// fuzzSeeds are the seeds TestFuzzInference runs, fuzzCases the manifests
// of each: fixed, so that CI judges the same programs every run (a wider
// search is the script's own: -n 600 --seed S).
var fuzzSeeds, fuzzCases = []int{3, 7}, 30

// TestFuzzInference runs tools/fuzz-inference.py --compile under the real
// Puppet 7.23 (the oracle CI installs): random manifests whose locals the
// checker infers the types of, each compiled for twelve nodes by Puppet and
// by pp2go. It fails when pp2go check reports an error on a line a node's
// compile ran, or when a node's outcome (its resources, or its error's
// first line) differs from Puppet's: a type the checker proved wrongly
// would show there, as the code generator lowers operations on proven
// types to Go's.
func TestFuzzInference(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Puppet and builds a catalog driver")
	}
	sharedPath(t, "conformance", "oracle", "compile-catalog")
	for _, tool := range []string{"python3", "puppet"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s (apt-get install python3 puppet-agent): %v", tool, err)
		}
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	pp2go := filepath.Join(tmp, "pp2go")
	if err := goBuild(root, pp2go, "./cmd/pp2go", nil); err != nil {
		t.Fatal(err)
	}
	for _, seed := range fuzzSeeds {
		t.Run("seed"+strconv.Itoa(seed), func(t *testing.T) {
			cmd := exec.Command("python3", filepath.Join(root, "tools", "fuzz-inference.py"),
				"-n", strconv.Itoa(fuzzCases), "--seed", strconv.Itoa(seed), "--puppet", "7", "--compile",
				"--pp2go", pp2go, "--work", filepath.Join(tmp, "seed"+strconv.Itoa(seed)))
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "PP2GO_SHARED="+SharedDir())
			out, err := cmd.CombinedOutput()
			t.Logf("%s", lastLines(string(out), 30))
			if err != nil {
				t.Errorf("fuzz-inference.py --seed %d: %v", seed, err)
			}
		})
	}
}
