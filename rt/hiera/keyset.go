package hiera

import (
	"hash/maphash"

	"github.com/pp2go/pp2go/rt/values"
)

// keySet is the set of the String keys of data files, which missing and
// settledLookup ask of every automatic parameter's key (a keystone
// compile asks 416 keys, most of them in no file). It is a table
// open-addressed by a hash of the key that the lookupKey computed once
// (lookupKey.hash), so a question hashes nothing, where a map[string]
// hashes the key at each question. Immutable once made: the compiles of a
// process share it.
type keySet struct {
	slots []keySlot // a power of two long, at most a quarter full
}

type keySlot struct {
	hash uint64 // keyHash(key); 0 for an empty slot
	key  string
}

var keySeed = maphash.MakeSeed()

// keyHash is the hash of key that a keySet files it under: never 0.
func keyHash(key string) uint64 {
	if h := maphash.String(keySeed, key); h != 0 {
		return h
	}
	return 1
}

// hashKeys is the set of the String keys of hs.
func hashKeys(hs []*values.Hash) *keySet {
	n := 0
	for _, h := range hs {
		n += h.Len()
	}
	// a quarter full, a key that is not there is found missing at the
	// first or second slot tried, mostly (1.4 on average; 2.5 half full)
	size := 4
	for size < 4*n {
		size *= 2
	}
	ks := &keySet{slots: make([]keySlot, size)}
	for _, h := range hs {
		for i := 0; i < h.Len(); i++ {
			if k, ok := h.KeyAt(i).(values.String); ok {
				ks.add(string(k))
			}
		}
	}
	return ks
}

func (ks *keySet) add(key string) {
	h := keyHash(key)
	mask := uint64(len(ks.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &ks.slots[i]
		if s.hash == 0 {
			*s = keySlot{h, key}
			return
		}
		if s.hash == h && s.key == key {
			return
		}
	}
}

// has reports whether lk's root is in the set.
func (ks *keySet) has(lk *lookupKey) bool {
	mask := uint64(len(ks.slots) - 1)
	for i := lk.hash & mask; ; i = (i + 1) & mask {
		s := &ks.slots[i]
		if s.hash == 0 {
			return false
		}
		if s.hash == lk.hash && s.key == lk.root {
			return true
		}
	}
}
