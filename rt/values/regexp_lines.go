package values

import (
	"hash/maphash"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

// GoLines is a Ruby pattern in Go's engine, in two forms: Plain, for
// subjects without a line break, where Ruby's ^ and $ are the subject's
// start and end (Go's engine, told so, searches from the start only, with
// its one-pass matcher when the pattern allows, where line anchors make it
// try each position), and the same with line anchors ((?m)) for the other
// subjects, compiled when first needed.
type GoLines struct {
	Plain *regexp.Regexp
	lines *regexp.Regexp
	once  sync.Once
	// last is the answer SubmatchIndex kept; missed is the hash of the
	// subject it last found no answer kept for
	last   atomicptr.Pointer[lastSubmatch]
	missed atomic.Uint64
}

// lastSubmatch is the answer of SubmatchIndex for a subject.
type lastSubmatch struct {
	subject string
	index   []int
}

// For is the form that matches s.
func (g *GoLines) For(s string) *regexp.Regexp {
	if strings.IndexByte(s, '\n') < 0 {
		return g.Plain
	}
	g.once.Do(func() { g.lines = regexp.MustCompile("(?m)" + g.Plain.String()) })
	return g.lines
}

// SubmatchIndex is For(s).FindStringSubmatchIndex(s), which the caller
// only reads. The answer for a subject searched twice in a row is kept
// until another is: a compile searches the subjects the compile before
// did (validate_re's and templates' patterns, each with its parameter),
// and Go's engine takes thousands of instructions for a pattern with
// groups, where comparing the subject with a copy takes a few. A pattern
// that searches many subjects in turn keeps none (and pays a hash each),
// nor does a process before it compiles again (KeepsCopies).
func (g *GoLines) SubmatchIndex(s string) []int {
	if e := atomicptr.Load(&g.last); e != nil && e.subject == s {
		return e.index
	}
	idx := g.For(s).FindStringSubmatchIndex(s)
	if len(s) <= maxKeptSubject && KeepsCopies() {
		if h := maphash.String(subjectSeed, s); g.missed.Swap(h) == h {
			atomicptr.Store(&g.last, &lastSubmatch{strings.Clone(s), idx})
		}
	}
	return idx
}

// maxKeptSubject bounds the subjects SubmatchIndex keeps a copy of.
const maxKeptSubject = 256

var subjectSeed = maphash.MakeSeed()
