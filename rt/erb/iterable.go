package erb

// Puppet::Pops::Types::Iterable, as module Ruby uses it (stdlib 9's merge
// and sort_by): asserted_iterable gives what Puppet's Iterable yields,
// which Ruby's own collections yield alike, and hash_style? tells a Hash's
// pairs from other elements.

func init() {
	plain([]plainMethod{
		{"hash_style?", (*R).HashStyleQ},
	})
}

// PuppetAssertedIterable is Iterable.asserted_iterable(caller, obj): a
// String's characters, an Array's elements, a Hash's [key, value] pairs
// (the Hash itself, whose each and sort_by yield them), a positive
// Integer's 0..n-1; ArgumentError for another value, as Puppet's.
func (r *R) PuppetAssertedIterable(caller, obj Value) Value {
	switch x := obj.(type) {
	case *Array, *Hash:
		return x
	case *Str:
		return r.Chars(x)
	case int64:
		out := &Array{A: []Value{}}
		for i := int64(0); i < x; i++ {
			out.A = append(out.A, i)
		}
		return out
	}
	argError("%s(): wrong argument type (%s; is not Iterable.", classOf(caller).Name, classOf(obj).Name)
	return nil
}

// HashStyleQ is Iterable#hash_style?: whether the iterable yields a Hash's
// pairs (on the values PuppetAssertedIterable gives).
func (r *R) HashStyleQ(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	switch recv.(type) {
	case *Hash:
		return true
	case *Array:
		return false
	}
	noMethod("hash_style?", recv)
	return nil
}
