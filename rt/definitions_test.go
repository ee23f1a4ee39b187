package rt

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDefinitionIndexes: a name in a later index (the main manifests')
// is found before the same name in an earlier one (the module path's);
// classes added one by one come first.
func TestDefinitionIndexes(t *testing.T) {
	modA, siteA, modB, one := &Class{Name: "a"}, &Class{Name: "a"}, &Class{Name: "b"}, &Class{Name: "c"}
	defA, siteD := &Define{Name: "d"}, &Define{Name: "d"}
	var mod, site any = &Module{Classes: []*Class{modA, modB}, Defines: []*Define{defA}}, &Module{Classes: []*Class{siteA}, Defines: []*Define{siteD}}
	p := NewProgram("production")
	p.SetDefinitions(
		&DefinitionIndex{Classes: []ClassEntry{{Name: "a", In: &mod, At: 0}, {Name: "b", In: &mod, At: 1}}, Defines: []DefineEntry{{Name: "d", In: &mod, At: 0}}},
		&DefinitionIndex{Classes: []ClassEntry{{Name: "a", In: &site, At: 0}}, Defines: []DefineEntry{{Name: "d", In: &site, At: 0}}})
	require.Same(t, siteA, p.class("a"))
	require.Same(t, modB, p.class("b"))
	require.Nil(t, p.class("z"))
	require.Same(t, siteD, p.define("d"))
	require.Nil(t, p.define("a"))
	p.AddClass(one)
	p.AddClass(&Class{Name: "b"})
	require.Same(t, one, p.class("c"))
	require.NotSame(t, modB, p.class("b"))
}

// TestDefinitionIndexParts: an entry names a class or defined type by
// its place in the tables of a package's Module, which the package's
// handle holds.
func TestDefinitionIndexParts(t *testing.T) {
	c0, c1, d0 := &Class{Name: "m"}, &Class{Name: "m::x"}, &Define{Name: "m::d"}
	var m any = &Module{Classes: []*Class{c0, c1}, Defines: []*Define{d0}}
	p := NewProgram("production")
	p.SetDefinitions(&DefinitionIndex{
		Classes: []ClassEntry{{Name: "m", In: &m, At: 0}, {Name: "m::x", In: &m, At: 1}},
		Defines: []DefineEntry{{Name: "m::d", In: &m, At: 0}},
	})
	require.Same(t, c0, p.class("m"))
	require.Same(t, c1, p.class("m::x"))
	require.Same(t, d0, p.define("m::d"))
	require.Nil(t, p.class("m::d"))
}
