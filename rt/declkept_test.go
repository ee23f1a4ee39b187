package rt

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// TestResourceTypesKept checks the program's resolutions of resource
// expressions' type names (Ctx.resolveResourceType): a native type's and a
// defined type's are kept from the second compile on (not by a one-shot
// process's only one) and give the later compiles the same types, tags and
// resources; an unknown type fails in
// every compile and is not kept; $module_name is the definition's module
// in each compile.
func TestResourceTypesKept(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	var modules []values.Value
	p.AddDefine(&Define{Name: "m::d", Module: "m", Body: func(s *Scope) {
		modules = append(modules, s.Var(SiteRef{}, "module_name"))
	}})
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 1}
	notify := &ResourceTypeRef{Name: "notify"}
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.DeclareType(SiteRefOf(site), notify, Regular).Body(SiteRefOf(site), values.String("hi")).Exec()
		s.Declare(SiteRefOf(site), "m::d", Regular).Body(SiteRefOf(site), values.String("x")).Exec()
	}}
	for round := range 3 {
		modules = nil
		res := CompileWith(p, node)
		require.NoError(t, res.Err, "round %d", round)
		n := res.Catalog.Resource("Notify", "hi")
		require.NotNil(t, n)
		require.Equal(t, []string{"notify", "hi"}, n.Tags[:2])
		d := res.Catalog.Resource("M::D", "x")
		require.NotNil(t, d)
		require.Equal(t, kindDefinedType, d.Kind)
		require.Subset(t, d.Tags, []string{"m::d", "m", "d", "x"})
		require.Equal(t, []values.Value{values.String("m")}, modules)
		for _, name := range []string{"notify", "m::d"} {
			found, ok := readmap.Load(&p.resourceTypes, name)
			require.Equal(t, round > 0, ok, "%s kept after compile %d", name, round)
			if ok {
				require.Equal(t, capitalized.get(name), found.name)
			}
		}
		res.Release()
	}
	for range 2 {
		res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			s.Declare(SiteRefOf(site), "nope", Regular).Body(SiteRefOf(site), values.String("x")).Exec()
		}})
		require.Error(t, res.Err)
		require.Contains(t, res.Err.Error(), "Unknown resource type: 'nope'")
		_, ok := readmap.Load(&p.resourceTypes, "nope")
		require.False(t, ok)
	}
}
