package erb

// Puppet::Pops::Types::Iterable, as module Ruby uses it (stdlib 9's merge
// and sort_by): asserted_iterable gives what Puppet's Iterable yields,
// which Ruby's own collections yield alike, hash_style? tells a Hash's
// pairs from other elements, and next iterates it from outside (as
// merge's `loop do ... enum.next ... end` does), to StopIteration.

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
	var it Value
	switch x := obj.(type) {
	case *Array, *Hash:
		it = x
	case *Str:
		it = r.Chars(x)
	case int64:
		out := &Array{A: []Value{}}
		for i := int64(0); i < x; i++ {
			out.A = append(out.A, i)
		}
		it = out
	default:
		argError("%s(): wrong argument type (%s; is not Iterable.", classOf(caller).Name, classOf(obj).Name)
	}
	x := r.rareState()
	if x.iterables == nil {
		x.iterables = map[Value]int{}
	}
	x.iterables[it] = 0 // a new Iterable: next starts over
	return it
}

// iterableNext is Iterable#next on an iterable PuppetAssertedIterable
// gave: its next element (a Hash's next [key, value] pair), StopIteration
// past the last; false for a value that is no such iterable.
func (r *R) iterableNext(recv Value) (Value, bool) {
	if r.rare == nil {
		return nil, false
	}
	i, ok := r.rare.iterables[recv]
	if !ok {
		return nil, false
	}
	var n int
	switch x := recv.(type) {
	case *Array:
		n = len(x.A)
	case *Hash:
		n = x.Len()
	}
	if i >= n {
		raise(ClassStopIteration, "iteration reached an end")
	}
	r.rare.iterables[recv] = i + 1
	if h, ok := recv.(*Hash); ok {
		return &Array{A: []Value{h.Keys()[i], h.Values()[i]}}, true
	}
	return recv.(*Array).A[i], true
}

// Loop is Kernel#loop: the block again and again until it raises
// StopIteration, which ends the loop with nil (the exception's result,
// nil for a StopIteration raised without one).
func (r *R) Loop(b *Block) Value {
	return r.Rescue(func() Value {
		for {
			b.Call()
		}
	}, []Value{ClassStopIteration}, func(Value) Value { return nil })
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
