// Package cell is where the references of generated code (to a
// function, a type, a class, a qualified variable) keep what they find
// at run time: in a cell of their package's zero-valued array of cells,
// not in the reference itself.
//
// A reference is a composite literal that the linker lays out in the
// binary's data section, whose pages are the file's until written: the
// first write to a page is a fault that copies it and has its old
// translation flushed from the other CPUs the process runs on (on a
// virtual machine, a call to the host each). A one-shot keystone compile
// wrote 95 of its 343 pages, which rt/internal/prefault copied at start,
// the whole section (0.75-1.4 ms). The cells are in the zero-filled part
// of the binary's memory (.bss), which the file does not back:
// prefault has their pages in memory at once, none copied.
package cell

import (
	"sync/atomic"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

// Cell is what one reference keeps: a pointer, numbers, or both.
type Cell struct {
	p unsafe.Pointer
	n [2]atomic.Int32
}

// Of is the cell *p points to; a reference made at run time, rather than
// by the generator, has none until it is first asked for (a new one).
// It inlines: a compile asks for cells at each function call, site,
// qualified variable and definition it evaluates.
func Of(p **Cell) *Cell {
	if c := atomic.LoadPointer((*unsafe.Pointer)(unsafe.Pointer(p))); c != nil {
		return (*Cell)(c)
	}
	return newCell(p)
}

// newCell gives *p a new cell unless a concurrent caller did first.
//
//go:noinline
func newCell(p **Cell) *Cell {
	pp := (*unsafe.Pointer)(unsafe.Pointer(p))
	atomic.CompareAndSwapPointer(pp, nil, unsafe.Pointer(new(Cell)))
	return (*Cell)(atomic.LoadPointer(pp))
}

// Pointer is the pointer the cell *p points to keeps, as a *T (Of).
func Pointer[T any](p **Cell) *atomicptr.Pointer[T] {
	return (*atomicptr.Pointer[T])(unsafe.Pointer(&Of(p).p))
}

// Made is the *T the cell *p points to keeps, a new one on first use (a
// concurrent caller's if it made one first): what a reference keeps of
// several fields.
func Made[T any](p **Cell) *T {
	kept := Pointer[T](p)
	if v := atomicptr.Load(kept); v != nil {
		return v
	}
	atomicptr.CompareAndSwap(kept, nil, new(T))
	return atomicptr.Load(kept)
}

// Raw is the cell's pointer as it is.
func (c *Cell) Raw() *unsafe.Pointer { return &c.p }

// Number is the cell's number i (0 or 1).
func (c *Cell) Number(i int) *atomic.Int32 { return &c.n[i] }
