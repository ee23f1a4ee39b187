package values

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"
)

// wholeSet is a pattern that matches a whole subject from a few strings
// (Puppet's /^(running|stopped)$/, /^present$/): anchored at the start and
// the end, with literals, alternatives and small character classes between
// the anchors, and either no group or one group of all of them. In a
// subject without a line break, Ruby's ^ and $ are its start and end: the
// subject matches when it is one of the strings, and the match and the
// group, if any, are the whole subject. Such a pattern is found by
// comparing strings, where Go's engine runs its one-pass matcher and
// allocates the match's indexes.
type wholeSet struct {
	strs   []string
	groups int // the match data's values: 1, or 2 with the group
}

// wholeSetMax bounds the strings of a wholeSet, and wholeClassMax the
// characters of a class in it.
const (
	wholeSetMax   = 32
	wholeClassMax = 16
)

// wholeSetOf is the wholeSet of a parsed pattern, or nil.
func wholeSetOf(re *syntax.Regexp) *wholeSet {
	if re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return nil
	}
	first, last := re.Sub[0].Op, re.Sub[len(re.Sub)-1].Op
	if first != syntax.OpBeginText && first != syntax.OpBeginLine || last != syntax.OpEndText && last != syntax.OpEndLine {
		return nil
	}
	mid := re.Sub[1 : len(re.Sub)-1]
	ws := &wholeSet{strs: []string{""}, groups: 1}
	if len(mid) == 1 && mid[0].Op == syntax.OpCapture {
		ws.groups = 2
		mid = mid[0].Sub
	}
	for _, sub := range mid {
		if ws.strs = appendStrings(ws.strs, sub); ws.strs == nil {
			return nil
		}
	}
	return ws
}

// appendStrings is each of prefixes followed by each string re matches,
// nil when re is no alternation of literals and small classes (captures
// among them), matches a string Go's engine may find in a subject that
// is not that string (U+FFFD stands for bytes that are not UTF-8), or
// makes more than wholeSetMax strings.
func appendStrings(prefixes []string, re *syntax.Regexp) []string {
	var alts []string
	switch re.Op {
	case syntax.OpEmptyMatch:
		return prefixes
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		alts = []string{string(re.Rune)}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for c := re.Rune[i]; c <= re.Rune[i+1]; c++ {
				if len(alts) == wholeClassMax {
					return nil
				}
				alts = append(alts, string(c))
			}
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if prefixes = appendStrings(prefixes, sub); prefixes == nil {
				return nil
			}
		}
		return prefixes
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			each := appendStrings([]string{""}, sub)
			if each == nil {
				return nil
			}
			alts = append(alts, each...)
		}
	default:
		return nil
	}
	if len(prefixes)*len(alts) > wholeSetMax || slices.ContainsFunc(alts, hasRuneError) {
		return nil
	}
	out := make([]string, 0, len(prefixes)*len(alts))
	for _, p := range prefixes {
		for _, a := range alts {
			out = append(out, p+a)
		}
	}
	return out
}

// hasRuneError reports whether s holds U+FFFD.
func hasRuneError(s string) bool { return strings.ContainsRune(s, utf8.RuneError) }
