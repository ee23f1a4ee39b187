package hiera

import (
	"strconv"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// lookupKey is a key as lookup() takes it: a root key (possibly qualified
// with a module name) and optional dotted segments that dig into the value.
type lookupKey struct {
	text     string
	root     string
	module   string
	segments []values.Value // values.String or values.Int
	hash     uint64         // keyHash(root), for keySet
}

// splitKey splits a dotted key into segments: quoted parts are kept whole,
// integer parts become integers. problem wraps the syntax error.
func splitKey(key string, problem func(string) error) []values.Value {
	if !hasSegments(key) {
		return []values.Value{values.String(key)}
	}
	if segs, ok := splitCache.Load(key); ok {
		return segs.([]values.Value)
	}
	segs := splitKeyUncached(key, problem)
	splitCache.Store(key, segs)
	return segs
}

// splitCache holds the segments of dotted keys seen (keys come from data
// and code: a bounded set). The slices are shared: callers never modify
// them.
var splitCache sync.Map

func splitKeyUncached(key string, problem func(string) error) []values.Value {
	// The key must be a sequence of segments separated by single dots.
	locs := keySegments(key)
	if len(locs) == 0 || locs[0][0] != 0 {
		panic(problem("Syntax error"))
	}
	var segs []values.Value
	pos := 0
	for i, l := range locs {
		if i > 0 {
			if key[pos:l[0]] != "." {
				panic(problem("Syntax error"))
			}
		} else if l[0] != 0 {
			panic(problem("Syntax error"))
		}
		segs = append(segs, segmentValue(key[l[0]:l[1]]))
		pos = l[1]
	}
	if pos != len(key) {
		panic(problem("Syntax error"))
	}
	return segs
}

func segmentValue(s string) values.Value {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "'") {
		return values.String(s[1 : len(s)-1])
	}
	if isIntSegment(s) {
		if n, err := strconv.ParseInt(strings.TrimPrefix(s, ":"), 10, 64); err == nil {
			return values.Int(n)
		}
	}
	return values.String(s)
}

func newLookupKey(key string) *lookupKey {
	if lk, ok := readmap.Load(lookupKeys, key); ok {
		return lk
	}
	return readmap.Store(lookupKeys, key, makeLookupKey(key))
}

// lookupKeys holds the lookupKeys made, which nothing changes once made:
// every compile looks up the same keys (a class's automatic parameters).
// It stops growing at its limit (keys interpolated from data could be
// many).
var lookupKeys = readmap.New[*lookupKey](1<<15, 0)

func makeLookupKey(key string) *lookupKey {
	if !hasSegments(key) {
		lk := plainLookupKey(key)
		return &lk
	}
	segs := splitKey(key, func(p string) error {
		return lookupError(p + " in key: '" + key + "'")
	})
	root := segmentString(segs[0])
	lk := &lookupKey{text: key, root: root, hash: keyHash(root)}
	if i := strings.Index(root, "::"); i >= 0 {
		lk.module = root[:i]
	}
	if len(segs) > 1 {
		lk.segments = segs[1:]
	}
	return lk
}

// plainLookupKey is the lookupKey of a key of one segment (a class's
// automatic parameters'), without making splitKey's list of it.
func plainLookupKey(key string) lookupKey {
	lk := lookupKey{text: key, root: key, hash: keyHash(key)}
	if i := strings.Index(key, "::"); i >= 0 {
		lk.module = key[:i]
	}
	return lk
}

func segmentString(v values.Value) string {
	switch x := v.(type) {
	case values.String:
		return string(x)
	case values.Int:
		return strconv.FormatInt(int64(x), 10)
	}
	return values.ToString(v)
}

func (k *lookupKey) String() string { return k.text }

// keyRoot is a key's root as explainKeyString reads it.
type keyRoot struct{ k *lookupKey }

// dig follows the key's segments into value.
func (k *lookupKey) dig(inv *invocation, v values.Value) (values.Value, bool) {
	if k.segments == nil {
		return v, true
	}
	return subLookup(k.text, inv, k.segments, v)
}

// undig wraps value in the structure the key's segments describe.
func (k *lookupKey) undig(v values.Value) values.Value {
	for i := len(k.segments) - 1; i >= 0; i-- {
		switch s := k.segments[i].(type) {
		case values.Int:
			elems := make([]values.Value, int(s)+1)
			for j := range elems {
				elems[j] = values.Undef
			}
			elems[s] = v
			v = values.NewArray(elems...)
		default:
			v = values.NewHash(values.HashEntry{Key: s, Value: v})
		}
	}
	return v
}

// subLookup digs into value by segments as Puppet's SubLookup does.
func subLookup(key string, inv *invocation, segments []values.Value, value values.Value) (values.Value, bool) {
	if inv.ex == nil {
		// nothing to explain: no closures for explanation frames
		for _, seg := range segments {
			var ok bool
			if value, ok = subLookupStep(key, inv, seg, value); !ok {
				return nil, false
			}
		}
		return value, true
	}
	found := true
	inv.with(explainSubLookup, segments, func() {
		for _, seg := range segments {
			inv.with(explainSegment, seg, func() { value, found = subLookupStep(key, inv, seg, value) })
			if !found {
				return
			}
		}
	})
	if !found {
		return nil, false
	}
	return value, true
}

// subLookupStep digs one segment into value.
func subLookupStep(key string, inv *invocation, seg, value values.Value) (values.Value, bool) {
	v, found, hashLike := dig(seg, value)
	if !hashLike {
		panic(lookupError("Data Provider type mismatch: Got " + fn.RubyClass(value) +
			" when a hash-like object was expected to access value using '" + segmentString(seg) + "' from key '" + key + "'"))
	}
	if !found {
		inv.reportNotFound(seg)
		return nil, false
	}
	return inv.reportFound(seg, v), true
}

// dig digs one segment into value: found is false where value (undef, an
// array, a hash) has no such entry, hashLike false where value is neither
// an array indexed by an integer nor a hash.
func dig(seg, value values.Value) (v values.Value, found, hashLike bool) {
	if value == nil || values.IsUndef(value) {
		return nil, false, true
	}
	if n, isInt := seg.(values.Int); isInt {
		if a, isArr := value.(*values.Array); isArr {
			if n < 0 || int(n) >= a.Len() {
				return nil, false, true
			}
			return a.At(int(n)), true, true
		}
	}
	h, isHash := value.(*values.Hash)
	if !isHash {
		return nil, false, false
	}
	v, found = h.Get(seg)
	return v, found, true
}
