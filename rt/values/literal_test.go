package values

import (
	"strconv"
	"testing"
)

// TestLiterals: the arrays and hashes generated code lays out as data
// (ArrayLit, HashLit) are those NewArray and a HashBuilder make.
func TestLiterals(t *testing.T) {
	a := ArrayLit(String("x"), Int(1))
	if !Equals(&a, NewArray(String("x"), Int(1))) {
		t.Errorf("ArrayLit = %v", &a)
	}
	keys := []Value{String("k"), String("l")}
	vals := []Value{String("v"), &a}
	h := HashLit(keys, vals)
	b := NewHashBuilder(2)
	b.Put(String("k"), String("v"))
	b.Put(String("l"), &a)
	if !Equals(&h, b.Build()) {
		t.Errorf("HashLit = %v", &h)
	}
	if v, ok := h.GetString("l"); !ok || v != Value(&a) {
		t.Errorf(`HashLit's "l" = %v, %v`, v, ok)
	}
	if _, ok := h.Get(String("m")); ok {
		t.Error(`HashLit has "m"`)
	}
}

// TestNewArrayCopy: an array literal's Array holds a copy of the list it
// is given, up to four elements in one allocation.
func TestNewArrayCopy(t *testing.T) {
	for n := 0; n <= 6; n++ {
		list := make([]Value, n)
		for i := range list {
			list[i] = Int(i)
		}
		a := NewArrayCopy(list...)
		if !Equals(a, NewArray(list...)) || len(a.Elems()) != cap(a.Elems()) {
			t.Fatalf("NewArrayCopy of %d = %v (cap %d)", n, a, cap(a.Elems()))
		}
		if n > 0 {
			list[0] = String("changed")
			if a.At(0) != Int(0) {
				t.Errorf("NewArrayCopy of %d shares the caller's list", n)
			}
		}
	}
	x, y := Value(String("x")), Value(Int(1))
	if n := testing.AllocsPerRun(100, func() { _ = NewArrayCopy(x, y) }); n != 1 {
		t.Errorf("NewArrayCopy of 2: %v allocations, want 1", n)
	}
}

// TestHashRoom: a builder's hash of up to HashLitMax entries is one
// allocation, and keys added past its room move its keys without
// overwriting its values.
func TestHashRoom(t *testing.T) {
	for n := 1; n <= HashLitMax+1; n++ {
		b := NewHashBuilder(n)
		for i := 0; i < n+3; i++ {
			b.Put(Int(i), Int(-i))
		}
		h := b.Build()
		for i := 0; i < n+3; i++ {
			if h.KeyAt(i) != Int(i) || h.ValueAt(i) != Int(-i) {
				t.Fatalf("room %d: entry %d = %v => %v", n, i, h.KeyAt(i), h.ValueAt(i))
			}
		}
	}
	k, v := Value(String("value")), Value(Int(1))
	if n := testing.AllocsPerRun(100, func() {
		b := NewHashBuilder(1)
		b.Put(k, v)
		_ = b.Build()
	}); n != 1 {
		t.Errorf("a hash of one entry: %v allocations, want 1", n)
	}
}

// TestLargeHashLit: a HashLit of more than HashLitMax entries has no index
// (the linker lays it out) and finds, merges and compares as a built hash
// of the same entries, which has one; an empty HashLit and ArrayLit are
// the empty hash and array.
func TestLargeHashLit(t *testing.T) {
	const n = 3 * HashLitMax
	keys, vals := make([]Value, n), make([]Value, n)
	b := NewHashBuilder(n)
	for i := range n {
		keys[i], vals[i] = String("k"+strconv.Itoa(i)), Int(i)
		b.Put(keys[i], vals[i])
	}
	h, built := HashLit(keys, vals), b.Build()
	if h.index != nil || built.index == nil {
		t.Fatalf("index: HashLit %v, built %v", h.index != nil, built.index != nil)
	}
	if !Equals(&h, built) || !Equals(built, &h) {
		t.Errorf("HashLit = %v, want %v", &h, built)
	}
	for i := range n {
		if v, ok := h.GetString("k" + strconv.Itoa(i)); !ok || v != Int(i) {
			t.Errorf("HashLit's k%d = %v, %v", i, v, ok)
		}
		if !h.Has(keys[i]) || h.IndexOfString(string(keys[i].(String))) != i {
			t.Errorf("HashLit has no k%d", i)
		}
	}
	if h.Has(String("k")) || h.Has(Int(0)) {
		t.Error("HashLit has a key it was not given")
	}
	o := NewHash(HashEntry{String("k3"), String("x")}, HashEntry{String("new"), Int(-1)})
	m := h.Merge(o)
	if v, _ := m.GetString("k3"); v != String("x") || m.Len() != n+1 || m.KeyAt(3) != String("k3") {
		t.Errorf("merged: %v", m)
	}
	if v, _ := h.GetString("k3"); v != Int(3) || h.Len() != n {
		t.Errorf("Merge changed the HashLit: %v", &h)
	}
	e, a := HashLit([]Value{}, []Value{}), ArrayLit()
	if !Equals(&e, EmptyHash) || e.Len() != 0 || !Equals(&a, EmptyArray) || a.Len() != 0 {
		t.Errorf("empty literals: %v %v", &e, &a)
	}
}
