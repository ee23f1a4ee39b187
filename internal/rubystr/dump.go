package rubystr

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Dump is String#dump (rb_str_dump): a double-quoted literal with
// only printable ASCII, each other character of a UTF-8 string as \uXXXX
// (\u{XXXXX} above U+FFFF), a byte that is no character (or any byte of a
// binary string, bin) as \xXX. Of a binary string it is inspect too.
func Dump(s string, bin bool) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '#' && i+1 < len(s) && (s[i+1] == '$' || s[i+1] == '@' || s[i+1] == '{'):
			b.WriteString("\\#")
		case c == '\n':
			b.WriteString("\\n")
		case c == '\r':
			b.WriteString("\\r")
		case c == '\t':
			b.WriteString("\\t")
		case c == '\f':
			b.WriteString("\\f")
		case c == '\v':
			b.WriteString("\\v")
		case c == '\b':
			b.WriteString("\\b")
		case c == '\a':
			b.WriteString("\\a")
		case c == 033:
			b.WriteString("\\e")
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		case c >= 0x80 && !bin:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 {
				fmt.Fprintf(&b, "\\x%02X", c)
				break
			}
			if r > 0xffff {
				fmt.Fprintf(&b, "\\u{%X}", r)
			} else {
				fmt.Fprintf(&b, "\\u%04X", r)
			}
			i += n
			continue
		default:
			fmt.Fprintf(&b, "\\x%02X", c)
		}
		i++
	}
	b.WriteByte('"')
	return b.String()
}
