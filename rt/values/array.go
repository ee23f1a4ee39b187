package values

// Array is a Puppet Array. Arrays are immutable once built: operations return
// new arrays and may share the element slice.
type Array struct {
	elems []Value
}

func (*Array) puppetValue() {}

// SameObject reports whether a and b are one array or one hash, as a
// variable and another assigned from it are one mutable Ruby object in
// Puppet.
func SameObject(a, b Value) bool {
	switch a := a.(type) {
	case *Array:
		b, ok := b.(*Array)
		return ok && a == b
	case *Hash:
		b, ok := b.(*Hash)
		return ok && a == b
	}
	return false
}

// EmptyArray is the shared empty array.
var EmptyArray = &Array{}

// NewArray returns an array of the given elements (the slice is not copied).
func NewArray(elems ...Value) *Array {
	if len(elems) == 0 {
		return EmptyArray
	}
	return &Array{elems: elems}
}

// NewArrayCopy returns an array of a copy of the elements, so that a
// caller's list (an array literal's, generated code's) stays on its
// stack; up to four elements are one allocation with the Array.
func NewArrayCopy(elems ...Value) *Array {
	switch len(elems) {
	case 0:
		return EmptyArray
	case 1:
		r := new(struct {
			a Array
			e [1]Value
		})
		r.e = [1]Value(elems)
		r.a.elems = r.e[:]
		return &r.a
	case 2:
		r := new(struct {
			a Array
			e [2]Value
		})
		r.e = [2]Value(elems)
		r.a.elems = r.e[:]
		return &r.a
	case 3:
		r := new(struct {
			a Array
			e [3]Value
		})
		r.e = [3]Value(elems)
		r.a.elems = r.e[:]
		return &r.a
	case 4:
		r := new(struct {
			a Array
			e [4]Value
		})
		r.e = [4]Value(elems)
		r.a.elems = r.e[:]
		return &r.a
	}
	return &Array{elems: append([]Value(nil), elems...)}
}

// ArrayLit is an array the build knows, which generated code keeps in a
// package variable and uses by its address: unlike NewArray's, its value
// (and the address of another held in its elements) is laid out by the
// linker, not built at start-up.
func ArrayLit(elems ...Value) Array { return Array{elems: elems} }

// Len returns the number of elements.
func (a *Array) Len() int { return len(a.elems) }

// At returns the element at index i (no bounds adjustment).
func (a *Array) At(i int) Value { return a.elems[i] }

// Elems returns the elements; callers must not modify the slice.
func (a *Array) Elems() []Value { return a.elems }
