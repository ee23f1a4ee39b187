package rt

import (
	"strings"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/internal/recent"
	"github.com/pp2go/pp2go/rt/values"
)

// nameCache memoizes a function of names (capitalizeTypeName,
// strings.ToLower) for every compile of the process: the names come from
// the program's code, and a name the function changes costs an allocation
// per call otherwise. Names the function returns as they are are told by
// same, without a lookup, and the cache stops growing at maxCachedNames.
type nameCache struct {
	m    readmap.Map[string]
	f    func(string) string
	same func(string) bool
	// recent are answers get gave: comparing a name with an entry's
	// copy costs a fraction of same's scan of it or a lookup in m
	recent recent.Table[nameAnswer]
}

// nameAnswer is what nameCache.get gave for a name: result, or the name
// itself when same.
type nameAnswer struct {
	result string
	same   bool
}

const maxCachedNames = 1 << 14

// roomCachedNames is the room such a cache is made with (readmap.Map.Room):
// about what a keystone compile stores in it.
const roomCachedNames = 128

func (c *nameCache) get(name string) string {
	e, h := c.recent.Find(name)
	if e != nil && e.Key == name {
		if e.Answer.same {
			return name
		}
		return e.Answer.result
	}
	result, same := c.answer(name)
	// kept once the process compiles again (values.KeepsCopies): a
	// process's one compile would only pay for the copies
	if values.KeepsCopies() {
		c.recent.Keep(e, h, name, nameAnswer{result, same})
	}
	return result
}

// answer is get's answer without recent: the name itself when same says
// the function returns it as it is, else the one kept, else the
// function's (kept).
func (c *nameCache) answer(name string) (result string, same bool) {
	if c.same(name) {
		return name, true
	}
	if s, ok := readmap.Load(&c.m, name); ok {
		return s, false
	}
	s := c.f(name)
	if s != name {
		readmap.Store(&c.m, name, s)
	}
	return s, false
}

var (
	// capitalized is capitalizeTypeName's cache: generated code declares
	// resources and names classes in lowercase.
	capitalized = newNameCache(capitalizeTypeName,
		func(name string) bool { return !strings.HasPrefix(name, "::") && isCapitalizedName(name) })
	// lowered is strings.ToLower's, for resource types' tags and the
	// type names a type's text names.
	lowered = newNameCache(strings.ToLower, isLowerASCII)
	// absoluteClass is classNameOf's: include and friends name classes
	// mostly without "::"
	absoluteClass = newNameCache(absoluteClassName,
		func(name string) bool { return strings.HasPrefix(name, ":") && isLowerASCII(name) })
)

// newNameCache is a nameCache of f on the heap, not in the binary's
// data, as readmap.New's Map is: the first compile stores in its map.
//
//go:noinline
func newNameCache(f func(string) string, same func(string) bool) *nameCache {
	return &nameCache{m: readmap.Map[string]{Limit: maxCachedNames, Room: roomCachedNames}, f: f, same: same}
}

// absoluteClassName is a class name in lowercase, prefixed with "::"
// unless it starts with ':' (transform_and_assert_classnames).
func absoluteClassName(name string) string {
	if !strings.HasPrefix(name, ":") {
		name = "::" + name
	}
	return strings.ToLower(name)
}

// isLowerASCII tells an ASCII name strings.ToLower returns as it is.
func isLowerASCII(name string) bool {
	for i := 0; i < len(name); i++ {
		if b := name[i]; b >= 0x80 || b >= 'A' && b <= 'Z' {
			return false
		}
	}
	return true
}

// strValue is values.String(s), boxed once per process
// (values.BoxedString): a compile makes the same titles, references and
// interpolated strings as the last one.
func strValue(s string) values.Value { return values.BoxedString(s) }

// maxStrValue is the longest string strValue keeps.
const maxStrValue = values.MaxBoxedString

// strValueBytes is strValue(string(b)), the string made only when it is
// not kept yet.
func strValueBytes(b []byte) values.Value { return values.BoxedStringBytes(b) }
