package stdlib

import (
	"math/big"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// The deprecated is_* and validate_* functions (3.x) and validate_legacy.

var (
	absPathWindows = lazyre.New(`(?im)^(?:(?:[A-Z]:[\\/])|(?:[\\/][\\/][^\\/]+[\\/][^\\/]+)|(?:[\\/][\\/]\?[\\/][^\\/]+))`)
	absPathPosix   = lazyre.New(`(?m)^/`)
	intRx          = lazyre.New(`(?m)^-?(?:(?:[1-9]\d*)|0)$`)
	numericRx      = lazyre.New(`(?m)^-?(?:(?:[1-9]\d*)|0)(?:\.\d+)?(?:[eE]-?\d+)?$`)
	macRx1         = lazyre.New(`(?im)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$`)
	macRx2         = lazyre.New(`(?im)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$`)
	emailRx        = lazyre.New(`^([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+$`)
	domainTLDRx    = lazyre.New(`(?m)\.[A-Za-z]+$`)
	labelRx        = lazyre.New(`(?im)^[a-z\d-]+$`)
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

// rubyToFS is Float#to_s of String#to_f (is_float's and is_string's test).
func toFS(s string) string { return fn.RubyToS(v.Float(fn.RubyToF(s))) }

func toIS(s string) string { return strconv.FormatInt(fn.RubyToI(s, 10), 10) }

// ipAddrOK is IPAddr.new(x) for a 3.x argument: the address, or nil when
// Ruby raises an ArgumentError (IPAddr's errors are ArgumentErrors; a
// non-string raises "address family must be specified").
func ipAddr(x v.Value) *fn.IPAddr {
	s, ok := x.(v.String)
	if !ok {
		return nil
	}
	ip, err := fn.ParseIPAddr(string(s))
	if err != nil {
		return nil
	}
	return ip
}

func init() {
	def3("is_absolute_path", 1, false, func(c fn.Context, a args) v.Value {
		return v.BoolOf(absolutePath(c, a[0], false) || absolutePath(c, a[0], true))
	})
	def3("is_array", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("is_array(): Wrong number of arguments given (%d for 1)", len(a))
		}
		return v.BoolOf(isArray(a[0]))
	})
	def3("is_bool", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_bool(): Wrong number of arguments given (%d for 1)", len(a))
		}
		_, ok := a[0].(v.Bool)
		return v.BoolOf(ok)
	})
	def3("is_float", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_float(): Wrong number of arguments given %d for 1", len(a))
		}
		switch x := a[0].(type) {
		case v.Float:
			return v.True
		case v.Int:
			return v.False
		case v.String:
			return v.BoolOf(string(x) == toFS(string(x)))
		}
		return v.False
	})
	def3("is_hash", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_hash(): Wrong number of arguments given (%d for 1)", len(a))
		}
		return v.BoolOf(isHash(a[0]))
	})
	def3("is_integer", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_integer(): Wrong number of arguments given %d for 1", len(a))
		}
		switch x := a[0].(type) {
		case v.Int:
			return v.True
		case v.String:
			return v.BoolOf(intRx.MatchString(string(x)))
		}
		return v.False
	})
	def3("is_numeric", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_numeric(): Wrong number of arguments given %d for 1", len(a))
		}
		switch x := a[0].(type) {
		case v.Int, v.Float:
			return v.True
		case v.String:
			return v.BoolOf(numericRx.MatchString(string(x)))
		}
		return v.False
	})
	def3("is_string", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("is_string(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case v.String:
			s := string(x)
			return v.BoolOf(!(s == toFS(s) || s == toIS(s)))
		case v.UndefValue:
			return v.True
		}
		return v.False
	})
	def3("is_ip_address", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_ip_address(): Wrong number of arguments given %d for 1", len(a))
		}
		return v.BoolOf(ipAddr(a[0]) != nil)
	})
	def3("is_ipv4_address", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_ipv4_address(): Wrong number of arguments given %d for 1", len(a))
		}
		ip := ipAddr(a[0])
		return v.BoolOf(ip != nil && !ip.IPv6)
	})
	def3("is_ipv6_address", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_ipv6_address(): Wrong number of arguments given %d for 1", len(a))
		}
		ip := ipAddr(a[0])
		return v.BoolOf(ip != nil && ip.IPv6)
	})
	def3("is_mac_address", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_mac_address(): Wrong number of arguments given %d for 1", len(a))
		}
		s, ok := a[0].(v.String)
		if !ok {
			panic(fn.Errorf("no implicit conversion of %s into String", class(a[0])))
		}
		return v.BoolOf(macRx1.MatchString(string(s)) || macRx2.MatchString(string(s)))
	})
	def3("is_domain_name", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_domain_name(): Wrong number of arguments given %d for 1", len(a))
		}
		s, ok := a[0].(v.String)
		return v.BoolOf(ok && isDomainName(string(s)))
	})
	def3("is_email_address", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_email_address(): Wrong number of arguments given %d for 1", len(a))
		}
		s, ok := a[0].(v.String)
		return v.BoolOf(ok && emailRx.MatchString(string(s)))
	})
	def3("is_function_available", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("is_function_available?(): Wrong number of arguments given %d for 1", len(a))
		}
		s, ok := a[0].(v.String)
		return v.BoolOf(ok && fn.Has3x(string(s)))
	})

	// validate_*
	def3("validate_absolute_path", -1, true, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("validate_absolute_path(): wrong number of arguments (%d; must be > 0)", len(a))
		}
		for _, arg := range a {
			candidates := []v.Value{arg}
			if arr, ok := arg.(*v.Array); ok {
				candidates = arr.Elems()
			}
			for _, p := range candidates {
				if !v.Truthy(call3(c, "is_absolute_path", p)) {
					parseError("%s is not an absolute path.", inspect(p))
				}
			}
		}
		return v.Undef
	})
	typeValidator := func(name, what string, ok func(v.Value) bool, nilOK bool) {
		def3(name, -1, true, func(c fn.Context, a args) v.Value {
			if len(a) == 0 {
				parseError("%s(): wrong number of arguments (%d; must be > 0)", name, len(a))
			}
			for _, arg := range a {
				if ok(arg) || (nilOK && v.IsUndef(arg)) {
					continue
				}
				parseError("%s is not %s.  It looks to be a %s", inspect(arg), what, class(arg))
			}
			return v.Undef
		})
	}
	typeValidator("validate_array", "an Array", isArray, false)
	typeValidator("validate_hash", "a Hash", isHash, false)
	typeValidator("validate_string", "a string", isString, true)
	def3("validate_bool", -1, true, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("validate_bool(): wrong number of arguments (%d; must be > 0)", len(a))
		}
		for _, arg := range a {
			if !v.Truthy(call3(c, "is_bool", arg)) {
				parseError("%s is not a boolean.  It looks to be a %s", inspect(arg), class(arg))
			}
		}
		return v.Undef
	})
	ipValidator := func(name, what string, ok func(*fn.IPAddr) bool) {
		def3(name, -1, true, func(c fn.Context, a args) v.Value {
			if len(a) == 0 {
				parseError("%s(): wrong number of arguments (%d; must be > 0)", name, len(a))
			}
			for _, arg := range a {
				if !isString(arg) {
					parseError("%s is not a string.", inspect(arg))
				}
				ip := ipAddr(arg)
				if ip == nil || !ok(ip) {
					parseError("%s is not a valid %s.", inspect(arg), what)
				}
			}
			return v.Undef
		})
	}
	ipValidator("validate_ip_address", "IP address", func(*fn.IPAddr) bool { return true })
	ipValidator("validate_ipv4_address", "IPv4 address", func(ip *fn.IPAddr) bool { return !ip.IPv6 })
	ipValidator("validate_ipv6_address", "IPv6 address", func(ip *fn.IPAddr) bool { return ip.IPv6 })
	def3("validate_domain_name", -1, true, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("validate_domain_name(): wrong number of arguments (%d; must be > 0)", len(a))
		}
		for _, arg := range a {
			s, ok := arg.(v.String)
			if !ok {
				parseError("%s is not a string.", inspect(arg))
			}
			if !isDomainName(string(s)) {
				parseError("%s is not a syntactically correct domain name", inspect(arg))
			}
		}
		return v.Undef
	})
	def3("validate_email_address", -1, true, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("validate_email_address(): wrong number of arguments (%d; must be > 0)", len(a))
		}
		for _, arg := range a {
			s, ok := arg.(v.String)
			if !ok {
				parseError("%s is not a string.", inspect(arg))
			}
			if !emailRx.MatchString(string(s)) {
				parseError("%s is not a valid email address", inspect(arg))
			}
		}
		return v.Undef
	})
	def3("validate_integer", -1, true, func(c fn.Context, a args) v.Value {
		validateNumber(a, "validate_integer", true)
		return v.Undef
	})
	def3("validate_numeric", -1, true, func(c fn.Context, a args) v.Value {
		validateNumber(a, "validate_numeric", false)
		return v.Undef
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
	def3("validate_slength", -1, true, func(c fn.Context, a args) v.Value {
		validateSlength(a)
		return v.Undef
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
	def3("validate_x509_rsa_key_pair", -1, true, func(c fn.Context, a args) v.Value {
		validateX509(a)
		return v.Undef
	})

	fn.New("validate_legacy").Module(module).
		D("Type target_type, String function_name, Any value, Any args*", func(c fn.Context, a args, b fn.Block) v.Value {
			return validateLegacy(c, a[0].(v.Type), a[1:])
		}).
		D("String type_string, String function_name, Any value, Any args*", func(c fn.Context, a args, b fn.Block) v.Value {
			text := str(a[0])
			if !v.TypeMapOnly(text) {
				// stdlib hands the scope to the type parser as its loader,
				// which Puppet 7 rejects when a name needs loading
				panic(fn.Errorf("private method `load' called for %s:Puppet::Parser::Scope", fn.ScopeString(c)))
			}
			t, err := v.ParseType(text, nil)
			if err != nil {
				panic(fn.Errorf("%s", err.Error()))
			}
			return validateLegacy(c, t, a[1:])
		}).Register()
}

func isDomainName(d string) bool {
	if d == "." {
		return true
	}
	d = strings.TrimSuffix(d, ".")
	if d == "" || utf8.RuneCountInString(d) > 255 {
		return false
	}
	if strings.Contains(d, ".") && !domainTLDRx.MatchString(d) {
		return false
	}
	labels := strings.Split(d, ".")
	for len(labels) > 0 && labels[len(labels)-1] == "" {
		labels = labels[:len(labels)-1]
	}
	for _, l := range labels {
		n := utf8.RuneCountInString(l)
		if n < 1 || n > 63 || strings.HasSuffix(l, "-") || strings.HasPrefix(l, "-") || !labelRx.MatchString(l) {
			return false
		}
	}
	return true
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

func parseNumber(s string, integer bool) (number, bool) {
	if integer {
		i, ok := fn.RubyInteger(s)
		return number{i: i}, ok
	}
	f, ok := rubyFloatConv(s)
	return number{f: f, isFloat: true}, ok
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

func validateNumber(a args, name string, integer bool) {
	kind, article := "a Numeric", "a Numeric"
	if integer {
		kind, article = "an Integer", "an Integer"
	}
	if len(a) == 0 || len(a) > 3 {
		parseError("%s(): Wrong number of arguments; must be 1, 2 or 3, got %d", name, len(a))
	}
	input := a[0]
	var max, min *number
	if len(a) > 1 {
		ms := fn.RubyToS(a[1])
		if !(len(a) > 2 && ms == "") {
			n, ok := parseNumber(ms, integer)
			if !ok {
				parseError("%s(): Expected second argument to be unset or %s, got %s:%s", name, kind, ms, "String")
			}
			max = &n
		}
	}
	if len(a) > 2 {
		ms := fn.RubyToS(a[2])
		n, ok := parseNumber(ms, integer)
		if !ok {
			parseError("%s(): Expected third argument to be unset or %s, got %s:%s", name, kind, fn.RubyToS(a[2]), class(a[2]))
		}
		min = &n
	}
	if min != nil && max != nil && min.cmp(*max) > 0 {
		parseError("%s(): Expected second argument to be larger than third argument, got %s < %s", name, max, min)
	}
	shown := inspect(input)
	check := func(n number) {
		if max != nil && n.cmp(*max) > 0 {
			parseError("%s(): Expected %s to be smaller or equal to %s, got %s.", name, shown, max, shown)
		}
		if min != nil && n.cmp(*min) < 0 {
			parseError("%s(): Expected %s to be greater or equal to %s, got %s.", name, shown, min, shown)
		}
	}
	switch x := input.(type) {
	case *v.Array:
		for pos, e := range x.Elems() {
			if isHash(e) {
				parseError("%s(): Expected element at array position %d to be %s, got %s", name, pos, article, class(e))
			}
			n, ok := parseNumber(fn.RubyToS(e), integer)
			if !ok {
				parseError("%s(): Expected element at array position %d to be %s, got %s", name, pos, article, class(e))
			}
			check(n)
		}
	case *v.Hash:
		// validate_numeric reports this with validate_integer's name
		parseError("validate_integer(): Expected first argument to be %s or Array, got %s", kind, class(input))
	default:
		n, ok := parseNumber(fn.RubyToS(input), integer)
		if !ok {
			parseError("%s(): Expected first argument to be %s or Array, got %s", name, kind, class(input))
		}
		shown = n.String() // Ruby reassigns input to the converted number
		check(n)
	}
}

func validateSlength(a args) {
	if len(a) != 2 && len(a) != 3 {
		parseError("validate_slength(): Wrong number of arguments (%d; must be 2 or 3)", len(a))
	}
	input := a[0]
	maxLen, ok := slengthInt(a[1])
	if !ok || maxLen <= 0 {
		parseError("validate_slength(): Expected second argument to be a positive Numeric, got %s:%s", fn.RubyToS(a[1]), class(a[1]))
	}
	minLen := int64(0)
	if len(a) > 2 && v.Truthy(a[2]) {
		m, ok := slengthInt(a[2])
		if !ok || m < 0 {
			parseError("validate_slength(): Expected third argument to be unset or a positive Numeric, got %s:%s", fn.RubyToS(a[2]), class(a[2]))
		}
		minLen = m
	}
	if maxLen < minLen {
		parseError("validate_slength(): Expected second argument to be equal to or larger than third argument")
	}
	check := func(s string) {
		n := int64(utf8.RuneCountInString(s))
		if !(n <= maxLen && n >= minLen) {
			parseError("validate_slength(): Expected length of %s to be between %d and %d, was %d", inspect(input), minLen, maxLen, inputLength(input))
		}
	}
	switch x := input.(type) {
	case v.String:
		check(string(x))
	case *v.Array:
		for pos, e := range x.Elems() {
			s, ok := e.(v.String)
			if !ok {
				parseError("validate_slength(): Expected element at array position %d to be a String, got %s", pos, class(e))
			}
			check(string(s))
		}
	default:
		parseError("validate_slength(): Expected first argument to be a String or Array, got %s", class(input))
	}
}

func inputLength(x v.Value) int {
	switch y := x.(type) {
	case v.String:
		return utf8.RuneCountInString(string(y))
	case *v.Array:
		return y.Len()
	}
	return 0
}

// slengthInt is Kernel#Integer(x) for validate_slength (numbers and
// strings; floats truncate).
func slengthInt(x v.Value) (int64, bool) {
	switch y := x.(type) {
	case v.Int:
		return int64(y), true
	case v.Float:
		return int64(y), true
	case v.String:
		n, ok := fn.RubyInteger(string(y))
		if !ok || !n.IsInt64() {
			return 0, false
		}
		return n.Int64(), true
	}
	return 0, false
}

func validateLegacy(c fn.Context, t v.Type, a args) v.Value {
	funcName, value, prev := str(a[0]), a[1], a[2:]
	previous := func() (ok bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, isErr := r.(error); isErr {
					ok = false
					return
				}
				panic(r)
			}
		}()
		call3(c, funcName, append([]v.Value{value}, prev...)...)
		return true
	}
	if v.IsInstance(t, value) {
		if !previous() {
			c.Log("notice", "Accepting previously invalid value for target type '"+v.TypeString(t)+"'")
		}
		return v.Undef
	}
	msg := v.DescribeMismatch("validate_legacy("+funcName+")", t, v.InferSet(value))
	if previous() {
		deprecation(c, "validate_legacy", msg)
	} else {
		panic(fn.Errorf("%s", msg))
	}
	return v.Undef
}
