package hiera

import (
	"os"
	"path/filepath"
	"testing"

	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// data_binding_terminus=none turns off the global layer of automatic
// parameter lookup and lookup(), not the environment's, nor the hiera_*
// functions' global lookups. Puppet 7.23 and 8.10 both give, for
// `class c($p = 'default')`, lookup('g', undef, undef, 'absent'),
// lookup('e') and hiera('g', 'absent') with a global hiera.yaml holding g
// and c::p and an environment's holding e (compile-catalog --set
// hiera_config=..., data_binding_terminus set before each compile, as the
// oracle sets it to hiera itself): p=default g=absent e=env e h=global g
// under none, p=global p g=global g under hiera.
func TestDataBindingTerminus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const cfg = "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n"
	write("global/hiera.yaml", cfg)
	write("global/data/common.yaml", "g: global g\nc::p: global p\n")
	write("env/hiera.yaml", cfg)
	write("env/data/common.yaml", "e: env e\n")
	d, diags := Load(Options{EnvDir: filepath.Join(dir, "env"), GlobalConfig: filepath.Join(dir, "global", "hiera.yaml")})
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	absent := values.String("absent")
	for _, c := range []struct {
		terminus string
		p, g     values.Value
	}{
		{"none", nil, absent},
		{"", nil, absent},
		{"hiera", values.String("global p"), values.String("global g")},
	} {
		s := rthiera.NewSession(d, &factScope{facts: values.NewHash(), vars: map[string]values.Value{}})
		s.DataBindingTerminus = c.terminus
		p, found := s.AutomaticParameter("c", "p")
		if !found {
			p = nil
		}
		if p != c.p {
			t.Errorf("%q: c::p = %v, want %v", c.terminus, p, c.p)
		}
		if g := s.Lookup(&rthiera.LookupArgs{Name: values.String("g"), DefaultValue: absent, HasDefault: true}); g != c.g {
			t.Errorf("%q: lookup('g') = %v, want %v", c.terminus, g, c.g)
		}
		if e := s.Lookup(&rthiera.LookupArgs{Name: values.String("e")}); e != values.String("env e") {
			t.Errorf("%q: lookup('e') = %v", c.terminus, e)
		}
		if h := s.Hiera(rthiera.HieraPriority, &rthiera.HieraArgs{Key: "g", Default: absent, HasDefault: true}); h != values.String("global g") {
			t.Errorf("%q: hiera('g') = %v", c.terminus, h)
		}
	}
}
