package erb

import (
	"math"
	"slices"
	"strings"
)

// Array, Hash, Range and Enumerable methods.

func init() {
	withBlock([]blockMethod{
		{"each", (*R).Each},
		{"each_pair", (*R).EachPair},
		{"each_with_index", (*R).EachWithIndex},
		{"each_index", (*R).EachIndex},
		{"each_key", (*R).EachKey},
		{"each_value", (*R).EachValue},
		{"each_with_object", (*R).EachWithObject},
		{"each_slice", (*R).EachSlice},
		{"each_cons", (*R).EachCons},
		{"reverse_each", (*R).ReverseEach},
		{"with_index", (*R).WithIndex},
		{"map", (*R).Map},
		{"collect", (*R).Collect},
		{"map!", (*R).MapBang},
		{"collect!", (*R).CollectBang},
		{"flat_map", (*R).FlatMap},
		{"collect_concat", (*R).CollectConcat},
		{"filter_map", (*R).FilterMap},
		{"select", (*R).Select},
		{"filter", (*R).Filter},
		{"find_all", (*R).FindAll},
		{"reject", (*R).Reject},
		{"select!", (*R).SelectBang},
		{"filter!", (*R).FilterBang},
		{"reject!", (*R).RejectBang},
		{"keep_if", (*R).KeepIf},
		{"delete_if", (*R).DeleteIf},
		{"find", (*R).Find},
		{"detect", (*R).Detect},
		{"find_index", (*R).FindIndex},
		{"index", (*R).Index},
		{"rindex", (*R).Rindex},
		{"sort", (*R).Sort},
		{"sort!", (*R).SortBang},
		{"sort_by", (*R).SortBy},
		{"sort_by!", (*R).SortByBang},
		{"min", (*R).Min},
		{"max", (*R).Max},
		{"min_by", (*R).MinBy},
		{"max_by", (*R).MaxBy},
		{"sum", (*R).Sum},
		{"count", (*R).Count},
		{"any?", (*R).AnyQ},
		{"all?", (*R).AllQ},
		{"none?", (*R).NoneQ},
		{"one?", (*R).OneQ},
		{"inject", (*R).Inject},
		{"reduce", (*R).Reduce},
		{"group_by", (*R).GroupBy},
		{"partition", (*R).Partition},
		{"uniq", (*R).Uniq},
		{"uniq!", (*R).UniqBang},
		{"take_while", (*R).TakeWhile},
		{"drop_while", (*R).DropWhile},
		{"times", (*R).Times},
		{"upto", (*R).Upto},
		{"downto", (*R).Downto},
		{"step", (*R).Step},
		{"fetch", (*R).Fetch},
		{"transform_values", (*R).TransformValues},
		{"transform_keys", (*R).TransformKeys},
		{"merge", (*R).Merge},
		{"merge!", (*R).MergeBang},
		{"update", (*R).Update},
		{"tally", (*R).Tally},
		{"zip", (*R).Zip},
		{"cycle", (*R).Cycle},
	})
	plain([]plainMethod{
		{"[]", (*R).Aref},
		{"[]=", (*R).Aset},
		{"slice", (*R).Slice},
		{"join", (*R).Join},
		{"first", (*R).First},
		{"last", (*R).Last},
		{"flatten", (*R).Flatten},
		{"flatten!", (*R).FlattenBang},
		{"compact", (*R).Compact},
		{"compact!", (*R).CompactBang},
		{"include?", (*R).IncludeQ},
		{"member?", (*R).MemberQ},
		{"cover?", (*R).CoverQ},
		{"keys", (*R).Keys},
		{"values", (*R).Values},
		{"key?", (*R).KeyQ},
		{"has_key?", (*R).HasKeyQ},
		{"value?", (*R).ValueQ},
		{"has_value?", (*R).HasValueQ},
		{"key", (*R).Key},
		{"values_at", (*R).ValuesAt},
		{"store", (*R).Store},
		{"invert", (*R).Invert},
		{"default", (*R).Default},
		{"push", (*R).Push},
		{"append", (*R).Append},
		{"pop", (*R).Pop},
		{"shift", (*R).Shift},
		{"unshift", (*R).Unshift},
		{"delete_at", (*R).DeleteAt},
		{"reverse", (*R).Reverse},
		{"reverse!", (*R).ReverseBang},
		{"rotate", (*R).Rotate},
		{"transpose", (*R).Transpose},
		{"take", (*R).Take},
		{"drop", (*R).Drop},
		{"clear", (*R).Clear},
		{"entries", (*R).Entries},
		{"product", (*R).Product},
		{"assoc", (*R).Assoc},
		{"minmax", (*R).Minmax},
		{"to_set", (*R).ToSet},
	})
}

// Enumerator is an iteration not yet run: a method called without a
// block (arr.map, hash.each_with_index).
type Enumerator struct {
	src  Value
	meth string
	args []Value
}

func (e *Enumerator) inspect() string {
	return "#<Enumerator: " + Inspect(e.src) + ":" + e.meth + ">"
}

// run runs the enumerator's method with fn as its block.
func (r *R) enumRun(e *Enumerator, fn func(args []Value) Value) Value {
	b := &Block{n: -1, fn: fn}
	return r.Send(e.src, e.meth, b, e.args...)
}

// pack turns yielded values into one value (several become an array).
func pack(args []Value) Value {
	switch len(args) {
	case 0:
		return nil
	case 1:
		return args[0]
	}
	return &Array{A: append([]Value(nil), args...)}
}

func (r *R) enumToA(e *Enumerator) *Array {
	var out []Value
	r.enumRun(e, func(a []Value) Value { out = append(out, pack(a)); return nil })
	return &Array{A: out}
}

func (r *R) enumSize(e *Enumerator) Value {
	switch e.meth {
	case "each", "map", "collect", "each_with_index", "select", "reject", "each_pair", "flat_map", "filter_map", "with_index":
		return r.Size(e.src)
	}
	return int64(len(r.enumToA(e).A))
}

// eachValue calls fn for each element as each yields it: array elements,
// [key, value] pairs of a hash, range members, enumerator values.
func (r *R) eachValue(name string, recv Value, fn func(v Value)) {
	switch x := recv.(type) {
	case *Array:
		for i := 0; i < len(x.A); i++ {
			fn(x.A[i])
		}
	case *Hash:
		pb := newPairBlock(len(x.Keys()))
		for i := 0; i < len(x.Keys()); i++ {
			fn(pb.pair(x.Keys()[i], x.Values()[i]))
		}
	case *Range:
		rangeEach(x, fn)
	case *Enumerator:
		r.enumRun(x, func(a []Value) Value { fn(pack(a)); return nil })
	default:
		noMethod(name, recv)
	}
}

// elems returns the elements each would yield.
func (r *R) elems(name string, recv Value) []Value {
	switch x := recv.(type) {
	case *Array:
		return x.A
	case *Hash:
		return hashPairs(x).A
	case *Range:
		return rangeElems(x)
	case *Enumerator:
		return r.enumToA(x).A
	}
	noMethod(name, recv)
	return nil
}

func enumOf(recv Value, meth string, args ...Value) *Enumerator {
	return &Enumerator{src: recv, meth: meth, args: args}
}

// Each is each.
func (r *R) Each(recv Value, b *Block, args ...Value) Value {
	if b == nil {
		r.elems("each", recv)
		return enumOf(recv, "each")
	}
	switch x := recv.(type) {
	case *Array:
		for i := 0; i < len(x.A); i++ {
			b.run1(x.A[i])
		}
		return x
	case *Hash:
		pb := newPairBlock(len(x.Keys()))
		for i := 0; i < len(x.Keys()); i++ {
			b.run1(pb.pair(x.Keys()[i], x.Values()[i]))
		}
		return x
	case *Range:
		rangeEach(x, func(v Value) { b.run1(v) })
		return x
	case *Enumerator:
		return r.enumRun(x, func(a []Value) Value { return b.Call(a...) })
	}
	noMethod("each", recv)
	return nil
}

// EachPair is each_pair.
func (r *R) EachPair(recv Value, b *Block, args ...Value) Value {
	if _, ok := recv.(*Hash); !ok {
		noMethod("each_pair", recv)
	}
	return r.Each(recv, b)
}

// EachWithIndex is each_with_index.
func (r *R) EachWithIndex(recv Value, b *Block, args ...Value) Value {
	if b == nil {
		r.elems("each_with_index", recv)
		return enumOf(recv, "each_with_index")
	}
	if e, ok := recv.(*Enumerator); ok {
		return r.WithIndex(e, b)
	}
	i := int64(0)
	r.eachValue("each_with_index", recv, func(v Value) {
		b.run2(v, i)
		i++
	})
	return recv
}

// WithIndex is Enumerator#with_index(offset).
func (r *R) WithIndex(recv Value, b *Block, args ...Value) Value {
	e, ok := recv.(*Enumerator)
	if !ok {
		noMethod("with_index", recv)
	}
	arity(args, 0, 1)
	i := int64(0)
	if len(args) == 1 && args[0] != nil {
		i = intArg(args[0])
	}
	if b == nil {
		return enumOf(recv, "with_index", args...)
	}
	return r.enumRun(e, func(a []Value) Value {
		res := b.yield2(pack(a), i)
		i++
		return res
	})
}

// EachIndex is each_index.
func (r *R) EachIndex(recv Value, b *Block, args ...Value) Value {
	x, ok := recv.(*Array)
	if !ok {
		noMethod("each_index", recv)
	}
	if b == nil {
		return enumOf(recv, "each_index")
	}
	for i := 0; i < len(x.A); i++ {
		b.yield1(int64(i))
	}
	return x
}

func mustHash(name string, recv Value) *Hash {
	h, ok := recv.(*Hash)
	if !ok {
		noMethod(name, recv)
	}
	return h
}

// EachKey is each_key.
func (r *R) EachKey(recv Value, b *Block, args ...Value) Value {
	h := mustHash("each_key", recv)
	needBlock(b, "each_key")
	for i := 0; i < len(h.Keys()); i++ {
		b.yield1(h.Keys()[i])
	}
	return h
}

// EachValue is each_value.
func (r *R) EachValue(recv Value, b *Block, args ...Value) Value {
	h := mustHash("each_value", recv)
	needBlock(b, "each_value")
	for i := 0; i < len(h.Values()); i++ {
		b.yield1(h.Values()[i])
	}
	return h
}

// EachWithObject is each_with_object(memo).
func (r *R) EachWithObject(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 1)
	needBlock(b, "each_with_object")
	memo := args[0]
	r.eachValue("each_with_object", recv, func(v Value) { b.yield2(v, memo) })
	return memo
}

// EachSlice is each_slice(n).
func (r *R) EachSlice(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 1)
	n := int(intArg(args[0]))
	if n <= 0 {
		argError("invalid slice size")
	}
	el := r.elems("each_slice", recv)
	var slices []Value
	for i := 0; i < len(el); i += n {
		j := min(i+n, len(el))
		slices = append(slices, &Array{A: append([]Value(nil), el[i:j]...)})
	}
	if b == nil {
		return enumOf(&Array{A: slices}, "each")
	}
	for _, s := range slices {
		b.yield1(s)
	}
	return recv
}

// EachCons is each_cons(n).
func (r *R) EachCons(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 1)
	n := int(intArg(args[0]))
	if n <= 0 {
		argError("invalid size")
	}
	el := r.elems("each_cons", recv)
	var out []Value
	for i := 0; i+n <= len(el); i++ {
		out = append(out, &Array{A: append([]Value(nil), el[i:i+n]...)})
	}
	if b == nil {
		return enumOf(&Array{A: out}, "each")
	}
	for _, s := range out {
		b.yield1(s)
	}
	return recv
}

// ReverseEach is reverse_each.
func (r *R) ReverseEach(recv Value, b *Block, args ...Value) Value {
	el := r.elems("reverse_each", recv)
	rev := make([]Value, len(el))
	for i, e := range el {
		rev[len(el)-1-i] = e
	}
	if b == nil {
		return enumOf(&Array{A: rev}, "each")
	}
	for _, e := range rev {
		b.yield1(e)
	}
	return recv
}

func (r *R) mapImpl(name string, recv Value, b *Block) Value {
	if b == nil {
		r.elems(name, recv)
		return enumOf(recv, name)
	}
	if e, ok := recv.(*Enumerator); ok {
		var out []Value
		r.enumRun(e, func(a []Value) Value {
			v := b.Call(a...)
			out = append(out, v)
			return v
		})
		return &Array{A: out}
	}
	var out *Array
	switch x := recv.(type) { // room for the results at once, with the Array when few
	case *Array:
		out = arrayRoom(len(x.A))
	case *Hash:
		out = arrayRoom(x.Len())
	default:
		out = &Array{}
	}
	r.eachValue(name, recv, func(v Value) { out.A = append(out.A, b.yield1(v)) })
	return out
}

// MapUnused is map or collect (name) with a block as a statement: the
// block runs for each element of an Array or a Hash as map runs it, and
// what it returns is dropped (an output value never made: run1).
func (r *R) MapUnused(recv Value, name string, b *Block) Value {
	switch recv.(type) {
	case *Array, *Hash:
		r.eachValue(name, recv, func(v Value) { b.run1(v) })
		return nil
	}
	return r.mapImpl(name, recv, b)
}

// Map is map.
func (r *R) Map(recv Value, b *Block, args ...Value) Value { return r.mapImpl("map", recv, b) }

// Collect is collect.
func (r *R) Collect(recv Value, b *Block, args ...Value) Value {
	return r.mapImpl("collect", recv, b)
}

func (r *R) mapBang(name string, recv Value, b *Block) Value {
	x, ok := recv.(*Array)
	if !ok {
		noMethod(name, recv)
	}
	needBlock(b, name)
	for i := 0; i < len(x.A); i++ {
		x.A[i] = b.yield1(x.A[i])
	}
	return x
}

// MapBang is map!.
func (r *R) MapBang(recv Value, b *Block, args ...Value) Value { return r.mapBang("map!", recv, b) }

// CollectBang is collect!.
func (r *R) CollectBang(recv Value, b *Block, args ...Value) Value {
	return r.mapBang("collect!", recv, b)
}

func (r *R) flatMap(name string, recv Value, b *Block) Value {
	needBlock(b, name)
	var out []Value
	r.eachValue(name, recv, func(v Value) {
		res := b.yield1(v)
		if a, ok := res.(*Array); ok {
			out = append(out, a.A...)
		} else {
			out = append(out, res)
		}
	})
	return &Array{A: out}
}

// FlatMap is flat_map.
func (r *R) FlatMap(recv Value, b *Block, args ...Value) Value { return r.flatMap("flat_map", recv, b) }

// CollectConcat is collect_concat.
func (r *R) CollectConcat(recv Value, b *Block, args ...Value) Value {
	return r.flatMap("collect_concat", recv, b)
}

// FilterMap is filter_map.
func (r *R) FilterMap(recv Value, b *Block, args ...Value) Value {
	needBlock(b, "filter_map")
	var out []Value
	r.eachValue("filter_map", recv, func(v Value) {
		if res := b.yield1(v); Truthy(res) {
			out = append(out, res)
		}
	})
	return &Array{A: out}
}

// selectImpl: Array and Range give arrays, Hash gives a hash and yields
// key and value as two arguments.
func (r *R) selectImpl(name string, recv Value, b *Block, keep bool) Value {
	if b == nil {
		r.elems(name, recv)
		return enumOf(recv, name)
	}
	if h, ok := recv.(*Hash); ok {
		out := NewHash()
		for i := 0; i < len(h.Keys()); i++ {
			if Truthy(b.yield2(h.Keys()[i], h.Values()[i])) == keep {
				out.Set(h.Keys()[i], h.Values()[i])
			}
		}
		return out
	}
	var out []Value
	r.eachValue(name, recv, func(v Value) {
		if Truthy(b.yield1(v)) == keep {
			out = append(out, v)
		}
	})
	return &Array{A: out}
}

// Select is select.
func (r *R) Select(recv Value, b *Block, args ...Value) Value {
	return r.selectImpl("select", recv, b, true)
}

// Filter is filter.
func (r *R) Filter(recv Value, b *Block, args ...Value) Value {
	return r.selectImpl("filter", recv, b, true)
}

// FindAll is find_all (an array, also for hashes).
func (r *R) FindAll(recv Value, b *Block, args ...Value) Value {
	needBlock(b, "find_all")
	var out []Value
	r.eachValue("find_all", recv, func(v Value) {
		if Truthy(b.yield1(v)) {
			out = append(out, v)
		}
	})
	return &Array{A: out}
}

// Reject is reject.
func (r *R) Reject(recv Value, b *Block, args ...Value) Value {
	return r.selectImpl("reject", recv, b, false)
}

// filterInPlace is select!/reject!/keep_if/delete_if.
func (r *R) filterInPlace(name string, recv Value, b *Block, keep, nilIfSame bool) Value {
	needBlock(b, name)
	switch x := recv.(type) {
	case *Array:
		out := make([]Value, 0, len(x.A))
		for _, e := range x.A {
			if Truthy(b.yield1(e)) == keep {
				out = append(out, e)
			}
		}
		changed := len(out) != len(x.A)
		x.A = out
		if nilIfSame && !changed {
			return nil
		}
		return x
	case *Hash:
		var drop []Value
		for i := 0; i < len(x.Keys()); i++ {
			if Truthy(b.yield2(x.Keys()[i], x.Values()[i])) != keep {
				drop = append(drop, x.Keys()[i])
			}
		}
		for _, k := range drop {
			x.Delete(k)
		}
		if nilIfSame && len(drop) == 0 {
			return nil
		}
		return x
	}
	noMethod(name, recv)
	return nil
}

// SelectBang is select!.
func (r *R) SelectBang(recv Value, b *Block, args ...Value) Value {
	return r.filterInPlace("select!", recv, b, true, true)
}

// FilterBang is filter!.
func (r *R) FilterBang(recv Value, b *Block, args ...Value) Value {
	return r.filterInPlace("filter!", recv, b, true, true)
}

// RejectBang is reject!.
func (r *R) RejectBang(recv Value, b *Block, args ...Value) Value {
	return r.filterInPlace("reject!", recv, b, false, true)
}

// KeepIf is keep_if.
func (r *R) KeepIf(recv Value, b *Block, args ...Value) Value {
	return r.filterInPlace("keep_if", recv, b, true, false)
}

// DeleteIf is delete_if.
func (r *R) DeleteIf(recv Value, b *Block, args ...Value) Value {
	return r.filterInPlace("delete_if", recv, b, false, false)
}

func (r *R) find(name string, recv Value, b *Block) Value {
	needBlock(b, name)
	for _, v := range r.elems(name, recv) {
		if Truthy(b.yield1(v)) {
			return v
		}
	}
	return nil
}

// Find is find.
func (r *R) Find(recv Value, b *Block, args ...Value) Value { return r.find("find", recv, b) }

// Detect is detect.
func (r *R) Detect(recv Value, b *Block, args ...Value) Value { return r.find("detect", recv, b) }

func (r *R) findIndex(name string, recv Value, b *Block, args []Value) Value {
	switch x := recv.(type) {
	case *Array:
		for i, e := range x.A {
			if len(args) > 0 {
				if Equal(e, args[0]) {
					return int64(i)
				}
			} else {
				needBlock(b, name)
				if Truthy(b.yield1(e)) {
					return int64(i)
				}
			}
		}
		return nil
	case *Str:
		return r.strIndex(x.S, args, false)
	}
	noMethod(name, recv)
	return nil
}

// FindIndex is find_index.
func (r *R) FindIndex(recv Value, b *Block, args ...Value) Value {
	if _, ok := recv.(*Str); ok {
		noMethod("find_index", recv)
	}
	return r.findIndex("find_index", recv, b, args)
}

// Index is index (Array and String).
func (r *R) Index(recv Value, b *Block, args ...Value) Value {
	return r.findIndex("index", recv, b, args)
}

// Rindex is rindex.
func (r *R) Rindex(recv Value, b *Block, args ...Value) Value {
	switch x := recv.(type) {
	case *Array:
		for i := len(x.A) - 1; i >= 0; i-- {
			if len(args) > 0 {
				if Equal(x.A[i], args[0]) {
					return int64(i)
				}
			} else if b != nil && Truthy(b.yield1(x.A[i])) {
				return int64(i)
			}
		}
		return nil
	case *Str:
		return r.strIndex(x.S, args, true)
	}
	noMethod("rindex", recv)
	return nil
}

// strIndex is String#index / rindex (character offsets).
func (r *R) strIndex(s string, args []Value, reverse bool) Value {
	arity(args, 1, 2)
	runes := []rune(s)
	n := len(runes)
	start := 0
	if reverse {
		start = n
	}
	if len(args) == 2 {
		start = int(intArg(args[1]))
		if start < 0 {
			start += n
			if start < 0 {
				if reverse {
					return nil
				}
				return nil
			}
		}
		if start > n {
			if reverse {
				start = n
			} else {
				return nil
			}
		}
	}
	switch p := args[0].(type) {
	case *Regexp:
		if !reverse {
			md := p.findAt(s, runes, start)
			r.match = nil
			if md == nil {
				return nil
			}
			r.match = md
			return int64(md.starts[0])
		}
		for i := start; i >= 0; i-- {
			md := p.findAt(s, runes, i)
			if md != nil && md.starts[0] == i {
				r.match = md
				return int64(i)
			}
		}
		r.match = nil
		return nil
	default:
		sub := []rune(strArg(p))
		if !reverse {
			for i := start; i+len(sub) <= n; i++ {
				if runesEqual(runes[i:i+len(sub)], sub) {
					return int64(i)
				}
			}
			return nil
		}
		for i := min(start, n-len(sub)); i >= 0; i-- {
			if runesEqual(runes[i:i+len(sub)], sub) {
				return int64(i)
			}
		}
		return nil
	}
}

func runesEqual(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sortValues sorts a copy of el with cmp as Ruby does here: Ruby's sort
// uses glibc's qsort_r, a merge sort (stable) that splits n elements into
// n/2 and n-n/2, sorts both halves and merges them comparing (left,
// right). Doing the same comparisons in the same order gives the same
// result for inconsistent comparisons and the same error for values that
// do not compare.
func sortValues(el []Value, cmp func(a, b Value) int) []Value {
	out := append([]Value(nil), el...)
	msort(out, make([]Value, len(out)), cmp)
	return out
}

func msort(b, tmp []Value, cmp func(a, b Value) int) {
	n := len(b)
	if n <= 1 {
		return
	}
	n1 := n / 2
	msort(b[:n1], tmp, cmp)
	msort(b[n1:], tmp, cmp)
	i, j, k := 0, n1, 0
	for i < n1 && j < n {
		if cmp(b[i], b[j]) <= 0 {
			tmp[k] = b[i]
			i++
		} else {
			tmp[k] = b[j]
			j++
		}
		k++
	}
	for i < n1 {
		tmp[k] = b[i]
		i++
		k++
	}
	copy(b[:k], tmp[:k])
}

func (r *R) blockCmp(b *Block) func(a, c Value) int {
	return func(a, c Value) int {
		res := b.yield2(a, c)
		switch n := res.(type) {
		case int64:
			return int(n)
		case float64:
			return int(n)
		case nil:
			argError("comparison of %s with %s failed", classOf(a).Name, classOf(c).Name)
		}
		argError("comparison of %s with 0 failed", classOf(res).Name)
		return 0
	}
}

// Sort is sort.
func (r *R) Sort(recv Value, b *Block, args ...Value) Value {
	el := r.elems("sort", recv)
	if b != nil {
		return &Array{A: sortValues(el, r.blockCmp(b))}
	}
	return &Array{A: sortValues(el, compareOrFail)}
}

// SortBang is sort!.
func (r *R) SortBang(recv Value, b *Block, args ...Value) Value {
	x, ok := recv.(*Array)
	if !ok {
		noMethod("sort!", recv)
	}
	x.A = r.Sort(x, b).(*Array).A
	return x
}

// SortBy is sort_by.
func (r *R) SortBy(recv Value, b *Block, args ...Value) Value {
	if b == nil {
		return enumOf(recv, "sort_by")
	}
	el := r.elems("sort_by", recv)
	keys := make([]Value, len(el))
	for i, e := range el {
		keys[i] = b.yield1(e)
	}
	pairs := make([]Value, len(el))
	for i := range el {
		pairs[i] = [2]Value{keys[i], el[i]}
	}
	sorted := sortValues(pairs, func(a, b Value) int {
		return compareOrFail(a.([2]Value)[0], b.([2]Value)[0])
	})
	out := make([]Value, len(el))
	for i, p := range sorted {
		out[i] = p.([2]Value)[1]
	}
	return &Array{A: out}
}

// SortByBang is sort_by!.
func (r *R) SortByBang(recv Value, b *Block, args ...Value) Value {
	x, ok := recv.(*Array)
	if !ok {
		noMethod("sort_by!", recv)
	}
	x.A = r.SortBy(x, b).(*Array).A
	return x
}

func (r *R) extreme(name string, recv Value, b *Block, args []Value, sign int) Value {
	arity(args, 0, 1)
	el := r.elems(name, recv)
	cmp := compareOrFail
	if b != nil {
		cmp = r.blockCmp(b)
	}
	if len(args) == 1 {
		n := int(intArg(args[0]))
		sorted := sortValues(el, func(a, c Value) int { return sign * cmp(a, c) })
		if n > len(sorted) {
			n = len(sorted)
		}
		return &Array{A: sorted[:n]}
	}
	// Ruby keeps the first extreme and compares (current, candidate)
	var best Value
	for i, e := range el {
		if i == 0 || sign*cmp(best, e) > 0 {
			best = e
		}
	}
	return best
}

// Min is min.
func (r *R) Min(recv Value, b *Block, args ...Value) Value {
	return r.extreme("min", recv, b, args, 1)
}

// Max is max.
func (r *R) Max(recv Value, b *Block, args ...Value) Value {
	return r.extreme("max", recv, b, args, -1)
}

func (r *R) extremeBy(name string, recv Value, b *Block, sign int) Value {
	needBlock(b, name)
	var best, bestKey Value
	for i, e := range r.elems(name, recv) {
		k := b.yield1(e)
		if i == 0 || sign*compareOrFail(k, bestKey) < 0 {
			best, bestKey = e, k
		}
	}
	return best
}

// MinBy is min_by.
func (r *R) MinBy(recv Value, b *Block, args ...Value) Value {
	return r.extremeBy("min_by", recv, b, 1)
}

// MaxBy is max_by.
func (r *R) MaxBy(recv Value, b *Block, args ...Value) Value {
	return r.extremeBy("max_by", recv, b, -1)
}

// Minmax is minmax.
func (r *R) Minmax(recv Value, args ...Value) Value {
	return NewArray(r.Min(recv, nil), r.Max(recv, nil))
}

// Sum is sum(init).
func (r *R) Sum(recv Value, b *Block, args ...Value) Value {
	arity(args, 0, 1)
	var acc Value = int64(0)
	if len(args) == 1 {
		acc = args[0]
	}
	r.eachValue("sum", recv, func(v Value) {
		if b != nil {
			v = b.yield1(v)
		}
		acc = r.OpAdd(acc, v)
	})
	return acc
}

// Count is count (with an argument, a block, or neither).
func (r *R) Count(recv Value, b *Block, args ...Value) Value {
	if s, ok := recv.(*Str); ok {
		arity(args, 1, -1)
		sets := make([]charSet, len(args))
		for i, a := range args {
			sets[i] = parseCharSet(strArg(a))
		}
		n := int64(0)
	outer:
		for _, c := range s.S {
			for _, cs := range sets {
				if !cs.has(c) {
					continue outer
				}
			}
			n++
		}
		return n
	}
	arity(args, 0, 1)
	n := int64(0)
	r.eachValue("count", recv, func(v Value) {
		switch {
		case len(args) == 1:
			if Equal(v, args[0]) {
				n++
			}
		case b != nil:
			if Truthy(b.yield1(v)) {
				n++
			}
		default:
			n++
		}
	})
	return n
}

func (r *R) quantifier(name string, recv Value, b *Block, args []Value, test func(hits, total int) (bool, bool)) Value {
	arity(args, 0, 1)
	hits, total := 0, 0
	for _, v := range r.elems(name, recv) {
		var ok bool
		switch {
		case len(args) == 1:
			ok = Truthy(r.OpCaseEq(args[0], v))
		case b != nil:
			ok = Truthy(b.yield1(v))
		default:
			ok = Truthy(v)
		}
		total++
		if ok {
			hits++
		}
		if res, done := test(hits, total); done {
			return res
		}
	}
	res, _ := test(hits, -total-1)
	return res
}

// AnyQ is any?.
func (r *R) AnyQ(recv Value, b *Block, args ...Value) Value {
	return r.quantifier("any?", recv, b, args, func(h, t int) (bool, bool) { return h > 0, h > 0 })
}

// AllQ is all?.
func (r *R) AllQ(recv Value, b *Block, args ...Value) Value {
	return r.quantifier("all?", recv, b, args, func(h, t int) (bool, bool) {
		if t < 0 {
			return true, true
		}
		return h == t, h != t
	})
}

// NoneQ is none?.
func (r *R) NoneQ(recv Value, b *Block, args ...Value) Value {
	return r.quantifier("none?", recv, b, args, func(h, t int) (bool, bool) { return h == 0, h > 0 })
}

// OneQ is one?.
func (r *R) OneQ(recv Value, b *Block, args ...Value) Value {
	return r.quantifier("one?", recv, b, args, func(h, t int) (bool, bool) {
		if h > 1 {
			return false, true
		}
		if t < 0 {
			return h == 1, true
		}
		return false, false
	})
}

func (r *R) inject(name string, recv Value, b *Block, args []Value) Value {
	arity(args, 0, 2)
	el := r.elems(name, recv)
	var acc Value
	var op string
	i := 0
	switch {
	case len(args) == 2:
		acc = args[0]
		op = ToS(args[1])
	case len(args) == 1 && b == nil:
		op = ToS(args[0])
		if len(el) == 0 {
			return nil
		}
		acc = el[0]
		i = 1
	case len(args) == 1:
		acc = args[0]
	default:
		if len(el) == 0 {
			return nil
		}
		acc = el[0]
		i = 1
	}
	for ; i < len(el); i++ {
		if op != "" {
			acc = r.Send(acc, op, nil, el[i])
		} else {
			acc = b.yield2(acc, el[i])
		}
	}
	return acc
}

// Inject is inject.
func (r *R) Inject(recv Value, b *Block, args ...Value) Value {
	return r.inject("inject", recv, b, args)
}

// Reduce is reduce.
func (r *R) Reduce(recv Value, b *Block, args ...Value) Value {
	return r.inject("reduce", recv, b, args)
}

// GroupBy is group_by.
func (r *R) GroupBy(recv Value, b *Block, args ...Value) Value {
	needBlock(b, "group_by")
	out := NewHash()
	r.eachValue("group_by", recv, func(v Value) {
		k := b.yield1(v)
		cur, ok := out.Lookup(k)
		if !ok {
			cur = NewArray()
			out.Set(k, cur)
		}
		a := cur.(*Array)
		a.A = append(a.A, v)
	})
	return out
}

// Partition is partition (Enumerable) or String#partition.
func (r *R) Partition(recv Value, b *Block, args ...Value) Value {
	if _, ok := recv.(*Str); ok {
		return r.PartitionStr(recv, args...)
	}
	needBlock(b, "partition")
	var yes, no []Value
	r.eachValue("partition", recv, func(v Value) {
		if Truthy(b.yield1(v)) {
			yes = append(yes, v)
		} else {
			no = append(no, v)
		}
	})
	return NewArray(&Array{A: yes}, &Array{A: no})
}

func (r *R) uniq(name string, recv Value, b *Block) []Value {
	el := r.elems(name, recv)
	seen := NewHash()
	var out []Value
	for _, e := range el {
		k := e
		if b != nil {
			k = b.yield1(e)
		}
		if _, dup := seen.Lookup(k); !dup {
			seen.Set(k, true)
			out = append(out, e)
		}
	}
	return out
}

// Uniq is uniq.
func (r *R) Uniq(recv Value, b *Block, args ...Value) Value {
	if _, ok := recv.(*Hash); ok {
		noMethod("uniq", recv) // Hash#uniq is Enumerable's, returning pairs
	}
	return &Array{A: r.uniq("uniq", recv, b)}
}

// UniqBang is uniq!.
func (r *R) UniqBang(recv Value, b *Block, args ...Value) Value {
	x, ok := recv.(*Array)
	if !ok {
		noMethod("uniq!", recv)
	}
	out := r.uniq("uniq!", recv, b)
	if len(out) == len(x.A) {
		return nil
	}
	x.A = out
	return x
}

// TakeWhile is take_while.
func (r *R) TakeWhile(recv Value, b *Block, args ...Value) Value {
	needBlock(b, "take_while")
	var out []Value
	for _, e := range r.elems("take_while", recv) {
		if !Truthy(b.yield1(e)) {
			break
		}
		out = append(out, e)
	}
	return &Array{A: out}
}

// DropWhile is drop_while.
func (r *R) DropWhile(recv Value, b *Block, args ...Value) Value {
	needBlock(b, "drop_while")
	el := r.elems("drop_while", recv)
	i := 0
	for i < len(el) && Truthy(b.yield1(el[i])) {
		i++
	}
	return &Array{A: append([]Value(nil), el[i:]...)}
}

// Times is Integer#times.
func (r *R) Times(recv Value, b *Block, args ...Value) Value {
	n, ok := recv.(int64)
	if !ok {
		noMethod("times", recv)
	}
	if b == nil {
		return enumOf(&Range{Lo: int64(0), Hi: n, Excl: true}, "each")
	}
	for i := int64(0); i < n; i++ {
		b.yield1(i)
	}
	return n
}

// Upto is Integer#upto.
func (r *R) Upto(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 1)
	n, ok := recv.(int64)
	if !ok {
		noMethod("upto", recv)
	}
	to := intArg(args[0])
	if b == nil {
		return enumOf(&Range{Lo: n, Hi: to}, "each")
	}
	for i := n; i <= to; i++ {
		b.yield1(i)
	}
	return n
}

// Downto is Integer#downto.
func (r *R) Downto(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 1)
	n, ok := recv.(int64)
	if !ok {
		noMethod("downto", recv)
	}
	to := intArg(args[0])
	var out []Value
	for i := n; i >= to; i-- {
		if b != nil {
			b.yield1(i)
		} else {
			out = append(out, i)
		}
	}
	if b == nil {
		return enumOf(&Array{A: out}, "each")
	}
	return n
}

// Step is Integer#step / Range#step.
func (r *R) Step(recv Value, b *Block, args ...Value) Value {
	var vals []Value
	switch x := recv.(type) {
	case int64:
		arity(args, 1, 2)
		step := int64(1)
		if len(args) == 2 {
			step = intArg(args[1])
		}
		if step == 0 {
			argError("step can't be 0")
		}
		to := intArg(args[0])
		for i := x; step > 0 && i <= to || step < 0 && i >= to; i += step {
			vals = append(vals, i)
		}
	case *Range:
		arity(args, 1, 1)
		step := intArg(args[0])
		if step <= 0 {
			argError("step can't be negative")
		}
		el := rangeElems(x)
		for i := 0; i < len(el); i += int(step) {
			vals = append(vals, el[i])
		}
	default:
		noMethod("step", recv)
	}
	if b == nil {
		return enumOf(&Array{A: vals}, "each")
	}
	for _, v := range vals {
		b.yield1(v)
	}
	return recv
}

// Aref is [] on strings, arrays, hashes, match data and scopes.
func (r *R) Aref(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Array:
		return arrayIndex(x.A, args, func(el []Value) Value { return &Array{A: append([]Value(nil), el...)} })
	case *Hash:
		arity(args, 1, 1)
		return r.hashGet(x, args[0])
	case *Str:
		if x.Bin {
			return binAref(x.S, args)
		}
		return r.strAref(x.S, args)
	case Symbol:
		return r.strAref(string(x), args)
	case *MatchData:
		arity(args, 1, 2)
		if len(args) == 1 {
			switch args[0].(type) {
			case int64, *Range:
			default:
				return x.Groups[r.mdGroup(x, args[0])]
			}
		}
		return arrayIndex(x.Groups, args, func(el []Value) Value { return &Array{A: append([]Value(nil), el...)} })
	case *scopeObject:
		arity(args, 1, 1)
		return r.lookupVarIn(x, args[0])
	case *resourceObject:
		return r.resourceAref(x, args) // resource.go
	case *netRequest:
		arity(args, 1, 1)
		return x.get(args[0]) // nethttp.go
	case *netResponse:
		arity(args, 1, 1)
		return x.get(args[0])
	// the cases below keep args (or may): a copy of them, which spares
	// the common calls (x[i], h[k]) the heap allocation of their arguments
	case *Block:
		return x.Call(ownArgs(args)...) // proc[args] (proc.go)
	case *Class:
		if x == ClassHash {
			return r.hashBrackets(ownArgs(args))
		}
		if x == ClassArray {
			return NewArray(args...)
		}
	}
	noMethod("[]", recv)
	return nil
}

// ArefStr is recv[key] where key is a string literal: a Hash (the common
// receiver) is looked up without the Ruby String the literal would make,
// which no other receiver does without.
func (r *R) ArefStr(recv Value, key string) Value {
	if h, ok := recv.(*Hash); ok && h.DefaultProc == nil {
		if v, ok := h.lookupStr(key); ok {
			return v
		}
		return h.Default
	}
	return r.Aref(recv, S(key))
}

// Slice is slice.
func (r *R) Slice(recv Value, args ...Value) Value {
	switch recv.(type) {
	case *Array, *Str:
		return r.Aref(recv, args...)
	case *Hash:
		h := recv.(*Hash)
		out := NewHash()
		for _, k := range args {
			if v, ok := h.Lookup(k); ok {
				out.Set(k, v)
			}
		}
		return out
	}
	noMethod("slice", recv)
	return nil
}

// arrayIndex implements [i], [start, len] and [range] on a sequence.
func arrayIndex(el []Value, args []Value, sub func([]Value) Value) Value {
	arity(args, 1, 2)
	n := len(el)
	if len(args) == 2 {
		start := int(intArg(args[0]))
		length := int(intArg(args[1]))
		if start < 0 {
			start += n
		}
		if start < 0 || start > n || length < 0 {
			return nil
		}
		end := min(start+length, n)
		return sub(el[start:end])
	}
	switch i := args[0].(type) {
	case int64:
		idx := int(i)
		if idx < 0 {
			idx += n
		}
		if idx < 0 || idx >= n {
			return nil
		}
		return el[idx]
	case float64:
		return arrayIndex(el, []Value{floatToInt(i)}, sub)
	case *Range:
		start, end, ok := rangeBounds(i, n)
		if !ok {
			return nil
		}
		return sub(el[start:end])
	}
	implicitConversion(args[0], "Integer")
	return nil
}

// rangeBounds resolves a range of indexes against a length n.
func rangeBounds(rg *Range, n int) (int, int, bool) {
	start := 0
	if rg.Lo != nil {
		start = int(intArg(rg.Lo))
	}
	end := n
	if rg.Hi != nil {
		end = int(intArg(rg.Hi))
		if end < 0 {
			end += n
		}
		if !rg.Excl {
			end++
		}
	}
	if start < 0 {
		start += n
	}
	if start < 0 || start > n {
		return 0, 0, false
	}
	if end > n {
		end = n
	}
	if end < start {
		end = start
	}
	return start, end, true
}

func (r *R) strAref(s string, args []Value) Value {
	arity(args, 1, 2)
	if len(args) == 1 {
		switch p := args[0].(type) {
		case *Str:
			if strings.Contains(s, p.S) {
				return S(p.S)
			}
			return nil
		case *Regexp:
			md := r.regexpMatch(p, s, 0, true)
			if md == nil {
				return nil
			}
			return md.(*MatchData).Groups[0]
		}
	}
	if len(args) == 2 {
		if p, ok := args[0].(*Regexp); ok {
			md := r.regexpMatch(p, s, 0, true)
			if md == nil {
				return nil
			}
			return md.(*MatchData).Groups[r.mdGroup(md.(*MatchData), args[1])]
		}
	}
	runes := []rune(s)
	el := make([]Value, len(runes))
	for i, c := range runes {
		el[i] = c
	}
	v := arrayIndex(el, args, func(sub []Value) Value {
		rs := make([]rune, len(sub))
		for i, c := range sub {
			rs[i] = c.(rune)
		}
		return S(string(rs))
	})
	if c, ok := v.(rune); ok {
		return S(string(c))
	}
	return v
}

// Aset is []= on arrays, hashes and strings.
func (r *R) Aset(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *netRequest:
		// req[name] = value (nil: the field removed)
		arity(args, 2, 2)
		if args[1] == nil {
			k := strings.ToLower(strArg(args[0]))
			if _, ok := x.vals[k]; ok {
				delete(x.vals, k)
				for i, n := range x.names {
					if n == k {
						x.names = append(x.names[:i], x.names[i+1:]...)
						break
					}
				}
			}
			return nil
		}
		x.set(strArg(args[0]), ToS(args[1]))
		return args[1]
	case *Hash:
		arity(args, 2, 2)
		x.Set(args[0], args[1])
		return args[1]
	case *Array:
		arity(args, 2, 3)
		if len(args) == 2 {
			if rg, ok := args[0].(*Range); ok {
				start, end, ok := rangeBounds(rg, len(x.A))
				if !ok {
					raise(ClassRangeError, "%s out of range", Inspect(rg))
				}
				repl := []Value{args[1]}
				if a, ok := args[1].(*Array); ok {
					repl = a.A
				}
				out := append(append(append([]Value(nil), x.A[:start]...), repl...), x.A[end:]...)
				x.A = out
				return args[1]
			}
			i := int(intArg(args[0]))
			if i < 0 {
				i += len(x.A)
				if i < 0 {
					raise(ClassIndexError, "index %d too small for array; minimum: -%d", intArg(args[0]), len(x.A))
				}
			}
			for len(x.A) <= i {
				x.A = append(x.A, nil)
			}
			x.A[i] = args[1]
			return args[1]
		}
		start := int(intArg(args[0]))
		length := int(intArg(args[1]))
		if start < 0 {
			start += len(x.A)
		}
		for len(x.A) < start {
			x.A = append(x.A, nil)
		}
		end := min(start+length, len(x.A))
		repl := []Value{args[2]}
		if a, ok := args[2].(*Array); ok {
			repl = a.A
		}
		x.A = append(append(append([]Value(nil), x.A[:start]...), repl...), x.A[end:]...)
		return args[2]
	case *Str:
		arity(args, 2, 2)
		checkFrozen(x)
		switch p := args[0].(type) {
		case *Str:
			i := strings.Index(x.S, p.S)
			if i < 0 {
				raise(ClassIndexError, "string not matched")
			}
			x.S = x.S[:i] + strArg(args[1]) + x.S[i+len(p.S):]
		case int64:
			rs := []rune(x.S)
			i := int(p)
			if i < 0 {
				i += len(rs)
			}
			if i < 0 || i >= len(rs) {
				raise(ClassIndexError, "index %d out of string", p)
			}
			x.S = string(rs[:i]) + strArg(args[1]) + string(rs[i+1:])
		default:
			raise(ClassTypeError, "pp2go: String#[]= with %s is not supported", classOf(p).Name)
		}
		return args[1]
	}
	noMethod("[]=", recv)
	return nil
}

// hashGet is Hash#[] with the hash's default.
func (r *R) hashGet(h *Hash, k Value) Value {
	if v, ok := h.Lookup(k); ok {
		return v
	}
	if h.DefaultProc != nil {
		return h.DefaultProc.Call(h, k)
	}
	return h.Default
}

// joinArray is Array#join: nested arrays are joined recursively with the
// same separator.
func (r *R) joinArray(a *Array, sep string) string {
	return r.joinDepth(a, sep, 0)
}

func (r *R) joinDepth(a *Array, sep string, depth int) string {
	if depth > 100 {
		argError("recursive array join")
	}
	parts := make([]string, len(a.A))
	for i, e := range a.A {
		if sub, ok := e.(*Array); ok {
			parts[i] = r.joinDepth(sub, sep, depth+1)
		} else {
			parts[i] = r.joinElem(e)
		}
	}
	return strings.Join(parts, sep)
}

func (r *R) joinElem(e Value) string {
	switch x := e.(type) {
	case *Str:
		return x.S
	case *Hash:
		return Inspect(x)
	}
	return ToS(e)
}

// Join is join.
func (r *R) Join(recv Value, args ...Value) Value {
	switch recv {
	case ClassFile:
		return S(fileJoin(ownArgs(args)))
	case ClassShellwords:
		return r.Shelljoin(recv, args...) // Shellwords.join, an alias
	}
	arity(args, 0, 1)
	x, ok := recv.(*Array)
	if !ok {
		noMethod("join", recv)
	}
	sep := ""
	if len(args) == 1 && args[0] != nil {
		sep = strArg(args[0])
	}
	return r.newStr(r.joinArray(x, sep))
}

func (r *R) firstLast(name string, recv Value, args []Value, last bool) Value {
	arity(args, 0, 1)
	var el []Value
	switch x := recv.(type) {
	case *Array:
		el = x.A
	case *Hash:
		if last {
			noMethod(name, recv)
		}
		el = hashPairs(x).A
	case *Range:
		if len(args) == 0 {
			if last {
				return x.Hi
			}
			return x.Lo
		}
		el = rangeElems(x)
	case *Enumerator:
		if last {
			noMethod(name, recv)
		}
		el = r.enumToA(x).A
	default:
		noMethod(name, recv)
	}
	if len(args) == 0 {
		if len(el) == 0 {
			return nil
		}
		if last {
			return el[len(el)-1]
		}
		return el[0]
	}
	n := int(intArg(args[0]))
	if n < 0 {
		argError("negative array size")
	}
	n = min(n, len(el))
	if last {
		return &Array{A: append([]Value(nil), el[len(el)-n:]...)}
	}
	return &Array{A: append([]Value(nil), el[:n]...)}
}

// First is first.
func (r *R) First(recv Value, args ...Value) Value { return r.firstLast("first", recv, args, false) }

// Last is last.
func (r *R) Last(recv Value, args ...Value) Value { return r.firstLast("last", recv, args, true) }

func flatten(el []Value, depth int, out []Value) ([]Value, bool) {
	changed := false
	for _, e := range el {
		if a, ok := e.(*Array); ok && depth != 0 {
			changed = true
			out, _ = flatten(a.A, depth-1, out)
			continue
		}
		out = append(out, e)
	}
	return out, changed
}

// Flatten is flatten.
func (r *R) Flatten(recv Value, args ...Value) Value {
	arity(args, 0, 1)
	depth := -1
	if len(args) == 1 && args[0] != nil {
		depth = int(intArg(args[0]))
	}
	switch x := recv.(type) {
	case *Array:
		// room for the elements, all there is when none is an Array
		out := arrayRoom(len(x.A))
		out.A, _ = flatten(x.A, depth, out.A)
		return out
	case *Hash:
		if depth < 0 {
			depth = 1
		}
		out, _ := flatten(hashPairs(x).A, depth, nil)
		return &Array{A: out}
	}
	noMethod("flatten", recv)
	return nil
}

// FlattenBang is flatten!.
func (r *R) FlattenBang(recv Value, args ...Value) Value {
	x, ok := recv.(*Array)
	if !ok {
		noMethod("flatten!", recv)
	}
	depth := -1
	if len(args) == 1 && args[0] != nil {
		depth = int(intArg(args[0]))
	}
	out, changed := flatten(x.A, depth, nil)
	x.A = out
	if !changed {
		return nil
	}
	return x
}

// Compact is compact.
func (r *R) Compact(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Array:
		out := arrayRoom(len(x.A))
		for _, e := range x.A {
			if e != nil {
				out.A = append(out.A, e)
			}
		}
		return out
	case *Hash:
		out := NewHash()
		for i, k := range x.Keys() {
			if x.Values()[i] != nil {
				out.Set(k, x.Values()[i])
			}
		}
		return out
	}
	noMethod("compact", recv)
	return nil
}

// CompactBang is compact!.
func (r *R) CompactBang(recv Value, args ...Value) Value {
	x, ok := recv.(*Array)
	if !ok {
		noMethod("compact!", recv)
	}
	out := r.Compact(x).(*Array).A
	if len(out) == len(x.A) {
		return nil
	}
	x.A = out
	return x
}

func (r *R) include(name string, recv Value, args []Value) Value {
	arity(args, 1, 1)
	switch x := recv.(type) {
	case *Array:
		for _, e := range x.A {
			if Equal(e, args[0]) {
				return true
			}
		}
		return false
	case *Hash:
		_, ok := x.Lookup(args[0])
		return ok
	case *rubySet:
		_, ok := x.h.Lookup(args[0])
		return ok
	case *Str:
		if name != "include?" {
			noMethod(name, recv)
		}
		return strings.Contains(x.S, strArg(args[0]))
	case *Range:
		return rangeCover(x, args[0])
	case *IPAddr:
		return x.include(args[0])
	case *Object:
		if in, isRange := semverRangeIncludes(x, args[0]); isRange {
			return in // semver.go
		}
	case *Enumerator:
		for _, e := range r.enumToA(x).A {
			if Equal(e, args[0]) {
				return true
			}
		}
		return false
	}
	noMethod(name, recv)
	return nil
}

// InLiterals is [lits...].include?(x) of an Array literal whose elements
// are nil, true, false, Integers, Symbols and Strings, a String given as
// its Go string (no Ruby value is one): Equal of each with x, without the
// Array and its Strings.
func InLiterals(x Value, lits ...Value) Value {
	for _, l := range lits {
		if s, ok := l.(string); ok {
			if StrEqual(s, x) {
				return true
			}
		} else if Equal(l, x) {
			return true
		}
	}
	return false
}

// IncludeQ is include?.
func (r *R) IncludeQ(recv Value, args ...Value) Value { return r.include("include?", recv, args) }

// MemberQ is member?.
func (r *R) MemberQ(recv Value, args ...Value) Value { return r.include("member?", recv, args) }

// CoverQ is Range#cover?.
func (r *R) CoverQ(recv Value, args ...Value) Value {
	x, ok := recv.(*Range)
	if !ok {
		noMethod("cover?", recv)
	}
	arity(args, 1, 1)
	return rangeCover(x, args[0])
}

// Keys is Hash#keys.
func (r *R) Keys(recv Value, args ...Value) Value {
	h := mustHash("keys", recv)
	return &Array{A: append([]Value(nil), h.Keys()...)}
}

// Values is Hash#values.
func (r *R) Values(recv Value, args ...Value) Value {
	h := mustHash("values", recv)
	return &Array{A: append([]Value(nil), h.Values()...)}
}

func (r *R) hasKey(name string, recv Value, args []Value) Value {
	h := mustHash(name, recv)
	arity(args, 1, 1)
	_, ok := h.Lookup(args[0])
	return ok
}

// KeyQ is key?.
func (r *R) KeyQ(recv Value, args ...Value) Value { return r.hasKey("key?", recv, args) }

// HasKeyQ is has_key?.
func (r *R) HasKeyQ(recv Value, args ...Value) Value { return r.hasKey("has_key?", recv, args) }

func (r *R) hasValue(name string, recv Value, args []Value) Value {
	h := mustHash(name, recv)
	arity(args, 1, 1)
	for _, v := range h.Values() {
		if Equal(v, args[0]) {
			return true
		}
	}
	return false
}

// ValueQ is value?.
func (r *R) ValueQ(recv Value, args ...Value) Value { return r.hasValue("value?", recv, args) }

// HasValueQ is has_value?.
func (r *R) HasValueQ(recv Value, args ...Value) Value { return r.hasValue("has_value?", recv, args) }

// Key is Hash#key(value).
func (r *R) Key(recv Value, args ...Value) Value {
	h := mustHash("key", recv)
	arity(args, 1, 1)
	for i, v := range h.Values() {
		if Equal(v, args[0]) {
			return h.Keys()[i]
		}
	}
	return nil
}

// ValuesAt is values_at.
func (r *R) ValuesAt(recv Value, args ...Value) Value {
	var out []Value
	switch x := recv.(type) {
	case *Hash:
		for _, k := range args {
			out = append(out, r.hashGet(x, k))
		}
	case *Array:
		for _, i := range args {
			out = append(out, r.Aref(x, i))
		}
	case *MatchData:
		for _, i := range args {
			out = append(out, r.Aref(x, i))
		}
	default:
		noMethod("values_at", recv)
	}
	return &Array{A: out}
}

// Store is Hash#store.
func (r *R) Store(recv Value, args ...Value) Value {
	h := mustHash("store", recv)
	arity(args, 2, 2)
	h.Set(args[0], args[1])
	return args[1]
}

// Invert is Hash#invert.
func (r *R) Invert(recv Value, args ...Value) Value {
	h := mustHash("invert", recv)
	out := NewHash()
	for i, k := range h.Keys() {
		out.Set(h.Values()[i], k)
	}
	return out
}

// Default is Hash#default.
func (r *R) Default(recv Value, args ...Value) Value {
	return mustHash("default", recv).Default
}

// Fetch is fetch (Hash and Array).
func (r *R) Fetch(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 2)
	switch x := recv.(type) {
	case *Hash:
		if v, ok := x.Lookup(args[0]); ok {
			return v
		}
		if b != nil {
			return b.yield1(args[0])
		}
		if len(args) == 2 {
			return args[1]
		}
		raise(ClassKeyError, "key not found: %s%s", Inspect(args[0]), didYouMean(keySuggestions(args[0], x)))
	case *Array:
		i := int(intArg(args[0]))
		idx := i
		if idx < 0 {
			idx += len(x.A)
		}
		if idx >= 0 && idx < len(x.A) {
			return x.A[idx]
		}
		if b != nil {
			return b.yield1(args[0])
		}
		if len(args) == 2 {
			return args[1]
		}
		raise(ClassIndexError, "index %d outside of array bounds: %d...%d", i, -len(x.A), len(x.A))
	}
	noMethod("fetch", recv)
	return nil
}

// TransformValues is transform_values.
func (r *R) TransformValues(recv Value, b *Block, args ...Value) Value {
	h := mustHash("transform_values", recv)
	needBlock(b, "transform_values")
	out := NewHash()
	for i, k := range h.Keys() {
		out.Set(k, b.yield1(h.Values()[i]))
	}
	return out
}

// TransformKeys is transform_keys.
func (r *R) TransformKeys(recv Value, b *Block, args ...Value) Value {
	h := mustHash("transform_keys", recv)
	needBlock(b, "transform_keys")
	out := NewHash()
	for i, k := range h.Keys() {
		out.Set(b.yield1(k), h.Values()[i])
	}
	return out
}

func (r *R) mergeInto(dst *Hash, b *Block, args []Value) {
	dst.reserve(mergedLen(args))
	for _, a := range args {
		src, ok := a.(*Hash)
		if !ok {
			implicitConversion(a, "Hash")
		}
		for i, k := range src.Keys() {
			v := src.Values()[i]
			if b != nil {
				if old, ok := dst.Lookup(k); ok {
					v = b.Call(k, old, v)
				}
			}
			dst.Set(k, v)
		}
	}
}

// mergedLen is how many entries the hashes of args have: room for what
// merging them adds.
func mergedLen(args []Value) int {
	n := 0
	for _, a := range args {
		if src, ok := a.(*Hash); ok {
			n += src.Len()
		}
	}
	return n
}

// Merge is merge.
func (r *R) Merge(recv Value, b *Block, args ...Value) Value {
	h := mustHash("merge", recv)
	out := h.dupRoom(mergedLen(args))
	out.Default, out.DefaultProc = h.Default, h.DefaultProc
	r.mergeInto(out, b, args)
	return out
}

// MergeBang is merge!.
func (r *R) MergeBang(recv Value, b *Block, args ...Value) Value {
	h := mustHash("merge!", recv)
	r.mergeInto(h, b, args)
	return h
}

// Update is Hash#update (and Digest#update).
func (r *R) Update(recv Value, b *Block, args ...Value) Value {
	switch d := recv.(type) {
	case *digestObject:
		return d.update(args)
	case *hmacObject:
		return d.update(args)
	}
	h := mustHash("update", recv)
	r.mergeInto(h, b, args)
	return h
}

// Tally is tally.
func (r *R) Tally(recv Value, b *Block, args ...Value) Value {
	out := NewHash()
	r.eachValue("tally", recv, func(v Value) {
		n, _ := out.Lookup(v)
		c, _ := n.(int64)
		out.Set(v, c+1)
	})
	return out
}

// Zip is zip.
func (r *R) Zip(recv Value, b *Block, args ...Value) Value {
	el := r.elems("zip", recv)
	others := make([][]Value, len(args))
	for i, a := range args {
		others[i] = r.elems("zip", a)
	}
	out := make([]Value, len(el))
	for i, e := range el {
		row := []Value{e}
		for _, o := range others {
			if i < len(o) {
				row = append(row, o[i])
			} else {
				row = append(row, nil)
			}
		}
		out[i] = &Array{A: row}
	}
	if b != nil {
		for _, row := range out {
			b.yield1(row)
		}
		return nil
	}
	return &Array{A: out}
}

// Cycle is cycle(n).
func (r *R) Cycle(recv Value, b *Block, args ...Value) Value {
	if len(args) != 1 || args[0] == nil {
		raise(ClassArgumentError, "pp2go: cycle without a count is not supported")
	}
	n := intArg(args[0])
	el := r.elems("cycle", recv)
	needBlock(b, "cycle")
	for i := int64(0); i < n; i++ {
		for _, e := range el {
			b.yield1(e)
		}
	}
	return nil
}

func mustArray(name string, recv Value) *Array {
	a, ok := recv.(*Array)
	if !ok {
		noMethod(name, recv)
	}
	return a
}

// Push is push.
func (r *R) Push(recv Value, args ...Value) Value {
	a := mustArray("push", recv)
	a.A = append(a.A, args...)
	return a
}

// Append is append.
func (r *R) Append(recv Value, args ...Value) Value {
	a := mustArray("append", recv)
	a.A = append(a.A, args...)
	return a
}

// Pop is pop.
func (r *R) Pop(recv Value, args ...Value) Value {
	a := mustArray("pop", recv)
	if len(args) == 1 {
		n := min(int(intArg(args[0])), len(a.A))
		out := append([]Value(nil), a.A[len(a.A)-n:]...)
		a.A = a.A[:len(a.A)-n]
		return &Array{A: out}
	}
	if len(a.A) == 0 {
		return nil
	}
	v := a.A[len(a.A)-1]
	a.A = a.A[:len(a.A)-1]
	return v
}

// Shift is shift.
func (r *R) Shift(recv Value, args ...Value) Value {
	a := mustArray("shift", recv)
	if len(args) == 1 {
		n := min(int(intArg(args[0])), len(a.A))
		out := append([]Value(nil), a.A[:n]...)
		a.A = append([]Value(nil), a.A[n:]...)
		return &Array{A: out}
	}
	if len(a.A) == 0 {
		return nil
	}
	v := a.A[0]
	a.A = append([]Value(nil), a.A[1:]...)
	return v
}

// Unshift is unshift.
func (r *R) Unshift(recv Value, args ...Value) Value {
	a := mustArray("unshift", recv)
	a.A = append(append([]Value(nil), args...), a.A...)
	return a
}

// DeleteAt is delete_at.
func (r *R) DeleteAt(recv Value, args ...Value) Value {
	a := mustArray("delete_at", recv)
	arity(args, 1, 1)
	i := int(intArg(args[0]))
	if i < 0 {
		i += len(a.A)
	}
	if i < 0 || i >= len(a.A) {
		return nil
	}
	v := a.A[i]
	a.A = append(a.A[:i:i], a.A[i+1:]...)
	return v
}

// Reverse is reverse (Array and String).
func (r *R) Reverse(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Array:
		out := make([]Value, len(x.A))
		for i, e := range x.A {
			out[len(x.A)-1-i] = e
		}
		return &Array{A: out}
	case *Str:
		if x.Bin {
			// a binary string's characters are bytes
			bs := []byte(x.S)
			slices.Reverse(bs)
			return &Str{S: string(bs), Bin: true}
		}
		rs := []rune(x.S)
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
		return S(string(rs))
	case *IPAddr:
		// IPAddr#reverse: the DNS name of its PTR record
		arity(args, 0, 0)
		if x.v6 {
			return S(x.ipReverse() + ".ip6.arpa")
		}
		return S(x.ipReverse() + ".in-addr.arpa")
	}
	noMethod("reverse", recv)
	return nil
}

// ReverseBang is reverse!.
func (r *R) ReverseBang(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Array:
		x.A = r.Reverse(x).(*Array).A
		return x
	case *Str:
		checkFrozen(x)
		x.S = r.Reverse(x).(*Str).S
		return x
	}
	noMethod("reverse!", recv)
	return nil
}

// Rotate is rotate.
func (r *R) Rotate(recv Value, args ...Value) Value {
	a := mustArray("rotate", recv)
	n := 1
	if len(args) == 1 {
		n = int(intArg(args[0]))
	}
	if len(a.A) == 0 {
		return NewArray()
	}
	n = ((n % len(a.A)) + len(a.A)) % len(a.A)
	return &Array{A: append(append([]Value(nil), a.A[n:]...), a.A[:n]...)}
}

// Transpose is transpose.
func (r *R) Transpose(recv Value, args ...Value) Value {
	a := mustArray("transpose", recv)
	if len(a.A) == 0 {
		return NewArray()
	}
	rows := make([][]Value, len(a.A))
	for i, e := range a.A {
		row, ok := e.(*Array)
		if !ok {
			implicitConversion(e, "Array")
		}
		rows[i] = row.A
		if len(row.A) != len(rows[0]) {
			raise(ClassIndexError, "element size differs (%d should be %d)", len(row.A), len(rows[0]))
		}
	}
	out := make([]Value, len(rows[0]))
	for j := range rows[0] {
		col := make([]Value, len(rows))
		for i := range rows {
			col[i] = rows[i][j]
		}
		out[j] = &Array{A: col}
	}
	return &Array{A: out}
}

// Take is take(n).
func (r *R) Take(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	el := r.elems("take", recv)
	n := int(intArg(args[0]))
	if n < 0 {
		argError("attempt to take negative size")
	}
	return &Array{A: append([]Value(nil), el[:min(n, len(el))]...)}
}

// Drop is drop(n).
func (r *R) Drop(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	el := r.elems("drop", recv)
	n := int(intArg(args[0]))
	if n < 0 {
		argError("attempt to drop negative size")
	}
	return &Array{A: append([]Value(nil), el[min(n, len(el)):]...)}
}

// Clear is clear.
func (r *R) Clear(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Array:
		x.A = nil
		return x
	case *Hash:
		x.clear()
		return x
	case *Str:
		checkFrozen(x)
		x.S = ""
		return x
	}
	noMethod("clear", recv)
	return nil
}

// Entries is entries.
func (r *R) Entries(recv Value, args ...Value) Value {
	return &Array{A: append([]Value(nil), r.elems("entries", recv)...)}
}

// Product is product.
func (r *R) Product(recv Value, args ...Value) Value {
	a := mustArray("product", recv)
	out := []Value{}
	for _, e := range a.A {
		out = append(out, NewArray(e))
	}
	for _, o := range args {
		oa, ok := o.(*Array)
		if !ok {
			implicitConversion(o, "Array")
		}
		var next []Value
		for _, p := range out {
			for _, e := range oa.A {
				row := append(append([]Value(nil), p.(*Array).A...), e)
				next = append(next, &Array{A: row})
			}
		}
		out = next
	}
	return &Array{A: out}
}

// Assoc is assoc.
func (r *R) Assoc(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	switch x := recv.(type) {
	case *Hash:
		if v, ok := x.Lookup(args[0]); ok {
			for _, k := range x.Keys() {
				if eql(k, args[0]) {
					return NewArray(k, v)
				}
			}
		}
		return nil
	case *Array:
		for _, e := range x.A {
			if row, ok := e.(*Array); ok && len(row.A) > 0 && Equal(row.A[0], args[0]) {
				return row
			}
		}
		return nil
	}
	noMethod("assoc", recv)
	return nil
}

// Ranges.

func rangeElems(rg *Range) []Value {
	var out []Value
	rangeEach(rg, func(v Value) { out = append(out, v) })
	return out
}

func rangeEach(rg *Range, fn func(Value)) {
	switch lo := rg.Lo.(type) {
	case int64:
		var hi int64
		switch h := rg.Hi.(type) {
		case int64:
			hi = h
		case float64:
			hi = int64(math.Floor(h))
			if rg.Excl && float64(hi) == h {
				hi--
			} else if rg.Excl {
				hi++
				hi--
			}
			for i := lo; i <= hi; i++ {
				fn(i)
			}
			return
		case nil:
			raise(ClassRangeError, "pp2go: endless ranges are not supported")
		default:
			typeError("can't iterate from Integer")
		}
		if rg.Excl {
			hi--
		}
		for i := lo; i <= hi; i++ {
			fn(i)
		}
	case *Str:
		hi, ok := rg.Hi.(*Str)
		if !ok {
			typeError("can't iterate from String")
		}
		s := lo.S
		if len(s) > len(hi.S) {
			return
		}
		for n := 0; n < 100000; n++ {
			if s == hi.S {
				if !rg.Excl {
					fn(S(s))
				}
				return
			}
			fn(S(s))
			s = succString(s)
			if len(s) > len(hi.S) {
				return
			}
		}
	default:
		typeError("can't iterate from %s", classOf(rg.Lo).Name)
	}
}

func rangeSize(rg *Range) Value {
	lo, ok1 := rg.Lo.(int64)
	hi, ok2 := rg.Hi.(int64)
	if !ok1 || !ok2 {
		return nil
	}
	n := hi - lo + 1
	if rg.Excl {
		n--
	}
	if n < 0 {
		n = 0
	}
	return n
}

func rangeCover(rg *Range, v Value) bool {
	if rg.Lo != nil {
		c, ok := compare(rg.Lo, v)
		if !ok || c > 0 {
			return false
		}
	}
	if rg.Hi != nil {
		c, ok := compare(v, rg.Hi)
		if !ok || c > 0 || rg.Excl && c == 0 {
			return false
		}
	}
	return true
}

// NewRange makes a range literal.
func NewRange(lo, hi Value, excl bool) *Range {
	switch lo.(type) {
	case int64, float64, *Str, nil:
	default:
		if hi != nil {
			if _, ok := compare(lo, hi); !ok {
				argError("bad value for range")
			}
		}
	}
	if lo != nil && hi != nil {
		if _, ok := compare(lo, hi); !ok {
			argError("bad value for range")
		}
	}
	return &Range{Lo: lo, Hi: hi, Excl: excl}
}
