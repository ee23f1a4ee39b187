package erb

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// A block whose last statement writes output (BlockOut) gives its caller
// _erbout as it is then, a new String each time, as r.Erbout() did: map,
// Call and each_with_index's enumerator see it. Array#each drops it and
// makes none.
func TestBlockOut(t *testing.T) {
	r := New(&testScope{vars: values.NewHash()})
	r.Text("a")
	b := Blk1(func(x Value) Value {
		r.Text(ToS(x))
		return r.BlockOut()
	})
	if got := Inspect(r.Map(NewArray(int64(1), int64(2)), b)); got != `["a1", "a12"]` {
		t.Errorf("map: %s", got)
	}
	v := b.Call(int64(3))
	if s, ok := v.(*Str); !ok || s.S != "a123" {
		t.Errorf("call: %#v", v)
	}
	if got := Inspect(r.Map(r.EachWithIndex(NewArray(S("x")), nil), Blk2(func(x, i Value) Value {
		r.Text(ToS(x))
		return r.BlockOut()
	}))); got != `["a123x"]` {
		t.Errorf("each_with_index.map: %s", got)
	}
	arr := NewArray(int64(4))
	if n := testing.AllocsPerRun(10, func() { r.Each(arr, b) }); n != 0 {
		t.Errorf("each made %v allocations", n)
	}
}

// MapUnused runs the block for each element as map does, in order, and
// keeps nothing; on an Enumerator it is map.
func TestMapUnused(t *testing.T) {
	r := New(&testScope{vars: values.NewHash()})
	var seen []string
	b := Blk2(func(k, v Value) Value {
		seen = append(seen, ToS(k)+"="+ToS(v))
		return r.BlockOut()
	})
	h := &Hash{}
	h.Set(S("a"), int64(1))
	h.Set(S("b"), int64(2))
	if v := r.MapUnused(h, "map", b); v != nil {
		t.Errorf("value %#v", v)
	}
	r.MapUnused(NewArray(NewArray(S("c"), int64(3))), "collect", b)
	if got := strings.Join(seen, " "); got != "a=1 b=2 c=3" {
		t.Errorf("yielded %s", got)
	}
	e := r.EachWithIndex(NewArray(S("x")), nil)
	if got := Inspect(r.MapUnused(e, "map", Blk2(func(x, i Value) Value { return i }))); got != "[0]" {
		t.Errorf("enumerator: %s", got)
	}
}

// InLiterals answers as Array#include? does in Ruby (elem == x): 1 == 1.0,
// a String is not its Symbol, nil only nil; it allocates nothing.
func TestInLiterals(t *testing.T) {
	for _, c := range []struct {
		x    Value
		lits []Value
		want bool
	}{
		{nil, []Value{nil, "", Symbol("undef")}, true},
		{S(""), []Value{nil, "", Symbol("undef")}, true},
		{Symbol("undef"), []Value{nil, "", Symbol("undef")}, true},
		{S("undef"), []Value{nil, "", Symbol("undef")}, false},
		{false, []Value{nil, ""}, false},
		{1.0, []Value{int64(1), int64(2)}, true},
		{S("1"), []Value{int64(1)}, false},
		{Symbol("a"), []Value{"a"}, false},
		{S("b"), []Value{"a", "b"}, true},
		{true, []Value{true}, true},
		{NewArray(S("a")), []Value{"a"}, false},
	} {
		if got := InLiterals(c.x, c.lits...); got != c.want {
			t.Errorf("%s in %v: %v, want %v", Inspect(c.x), c.lits, got, c.want)
		}
	}
	x := S("x")
	if n := testing.AllocsPerRun(10, func() { InLiterals(x, nil, "", Symbol("undef"), int64(3)) }); n != 0 {
		t.Errorf("InLiterals made %v allocations", n)
	}
}

// A rendering that reads as many variables as NewSized is told, up to 8,
// allocates its R, its variables' table, the origins of those it read
// and their Strings at once; it reads them as before.
func TestNewSizedRoom(t *testing.T) {
	s := &testScope{vars: values.NewHashFromPairs(values.String("a"), values.String("a1"),
		values.String("b"), values.String("b1"), values.String("c"), values.String("c1"))}
	for n := 1; n <= 3; n++ {
		names, wants := []string{"a", "b", "c"}[:n], []string{"a1", "b1", "c1"}
		allocs := testing.AllocsPerRun(10, func() {
			r := NewSized(s, 0, n)
			for i, k := range names {
				if v := r.IVar(k); !EqualStr(v, wants[i]) {
					t.Errorf("@%s is %s", k, Inspect(v))
				}
			}
		})
		if allocs != 1 {
			t.Errorf("%d variables: %v allocations, want 1", n, allocs)
		}
	}
}

// Destructure's list, of the constant count generated code gives, is on
// the caller's stack: a, b, c = x allocates nothing.
func TestDestructureNoAllocation(t *testing.T) {
	arr := NewArray(S("a"), S("b"))
	var a, b, c Value
	if n := testing.AllocsPerRun(10, func() {
		parts := Destructure(arr, 3, -1)
		a, b, c = parts[0], parts[1], parts[2]
	}); n != 0 {
		t.Errorf("Destructure made %v allocations", n)
	}
	if !EqualStr(a, "a") || !EqualStr(b, "b") || c != nil {
		t.Errorf("a, b, c = [\"a\", \"b\"]: %s, %s, %s", Inspect(a), Inspect(b), Inspect(c))
	}
}
