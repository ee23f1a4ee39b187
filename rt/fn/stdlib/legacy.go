package stdlib

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	def3("validate_augeas", -1, true, func(c fn.Context, a args) v.Value {
		parseError("validate_augeas(): this function requires the augeas feature. See http://docs.puppetlabs.com/guides/augeas.html#pre-requisites for how to activate it.")
		return nil
	})
}
