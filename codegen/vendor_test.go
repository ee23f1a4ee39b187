package codegen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	pp2go "github.com/pp2go/pp2go"
	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/env"
)

// TestVendorFallback: with a module cache that lacks the runtime's
// dependencies, the module is generated as before (the runtime in
// pp2go-rt/, named by a replace, its dependencies downloaded by go build)
// with a warning naming each module and how to fetch it; rewriting a
// vendored generation that way removes vendor/, which would otherwise put
// go build in vendor mode.
func TestVendorFallback(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "manifests"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "manifests", "site.pp"), []byte("notice('hi')\n"), 0o644))
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	out := t.TempDir()

	vendored, err := codegen.Generate(e, codegen.Options{Runtime: pp2go.Runtime})
	require.NoError(t, err)
	if len(vendored.Diags) > 0 {
		t.Skipf("the module cache lacks the runtime's dependencies: %v", vendored.Diags)
	}
	txt := string(vendored.Files["vendor/modules.txt"])
	require.Contains(t, txt, "# github.com/pp2go/pp2go v0.0.0\n## explicit; go ")
	require.Contains(t, txt, "\ngithub.com/pp2go/pp2go/rt/cli\n")
	require.Contains(t, txt, "\n# github.com/spf13/cobra v1.10.2\n## explicit; go 1.15\ngithub.com/spf13/cobra\n")
	require.Contains(t, vendored.Files, "vendor/github.com/spf13/cobra/LICENSE.txt")
	require.NoError(t, vendored.Write(out))

	empty := t.TempDir()
	res, err := codegen.Generate(e, codegen.Options{Runtime: pp2go.Runtime, ModCache: empty})
	require.NoError(t, err)
	require.Len(t, res.Diags, 1)
	d := res.Diags[0]
	require.Equal(t, "NOT_VENDORED", d.Code)
	require.Equal(t, "warning", d.Severity.String())
	require.Contains(t, d.Message, "the module cache ("+empty+") lacks ")
	require.Contains(t, d.Message, "github.com/spf13/cobra@v1.10.2")
	require.Contains(t, d.Message, "run 'go mod download' in the generated module")
	require.Contains(t, string(res.Files["go.mod"]), "\nreplace github.com/pp2go/pp2go => ./pp2go-rt\n")
	require.Contains(t, res.Files, "pp2go-rt/rt/cli/cli.go")
	for name := range res.Files {
		require.False(t, strings.HasPrefix(name, "vendor/"), name)
	}
	require.NoError(t, res.Write(out))
	require.NoDirExists(t, filepath.Join(out, "vendor"))
	require.FileExists(t, filepath.Join(out, "pp2go-rt", "go.mod"))

	require.NoError(t, vendored.Write(out))
	require.NoDirExists(t, filepath.Join(out, "pp2go-rt"))
	require.FileExists(t, filepath.Join(out, "vendor", "github.com", "pp2go", "pp2go", "rt", "cli", "cli.go"))
}
