package erb

import (
	"math"
	"strconv"
	"strings"
)

// Hash is a Ruby Hash: insertion ordered, keys compared with eql? (1 and
// 1.0 are different keys, strings by content).
type Hash struct {
	keys  []Value
	vals  []Value
	index map[any]int

	// Default is the value of missing keys (Hash.new(x)).
	Default Value
	// DefaultProc computes missing keys (Hash.new { |h, k| ... }).
	DefaultProc *Block

	// ext are the modules of the module's Ruby extend gave the hash,
	// the last first
	ext []*UserClass
}

// NewHash makes an empty hash.
func NewHash() *Hash { return &Hash{index: map[any]int{}} }

// HashOf makes a hash of alternating keys and values.
func HashOf(kv ...Value) *Hash {
	h := NewHash()
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return h
}

// Len is the number of entries.
func (h *Hash) Len() int { return len(h.keys) }

// Keys and Values expose the entries (callers must not modify them).
func (h *Hash) Keys() []Value   { return h.keys }
func (h *Hash) Values() []Value { return h.vals }

type strKey string
type nilKey struct{}
type floatKey uint64

// hashKey is the Go map key for a Ruby value under eql?.
func hashKey(v Value) any {
	switch x := v.(type) {
	case nil:
		return nilKey{}
	case *Str:
		return strKey(x.S)
	case int64, bool, Symbol:
		return x
	case float64:
		if x == 0 {
			x = 0 // -0.0.eql?(0.0)
		}
		return floatKey(math.Float64bits(x))
	case *Array, *Hash, *Range:
		var b strings.Builder
		writeKey(&b, v)
		return compositeKey(b.String())
	}
	return v // identity for other objects
}

type compositeKey string

func writeKey(b *strings.Builder, v Value) {
	switch x := v.(type) {
	case nil:
		b.WriteString("n")
	case *Str:
		b.WriteString("s")
		b.WriteString(strconv.Itoa(len(x.S)))
		b.WriteByte(':')
		b.WriteString(x.S)
	case Symbol:
		b.WriteString("y")
		b.WriteString(strconv.Itoa(len(x)))
		b.WriteByte(':')
		b.WriteString(string(x))
	case int64:
		b.WriteString("i")
		b.WriteString(strconv.FormatInt(x, 10))
		b.WriteByte(';')
	case float64:
		b.WriteString("f")
		b.WriteString(strconv.FormatUint(math.Float64bits(x), 16))
		b.WriteByte(';')
	case bool:
		if x {
			b.WriteString("T")
		} else {
			b.WriteString("F")
		}
	case *Array:
		b.WriteString("[")
		for _, e := range x.A {
			writeKey(b, e)
		}
		b.WriteString("]")
	case *Hash:
		b.WriteString("{")
		for i, k := range x.keys {
			writeKey(b, k)
			writeKey(b, x.vals[i])
		}
		b.WriteString("}")
	case *Range:
		b.WriteString("r")
		writeKey(b, x.Lo)
		writeKey(b, x.Hi)
		if x.Excl {
			b.WriteString("x")
		}
	default:
		b.WriteString("o")
		b.WriteString(Inspect(v))
		b.WriteByte(';')
	}
}

// Lookup returns the value stored for k (no default).
func (h *Hash) Lookup(k Value) (Value, bool) {
	if h.index == nil {
		return nil, false
	}
	i, ok := h.index[hashKey(k)]
	if !ok {
		return nil, false
	}
	return h.vals[i], true
}

// Set stores a value; a new unfrozen String key is copied and frozen, as
// Ruby does.
func (h *Hash) Set(k, v Value) {
	if h.index == nil {
		h.index = map[any]int{}
	}
	key := hashKey(k)
	if i, ok := h.index[key]; ok {
		h.vals[i] = v
		return
	}
	if s, ok := k.(*Str); ok && !s.Frozen {
		k = &Str{S: s.S, Frozen: true}
	}
	h.index[key] = len(h.keys)
	h.keys = append(h.keys, k)
	h.vals = append(h.vals, v)
}

// Delete removes a key and returns its value.
func (h *Hash) Delete(k Value) (Value, bool) {
	key := hashKey(k)
	i, ok := h.index[key]
	if !ok {
		return nil, false
	}
	v := h.vals[i]
	h.keys = append(h.keys[:i:i], h.keys[i+1:]...)
	h.vals = append(h.vals[:i:i], h.vals[i+1:]...)
	delete(h.index, key)
	for j := i; j < len(h.keys); j++ {
		h.index[hashKey(h.keys[j])] = j
	}
	return v, true
}

// dup copies the entries (not the default).
func (h *Hash) dup() *Hash {
	n := &Hash{keys: append([]Value(nil), h.keys...), vals: append([]Value(nil), h.vals...), index: make(map[any]int, len(h.keys))}
	for k, i := range h.index {
		n.index[k] = i
	}
	return n
}
