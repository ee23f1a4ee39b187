package codegen_test

import (
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/stretchr/testify/require"
)

// TestUntranslatableERB: an .erb template with Ruby pp2go does not
// translate is a warning naming the file, line, column and construct (it
// fails the nodes that render it; a template no node renders never stops
// a build); another file of templates/ only fails the nodes that render it.
func TestUntranslatableERB(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"manifests/site.pp":             "node default { notify { 'x': } }\n",
		"modules/m/manifests/init.pp":   "class m { }\n",
		"modules/m/templates/bad.erb":   "ok\n<%= Process.pid %>\n",
		"modules/m/templates/notes.txt": "<%= Process.pid %>\n",
	}
	res := generateIn(t, dir, files)
	var warns []string
	for _, d := range res.Diags {
		if codegen.Untranslated(d) {
			warns = append(warns, d.Short())
		}
	}
	bad := filepath.Join(dir, "modules/m/templates/bad.erb")
	require.Equal(t, []string{bad + ":2:5: unsupported Ruby in an ERB template: constant Process"}, warns)
}
