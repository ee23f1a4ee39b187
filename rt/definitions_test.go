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
	p := NewProgram("production")
	p.SetDefinitions(
		&DefinitionIndex{Classes: []ClassEntry{{"a", modA}, {"b", modB}}, Defines: []DefineEntry{{"d", defA}}},
		&DefinitionIndex{Classes: []ClassEntry{{"a", siteA}}, Defines: []DefineEntry{{"d", siteD}}})
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
