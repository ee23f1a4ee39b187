package rt

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

// newParam is a parameter of this compile.
func (c *Ctx) newParam(p Param) *Param {
	q := c.paramSlab.new(64)
	*q = p
	return q
}

// newResource is a resource of this compile.
func (c *Ctx) newResource(r Resource) *Resource {
	q := c.resourceSlab.new(16)
	*q = r
	return q
}
