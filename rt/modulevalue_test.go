package rt

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// TestModuleValue: a class's and a defined type's $module_name value is
// its module's, boxed once by the program (AddModule) and kept by the
// definition when first found: no allocation then, and none for another
// definition of the module; a definition of a module the program lacks,
// and a node definition, have their module's name ("" for a node's).
func TestModuleValue(t *testing.T) {
	p := NewProgram("production")
	p.AddModule("m", "/m", nil)
	cl := &Class{Name: "m::k", Module: "m"}
	d := &Define{Name: "m::d", Module: "m"}
	other := &Define{Name: "n::d", Module: "n"}
	require.Zero(t, testing.AllocsPerRun(100, func() {
		require.Equal(t, values.Value(values.String("m")), p.moduleValue(cl))
		require.Equal(t, values.Value(values.String("m")), p.moduleValue(d))
	}))
	require.Same(t, &p.modules["m"].name, atomicptr.Load(&cl.made().moduleName))
	require.Same(t, &p.modules["m"].name, atomicptr.Load(&d.made().moduleName))
	require.Equal(t, values.Value(values.String("n")), p.moduleValue(other))
	require.Nil(t, atomicptr.Load(&other.made().moduleName))
	require.Equal(t, values.Value(values.String("")), p.moduleValue(&NodeDef{}))
}
