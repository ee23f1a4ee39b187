package values

import (
	"math"
	"strconv"
	"strings"
)

// Hash is a Puppet Hash: insertion ordered, with Ruby's key identity (eql?):
// "a" and "A" are different keys, and so are 1 and 1.0.
//
// Small hashes are searched linearly (faster than a map and no allocation);
// from indexThreshold entries on an index map gives O(1) lookup.
type Hash struct {
	keys  []Value
	vals  []Value
	index map[any]int
}

func (*Hash) puppetValue() {}

const indexThreshold = 9

// HashLitMax is the most entries a hash without an index has once it is
// built entry by entry: a larger one has an index.
const HashLitMax = indexThreshold - 1

// HashLit is a hash the build knows, of distinct keys, which generated
// code keeps in a package variable and uses by its address: unlike
// HashOf's, its value is laid out by the linker, not built at start-up.
// It has no index, whatever its size: its keys are searched in order (a
// literal of more than HashLitMax entries is rare and small, and a map
// cannot be laid out by the linker: it would be made at start-up, its
// package's code run then whether a compile uses it or not).
func HashLit(keys, vals []Value) Hash { return Hash{keys: keys, vals: vals} }

// EmptyHash is the shared empty hash.
var EmptyHash = &Hash{}

// HashEntry is a key and its value.
type HashEntry struct {
	Key   Value
	Value Value
}

// NewHash builds a hash from entries; a later duplicate key replaces the
// value of the earlier one but keeps its position (as Ruby does).
func NewHash(entries ...HashEntry) *Hash {
	h := &Hash{keys: make([]Value, 0, len(entries)), vals: make([]Value, 0, len(entries))}
	for _, e := range entries {
		h.put(e.Key, e.Value)
	}
	return h
}

// NewHashFromPairs builds a hash from alternating keys and values.
func NewHashFromPairs(kv ...Value) *Hash {
	h := &Hash{keys: make([]Value, 0, len(kv)/2), vals: make([]Value, 0, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		h.put(kv[i], kv[i+1])
	}
	return h
}

// WithValues is a hash of h's keys, in h's order, with vals as their
// values (vals has h.Len() entries and becomes the new hash's). It shares
// h's keys and index, which no hash changes once built: the facts of a
// fleet's nodes have the same keys, whose index is then made once.
func (h *Hash) WithValues(vals []Value) *Hash {
	if len(vals) != len(h.keys) {
		panic("values: WithValues: a value for each key")
	}
	for i, v := range vals {
		if v == nil {
			vals[i] = Undef
		}
	}
	return &Hash{keys: h.keys[:len(h.keys):len(h.keys)], vals: vals, index: h.index}
}

// HashBuilder builds a hash in place; the result must not be modified after
// Build.
type HashBuilder struct{ h *Hash }

// NewHashBuilder returns a builder with room for n entries.
func NewHashBuilder(n int) *HashBuilder { return &HashBuilder{h: newHashRoom(n)} }

// newHashRoom is an empty hash with room for n entries, its keys and
// values in one list, each with its own capacity. A hash of up to
// HashLitMax entries (a hash literal's, mostly) is one allocation with
// its list, in the size class the two would fill apart.
func newHashRoom(n int) *Hash {
	var h *Hash
	var kv []Value
	switch {
	case n <= 0:
		return &Hash{}
	case n == 1:
		r := new(struct {
			h  Hash
			kv [2]Value
		})
		h, kv = &r.h, r.kv[:]
	case n == 2:
		r := new(struct {
			h  Hash
			kv [4]Value
		})
		h, kv = &r.h, r.kv[:]
	case n <= 4:
		r := new(struct {
			h  Hash
			kv [8]Value
		})
		h, kv = &r.h, r.kv[:]
	case n <= HashLitMax:
		r := new(struct {
			h  Hash
			kv [2 * HashLitMax]Value
		})
		h, kv = &r.h, r.kv[:]
	default:
		h, kv = new(Hash), make([]Value, 2*n)
	}
	h.keys, h.vals = kv[:0:n], kv[n:n:2*n]
	return h
}

// HashIn starts building, in h (a zero Hash), a hash whose keys and
// values take room, half each: each half has its own capacity, so that
// the hash grows out of room, never into a neighbour's. A compile makes
// its hash literals so, h and room from its chunks.
func HashIn(h *Hash, room []Value) HashBuilder {
	n := len(room) / 2
	h.keys, h.vals = room[:0:n], room[n:n:2*n]
	return HashBuilder{h: h}
}

// Put sets key to value.
func (b *HashBuilder) Put(key, value Value) { b.h.put(key, value) }

// Delete removes key.
func (b *HashBuilder) Delete(key Value) { b.h.delete(key) }

// Build returns the hash.
func (b *HashBuilder) Build() *Hash { return b.h }

// Len returns the number of entries.
func (h *Hash) Len() int { return len(h.keys) }

// Keys returns the keys in order; callers must not modify the slice.
func (h *Hash) Keys() []Value { return h.keys }

// Values returns the values in order; callers must not modify the slice.
func (h *Hash) Values() []Value { return h.vals }

// KeyAt and ValueAt give the i-th entry.
func (h *Hash) KeyAt(i int) Value   { return h.keys[i] }
func (h *Hash) ValueAt(i int) Value { return h.vals[i] }

// Get returns the value of key and whether it is present.
func (h *Hash) Get(key Value) (Value, bool) {
	i := h.find(key)
	if i < 0 {
		return nil, false
	}
	return h.vals[i], true
}

// GetString is Get for a string key, the common case, without boxing.
func (h *Hash) GetString(key string) (Value, bool) {
	if i := h.IndexOfString(key); i >= 0 {
		return h.vals[i], true
	}
	return nil, false
}

// IndexOfString is the position of the string key, -1 when it is absent.
func (h *Hash) IndexOfString(key string) int {
	if h.index != nil {
		if i, ok := h.index[String(key)]; ok {
			return i
		}
		return -1
	}
	for i, k := range h.keys {
		if s, ok := k.(String); ok && string(s) == key {
			return i
		}
	}
	return -1
}

// Has reports whether key is present.
func (h *Hash) Has(key Value) bool { return h.find(key) >= 0 }

func (h *Hash) find(key Value) int {
	if s, ok := key.(String); ok {
		if h.index != nil {
			if i, ok := h.index[s]; ok {
				return i
			}
			return -1
		}
		for i, k := range h.keys {
			if ks, ok := k.(String); ok && ks == s {
				return i
			}
		}
		return -1
	}
	if h.index != nil {
		if i, ok := h.index[identityKey(key)]; ok {
			return i
		}
		return -1
	}
	for i, k := range h.keys {
		if Eql(k, key) {
			return i
		}
	}
	return -1
}

func (h *Hash) put(key, value Value) {
	if key == nil {
		key = Undef
	}
	if value == nil {
		value = Undef
	}
	if h.index != nil {
		// the key's identity made once, to find it and to index it (a
		// composite key's is its text: a type's is the type printed)
		id := identityKey(key)
		if i, ok := h.index[id]; ok {
			h.vals[i] = value
			return
		}
		h.keys = append(h.keys, key)
		h.vals = append(h.vals, value)
		h.index[id] = len(h.keys) - 1
		return
	}
	if i := h.find(key); i >= 0 {
		h.vals[i] = value
		return
	}
	h.keys = append(h.keys, key)
	h.vals = append(h.vals, value)
	if len(h.keys) >= indexThreshold {
		// as large as the room made for the keys (NewHashFromPairs',
		// NewHashBuilder's): a hash built to its size does not grow its
		// index entry by entry
		h.index = make(map[any]int, max(len(h.keys)*2, cap(h.keys)))
		for i, k := range h.keys {
			h.index[identityKey(k)] = i
		}
	}
}

func (h *Hash) delete(key Value) {
	i := h.find(key)
	if i < 0 {
		return
	}
	h.keys = append(h.keys[:i:i], h.keys[i+1:]...)
	h.vals = append(h.vals[:i:i], h.vals[i+1:]...)
	if h.index != nil {
		h.index = make(map[any]int, len(h.keys)*2)
		for j, k := range h.keys {
			h.index[identityKey(k)] = j
		}
	}
}

// Merge returns a new hash with the entries of o added to (or replacing) h's.
func (h *Hash) Merge(o *Hash) *Hash {
	if o.Len() == 0 {
		return h
	}
	if h.Len() == 0 {
		return o
	}
	b := NewHashBuilder(h.Len() + o.Len())
	for i, k := range h.keys {
		b.Put(k, h.vals[i])
	}
	for i, k := range o.keys {
		b.Put(k, o.vals[i])
	}
	return b.Build()
}

// identityKey maps a value to a comparable Go value such that two values give
// the same key exactly when Ruby's eql? holds. A scalar is its own key, v
// as it is (a String, not a Go string: v's box, no new one to make); a
// lookup by a Go string converts it to a String, which needs no box that
// outlives the lookup.
func identityKey(v Value) any {
	switch x := v.(type) {
	case String, Int, Bool, UndefValue, DefaultValue, Float:
		return v
	case Type:
		// writeIdentity's form, made in one piece (a Struct's keys are
		// types: Optional['name'])
		s := TypeString(x)
		return compositeKey("t" + strconv.Itoa(len(s)) + ":" + s)
	}
	var sb strings.Builder
	writeIdentity(&sb, v)
	return compositeKey(sb.String())
}

type compositeKey string

func writeIdentity(sb *strings.Builder, v Value) {
	switch x := v.(type) {
	case String:
		sb.WriteString("s")
		sb.WriteString(strconv.Itoa(len(x)))
		sb.WriteByte(':')
		sb.WriteString(string(x))
	case Int:
		sb.WriteString("i")
		sb.WriteString(strconv.FormatInt(int64(x), 10))
		sb.WriteByte(';')
	case Float:
		sb.WriteString("f")
		sb.WriteString(strconv.FormatUint(math.Float64bits(float64(x)), 16))
		sb.WriteByte(';')
	case Bool:
		if x {
			sb.WriteString("T")
		} else {
			sb.WriteString("F")
		}
	case UndefValue, nil:
		sb.WriteString("U")
	case DefaultValue:
		sb.WriteString("D")
	case *Array:
		sb.WriteString("[")
		for _, e := range x.elems {
			writeIdentity(sb, e)
		}
		sb.WriteString("]")
	case *Hash:
		sb.WriteString("{")
		for i, k := range x.keys {
			writeIdentity(sb, k)
			writeIdentity(sb, x.vals[i])
		}
		sb.WriteString("}")
	case Type:
		s := TypeString(x)
		sb.WriteString("t")
		sb.WriteString(strconv.Itoa(len(s)))
		sb.WriteByte(':')
		sb.WriteString(s)
	default:
		s := ToString(v)
		sb.WriteString("o")
		sb.WriteString(strconv.Itoa(len(s)))
		sb.WriteByte(':')
		sb.WriteString(s)
	}
}
