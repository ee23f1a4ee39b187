package hiera

import "testing"

// TestSessionStrictLayers checks the session's layers under the strict
// setting: an environment configuration that Puppet uses only under
// strict=error (Config.StrictOnly) gives no data under off and warning and
// the environment's data under error; a global layer's data is found under
// each; and a data file's warning is logged once per session however often
// the file is read.
func TestSessionStrictLayers(t *testing.T) {
	d := resolutionData()
	d.Env.StrictOnly = true
	d.Global = &Config{Path: "/etc/hiera.yaml", Root: "/etc", Version: 5, Hierarchy: []*Entry{
		{Name: "g", Kind: "data_hash", Function: "yaml_data", Datadir: "/etc/data", LocationKind: "path", Locations: []string{"g.yaml"}},
	}}
	g := yamlFile("/etc/data/g.yaml", "gk", "global")
	g.Warning = "g.yaml: a warning"
	d.Files = append(d.Files, g)
	for _, strict := range []string{"off", "warning", "error"} {
		s := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
		s.SetStrict(strict)
		var warnings []string
		s.Warn = func(m string) { warnings = append(warnings, m) }
		want := "-"
		if strict == "error" {
			want = "common"
		}
		if got := lookupString(t, s, "c"); got != want {
			t.Errorf("strict=%s: c is %q, want %q", strict, got, want)
		}
		for i := 0; i < 2; i++ {
			if got := lookupString(t, s, "gk"); got != "global" {
				t.Errorf("strict=%s: gk is %q", strict, got)
			}
		}
		if len(warnings) != 1 || warnings[0] != g.Warning {
			t.Errorf("strict=%s: warnings %q, want the file's once", strict, warnings)
		}
	}
}

// TestSessionRenew: a renewed session looks up as a new one for the next
// compile (its node's data, the file's warning logged again, its
// lookup_options retrieved again), with the hooks it had.
func TestSessionRenew(t *testing.T) {
	d := resolutionData()
	d.Global = &Config{Path: "/etc/hiera.yaml", Root: "/etc", Version: 5, Hierarchy: []*Entry{
		{Name: "g", Kind: "data_hash", Function: "yaml_data", Datadir: "/etc/data", LocationKind: "path", Locations: []string{"g.yaml"}},
	}}
	g := yamlFile("/etc/data/g.yaml", "gk", "global")
	g.Warning = "g.yaml: a warning"
	d.Files = append(d.Files, g)
	var warnings []string
	s := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
	s.Warn = func(m string) { warnings = append(warnings, m) }
	for i, n := range []string{"a", "b", "a"} {
		if i > 0 {
			s.Renew(d, nodeScope(n, "Debian", "gold", "x", "db"))
		}
		if got := lookupString(t, s, "n"); got != "node-"+n {
			t.Errorf("compile %d: n = %s, want node-%s", i, got, n)
		}
		if got := lookupString(t, s, "gk"); got != "global" {
			t.Errorf("compile %d: gk = %s", i, got)
		}
		if len(warnings) != i+1 {
			t.Errorf("compile %d: %d warnings, want the file's once a compile", i, len(warnings))
		}
	}
}
