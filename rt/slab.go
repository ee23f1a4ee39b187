package rt

import "github.com/pp2go/pp2go/rt/values"

// slab hands out the small objects of one compile (parameters, resources)
// from chunks: one allocation for many objects that live as long as the
// catalog anyway. A Ctx holds one slab per type; compiles running at the
// same time have their own.
type slab[T any] struct{ free []T }

// new returns a zeroed T.
func (s *slab[T]) new(chunk int) *T {
	if len(s.free) == 0 {
		s.free = make([]T, chunk)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}

// sliceSlab hands out the small slices of one compile (resources'
// parameter and tag lists) from chunks. A slice has its own capacity: it
// grows out of the chunk when appended beyond it, never into its
// neighbour.
type sliceSlab[T any] struct{ free []T }

// make returns an empty slice with capacity n.
func (s *sliceSlab[T]) make(n, chunk int) []T {
	if n > chunk/8 {
		return make([]T, 0, n)
	}
	if len(s.free) < n {
		s.free = make([]T, chunk)
	}
	out := s.free[:0:n]
	s.free = s.free[n:]
	return out
}

// newParam is a parameter of this compile.
func (c *Ctx) newParam(p Param) *Param {
	q := c.paramSlab.new(75) // 75 fill a chunk's size class (4,864 bytes with its malloc header)
	*q = p
	return q
}

// newResource is a resource of this compile.
func (c *Ctx) newResource(r Resource) *Resource {
	q := c.resourceSlab.new(15) // 15 fill a chunk's size class (5376 bytes)
	*q = r
	return q
}

// newArray is an Array of elems (not copied) of this compile.
func (c *Ctx) newArray(elems []values.Value) *values.Array {
	if len(elems) == 0 {
		return values.EmptyArray
	}
	a := c.arraySlab.new(64)
	*a = values.ArrayLit(elems...)
	return a
}

// copyArray is newArray of a copy of elems.
func (c *Ctx) copyArray(elems []values.Value) *values.Array {
	return c.newArray(append(c.valueLists.make(len(elems), 1024), elems...))
}
