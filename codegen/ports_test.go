package codegen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestPortsByDigest: pp2go's Go port of a module function stands in for it
// only when the module path has the Ruby the port was written for
// (cmd/pp2go/testdata/ports: Debian 12's any2array.rb, a changed
// bool2str.rb, no validate_integer.rb); a port whose Ruby is absent is
// unbound, so that the compile says Unknown function as Puppet does.
func TestPortsByDigest(t *testing.T) {
	dir := "../cmd/pp2go/testdata/ports"
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "test", Checked: typecheck.Check(e)})
	require.NoError(t, err)
	by := map[string]string{}
	for _, r := range res.Ruby {
		require.Equal(t, "stdlib", r.Module)
		by[r.Name] = r.By
	}
	require.Equal(t, map[string]string{"any2array": codegen.ByPort, "bool2str": by["bool2str"]}, by)
	require.NotEqual(t, codegen.ByPort, by["bool2str"], "a port of other Ruby is never bound")
	src := string(res.Files["catalog/functions.go"])
	require.Contains(t, src, `"validate_integer"`)
	require.NotContains(t, src, `"any2array"`)

	// the same file with Debian 12's digest binds the port again
	b, err := os.ReadFile("/usr/share/puppet/modules/stdlib/lib/puppet/parser/functions/bool2str.rb")
	if err != nil {
		t.Skip("needs Debian 12's puppet-module-puppetlabs-stdlib:", err)
	}
	tmp := t.TempDir()
	require.NoError(t, os.CopyFS(tmp, os.DirFS(dir)))
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "modules/stdlib/lib/puppet/parser/functions/bool2str.rb"), b, 0o644))
	e, err = env.Load(tmp, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err = codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "test", Checked: typecheck.Check(e)})
	require.NoError(t, err)
	for _, r := range res.Ruby {
		require.Equal(t, codegen.ByPort, r.By, r.Name)
	}
}
