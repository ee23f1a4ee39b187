// Package translate implements the translate module's translate function:
// the message (Puppet has no translations for modules' messages), with
// %{name} and %<name>s references filled from the hash.
package translate

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	fn.New("translate").Module("translate").
		D("String message, Hash interpolation_values?", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			msg := string(a[0].(v.String))
			if len(a) < 2 {
				return v.String(msg)
			}
			s, err := v.Sprintf(msg, a[1])
			if err != nil {
				panic(err)
			}
			return v.String(s)
		}).Register()
}
