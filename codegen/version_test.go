package codegen_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
)

// TestVersionPackage: the catalogs' version, which changes with every edit
// of the environment's code, is in package version/code alone; the
// environment package's table names package version's function, which
// reads it, and neither changes with it (go build then compiles again
// neither the environment package nor main).
func TestVersionPackage(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"manifests/site.pp": "notify { 'x': }\n"})
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	gen := func(version string) map[string][]byte {
		res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Puppet: 7, Version: version})
		require.NoError(t, err)
		return res.Files
	}
	first, second := gen("0123456789ab"), gen("ba9876543210")
	require.Regexp(t, `\n\tVersion: +version\.Code,\n`, string(first["environment/environment.go"]))
	require.Contains(t, string(first["version/version.go"]), "func Code() string {\n\treturn code.Version\n}")
	require.Contains(t, string(first["version/code/code.go"]), "var Version = \"0123456789ab\"\n")
	require.Contains(t, string(second["version/code/code.go"]), "var Version = \"ba9876543210\"\n")
	var changed []string
	for _, name := range slices.Sorted(maps.Keys(second)) {
		if string(first[name]) != string(second[name]) {
			changed = append(changed, name)
		}
	}
	require.Equal(t, []string{"version/code/code.go"}, changed)
}
