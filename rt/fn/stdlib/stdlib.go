// Package stdlib implements the functions of puppetlabs-stdlib 8.5.0 (the
// version Debian ships): its 4.x functions (lib/puppet/functions) and its
// 3.x functions (lib/puppet/parser/functions), including the deprecated
// is_* and validate_* families. Functions that Puppet's core also defines
// are not repeated here: core shadows stdlib (rt/fn/core). It registers
// them from init; generated code imports it when the environment has the
// stdlib module.
//
// A stdlib 3.x function is written as a func3: it receives the arguments
// as Ruby would (3.x conversions already applied when Puppet code calls
// it), and other stdlib functions call it directly, as Ruby code calls
// scope.function_x(...) (without conversions). The 4.x shims that stdlib
// puts in front of many 3.x functions (is_array, validate_string, ...)
// log a deprecation and pass their arguments unconverted.
package stdlib

import (
	"fmt"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "stdlib"

type args = []v.Value

// func3 is the body of a 3.x function.
type func3 func(c fn.Context, a args) v.Value

var funcs3 = map[string]func3{}

// def3 registers a 3.x function (rvalue unless statement).
func def3(name string, arity int, statement bool, f func3) {
	funcs3[name] = f
	fr := fn.New3(name, arity, func(c fn.Context, a args, b fn.Block) v.Value { return f(c, a) })
	fr.Module = module
	fr.Statement = statement
	fn.Register(fr)
}

// call3 is scope.function_<name>(args): a direct call of a 3.x function.
func call3(c fn.Context, name string, a ...v.Value) v.Value {
	if f, ok := funcs3[name]; ok {
		r := f(c, a)
		if r == nil {
			return v.Undef
		}
		return r
	}
	return c.Call(name, a, nil)
}

// shims are the 4.x functions stdlib puts in front of 3.x functions: each
// calls deprecation(key, message) and then the 3.x function with the
// arguments as given.
func shim(name, key, message string) {
	fn.New(name).Module(module).
		D("Any args*", func(c fn.Context, a args, b fn.Block) v.Value {
			deprecation(c, key, message)
			return call3(c, name, a...)
		}).Register()
}

func strictMode(c fn.Context) string { return fn.StrictMode(c) }

// deprecation is stdlib's 4.x deprecation(key, message).
func deprecation(c fn.Context, key, message string) {
	message = deprecationMessage(c, message)
	switch strictMode(c) {
	case "off":
	case "error":
		panic(fn.Errorf("deprecation. %s. %s", key, message))
	default:
		fn.WarnOnce(c, "deprecation|"+key, message)
	}
}

// deprecationWarning is deprecation(key, message, false): the warning,
// whatever the strict setting.
func deprecationWarning(c fn.Context, key, message string) {
	fn.WarnOnce(c, "deprecation|"+key, deprecationMessage(c, message))
}

// deprecationMessage is the message with the Puppet stack's first two
// entries, as stdlib's deprecation appends them.
func deprecationMessage(c fn.Context, message string) string {
	st := fn.Stacktrace(c)
	var file, line string
	if len(st) > 0 {
		file = frameInspect(st[0])
	}
	if len(st) > 1 {
		line = frameInspect(st[1])
	}
	return message + " at " + file + ":" + line
}

// frameInspect is Ruby's to_s of a [file, line] stack entry.
func frameInspect(f fn.Frame) string {
	return fmt.Sprintf("[%s, %d]", fn.RubyStringInspect(f.File), f.Line)
}

// parseError is a Puppet::ParseError raised by a function.
func parseError(format string, a ...any) { panic(fn.Errorf(format, a...)) }

func isString(x v.Value) bool { _, ok := x.(v.String); return ok }

func isArray(x v.Value) bool { _, ok := x.(*v.Array); return ok }

func isHash(x v.Value) bool { _, ok := x.(*v.Hash); return ok }

func str(x v.Value) string {
	if s, ok := x.(v.String); ok {
		return string(s)
	}
	return fn.RubyToS(x)
}

// nilish is Ruby's x.nil? for a 3.x argument (undef, or :undef).
func nilish(x v.Value) bool { return v.IsUndef(x) }

func inspect(x v.Value) string { return fn.RubyInspect(x) }

func class(x v.Value) string { return fn.RubyClass(x) }

func argOr(a args, i int) v.Value {
	if i < len(a) {
		return a[i]
	}
	return v.Undef
}

func init() {
	fn.New("deprecation").Module(module).
		D("String key, String message, Boolean use_strict_setting?", func(c fn.Context, a args, b fn.Block) v.Value {
			// use_strict_setting is stdlib 9's (Debian 13): false logs the
			// warning whatever the strict setting
			if len(a) > 2 && a[2] == v.Bool(false) {
				deprecationWarning(c, str(a[0]), str(a[1]))
				return v.Undef
			}
			deprecation(c, str(a[0]), str(a[1]))
			return v.Undef
		}).Register()

	const compat = "This method is deprecated, please use match expressions with Stdlib::Compat::%s instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."
	for _, s := range [][3]string{
		{"is_absolute_path", "is_absolute_path", "Absolute_Path"},
		{"is_array", "is_array", "Array"},
		{"is_bool", "is_bool", "Bool"},
		{"is_float", "is_float", "Float"},
		{"is_ip_address", "is_ip_address", "Ip_address"},
		{"is_ipv4_address", "is_ipv4_address", "Ipv4"},
		{"is_ipv6_address", "is_ipv4_address", "Ipv6"},
		{"is_numeric", "is_numeric", "Numeric"},
		{"is_string", "is_string", "String"},
	} {
		shim(s[0], s[1], fmt.Sprintf(compat, s[2]))
	}
	const legacy = "This method is deprecated, please use the stdlib validate_legacy function,\n                    with %s. There is further documentation for validate_legacy function in the README."
	for _, s := range [][2]string{
		{"validate_absolute_path", "Stdlib::Compat::Absolute_Path"},
		{"validate_array", "Stdlib::Compat::Array"},
		{"validate_bool", "Stdlib::Compat::Bool"},
		{"validate_hash", "Stdlib::Compat::Hash"},
		{"validate_integer", "Stdlib::Compat::Integer"},
		{"validate_ip_address", "Stdlib::Compat::Ip_Address"},
		{"validate_ipv4_address", "Stdlib::Compat::Ipv4_Address"},
		{"validate_ipv6_address", "Stdlib::Compat::Ipv6_address"},
		{"validate_numeric", "Stdlib::Compat::Numeric"},
		{"validate_re", "Pattern[]"},
		{"validate_slength", "String[]"},
		{"validate_string", "Stdlib::Compat::String"},
	} {
		shim(s[0], s[0], fmt.Sprintf(legacy, s[1]))
	}
}

// joinStrings joins Ruby to_s of values.
func joinStrings(vals []v.Value, sep string) string {
	parts := make([]string, len(vals))
	for i, x := range vals {
		parts[i] = fn.RubyToS(x)
	}
	return strings.Join(parts, sep)
}
