// Package rubyfn runs the Ruby functions of modules that codegen
// translated to Go (codegen/rubyfn): it adapts a translated file's
// methods, written against the ERB runtime (rt/erb), to rt/fn's dispatch
// model. Arguments become Ruby values as Puppet gives them to Ruby, the
// result becomes a Puppet value, and a Ruby exception becomes the
// function's failure with its message (a failing Puppet function called
// from Ruby fails with its own error).
package rubyfn

import (
	"errors"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Methods is a translated function file: it runs method with arguments a
// in scope s.
type Methods func(s erb.Scope, method string, a []erb.Value) erb.Value

// Impl is the implementation of a 4.x dispatch to method.
func Impl(m Methods, method string) fn.Impl {
	return func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		a := make([]erb.Value, len(args))
		for i, v := range args {
			a[i] = erb.FromPuppet(v)
		}
		return run(c, m, method, a)
	}
}

// ImplScope is the implementation of an InternalFunction's dispatch with
// scope_param: method receives the calling scope before the arguments.
func ImplScope(m Methods, method string) fn.Impl {
	return func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		a := make([]erb.Value, 0, len(args)+1)
		a = append(a, erb.ScopeValue())
		for _, v := range args {
			a = append(a, erb.FromPuppet(v))
		}
		return run(c, m, method, a)
	}
}

// Impl3 is the implementation of a 3.x function whose block is method: it
// receives the arguments as one Array.
func Impl3(m Methods, method string) fn.Impl {
	return func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		a := make([]erb.Value, len(args))
		for i, v := range args {
			a[i] = erb.FromPuppet(v)
		}
		return run(c, m, method, []erb.Value{erb.NewArray(a...)})
	}
}

func run(c fn.Context, m Methods, method string, a []erb.Value) values.Value {
	defer func() {
		if p := recover(); p != nil {
			if re, ok := p.(*erb.RubyError); ok {
				var pe *values.Error
				if re.Cause != nil && errors.As(re.Cause, &pe) {
					panic(re.Cause)
				}
				panic(fn.Errorf("%s", re.Msg))
			}
			panic(p)
		}
	}()
	return erb.ToPuppet(m(scope{c}, method, a))
}

// scope is what translated Ruby sees of the calling scope.
type scope struct{ c fn.Context }

func (s scope) LookupVar(name string) (values.Value, bool) { return s.c.LookupVar(name) }

func (s scope) Vars() *values.Hash { return values.NewHash() }

func (s scope) Call(name string, args []values.Value) values.Value {
	return s.c.Call(name, args, nil)
}

// Register3 registers a translated 3.x function of module: arity as
// newfunction's, m's method running its block; a function that is not an
// rvalue returns undef whatever its block returns.
func Register3(name, module string, arity int, rvalue bool, m Methods, method string) {
	impl := Impl3(m, method)
	if !rvalue {
		run := impl
		impl = func(c fn.Context, args []values.Value, b fn.Block) values.Value {
			run(c, args, b)
			return values.Undef
		}
	}
	f := fn.New3(name, arity, impl)
	f.Module = module
	fn.Register(f)
}

func (s scope) Log(level, msg string) { s.c.Log(level, msg) }

func (s scope) Warn(msg string) { s.c.Warn(msg) }
