package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	junitparser "github.com/joshdk/go-junit"
	"github.com/stretchr/testify/require"
)

// TestCheckDeps: a cell of pp2go matrix fails, as rspec-puppet's compile
// matcher fails, when the agent would refuse the catalog, and the
// binary's compile --check-deps fails with the agent's error and writes no
// catalog. testdata/checkdeps/expected holds Puppet 7.23's error for each
// class (its regen script runs puppet apply --noop), ENV standing for the
// environment's directory; empty when Puppet applies the class.
func TestCheckDeps(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	envDir, err := filepath.Abs(filepath.Join("testdata", "checkdeps"))
	require.NoError(t, err)
	expected := map[string]string{}
	files, err := filepath.Glob(filepath.Join(envDir, "expected", "*.txt"))
	require.NoError(t, err)
	require.Len(t, files, 5)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		class := "role::" + strings.TrimSuffix(filepath.Base(f), ".txt")
		expected[class] = strings.ReplaceAll(strings.TrimSuffix(string(b), "\n"), "ENV", envDir)
	}
	work := filepath.Join(os.TempDir(), "pp2go-matrix-test", "work-checkdeps")
	junitFile := filepath.Join(t.TempDir(), "j.xml")
	stdout, stderr, err := run(t, ".", "matrix", "--puppet", "7", envDir, "--work", work, "--node-name", "ci.example.com", "--junit", junitFile)
	var ee *exitError
	require.True(t, errors.As(err, &ee), "%v\n%s", err, stderr)
	require.Equal(t, 1, ee.status, "%v\n%s\n%s", ee.err, stdout, stderr)
	require.Contains(t, stdout, "Matrix: 5 cells (5 classes × 1 fact sets), 1 compiled, 4 failed in ")
	for class, msg := range expected {
		if msg == "" {
			require.NotContains(t, stdout, class+" on debian12", "Puppet applies %s", class)
			continue
		}
		require.Contains(t, stdout, class+" on debian12 (node ci.example.com):\n  "+strings.ReplaceAll(msg, "\n", "\n  ")+"\n")
	}
	suites, err := junitparser.IngestFile(junitFile)
	require.NoError(t, err)
	for _, s := range suites {
		require.Len(t, s.Tests, 1)
		if s.Name == "role::cycle" {
			require.Equal(t, junitparser.StatusFailed, s.Tests[0].Status)
			require.Equal(t, expected["role::cycle"], s.Tests[0].Error.Error())
		}
	}

	// The binary the matrix built: --check-deps fails with the agent's
	// error and writes nothing; without it the catalog is written, unless
	// the compiler itself refuses it.
	binary := filepath.Join(work, "catalog")
	facts := filepath.Join(envDir, "spec", "factsets", "debian12.json")
	for class, msg := range expected {
		for _, check := range []bool{true, false} {
			out := filepath.Join(t.TempDir(), "catalog.json")
			args := []string{"compile", "ci.example.com", "--facts", facts, "--class", class, "-q", "-o", out}
			if check {
				args = append(args, "--check-deps")
			}
			cmd := exec.Command(binary, args...)
			var errOut strings.Builder
			cmd.Stderr = &errOut
			err := cmd.Run()
			_, statErr := os.Stat(out)
			if msg == "" || !check && class != "role::dangling" {
				require.NoError(t, err, "%s %v: %s", class, check, errOut.String())
				require.NoError(t, statErr)
				continue
			}
			var xe *exec.ExitError
			require.True(t, errors.As(err, &xe), "%s %v: %v", class, check, err)
			require.Equal(t, 1, xe.ExitCode())
			require.Equal(t, "Error: "+msg+"\n", errOut.String(), "%s --check-deps=%v", class, check)
			require.True(t, os.IsNotExist(statErr), "%s: no catalog is written", class)
		}
	}

	// --facts-dir: each node is checked (spec/pre_conditions/site.pp
	// includes the class its facts name).
	factsDir, outDir := t.TempDir(), t.TempDir()
	for node, class := range map[string]string{"cyc": "role::cycle", "ok": "role::ok"} {
		require.NoError(t, os.WriteFile(filepath.Join(factsDir, node+".json"), []byte(`{"include_class": "`+class+`"}`), 0o644))
	}
	cmd := exec.Command(binary, "compile", "--facts-dir", factsDir, "--out-dir", outDir, "--check-deps", "-q")
	var errOut strings.Builder
	cmd.Stderr = &errOut
	err = cmd.Run()
	var xe *exec.ExitError
	require.True(t, errors.As(err, &xe), "%v: %s", err, errOut.String())
	require.Equal(t, 1, xe.ExitCode())
	require.Contains(t, errOut.String(), "Error: cyc: "+expected["role::cycle"]+"\n")
	_, err = os.Stat(filepath.Join(outDir, "ok.json"))
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(outDir, "cyc.json"))
	require.True(t, os.IsNotExist(err), "no catalog is written for cyc")
}
