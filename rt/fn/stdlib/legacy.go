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

	def3("validate_re", -1, true, func(c fn.Context, a args) v.Value {
		if len(a) < 2 || len(a) > 3 {
			parseError("validate_re(): wrong number of arguments (%d; must be 2 or 3)", len(a))
		}
		s, ok := a[0].(v.String)
		if !ok {
			parseError("validate_re(): input needs to be a String, not a %s", class(a[0]))
		}
		msg := "validate_re(): " + inspect(a[0]) + " does not match " + inspect(a[1])
		if len(a) > 2 && v.Truthy(a[2]) {
			msg = fn.RubyToS(a[2])
		}
		pats := []v.Value{a[1]}
		if arr, ok := a[1].(*v.Array); ok {
			pats = flatten(arr.Elems())
		}
		for _, p := range pats {
			if rubyRegexp(p).MatchString(string(s)) {
				return v.Undef
			}
		}
		parseError("%s", msg)
		return nil
	})

	def3("validate_augeas", -1, true, func(c fn.Context, a args) v.Value {
		parseError("validate_augeas(): this function requires the augeas feature. See http://docs.puppetlabs.com/guides/augeas.html#pre-requisites for how to activate it.")
		return nil
	})
	def3("validate_cmd", -1, true, func(c fn.Context, a args) v.Value {
		if len(a) < 2 || len(a) > 3 {
			parseError("validate_cmd(): wrong number of arguments (%d; must be 2 or 3)", len(a))
		}
		msg := "validate_cmd(): failed to validate content with command " + inspect(a[1])
		if len(a) > 2 && v.Truthy(a[2]) {
			msg = fn.RubyToS(a[2])
		}
		g, ok := c.(fn.Generator)
		if !ok {
			parseError("%s\npp2go does not run commands on the compiling machine unless the build enables it", msg)
		}
		cmd := fn.RubyToS(a[1])
		out, allowed, err := g.Generate([]string{"/bin/sh", "-c", "f=$(mktemp) && cat > \"$f\" <<'PP2GO_EOF'\n" + fn.RubyToS(a[0]) + "\nPP2GO_EOF\n" + cmd + " \"$f\"; r=$?; rm -f \"$f\"; exit $r"})
		if !allowed {
			parseError("%s\npp2go does not run commands on the compiling machine unless the build enables it", msg)
		}
		if err != nil {
			parseError("%s\n%s", msg, err.Error()+out)
		}
		return v.Undef
	})

}

// rubyRegexp is Regexp.compile(x) for a pattern given as a string or a
// regexp.
func rubyRegexp(p v.Value) *v.Regexp {
	switch x := p.(type) {
	case *v.Regexp:
		return x
	case v.String:
		re, err := v.NewRegexp(string(x))
		if err != nil {
			panic(err)
		}
		return re
	}
	panic(fn.Errorf("no implicit conversion of %s into String", class(p)))
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
