package rt

import (
	"strings"
	"sync"
	"sync/atomic"
)

// nameCache memoizes a function of names (capitalizeTypeName,
// strings.ToLower) for every compile of the process: the names come from
// the program's code, and a name the function changes costs an allocation
// per call otherwise. Names the function returns as they are are not
// kept, and the cache stops growing at maxCachedNames.
type nameCache struct {
	m sync.Map // string → string
	n atomic.Int32
	f func(string) string
}

const maxCachedNames = 1 << 14

func (c *nameCache) get(name string) string {
	if v, ok := c.m.Load(name); ok {
		return v.(string)
	}
	s := c.f(name)
	if s != name && c.n.Load() < maxCachedNames {
		c.n.Add(1)
		c.m.Store(name, s)
	}
	return s
}

var (
	// capitalized is capitalizeTypeName's cache: generated code declares
	// resources and names classes in lowercase.
	capitalized = &nameCache{f: capitalizeTypeName}
	// lowered is strings.ToLower's, for resource types' tags.
	lowered = &nameCache{f: strings.ToLower}
)
