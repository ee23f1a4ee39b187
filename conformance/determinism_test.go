package conformance

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/env"
)

// TestDeterministic generates the Go module of an environment with many
// modules twice, from two loads, and requires byte-identical files; then
// compiles a catalog twice and requires byte-identical JSON.
func TestDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	dir := sharedPath(t, "conformance", "scenarios", "mod_base_ntp_ssh")
	gen := func() *codegen.Result {
		e, err := env.Load(dir, env.Options{BaseModulePath: ModulesDir(), Name: "production"})
		if err != nil {
			t.Fatal(err)
		}
		res, err := codegen.Generate(e, codegen.Options{RuntimeDir: RepoDir(), Version: "determinism"})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := gen(), gen()
	if len(a.Files) != len(b.Files) {
		t.Fatalf("%d files, then %d", len(a.Files), len(b.Files))
	}
	for name, content := range a.Files {
		if !bytes.Equal(content, b.Files[name]) {
			t.Errorf("%s differs between two generations", name)
		}
	}

	sc := &Scenario{Name: "lang_iteration", Dir: sharedPath(t, "conformance", "scenarios", "lang_iteration")}
	bin, err := sc.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	facts := filepath.Join(sc.Dir, "nodes", "lang.example.com.json")
	run := func() []byte {
		out, err := exec.Command(bin, "compile", "lang.example.com", "--facts", facts, "--quiet").Output()
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if x, y := run(), run(); !bytes.Equal(x, y) {
		t.Errorf("two compilations of the same node gave different catalogs")
	}
}
