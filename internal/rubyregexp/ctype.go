package rubyregexp

// Character predicates Onigmo's parser uses on code points.

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
