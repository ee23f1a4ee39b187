package codegen

import (
	"go/build"
	"os"
	"path/filepath"
	"testing"
)

// A generated file's name never carries a build constraint: go build
// skips x_windows.go on Linux and x_test.go outside tests, so a template
// named conf-windows or plain_test would vanish from the binary.
func TestOutputNameHasNoBuildConstraint(t *testing.T) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = "linux", "amd64"
	for _, rel := range []string{
		"templates/conf-windows.erb", "templates/plain-windows", "templates/plain_test", "templates/x-arm64",
		"templates/x_linux_arm64", "templates/x-darwin", "manifests/windows.pp", "templates/a.b.c",
	} {
		name := outputName(rel)
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), []byte("package p\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, c := range []build.Context{ctx, {GOOS: "darwin", GOARCH: "arm64", Compiler: "gc"}} {
			c.ReadDir, c.OpenFile = nil, nil
			if ok, err := c.MatchFile(dir, name); err != nil || !ok {
				t.Errorf("%s -> %s: not built on %s/%s (%v)", rel, name, c.GOOS, c.GOARCH, err)
			}
		}
		if len(name) > 8 && name[len(name)-8:] == "_test.go" {
			t.Errorf("%s -> %s: a test file", rel, name)
		}
	}
}
