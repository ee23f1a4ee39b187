// Package rubystr is Ruby's String methods that Puppet's messages and
// functions show text through, for the front end and the runtime alike.
package rubystr

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Inspect is String#inspect of the UTF-8 string s.
func Inspect(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	WriteInspect(&b, s)
	return b.String()
}

// WriteInspect writes String#inspect of the UTF-8 string s to b:
// the escapes with a name of their own, "#{", "#$" and "#@" escaped, the
// other control characters as \u00HH, bytes that are no UTF-8 as \xHH,
// and the characters beyond ASCII as they are, but for those
// isPrintableRune says Ruby escapes.
func WriteInspect(b *strings.Builder, s string) {
	const hexDigits = "0123456789ABCDEF"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x80 {
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n <= 1:
				b.WriteString(`\x`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
				n = 1
			case isPrintableRune(r):
				b.WriteString(s[i : i+n])
			case r > 0xFFFF:
				b.WriteString(`\u{` + strings.ToUpper(strconv.FormatInt(int64(r), 16)) + "}")
			default:
				h := strings.ToUpper(strconv.FormatInt(int64(r), 16))
				b.WriteString(`\u` + strings.Repeat("0", 4-len(h)) + h)
			}
			i += n
			continue
		}
		switch c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\f':
			b.WriteString(`\f`)
		case '\v':
			b.WriteString(`\v`)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case 0x1b:
			b.WriteString(`\e`)
		case '#':
			if i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@') {
				b.WriteByte('\\')
			}
			b.WriteByte('#')
		default:
			if c < 0x20 || c == 0x7f {
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
			} else {
				b.WriteByte(c)
			}
		}
		i++
	}
	b.WriteByte('"')
}

// isPrintableRune is whether String#inspect shows a non-ASCII character
// as is: everything assigned except line and paragraph separators and
// surrogates (noncharacters and unassigned code points are escaped), and
// of the C1 control characters only NEL (U+0085), which Ruby 3.1 (Puppet
// 7.23's) counts as a space.
//
// Over every code point, this is Ruby 3.3's inspect (Puppet 8.10's) but
// for NEL, which 3.3 escapes, and Ruby 3.1's but for the characters
// Unicode 14 and 15 assigned, which 3.1 (Unicode 13) escapes: one rule
// for both, as text reaches here without the Puppet release it is
// compiled for.
func isPrintableRune(r rune) bool {
	if r == 0x2028 || r == 0x2029 || r&0xFFFE == 0xFFFE || r >= 0xFDD0 && r <= 0xFDEF || r <= 0x9F && r != 0x85 {
		return false
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Cf, unicode.Co, unicode.Cc)
}
