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
// (cmd/pp2go/testdata/ports: Debian 12's validate_augeas.rb, a changed
// bool2str.rb, no validate_integer.rb); a port whose Ruby is absent or
// changed is unbound, so that the compile says Unknown function as Puppet
// does, or runs the translation of that Ruby.
func TestPortsByDigest(t *testing.T) {
	dir := "../cmd/pp2go/testdata/ports"
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "test", Checked: typecheck.Check(e, 0)})
	require.NoError(t, err)
	by := map[string]string{}
	for _, r := range res.Ruby {
		require.Equal(t, "stdlib", r.Module)
		by[r.Name] = r.By
	}
	require.Equal(t, map[string]string{"validate_augeas": codegen.ByPort, "bool2str": by["bool2str"]}, by)
	require.NotEqual(t, codegen.ByPort, by["bool2str"], "bool2str has no port")
	src := string(res.Files["environment/environment.go"])
	require.Regexp(t, `\n\tPin: +\[\]string\{"validate_augeas"\},\n`, src, "the bound port is not replaced by a translation")
	require.NotContains(t, src, `{"stdlib", "validate_augeas"`)

	// a changed validate_augeas.rb unbinds the port
	tmp := t.TempDir()
	require.NoError(t, os.CopyFS(tmp, os.DirFS(dir)))
	rb := filepath.Join(tmp, "modules/stdlib/lib/puppet/parser/functions/validate_augeas.rb")
	b, err := os.ReadFile(rb)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(rb, append([]byte("# changed\n"), b...), 0o644))
	e, err = env.Load(tmp, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err = codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "test", Checked: typecheck.Check(e, 0)})
	require.NoError(t, err)
	for _, r := range res.Ruby {
		require.NotEqual(t, codegen.ByPort, r.By, r.Name)
	}
	require.Contains(t, string(res.Files["environment/environment.go"]), `"validate_augeas"`)
}

// TestPortsDebian13: on Debian 13's modules, the ports of Ruby that
// changed are not bound; unchanged ones are bound. postgresql's functions
// have no port: their Ruby is translated.
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
	require.Equal(t, codegen.ByTranslation, by["defined_with_params"])
	require.Equal(t, codegen.ByPort, by["validate_augeas"])
	require.Equal(t, codegen.ByTranslation, by["any2array"])
}
