// Package redis implements the redis module's Ruby function that manifests
// call: getvar_emptystring.
package redis

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	f := fn.New3("getvar_emptystring", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		if len(a) != 1 {
			panic(fn.Errorf("getvar_emptystring(): wrong number of arguments (%d; must be 1)", len(a)))
		}
		x := fn.LookupVar3x(c, fn.RubyToS(a[0]))
		if v.IsUndef(x) {
			return v.String("")
		}
		return x
	})
	f.Module = "redis"
	fn.Register(f)
}
