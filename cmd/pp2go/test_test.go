package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
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

	out, errOut, err := run(t, ".", "test", "--puppet", "7", "--work", work, "testdata/spectest", "-run", "TestMotd|TestAsPuppet|TestGreeting", "-v")
	require.NoError(t, err, out)
	require.Contains(t, errOut, "pp2go test: spec\n")
	require.Contains(t, errOut, "pp2go test: spec/functions\n")
	require.Contains(t, out, "--- PASS: TestMotd")
	require.Contains(t, out, "--- PASS: TestAsPuppet")
	require.Contains(t, out, "--- PASS: TestGreeting")
	require.NotContains(t, out, "TestFailing", "-run reaches go test")
	require.NotContains(t, errOut, "spec/testdata", "testdata is no package of tests")
	// the resource coverage of both packages: Class[Motd] and File[/etc/motd]
	// (Puppet's catalog has no other resources but Stage[main],
	// Class[Settings], Class[main] and Node[default], which coverage leaves out)
	require.True(t, strings.HasSuffix(out, "\nCoverage Report:\n\nTotal resources:   2\nTouched resources: 2\nResource coverage: 100.00%\n"), out)

	// the tests pass, the coverage is below spec/'s 75%
	var ee *exitError
	out, _, err = run(t, ".", "test", "--puppet", "7", "--work", work, "testdata/spectest", "-run", "TestMotdClass$")
	require.True(t, errors.As(err, &ee), "a coverage too low fails the command: %v", err)
	require.Equal(t, 1, ee.status)
	require.NotContains(t, out, "--- FAIL", "no test fails")
	require.True(t, strings.HasSuffix(out, "Resource coverage: 50.00%\n\nUntouched resources:\n  File[/etc/motd]\n\n"+
		"FAIL: resource coverage 50.00% is below the required 75.00%\n"), out)

	out, errOut, err = run(t, ".", "test", "--puppet", "7", "--work", work, "testdata/spectest")
	require.True(t, errors.As(err, &ee), "a failing test fails the command: %v", err)
	require.Equal(t, 1, ee.status, "go test's exit status")
	require.Contains(t, out, "--- FAIL: TestFailing")
	require.Contains(t, out, `File[/etc/motd]: expected parameter owner to be "nobody", but it is "root"`)
	require.Contains(t, errOut, "pp2go test: spec/functions\n", "the other directories still run")
	require.Contains(t, out, "ok  \tcommand-line-arguments", "spec/functions passes")

	// with -json, stdout is go test's JSON only
	out, errOut, err = run(t, ".", "test", "--puppet", "7", "--work", work, "testdata/spectest", "-json", "-run", "TestAsPuppet")
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		require.True(t, json.Valid([]byte(line)), "not JSON: %s", line)
	}
	require.Contains(t, errOut, "Coverage Report:")

	_, _, err = run(t, ".", "test", "--puppet", "7", "--work", work, "testdata/env")
	require.ErrorContains(t, err, "testdata/env/spec: no such directory")
}
