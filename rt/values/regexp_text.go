package values

import (
	"regexp/syntax"
	"strings"
)

// finder finds a pattern's first match in s at byte offset i or later, a
// match that is never empty: its start and end, or -1, -1.
type finder interface {
	find(s string, i int) (int, int)
}

// plainFinder is the finder of a pattern in Go's syntax that is plain
// text (textFinder), perhaps after ^ or \A (lineStartText), or one
// character of a set (charSet), nil for another pattern. Such patterns
// are found without Go's engine: compiling it was their whole cost on a
// first compile (/\.memcache/, /_/, concat's [\\/:~\n\s\+\*\(\)@]). A
// class is parsed to be read; other patterns are not parsed here.
func plainFinder(goTr string) finder {
	if text, ok := plainText(goTr); ok {
		return textFinder(text)
	}
	if rest, ok := strings.CutPrefix(goTr, "^"); ok {
		if text, ok := plainText(rest); ok {
			return lineStartText{text: text}
		}
	}
	if rest, ok := strings.CutPrefix(goTr, `\A`); ok {
		if text, ok := plainText(rest); ok {
			return lineStartText{text: text, first: true}
		}
	}
	if goTr == "" || goTr[0] != '[' && !strings.HasPrefix(goTr, "(?") || !strings.HasSuffix(goTr, "]") && !strings.HasSuffix(goTr, "])") {
		return nil
	}
	if re, err := syntax.Parse(goTr, syntax.Perl); err == nil {
		if cs := charSetOf(re); cs != nil {
			return cs
		}
	}
	return nil
}

// textFinder is a pattern that is plain text.
type textFinder string

func (t textFinder) find(s string, i int) (int, int) {
	j := strings.Index(s[i:], string(t))
	if j < 0 {
		return -1, -1
	}
	return i + j, i + j + len(t)
}

// lineStartText is a pattern of plain text after a ^ (Ruby's: the start
// of the subject or of a line, not after a final newline, where the text
// cannot start) or, first, after \A (the start of the subject only):
// manifests' /^sqlite:\/\//, /^6\./.
type lineStartText struct {
	text  string
	first bool
}

func (t lineStartText) find(s string, i int) (int, int) {
	for k := i; k < len(s); k++ {
		j := strings.Index(s[k:], t.text)
		if j < 0 {
			break
		}
		if k += j; k == 0 || !t.first && s[k-1] == '\n' {
			return k, k + len(t.text)
		}
		if t.first {
			break
		}
	}
	return -1, -1
}

// matchFound is Match's match data of a pattern f finds: $0 only.
func matchFound(f finder, s string) []Value {
	i, j := f.find(s, 0)
	if i < 0 {
		return nil
	}
	out, strs := matchData(1)
	out[0] = stringIn(strs, 0, s[i:j])
	return out
}

// plainText is the text a pattern in Go's syntax matches when it is
// nothing but that text (printable ASCII, punctuation perhaps escaped:
// \. \/ \-), and whether it is. Such a pattern (/\.memcache/, /_/) means
// the same in Ruby, Go and regexp2, and a string search finds its
// matches: compiling Go's engine for it was a regexp's whole cost on the
// first compile. The empty pattern is not one (it matches everywhere).
func plainText(goTr string) (string, bool) {
	if goTr == "" {
		return "", false
	}
	var b []byte
	for i := 0; i < len(goTr); i++ {
		c := goTr[i]
		if c == '\\' && i+1 < len(goTr) && isASCIIPunct(goTr[i+1]) {
			if b == nil {
				b = append(make([]byte, 0, len(goTr)), goTr[:i]...)
			}
			i++
			b = append(b, goTr[i])
			continue
		}
		if c < ' ' || c > '~' || strings.IndexByte(`\.^$|()[]{}*+?`, c) >= 0 {
			return "", false
		}
		if b != nil {
			b = append(b, c)
		}
	}
	if b == nil {
		return goTr, true
	}
	return string(b), true
}

// isASCIIPunct: c is a punctuation character, which a backslash before
// it leaves as itself in Go's syntax, Ruby's and regexp2's.
func isASCIIPunct(c byte) bool {
	return c > ' ' && c <= '~' && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}
