package rt

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestReferencesKeepInCells: compiling leaves the references generated
// code lays out as static data as they were, a class and a defined type,
// a function's, a type's, a qualified variable's, a regular expression's,
// a resource type's and a site table: what the process finds of them (a
// definition's title, name value, parameters, their types and layout,
// module name; the function, the type...) is kept in their cells, as
// generated code gives them (package cell): each page of the binary's data
// a compile writes to is a page fault. A second compile finds the same.
func TestReferencesKeepInCells(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	p.AddModule("m", "/m", nil)
	var cells [8]Cell
	cl := &Class{Name: "m", Module: "m", Params: func() []*Parameter {
		return ParamsOf([]Parameter{{Name: "x", Const: values.String("1")}})
	}, Cell: &cells[0]}
	d := &Define{Name: "m::d", Module: "m", Params: func() []*Parameter {
		return ParamsOf([]Parameter{{Name: "y", Const: values.String("2")}})
	}, Cell: &cells[1]}
	include := &FuncRef{Name: "include", Cell: &cells[2]}
	typ := &TypeRef{Text: "Class[m]", Cell: &cells[3]}
	x := &VarRef{Name: "m::x", Class: "m", Leaf: "x", Slot: -1, Cell: &cells[4]}
	re := &RegexpRef{Src: "^t", Cell: &cells[5]}
	defType := &ResourceTypeRef{Name: "m::d", Cell: &cells[6]}
	sites := &SiteTable{Files: &File{Path: "/env/manifests/site.pp"}, FileCount: 1, Labels: "Resource Statement",
		Data: []int32{0, 1, 1, 0}, Cell: &cells[7]}
	p.AddClass(cl)
	p.AddDefine(d)
	p.Finish()
	before := [][]byte{bytes.Clone(bytesOf(cl)), bytes.Clone(bytesOf(d)), bytes.Clone(bytesOf(include)), bytes.Clone(bytesOf(typ)),
		bytes.Clone(bytesOf(x)), bytes.Clone(bytesOf(re)), bytes.Clone(bytesOf(defType)), bytes.Clone(bytesOf(sites))}
	var seen []values.Value
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		site := sites.Ref(0)
		s.Fn(site, include, nil, values.String("m"))
		seen = []values.Value{s.Type(site, typ), s.Qualified(site, x), s.Regexp(site, re)}
		require.Equal(t, int32(1), sites.At(0).Line)
		s.DeclareType(site, defType, Regular).Body(site, values.String("t")).Exec()
	}}
	var made [2]*madeDefinition
	for i := range 2 {
		res := CompileWith(p, node)
		require.NoError(t, res.Err)
		require.NotNil(t, res.Catalog.find("M::D", "t"))
		res.Release()
		require.Equal(t, "Class[m]", values.ToString(seen[0]))
		require.Equal(t, values.String("1"), seen[1])
		require.Equal(t, "/^t/", values.ToString(seen[2]))
		require.Equal(t, "M", cl.title())
		if i == 0 {
			made = [2]*madeDefinition{cl.made(), d.made()}
		}
		require.Same(t, made[0], cl.made())
		require.Same(t, made[1], d.made())
		require.NotNil(t, made[1].sig.layout, "the define's signature made")
		after := [][]byte{bytesOf(cl), bytesOf(d), bytesOf(include), bytesOf(typ), bytesOf(x), bytesOf(re), bytesOf(defType), bytesOf(sites)}
		for k := range before {
			require.Equal(t, before[k], after[k], "reference %d written", k)
		}
		for k := range cells {
			require.NotEqual(t, make([]byte, unsafe.Sizeof(cells[k])), bytesOf(&cells[k]), "cell %d unused", k)
		}
	}
}

// bytesOf is the memory of *v.
func bytesOf[T any](v *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
}
