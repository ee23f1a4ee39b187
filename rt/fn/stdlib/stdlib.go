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
// it).
package stdlib

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "stdlib"

type args = []v.Value

// func3 is the body of a 3.x function.
type func3 func(c fn.Context, a args) v.Value

// def3 registers a 3.x function (rvalue unless statement).
func def3(name string, arity int, statement bool, f func3) {
	fr := fn.New3(name, arity, func(c fn.Context, a args, b fn.Block) v.Value { return f(c, a) })
	fr.Module = module
	fr.Statement = statement
	fn.Register(fr)
}

// parseError is a Puppet::ParseError raised by a function.
func parseError(format string, a ...any) { panic(fn.Errorf(format, a...)) }
