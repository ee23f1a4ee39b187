package fn

import (
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/values"
)

// Iterator is Puppet's Iterator value: what reverse_each and step return
// without a block. It is a finite sequence, produced lazily for integer
// ranges and from a slice otherwise.
type Iterator struct {
	values.External
	elem values.Type
	// a slice of elements (reversed when rev)
	elems []values.Value
	rev   bool
	// or an integer range: from, to, step (step < 0 counts down from to)
	isRange        bool
	from, to, step int64
	// stepN > 1 takes every stepN-th element of the slice form
	stepN int
}

// ElementType implements values.IteratorValue.
func (it *Iterator) ElementType() values.Type {
	if it.elem == nil {
		return values.AnyT
	}
	return it.elem
}

// String is how Puppet prints an iterator: "Iterator[T]-Value".
func (it *Iterator) String() string {
	if it.elem == nil {
		return "Iterator-Value"
	}
	return "Iterator[" + values.TypeString(values.Generalize(it.elem)) + "]-Value"
}

// All yields the elements in order until yield returns false.
func (it *Iterator) All(yield func(values.Value) bool) {
	if it.isRange {
		if it.step > 0 {
			for v := it.from; v <= it.to; v += it.step {
				if !yield(values.Int(v)) {
					return
				}
				if v > it.to-it.step { // overflow guard
					return
				}
			}
		} else {
			for v := it.to; v >= it.from; v += it.step {
				if !yield(values.Int(v)) {
					return
				}
				if v < it.from-it.step {
					return
				}
			}
		}
		return
	}
	n := len(it.elems)
	st := it.stepN
	if st < 1 {
		st = 1
	}
	for k := 0; k < n; k += st {
		i := k
		if it.rev {
			i = n - 1 - k
		}
		if !yield(it.elems[i]) {
			return
		}
	}
}

// Slice returns the elements.
func (it *Iterator) Slice() []values.Value {
	var out []values.Value
	it.All(func(v values.Value) bool { out = append(out, v); return true })
	return out
}

// Reverse is the iterator's reverse_each.
func (it *Iterator) Reverse() *Iterator {
	if it.isRange {
		r := *it
		r.step = -it.step
		return &r
	}
	if it.stepN > 1 {
		return &Iterator{elem: it.elem, elems: reverseValues(it.Slice())}
	}
	r := *it
	r.rev = !it.rev
	return &r
}

// Step is the iterator's step(n) (n >= 1).
func (it *Iterator) Step(n int64) *Iterator {
	if n <= 1 {
		return it
	}
	if it.isRange {
		// Puppet narrows the range so that it ends on a step
		st := it.step * n
		from, to := it.from, it.to
		mod := RubyMod(to-from, st)
		if mod < 0 {
			from -= mod
		} else if mod > 0 {
			to -= mod
		}
		return &Iterator{elem: it.elem, isRange: true, from: from, to: to, step: st}
	}
	if it.stepN > 1 || it.rev {
		return &Iterator{elem: it.elem, elems: it.Slice(), stepN: int(n)}
	}
	return &Iterator{elem: it.elem, elems: it.elems, stepN: int(n)}
}

func reverseValues(vs []values.Value) []values.Value {
	out := make([]values.Value, len(vs))
	for i, v := range vs {
		out[len(vs)-1-i] = v
	}
	return out
}

// IterableOf is Puppet's Iterable.on: the iterator over an Iterable value
// (String: its characters; Array: its elements; Hash: [key, value] pairs;
// Integer n >= 0: 0..n-1; a finite Integer type: its range; an Enum type:
// its values; an Iterator: itself). It returns nil when v is not
// iterable. inferElems computes the element type of arrays and hashes as
// Puppet does when it must (reverse_each and step without a block).
func IterableOf(v values.Value, inferElems bool) *Iterator {
	switch x := v.(type) {
	case *Iterator:
		return x
	case values.String:
		s := string(x)
		elems := make([]values.Value, 0, len(s))
		binary := values.IsBinaryString(x) // its characters are bytes, each binary
		for len(s) > 0 {
			_, n := utf8.DecodeRuneInString(s)
			if binary {
				elems = append(elems, values.BinaryString(s[:1]))
				s = s[1:]
				continue
			}
			elems = append(elems, values.String(s[:n]))
			s = s[n:]
		}
		return &Iterator{elem: values.NewStringType(values.NewIntegerType(1, 1)), elems: elems}
	case *values.Array:
		if x.Len() == 0 {
			return &Iterator{elem: values.UnitT}
		}
		it := &Iterator{elems: x.Elems()}
		if inferElems {
			ts := make([]values.Type, x.Len())
			for i, e := range x.Elems() {
				ts[i] = values.InferSet(e)
			}
			it.elem = values.VariantOf(ts...)
		}
		return it
	case *values.Hash:
		pairs := make([]values.Value, x.Len())
		for i := 0; i < x.Len(); i++ {
			pairs[i] = values.NewArray(x.KeyAt(i), x.ValueAt(i))
		}
		it := &Iterator{elems: pairs}
		if x.Len() == 0 {
			it.elem = values.NewTupleType([]values.Type{values.UnitT, values.UnitT}, values.NewIntegerType(2, 2))
		} else if inferElems {
			ks := make([]values.Type, x.Len())
			vs := make([]values.Type, x.Len())
			for i := 0; i < x.Len(); i++ {
				ks[i] = values.InferSet(x.KeyAt(i))
				vs[i] = values.InferSet(x.ValueAt(i))
			}
			it.elem = values.NewTupleType([]values.Type{values.VariantOf(ks...), values.VariantOf(vs...)}, values.NewIntegerType(2, 2))
		}
		return it
	case values.Int:
		if x == 0 {
			return &Iterator{elem: values.UnitT}
		}
		if x > 0 {
			return &Iterator{elem: values.NewIntegerType(0, int64(x)-1), isRange: true, from: 0, to: int64(x) - 1, step: 1}
		}
		return nil
	case *values.IntegerType:
		if x.From == minInt64 || x.To == maxInt64 {
			return nil
		}
		return &Iterator{elem: x, isRange: true, from: x.From, to: x.To, step: 1}
	case *values.EnumType:
		elems := make([]values.Value, len(x.Values))
		for i, s := range x.Values {
			elems[i] = values.String(s)
		}
		return &Iterator{elem: x, elems: elems}
	case *values.TypeAliasType:
		return IterableOf(x.ResolvedType(), inferElems)
	}
	return nil
}

const (
	minInt64 = -1 << 63
	maxInt64 = 1<<63 - 1
)

// Iterate yields the elements of an Iterable value (see IterableOf); it
// fails with Puppet's message when v is not iterable. caller names the
// function for that message.
func Iterate(caller string, v values.Value, yield func(values.Value) bool) {
	it := IterableOf(v, false)
	if it == nil {
		panic(Errorf("%s(): wrong argument type (%s; is not Iterable.", caller, values.TypeString(values.Infer(v))))
	}
	it.All(yield)
}

// CatchBreak runs f and reports whether a lambda in it called break()
// (a BreakSignal panic, which it stops). Other panics pass through.
func CatchBreak(f func()) (broke bool) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case BreakSignal, *BreakSignal:
				broke = true
			default:
				panic(r)
			}
		}
	}()
	f()
	return false
}

// BlockArity is the number of parameters a lambda declares, as Ruby's
// Proc#arity gives it for a Puppet lambda: negative (-required-1) when
// it has optional parameters or captures the rest.
func BlockArity(b Block) int {
	ct := b.CallableType()
	if ct == nil || ct.Params == nil {
		return -1
	}
	n := len(ct.Params.Types)
	if ct.Params.Size == nil {
		return n
	}
	from, to := ct.Params.Size.From, ct.Params.Size.To
	if from == to {
		return int(from)
	}
	return -int(from) - 1
}

// ParamNamer is implemented by blocks that know their parameters' names.
type ParamNamer interface {
	ParameterNames() []string
}

// RubyMod is Ruby's Integer#%: the result has the sign of b.
func RubyMod(a, b int64) int64 {
	m := a % b
	if m != 0 && (m < 0) != (b < 0) {
		m += b
	}
	return m
}
