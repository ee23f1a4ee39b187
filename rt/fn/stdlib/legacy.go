package stdlib

import (
	"math/big"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

var (
	absPathWindows = lazyre.New(`(?im)^(?:(?:[A-Z]:[\\/])|(?:[\\/][\\/][^\\/]+[\\/][^\\/]+)|(?:[\\/][\\/]\?[\\/][^\\/]+))`)
	absPathPosix   = lazyre.New(`(?m)^/`)
)

// absolutePath is Puppet::Util.absolute_path?(path, platform).
func absolutePath(c fn.Context, path v.Value, windows bool) bool {
	s, ok := path.(v.String)
	if !ok {
		c.Warn("Cannot check if " + fn.RubyToS(path) + " is an absolute path because it is a '" + class(path) + "' and not a String'")
		return false
	}
	if windows {
		return absPathWindows.MatchString(string(s))
	}
	return absPathPosix.MatchString(string(s))
}

func init() {
	def3("is_absolute_path", 1, false, func(c fn.Context, a args) v.Value {
		return v.BoolOf(absolutePath(c, a[0], false) || absolutePath(c, a[0], true))
	})

	def3("validate_augeas", -1, true, func(c fn.Context, a args) v.Value {
		parseError("validate_augeas(): this function requires the augeas feature. See http://docs.puppetlabs.com/guides/augeas.html#pre-requisites for how to activate it.")
		return nil
	})

}

func flatten(vals []v.Value) []v.Value {
	var out []v.Value
	for _, x := range vals {
		if a, ok := x.(*v.Array); ok {
			out = append(out, flatten(a.Elems())...)
		} else {
			out = append(out, x)
		}
	}
	return out
}

// number is a bound or value of validate_integer/validate_numeric.
type number struct {
	i       *big.Int
	f       float64
	isFloat bool
}

func (n number) cmp(o number) int {
	if n.isFloat || o.isFloat {
		a, b := n.float(), o.float()
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	return n.i.Cmp(o.i)
}

func (n number) float() float64 {
	if n.isFloat {
		return n.f
	}
	f, _ := new(big.Float).SetInt(n.i).Float64()
	return f
}

func (n number) String() string {
	if n.isFloat {
		return fn.RubyToS(v.Float(n.f))
	}
	return n.i.String()
}

// rubyFloatConv is Kernel#Float(string).
func rubyFloatConv(s string) (float64, bool) {
	t := strings.Trim(s, " \t\n\v\f\r")
	if t == "" {
		return 0, false
	}
	body := strings.TrimLeft(t, "+-")
	if strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X") {
		i, ok := fn.RubyInteger(t)
		if !ok {
			return 0, false
		}
		f, _ := new(big.Float).SetInt(i).Float64()
		return f, true
	}
	if !floatSyntax.MatchString(t) {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64)
	if err != nil && !strings.Contains(err.Error(), "range") {
		return 0, false
	}
	return f, true
}

var floatSyntax = lazyre.New(`^[+-]?(\d+(_\d+)*)(\.\d+(_\d+)*)?([eE][+-]?\d+)?$|^[+-]?\.\d+$`)
