// Package apache implements the apache module's Ruby function that its
// templates call: apache::bool2httpd.
package apache

import (
	"github.com/pp2go/pp2go/rt/internal/lazyre"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

var (
	falseRx = lazyre.New(`(?i)false`)
	trueRx  = lazyre.New(`(?i)true`)
)

// Bool2httpd is apache::bool2httpd: Off for undef, false and strings
// containing "false"; On for true and strings containing "true"; anything
// else as a string.
func Bool2httpd(x v.Value) v.Value {
	switch y := x.(type) {
	case nil, v.UndefValue:
		return v.String("Off")
	case v.Bool:
		if y {
			return v.String("On")
		}
		return v.String("Off")
	case v.String:
		if falseRx.MatchString(string(y)) {
			return v.String("Off")
		}
		if trueRx.MatchString(string(y)) {
			return v.String("On")
		}
	}
	return v.String(fn.RubyToS(x))
}

func init() {
	fn.New("apache::bool2httpd").Module("apache").
		D("Any arg", func(c fn.Context, a []v.Value, b fn.Block) v.Value { return Bool2httpd(a[0]) }).
		Register()
}
