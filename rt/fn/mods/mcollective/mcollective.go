// Package mcollective implements the mcollective module's Ruby function
// that manifests call: mco_array_to_string.
package mcollective

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	f := fn.New3("mco_array_to_string", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		var first v.Value = v.Undef
		if len(a) > 0 {
			first = a[0]
		}
		arr, ok := first.(*v.Array)
		if !ok {
			panic(fn.Errorf("Expected an array, but got a %s", fn.RubyClass(first)))
		}
		out := make([]v.Value, arr.Len())
		for i, e := range arr.Elems() {
			out[i] = v.String(fn.RubyToS(e))
		}
		return v.NewArray(out...)
	})
	f.Module = "mcollective"
	fn.Register(f)
}
