package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGenBuildsOffline: the module pp2go gen writes builds with no
// network and an empty module cache (pp2go's runtime and its dependencies
// are in vendor/), and the binary compiles a catalog.
func TestGenBuildsOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a catalog binary")
	}
	dir := writeEnv(t, map[string]string{
		"environment.conf":  "modulepath = modules\n",
		"manifests/site.pp": "node default { file { '/tmp/motd': content => \"hello ${facts['os']['family']}\\n\" } }\n",
		"nodes/n1.json":     `{"os": {"family": "Debian"}}`,
	})
	gen := filepath.Join(t.TempDir(), "gen")
	_, stderr, err := run(t, dir, "gen", "--puppet", "7", ".", "-o", gen)
	require.NoError(t, err, stderr)
	if strings.Contains(stderr, "NOT_VENDORED") || strings.Contains(stderr, "not vendored") {
		t.Skipf("the module cache lacks the runtime's dependencies: %s", stderr)
	}
	mod, err := os.ReadFile(filepath.Join(gen, "go.mod"))
	require.NoError(t, err)
	require.NotContains(t, string(mod), "replace", "the runtime is vendored, not replaced by a directory")
	require.FileExists(t, filepath.Join(gen, "vendor", "modules.txt"))
	require.NoDirExists(t, filepath.Join(gen, "pp2go-rt"))

	bin := filepath.Join(t.TempDir(), "catalog")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	build.Dir = gen
	build.Env = append(os.Environ(), "GOPROXY=off", "GOMODCACHE="+t.TempDir(), "GOFLAGS=-mod=vendor", "GOTOOLCHAIN=local",
		"GONOSUMDB=*", "GOSUMDB=off", "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build offline:\n%s", out)

	out, err = exec.Command(bin, "compile", "n1", "--facts", filepath.Join(dir, "nodes", "n1.json")).Output()
	require.NoError(t, err)
	var cat struct {
		Resources []struct {
			Type, Title string
			Parameters  map[string]any
		}
	}
	require.NoError(t, json.Unmarshal(out, &cat))
	found := false
	for _, r := range cat.Resources {
		if r.Type == "File" && r.Title == "/tmp/motd" {
			found = true
			require.Equal(t, "hello Debian\n", r.Parameters["content"])
		}
	}
	require.True(t, found, "the catalog has File[/tmp/motd]:\n%s", out)
}
