package rubyfn

import (
	"strings"

	"github.com/pp2go/pp2go/frontend/erb"
)

// isScopeCall reports whether d is the `call` override functions written
// for Puppet < 4.1 use to receive the calling scope (PUP-4438; stdlib's
// validate_legacy):
//
//	def call(scope, *args)
//	  manipulated_args = [scope] + args
//	  self.class.dispatcher.dispatch(self, scope, manipulated_args)
//	end
//
// (or with [scope] + args inline): the dispatches then see the scope as
// their first argument, before the caller's.
func isScopeCall(d *erb.Def) bool {
	if d.Singleton || d.Name != "call" || len(d.Params) != 2 ||
		d.Params[0].Kind != erb.ParamReq || d.Params[1].Kind != erb.ParamRest || d.Body == nil ||
		len(d.Body.Rescues) > 0 || len(d.Body.Else) > 0 || len(d.Body.Ensure) > 0 {
		return false
	}
	scope, rest := d.Params[0].Name, d.Params[1].Name
	body := d.Body.Body
	// [scope] + args
	isArgs := func(n erb.Node) bool {
		b, ok := n.(*erb.Binary)
		if !ok || b.Op != "+" {
			return false
		}
		a, ok := b.L.(*erb.Array)
		return ok && len(a.Elems) == 1 && isLVar(a.Elems[0], scope) && isLVar(b.R, rest)
	}
	var last erb.Node
	switch len(body) {
	case 1:
		last = body[0]
	case 2:
		a, ok := body[0].(*erb.Assign)
		if !ok {
			return false
		}
		tg, ok := a.Target.(*erb.LVarTarget)
		if !ok || !isArgs(a.Value) {
			return false
		}
		last = body[1]
		isArgs = func(n erb.Node) bool { return isLVar(n, tg.Name) }
	default:
		return false
	}
	// self.class.dispatcher.dispatch(self, scope, args)
	c, ok := last.(*erb.Call)
	if !ok || c.Name != "dispatch" || c.Block != nil || len(c.Args) != 3 {
		return false
	}
	disp, ok := c.Recv.(*erb.Call)
	if !ok || disp.Name != "dispatcher" || len(disp.Args) != 0 {
		return false
	}
	cls, ok := disp.Recv.(*erb.Call)
	if !ok || cls.Name != "class" || len(cls.Args) != 0 {
		return false
	}
	if _, ok := cls.Recv.(*erb.Self); !ok {
		return false
	}
	_, self := c.Args[0].(*erb.Self)
	return self && isLVar(c.Args[1], scope) && isArgs(c.Args[2])
}

func isLVar(n erb.Node, name string) bool {
	v, ok := n.(*erb.LVar)
	return ok && v.Name == name
}

// scopeFirst makes each dispatch receive the calling scope as its first
// argument (isScopeCall): the first parameter, which the scope fills, is
// not one a caller gives, but Puppet counts it in the dispatches' arity
// (fn.Func.ScopeArg).
func (r *reader) scopeFirst(x *erb.Call) {
	r.f.ScopeArg = true
	for i := range r.f.Dispatches {
		d := &r.f.Dispatches[i]
		if len(d.parts) == 0 || d.Scope || d.Mismatch {
			r.fail(x, "a `call' that passes the scope, with a dispatch that has no parameter for it")
		}
		first := d.parts[0]
		if last := first[len(first)-1]; last == '?' || last == '*' || last == '+' {
			r.fail(x, "a `call' that passes the scope, with a dispatch whose first parameter is not required")
		}
	}
}

func joinParts(parts []string) string { return strings.Join(parts, ", ") }
