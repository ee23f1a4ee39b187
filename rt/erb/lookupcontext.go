package erb

import (
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// The members of a Puppet value whose type has functions of its own
// (fn.Members: Puppet::LookupContext, which a Hiera backend function
// written in Ruby gets), as Ruby methods: context.not_found,
// context.cache(key, value), context.explain { ... }.

func init() {
	withBlock([]blockMethod{
		{"environment_name", (*R).EnvironmentName},
		{"module_name", (*R).ModuleName},
		{"not_found", (*R).NotFound},
		{"explain", (*R).Explain},
		{"interpolate", (*R).Interpolate},
		{"cache", (*R).Cache},
		{"cache_all", (*R).CacheAll},
		{"cache_has_key", (*R).CacheHasKey},
		{"cached_value", (*R).CachedValue},
		{"cached_entries", (*R).CachedEntries},
		{"cached_file_data", (*R).CachedFileData},
	})
}

// member calls the member name of recv, a Puppet value that has it, with
// its arguments and block converted; else raises NoMethodError.
func (r *R) member(name string, recv Value, b *Block, args []Value) Value {
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

func (r *R) EnvironmentName(recv Value, b *Block, args ...Value) Value {
	return r.member("environment_name", recv, b, args)
}
func (r *R) ModuleName(recv Value, b *Block, args ...Value) Value {
	return r.member("module_name", recv, b, args)
}
func (r *R) NotFound(recv Value, b *Block, args ...Value) Value {
	return r.member("not_found", recv, b, args)
}
func (r *R) Explain(recv Value, b *Block, args ...Value) Value {
	return r.member("explain", recv, b, args)
}
func (r *R) Interpolate(recv Value, b *Block, args ...Value) Value {
	return r.member("interpolate", recv, b, args)
}
func (r *R) Cache(recv Value, b *Block, args ...Value) Value {
	return r.member("cache", recv, b, args)
}
func (r *R) CacheAll(recv Value, b *Block, args ...Value) Value {
	return r.member("cache_all", recv, b, args)
}
func (r *R) CacheHasKey(recv Value, b *Block, args ...Value) Value {
	return r.member("cache_has_key", recv, b, args)
}
func (r *R) CachedValue(recv Value, b *Block, args ...Value) Value {
	return r.member("cached_value", recv, b, args)
}
func (r *R) CachedEntries(recv Value, b *Block, args ...Value) Value {
	return r.member("cached_entries", recv, b, args)
}
func (r *R) CachedFileData(recv Value, b *Block, args ...Value) Value {
	return r.member("cached_file_data", recv, b, args)
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
