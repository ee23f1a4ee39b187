package values

import (
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// charSet is a pattern that is one character of a set (Ruby's [\/:~\s],
// or [^a-z0-9_]): the set's ASCII characters, and whether every other
// character is in it too. Such a pattern is found by a scan of the
// subject's bytes, where Go's engine tries its backtracker at each
// position and allocates each match's indexes (concat's title escape,
// regsubst($name, '[\\/:~\n\s\+\*\(\)@]', '_', 'G'), runs once per concat
// and fragment).
type charSet struct {
	ascii [2]uint64 // bit c: ASCII character c is in the set
	// high: every non-ASCII character is in the set, and a byte that is
	// not UTF-8, which Go's engine reads as U+FFFD, one byte wide; else
	// none of them is
	high bool
}

// charSetOf is the charSet of a parsed pattern that is one character of
// a set whose characters beyond ASCII are none or all, or nil.
func charSetOf(re *syntax.Regexp) *charSet {
	var rs []rune
	switch {
	case re.Op == syntax.OpCharClass:
		rs = re.Rune
	case re.Op == syntax.OpLiteral && len(re.Rune) == 1 && re.Flags&syntax.FoldCase == 0:
		rs = []rune{re.Rune[0], re.Rune[0]}
	default:
		return nil
	}
	cs := new(charSet)
	for i := 0; i+1 < len(rs); i += 2 {
		lo, hi := rs[i], rs[i+1]
		for c := lo; c <= hi && c < utf8.RuneSelf; c++ {
			cs.ascii[c>>6] |= 1 << (c & 63)
		}
		if hi >= utf8.RuneSelf {
			// the class's ranges are sorted and apart: this one must
			// be the last, and hold every character beyond ASCII
			if lo > utf8.RuneSelf || hi != unicode.MaxRune {
				return nil
			}
			cs.high = true
		}
	}
	return cs
}

// find is the first match in s at byte offset i or later: its start and
// end, or -1, -1.
func (cs *charSet) find(s string, i int) (int, int) {
	for ; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			if cs.ascii[c>>6]&(1<<(c&63)) != 0 {
				return i, i + 1
			}
			continue
		}
		if cs.high {
			_, w := utf8.DecodeRuneInString(s[i:])
			return i, i + w
		}
		// no character beyond ASCII matches, and their bytes are all
		// beyond ASCII: the next byte
	}
	return -1, -1
}

// findAll is FindAllIndex of a pattern f finds: n < 0 means all matches.
// None is empty, so each search starts where the last match ended. The
// matches' indexes share one list.
func findAll(f finder, s string, n int) [][]int {
	count := 0
	for i := 0; n < 0 || count < n; count++ {
		_, j := f.find(s, i)
		if j < 0 {
			break
		}
		i = j
	}
	if count == 0 {
		return nil
	}
	idx := make([]int, 2*count)
	out := make([][]int, count)
	i := 0
	for k := range out {
		idx[2*k], idx[2*k+1] = f.find(s, i)
		out[k] = idx[2*k : 2*k+2 : 2*k+2]
		i = idx[2*k+1]
	}
	return out
}

// ReplaceSet is String#gsub (global) or #sub of s with a replacement
// without escapes, when the pattern is one character of a set or plain
// text (ok): the result made in one piece, without the matches' indexes.
// ok is false for other patterns (and for one that does not compile).
func (r *Regexp) ReplaceSet(s, repl string, global bool) (out string, ok bool) {
	if r.compile() != nil {
		return "", false
	}
	cs := r.plain
	if cs == nil {
		if r.goFor(s, true) == nil || r.class == nil {
			return "", false
		}
		cs = r.class
	}
	count, size := 0, len(s)
	for i := 0; ; count++ {
		if !global && count == 1 {
			break
		}
		k, j := cs.find(s, i)
		if k < 0 {
			break
		}
		size += len(repl) - (j - k)
		i = j
	}
	if count == 0 {
		return s, true
	}
	var b strings.Builder
	b.Grow(size)
	i := 0
	for ; count > 0; count-- {
		k, j := cs.find(s, i)
		b.WriteString(s[i:k])
		b.WriteString(repl)
		i = j
	}
	b.WriteString(s[i:])
	return b.String(), true
}
