// Package typecheck checks a loaded Puppet environment before code is
// generated for it (package resolve): every class, resource type,
// attribute, function, type alias and variable is bound or reported, and
// parameter values and defaults, and the arguments of function calls, are
// checked against the declared types the build knows when they are literal
// (package static writes literal expressions back as text for rt/values'
// parsers) or of a type it infers. Its side tables tell the code generator
// what each call and type reference resolved to, and the types of call
// arguments, which bind calls to a dispatch.
package typecheck

import (
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// Result holds the diagnostics (the loader's, for the files checked,
// included) and the side tables: Calls (call -> function), Types (type
// reference -> what it names) and ArgTypes (argument -> its type).
type Result = resolve.Result

// Check checks the environment's code as `pp2go check --puppet N` does by
// default, for Puppet N (7 or 8; 0 is 7), in its wording, without a global
// Hiera layer.
func Check(e *env.Env, puppet int) *Result {
	return resolve.Check(e, resolve.Options{Puppet: puppet})
}

// CheckWith checks the environment's code with these options.
func CheckWith(e *env.Env, opts resolve.Options) *Result { return resolve.Check(e, opts) }
