package values

import (
	"strings"
	"unicode/utf8"
)

// RequiredLiterals returns strings that every match of the Ruby pattern
// source contains, in this order and without overlapping: the runs of
// literal characters of the pattern's top-level sequence. A subject that
// lacks them (ContainsInOrder) has no match, found without compiling the
// pattern: of the title patterns of a type, most are tried on titles
// without their separators (keystone_user_role's `^(...)::(...)@(...)$`
// on "admin@admin").
//
// It reads the pattern conservatively: nil for a pattern with an
// alternative at its top level, that sets the i or x flag there, or that
// it does not read (an escape with a payload, an interval it does not
// recognize, unbalanced brackets); a group, a class, an anchor or a
// quantified character ends a run. flags are the pattern's options
// ("mix" letters, as Regexp.new's string form): i or x among them gives
// nil too.
func RequiredLiterals(source, flags string) []string {
	if strings.ContainsAny(flags, "ix") {
		return nil
	}
	var lits []string
	var run []byte
	lastLit := 0 // the length of the last literal character of run, 0 when there is none
	end := func() {
		if len(run) > 0 {
			lits = append(lits, string(run))
		}
		run, lastLit = run[:0], 0
	}
	s := source
	for i := 0; i < len(s); {
		c := s[i]
		switch c {
		case '|':
			return nil
		case ')':
			return nil
		case '.', '^', '$':
			end()
			i++
		case '*', '?':
			run = run[:len(run)-lastLit] // the character may be absent
			end()
			i++
		case '+':
			end()
			i++
		case '{':
			n := intervalLen(s[i:])
			if n == 0 {
				return nil // Ruby reads it as a character: not read here
			}
			run = run[:len(run)-lastLit]
			end()
			i += n
		case '[':
			n := classLen(s[i:])
			if n == 0 {
				return nil
			}
			end()
			i += n
		case '(':
			n, ok := groupLen(s[i:])
			if !ok {
				return nil
			}
			end()
			i += n
		case '\\':
			if i+1 >= len(s) {
				return nil
			}
			e := s[i+1]
			switch {
			case strings.IndexByte("AzZbBdDwWsShHRXKG", e) >= 0:
				// an anchor or a class: no payload
				end()
				i += 2
			case e < 0x80 && e > 0x20 && !isWordByte(e):
				// an escaped punctuation character stands for itself
				run = append(run, e)
				lastLit = 1
				i += 2
			default:
				return nil // \x41, \u, \p{..}, \1, \n, ...: not read here
			}
		default:
			if c < 0x20 {
				return nil
			}
			_, n := utf8.DecodeRuneInString(s[i:])
			run = append(run, s[i:i+n]...)
			lastLit = n
			i += n
		}
	}
	end()
	return lits
}

// intervalLen is the length of the interval quantifier ({n}, {n,},
// {,m}, {n,m}) that s starts with, 0 when it starts with none.
func intervalLen(s string) int {
	i, digits := 1, 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < len(s) && s[i] == ',' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 || i >= len(s) || s[i] != '}' {
		return 0
	}
	return i + 1
}

// classLen is the length of the character class s starts with (nested
// sets and POSIX brackets included), 0 when it does not end.
func classLen(s string) int {
	i := 1
	if i < len(s) && s[i] == '^' {
		i++
	}
	if i < len(s) && s[i] == ']' {
		i++ // a ']' first is one of the characters
	}
	depth := 1
	for i < len(s) {
		switch s[i] {
		case '\\':
			i += 2
			continue
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return 0
}

// groupLen is the length of the group s starts with, its classes and
// escapes skipped; ok is false when it does not end, and for an inline
// option group that sets i or x for the rest of the pattern ((?i)), or
// one of a form not read here (a comment).
func groupLen(s string) (int, bool) {
	if strings.HasPrefix(s, "(?") {
		j := 2
		for j < len(s) && strings.IndexByte("imx-", s[j]) >= 0 {
			j++
		}
		if j < len(s) && s[j] == ')' {
			on, _, _ := strings.Cut(s[2:j], "-")
			return j + 1, !strings.ContainsAny(on, "ix")
		}
		if strings.HasPrefix(s, "(?#") {
			return 0, false
		}
	}
	depth := 0
	for i := 0; i < len(s); {
		switch s[i] {
		case '\\':
			i += 2
			continue
		case '[':
			n := classLen(s[i:])
			if n == 0 {
				return 0, false
			}
			i += n
			continue
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
		i++
	}
	return 0, false
}

// ContainsInOrder reports whether s contains each of lits, in their
// order and without overlapping (as the matches of a pattern contain its
// RequiredLiterals).
func ContainsInOrder(s string, lits []string) bool {
	for _, l := range lits {
		i := strings.Index(s, l)
		if i < 0 {
			return false
		}
		s = s[i+len(l):]
	}
	return true
}
