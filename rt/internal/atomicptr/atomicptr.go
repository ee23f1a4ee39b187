// Package atomicptr is sync/atomic's Pointer without methods, for the
// runtime's types that generated packages see.
//
// Go compiles the methods of an instantiated generic type (its go.shape
// bodies, duplicates the linker keeps one of) in every package whose
// types reach that type, however indirectly: a package that only names
// rt.Scope compiled ~300 such functions of rt's atomic.Pointers, slabs and
// read maps again (0.25 s, 1.9 MB of object code), and so did each of an
// environment's generated packages. A generic type without methods costs
// its readers nothing; these functions are compiled where they are
// called.
package atomicptr

import (
	"sync/atomic"
	"unsafe"
)

// Pointer is an atomic *T; its zero value is nil. It must not be copied
// after first use.
type Pointer[T any] struct {
	_ [0]*T // a Pointer[T] is not a Pointer[U]
	v unsafe.Pointer
}

// Load is the pointer p holds.
func Load[T any](p *Pointer[T]) *T { return (*T)(atomic.LoadPointer(&p.v)) }

// Store makes p hold v.
func Store[T any](p *Pointer[T], v *T) { atomic.StorePointer(&p.v, unsafe.Pointer(v)) }

// CompareAndSwap makes p hold new if it holds old, and says whether it did.
func CompareAndSwap[T any](p *Pointer[T], old, new *T) bool {
	return atomic.CompareAndSwapPointer(&p.v, unsafe.Pointer(old), unsafe.Pointer(new))
}

// Swap makes p hold new and returns what it held.
func Swap[T any](p *Pointer[T], new *T) *T {
	return (*T)(atomic.SwapPointer(&p.v, unsafe.Pointer(new)))
}
