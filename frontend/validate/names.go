package validate

// Byte-level forms of Puppet's name patterns (pops/patterns.rb); they run on
// every variable and definition, so they avoid the regexp engine.

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isWord(c byte) bool  { return wordChar[c] }

// wordChar is Ruby's \w (ASCII letters, digits, underscore) as a table.
var wordChar = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	return t
}()

// segments splits s at "::" and reports whether every segment satisfies ok
// (given whether it is the last one).
func segments(s string, ok func(seg string, last bool) bool) bool {
	for {
		i := 0
		for i+1 < len(s) && !(s[i] == ':' && s[i+1] == ':') {
			i++
		}
		if i+1 >= len(s) {
			return ok(s, true)
		}
		if !ok(s[:i], false) {
			return false
		}
		s = s[i+2:]
	}
}

// word reports whether s is first followed by \w*.
func word(s string, first func(byte) bool) bool {
	if s == "" || !first(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isWord(s[i]) {
			return false
		}
	}
	return true
}

func trimColons(s string) string {
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		return s[2:]
	}
	return s
}

// isVarName is VAR_NAME: \A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z. It runs on
// every variable, so it is one loop.
func isVarName(s string) bool {
	s = trimColons(s)
	segStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case segStart:
			// Only the last segment may start with '_'; a ':' later proves
			// this one was not the last.
			if !isLower(c) && c != '_' {
				return false
			}
			segStart = false
		case c == ':':
			if i+1 >= len(s) || s[i+1] != ':' || !isLower(s[segmentStart(s, i)]) {
				return false
			}
			i++
			segStart = true
		case !isWord(c):
			return false
		}
	}
	return !segStart
}

// segmentStart returns the index where the segment that ends at i began.
func segmentStart(s string, i int) int {
	for i > 0 && s[i-1] != ':' {
		i--
	}
	return i
}

// isNumericVarName is NUMERIC_VAR_NAME: \A(?:0|(?:[1-9][0-9]*))\z
func isNumericVarName(s string) bool {
	if s == "0" {
		return true
	}
	if s == "" || s[0] < '1' || s[0] > '9' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// isParamName is PARAM_NAME: \A[a-z_]\w*\z
func isParamName(s string) bool {
	return word(s, func(c byte) bool { return isLower(c) || c == '_' })
}

// isNumericParam is /^(?:0x)?[0-9]+$/ (Ruby's ^ and $ see lines).
func isNumericParam(s string) bool {
	for start := 0; start <= len(s); {
		end := start
		for end < len(s) && s[end] != '\n' {
			end++
		}
		line := s[start:end]
		if len(line) > 2 && line[0] == '0' && line[1] == 'x' {
			line = line[2:]
		}
		if line != "" && allDigits(line) {
			return true
		}
		start = end + 1
	}
	return false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// isClassrefDecl is CLASSREF_DECL: \A[a-z][\w]*(?:::[a-z][\w]*)*\z
func isClassrefDecl(s string) bool {
	return segments(s, func(seg string, _ bool) bool { return word(seg, isLower) })
}

// isClassrefExt is CLASSREF_EXT: \A((::){0,1}[A-Z][\w]*)+\z
func isClassrefExt(s string) bool {
	return segments(trimColons(s), func(seg string, _ bool) bool { return word(seg, isUpper) })
}

// isClassrefExtDecl is CLASSREF_EXT_DECL: \A[A-Z][\w]*(?:::[A-Z][\w]*)*\z
func isClassrefExtDecl(s string) bool {
	return segments(s, func(seg string, _ bool) bool { return word(seg, isUpper) })
}

// hasIllegalHostnameChar is ILLEGAL_HOSTNAME_CHARS: [^-\w.]
func hasIllegalHostnameChar(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isWord(c) && c != '-' && c != '.' {
			return true
		}
	}
	return false
}
