package erb

import (
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// A short Puppet array becomes a Ruby Array in one allocation, its
// Strings new ones; Ruby appending to it leaves them as they were.
func TestFromPuppetSmallArray(t *testing.T) {
	p := values.NewArray(values.String("a"), values.Int(1), values.String("b"))
	var v Value
	if n := testing.AllocsPerRun(10, func() { v = FromPuppet(p) }); n != 1 {
		t.Errorf("FromPuppet made %v allocations, want 1", n)
	}
	a := v.(*Array)
	a.A = append(a.A, S("c"), S("d"))
	a.A[0].(*Str).S += "x"
	if got := Inspect(a); got != `["ax", 1, "b", "c", "d"]` {
		t.Errorf("after appends: %s", got)
	}
	if got := Inspect(FromPuppet3x(values.NewArray())); got != "[]" {
		t.Errorf("empty: %s", got)
	}
}

// TestNewArrayRoom: an array literal of up to 4 elements is one
// allocation, its elements a copy of the arguments, and grows past its
// room as any Array.
func TestNewArrayRoom(t *testing.T) {
	x, y := Value(int64(1)), Value(Symbol("b"))
	var a *Array
	if n := testing.AllocsPerRun(10, func() { a = NewArray(x, y, nil) }); n != 1 {
		t.Errorf("NewArray of 3 made %v allocations, want 1", n)
	}
	if got := Inspect(a); got != "[1, :b, nil]" {
		t.Errorf("NewArray(1, :b, nil): %s", got)
	}
	args := []Value{S("a"), int64(2)}
	b := NewArray(args...)
	args[1] = int64(3)
	b.A = append(b.A, int64(4), int64(5), int64(6))
	if got := Inspect(b); got != `["a", 2, 4, 5, 6]` {
		t.Errorf("after appends: %s", got)
	}
	if got := Inspect(NewArray()); got != "[]" {
		t.Errorf("empty: %s", got)
	}
}

// TestChars: chars gives each character as a String, an invalid byte as
// U+FFFD, from one block of Strings.
func TestChars(t *testing.T) {
	r := New(nil)
	if got := Inspect(r.Chars(S("aé€\xffz"))); got != `["a", "é", "€", "�", "z"]` {
		t.Errorf("chars: %s", got)
	}
	s := S("abcdef")
	if n := testing.AllocsPerRun(10, func() { r.Chars(s) }); n != 3 {
		t.Errorf("chars of 6 made %v allocations, want 3 (Array, list, Strings)", n)
	}
}

// TestMapAndPairsRoom: map of an Array or a Hash of up to 4 elements
// makes its result in one allocation with its list (2 with the closure
// that collects it; 4 before), and a Hash's pairs
// (to_a, sort, each of a hash) are an Array of that room besides their
// pair block.
func TestMapAndPairsRoom(t *testing.T) {
	r := New(nil)
	a := NewArray(int64(1), int64(2), int64(3))
	b := Blk1(func(x Value) Value { return x })
	var out Value
	if n := testing.AllocsPerRun(10, func() { out = r.Map(a, b) }); n != 2 {
		t.Errorf("map made %v allocations, want 2", n)
	}
	if got := Inspect(out); got != "[1, 2, 3]" {
		t.Errorf("map: %s", got)
	}
	h := HashOf(S("a"), int64(1), S("b"), int64(2))
	var p *Array
	if n := testing.AllocsPerRun(10, func() { p = hashPairs(h) }); n != 3 {
		t.Errorf("hashPairs made %v allocations, want 3 (the Array, the pair block's two)", n)
	}
	if got := Inspect(p); got != `[["a", 1], ["b", 2]]` {
		t.Errorf("pairs: %s", got)
	}
	if got := Inspect(r.Map(NewHash(), b)); got != "[]" {
		t.Errorf("map of {}: %s", got)
	}
	big := NewArray(int64(1), int64(2), int64(3), int64(4), int64(5))
	if got := Inspect(r.Map(big, Blk1(func(x Value) Value { big.A = append(big.A[:0:0], big.A...); return x }))); got != "[1, 2, 3, 4, 5]" {
		t.Errorf("map of 5: %s", got)
	}
}
