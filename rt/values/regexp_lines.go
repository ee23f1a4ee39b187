package values

import (
	"regexp"
	"strings"
	"sync"
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
}

// For is the form that matches s.
func (g *GoLines) For(s string) *regexp.Regexp {
	if strings.IndexByte(s, '\n') < 0 {
		return g.Plain
	}
	g.once.Do(func() { g.lines = regexp.MustCompile("(?m)" + g.Plain.String()) })
	return g.lines
}
