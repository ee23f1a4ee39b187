package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

// bench --facts-dir compiles the directory's nodes in turn, the first one
// first (first_ns), and says how many warm compiles it timed; it reads
// their facts as 'compile --facts-dir' does, the nodes' values of the same
// text shared.
func TestBenchFactsDir(t *testing.T) {
	var compiled []string
	osFacts := map[values.Value]bool{}
	p := rt.NewProgram("production")
	p.AddCoreTypes()
	p.AddMain(func(s *rt.Scope) {
		compiled = append(compiled, s.NodeName())
		facts, _ := s.LookupVar("facts")
		os, _ := facts.(*values.Hash).GetString("os")
		osFacts[os] = true
	})
	p.Finish()
	program := func() *rt.Program { return p }
	facts := t.TempDir()
	for _, n := range []string{"b", "a", "c"} {
		require.NoError(t, os.WriteFile(filepath.Join(facts, n+".json"), []byte(`{"os":{"family":"Debian"}}`), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(facts, "notes.txt"), []byte("not facts"), 0o644))

	bench := func(args ...string) (string, error) {
		cmd := benchCommand(program)
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(args)
		err := cmd.Execute()
		return out.String(), err
	}
	out, err := bench("--facts-dir", facts, "--count", "6")
	require.NoError(t, err)
	require.Contains(t, out, " n=6 ")
	require.Contains(t, out, " fail=0\n")
	require.Equal(t, []string{"a", "b", "c", "a", "b", "c", "a"}, compiled)
	require.Len(t, osFacts, 1, "the nodes' os facts are not one value")

	compiled = nil
	out, err = bench("one", "--facts", filepath.Join(facts, "c.json"), "--count", "3")
	require.NoError(t, err)
	require.Contains(t, out, " n=3 ")
	require.Equal(t, []string{"one", "one", "one", "one"}, compiled)

	_, err = bench("one", "--facts-dir", facts)
	require.EqualError(t, err, "give NODE --facts FILE or --facts-dir DIR, not both")
	_, err = bench("one")
	require.EqualError(t, err, "give NODE --facts FILE or --facts-dir DIR")
	_, err = bench("--facts-dir", t.TempDir())
	require.ErrorContains(t, err, ": no facts files (NAME.json, NAME.yaml)")
}
