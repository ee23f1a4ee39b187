package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// pp2go test on testdata/spectest, whose Go tests (spec/) expect what
// Puppet 7.23 compiles (spec/expected, made with the oracle): one of them,
// TestFailing, expects what Puppet does not.
func TestTestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated Go module")
	}
	// a fixed work directory keeps go's build cache warm across runs
	work := filepath.Join(os.TempDir(), "pp2go-cmd-test-spectest")

	out, _, err := run(t, ".", "test", "--work", work, "testdata/spectest", "-run", "TestMotd|TestAsPuppet|TestGreeting", "-v")
	require.NoError(t, err, out)
	require.Contains(t, out, "pp2go test: spec\n")
	require.Contains(t, out, "pp2go test: spec/functions\n")
	require.Contains(t, out, "--- PASS: TestMotd")
	require.Contains(t, out, "--- PASS: TestAsPuppet")
	require.Contains(t, out, "--- PASS: TestGreeting")
	require.NotContains(t, out, "TestFailing", "-run reaches go test")
	require.NotContains(t, out, "spec/testdata", "testdata is no package of tests")

	out, _, err = run(t, ".", "test", "--work", work, "testdata/spectest")
	var ee *exitError
	require.True(t, errors.As(err, &ee), "a failing test fails the command: %v", err)
	require.Equal(t, 1, ee.status, "go test's exit status")
	require.Contains(t, out, "--- FAIL: TestFailing")
	require.Contains(t, out, `File[/etc/motd]: expected parameter owner to be "nobody", but it is "root"`)
	require.Contains(t, out, "pp2go test: spec/functions\n", "the other directories still run")

	_, _, err = run(t, ".", "test", "--work", work, "testdata/env")
	require.ErrorContains(t, err, "testdata/env/spec: no such directory")
}
