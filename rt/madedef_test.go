package rt

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestDefinitionsWrittenOnce: compiling a class with parameters and
// declaring a defined type leave the Class and the Define as they were
// but for one pointer, to what the process made of them (its title,
// name value, parameters, their types and layout, module name): generated
// code lays them out as static data, each page of which a compile writes
// to is a page fault. A second compile finds the same.
func TestDefinitionsWrittenOnce(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	p.AddModule("m", "/m", nil)
	cl := &Class{Name: "m", Module: "m", Params: func() []*Parameter {
		return ParamsOf([]Parameter{{Name: "x", Const: values.String("1")}})
	}}
	d := &Define{Name: "m::d", Module: "m", Params: func() []*Parameter {
		return ParamsOf([]Parameter{{Name: "y", Const: values.String("2")}})
	}}
	p.AddClass(cl)
	p.AddDefine(d)
	clBefore, dBefore := *cl, *d
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.c.Include(s, []values.Value{values.String("m")})
		site := SiteRefOf(&Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 1})
		s.Declare(site, "m::d", Regular).Body(site, values.String("t")).Exec()
	}}
	var made [2]*madeDefinition
	for i := range 2 {
		res := CompileWith(p, node)
		require.NoError(t, res.Err)
		require.NotNil(t, res.Catalog.find("M::D", "t"))
		res.Release()
		require.Equal(t, "M", cl.title())
		if i == 0 {
			made = [2]*madeDefinition{cl.made(), d.made()}
		}
		require.Same(t, made[0], cl.made())
		require.Same(t, made[1], d.made())
		require.NotNil(t, made[1].sig.layout, "the define's signature made")
		clAfter, dAfter := *cl, *d
		clAfter.madeKept, dAfter.madeKept = nil, nil
		require.Equal(t, bytesOf(&clBefore), bytesOf(&clAfter))
		require.Equal(t, bytesOf(&dBefore), bytesOf(&dAfter))
	}
}

// bytesOf is the memory of *v.
func bytesOf[T any](v *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
}
