package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

func TestLoadTrusted(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	h, err := loadTrusted(write("t.json", `{"extensions": {"pp_role": "web"}}`), "web1.example.com")
	if err != nil {
		t.Fatal(err)
	}
	// $trusted as Puppet's TrustedInformation#to_h has it, with the
	// extensions given.
	want := `{authenticated => remote, certname => web1.example.com, extensions => {pp_role => web}, hostname => web1, domain => example.com, external => {}}`
	if got := values.ToString(h); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	h, err = loadTrusted(write("t.yaml", "external:\n  f:\n    dc: dc1\n"), "db1")
	if err != nil {
		t.Fatal(err)
	}
	if ext, _ := h.GetString("external"); values.ToString(ext) != "{f => {dc => dc1}}" {
		t.Errorf("external: %s", values.ToString(ext))
	}
	if d, _ := h.GetString("domain"); d != values.Undef {
		t.Errorf("a certname without a dot has no domain: %v", d)
	}
	for _, bad := range []string{`[1]`, `{"certname": "x"}`, `{"extensions": 1}`, `{`} {
		if _, err := loadTrusted(write("bad.json", bad), "n"); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
