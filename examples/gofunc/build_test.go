package gofunc

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestBuiltCatalog builds env/ as `pp2go build` does, the greet module's
// Go functions read from its go/ directory, and compares the binary's
// catalog with the one Puppet 7.23 compiles running the Ruby functions
// (testdata/web1.example.com.json, from testdata/regen-catalog.sh).
func TestBuiltCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example's Go module")
	}
	e, err := env.Load("env", env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Puppet: 7, Version: "example", Checked: typecheck.Check(e, 7)})
	require.NoError(t, err)
	require.Empty(t, res.Diags.Errors(), "code generation")
	require.Contains(t, res.Files, "modules/greet/go_functions.go", "the registration of the module's Go functions")

	work := t.TempDir()
	require.NoError(t, res.Write(work))
	bin := filepath.Join(work, "catalog-bin")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = work
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	actual, err := exec.Command(bin, "compile", "web1.example.com", "--facts", filepath.Join("testdata", "facts.json")).Output()
	require.NoError(t, err)
	expected, err := os.ReadFile(filepath.Join("testdata", "web1.example.com.json"))
	require.NoError(t, err)
	root, err := filepath.Abs("env")
	require.NoError(t, err)
	diffs, err := conformance.DiffCatalogs(expected, actual, root)
	require.NoError(t, err)
	require.Empty(t, diffs, "the catalog differs from Puppet's")
}
