package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestModulePathFunctions: a compile sees the functions of the module path
// as it is (issue 18, item 1). testdata/ports has a stdlib holding Debian
// 12's validate_augeas.rb (pp2go's Go port was written for it: bound), a
// changed bool2str.rb (translated, or the nodes that call it fail saying
// why), and no validate_integer.rb, as stdlib 9: Puppet's Unknown
// function. Expected outputs from Puppet 7.23 (testdata/ports/README.md).
func TestModulePathFunctions(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	dir, err := filepath.Abs("testdata/ports")
	require.NoError(t, err)
	work := filepath.Join(os.TempDir(), "pp2go-ports-test", "work")
	binary := filepath.Join(filepath.Dir(work), "catalog")
	_, stderr, err := run(t, ".", "build", "--puppet", "7", dir, "-o", binary, "--work", work, "--basemodulepath", t.TempDir())
	require.NoError(t, err, stderr)
	require.Contains(t, stderr, "Warning: "+filepath.Join(dir, "manifests/site.pp")+":7:17: Unknown function: 'validate_integer'.")
	bool2str := filepath.Join(dir, "modules/stdlib/lib/puppet/parser/functions/bool2str.rb")

	facts := filepath.Join(t.TempDir(), "facts.json")
	require.NoError(t, os.WriteFile(facts, []byte(`{"name":"n","values":{"os":{"family":"Debian"}}}`), 0o644))
	compile := func(node string) (string, error) {
		out, err := exec.Command(binary, "compile", node, "--facts", facts).CombinedOutput()
		return string(out), err
	}
	// the port fails as Puppet without ruby-augeas (Puppet 7.23 with it
	// returns undef: pp2go has no Augeas)
	out, err := compile("ported")
	require.Error(t, err)
	require.Contains(t, out, "validate_augeas(): this function requires the augeas feature.")

	out, err = compile("removed")
	require.Error(t, err)
	require.Equal(t, "Error: Evaluation Error: Unknown function: 'validate_integer'. (file: "+filepath.Join(dir, "manifests/site.pp")+", line: 7, column: 17) on node removed\n", out)

	// Puppet runs the changed Ruby ("true"): pp2go's translation of it
	// does the same, or else the node fails saying why (never the port)
	out, err = compile("changed")
	if err == nil {
		require.Contains(t, out, `"title":"true"`)
	} else {
		require.Contains(t, out, "Error: Evaluation Error: Error while evaluating a Function Call, Function 'bool2str' is written in Ruby ("+bool2str+"), which pp2go did not translate to Go: ")
	}
}

// check --ruby reports what runs each Ruby function of the module path
// (issue 18, item 5): validate_augeas by pp2go's port of that Ruby; bool2str
// by its translation, or nothing.
func TestCheckRubyReport(t *testing.T) {
	dir, err := filepath.Abs("testdata/ports")
	require.NoError(t, err)
	stdout, stderr, err := run(t, ".", "check", dir, "--ruby", "--basemodulepath", t.TempDir())
	require.Error(t, err, "validate_integer is unknown")
	require.Contains(t, stdout, "site.pp:7:17: error: Unknown function: 'validate_integer'. [UNKNOWN_FUNCTION]\n", stderr)
	require.Regexp(t, `\nRuby functions: [12] of 2 run as Go \(1 pp2go ports of that Ruby, [01] translated, 0 users' Go functions\)`, stdout)
	require.Contains(t, stdout, "\nERB templates: 0 of 0 translated\n")
	if !strings.Contains(stdout, "2 of 2 run as Go") {
		require.Contains(t, stdout, ": bool2str: ")
	}

	_, _, err = run(t, ".", "check", dir, "--ruby", "--format", "json")
	require.ErrorContains(t, err, "--ruby prints text: use it with --format text")
}

// A Ruby function nothing runs as Go (its Ruby evals a string) is a build
// warning naming it, its call and why; --strict makes it an error when
// nodes can reach the call (issue 18, item 3).
func TestUntranslatedFunctionIsAWarning(t *testing.T) {
	dir := writeEnv(t, map[string]string{
		"environment.conf":            "modulepath = modules\n",
		"manifests/site.pp":           "node default { include x }\n",
		"modules/x/manifests/init.pp": "class x { notify { x::uptime(): } }\n",
		"modules/x/lib/puppet/functions/x/uptime.rb": "Puppet::Functions.create_function(:'x::uptime') do\n" +
			"  def uptime\n    eval('`uptime`')\n  end\nend\n",
	})
	rb := filepath.Join(dir, "modules/x/lib/puppet/functions/x/uptime.rb")
	out, err := generateWith(t, dir, false)
	require.NoError(t, err, out)
	require.Contains(t, out, "Warning: "+rb+": Function 'x::uptime' has no Go implementation: ")
	require.Contains(t, out, "    "+filepath.Join(dir, "modules/x/manifests/init.pp")+":1:20\n")

	out, err = generateWith(t, dir, true)
	require.Error(t, err, out)
	require.Contains(t, out, "Error: "+rb+": Function 'x::uptime' has no Go implementation: ")
}
