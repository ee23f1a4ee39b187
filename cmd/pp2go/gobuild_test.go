package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGoBuild: go build makes the binary after the line that counts the
// packages; a module go list cannot read fails with go list's words, and
// no binary.
func TestGoBuild(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644))
	bin := filepath.Join(t.TempDir(), "x")
	var out bytes.Buffer
	require.NoError(t, goBuild(&out, dir, bin))
	require.Regexp(t, `^Building \d+ Go packages with go build`, out.String())
	require.FileExists(t, bin)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nimport _ \"x/nope\"\n\nfunc main() {}\n"), 0o644))
	bin = filepath.Join(t.TempDir(), "x")
	out.Reset()
	err := goBuild(&out, dir, bin)
	require.ErrorContains(t, err, "go list: ")
	require.ErrorContains(t, err, "x/nope")
	require.Empty(t, out.String())
	require.NoFileExists(t, bin)
}
