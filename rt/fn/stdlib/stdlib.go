// Package stdlib implements the functions of puppetlabs-stdlib 8.5.0 (the
// version Debian 12 ships) whose Ruby pp2go does not translate yet (each
// has its reason in ruby.sha256): some of its 4.x functions
// (lib/puppet/functions) and 3.x functions (lib/puppet/parser/functions).
// stdlib's other functions are translated from their Ruby
// (codegen/rubyfn). It registers them from init; generated code imports it
// when the environment has the stdlib module.
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

func str(x v.Value) string {
	if s, ok := x.(v.String); ok {
		return string(s)
	}
	return fn.RubyToS(x)
}

func inspect(x v.Value) string { return fn.RubyInspect(x) }

func class(x v.Value) string { return fn.RubyClass(x) }

func argOr(a args, i int) v.Value {
	if i < len(a) {
		return a[i]
	}
	return v.Undef
}

func init() {
	// the 4.x shims stdlib 8.5 puts in front of the 3.x functions ported here
	shim("is_absolute_path", "is_absolute_path", "This method is deprecated, please use match expressions with Stdlib::Compat::Absolute_Path instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions.")
}

// joinStrings joins Ruby to_s of values.
func joinStrings(vals []v.Value, sep string) string {
	parts := make([]string, len(vals))
	for i, x := range vals {
		parts[i] = fn.RubyToS(x)
	}
	return strings.Join(parts, sep)
}
