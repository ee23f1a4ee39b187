// Package nova implements the nova module's Ruby function that manifests
// call: to_array_of_json_strings.
package nova

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/fn/stdlib"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	fn.New("to_array_of_json_strings").Module("nova").
		D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			if len(a) != 1 {
				panic(fn.Errorf("to_array_of_json_strings(): Wrong number of arguments"))
			}
			list := a[0]
			if s, ok := list.(v.String); ok {
				x, err := stdlib.ParseJSON(string(s))
				if err != nil {
					x, err = stdlib.ParseJSON(strings.ReplaceAll(string(s), "'", "\""))
					if err != nil {
						panic(fn.Errorf("Syntax error: %s is not valid", string(s)))
					}
					c.Warn(string(s) + " is not valid JSON. Support for this format is deprecated and may be removed in future.")
				}
				list = x
				if _, ok := list.(*v.Array); !ok {
					list = v.NewArray(list)
				}
			}
			arr, ok := list.(*v.Array)
			if ok {
				for _, e := range arr.Elems() {
					if _, isHash := e.(*v.Hash); !isHash {
						ok = false
						break
					}
				}
			}
			if !ok {
				panic(fn.Errorf("Syntax error: %s is not an Array or JSON encoded String", fn.RubyToS(a[0])))
			}
			out := make([]v.Value, arr.Len())
			for i, e := range arr.Elems() {
				s, err := stdlib.ToJSON(e)
				if err != nil {
					panic(err)
				}
				out[i] = v.String(s)
			}
			return v.NewArray(out...)
		}).Register()
}
