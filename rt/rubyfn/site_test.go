package rubyfn

import (
	"fmt"
	"testing"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// callCtx is a compile's context whose functions, called by name (as
// Puppet code finds them), say which they are.
type callCtx struct {
	framesCtx
	called []string
}

func (c *callCtx) Call(name string, args []values.Value, _ fn.Block) values.Value {
	c.called = append(c.called, name)
	return values.String("context's " + name)
}

// TestFunctionAtBound: translated Ruby's scope.function_x at a call site
// that binds the name (erb.Site3x, FunctionAt) runs what the call by the
// name runs (Function): a translated 3.x function with the Ruby
// arguments as they are, a module's 3.x function that a core function
// shadows for Puppet code itself, any other function as Puppet code
// finds it by its name; and a function registered under the name since
// the site bound it, once it is registered.
func TestFunctionAtBound(t *testing.T) {
	ruby := Methods(func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		erb.NewCall(s)
		return erb.S(method + " got " + erb.Inspect(a[0]))
	})
	fn.Register(new3("rubyfn_test_site_ruby", "m", -1, true, ruby, "first", false))
	// a core function, and the module's 3.x function it shadows
	fn.Register(fn.New3("rubyfn_test_site_shadowed", -1, func(fn.Context, []values.Value, fn.Block) values.Value {
		return values.String("core's")
	}))
	mod := fn.New3("rubyfn_test_site_shadowed", -1, func(fn.Context, []values.Value, fn.Block) values.Value {
		return values.String("the module's")
	})
	mod.Module = "m"
	fn.Register(mod)

	fn.Declare3x("rubyfn_test_site_other") // a 3.x function the context calls
	sites := map[string]*erb.Site3x{}
	for _, name := range []string{"rubyfn_test_site_ruby", "rubyfn_test_site_shadowed", "rubyfn_test_site_other"} {
		sites[name] = &erb.Site3x{Name: name}
	}
	// the function file: method "at" calls a[0] at its site, "named" by
	// its name, each with the arguments 1, "x"
	file := Methods(func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		r := erb.NewCall(s)
		name := erb.ToS(a[0].(*erb.Array).A[0])
		args := erb.NewArray(int64(1), erb.S("x"))
		if method == "at" {
			return r.FunctionAt(sites[name], args)
		}
		return r.Function(name, args)
	})
	c := &callCtx{}
	call := func(method, name string) values.Value {
		return impl3(file, method, true)(c, []values.Value{values.String(name)}, nil)
	}
	for name, want := range map[string]string{
		"rubyfn_test_site_ruby":     `first got [1, "x"]`,
		"rubyfn_test_site_shadowed": "the module's",
		"rubyfn_test_site_other":    "context's rubyfn_test_site_other",
	} {
		for _, method := range []string{"named", "at", "at"} {
			if got := values.ToString(call(method, name)); got != want {
				t.Errorf("%s of %s: %q, want %q", method, name, got, want)
			}
		}
	}
	if want := []string{"rubyfn_test_site_other", "rubyfn_test_site_other", "rubyfn_test_site_other"}; fmt.Sprint(c.called) != fmt.Sprint(want) {
		t.Errorf("the context's functions called: %v, want %v", c.called, want)
	}
	fn.Register(new3("rubyfn_test_site_ruby", "m", -1, true, ruby, "second", false))
	if got, want := values.ToString(call("at", "rubyfn_test_site_ruby")), `second got [1, "x"]`; got != want {
		t.Errorf("after a registration of the name: %q, want %q", got, want)
	}
}
