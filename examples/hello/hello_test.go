// Package hello runs the Go tests of the example environment, spec/*_test.go
// (written with package rt/spec), as `pp2go test examples/hello` runs them:
// it generates the environment's Go module and runs `go test` there on the
// test files, which go test runs in spec/ itself.
package hello

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
)

func TestCatalogTests(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example's Go module")
	}
	e, err := env.Load(".", env.Options{BaseModulePath: conformance.ModulesDir(), Name: "production"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Puppet: 7, Version: "example"})
	if err != nil {
		t.Fatal(err)
	}
	if errs := res.Diags.Errors(); len(errs) > 0 {
		t.Fatalf("code generation: %v", errs)
	}
	work := t.TempDir()
	if err := res.Write(work); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(conformance.RepoDir(), "examples", "hello", "spec", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tests in spec/: %v", err)
	}
	cmd := exec.Command("go", append([]string{"test", "-count=1"}, files...)...)
	cmd.Dir = work
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test in the generated module: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
