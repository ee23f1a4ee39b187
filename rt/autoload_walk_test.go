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
// stops at its definition's manifest (hit). A walk of a module none of
// whose manifests fails to load is inert: nothing to load, no steps.
func TestWalkOf(t *testing.T) {
	p := NewProgram("production")
	p.addModule("a", values.String("a"), "/mods/a", nil)
	p.addModule("q", values.String("q"), "/mods/q", nil)
	p.AddLoadError("a", "zzz", "a/zzz fails") // a manifest no walk below loads
	// r holds a class named in a, whose walk asks whether r's init was
	// walked: r's walks are not inert, s's (its class named in r) neither
	p.addModule("r", values.String("r"), "/mods/r", nil)
	p.addModule("s", values.String("s"), "/mods/s", nil)
	var mod any = &Module{Classes: []*Class{
		{Name: "a0", Module: "q", File: &File{Path: "/mods/q/manifests/init.pp"}},
		{Name: "a::z", Module: "r", File: &File{Path: "/mods/r/manifests/init.pp"}},
		{Name: "r::y", Module: "s", File: &File{Path: "/mods/s/manifests/y.pp"}},
	}}
	p.SetDefinitions(&DefinitionIndex{Classes: []ClassEntry{
		{Name: "a0", In: &mod, At: 0},
		{Name: "a::z", In: &mod, At: 1},
		{Name: "r::y", In: &mod, At: 2},
	}})
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
		{"a::z", []string{"a/init", "a/z"}, false},
		{"r::x", []string{"r/init", "r/x"}, false},
		{"s::y", []string{"s/init", "s/y"}, false},
	} {
		w := p.walkOf(c.name, false)
		for k, v := range p.walkKeys.m {
			keys[v] = k
		}
		var got []string
		for _, st := range w.steps {
			got = append(got, keys[st.key])
		}
		if !slices.Equal(got, c.steps) || w.hit != c.hit || w.inert {
			t.Errorf("walkOf(%s): steps %q, hit %v, inert %v; want %q, %v", c.name, got, w.hit, w.inert, c.steps, c.hit)
		}
	}
	p.AddClass(&Class{Name: "q::b", Module: "q", File: &File{Path: "/mods/q/manifests/b.pp"}})
	for _, name := range []string{"q::b", "q::x::y", "q", "nomodule::x"} {
		if w := p.walkOf(name, false); !w.inert || w.steps != nil || (name == "q::b") != (w.class != nil) {
			t.Errorf("walkOf(%s): inert %v, steps %v, class %v; want inert, no steps", name, w.inert, w.steps, w.class)
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
