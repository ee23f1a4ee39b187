package rt

import (
	"math/bits"
	"math/rand/v2"
)

// refTable is the catalog's table of resources by type and title, and by
// the keys alias gives them (Catalog#resource_table with its aliases).
// It is open-addressed over one list of slots, which the next compile of
// the process takes emptied (reset), where a Go map keyed by two strings
// hashed both through the map's generic code and copied each key in: a
// warm keystone compile adds ~560 keys and looks up ~500.
type refTable struct {
	slots []refSlot // a power of two long, at most half full
	shift uint8     // 64 - log2(len(slots)): a hash's slot is hash >> shift
	n     int       // keys held
}

// refSlot holds one key: the type is its resource's (r.Type: an alias
// keeps its resource's type), the title the key's own. r nil: empty.
type refSlot struct {
	hash  uint64
	title string
	r     *Resource
}

// refHash is the hash of a type and title, eight bytes of the title at a
// time (word). The type's length and first and last letters tell apart
// the types that share a title (File and Concat, Package and Service of
// one name). maphash.String's calls around the runtime's hash cost ~95
// instructions a key, this ~70.
func refHash(typ, title string) uint64 {
	h := refSeed ^ uint64(len(title))
	if len(typ) > 0 {
		h ^= uint64(len(typ))<<32 | uint64(typ[0])<<40 | uint64(typ[len(typ)-1])<<48
	}
	s := title
	for ; len(s) >= 8; s = s[8:] {
		h = mix(h ^ word(s, 0))
	}
	// the rest as shortWord makes it, which is not inlined
	switch {
	case len(s) >= 4: // its first and last four bytes, which may overlap
		h ^= uint64(word32(s, 0)) | uint64(word32(s, len(s)-4))<<32
	case len(s) > 0:
		h ^= uint64(s[0]) | uint64(s[len(s)/2])<<8 | uint64(s[len(s)-1])<<16
	}
	return mix(h)
}

// refSeed starts each process's hashes somewhere else.
var refSeed = rand.Uint64()

// mix spreads each bit of h over the high bits, which pick a slot.
func mix(h uint64) uint64 {
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>31
}

// reset empties the table, with room for keys keys without growing.
func (t *refTable) reset(keys int) {
	size := 8
	for size < 2*keys {
		size *= 2
	}
	if len(t.slots) < size {
		t.slots = make([]refSlot, size)
	} else {
		// the list of the compile before, emptied: its pointers go
		clear(t.slots)
	}
	t.shift = uint8(64 - bits.TrailingZeros(uint(len(t.slots))))
	t.n = 0
}

// get is the resource under type and title, nil for none.
func (t *refTable) get(typ, title string) *Resource {
	if t.n == 0 {
		return nil
	}
	h := refHash(typ, title)
	mask := len(t.slots) - 1
	for i := int(h >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.r == nil {
			return nil
		}
		if s.hash == h && s.title == title && s.r.Type == typ {
			return s.r
		}
	}
}

// put files r under its type and title: the resource already there
// (which keeps the key), or nil when r was put.
func (t *refTable) put(title string, r *Resource) (holder *Resource) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	typ := r.Type
	h := refHash(typ, title)
	mask := len(t.slots) - 1
	for i := int(h >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.r == nil {
			*s = refSlot{h, title, r}
			t.n++
			return nil
		}
		if s.hash == h && s.title == title && s.r.Type == typ {
			return s.r
		}
	}
}

// grow doubles the slots (their first list when there are none).
func (t *refTable) grow() {
	old := t.slots
	t.slots = make([]refSlot, max(8, 2*len(old)))
	t.shift = uint8(64 - bits.TrailingZeros(uint(len(t.slots))))
	mask := len(t.slots) - 1
	for _, s := range old {
		if s.r == nil {
			continue
		}
		i := int(s.hash >> t.shift)
		for t.slots[i].r != nil {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}
