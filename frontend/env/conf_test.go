package env

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEnvironmentConf runs the cases of testdata/conf-cases.json and
// compares the module path and manifest with what `puppet config print`
// answered for them (testdata/gen-conf.rb).
func TestEnvironmentConf(t *testing.T) {
	var cases []struct {
		Name  string   `json:"name"`
		Conf  *string  `json:"conf"`
		Dirs  []string `json:"dirs"`
		Flags []string `json:"flags"`
	}
	var want map[string]map[string]string
	for file, v := range map[string]any{"testdata/conf-cases.json": &cases, "testdata/conf-expected.json": &want} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "envs", "production")
			cwd := filepath.Join(root, "cwd")
			for _, d := range append([]string{"manifests"}, c.Dirs...) {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(cwd, 0o755); err != nil {
				t.Fatal(err)
			}
			if c.Conf != nil {
				if err := os.WriteFile(filepath.Join(dir, "environment.conf"), []byte(*c.Conf), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var opts Options
			for i := 0; i < len(c.Flags); i += 2 {
				if c.Flags[i] == "--disable_per_environment_manifest" { // a boolean: no value
					opts.DisablePerEnvironmentManifest = true
					i--
					continue
				}
				switch c.Flags[i] {
				case "--basemodulepath":
					opts.BaseModulePath = c.Flags[i+1]
				case "--modulepath":
					opts.ModulePath = c.Flags[i+1]
				case "--manifest":
					opts.Manifest = c.Flags[i+1]
				case "--default_manifest":
					opts.DefaultManifest = c.Flags[i+1]
				}
			}
			t.Chdir(cwd)
			e, err := Load(dir, opts)
			if err != nil {
				t.Fatal(err)
			}
			w := want[c.Name]
			if len(w) == 0 {
				// Puppet fails to read the environment.conf
				if len(e.Diags.Errors()) == 0 {
					t.Errorf("Puppet fails on this environment.conf; want an error, got %v", e.Diags)
				}
				return
			}
			sub := func(s string) string {
				return strings.ReplaceAll(strings.ReplaceAll(s, dir, "$ENV"), cwd, "$CWD")
			}
			if got := sub(strings.Join(e.ModulePath, ":")); got != w["modulepath"] {
				t.Errorf("modulepath %s, want %s", got, w["modulepath"])
			}
			if got := sub(e.Manifest); got != w["manifest"] {
				t.Errorf("manifest %s, want %s", got, w["manifest"])
			}
		})
	}
}
