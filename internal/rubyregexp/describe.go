package rubyregexp

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// describe renders a pattern the way Ruby's rb_reg_desc does in RegexpError
// messages ("/source/"), assuming UTF-8 source and UTF-8 default encodings as
// Puppet runs with. The source is printed verbatim unless it holds a '/', a
// non-printable ASCII character or invalid UTF-8; then Ruby escapes it
// character by character (and also spells non-ASCII characters as \uXXXX).
func describe(src string) string {
	var b strings.Builder
	b.WriteByte('/')
	if !needsEscape(src) {
		b.WriteString(src)
		b.WriteByte('/')
		return b.String()
	}
	for i := 0; i < len(src); {
		c := src[i]
		if c == '\\' && i+1 < len(src) {
			// A backslash and the character after it are copied as they are.
			n := 1 + rubyMbcLen(src[i+1:])
			b.WriteString(src[i : i+n])
			i += n
			continue
		}
		if c >= 0x80 {
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size <= 1 {
				fmt.Fprintf(&b, "\\x%02X", c)
				i++
				continue
			}
			if r < 0x10000 {
				fmt.Fprintf(&b, "\\u%04X", r)
			} else {
				fmt.Fprintf(&b, "\\u{%X}", r)
			}
			i += size
			continue
		}
		switch {
		case c == '/':
			b.WriteString("\\/")
		case isPrint(c) || isSpace(c):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\x%02X", c)
		}
		i++
	}
	b.WriteByte('/')
	return b.String()
}

func needsEscape(src string) bool {
	if !utf8.ValidString(src) {
		return true
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c < 0x80 && (c == '/' || !isPrint(c)) {
			return true
		}
	}
	return false
}

// rubyMbcLen is rb_enc_mbclen for UTF-8: the length of the character at the
// start of s, or 1 for an invalid byte.
func rubyMbcLen(s string) int {
	_, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return 0
	}
	return size
}

func isPrint(c byte) bool { return c >= 0x20 && c <= 0x7e }

func isSpace(c byte) bool {
	return c == ' ' || (c >= '\t' && c <= '\r')
}
