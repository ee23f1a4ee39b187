package erb

import "github.com/pp2go/pp2go/rt/values"

// CallFunctionArgs is a 4.x function's call_function(name, *args): the
// arguments are given one by one (a template's scope.call_function takes
// them as one array).
func (r *R) CallFunctionArgs(args ...Value) Value {
	arity(args, 1, -1)
	return r.callPuppet(ToS(args[0]), args[1:])
}

// hashBrackets is Hash[...]: a copy of one Hash, the pairs of one Array
// of pairs, or keys and values alternating.
func (r *R) hashBrackets(args []Value) Value {
	if len(args) == 1 {
		switch x := args[0].(type) {
		case *Hash:
			return r.ToH(r.ToA(x), nil)
		case *Array:
			return r.ToH(x, nil)
		}
	}
	if len(args)%2 != 0 {
		argError("odd number of arguments for Hash")
	}
	h := NewHash()
	for i := 0; i < len(args); i += 2 {
		h.Set(args[i], args[i+1])
	}
	return h
}

// Destructure spreads v over n targets of a multiple assignment: an Array
// gives its elements (nil for the missing ones), another value itself and
// nils. The target at splat (-1: none) takes an Array of what the others
// leave.
func Destructure(v Value, n, splat int) []Value {
	var el []Value
	if a, ok := v.(*Array); ok {
		el = a.A
	} else {
		el = []Value{v}
	}
	out := make([]Value, n)
	if splat < 0 {
		copy(out, el)
		return out
	}
	after := n - splat - 1
	copy(out[:splat], el)
	mid := []Value{}
	if len(el) > splat+after {
		mid = append(mid, el[splat:len(el)-after]...)
	}
	out[splat] = &Array{A: mid}
	for i := 0; i < after; i++ {
		j := len(el) - after + i
		if j >= splat && j < len(el) {
			out[splat+1+i] = el[j]
		}
	}
	return out
}

// Rest is what a method's *rest parameter at index i takes of its
// arguments (none when optional parameters before it took them all).
func Rest(args []Value, i int) []Value {
	if i >= len(args) {
		return nil
	}
	return args[i:]
}

// Logger is an optional extension of Scope for translated functions:
// Puppet's log (Puppet.warning(msg) is Warn, the other levels Log).
type Logger interface {
	Log(level, msg string)
	Warn(msg string)
}

// PuppetLog is Puppet.warning(msg), Puppet.debug(msg), ...: the message
// goes to Puppet's log when the scope has one.
func (r *R) PuppetLog(level string, args ...Value) Value {
	arity(args, 1, 1)
	if l, ok := r.scope.(Logger); ok {
		msg := ToS(args[0])
		if level == "warning" {
			l.Warn(msg)
		} else {
			l.Log(level, msg)
		}
	}
	return nil
}

// Gettext is Puppet's _(text): the text (pp2go has no translations).
func (r *R) Gettext(text Value) Value { return text }

// ScopeValue is the calling scope an InternalFunction's method receives
// first (scope_param): a value whose call_function and lookupvar are the
// scope's.
func ScopeValue() Value { return &scopeObject{} }

// SendCallFunction is recv.call_function(name, args): Scope#call_function
// (the arguments as one Array) when recv is the scope, NoMethodError
// otherwise.
func (r *R) SendCallFunction(recv Value, args ...Value) Value {
	if _, ok := recv.(*scopeObject); ok {
		return r.CallFunction(args...)
	}
	return r.NoMethod(recv, "call_function", args...)
}

// Caller3x is implemented by scopes whose 3.x calls (scope.function_x)
// resolve as Puppet's 3.x registry does: a module's 3.x function replaces
// core's 3.x stub of the same name, which Puppet code does not see.
type Caller3x interface {
	Call3x(name string, args []values.Value) values.Value
}

// callPuppet3x is a 3.x call of the Puppet function name.
func (r *R) callPuppet3x(name string, args []Value) Value {
	c, ok := r.scope.(Caller3x)
	if !ok {
		return r.callPuppet(name, args)
	}
	pargs := puppetArgs(args)
	return r.puppetResult(name, func() values.Value { return c.Call3x(name, pargs) })
}
