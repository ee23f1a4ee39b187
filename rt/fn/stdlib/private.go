package stdlib

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	def3("private", -1, true, func(c fn.Context, a args) v.Value {
		c.Warn("private() DEPRECATED: This function will cease to function on Puppet 4; please use assert_private() before upgrading to puppet 4 for backwards-compatibility, or migrate to the new parser's typing system.")
		var msg v.Value = v.Undef
		if len(a) > 0 {
			msg = a[0]
		}
		return call3(c, "assert_private", msg)
	})
}
