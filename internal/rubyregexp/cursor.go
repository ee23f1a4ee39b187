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
