package rt

import (
	"sync/atomic"
	"unsafe"
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
var (
	stringJSON      [stringJSONSlots]atomic.Pointer[jsonOf]
	stringJSONBytes atomic.Int64
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
)

// jsonOf is a string and its JSON.
type jsonOf struct {
	s, json string
}

// stringJSONSlot is the first of the two places of the string at p.
func stringJSONSlot(p *byte) int {
	return int(uint64(uintptr(unsafe.Pointer(p)))*0x9e3779b97f4a7c15>>(64-stringJSONBits)) &^ 1
}

// knownJSON is the JSON stringJSON keeps of s, ok false when none.
func knownJSON(s string) (json string, ok bool) {
	p := unsafe.StringData(s)
	i := stringJSONSlot(p)
	for _, e := range [2]*jsonOf{stringJSON[i].Load(), stringJSON[i+1].Load()} {
		if e != nil && unsafe.StringData(e.s) == p && len(e.s) == len(s) {
			return e.json, true
		}
	}
	return "", false
}

// keepJSON keeps json, the JSON of s, in stringJSON, when the process
// writes catalogs again and the table has room.
func keepJSON(s string, json []byte) {
	if len(s) > stringJSONMax || !escapedWarm.Load() {
		return
	}
	size := int64(len(s) + len(json))
	if stringJSONBytes.Add(size) > stringJSONBudget {
		stringJSONBytes.Add(-size)
		return
	}
	i := stringJSONSlot(unsafe.StringData(s))
	switch {
	case stringJSON[i].Load() == nil:
	case stringJSON[i+1].Load() == nil:
		i++
	default: // both taken: one of them
		i += len(s) & 1
	}
	if old := stringJSON[i].Swap(&jsonOf{s, string(json)}); old != nil {
		stringJSONBytes.Add(-int64(len(old.s) + len(old.json)))
	}
}
