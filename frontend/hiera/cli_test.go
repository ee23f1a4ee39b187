package hiera

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// Session.Explain prints what `puppet lookup --explain` prints (a fresh
// compile: lookup_options are searched first), and an error's message
// follows the explanation as the command prints it. Expected outputs:
// testdata/gen/cli.sh.
func TestExplainLikePuppetLookup(t *testing.T) {
	dir := filepath.Join(scenarioRoot, "lang_hiera_apl")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("scenarios not available")
	}
	// Puppet's global layer: $confdir/hiera.yaml, absent (a default
	// configuration that finds nothing)
	d, diags := Load(Options{EnvDir: dir, GlobalConfig: filepath.Join(t.TempDir(), "hiera.yaml"),
		Modules: map[string]string{"app": filepath.Join(dir, "modules", "app")}})
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	files, _ := filepath.Glob("testdata/expected/cli/*.txt")
	if len(files) == 0 {
		t.Fatal("no expected outputs")
	}
	for _, f := range files {
		want, _ := os.ReadFile(f)
		key := strings.ReplaceAll(strings.TrimSuffix(filepath.Base(f), ".txt"), "__", "::")
		s := rthiera.NewSession(d, nodeScope(t, filepath.Join(dir, "nodes", "lang.example.com.json"), "lang.example.com"))
		_, text, err := s.Explain(&rthiera.LookupArgs{Name: values.String(key)})
		if err != nil {
			text += err.Error() + "\n"
		}
		text = strings.ReplaceAll(text, dir, "<env>")
		if text != string(want) {
			t.Errorf("%s: explanation differs\n--- want\n%s--- got\n%s", key, want, text)
		}
	}
}
