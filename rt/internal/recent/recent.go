// Package recent is a cache of a process's last answers for strings, found
// by where the strings' bytes are. The runtime asks for the same strings
// compile after compile (the program's constants, strings boxed once), at
// the same addresses, and comparing a string with an entry's copy costs a
// fraction of hashing its text and probing a map.
package recent

import (
	"strings"
	"sync/atomic"
	"unsafe"
)

// bits is log2 of a Table's places: a keystone compile asks a table for a
// few hundred strings.
const bits = 10

// Table is such a cache: an answer of type T for each string kept. Its
// zero value is empty. An entry holds its own string, compared byte for
// byte: a string at the address of one before it (a recycled chunk) is not
// taken for it.
type Table[T any] struct {
	places [1 << bits]atomic.Pointer[Entry[T]]
	// missed is, for each place, the Hash of the last string that found
	// another there: a place holding a string takes the next only when
	// that one misses twice in a row, so that strings made anew at each
	// compile (at new addresses) do not push the constants out
	missed [1 << bits]atomic.Uint64
}

// Entry is a kept string and its answer.
type Entry[T any] struct {
	Key    string
	Answer T
	// inline holds Key's bytes when they fit: the entry and its string
	// are then one allocation, and a lookup, which compares the string
	// with Key, reads one place of memory where it read two (each a
	// cache miss, mostly)
	inline [inlineKey]byte
}

// inlineKey is the longest Key an Entry holds in itself: most of the
// names and titles a compile asks for.
const inlineKey = 48

// fibonacci is 2^64 over the golden ratio: a product with it spreads an
// address's bits over the high bits that pick a place.
const fibonacci = 0x9e3779b97f4a7c15

// Hash is a hash of where s's bytes are and how many: the same for the
// same bytes in memory, spread over its high bits.
func Hash(s string) uint64 {
	return (uint64(uintptr(unsafe.Pointer(unsafe.StringData(s)))) ^ uint64(len(s))<<48) * fibonacci
}

// Find is the entry at s's place (nil for none) and s's Hash; the entry is
// s's when its Key is the same text.
func (t *Table[T]) Find(s string) (e *Entry[T], h uint64) {
	h = Hash(s)
	return t.places[h>>(64-bits)].Load(), h
}

// Keep keeps answer for a copy of key, whose place held e (Find gave e
// and h), unless the place holds another string that key did not miss
// just before. The copy is the table's: key may be part of a compile's
// memory, which an entry kept for the process would keep whole.
func (t *Table[T]) Keep(e *Entry[T], h uint64, key string, answer T) {
	i := h >> (64 - bits)
	if e == nil || t.missed[i].Swap(h) == h {
		t.places[i].Store(newEntry(key, answer))
	}
}

// newEntry is an Entry of a copy of key.
func newEntry[T any](key string, answer T) *Entry[T] {
	e := &Entry[T]{Answer: answer}
	if len(key) <= inlineKey {
		n := copy(e.inline[:], key)
		e.Key = unsafe.String(&e.inline[0], n) // never written again
	} else {
		e.Key = strings.Clone(key)
	}
	return e
}
