package core

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// The iteration functions (functions/each.rb, map.rb, ...). A break() in
// the lambda stops those that Puppet stops (they rescue StopIteration);
// the others let it propagate, as Puppet's do.

type args = []v.Value

func pair(k, val v.Value) v.Value { return v.NewArray(k, val) }

func hashEach(h *v.Hash, f func(k, val v.Value) bool) {
	for i := 0; i < h.Len(); i++ {
		if !f(h.KeyAt(i), h.ValueAt(i)) {
			return
		}
	}
}

func init() {
	fn.New("each").
		D("Hash[Any, Any] hash, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			fn.CatchBreak(func() { hashEach(a[0].(*v.Hash), func(k, val v.Value) bool { b.Call(k, val); return true }) })
			return a[0]
		}).
		D("Hash[Any, Any] hash, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			fn.CatchBreak(func() { hashEach(a[0].(*v.Hash), func(k, val v.Value) bool { b.Call(pair(k, val)); return true }) })
			return a[0]
		}).
		D("Iterable enumerable, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			i := 0
			fn.CatchBreak(func() {
				fn.Iterate("each", a[0], func(e v.Value) bool { b.Call(v.Int(i), e); i++; return true })
			})
			return a[0]
		}).
		D("Iterable enumerable, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			fn.CatchBreak(func() { fn.Iterate("each", a[0], func(e v.Value) bool { b.Call(e); return true }) })
			return a[0]
		}).Register()

	fn.New("map").
		D("Hash[Any, Any] hash, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			out := make([]v.Value, 0, h.Len())
			fn.CatchBreak(func() { hashEach(h, func(k, val v.Value) bool { out = append(out, b.Call(k, val)); return true }) })
			return v.NewArray(out...)
		}).
		D("Hash[Any, Any] hash, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			out := make([]v.Value, 0, h.Len())
			fn.CatchBreak(func() {
				hashEach(h, func(k, val v.Value) bool { out = append(out, b.Call(pair(k, val))); return true })
			})
			return v.NewArray(out...)
		}).
		D("Iterable enumerable, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var out []v.Value
			i := 0
			fn.CatchBreak(func() {
				fn.Iterate("map", a[0], func(e v.Value) bool { out = append(out, b.Call(v.Int(i), e)); i++; return true })
			})
			return v.NewArray(out...)
		}).
		D("Iterable enumerable, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var out []v.Value
			fn.CatchBreak(func() {
				fn.Iterate("map", a[0], func(e v.Value) bool { out = append(out, b.Call(e)); return true })
			})
			return v.NewArray(out...)
		}).Register()

	// filter on a hash does not stop on break (Hash#select does not rescue
	// StopIteration): the break goes on to an enclosing iteration.
	fn.New("filter").
		D("Hash[Any, Any] hash, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			out := v.NewHashBuilder(0)
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool {
				if v.Truthy(b.Call(k, val)) {
					out.Put(k, val)
				}
				return true
			})
			return out.Build()
		}).
		D("Hash[Any, Any] hash, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			out := v.NewHashBuilder(0)
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool {
				if v.Truthy(b.Call(pair(k, val))) {
					out.Put(k, val)
				}
				return true
			})
			return out.Build()
		}).
		D("Iterable enumerable, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var out []v.Value
			i := 0
			fn.CatchBreak(func() {
				fn.Iterate("filter", a[0], func(e v.Value) bool {
					if v.Truthy(b.Call(v.Int(i), e)) {
						out = append(out, e)
					}
					i++
					return true
				})
			})
			return v.NewArray(out...)
		}).
		D("Iterable enumerable, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var out []v.Value
			fn.CatchBreak(func() {
				fn.Iterate("filter", a[0], func(e v.Value) bool {
					if v.Truthy(b.Call(e)) {
						out = append(out, e)
					}
					return true
				})
			})
			return v.NewArray(out...)
		}).Register()

	reduce := func(a args, b fn.Block, memo v.Value, haveMemo bool) v.Value {
		fn.CatchBreak(func() {
			fn.Iterate("reduce", a[0], func(e v.Value) bool {
				if !haveMemo {
					memo, haveMemo = e, true
					return true
				}
				memo = b.Call(memo, e)
				return true
			})
		})
		if !haveMemo {
			return v.Undef
		}
		return memo
	}
	fn.New("reduce").
		D("Iterable enumerable, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			return reduce(a, b, nil, false)
		}).
		D("Iterable enumerable, Any memo, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			return reduce(a, b, a[1], true)
		}).Register()

	// any and all do not stop on break either.
	fn.New("any").
		D("Hash[Any, Any] hash, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			found := false
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool { found = v.Truthy(b.Call(k, val)); return !found })
			return v.BoolOf(found)
		}).
		D("Hash[Any, Any] hash, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			found := false
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool { found = v.Truthy(b.Call(pair(k, val))); return !found })
			return v.BoolOf(found)
		}).
		D("Iterable enumerable, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			found, i := false, 0
			fn.Iterate("any", a[0], func(e v.Value) bool { found = v.Truthy(b.Call(v.Int(i), e)); i++; return !found })
			return v.BoolOf(found)
		}).
		D("Iterable enumerable, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			found := false
			fn.Iterate("any", a[0], func(e v.Value) bool { found = v.Truthy(b.Call(e)); return !found })
			return v.BoolOf(found)
		}).Register()

	fn.New("all").
		D("Hash[Any, Any] hash, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			ok := true
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool { ok = v.Truthy(b.Call(k, val)); return ok })
			return v.BoolOf(ok)
		}).
		D("Hash[Any, Any] hash, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			ok := true
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool { ok = v.Truthy(b.Call(pair(k, val))); return ok })
			return v.BoolOf(ok)
		}).
		D("Iterable enumerable, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			ok, i := true, 0
			fn.Iterate("all", a[0], func(e v.Value) bool { ok = v.Truthy(b.Call(v.Int(i), e)); i++; return ok })
			return v.BoolOf(ok)
		}).
		D("Iterable enumerable, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			ok := true
			fn.Iterate("all", a[0], func(e v.Value) bool { ok = v.Truthy(b.Call(e)); return ok })
			return v.BoolOf(ok)
		}).Register()

	fn.New("with").
		D("Any arg*, &block", func(c fn.Context, a args, b fn.Block) v.Value { return b.Call(a...) }).
		Register()

	fn.New("then").
		D("Any arg, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			if v.IsUndef(a[0]) {
				return v.Undef
			}
			return b.Call(a[0])
		}).Register()

	fn.New("lest").
		D("Any arg, Callable[0,0] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			if v.IsUndef(a[0]) {
				return b.Call()
			}
			return a[0]
		}).Register()

	fn.New("reverse_each").
		D("Iterable iterable", func(c fn.Context, a args, b fn.Block) v.Value {
			return fn.IterableOf(a[0], true).Reverse()
		}).
		D("Iterable iterable, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			it := fn.IterableOf(a[0], false).Reverse()
			fn.CatchBreak(func() { it.All(func(e v.Value) bool { b.Call(e); return true }) })
			return v.Undef
		}).Register()

	fn.New("step").
		D("Iterable iterable, Integer[1] step", func(c fn.Context, a args, b fn.Block) v.Value {
			return fn.IterableOf(a[0], true).Step(int64(a[1].(v.Int)))
		}).
		D("Iterable iterable, Integer[1] step, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			it := fn.IterableOf(a[0], false).Step(int64(a[1].(v.Int)))
			fn.CatchBreak(func() { it.All(func(e v.Value) bool { b.Call(e); return true }) })
			return v.Undef
		}).Register()

	fn.New("slice").
		D("Hash[Any, Any] hash, Integer[1, default] slice_size, &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			r := sliceCommon(c, fn.IterableOf(a[0], false).Slice(), int(a[1].(v.Int)), v.EmptyArray, b)
			if b != nil {
				return a[0]
			}
			return r
		}).
		D("Iterable enumerable, Integer[1, default] slice_size, &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			r := sliceCommon(c, fn.IterableOf(a[0], false).Slice(), int(a[1].(v.Int)), v.Undef, b)
			if b != nil {
				return a[0]
			}
			return r
		}).Register()

	fn.New("index").
		D("Hash[Any, Any] hash, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var r v.Value = v.Undef
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool {
				if v.Truthy(b.Call(k, val)) {
					r = k
					return false
				}
				return true
			})
			return r
		}).
		D("Hash[Any, Any] hash, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var r v.Value = v.Undef
			hashEach(a[0].(*v.Hash), func(k, val v.Value) bool {
				if v.Truthy(b.Call(val)) {
					r = k
					return false
				}
				return true
			})
			return r
		}).
		D("Iterable enumerable, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var r v.Value = v.Undef
			i := 0
			fn.Iterate("index", a[0], func(e v.Value) bool {
				if v.Truthy(b.Call(v.Int(i), e)) {
					r = v.Int(i)
					return false
				}
				i++
				return true
			})
			return r
		}).
		D("Iterable enumerable, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			var r v.Value = v.Undef
			i := 0
			fn.Iterate("index", a[0], func(e v.Value) bool {
				if v.Truthy(b.Call(e)) {
					r = v.Int(i)
					return false
				}
				i++
				return true
			})
			return r
		}).
		D("String str, Variant[String,Regexp] match", func(c fn.Context, a args, b fn.Block) v.Value {
			s := string(a[0].(v.String))
			var at int
			switch m := a[1].(type) {
			case v.String:
				at = indexOf(s, string(m))
			case *v.Regexp:
				idx, err := m.FindIndexFrom(s, 0)
				if err != nil {
					panic(err)
				}
				if idx == nil {
					at = -1
				} else {
					at = idx[0]
				}
			}
			if at < 0 {
				return v.Undef
			}
			return v.Int(runeCount(s[:at]))
		}).
		D("Iterable enumerable, Any match", func(c fn.Context, a args, b fn.Block) v.Value {
			var r v.Value = v.Undef
			if h, ok := a[0].(*v.Hash); ok {
				hashEach(h, func(k, val v.Value) bool {
					if rubyEq(val, a[1]) {
						r = k
						return false
					}
					return true
				})
				return r
			}
			i := 0
			fn.Iterate("index", a[0], func(e v.Value) bool {
				if rubyEq(e, a[1]) {
					r = v.Int(i)
					return false
				}
				i++
				return true
			})
			return r
		}).Register()

	fn.New("group_by").
		DR("Collection collection, Callable[1,1] &block", "Hash", func(c fn.Context, a args, b fn.Block) v.Value {
			return groupBy(collectionElems(a[0]), func(i int, e v.Value) v.Value { return b.Call(e) })
		}).
		DR("Array array, Callable[2,2] &block", "Hash", func(c fn.Context, a args, b fn.Block) v.Value {
			return groupBy(a[0].(*v.Array).Elems(), func(i int, e v.Value) v.Value { return b.Call(v.Int(i), e) })
		}).
		DR("Collection collection, Callable[2,2] &block", "Hash", func(c fn.Context, a args, b fn.Block) v.Value {
			return groupBy(collectionElems(a[0]), func(i int, e v.Value) v.Value {
				p := e.(*v.Array)
				return b.Call(p.At(0), p.At(1))
			})
		}).Register()

	fn.New("partition").
		DR("Collection collection, Callable[1,1] &block", "Tuple[Array, Array]", func(c fn.Context, a args, b fn.Block) v.Value {
			return partition(collectionElems(a[0]), func(i int, e v.Value) v.Value { return b.Call(e) })
		}).
		DR("Array array, Callable[2,2] &block", "Tuple[Array, Array]", func(c fn.Context, a args, b fn.Block) v.Value {
			return partition(a[0].(*v.Array).Elems(), func(i int, e v.Value) v.Value { return b.Call(v.Int(i), e) })
		}).
		DR("Collection collection, Callable[2,2] &block", "Tuple[Array, Array]", func(c fn.Context, a args, b fn.Block) v.Value {
			return partition(collectionElems(a[0]), func(i int, e v.Value) v.Value {
				p := e.(*v.Array)
				return b.Call(p.At(0), p.At(1))
			})
		}).Register()
}

// collectionElems is what Ruby's Enumerable methods yield for an Array or
// Hash: the elements, or [key, value] pairs.
func collectionElems(x v.Value) []v.Value {
	switch c := x.(type) {
	case *v.Array:
		return c.Elems()
	case *v.Hash:
		out := make([]v.Value, c.Len())
		for i := range out {
			out[i] = pair(c.KeyAt(i), c.ValueAt(i))
		}
		return out
	}
	return nil
}

func groupBy(elems []v.Value, key func(int, v.Value) v.Value) v.Value {
	var keys []v.Value
	groups := v.NewHashBuilder(0)
	index := map[int][]v.Value{}
	tmp := v.NewHashBuilder(0) // key -> position
	for i, e := range elems {
		k := key(i, e)
		pos, ok := tmp.Build().Get(k)
		if !ok {
			pos = v.Int(len(keys))
			tmp.Put(k, pos)
			keys = append(keys, k)
		}
		p := int(pos.(v.Int))
		index[p] = append(index[p], e)
	}
	for i, k := range keys {
		groups.Put(k, v.NewArray(index[i]...))
	}
	return groups.Build()
}

func partition(elems []v.Value, pred func(int, v.Value) v.Value) v.Value {
	var yes, no []v.Value
	for i, e := range elems {
		if v.Truthy(pred(i, e)) {
			yes = append(yes, e)
		} else {
			no = append(no, e)
		}
	}
	return v.NewArray(v.NewArray(yes...), v.NewArray(no...))
}

// procParameterNames is, by release, the error of slice's
// block.parameter_names: Ruby 3.1 shows the proc (its address is not
// reproducible) and did_you_mean's suggestion, Ruby 3.3 its class.
var procParameterNames = map[int]string{
	7: "undefined method `parameter_names' for #<Puppet::Pops::Evaluator::PuppetProc:0x0000000000000000 /usr/lib/ruby/vendor_ruby/puppet/pops/evaluator/evaluator_impl.rb:1004>\nDid you mean?  parameters",
	8: "undefined method `parameter_names' for an instance of Puppet::Pops::Evaluator::PuppetProc",
}

func sliceCommon(c fn.Context, elems []v.Value, size int, filler v.Value, b fn.Block) v.Value {
	serving := 1
	if b != nil {
		arity := fn.BlockArity(b)
		if arity < 0 {
			serving = size
		} else {
			serving = arity
		}
		if serving == 0 {
			panic(fn.Errorf("slice(): block must define at least one parameter. Block has 0."))
		}
		if serving != 1 && serving != size {
			// Puppet's message asks the block for parameter_names, which
			// its blocks do not have
			panic(fn.Errorf("%s", procParameterNames[fn.PuppetMajor(c)]))
		}
	}
	var result []v.Value
	fn.CatchBreak(func() {
		for i := 0; i < len(elems); i += size {
			end := i + size
			if end > len(elems) {
				end = len(elems)
			}
			chunk := elems[i:end]
			if serving == 1 {
				if b != nil {
					b.Call(v.NewArray(chunk...))
				} else {
					result = append(result, v.NewArray(chunk...))
				}
				continue
			}
			callArgs := append([]v.Value(nil), chunk...)
			for len(callArgs) < serving {
				callArgs = append(callArgs, filler)
			}
			b.Call(callArgs...)
		}
	})
	return v.NewArray(result...)
}
