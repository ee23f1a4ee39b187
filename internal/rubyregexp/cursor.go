package rubyregexp

import "unicode/utf8"

// cursor walks the pattern by characters like Onigmo's PFETCH family of
// macros: fetch and inc remember the previous position so unfetch can step
// back once; the *S variants do not.
type cursor struct {
	pat  []byte
	p    int
	prev int
}

func (c *cursor) atEnd() bool { return c.p >= len(c.pat) }

func (c *cursor) decode() (rune, int) {
	r, n := utf8.DecodeRune(c.pat[c.p:])
	if n == 0 {
		n = 1
	}
	return r, n
}

func (c *cursor) fetch() rune {
	r, n := c.decode()
	c.prev = c.p
	c.p += n
	return r
}

func (c *cursor) fetchS() rune {
	r, n := c.decode()
	c.p += n
	return r
}

func (c *cursor) inc() {
	_, n := c.decode()
	c.prev = c.p
	c.p += n
}

func (c *cursor) incS() {
	_, n := c.decode()
	c.p += n
}

func (c *cursor) unfetch() { c.p = c.prev }

// peek returns the next character, or 0 at the end (Onigmo's PEND_VALUE).
func (c *cursor) peek() rune {
	if c.atEnd() {
		return 0
	}
	r, _ := c.decode()
	return r
}

func (c *cursor) peekIs(r rune) bool { return c.peek() == r }

// charLen is enclen: the byte length of the character at p.
func charLen(pat []byte, p int) int {
	if p >= len(pat) {
		return 1
	}
	_, n := utf8.DecodeRune(pat[p:])
	if n == 0 {
		n = 1
	}
	return n
}

// isDigit is ONIGENC_IS_CODE_DIGIT: ASCII digits, and for UTF-8 patterns every
// Unicode decimal digit (Onigmo then takes c-'0' as its value).
func isDigit(c rune) bool {
	if c < 0x80 {
		return c >= '0' && c <= '9'
	}
	return inTable(c, digitRanges)
}

// isWord is ONIGENC_IS_CODE_WORD.
func isWord(c rune) bool {
	if c < 0x80 {
		return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	}
	return inTable(c, wordRanges)
}

func isXDigit(c rune) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func xdigitVal(c rune) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

// inTable reports whether c lies in one of the sorted [lo, hi] pairs.
func inTable(c rune, t [][2]rune) bool {
	lo, hi := 0, len(t)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case c < t[m][0]:
			hi = m
		case c > t[m][1]:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}
