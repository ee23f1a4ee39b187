package erb

import (
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// The members of a Puppet value whose type has functions of its own
// (fn.Members: Puppet::LookupContext, which a Hiera backend function
// written in Ruby gets) are its Ruby methods: context.not_found,
// context.cache(key, value), context.explain { ... }.

// Member is recv.name(args) { block } where name is a member of a Puppet
// value's type (fn.Members): the member called with its arguments and
// block converted when recv has it; else NoMethodError.
func (r *R) Member(recv Value, name string, b *Block, args ...Value) Value {
	if o, ok := recv.(*Object); ok {
		if m, ok := o.V.(fn.Members); ok {
			pargs := make([]values.Value, len(args))
			for i, a := range args {
				pargs[i] = ToPuppet(a)
			}
			var lambda fn.Block
			if b != nil {
				lambda = PuppetLambda(b)
			}
			if v, ok := m.CallMember(nil, name, pargs, lambda); ok {
				return FromPuppet(v)
			}
		}
	}
	return r.NoMethod(recv, name, args...)
}

// PuppetLambda is a Ruby block as the lambda of a Puppet function: its
// parameters of any type, its arguments and result converted.
func PuppetLambda(b *Block) fn.Block { return rubyLambda{b: b} }

type rubyLambda struct {
	values.External
	b *Block
}

func (l rubyLambda) Call(args ...values.Value) values.Value {
	a := make([]Value, len(args))
	for i, v := range args {
		a[i] = FromPuppet(v)
	}
	return ToPuppet(l.b.Call(a...))
}

func (l rubyLambda) CallableType() *values.CallableType {
	params := make([]values.Type, l.b.Arity())
	for i := range params {
		params[i] = values.AnyT
	}
	return values.NewCallableType(values.NewTupleType(params, nil), nil, nil)
}
