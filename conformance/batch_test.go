package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestCompileBatch: an oracle batch file's jobs compiled with pp2go give
// Puppet's outcomes, in the files the batch names: a scenario whose node
// fails (err_unknown_class, its error as Puppet 7.23 wrote it), and one
// whose node compiles (lang_case_selector, its catalog as Puppet's).
func TestCompileBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a catalog driver")
	}
	scenarios := sharedPath(t, "conformance", "scenarios")
	out := t.TempDir()
	var batch strings.Builder
	for _, name := range []string{"err_unknown_class", "lang_case_selector"} {
		dir := filepath.Join(scenarios, name)
		nodes, err := filepath.Glob(filepath.Join(dir, "nodes", "*.json"))
		require.NoError(t, err)
		require.NotEmpty(t, nodes, name)
		node := strings.TrimSuffix(filepath.Base(nodes[0]), ".json")
		batch.WriteString(strings.Join([]string{dir, node, nodes[0], filepath.Join(out, name)}, " ") + "\n")
	}
	file := filepath.Join(out, "batch")
	require.NoError(t, os.WriteFile(file, []byte(batch.String()), 0o644))
	require.NoError(t, CompileBatch(file, workDir(t, "pp2go-batch"), 7, time.Minute))

	want, err := os.ReadFile(filepath.Join(scenarios, "err_unknown_class", "expected", "lang.example.com.error"))
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(out, "err_unknown_class.error"))
	require.NoError(t, err)
	require.Equal(t, firstLine(strings.TrimSpace(string(want))), firstLine(strings.TrimSpace(string(got))))

	expected, err := filepath.Glob(filepath.Join(scenarios, "lang_case_selector", "expected", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, expected)
	wantCat, err := os.ReadFile(expected[0])
	require.NoError(t, err)
	gotCat, err := os.ReadFile(filepath.Join(out, "lang_case_selector.json"))
	require.NoError(t, err)
	diffs, err := DiffCatalogs(wantCat, gotCat, "")
	require.NoError(t, err)
	require.Empty(t, diffs)
}
