package rt

import (
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/internal/charclass"
	"github.com/pp2go/pp2go/rt/restype"
)

// titleShape is a title pattern matched without a regular expression:
// compiling one is most of what a short run spends on a type's titles
// (openstacklib's types have up to 8 patterns, each compiled when a title
// first reaches it). It reads the patterns made of groups that repeat
// characters of a set between literal separators, anchored at both ends:
//
//	^((?-mix:(?:[^:]|:[^:])+))::((?-mix:.+))$   ^([^:]+)$   ^(.*):(.*)$
//
// A group repeats one unit, a character of a set ([...], ., a literal) or
// a choice of sequences of them whose first characters no two share:
// where the group stands, at most one choice can go on, so the ends Ruby's
// backtracking tries for the group are the ends of its successive units,
// the last first. match tries them in that order, as Ruby does.
type titleShape struct {
	parts  []titlePart
	groups int
}

// titlePart is a literal separator (lit), or a group: a unit repeated at
// least min times (0 or 1).
type titlePart struct {
	lit   string
	alts  [][]charclass.Set // the unit's choices; nil for a literal
	min   int
	group int // the group's number from 0
}

// titleShapeOf reads a title pattern as a titleShape, or returns nil for
// one it does not read. Its flags may be m, which changes nothing for a
// title without a line break (the only ones match takes).
func titleShapeOf(p restype.TitlePattern) *titleShape {
	if p.Flags != "" && p.Flags != "m" {
		return nil
	}
	src, ok := strings.CutPrefix(p.Regexp, "^")
	if !ok || !strings.HasSuffix(src, "$") || strings.HasSuffix(src, `\$`) {
		return nil
	}
	src = src[:len(src)-1]
	// room for the groups and the separators around them at once: a
	// program reads each type's patterns as it first meets its titles
	groups := strings.Count(src, "((") + strings.Count(src, "([")
	sh := &titleShape{parts: make([]titlePart, 0, 2*groups+1)}
	var room [32]byte
	lit := room[:0]
	for len(src) > 0 {
		if src[0] != '(' {
			c, n := literalChar(src)
			if n == 0 {
				return nil
			}
			lit = append(lit, c)
			src = src[n:]
			continue
		}
		if strings.HasPrefix(src, "(?") {
			return nil
		}
		if len(lit) > 0 {
			sh.parts = append(sh.parts, titlePart{lit: string(lit)})
			lit = lit[:0]
		}
		part, n := groupOf(src[1:])
		if n == 0 || n+1 >= len(src) || src[n+1] != ')' {
			return nil
		}
		part.group = sh.groups
		sh.groups++
		sh.parts = append(sh.parts, part)
		src = src[n+2:]
	}
	if len(lit) > 0 {
		sh.parts = append(sh.parts, titlePart{lit: string(lit)})
	}
	if sh.groups == 0 || len(sh.parts) > maxShapeParts {
		return nil
	}
	return sh
}

// groupOf reads a capture group's body, a unit and + or *, maybe inside
// (?-mix:...) (an interpolated regexp's to_s), and returns its length.
func groupOf(s string) (titlePart, int) {
	if body, ok := strings.CutPrefix(s, "(?-mix:"); ok {
		part, n := groupOf(body)
		if n == 0 || n >= len(body) || body[n] != ')' {
			return titlePart{}, 0
		}
		return part, len("(?-mix:") + n + 1
	}
	var part titlePart
	n := 0
	if rest, ok := strings.CutPrefix(s, "(?:"); ok {
		part.alts = make([][]charclass.Set, 0, 2)
		for {
			seq, k := sequenceOf(rest[n:])
			if k == 0 || n+k >= len(rest) {
				return titlePart{}, 0
			}
			part.alts = append(part.alts, seq)
			n += k + 1
			if rest[n-1] == ')' {
				break
			}
			if rest[n-1] != '|' {
				return titlePart{}, 0
			}
		}
		n += len("(?:")
		for i := range part.alts {
			for j := range i {
				if part.alts[i][0].Meets(&part.alts[j][0]) {
					return titlePart{}, 0 // Ruby may go on with either
				}
			}
		}
	} else {
		c, k := predOf(s)
		if k == 0 {
			return titlePart{}, 0
		}
		part.alts, n = [][]charclass.Set{{c}}, k
	}
	if n >= len(s) {
		return titlePart{}, 0
	}
	switch s[n] {
	case '+':
		part.min = 1
	case '*':
	default:
		return titlePart{}, 0
	}
	n++
	if n < len(s) && (s[n] == '?' || s[n] == '+' || s[n] == '*' || s[n] == '{') {
		return titlePart{}, 0 // lazy, possessive, repeated again
	}
	return part, n
}

// sequenceOf reads characters of sets up to a | or ), which it does not
// take.
func sequenceOf(s string) ([]charclass.Set, int) {
	seq := make([]charclass.Set, 0, 2)
	n := 0
	for n < len(s) && s[n] != '|' && s[n] != ')' {
		c, k := predOf(s[n:])
		if k == 0 {
			return nil, 0
		}
		if n+k < len(s) && strings.IndexByte("?*+{", s[n+k]) >= 0 {
			return nil, 0
		}
		seq = append(seq, c)
		n += k
	}
	return seq, n
}

// predOf reads one character of a set: ., or an atom whose set is
// known exactly.
func predOf(s string) (charclass.Set, int) {
	if s[0] == '.' {
		c, _, _ := charclass.Atom(`[^\n]`)
		return c, 1
	}
	c, n, ok := charclass.Atom(s)
	if !ok || !c.Exact() {
		return c, 0
	}
	return c, n
}

// literalChar is one ASCII character outside a class: a letter, a digit
// or punctuation that is not an operator, or punctuation after a
// backslash.
func literalChar(s string) (byte, int) {
	c := s[0]
	switch {
	case c == '\\':
		if len(s) > 1 && charclass.IsEscapedPunct(s[1]) {
			return s[1], 2
		}
	case c >= 0x80 || c < ' ' || strings.IndexByte(`.^$|?*+()[]{}#`, c) >= 0:
	default:
		return c, 1
	}
	return 0, 0
}

// maxShapeParts and maxShapeTitle bound match's table of positions known
// to fail: a longer title is left to the regexp.
const (
	maxShapeParts = 9
	maxShapeTitle = 256
)

// match matches title, putting group i's text in groups[i]. handled is
// false for a title it leaves to the regexp: with a line break (where ^
// and $ also match), not UTF-8, or long.
func (sh *titleShape) match(title string, groups []string) (ok, handled bool) {
	if len(title) > maxShapeTitle || strings.IndexByte(title, '\n') >= 0 || !utf8.ValidString(title) {
		return false, false
	}
	m := shapeMatch{sh: sh, title: title, groups: groups}
	return m.from(0, 0), true
}

// shapeMatch is one title's search.
type shapeMatch struct {
	sh     *titleShape
	title  string
	groups []string
	// failed marks (part, position) searched without a match: with
	// them the search takes at most parts × length² steps
	failed [(maxShapeParts*(maxShapeTitle+1) + 63) / 64]uint64
}

// from reports whether parts[i:] match title[pos:] to its end.
func (m *shapeMatch) from(i, pos int) bool {
	if i == len(m.sh.parts) {
		return pos == len(m.title)
	}
	key := i*(maxShapeTitle+1) + pos
	if m.failed[key>>6]&(1<<(key&63)) != 0 {
		return false
	}
	p := &m.sh.parts[i]
	if p.alts == nil {
		if strings.HasPrefix(m.title[pos:], p.lit) && m.from(i+1, pos+len(p.lit)) {
			return true
		}
	} else {
		var room [maxShapeTitle + 1]int16
		ends := append(room[:0], int16(pos))
		for q := pos; ; {
			n := m.unit(p.alts, q)
			if n == 0 {
				break
			}
			q += n
			ends = append(ends, int16(q))
		}
		for k := len(ends) - 1; k >= p.min; k-- {
			if m.from(i+1, int(ends[k])) {
				m.groups[p.group] = m.title[pos:ends[k]]
				return true
			}
		}
	}
	m.failed[key>>6] |= 1 << (key & 63)
	return false
}

// unit is the length of the unit's choice that matches at pos, or 0.
func (m *shapeMatch) unit(alts [][]charclass.Set, pos int) int {
next:
	for _, seq := range alts {
		q := pos
		for k := range seq {
			r, n := utf8.DecodeRuneInString(m.title[q:])
			if n == 0 || !seq[k].Matches(r) {
				continue next
			}
			q += n
		}
		return q - pos
	}
	return 0
}
