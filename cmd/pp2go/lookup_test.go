package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A catalog binary's lookup runs a Hiera backend that is a function of
// the environment, and prints what it logs, as puppet lookup does: a
// notice() in a Puppet data_hash function is the main class's
// ("Scope(Class[main])", the top scope of a compile whose code is
// 'undef'). The expected texts are Puppet 7.23's and 8.10's (`puppet
// lookup --node n --facts F m::k`, the same), which print the notice on
// standard output, before the value; the binary prints what a lookup
// logs on standard error, as compile does, and the value alone on
// standard output.
func TestLookupLogsLikePuppetLookup(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	dir := writeEnv(t, map[string]string{
		"environment.conf":     "modulepath = modules\n",
		"modules/m/hiera.yaml": "version: 5\nhierarchy:\n  - name: fn\n    data_hash: m::data\n",
		"modules/m/functions/data.pp": "function m::data($options, $context) {\n  notice(\"reading m data\")\n" +
			"  $h = { \"m::k\" => \"v\" }\n  $h\n}\n",
	})
	work := filepath.Join(os.TempDir(), "pp2go-lookup-test", "work")
	binary := filepath.Join(filepath.Dir(work), "catalog")
	_, stderr, err := run(t, ".", "build", dir, "-o", binary, "--work", work, "--basemodulepath", t.TempDir(),
		"--hiera-config", "/nonexistent/hiera.yaml")
	require.NoError(t, err, stderr)
	facts := filepath.Join(t.TempDir(), "facts.json")
	require.NoError(t, os.WriteFile(facts, []byte(`{"os":{"family":"Debian"}}`), 0o644))

	for _, puppet := range []string{"7", "8"} {
		var out, errOut bytes.Buffer
		cmd := exec.Command(binary, "lookup", "m::k", "--node", "n", "--facts", facts, "--puppet", puppet)
		cmd.Stdout, cmd.Stderr = &out, &errOut
		require.NoError(t, cmd.Run(), errOut.String())
		require.Equal(t, "--- v\n", out.String())
		require.Equal(t, "Notice: Scope(Class[main]): reading m data\n", errOut.String())
	}
}
