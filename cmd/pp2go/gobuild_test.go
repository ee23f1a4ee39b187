package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGoBuild: go build makes the binary after the line that counts the
// packages (go list's count, recorded for the next build of the same
// packages); a module go list cannot read fails with go list's words, one
// go build cannot build with go build's, and no binary.
func TestGoBuild(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("go.mod", "module x\n\ngo 1.26\n")
	write("main.go", "package main\n\nfunc main() {}\n")
	bin := filepath.Join(t.TempDir(), "x")
	var out bytes.Buffer
	require.NoError(t, goBuild(&out, dir, bin))
	require.Regexp(t, `^Building \d+ Go packages with go build`, out.String())
	require.FileExists(t, bin)
	n, ok := recordedPackages(dir, packagesKey(dir))
	require.True(t, ok)
	require.Contains(t, out.String(), fmt.Sprintf("Building %d Go packages", n))

	// the same packages: the recorded count, no go list
	recordPackages(dir, packagesKey(dir), 12345)
	out.Reset()
	require.NoError(t, goBuild(&out, dir, bin))
	require.Contains(t, out.String(), "Building 12345 Go packages")

	write("main.go", "package main\n\nimport _ \"x/nope\"\n\nfunc main() {}\n")
	bin = filepath.Join(t.TempDir(), "x")
	out.Reset()
	err := goBuild(&out, dir, bin)
	require.ErrorContains(t, err, "go build failed")
	require.ErrorContains(t, err, "x/nope")
	require.NoFileExists(t, bin)

	// another package: go list again
	write("sub/sub.go", "package sub\n")
	out.Reset()
	err = goBuild(&out, dir, bin)
	require.ErrorContains(t, err, "go list: ")
	require.ErrorContains(t, err, "x/nope")
	require.Empty(t, out.String())
	require.NoFileExists(t, bin)
}
