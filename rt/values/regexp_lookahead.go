package values

import (
	"strings"

	"github.com/pp2go/pp2go/rt/internal/charclass"
)

// dropNeedlessLookaheads is a translated pattern (regexp2's syntax)
// without its negative lookaheads of one ASCII character class that
// cannot fail where the rest of the pattern could still match: stdlib's
// IPv4 pattern (Stdlib::Compat::Ipv4) follows each octet with (?!\d),
// then a "." or the end. Such a lookahead fails only before a character
// that what follows it never starts with, so a backtracking engine takes
// the same path (the same match, the same groups) without it, and Go's
// engine, which has no lookaround, can then run the pattern instead of
// regexp2, whose compiling of that pattern cost 1.6% of a keystone
// process (issue 14).
//
// The rest of the pattern is read conservatively: a construct it does
// not know (a backreference, a word boundary, an escape with a payload,
// nested classes) might start with anything, and a pattern with an atomic
// group, a conditional or the i or x flag is left alone.
func dropNeedlessLookaheads(tr string) string {
	if !strings.Contains(tr, "(?!") || strings.Contains(tr, "(?>") || strings.Contains(tr, "(?(") {
		return tr
	}
	g, ok := groupsOf(tr)
	if !ok {
		return tr
	}
	var b strings.Builder
	last := 0
	seen := make([]bool, len(tr))
	for i := 0; i < len(tr); i++ {
		switch tr[i] {
		case '\\':
			i++
			continue
		case '[':
			i += classLen(tr[i:]) - 1
			continue
		case '(':
		default:
			continue
		}
		if !strings.HasPrefix(tr[i:], "(?!") {
			continue
		}
		end := int(g.pair[i])
		set, n, ok := charclass.Atom(tr[i+3 : end])
		if !ok || i+3+n != end || set.NonASCII || set.Negated {
			continue
		}
		if q, ok := quantifierAt(tr, end+1); !ok || q.n > 0 {
			continue
		}
		clear(seen)
		if (&follow{s: tr, g: g, c: set, seen: seen}).mayStart(end + 1) {
			continue
		}
		b.WriteString(tr[last:i])
		last = end + 1
		i = end
	}
	if last == 0 {
		return tr
	}
	b.WriteString(tr[last:])
	return b.String()
}

// groups are a pattern's brackets, by position: pair holds the ')' of
// each '(', the '(' of each ')', and the ')' that ends the group of each
// '|' (-1 at the top level); next holds, for each '(' and '|', the next
// '|' of the group or its ')'.
type groups struct {
	pair, next []int32
}

// groupsOf finds a pattern's groups; ok is false when its brackets do
// not balance, or an inline option sets i or x (which change what a
// character or a class matches).
func groupsOf(s string) (groups, bool) {
	g := groups{pair: make([]int32, 2*len(s))}
	g.pair, g.next = g.pair[:len(s)], g.pair[len(s):]
	// open holds the open groups' '(', last their last '(' or '|'
	var open, last []int32
	top := int32(-1) // the top level's last '|'
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			n := classLen(s[i:])
			if n == 0 {
				return g, false
			}
			i += n - 1
		case '(':
			if strings.HasPrefix(s[i:], "(?") {
				j := i + 2
				for j < len(s) && strings.IndexByte("imsxn-", s[j]) >= 0 {
					j++
				}
				on, _, _ := strings.Cut(s[i+2:j], "-")
				if strings.ContainsAny(on, "ix") {
					return g, false
				}
			}
			open, last = append(open, int32(i)), append(last, int32(i))
		case ')':
			if len(open) == 0 {
				return g, false
			}
			o := open[len(open)-1]
			g.pair[o], g.pair[i], g.next[last[len(last)-1]] = int32(i), o, int32(i)
			for b := g.next[o]; b != int32(i); b = g.next[b] {
				g.pair[b] = int32(i)
			}
			open, last = open[:len(open)-1], last[:len(last)-1]
		case '|':
			if len(open) == 0 {
				if top >= 0 {
					g.next[top] = int32(i)
				}
				g.pair[i], top = -1, int32(i)
				continue
			}
			g.next[last[len(last)-1]] = int32(i)
			last[len(last)-1] = int32(i)
		}
	}
	if len(open) > 0 {
		return g, false
	}
	return g, true
}

// quantifier is what a quantifier lets its atom do: be absent (min 0),
// or repeat (more than once).
type quantifier struct {
	n              int // its length, 0 when there is none
	optional, many bool
}

// quantifierAt reads the quantifier at s[i:], if any; ok is false for a
// possessive one, or a brace that is no interval.
func quantifierAt(s string, i int) (q quantifier, ok bool) {
	if i >= len(s) {
		return q, true
	}
	switch s[i] {
	case '?':
		q = quantifier{n: 1, optional: true}
	case '*':
		q = quantifier{n: 1, optional: true, many: true}
	case '+':
		q = quantifier{n: 1, many: true}
	case '{':
		n := intervalLen(s[i:])
		if n == 0 {
			return q, false
		}
		lo, _, _ := strings.Cut(s[i+1:i+n-1], ",")
		if lo == "" {
			return q, false // {,m} is no interval in regexp2's syntax
		}
		// many: {1} too, which is rare and only makes the search wider
		q = quantifier{n: n, optional: strings.Trim(lo, "0") == "", many: true}
	default:
		return q, true
	}
	if i+q.n < len(s) {
		switch s[i+q.n] {
		case '?':
			q.n++ // lazy: the same strings
		case '+':
			return q, false
		}
	}
	return q, true
}

// follow searches what may come at a point of a pattern for a character
// of c.
type follow struct {
	s    string
	g    groups
	c    charclass.Set
	seen []bool
}

// mayStart reports whether the pattern from i on might match a character
// of c first, or end the match there (where the subject may go on with
// one): false only when every way on starts with another character, or
// with $ or \z there.
func (f *follow) mayStart(i int) bool {
	s := f.s
	for {
		if i >= len(s) {
			return true
		}
		if f.seen[i] {
			return false // searched from here already
		}
		f.seen[i] = true
		switch s[i] {
		case '|':
			if f.g.pair[i] < 0 {
				return true
			}
			return f.exit(int(f.g.pair[i]))
		case ')':
			return f.exit(i)
		case '(':
			next, ok := f.group(i)
			if !ok {
				return true
			}
			if next < 0 {
				return false
			}
			i = next
			continue
		case '$':
			return f.c.Has('\n')
		case '\\':
			if i+1 < len(s) && s[i+1] == 'z' {
				return false
			}
			if i+1 < len(s) && s[i+1] == 'Z' {
				return f.c.Has('\n')
			}
		}
		set, n, ok := charclass.Atom(s[i:])
		if !ok || set.Meets(&f.c) {
			return true
		}
		q, ok := quantifierAt(s, i+n)
		if !ok {
			return true
		}
		if !q.optional {
			return false
		}
		i += n + q.n
	}
}

// group searches the group that opens at i, whose alternatives go on
// after it: ok is false when one may start with a character of c (or the
// group is of a kind not read here); next is where the search goes on
// when the group may match nothing (a lookaround, an optional group),
// -1 otherwise.
func (f *follow) group(i int) (next int, ok bool) {
	s, end := f.s, int(f.g.pair[i])
	body := i + 1
	if strings.HasPrefix(s[i:], "(?") {
		switch {
		case strings.HasPrefix(s[i:], "(?="), strings.HasPrefix(s[i:], "(?!"),
			strings.HasPrefix(s[i:], "(?<="), strings.HasPrefix(s[i:], "(?<!"):
			// matches nothing: what follows comes first
			q, ok := quantifierAt(s, end+1)
			return end + 1, ok && q.n == 0
		case strings.HasPrefix(s[i:], "(?<"), strings.HasPrefix(s[i:], "(?'"):
			close := strings.IndexAny(s[i+3:], ">'")
			if close < 0 {
				return 0, false
			}
			body = i + 3 + close + 1
		default:
			j := i + 2
			for j < end && strings.IndexByte("imsxn-", s[j]) >= 0 {
				j++
			}
			switch s[j] {
			case ')':
				return end + 1, true // options for what follows
			case ':':
				body = j + 1
			default:
				return 0, false
			}
		}
	}
	q, ok := quantifierAt(s, end+1)
	if !ok || f.alternatives(i, body) {
		return 0, false
	}
	if q.optional {
		return end + 1 + q.n, true
	}
	return -1, true
}

// alternatives reports whether one of the alternatives of the group
// that opens at open, whose body starts at body, may start with a
// character of c.
func (f *follow) alternatives(open, body int) bool {
	if f.mayStart(body) {
		return true
	}
	for b := f.g.next[open]; f.s[b] == '|'; b = f.g.next[b] {
		if f.mayStart(int(b) + 1) {
			return true
		}
	}
	return false
}

// exit searches on after the group that closes at end: its next round,
// when its quantifier repeats it, and what follows it.
func (f *follow) exit(end int) bool {
	if o := f.s[f.g.pair[end]:]; strings.HasPrefix(o, "(?=") || strings.HasPrefix(o, "(?!") || strings.HasPrefix(o, "(?<=") || strings.HasPrefix(o, "(?<!") {
		return true // the end of a lookaround's body: not read here
	}
	q, ok := quantifierAt(f.s, end+1)
	if !ok {
		return true
	}
	if q.many {
		if _, ok := f.group(int(f.g.pair[end])); !ok {
			return true
		}
	}
	return f.mayStart(end + 1 + q.n)
}
