package erb

import (
	"math"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Hash is a Ruby Hash: insertion ordered, keys compared with eql? (1 and
// 1.0 are different keys, strings by content).
//
// A small hash (smallHash entries or fewer) is searched linearly, with no
// index map to build. A hash made from a Puppet hash (FromPuppet) is
// converted only when Ruby needs its entries (see lazyHash): looking up a
// string key converts that entry's value alone, and a hash Ruby only
// read goes back to Puppet as the very hash it came from.
type Hash struct {
	keys []Value
	vals []Value
	// index finds a large hash's keys: strIndex its String keys by their
	// text (a key's string is not boxed for the map), index the others by
	// hashKey; strIndex is nil while the hash is small, index until it
	// has a key other than a String
	strIndex map[string]int
	index    map[any]int
	lazy     *lazyHash // not nil while the entries are still the Puppet hash's

	// Default is the value of missing keys (Hash.new(x)).
	Default Value
	// DefaultProc computes missing keys (Hash.new { |h, k| ... }).
	DefaultProc *Block

	// ext are the modules of the module's Ruby extend gave the hash,
	// the last first
	ext []*UserClass
}

// smallHash is the size up to which a hash has no index map.
const smallHash = 8

// NewHash makes an empty hash.
func NewHash() *Hash { return &Hash{} }

// newHashSized makes an empty hash with room for n entries.
func newHashSized(n int) *Hash {
	h := &Hash{}
	h.keys, h.vals = entryLists(0, n)
	return h
}

// entryLists are a hash's lists of keys and values, of n entries with
// room for c, from one allocation: each is capped at its room, so that
// an append past it moves the list instead of writing into the other.
func entryLists(n, c int) (keys, vals []Value) {
	return splitEntries(make([]Value, 2*c), n)
}

// splitEntries are the lists of n entries in room kv: the keys' in its
// first half, the values' in the second, each capped at its half.
func splitEntries(kv []Value, n int) (keys, vals []Value) {
	c := len(kv) / 2
	return kv[:n:c], kv[c : c+n : 2*c]
}

// HashOf makes a hash of alternating keys and values. A hash of up to 4
// entries (a literal's, mostly) is one allocation with its lists and
// the frozen copies of its String keys (hashBox).
func HashOf(kv ...Value) *Hash {
	n := len(kv) / 2
	var h *Hash
	var ss strBlock
	switch {
	case n == 1:
		b := &hashBox1{}
		h, ss = b.h.room(b.kv[:]), b.s[:0]
	case n == 2:
		b := &hashBox2{}
		h, ss = b.h.room(b.kv[:]), b.s[:0]
	case n == 3 || n == 4:
		b := &hashBox4{}
		h, ss = b.h.room(b.kv[:]), b.s[:0]
	default:
		h = newHashSized(n)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		h.set(kv[i], kv[i+1], &ss)
	}
	return h
}

// hashBoxN is a small hash literal's Hash with room for N entries (kv:
// the keys' list, then the values') and for its String keys' frozen
// copies (s), in one allocation.
type (
	hashBox1 struct {
		h  Hash
		kv [2]Value
		s  [1]Str
	}
	hashBox2 struct {
		h  Hash
		kv [4]Value
		s  [2]Str
	}
	hashBox4 struct {
		h  Hash
		kv [8]Value
		s  [4]Str
	}
)

// room points h's empty lists at kv, the keys' room its first half and
// the values' the second, each capped at its room (an append past it
// moves the list, not over the other).
func (h *Hash) room(kv []Value) *Hash {
	h.keys, h.vals = splitEntries(kv, 0)
	return h
}

// Len is the number of entries.
func (h *Hash) Len() int {
	if h.lazy != nil {
		return h.lazy.src.Len()
	}
	return len(h.keys)
}

// Keys and Values expose the entries (callers must not modify them).
func (h *Hash) Keys() []Value {
	h.load()
	return h.keys
}

func (h *Hash) Values() []Value {
	h.load()
	return h.vals
}

// entry is the i-th entry, read without converting a lazy hash (its
// entries made for the occasion but for the values handed out): what
// inspect and to_s, which only read, use.
func (h *Hash) entry(i int) (k, v Value) {
	l := h.lazy
	if l == nil {
		return h.keys[i], h.vals[i]
	}
	if l.got != nil && l.got[i] != nil {
		v = l.got[i]
	} else {
		v = l.from(l.src.ValueAt(i))
	}
	return l.from(l.src.KeyAt(i)), v
}

// inspectEntry writes inspect of the i-th entry, "key=>value", to b: a
// lazy hash's Strings as they are, without the Strs an entry would make.
func (h *Hash) inspectEntry(b *strings.Builder, i, depth int) {
	l := h.lazy
	if l == nil {
		writeInspect(b, h.keys[i], depth)
		b.WriteString("=>")
		writeInspect(b, h.vals[i], depth)
		return
	}
	l.inspect(b, l.src.KeyAt(i), depth)
	b.WriteString("=>")
	if l.handedOut(i) {
		writeInspect(b, l.got[i], depth)
	} else {
		l.inspect(b, l.src.ValueAt(i), depth)
	}
}

// inspect writes inspect of the Ruby value of v.
func (l *lazyHash) inspect(b *strings.Builder, v values.Value, depth int) {
	if s, ok := v.(values.String); ok {
		writeInspectString(b, string(s))
		return
	}
	writeInspect(b, l.from(v), depth)
}

// lazyHash is what a Hash made from a Puppet hash keeps until Ruby needs
// its entries: the Puppet hash, how its values become Ruby values
// (FromPuppet or FromPuppet3x), and the values Lookup has handed out, by
// position (nil where none was), which keep their identity (Ruby may
// change them in place) when the hash is converted.
type lazyHash struct {
	src  *values.Hash
	from func(values.Value) Value
	got  []Value
	// keys has the keyBit of each of src's String keys, and bit 0, once
	// made: a key whose bit is not in it is not in src, found so without
	// a search. It is made at the second String key src lacks (misses):
	// a hash Ruby asks for a key it lacks is mostly asked for many
	// (apache's _directories.erb asks each directory for ~100 options),
	// and most hashes are asked for a key or two.
	keys   uint64
	misses uint8
}

// keyBit is a bit of 1 to 63 for a String key: of its length and its
// first and last bytes.
func keyBit(s string) uint64 {
	h := uint(len(s)) * 7
	if len(s) > 0 {
		h += uint(s[0]) + uint(s[len(s)-1])*3
	}
	return 1 << (1 + h%63)
}

// missed counts a String key src lacks, and makes keys at the second.
func (l *lazyHash) missed() {
	if l.misses++; l.misses != 2 {
		return
	}
	l.keys = 1
	for i := range l.src.Len() {
		if k, ok := l.src.KeyAt(i).(values.String); ok {
			l.keys |= keyBit(string(k))
		}
	}
}

// lazyHashOf is the Ruby hash of a Puppet hash, converted with from: the
// Hash and its lazyHash are one allocation (lazyHashBox).
func lazyHashOf(src *values.Hash, from func(values.Value) Value) *Hash {
	b := &lazyHashBox{l: lazyHash{src: src, from: from}}
	b.h.lazy = &b.l
	return &b.h
}

type lazyHashBox struct {
	h Hash
	l lazyHash
}

// HashRoom is room for the Ruby Hash of one Puppet hash, made with what
// holds it: rt/rubyfn's frame of a call with a hash argument, which
// would otherwise allocate the Hash apart.
type HashRoom struct{ b lazyHashBox }

// From is FromPuppet(h) or, when threeX, FromPuppet3x(h): the Hash of a
// Puppet hash, made in the room. A room makes one Hash.
func (room *HashRoom) From(h *values.Hash, threeX bool) *Hash {
	from := FromPuppet
	if threeX {
		from = FromPuppet3x
	}
	room.b.l = lazyHash{src: h, from: from}
	room.b.h.lazy = &room.b.l
	return &room.b.h
}

// load converts a lazy hash's entries.
func (h *Hash) load() {
	if h.lazy != nil {
		h.convert()
	}
}

func (h *Hash) convert() {
	l := h.lazy
	h.lazy = nil
	n := l.src.Len()
	h.keys, h.vals = entryLists(n, n)
	// the strings, the keys' and the values' not handed out yet, from
	// one block
	ns := 0
	for i := range n {
		if _, ok := l.src.KeyAt(i).(values.String); ok {
			ns++
		}
		if _, ok := l.src.ValueAt(i).(values.String); ok && !l.handedOut(i) {
			ns++
		}
	}
	ss := strsFor(ns)
	for i := range n {
		k := l.convert(&ss, l.src.KeyAt(i))
		if s, ok := k.(*Str); ok {
			s.Frozen = true // a new string: the key's own frozen copy
		}
		h.keys[i] = k
		if l.handedOut(i) {
			h.vals[i] = l.got[i]
		} else {
			h.vals[i] = l.convert(&ss, l.src.ValueAt(i))
		}
	}
	if n > smallHash {
		h.buildIndex()
	}
}

// handedOut reports whether Lookup has handed out the i-th value.
func (l *lazyHash) handedOut(i int) bool { return l.got != nil && l.got[i] != nil }

// convert is l.from(v), a String's Str from ss.
func (l *lazyHash) convert(ss *strBlock, v values.Value) Value {
	if s, ok := v.(values.String); ok {
		return ss.str(string(s))
	}
	return l.from(v)
}

// lookup is Lookup in a lazy hash for the keys whose entry is found in
// the Puppet hash (strings); handled is false for other keys.
func (l *lazyHash) lookup(k Value) (v Value, found, handled bool) {
	s, ok := k.(*Str)
	if !ok {
		return nil, false, false
	}
	v, found = l.lookupStr(s.S)
	return v, found, true
}

// lookupStr is lookup of the String key s.
func (l *lazyHash) lookupStr(s string) (Value, bool) {
	if l.keys != 0 && l.keys&keyBit(s) == 0 {
		return nil, false
	}
	i := l.src.IndexOfString(s)
	if i < 0 {
		l.missed()
		return nil, false
	}
	if l.got == nil {
		l.got = make([]Value, l.src.Len())
	}
	if l.got[i] == nil {
		l.got[i] = l.from(l.src.ValueAt(i))
	}
	return l.got[i], true
}

// toPuppet is the Puppet value of a lazy hash: the Puppet hash itself when
// the values Ruby was handed are as they were made, else a copy with the
// changed values converted back.
func (l *lazyHash) toPuppet() values.Value {
	changed := -1
	for i, v := range l.got {
		if v != nil && !sameAsPuppet(v, l.src.ValueAt(i)) {
			changed = i
			break
		}
	}
	if changed < 0 {
		return l.src
	}
	b := values.NewHashBuilder(l.src.Len())
	for i := range l.src.Len() {
		v := l.src.ValueAt(i)
		if i >= changed && l.got[i] != nil {
			v = ToPuppet(l.got[i])
		}
		b.Put(l.src.KeyAt(i), v)
	}
	return b.Build()
}

// unchanged reports whether a lazy hash still is the Puppet hash p.
func (l *lazyHash) unchanged(p values.Value) bool {
	if h, ok := p.(*values.Hash); !ok || h != l.src {
		return false
	}
	for i, v := range l.got {
		if v != nil && !sameAsPuppet(v, l.src.ValueAt(i)) {
			return false
		}
	}
	return true
}

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
		for i := range x.Len() {
			k, v := x.entry(i)
			writeKey(b, k)
			writeKey(b, v)
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

// keyEql is eql? between hash keys (hashKey's equality).
func keyEql(a, b Value) bool {
	switch x := a.(type) {
	case *Str:
		y, ok := b.(*Str)
		return ok && x.S == y.S
	case Symbol:
		y, ok := b.(Symbol)
		return ok && x == y
	case int64:
		y, ok := b.(int64)
		return ok && x == y
	}
	return hashKey(a) == hashKey(b)
}

// find is the position of key k, -1 when it has none.
func (h *Hash) find(k Value) int {
	h.load()
	if h.strIndex != nil {
		return h.indexed(k)
	}
	for i, x := range h.keys {
		if keyEql(k, x) {
			return i
		}
	}
	return -1
}

// indexed is find of a large hash's key.
func (h *Hash) indexed(k Value) int {
	var i int
	var ok bool
	if s, isStr := k.(*Str); isStr {
		i, ok = h.strIndex[s.S]
	} else {
		i, ok = h.index[hashKey(k)]
	}
	if !ok {
		return -1
	}
	return i
}

func (h *Hash) buildIndex() {
	ns := 0
	for _, k := range h.keys {
		if _, ok := k.(*Str); ok {
			ns++
		}
	}
	h.strIndex = make(map[string]int, ns)
	h.index = nil
	if ns < len(h.keys) {
		h.index = make(map[any]int, len(h.keys)-ns)
	}
	for i, k := range h.keys {
		h.addIndex(k, i)
	}
}

// addIndex indexes key k at position i.
func (h *Hash) addIndex(k Value, i int) {
	if s, ok := k.(*Str); ok {
		h.strIndex[s.S] = i
		return
	}
	if h.index == nil {
		h.index = make(map[any]int)
	}
	h.index[hashKey(k)] = i
}

// Lookup returns the value stored for k (no default).
func (h *Hash) Lookup(k Value) (Value, bool) {
	if h.lazy != nil {
		if v, found, handled := h.lazy.lookup(k); handled {
			return v, found
		}
	}
	i := h.find(k)
	if i < 0 {
		return nil, false
	}
	return h.vals[i], true
}

// lookupStr is Lookup of the String key s, made without a Ruby String.
func (h *Hash) lookupStr(s string) (Value, bool) {
	if h.lazy != nil {
		return h.lazy.lookupStr(s)
	}
	if h.strIndex != nil {
		i, ok := h.strIndex[s]
		if !ok {
			return nil, false
		}
		return h.vals[i], true
	}
	for i, k := range h.keys {
		if x, ok := k.(*Str); ok && x.S == s {
			return h.vals[i], true
		}
	}
	return nil, false
}

// Set stores a value; a new unfrozen String key is copied and frozen, as
// Ruby does.
func (h *Hash) Set(k, v Value) { h.set(k, v, nil) }

// set is Set, a String key's frozen copy from ss when it has room.
func (h *Hash) set(k, v Value, ss *strBlock) {
	if i := h.find(k); i >= 0 {
		h.vals[i] = v
		return
	}
	if s, ok := k.(*Str); ok && !s.Frozen {
		var c *Str
		if ss != nil {
			c = ss.str(s.S)
		} else {
			c = &Str{S: s.S}
		}
		c.Frozen = true
		k = c
	}
	h.keys = append(h.keys, k)
	h.vals = append(h.vals, v)
	switch {
	case h.strIndex != nil:
		h.addIndex(k, len(h.keys)-1)
	case len(h.keys) > smallHash:
		h.buildIndex()
	}
}

// reserve makes room for n more entries in the lists, at once: appends
// that grew them from nothing made a list of each size on the way.
func (h *Hash) reserve(n int) {
	h.load()
	l := len(h.keys)
	if cap(h.keys)-l >= n && cap(h.vals)-l >= n {
		return
	}
	keys, vals := entryLists(l, l+n)
	copy(keys, h.keys)
	copy(vals, h.vals)
	h.keys, h.vals = keys, vals
}

// Delete removes a key and returns its value.
func (h *Hash) Delete(k Value) (Value, bool) {
	i := h.find(k)
	if i < 0 {
		return nil, false
	}
	v := h.vals[i]
	h.keys = append(h.keys[:i:i], h.keys[i+1:]...)
	h.vals = append(h.vals[:i:i], h.vals[i+1:]...)
	if h.strIndex != nil {
		h.buildIndex()
	}
	return v, true
}

// clear removes every entry.
func (h *Hash) clear() {
	h.keys, h.vals, h.strIndex, h.index, h.lazy = nil, nil, nil, nil, nil
}

// dup copies the entries (not the default).
func (h *Hash) dup() *Hash { return h.dupRoom(0) }

// dupRoom is dup with room for extra more entries.
func (h *Hash) dupRoom(extra int) *Hash {
	h.load()
	n := &Hash{}
	n.keys, n.vals = entryLists(len(h.keys), len(h.keys)+extra)
	copy(n.keys, h.keys)
	copy(n.vals, h.vals)
	if h.strIndex != nil {
		n.buildIndex()
	}
	return n
}
