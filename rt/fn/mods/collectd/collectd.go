// Package collectd implements the collectd module's Ruby function that
// manifests call: collectd_convert_processes.
package collectd

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	f := fn.New3("collectd_convert_processes", 1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		if h, ok := a[0].(*v.Hash); ok {
			return h
		}
		arr, ok := a[0].(*v.Array)
		if !ok {
			panic(fn.Errorf("convert_process_array(): Needs an array as argument"))
		}
		out := v.NewHashBuilder(arr.Len())
		for _, p := range arr.Elems() {
			switch x := p.(type) {
			case v.String:
				out.Put(x, v.EmptyHash)
			case *v.Hash:
				name, _ := x.GetString("name")
				if name == nil {
					name = v.Undef
				}
				rest := v.NewHashBuilder(x.Len())
				for i := 0; i < x.Len(); i++ {
					if x.KeyAt(i) != v.String("name") {
						rest.Put(x.KeyAt(i), x.ValueAt(i))
					}
				}
				out.Put(name, rest.Build())
			default:
				panic(fn.Errorf("convert_process_array(): array element must be string or hash"))
			}
		}
		return out.Build()
	})
	f.Module = "collectd"
	fn.Register(f)
}
