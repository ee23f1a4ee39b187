package rt

import (
	"slices"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestWalkOf checks the manifests autoload walks for a class name, in
// Puppet's order (Puppet::Pops::Loader's typed name search: the module's
// init, then a/b/c, a/b, ... each with init again, until the manifest that
// defines it): the keys' texts of each walk's steps, and whether the walk
// stops at its definition's manifest (hit).
func TestWalkOf(t *testing.T) {
	p := NewProgram("production")
	p.addModule("a", values.String("a"), "/mods/a", nil)
	define := func(name, path string) {
		p.AddClass(&Class{Name: name, Module: "a", File: &File{Path: path}})
	}
	define("a::b::c", "/mods/a/manifests/b/c.pp")
	define("a::b::d", "/mods/a/manifests/b.pp")
	define("a::e", "/mods/a/manifests/init.pp")
	define("a::f", "/elsewhere/site.pp")
	keys := map[int32]string{}
	for k, v := range p.walkKeys.m {
		keys[v] = k
	}
	for _, c := range []struct {
		name  string
		steps []string
		hit   bool
	}{
		{"a::b::c", []string{"a/init", "a/b/c"}, true},
		{"a::b::d", []string{"a/init", "a/b/d", "a/b"}, true},
		{"a::e", []string{"a/init", "a/e"}, true},
		{"a::f", []string{"a/init", "a/f"}, false},
		{"a::x::y::z", []string{"a/init", "a/x/y/z", "a/x/y", "a/x"}, false},
		{"::A::Init", []string{"a/init"}, false},
		{"nomodule::x", nil, false},
	} {
		w := p.walkOf(c.name, false)
		for k, v := range p.walkKeys.m {
			keys[v] = k
		}
		var got []string
		for _, st := range w.steps {
			got = append(got, keys[st.key])
		}
		if !slices.Equal(got, c.steps) || w.hit != c.hit {
			t.Errorf("walkOf(%s): steps %q, hit %v; want %q, %v", c.name, got, w.hit, c.steps, c.hit)
		}
	}
	if k := p.makeManifestKey("a", &File{Path: "/mods/a/manifests/b/c.pp"}); k != "a/b/c" {
		t.Errorf("makeManifestKey: %q, want a/b/c", k)
	}
	for _, path := range []string{"/mods/ab/manifests/c.pp", "/mods/a/files/c.pp", "/manifests/c.pp"} {
		if k := p.makeManifestKey("a", &File{Path: path}); k != "" {
			t.Errorf("makeManifestKey(%s): %q, want none", path, k)
		}
	}
}
