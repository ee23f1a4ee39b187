// Package readmap is a string-keyed map for the process's caches that
// every compile reads and only the first ones write (names, lookup keys).
// A hit is a plain map lookup in a published copy: no lock, and none of
// sync.Map's hashing of an interface key and walk of a trie.
package readmap

import (
	"maps"
	"sync"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

// publishFactor is how many misses per entry publish the entries. A first
// compile stores the most entries: each stored entry had a lookup miss,
// then a store, two misses, and with a factor of 1 the entries were copied
// about three times over (maps.Clone was ~0.5% of a one-shot keystone
// compile's CPU samples); a miss under the lock costs less than an
// entry's copy.
const publishFactor = 4

// Map is such a map. Its zero value is empty and never grows: Limit is
// the number of entries it keeps. Its operations are functions, not
// methods, as rt/internal/atomicptr says why.
type Map[V any] struct {
	Limit int
	// Room is the number of entries the map is made with room for: a
	// process fills its caches in its first compile, and a map grown
	// from nothing rehashes its entries at each doubling (a tenth of a
	// one-shot keystone compile's stores' cost)
	Room int

	read        atomicptr.Pointer[map[string]V] // published: read without the lock
	unpublished atomic.Bool                     // dirty has entries read lacks

	mu     sync.Mutex
	dirty  map[string]V // every entry
	misses int          // lookups read could not answer since it was published
}

// New is a Map of these limits on the heap. A package's Map variable, or
// one in a composite literal whose address it keeps, is in the binary's
// data, where the first store in a process (its lock, its maps) is a page
// fault that copies the page; the heap a process compiles in is in huge
// pages (rt/internal/prefault).
//
//go:noinline
func New[V any](limit, room int) *Map[V] { return &Map[V]{Limit: limit, Room: room} }

// Load is the value stored for key.
func Load[V any](m *Map[V], key string) (v V, ok bool) {
	if r := atomicptr.Load(&m.read); r != nil {
		if v, ok = (*r)[key]; ok {
			return v, true
		}
	}
	if !m.unpublished.Load() {
		return v, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok = m.dirty[key]
	missed(m)
	return v, ok
}

// LoadBytes is Load of string(key), without making the string once the
// entries are published.
func LoadBytes[V any](m *Map[V], key []byte) (v V, ok bool) {
	if r := atomicptr.Load(&m.read); r != nil {
		if v, ok = (*r)[string(key)]; ok {
			return v, true
		}
	}
	if !m.unpublished.Load() {
		return v, false
	}
	return Load(m, string(key))
}

// Store keeps v for key unless key has a value or the map is full, and
// returns the value key has: the first one stored (v when full).
func Store[V any](m *Map[V], key string, v V) V {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.dirty[key]; ok {
		return old
	}
	if len(m.dirty) >= m.Limit {
		return v
	}
	if m.dirty == nil {
		m.dirty = make(map[string]V, min(m.Room, m.Limit))
	}
	m.dirty[key] = v
	m.unpublished.Store(true)
	missed(m)
	return v
}

// missed counts a lookup or store the published copy did not answer, and
// publishes a new copy once they are publishFactor times as many as the
// entries: copying costs a constant per miss, and a warm process only
// hits.
func missed[V any](m *Map[V]) {
	m.misses++
	if m.misses < publishFactor*len(m.dirty) {
		return
	}
	r := maps.Clone(m.dirty)
	atomicptr.Store(&m.read, &r)
	m.misses = 0
	m.unpublished.Store(false)
}
