// Package hello runs the Go tests of the example environment: they live in
// the Go module pp2go generates for it (testdata/catalog_test.go, written
// with package rt/spec), so the test generates that module, puts the test
// file and its data in its catalog package and runs `go test` there.
package hello

import (
	"os"
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
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "example"})
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
	pkg := filepath.Join(work, "catalog")
	copyFile(t, filepath.Join("testdata", "catalog_test.go"), filepath.Join(pkg, "catalog_test.go"))
	for _, dir := range []string{"nodes", filepath.Join("testdata", "expected")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, f := range files {
			copyFile(t, f, filepath.Join(pkg, "testdata", filepath.Base(dir), filepath.Base(f)))
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "./catalog")
	cmd.Dir = work
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test in the generated module: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
