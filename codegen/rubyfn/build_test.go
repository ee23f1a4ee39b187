package rubyfn

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTranslatedBuilds builds the Go of every function file of both
// module sets that translates, one package per set: generated Go must
// always compile.
func TestTranslatedBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go (-short)")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	for _, c := range corpora() {
		set, dir := c[0], c[1]
		t.Run(set, func(t *testing.T) {
			files := functionFiles(dir)
			if len(files) == 0 {
				t.Skipf("no module functions under %s", dir)
			}
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			// inside this module, so that the runtime's packages resolve
			pkgDir, err := os.MkdirTemp("testdata", "build-")
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(pkgDir)
			n := len(writeTranslated(t, files, pkgDir, "translated", nil))
			cmd := exec.Command(gobin, "vet", "./"+filepath.ToSlash(pkgDir))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go vet of the Go of %d translated functions: %v\n%s", n, err, strings.TrimSpace(string(out)))
			}
			t.Logf("%s: the Go of %d translated functions builds", set, n)
		})
	}
}
