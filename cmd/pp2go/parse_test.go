package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// run executes the CLI with args in dir and returns stdout, stderr and error.
func run(t *testing.T, dir string, args ...string) (string, string, error) {
	t.Helper()
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(dir))
	defer os.Chdir(wd)
	var out, errOut bytes.Buffer
	cmd := newRootCmd()
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err = cmd.Execute()
	return out.String(), errOut.String(), err
}

// TestParseMatchesPuppetParserDump: for each testdata/dumpN.args (arguments
// separated by '|', run in testdata/env), stdout is byte for byte what
// `puppet parser dump` with the same arguments printed (dumpN.out).
func TestParseMatchesPuppetParserDump(t *testing.T) {
	argFiles, err := filepath.Glob("testdata/dump*.args")
	require.NoError(t, err)
	require.NotEmpty(t, argFiles)
	for _, f := range argFiles {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		want, err := os.ReadFile(strings.TrimSuffix(f, ".args") + ".out")
		require.NoError(t, err)
		args := append([]string{"parse"}, strings.Split(strings.TrimSuffix(string(raw), "\n"), "|")...)
		got, stderr, err := run(t, "testdata/env", args...)
		require.NoError(t, err, "%s: %s", f, stderr)
		require.Equal(t, string(want), got, "%s: pp2go %s", f, strings.Join(args, " "))
	}
}

// A file that does not parse: Puppet's message with file, line and column on
// stderr, a non-zero exit, and the good files still dumped.
func TestParseReportsErrors(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.pp"), []byte("class a {\n  $x = = 1\n}\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "good.pp"), []byte("$y = 1\n"), 0o644))
	out, stderr, err := run(t, dir, "parse", "bad.pp", "good.pp")
	require.Error(t, err)
	require.Equal(t, "--- good.pp(= (var \"y\") 1)\n", out)
	require.Equal(t, "Error: --- bad.pp\nError: Syntax error at '=' (file: bad.pp, line: 2, column: 8)\n", stderr)

	_, stderr, err = run(t, dir, "parse", "missing.pp")
	require.Error(t, err)
	require.Contains(t, stderr, "missing.pp")
}
