package rt

import (
	"sync/atomic"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/recent"
)

// stringJSON is the JSON of strings the process's catalogs wrote, by the
// address and length of the strings' bytes: a compile writes mostly the
// strings the compile before wrote, the same bytes (constants, titles
// and values boxed once per process, strings found where the code made
// them: 1,590 of the 1,599 strings a keystone catalog writes first), and
// copying their JSON costs a few times less than escaping them again.
// An entry holds its string, so its bytes stay where they are and as they
// are (strings are never changed, nor made in memory that is reused):
// the same address and length are the same text. The table has two
// places for each address; a string kept when both are taken replaces
// one of them. It keeps strings once escapedWarm (a process that writes
// one catalog would only pay for keeping them), up to stringJSONBudget
// bytes (the strings and their JSON).
//
// It keeps only a string that two catalogs wrote, the same bytes
// (stringJSONSeen): a string of one node's catalog (its facts, what it
// built of them) is not written again by the next node's, and keeping it
// would keep alive the memory it was made in with it. After a collection,
// a batch of 2,000 keystone nodes held 28 MB when the table kept every
// string, 16 MB with this rule (the table full), 11 MB with no table.
var (
	stringJSON      [stringJSONSlots / 2][2]atomic.Pointer[jsonOf]
	stringJSONBytes atomic.Int64
	// stringJSONSeen is, for each of its places, a hash of the address
	// and length of the last string written there that the table did
	// not keep, and the number of the catalog that wrote it: numbers,
	// which keep nothing alive (a string made later at the same address
	// would only be kept a write early)
	stringJSONSeen [1 << stringJSONSeenBits]atomic.Uint64
)

const (
	// stringJSONBits is log2 of stringJSON's places: a keystone
	// catalog writes about 2,000 strings.
	stringJSONBits  = 14
	stringJSONSlots = 1 << stringJSONBits
	// stringJSONBudget bounds the bytes the table keeps.
	stringJSONBudget = 8 << 20
	// stringJSONMax is the longest string the table keeps.
	stringJSONMax = 16 << 10
	// stringJSONSeenBits is log2 of stringJSONSeen's places, more than
	// the table's so that two strings seldom take turns at one.
	stringJSONSeenBits = 16
)

// jsonOf is a string and its JSON.
type jsonOf struct {
	s, json string
}

// stringJSONPlaces are the two places of the string at p.
func stringJSONPlaces(p *byte) *[2]atomic.Pointer[jsonOf] {
	return &stringJSON[addrSlot(unsafe.Pointer(p), stringJSONBits-1)]
}

// fibonacci is 2^64 over the golden ratio: a product with it spreads an
// address's (or a text's) bits over the high bits that pick a table's
// place (addrSlot, bytesHash, textHash).
const fibonacci = 0x9e3779b97f4a7c15

// bytesHash is a hash of where s's bytes are and how many: the same for
// the same bytes in memory (sameBytes), spread over its high bits.
func bytesHash(s string) uint64 { return recent.Hash(s) }

// addrSlot is the place, in a table of 1<<bits places, of the address p.
func addrSlot(p unsafe.Pointer, bits int) uint64 {
	return uint64(uintptr(p)) * fibonacci >> (64 - bits)
}

// of says whether e is of the string of n bytes at p.
func (e *jsonOf) of(p *byte, n int) bool {
	return e != nil && sameBytes(e.s, unsafe.String(p, n))
}

// seenBefore reports whether s, its bytes, was the last string written
// at its place of stringJSONSeen, by a catalog before the catalog-th (a
// string a catalog writes again is not one the next catalog writes), and
// makes it that string, of that catalog, if it was not written there.
func seenBefore(s string, catalog uint32) bool {
	h := bytesHash(s)
	at := &stringJSONSeen[h>>(64-stringJSONSeenBits)]
	k := seenMark(h, catalog)
	switch v := at.Load(); {
	case !sameSeen(v, k):
		at.Store(k)
		return false
	default:
		return v != k
	}
}

// seenCatalogBits are the low bits of a seenMark: the catalog's number.
const seenCatalogBits = 24

// seenMark is what a table of things seen (stringJSONSeen,
// keptResources) holds of the thing of hash h written by the catalog-th
// catalog: h's high bits, the catalog's number's low ones.
func seenMark(h uint64, catalog uint32) uint64 {
	return h&^(1<<seenCatalogBits-1) | uint64(catalog)&(1<<seenCatalogBits-1)
}

// seenAge is how many catalogs before the one of seenMark mark the one
// of v was (modulo 1<<seenCatalogBits).
func seenAge(v, mark uint64) uint64 { return (mark - v) & (1<<seenCatalogBits - 1) }

// sameSeen says whether two seenMarks are of the same thing.
func sameSeen(a, b uint64) bool { return a>>seenCatalogBits == b>>seenCatalogBits }

// keepJSON keeps json, the JSON of s, in stringJSON, when the process
// writes catalogs again and the table has room.
func keepJSON(s string, json []byte, catalog uint32) {
	if len(s) > stringJSONMax || !escapedWarm.Load() || !seenBefore(s, catalog) {
		return
	}
	size := int64(len(s) + len(json))
	if stringJSONBytes.Add(size) > stringJSONBudget {
		stringJSONBytes.Add(-size)
		return
	}
	places := stringJSONPlaces(unsafe.StringData(s))
	i := 0
	switch {
	case places[0].Load() == nil:
	case places[1].Load() == nil:
		i = 1
	default: // both taken: one of them
		i = len(s) & 1
	}
	if old := places[i].Swap(&jsonOf{s, string(json)}); old != nil {
		stringJSONBytes.Add(-int64(len(old.s) + len(old.json)))
	}
}
