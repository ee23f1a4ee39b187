package codegen_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
)

// fsMain prints what package fileserve answers, from the generated
// program, for the file_metadata(s) or file_content keys of its arguments.
const fsMain = `package main

import (
	"fmt"
	"net/http/httptest"
	"os"

	"github.com/pp2go/pp2go/rt/fileserve"
	"pp2go.local/catalog/catalog"
)

func main() {
	s := fileserve.New(catalog.Program())
	for _, u := range os.Args[1:] {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", u, nil))
		fmt.Printf("%d %s\x00", rec.Code, rec.Body)
	}
}
`

// TestModuleFilesServed: a module's lib/, facts.d/, locales/ and files/
// are compiled into the program, with their modes, links and the files
// whose names go:embed refuses (served from the Go source), and the
// plugins mount merges every module's lib/, the first module winning.
func TestModuleFilesServed(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command")
	}
	dir := t.TempDir()
	files := map[string]string{
		"manifests/site.pp":                 "include alpha\n",
		"modules/alpha/manifests/init.pp":   "class alpha { file { '/tmp/motd': content => file('alpha/motd') } }\n",
		"modules/alpha/files/motd":          "hello\n",
		"modules/alpha/files/odd:name":      "odd\n",
		"modules/alpha/files/.hidden":       "dot\n",
		"modules/alpha/lib/facter/alpha.rb": "Facter.add(:alpha) { setcode { 'a' } }\n",
		"modules/alpha/facts.d/alpha.txt":   "alpha_ext=1\n",
		"modules/alpha/locales/ja/alpha.po": "msgid \"\"\n",
		"modules/zeta/lib/facter/alpha.rb":  "# shadowed by alpha's\n",
		"modules/zeta/lib/facter/zeta.rb":   "Facter.add(:zeta) { setcode { 'z' } }\n",
		// go:embed leaves out a directory holding go.mod, and refuses
		// Windows device names: both are kept in the Go source
		"modules/zeta/lib/gosrc/go.mod": "module x\n",
		"modules/zeta/lib/gosrc/x.rb":   "x\n",
		"modules/zeta/files/aux.txt":    "aux\n",
	}
	writeTree(t, dir, files)
	require.NoError(t, os.Chmod(filepath.Join(dir, "modules/alpha/facts.d/alpha.txt"), 0o755))
	require.NoError(t, os.Symlink("motd", filepath.Join(dir, "modules/alpha/files/link")))

	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Puppet: 7})
	require.NoError(t, err)
	require.Empty(t, res.Diags.Errors())
	gen := filepath.Join(t.TempDir(), "gen")
	for name, b := range res.Files {
		p := filepath.Join(gen, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, b, 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(gen, "fstest"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(gen, "fstest/main.go"), []byte(fsMain), 0o644))

	q := "?environment=production&links=manage&checksum_type=sha256&source_permissions=use"
	cmd := exec.Command("go", "run", "./fstest",
		"/puppet/v3/file_metadatas/plugins"+q+"&recurse=true",
		"/puppet/v3/file_metadata/pluginfacts/alpha.txt"+q,
		"/puppet/v3/file_content/locales/ja/alpha.po"+q,
		"/puppet/v3/file_content/modules/alpha/odd:name?environment=production",
		"/puppet/v3/file_content/modules/alpha/.hidden?environment=production",
		"/puppet/v3/file_metadata/modules/alpha/link"+q,
		"/puppet/v3/file_content/plugins/facter/alpha.rb?environment=production",
		"/puppet/v3/file_content/plugins/gosrc/x.rb?environment=production",
		"/puppet/v3/file_content/modules/zeta/aux.txt?environment=production",
	)
	cmd.Dir = gen
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	require.Len(t, lines, 9, "%s", out)

	sum := func(name string) string {
		h := sha256.Sum256([]byte(files[name]))
		return "{sha256}" + hex.EncodeToString(h[:])
	}
	var plugins []struct {
		RelativePath string `json:"relative_path"`
		Type         string
		Checksum     struct{ Value string }
	}
	status, body, _ := strings.Cut(lines[0], " ")
	require.Equal(t, "200", status)
	require.NoError(t, json.Unmarshal([]byte(body), &plugins))
	got := map[string]string{}
	for _, p := range plugins {
		got[p.RelativePath] = p.Type + " " + p.Checksum.Value
		if p.Type == "directory" {
			// a directory's checksum is its own ctime, which differs
			// between the test's directories made across a second's end
			require.True(t, strings.HasPrefix(p.Checksum.Value, "{ctime}"), "%s: %s", p.RelativePath, p.Checksum.Value)
			got[p.RelativePath] = "directory"
		}
	}
	require.Equal(t, map[string]string{
		".":               "directory",
		"facter":          "directory",
		"facter/alpha.rb": "file " + sum("modules/alpha/lib/facter/alpha.rb"),
		"facter/zeta.rb":  "file " + sum("modules/zeta/lib/facter/zeta.rb"),
		"gosrc":           "directory",
		"gosrc/go.mod":    "file " + sum("modules/zeta/lib/gosrc/go.mod"),
		"gosrc/x.rb":      "file " + sum("modules/zeta/lib/gosrc/x.rb"),
	}, got)

	var md struct {
		Type, Destination string
		Mode              int
		Checksum          struct{ Value string }
	}
	require.NoError(t, json.Unmarshal([]byte(strings.TrimPrefix(lines[1], "200 ")), &md))
	require.Equal(t, 0o755, md.Mode, "facts.d/alpha.txt's mode, as source_permissions=use asks")
	require.Equal(t, sum("modules/alpha/facts.d/alpha.txt"), md.Checksum.Value)
	require.Equal(t, "200 "+files["modules/alpha/locales/ja/alpha.po"], lines[2])
	require.Equal(t, "200 "+files["modules/alpha/files/odd:name"], lines[3], "a name go:embed refuses")
	require.Equal(t, "200 "+files["modules/alpha/files/.hidden"], lines[4])
	require.NoError(t, json.Unmarshal([]byte(strings.TrimPrefix(lines[5], "200 ")), &md))
	require.Equal(t, "link motd", md.Type+" "+md.Destination)
	require.Equal(t, sum("modules/alpha/files/motd"), md.Checksum.Value)
	require.Equal(t, "200 "+files["modules/alpha/lib/facter/alpha.rb"], lines[6], "the first module's")
	require.Equal(t, "200 "+files["modules/zeta/lib/gosrc/x.rb"], lines[7])
	require.Equal(t, "200 "+files["modules/zeta/files/aux.txt"], lines[8])
}
