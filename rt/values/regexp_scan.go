package values

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// This file gives the function library (rt/fn) Ruby's way of finding every
// match of a pattern in a string, as String#scan, #gsub and #split do.

// FindIndexFrom returns the first match of r in s that starts at byte
// offset start or later, the whole string remaining the context of anchors
// and look-behinds. The result holds byte offsets, two per group (-1 for a
// group that did not participate); nil when there is no match.
func (r *Regexp) FindIndexFrom(s string, start int) ([]int, error) {
	if err := r.compile(); err != nil {
		return nil, err
	}
	if start > len(s) {
		return nil, nil
	}
	if r.plain != nil {
		if i, j := r.plain.find(s, start); i >= 0 {
			return []int{i, j}, nil
		}
		return nil, nil
	}
	if fast := r.goFor(s, true); fast != nil && start == 0 {
		if r.class != nil {
			if i, j := r.class.find(s, 0); i >= 0 {
				return []int{i, j}, nil
			}
			return nil, nil
		}
		return fast.FindStringSubmatchIndex(s), nil
	}
	runes, offs := runeOffsets(s)
	return r.findRunes(runes, offs, byteToRune(offs, start))
}

// FindAllIndex returns the matches of r in s in order, found as Ruby finds
// them: each search starts where the previous match ended, and one
// character further when that match was empty (so an empty match may
// directly follow a non-empty one, unlike Go's FindAll). Each match is
// as FindIndexFrom returns it. n < 0 means all matches.
func (r *Regexp) FindAllIndex(s string, n int) ([][]int, error) {
	if err := r.compile(); err != nil {
		return nil, err
	}
	if r.plain != nil {
		return findAll(r.plain, s, n), nil
	}
	if fast := r.goFor(s, true); fast != nil && !r.nullable {
		// Without empty matches Go's iteration is Ruby's.
		if r.class != nil {
			return findAll(r.class, s, n), nil
		}
		return fast.FindAllStringSubmatchIndex(s, n), nil
	}
	runes, offs := runeOffsets(s)
	var out [][]int
	pos := 0 // rune index
	for n < 0 || len(out) < n {
		if pos > len(runes) {
			break
		}
		m, err := r.findRunes(runes, offs, pos)
		if err != nil {
			return nil, err
		}
		if m == nil {
			break
		}
		out = append(out, m)
		end := byteToRune(offs, m[1])
		if m[0] == m[1] {
			end++
		}
		pos = end
	}
	return out, nil
}

func (r *Regexp) findRunes(runes []rune, offs []int, start int) ([]int, error) {
	re, err := r.slow()
	if err != nil {
		return nil, err
	}
	m, err := re.FindRunesMatchStartingAt(runes, start)
	if err != nil || m == nil {
		return nil, err
	}
	groups := m.Groups()
	out := make([]int, 2*len(groups))
	for i, g := range groups {
		if len(g.Captures) == 0 {
			out[2*i], out[2*i+1] = -1, -1
			continue
		}
		out[2*i] = offs[g.Index]
		out[2*i+1] = offs[g.Index+g.Length]
	}
	return out, nil
}

// EmptyRepeatCapture reports whether a Go pattern repeats a part that may
// match the empty string and holds a group ((a|)+, (x?)*): a backtracking
// engine (Onigmo, regexp2) may end such a repetition with an empty
// iteration that sets the group (/(a|)+b/ =~ "aab": $1 is ""), where Go's
// engine keeps the last non-empty one ("a"); Go's engine then does not
// give Ruby's groups. (A pattern Go does not parse counts as one, when
// it repeats a group.)
func EmptyRepeatCapture(pattern string) bool {
	if !repeatsGroup(pattern) {
		return false // without parsing it (a third of compiling it)
	}
	re, err := syntax.Parse(pattern, syntax.Perl)
	return err != nil || emptyRepeatCapture(re)
}

// repeatsGroup reports whether a ')' of pattern is followed by a
// repetition (*, +, ? or {): the only way a repetition can hold a group
// (an escaped or bracketed ')' counts too, which only costs the parse).
func repeatsGroup(pattern string) bool {
	for i := 1; i < len(pattern); i++ {
		if pattern[i-1] == ')' && strings.IndexByte("*+?{", pattern[i]) >= 0 {
			return true
		}
	}
	return false
}

func emptyRepeatCapture(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		if hasCapture(re.Sub[0]) && nullableSyntax(re.Sub[0]) {
			return true
		}
	}
	for _, s := range re.Sub {
		if emptyRepeatCapture(s) {
			return true
		}
	}
	return false
}

func hasCapture(re *syntax.Regexp) bool {
	if re.Op == syntax.OpCapture {
		return true
	}
	for _, s := range re.Sub {
		if hasCapture(s) {
			return true
		}
	}
	return false
}

func nullableSyntax(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		return len(re.Rune) == 0
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return false
	case syntax.OpCapture:
		return nullableSyntax(re.Sub[0])
	case syntax.OpPlus:
		return nullableSyntax(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min == 0 || nullableSyntax(re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !nullableSyntax(s) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if nullableSyntax(s) {
				return true
			}
		}
		return false
	}
	// empty match, star, quest, anchors and word boundaries
	return true
}

// runeOffsets decodes s as regexp2 does and returns the byte offset of each
// rune (and of the end).
func runeOffsets(s string) ([]rune, []int) {
	runes := make([]rune, 0, len(s))
	offs := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		c, w := utf8.DecodeRuneInString(s[i:])
		runes = append(runes, c)
		offs = append(offs, i)
		i += w
	}
	offs = append(offs, len(s))
	return runes, offs
}

func byteToRune(offs []int, b int) int {
	lo, hi := 0, len(offs)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if offs[mid] < b {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}
