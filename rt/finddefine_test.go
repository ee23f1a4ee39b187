package rt

import (
	"testing"

	"github.com/pp2go/pp2go/rt/values"
	"github.com/stretchr/testify/require"
)

// TestDefinedByName: defined('name') finds a defined type, a class or a
// resource type by its name in any case, with or without a leading ::
// (Puppet's find_definition and find_hostclass downcase it), and nothing
// for a name of neither, in each compile of a process (the walk of a name
// kept for the process).
func TestDefinedByName(t *testing.T) {
	registerBuiltins() // as a program's generated code does
	p := NewProgram("production")
	p.AddCoreTypes()
	p.AddDefine(&Define{Name: "m::d", Module: "m", Body: func(*Scope) {}})
	p.AddClass(&Class{Name: "m::c", Module: "m", Body: func(*Scope) {}})
	want := map[string]bool{"m::d": true, "M::D": true, "::m::d": true, "m::c": true, "M::c": true,
		"file": true, "m::x": false, "m::dd": false, "d": false}
	for round := range 2 {
		got := map[string]bool{}
		res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			for name := range want {
				got[name] = values.Truthy(s.Call("defined", []values.Value{values.String(name)}, nil))
			}
		}})
		require.NoError(t, res.Err)
		require.Equal(t, want, got, "round %d", round)
		for name, isDefine := range map[string]bool{"M::D": true, "m::c": false, "m::x": false} {
			require.Equal(t, isDefine, p.findDefine(name) != nil, "round %d: findDefine(%q)", round, name)
		}
		res.Release()
	}
}
