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
	require.Contains(t, src, `fn.Pin("any2array")`, "the bound port is not replaced by a translation")
	require.NotContains(t, src, `Unbind("stdlib", "any2array"`)

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

// TestPortsDebian13: on Debian 13's modules, the ports of Ruby that
// changed are not bound: stdlib 9.4.1's removed functions are unbound;
// unchanged ones are bound. postgresql's functions have no port: their
// Ruby is translated.
func TestPortsDebian13(t *testing.T) {
	d13 := os.Getenv("PP2GO_D13_MODULES")
	if d13 == "" {
		d13 = "/tmp/d13/modules"
	}
	if _, err := os.Stat(filepath.Join(d13, "postgresql", "metadata.json")); err != nil {
		t.Skip("needs Debian 13's modules (../shared/conformance/debian13/fetch-modules; PP2GO_D13_MODULES):", err)
	}
	mp := t.TempDir()
	for _, m := range []string{"stdlib", "postgresql"} {
		require.NoError(t, os.Symlink(filepath.Join(d13, m), filepath.Join(mp, m)))
	}
	e, err := env.LoadModulePath(mp, env.Options{})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "test"})
	require.NoError(t, err)
	by := map[string]string{}
	for _, r := range res.Ruby {
		by[r.Name] = r.By
	}
	require.Equal(t, codegen.ByTranslation, by["postgresql::postgresql_password"])
	require.Equal(t, codegen.ByTranslation, by["postgresql::postgresql_acls_to_resources_hash"])
	require.Equal(t, codegen.ByPort, by["any2array"])
	src := string(res.Files["catalog/functions.go"])
	for _, gone := range []string{"validate_integer", "has_key", "is_string", "hash"} {
		require.NotContains(t, by, gone)
		require.Contains(t, src, `"`+gone+`"`)
	}
}
