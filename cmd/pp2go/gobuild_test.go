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

// TestRewriteBinary: the binary is replaced by a new file of the same
// bytes and mode (written with write(2): see rewriteBinary), and nothing
// else is left in its directory; what is not a regular file is left as it
// is.
func TestRewriteBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "catalog")
	data := bytes.Repeat([]byte("\x7fELF binary bytes "), 100_000)
	require.NoError(t, os.WriteFile(bin, data, 0o644))
	require.NoError(t, os.Chmod(bin, 0o751))
	before, err := os.Stat(bin)
	require.NoError(t, err)

	rewriteBinary(bin)
	after, err := os.Stat(bin)
	require.NoError(t, err)
	require.False(t, os.SameFile(before, after), "the binary is a new file")
	require.Equal(t, os.FileMode(0o751), after.Mode().Perm())
	got, err := os.ReadFile(bin)
	require.NoError(t, err)
	require.Equal(t, data, got)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)

	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(bin, link))
	rewriteBinary(link)
	target, err := os.Readlink(link)
	require.NoError(t, err)
	require.Equal(t, bin, target)
	again, err := os.Stat(bin)
	require.NoError(t, err)
	require.True(t, os.SameFile(after, again), "a link is left as it is")
	rewriteBinary(filepath.Join(dir, "none")) // nothing to rewrite
	entries, err = os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 2)
}
