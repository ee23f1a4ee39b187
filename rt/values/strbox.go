package values

import (
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/internal/recent"
)

// boxedStrings are Strings boxed once for every compile of the process,
// by their text: a compile makes the same titles, references,
// interpolated strings and Ruby functions' results as the last one, and
// each was a string and its box. Strings longer than MaxBoxedString are
// not kept, and the map stops growing at 1<<14 entries.
var boxedStrings = readmap.New[Value](1<<14, 1<<10)

// MaxBoxedString is the longest String BoxedString keeps.
const MaxBoxedString = 128

// keepBoxed has BoxedString keep the strings it boxes (KeepCopies).
var keepBoxed atomic.Bool

// KeepCopies has BoxedString keep the strings it boxes from now on, copied:
// rt calls it as the process compiles a second catalog, or releases one.
// Until then nothing is kept: a process that compiles one catalog would
// only store each string for a compile that never comes (a one-shot
// keystone compile boxed 729 strings, 185 of them again: looking them up
// and storing them was 2% of the process). A kept string is a copy: it may
// be part of a compile's memory (a rendering's room for its strings, a
// chunk of the compile's bytes), which its box, kept for the process,
// would keep whole (a rendering's frame or a chunk for each string a node
// had and no node before it: its name, its addresses).
func KeepCopies() { keepBoxed.Store(true) }

// KeepsCopies reports whether KeepCopies was called: whether a cache of
// values for the process's later compiles is worth filling.
func KeepsCopies() bool { return keepBoxed.Load() }

// BoxedString is String(s) as a Value, boxed once per process (once it
// compiles again: KeepCopies).
func BoxedString(s string) Value {
	if len(s) > MaxBoxedString || !keepBoxed.Load() {
		return String(s)
	}
	e, h := recentBoxes.Find(s)
	if e != nil && e.Key == s {
		return e.Answer
	}
	v, ok := readmap.Load(boxedStrings, s)
	if !ok {
		s = strings.Clone(s)
		v = readmap.Store[Value](boxedStrings, s, String(s))
	}
	recentBoxes.Keep(e, h, s, v)
	return v
}

// recentBoxes are boxes BoxedString gave, by where the string's bytes
// are: the strings boxed most, compile after compile, are the program's
// constants (titles, translated Ruby's literals), at the same address each
// time.
var recentBoxes recent.Table[Value]

// BoxedStringBytes is BoxedString(string(b)), the string made only when
// it is not kept yet (a copy of b: no copy again).
func BoxedStringBytes(b []byte) Value {
	if len(b) <= MaxBoxedString && keepBoxed.Load() {
		if v, ok := readmap.LoadBytes(boxedStrings, b); ok {
			return v
		}
		s := string(b)
		return readmap.Store[Value](boxedStrings, s, String(s))
	}
	return String(string(b))
}

// BoxOf is the String a Value holding one is boxed in, which StringAt
// makes the same Value of again; nil for a Value of another type.
func BoxOf(v Value) *String {
	if _, ok := v.(String); !ok {
		return nil
	}
	return (*String)((*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1])
}

// StringAt is *p as a Value boxed in *p itself, where String(*p) would
// allocate a box of its own: a compile keeps many Strings' boxes in one
// chunk. *p must not change afterwards (a Value's box never does).
func StringAt(p *String) Value {
	v := Value(String("")) // the empty String's box is static: no allocation
	// an interface is (type word, pointer to its value): only the pointer
	// changes, to p
	(*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1] = unsafe.Pointer(p)
	return v
}
