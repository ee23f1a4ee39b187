package rt_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

// TestNoGenericMethodsReachable: no type that generated packages can
// reach through the runtime's exported API is an instantiated generic
// type with methods (sync/atomic's Pointer, a slab, a read map). Go
// compiles such a type's methods again in every package whose types reach
// it (rt/internal/atomicptr says why that matters): ~300 functions and
// 0.25 s for each package of an environment. Types of the standard
// library are not looked into (sync.Pool's own are few and not ours).
func TestNoGenericMethodsReachable(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the runtime's packages with go list")
	}
	// the runtime's packages that generated code imports
	roots := []string{"rt", "rt/values", "rt/erb", "rt/fn", "rt/fn/core", "rt/fn/stdlib", "rt/hiera",
		"rt/hiera/hierafn", "rt/restype", "rt/rubyfn"}
	for i, r := range roots {
		roots[i] = "github.com/pp2go/pp2go/" + r
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, roots...)
	require.NoError(t, err)
	require.Len(t, pkgs, len(roots))

	seen := map[types.Type]bool{}
	var found []string
	var walk func(typ types.Type, path string)
	walk = func(typ types.Type, path string) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch typ := typ.(type) {
		case *types.Alias:
			walk(types.Unalias(typ), path)
		case *types.Named:
			obj := typ.Obj()
			if obj.Pkg() == nil || !strings.Contains(obj.Pkg().Path(), ".") {
				// the standard library's: only whether we instantiate one
				if typ.TypeArgs().Len() > 0 && typ.Origin().NumMethods() > 0 {
					found = append(found, path+": "+typ.String())
				}
				return
			}
			if typ.TypeArgs().Len() > 0 && typ.Origin().NumMethods() > 0 {
				found = append(found, path+": "+typ.String())
			}
			walk(typ.Underlying(), obj.Name())
			for i := range typ.NumMethods() {
				walk(typ.Method(i).Type(), obj.Name()+"."+typ.Method(i).Name())
			}
		case *types.Pointer:
			walk(typ.Elem(), path)
		case *types.Slice:
			walk(typ.Elem(), path)
		case *types.Array:
			walk(typ.Elem(), path)
		case *types.Chan:
			walk(typ.Elem(), path)
		case *types.Map:
			walk(typ.Key(), path)
			walk(typ.Elem(), path)
		case *types.Struct:
			for i := range typ.NumFields() {
				walk(typ.Field(i).Type(), path+"."+typ.Field(i).Name())
			}
		case *types.Signature:
			walk(typ.Params(), path)
			walk(typ.Results(), path)
		case *types.Tuple:
			for i := range typ.Len() {
				walk(typ.At(i).Type(), path)
			}
		case *types.Interface:
			for i := range typ.NumMethods() {
				walk(typ.Method(i).Type(), path+"."+typ.Method(i).Name())
			}
		}
	}
	for _, p := range pkgs {
		require.Empty(t, p.Errors, p.PkgPath)
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			if obj := scope.Lookup(name); obj.Exported() {
				walk(obj.Type(), p.Types.Name()+"."+name)
			}
		}
	}
	require.Empty(t, found, "instantiated generic types with methods, reachable from the runtime's exported API")
}
