package rubyregexp

import "unicode/utf8"

type mbcStatus int

const (
	mbcFound mbcStatus = iota
	mbcNeedMore
	mbcInvalid
)

// utf8Precise is Ruby's rb_enc_precise_mbclen for UTF-8: the length of the
// character at the start of b, or whether b is a valid but incomplete prefix
// (Ruby keeps reading escaped bytes then) or invalid.
func utf8Precise(b []byte) (int, mbcStatus) {
	if len(b) == 0 {
		return 0, mbcNeedMore
	}
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xbf) // range of the second byte
	switch {
	case c < 0x80:
		return 1, mbcFound
	case c >= 0xc2 && c <= 0xdf:
		need = 1
	case c == 0xe0:
		need, lo = 2, 0xa0
	case c == 0xed:
		need, hi = 2, 0x9f
	case c >= 0xe1 && c <= 0xef:
		need = 2
	case c == 0xf0:
		need, lo = 3, 0x90
	case c == 0xf4:
		need, hi = 3, 0x8f
	case c >= 0xf1 && c <= 0xf3:
		need = 3
	default:
		return 0, mbcInvalid
	}
	for i := 1; i <= need; i++ {
		if i >= len(b) {
			return 0, mbcNeedMore
		}
		l, h := byte(0x80), byte(0xbf)
		if i == 1 {
			l, h = lo, hi
		}
		if b[i] < l || b[i] > h {
			return 0, mbcInvalid
		}
	}
	return need + 1, mbcFound
}

func appendRune(b []byte, r rune) []byte {
	return utf8.AppendRune(b, r)
}
