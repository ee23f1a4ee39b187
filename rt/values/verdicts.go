package values

import (
	"strings"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/internal/readmap"
)

// stringVerdicts are answers whether strings match (a Regexp's) or are
// a type's instances (an alias's), for at most subjectsKept strings of at
// most subjectMaxKept bytes each. The map is made at the first answer
// kept: most are never asked.
type stringVerdicts struct {
	m atomicptr.Pointer[readmap.Map[bool]]
}

// load is the answer kept for s, if any.
func (k *stringVerdicts) load(s string) (ok, found bool) {
	m := atomicptr.Load(&k.m)
	if m == nil || len(s) > subjectMaxKept {
		return false, false
	}
	return readmap.Load(m, s)
}

// store keeps ok as the answer for a copy of s: s may be part of a
// compile's memory, which the process reuses.
func (k *stringVerdicts) store(s string, ok bool) {
	if len(s) > subjectMaxKept {
		return
	}
	m := atomicptr.Load(&k.m)
	if m == nil {
		atomicptr.CompareAndSwap(&k.m, nil, &readmap.Map[bool]{Limit: subjectsKept})
		m = atomicptr.Load(&k.m)
	}
	readmap.Store(m, strings.Clone(s), ok)
}
