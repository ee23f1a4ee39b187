package rt

import (
	"fmt"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestComputedSignatureTypes checks when parameter types computed at run
// time are evaluated (case computed_fn_param_types, from Puppet): a
// lambda's as the lambda is made, in its scope; a Puppet function's once
// per compilation, at its first call, in the top scope.
func TestComputedSignatureTypes(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	c.top = newScope(c, nil, nil, nil)
	node := newScope(c, c.top, &NodeDef{}, &Resource{Type: "Node", Title: "n"})
	set := func(s *Scope, name string, v int) { s.effectiveTable().set(name, values.Int(v)) }
	sig := &Signature{Params: []LambdaParam{{Name: "x", TypeExpr: func(s *Scope) values.Value {
		v, _ := s.LookupVar("m")
		return values.NewIntegerType(0, int64(v.(values.Int)))
	}}}}
	failure := func(f func()) (msg string) {
		defer func() {
			if r := recover(); r != nil {
				msg = fmt.Sprint(r)
			}
		}()
		f()
		return ""
	}
	body := func(s *Scope) values.Value { return values.Undef }

	set(c.top, "m", 3)
	set(node, "m", 5)
	l := node.Lambda(sig, body)
	set(node, "m", 1) // after the lambda was made
	if msg := failure(func() { l.Call(values.Int(5)) }); msg != "" {
		t.Errorf("lambda made with $m = 5: %s", msg)
	}
	want := "block parameter 'x' expects an Integer[0, 5] value, got Integer[6, 6]"
	if msg := failure(func() { l.Call(values.Int(6)) }); msg != want {
		t.Errorf("lambda: got %q, want %q", msg, want)
	}
	if got := values.ToString(l.CallableType()); got != "Callable[Integer[0, 5]]" {
		t.Errorf("lambda's type: %s", got)
	}

	want = "'f' parameter 'x' expects an Integer[0, 3] value, got Integer[4, 4]"
	if msg := failure(func() { node.c.computedSig("f", sig, []values.Value{values.Int(4)}) }); msg != want {
		t.Errorf("function: got %q, want %q", msg, want)
	}
	set(c.top, "m", 10) // the function's types were evaluated at its first call
	if msg := failure(func() { node.c.computedSig("f", sig, []values.Value{values.Int(4)}) }); msg != want {
		t.Errorf("function, second call: got %q, want %q", msg, want)
	}
	if msg := failure(func() { node.c.computedSig("f", sig, []values.Value{values.Int(3)}) }); msg != "" {
		t.Errorf("function: %s", msg)
	}
}
