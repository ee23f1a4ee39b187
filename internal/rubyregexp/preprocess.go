package rubyregexp

import "fmt"

// preprocess mirrors Ruby 3.1's rb_reg_preprocess (re.c unescape_nonascii) for
// a UTF-8 source: before Onigmo sees a pattern, Ruby validates its encoding and
// rewrites \xHH, \OOO, \0, \cX, \C-X, \M-X, \uHHHH and \u{...} escapes into
// either a plain "\xHH" (ASCII values) or the raw UTF-8 bytes they denote. It
// returns the rewritten pattern, or re.c's error message, and whether Ruby
// compiles it as UTF-8 rather than US-ASCII (it does once the result holds a
// non-ASCII character or the source a \p property).
func preprocess(src string) ([]byte, bool, string) {
	s := []byte(src)
	buf := make([]byte, 0, len(s))
	p, end := 0, len(s)
	property := false
	for p < end {
		n, st := utf8Precise(s[p:end])
		if st != mbcFound {
			return nil, false, "invalid multibyte character"
		}
		if n > 1 || s[p]&0x80 != 0 {
			buf = append(buf, s[p:p+n]...)
			p += n
			continue
		}
		c := s[p]
		p++
		if c != '\\' {
			buf = append(buf, c)
			continue
		}
		if p == end {
			return nil, false, "too short escape sequence"
		}
		n, st = utf8Precise(s[p:end])
		if st != mbcFound {
			return nil, false, "invalid multibyte character"
		}
		if n > 1 {
			// A backslash before a non-ASCII character is kept with it.
			buf = append(buf, s[p-1:p+n]...)
			p += n
			continue
		}
		c = s[p]
		p++
		switch c {
		case '1', '2', '3', '4', '5', '6', '7':
			// Backreferences and 7-bit octal escapes pass through untouched.
			if v, _ := scanOct(s[p-1:end], 3); v <= 0o177 {
				buf = append(buf, '\\', c)
				continue
			}
			fallthrough
		case '0', 'x', 'c', 'C', 'M':
			np, msg := unescapeEscapedNonASCII(s, p-2, &buf)
			if msg != "" {
				return nil, false, msg
			}
			p = np
		case 'u':
			if p == end {
				return nil, false, "too short escape sequence"
			}
			var msg string
			if s[p] == '{' {
				p, msg = unescapeUnicodeList(s, p+1, &buf)
				if msg == "" && (p == end || s[p] != '}') {
					msg = "invalid Unicode list"
				}
				p++
			} else {
				p, msg = unescapeUnicodeBMP(s, p, &buf)
			}
			if msg != "" {
				return nil, false, msg
			}
		case 'p', 'P':
			property = true
			buf = append(buf, '\\', c)
		default:
			buf = append(buf, '\\', c)
		}
	}
	return buf, property || !isASCII(buf), ""
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// unescapeEscapedNonASCII reads one escaped byte at s[p] (a backslash), and
// more while they form an incomplete UTF-8 sequence, appending the result.
func unescapeEscapedNonASCII(s []byte, p int, buf *[]byte) (int, string) {
	var area [4]byte
	b, p, msg := readEscapedByte(s, p)
	if msg != "" {
		return 0, msg
	}
	area[0] = b
	chlen := 1
	for chlen < len(area) {
		if _, st := utf8Precise(area[:chlen]); st != mbcNeedMore {
			break
		}
		b, p, msg = readEscapedByte(s, p)
		if msg != "" {
			return 0, msg
		}
		area[chlen] = b
		chlen++
	}
	if _, st := utf8Precise(area[:chlen]); st == mbcInvalid {
		return 0, "invalid multibyte escape"
	}
	if chlen > 1 || area[0]&0x80 != 0 {
		*buf = append(*buf, area[:chlen]...)
	} else {
		*buf = fmt.Appendf(*buf, "\\x%02X", area[0])
	}
	return p, ""
}

// readEscapedByte is re.c's read_escaped_byte: one of \\ \n \t \r \f \v \a \e
// \OOO \xHH \M-x \C-x \cx (nestable) starting at the backslash s[p].
func readEscapedByte(s []byte, p int) (byte, int, string) {
	end := len(s)
	if p == end || s[p] != '\\' {
		return 0, 0, "too short escaped multibyte character"
	}
	p++
	meta, ctrl := false, false
	var code int
again:
	if p == end {
		return 0, 0, "too short escape sequence"
	}
	c := s[p]
	p++
	switch c {
	case '\\':
		code = '\\'
	case 'n':
		code = '\n'
	case 't':
		code = '\t'
	case 'r':
		code = '\r'
	case 'f':
		code = '\f'
	case 'v':
		code = '\v'
	case 'a':
		code = 7
	case 'e':
		code = 033
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v, n := scanOct(s[p-1:end], 3)
		code = v
		p += n - 1
	case 'x':
		v, n := scanHex(s[p:end], 2)
		if n < 1 {
			return 0, 0, "invalid hex escape"
		}
		code = v
		p += n
	case 'M':
		if meta {
			return 0, 0, "duplicate meta escape"
		}
		meta = true
		if p+1 < end {
			dash := s[p] == '-'
			p++
			if dash && s[p]&0x80 == 0 {
				if s[p] == '\\' {
					p++
					goto again
				}
				code = int(s[p])
				p++
				break
			}
		}
		return 0, 0, "too short meta escape"
	case 'C', 'c':
		if c == 'C' {
			if p == end || s[p] != '-' {
				return 0, 0, "too short control escape"
			}
			p++
		}
		if ctrl {
			return 0, 0, "duplicate control escape"
		}
		ctrl = true
		if p < end && s[p]&0x80 == 0 {
			if s[p] == '\\' {
				p++
				goto again
			}
			code = int(s[p])
			p++
			break
		}
		return 0, 0, "too short control escape"
	default:
		return 0, 0, "unexpected escape sequence"
	}
	if code < 0 || code > 0xff {
		return 0, 0, "invalid escape code"
	}
	if ctrl {
		code &= 0x1f
	}
	if meta {
		code |= 0x80
	}
	return byte(code), p, ""
}

func unescapeUnicodeList(s []byte, p int, buf *[]byte) (int, string) {
	end := len(s)
	for p < end && isSpace(s[p]) {
		p++
	}
	found := false
	for {
		v, n := scanHexAll(s[p:end])
		if n == 0 {
			break
		}
		if n > 6 {
			return 0, "invalid Unicode range"
		}
		p += n
		if msg := appendUTF8(v, buf); msg != "" {
			return 0, msg
		}
		found = true
		for p < end && isSpace(s[p]) {
			p++
		}
	}
	if !found {
		return 0, "invalid Unicode list"
	}
	return p, ""
}

func unescapeUnicodeBMP(s []byte, p int, buf *[]byte) (int, string) {
	if len(s) < p+4 {
		return 0, "invalid Unicode escape"
	}
	v, n := scanHex(s[p:p+4], 4)
	if n != 4 {
		return 0, "invalid Unicode escape"
	}
	if msg := appendUTF8(v, buf); msg != "" {
		return 0, msg
	}
	return p + 4, ""
}

func appendUTF8(v int, buf *[]byte) string {
	if (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff {
		return "invalid Unicode range"
	}
	if v < 0x80 {
		*buf = fmt.Appendf(*buf, "\\x%02X", v)
	} else {
		*buf = appendRune(*buf, rune(v))
	}
	return ""
}

// scanOct reads up to max octal digits; it returns the value and digit count.
func scanOct(s []byte, max int) (int, int) {
	v, n := 0, 0
	for n < max && n < len(s) && s[n] >= '0' && s[n] <= '7' {
		v = v*8 + int(s[n]-'0')
		n++
	}
	return v, n
}

// scanHex reads up to max hexadecimal digits.
func scanHex(s []byte, max int) (int, int) {
	v, n := 0, 0
	for n < max && n < len(s) {
		d := hexVal(s[n])
		if d < 0 {
			break
		}
		v = v*16 + d
		n++
	}
	return v, n
}

// scanHexAll reads all hexadecimal digits; only the count matters beyond six.
func scanHexAll(s []byte) (int, int) {
	v, n := 0, 0
	for n < len(s) {
		d := hexVal(s[n])
		if d < 0 {
			break
		}
		if n < 7 {
			v = v*16 + d
		}
		n++
	}
	return v, n
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
