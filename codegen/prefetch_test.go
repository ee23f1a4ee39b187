package codegen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/codegen/rubyfn"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/stretchr/testify/require"
)

// TestTranslateAhead: a template translated ahead is the translation made
// on the spot; a file that cannot be read says so; a file nothing started
// is translated when asked for.
func TestTranslateAhead(t *testing.T) {
	dir := t.TempDir()
	tmpl := filepath.Join(dir, "templates", "a", "b.erb")
	require.NoError(t, os.MkdirAll(filepath.Dir(tmpl), 0o755))
	require.NoError(t, os.WriteFile(tmpl, []byte("x=<%= @x %>\n"), 0o644))
	fn := filepath.Join(dir, "lib", "puppet", "functions", "f.rb")
	require.NoError(t, os.MkdirAll(filepath.Dir(fn), 0o755))
	require.NoError(t, os.WriteFile(fn, []byte("Puppet::Functions.create_function(:f) do\n  def f\n    1\n  end\nend\n"), 0o644))
	m := &env.Module{Name: "m", Dir: dir, Templates: []string{"a/b.erb", "gone.erb", "c.epp"}}
	g := &generator{e: &env.Env{Modules: []*env.Module{m}}}
	p := g.translateAhead()
	require.Len(t, p.files, 2, "the ERB templates, not the EPP one")

	got := p.get(templatePath(m, "a/b.erb"), true)
	require.NoError(t, got.readErr)
	require.NoError(t, got.err)
	want, err := rubyfn.TranslateTemplate(tmpl, []byte("x=<%= @x %>\n"))
	require.NoError(t, err)
	require.Equal(t, want, got.template)

	require.ErrorIs(t, p.get(templatePath(m, "gone.erb"), true).readErr, os.ErrNotExist)

	f := p.get(fn, false)
	require.NoError(t, f.readErr)
	require.NoError(t, f.err)
	require.Equal(t, "f", f.function.Name)
}
