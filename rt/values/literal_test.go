package values

import "testing"

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
