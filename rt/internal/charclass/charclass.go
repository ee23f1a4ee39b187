// Package charclass reads the one-character atoms of a regular expression
// (a character, an escape, a bracketed class) as sets of characters, for
// what decides something about a pattern without compiling it: rt's title
// shapes (Ruby's syntax) and rt/values' needless lookaheads (regexp2's).
// It reads only what the two syntaxes agree on; anything else is not read.
package charclass

import (
	"strings"
	"unicode/utf8"
)

// Set is the characters an atom matches: the ASCII ones by bit, the
// others as one (NonASCII). A negated class ([^...]) is kept complemented.
type Set struct {
	bits     [2]uint64
	NonASCII bool // some character beyond ASCII is in the set
	Negated  bool // the atom was [^...]
	// partial tells that NonASCII stands for some characters beyond
	// ASCII, not all of them: a literal é, or [^é]'s every other one
	partial bool
}

// Add adds the characters lo to hi.
func (s *Set) Add(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s.bits[c>>6] |= 1 << (c & 63)
	}
}

// Has reports whether the ASCII character c is in the set.
func (s *Set) Has(c byte) bool { return c < 0x80 && s.bits[c>>6]&(1<<(c&63)) != 0 }

// Meets reports whether some character may be in both sets.
func (s *Set) Meets(t *Set) bool {
	return s.bits[0]&t.bits[0] != 0 || s.bits[1]&t.bits[1] != 0 || s.NonASCII && t.NonASCII
}

// Exact reports whether Matches tells the atom's matches exactly: the
// atom names no character beyond ASCII.
func (s *Set) Exact() bool { return !s.partial }

// Matches reports whether the atom matches r; for a set that is not
// Exact, whether it may.
func (s *Set) Matches(r rune) bool {
	if r < 0x80 {
		return s.Has(byte(r))
	}
	return s.NonASCII
}

// Escape is the character an escape stands for (e is what follows the
// backslash): ok is false for the escapes not read here.
func Escape(e byte) (s Set, ok bool) {
	switch k := strings.IndexByte("ntrfv", e); {
	case e == 'd':
		s.Add('0', '9')
	case k >= 0:
		s.Add("\n\t\r\f\v"[k], "\n\t\r\f\v"[k])
	case !IsEscapedPunct(e):
		return s, false
	default:
		s.Add(e, e)
	}
	return s, true
}

// IsEscapedPunct reports whether a backslash before c makes c itself:
// ASCII punctuation (a backslash before a letter or digit is a class, an
// anchor or a reference).
func IsEscapedPunct(c byte) bool {
	return c > ' ' && c < 0x80 && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_')
}

// Atom is the set of the one-character atom that s starts with (a
// character, an escape, a class of characters, ranges and such escapes)
// and its length; ok is false for any other start, . included (what it
// matches depends on the flags).
func Atom(s string) (set Set, n int, ok bool) {
	if s == "" {
		return set, 0, false
	}
	switch c := s[0]; {
	case c == '\\':
		if len(s) < 2 {
			return set, 0, false
		}
		set, ok = Escape(s[1])
		return set, 2, ok
	case c == '[':
		return class(s)
	case strings.IndexByte(".^$|()*+?{}", c) >= 0:
		return set, 0, false
	case c >= 0x80:
		_, n := utf8.DecodeRuneInString(s)
		set.NonASCII, set.partial = true, true
		return set, n, true
	default:
		set.Add(c, c)
		return set, 1, true
	}
}

// class is Atom for a bracketed class. It does not read a class whose
// first character is ] (a character in one syntax, an empty class in
// others), nested classes, intersections (&&) or subtractions.
func class(s string) (set Set, n int, ok bool) {
	i := 1
	negated := i < len(s) && s[i] == '^'
	if negated {
		i++
	}
	if i < len(s) && s[i] == ']' {
		return set, 0, false
	}
	for i < len(s) && s[i] != ']' {
		switch c := s[i]; {
		case c == '[' || c == '&' && i+1 < len(s) && s[i+1] == '&':
			return set, 0, false
		case c >= 0x80:
			_, w := utf8.DecodeRuneInString(s[i:])
			if i += w; isRange(s, i) {
				return set, 0, false // a range from beyond ASCII
			}
			set.NonASCII, set.partial = true, true
			continue
		case c == '\\' && i+1 < len(s) && !IsEscapedPunct(s[i+1]):
			e, ok := Escape(s[i+1])
			if i += 2; !ok || isRange(s, i) {
				return set, 0, false // not read, or a range from a class
			}
			set.bits[0] |= e.bits[0]
			set.bits[1] |= e.bits[1]
			continue
		}
		lo, k := classChar(s[i:])
		if k == 0 {
			return set, 0, false
		}
		i += k
		hi := lo
		if isRange(s, i) {
			h, k := classChar(s[i+1:])
			if k == 0 || h < lo {
				return set, 0, false
			}
			hi, i = h, i+1+k
		}
		set.Add(lo, hi)
	}
	if i >= len(s) {
		return set, 0, false
	}
	if negated {
		set.bits[0], set.bits[1] = ^set.bits[0], ^set.bits[1]
		set.NonASCII, set.Negated = true, true
	}
	return set, i + 1, true
}

// isRange reports whether a class's character ending at s[i] starts a
// range: a - that does not end the class.
func isRange(s string, i int) bool {
	return i+1 < len(s) && s[i] == '-' && s[i+1] != ']'
}

// classChar is one ASCII character of a class, as the end of a range may
// be: itself, or punctuation after a backslash.
func classChar(s string) (byte, int) {
	switch c := s[0]; {
	case c == '\\':
		if len(s) > 1 && IsEscapedPunct(s[1]) {
			return s[1], 2
		}
		return 0, 0
	case c < 0x80:
		return c, 1
	}
	return 0, 0
}
