package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// untranslatedEnv has a module 'tpl' whose template bad.erb uses Ruby
// pp2go does not translate (ObjectSpace), rendered by class tpl::bad only.
func untranslatedEnv(t *testing.T, site string) string {
	return writeEnv(t, map[string]string{
		"environment.conf":                  "modulepath = modules\n",
		"manifests/site.pp":                 site,
		"modules/tpl/manifests/init.pp":     "class tpl { notify { 'ok': message => template('tpl/good.erb') } }\n",
		"modules/tpl/manifests/bad.pp":      "class tpl::bad { notify { 'bad': message => template('tpl/bad.erb') } }\n",
		"modules/tpl/templates/good.erb":    "<%= [1, 'k' => 2].length %>\n",
		"modules/tpl/templates/bad.erb":     "x\n<%= ObjectSpace.count_objects %>\n",
		"modules/other/manifests/init.pp":   "class other { notify { 'other': } }\n",
		"modules/other/templates/other.erb": "plain\n",
	})
}

// A template pp2go cannot translate never stops a build (issue 18, item
// 3): it is a warning naming file, line and construct; --strict makes it
// an error when nodes can reach its module, and leaves it a warning when
// none can.
func TestUntranslatedTemplateIsAWarning(t *testing.T) {
	bad := "modules/tpl/templates/bad.erb:2:5: unsupported Ruby in an ERB template: "

	dir := untranslatedEnv(t, "node default { include tpl }\n")
	out, err := generateWith(t, dir, false)
	require.NoError(t, err, out)
	require.Contains(t, out, "Warning: "+filepath.Join(dir, bad))

	out, err = generateWith(t, dir, true)
	require.Error(t, err, out)
	require.Contains(t, out, "Error: "+filepath.Join(dir, bad))

	dir = untranslatedEnv(t, "node default { include other }\n")
	out, err = generateWith(t, dir, true)
	require.NoError(t, err, out)
	require.Contains(t, out, "Warning: "+filepath.Join(dir, bad))
	require.Contains(t, out, "(in code no node reaches)")
}

// generateWith runs generate, with --strict or not, and returns its output.
func generateWith(t *testing.T, dir string, strict bool) (string, error) {
	var out strings.Builder
	ef := &envFlags{}
	ef.add(&cobra.Command{}) // the flags' defaults
	ef.baseModulePath, ef.hieraConfig = t.TempDir(), "/nonexistent/hiera.yaml"
	_, err := generate(&out, dir, ef, strict, "")
	return out.String(), err
}

// The binary of an environment with an untranslated template compiles
// the nodes that do not render it, and fails the one that does with the
// template's file, line and construct.
func TestUntranslatedTemplateFailsOnlyItsNodes(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	dir := untranslatedEnv(t, "node 'good' { include tpl }\nnode 'bad' { include tpl::bad }\n")
	work := filepath.Join(os.TempDir(), "pp2go-untranslated-test", "work")
	binary := filepath.Join(filepath.Dir(work), "catalog")
	_, stderr, err := run(t, ".", "build", dir, "-o", binary, "--work", work, "--basemodulepath", t.TempDir())
	require.NoError(t, err, stderr)
	require.Contains(t, stderr, "bad.erb:2:5: unsupported Ruby in an ERB template")

	facts := filepath.Join(t.TempDir(), "facts.json")
	require.NoError(t, os.WriteFile(facts, []byte(`{"name":"n","values":{"os":{"family":"Debian"}}}`), 0o644))
	out, err := exec.Command(binary, "compile", "good", "--facts", facts).CombinedOutput()
	require.NoError(t, err, string(out))
	// Ruby's [1, 'k' => 2] is an array of two elements (Puppet 7.23 renders "2")
	require.Contains(t, string(out), `"message":"2\n"`)

	out, err = exec.Command(binary, "compile", "bad", "--facts", facts).CombinedOutput()
	require.Error(t, err, string(out))
	require.Contains(t, string(out), filepath.Join(dir, "modules/tpl/templates/bad.erb"))
	require.Contains(t, string(out), "unsupported Ruby in an ERB template")
}
