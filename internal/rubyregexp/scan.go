package rubyregexp

// This file is Onigmo's tokenizer (regparse.c fetch_token and helpers),
// restricted to ONIG_SYNTAX_RUBY as Ruby 3.1 builds it.

func (ps *parser) cur(p int) cursor { return cursor{pat: ps.pat, p: p} }

// scanUnsigned is onig_scan_unsigned_number: decimal digits (Unicode digits
// count, with value c-'0'); -1 on int overflow.
func scanUnsigned(c *cursor, end int) int {
	num := 0
	for c.p < end {
		ch := c.fetch()
		if !isDigit(ch) {
			c.unfetch()
			break
		}
		val := int(ch - '0')
		if (intMax-val)/10 < num {
			return -1
		}
		num = num*10 + val
	}
	return num
}

// scanHexNumber is scan_unsigned_hexadecimal_number: -1 on overflow, -2 when
// fewer than minlen digits were read.
func scanHexNumber(c *cursor, minlen, maxlen int) int {
	restlen := maxlen - minlen
	num := 0
	for !c.atEnd() && maxlen != 0 {
		maxlen--
		ch := c.fetch()
		if !isXDigit(ch) {
			c.unfetch()
			maxlen++
			break
		}
		val := xdigitVal(ch)
		if (intMax-val)/16 < num {
			return -1
		}
		num = num<<4 + val
	}
	if maxlen > restlen {
		return -2
	}
	return num
}

// scanOctNumber is scan_unsigned_octal_number.
func scanOctNumber(c *cursor, maxlen int) int {
	num := 0
	for !c.atEnd() && maxlen != 0 {
		maxlen--
		ch := c.fetch()
		if !isDigit(ch) || ch >= '8' {
			c.unfetch()
			break
		}
		val := int(ch - '0')
		if (intMax-val)/8 < num {
			return -1
		}
		num = num<<3 + val
	}
	return num
}

// fetchRangeQuantifier reads "{n,m}" after '{'. It returns 0 for {n,m}, 2 for
// {n}, and 1 when the text is not an interval (Ruby then takes '{' literally).
func (ps *parser) fetchRangeQuantifier(src *int, tok *token) (int, *onigError) {
	c := ps.cur(*src)
	end := len(ps.pat)
	if c.atEnd() {
		return 1, nil
	}
	nonLow := false
	r := 0
	low := scanUnsigned(&c, end)
	if low < 0 || low > maxRepeatNum {
		return 0, newErr(errTooBigNumberForRepeatRange)
	}
	if c.p == *src { // {,n} means {0,n}
		low = 0
		nonLow = true
	}
	if c.atEnd() {
		return 1, nil
	}
	var up int
	if ch := c.fetch(); ch == ',' {
		prev := c.p
		up = scanUnsigned(&c, end)
		if up < 0 || up > maxRepeatNum {
			return 0, newErr(errTooBigNumberForRepeatRange)
		}
		if c.p == prev {
			if nonLow {
				return 1, nil
			}
			up = repeatInfinite
		}
	} else {
		if nonLow {
			return 1, nil
		}
		c.unfetch()
		up = low
		r = 2
	}
	if c.atEnd() {
		return 1, nil
	}
	if c.fetch() != '}' {
		return 1, nil
	}
	if up != repeatInfinite && low > up {
		return 0, newErr(errUpperSmallerThanLowerInRepeatRange)
	}
	tok.typ = tkInterval
	tok.lower = low
	tok.upper = up
	*src = c.p
	return r, nil
}

// fetchEscapedValue reads \M-x, \C-x, \cx or a control-character escape after
// a backslash (src points just after the backslash).
func (ps *parser) fetchEscapedValue(src *int) (rune, *onigError) {
	c := ps.cur(*src)
	if c.atEnd() {
		return 0, newErr(errEndPatternAtEscape)
	}
	ch := c.fetchS()
	switch ch {
	case 'M':
		if c.atEnd() {
			return 0, newErr(errEndPatternAtMeta)
		}
		if c.fetchS() != '-' {
			return 0, newErr(errMetaCodeSyntax)
		}
		if c.atEnd() {
			return 0, newErr(errEndPatternAtMeta)
		}
		ch = c.fetchS()
		if ch == '\\' {
			v, err := ps.fetchEscapedValue(&c.p)
			if err != nil {
				return 0, err
			}
			ch = v
		}
		ch = (ch & 0xff) | 0x80
	case 'C', 'c':
		if ch == 'C' {
			if c.atEnd() {
				return 0, newErr(errEndPatternAtControl)
			}
			if c.fetchS() != '-' {
				return 0, newErr(errControlCodeSyntax)
			}
		}
		if c.atEnd() {
			return 0, newErr(errEndPatternAtControl)
		}
		ch = c.fetchS()
		if ch == '?' {
			ch = 0o177
		} else {
			if ch == '\\' {
				v, err := ps.fetchEscapedValue(&c.p)
				if err != nil {
					return 0, err
				}
				ch = v
			}
			ch &= 0x9f
		}
	default:
		ch = convBackslashValue(ch)
	}
	*src = c.p
	return ch, nil
}

func convBackslashValue(c rune) rune {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case 'f':
		return '\f'
	case 'a':
		return 7
	case 'b':
		return 010
	case 'e':
		return 033
	case 'v':
		return '\v'
	}
	return c
}

func nameEndCode(start rune) rune {
	switch start {
	case '<':
		return '>'
	case '\'':
		return '\''
	case '(':
		return ')'
	case '{':
		return '}'
	}
	return 0
}

// fetchNameWithLevel reads a back-reference name: \k<name>, \k<n>, \k<-n>,
// optionally followed by a nest level (+n / -n). src points after the opening
// delimiter. It returns the end of the name and the number (0 for a name).
func (ps *parser) fetchNameWithLevel(start rune, src *int) (nameEnd, backNum int, err *onigError) {
	c := ps.cur(*src)
	end := len(ps.pat)
	endCode := nameEndCode(start)
	isNum, sign := 0, 1
	pnumHead := *src
	nameEnd = end
	var code errCode
	var ch rune
	if c.atEnd() {
		return 0, 0, newErr(errEmptyGroupName)
	}
	ch = c.fetch()
	if ch == endCode {
		return 0, 0, newErr(errEmptyGroupName)
	}
	if isDigit(ch) {
		isNum = 1
	} else if ch == '-' {
		isNum, sign = 2, -1
		pnumHead = c.p
	}
	for !c.atEnd() {
		nameEnd = c.p
		ch = c.fetch()
		if ch == endCode || ch == ')' || ch == '+' || ch == '-' {
			if isNum == 2 {
				code = errInvalidGroupName
			}
			break
		}
		if isNum != 0 {
			if isDigit(ch) {
				isNum = 1
			} else {
				code = errInvalidGroupName
				isNum = 0
			}
		}
	}
	if code == 0 && ch != endCode {
		if ch == '+' || ch == '-' {
			if c.atEnd() {
				code = errInvalidCharInGroupName
				goto done
			}
			ch = c.fetch()
			if isDigit(ch) {
				c.unfetch()
				if scanUnsigned(&c, end) < 0 {
					return 0, 0, newErr(errTooBigNumber)
				}
				if !c.atEnd() {
					if c.fetch() == endCode {
						goto done
					}
				}
			}
		}
		code = errInvalidGroupName
		nameEnd = end
	}
done:
	if code == 0 && isNum != 0 {
		h := ps.cur(pnumHead)
		backNum = scanUnsigned(&h, nameEnd)
		if backNum < 0 {
			return 0, 0, newErr(errTooBigNumber)
		}
		if backNum == 0 {
			code = errInvalidGroupName
			nameEnd = end
		}
		backNum *= sign
	}
	if code != 0 {
		return 0, 0, newErrPar(code, ps.pat[*src:nameEnd])
	}
	*src = c.p
	return nameEnd, backNum, nil
}

// fetchName reads a group name (ref=false: a definition, where numbers are
// not allowed) or a call target (ref=true). src points after the delimiter.
func (ps *parser) fetchName(start rune, src *int, ref bool) (nameEnd, backNum int, err *onigError) {
	c := ps.cur(*src)
	end := len(ps.pat)
	endCode := nameEndCode(start)
	nameEnd = end
	pnumHead := *src
	isNum, sign := 0, 1
	var code errCode
	var ch rune
	if c.atEnd() {
		return 0, 0, newErr(errEmptyGroupName)
	}
	ch = c.fetchS()
	if ch == endCode {
		return 0, 0, newErr(errEmptyGroupName)
	}
	if isDigit(ch) {
		if ref {
			isNum = 1
		} else {
			code = errInvalidGroupName
		}
	} else if ch == '-' {
		if ref {
			isNum, sign = 2, -1
			pnumHead = c.p
		} else {
			code = errInvalidGroupName
		}
	}
	if code == 0 {
		for !c.atEnd() {
			nameEnd = c.p
			ch = c.fetchS()
			if ch == endCode || ch == ')' {
				if isNum == 2 {
					code = errInvalidGroupName
					goto teardown
				}
				break
			}
			if isNum != 0 {
				if isDigit(ch) {
					isNum = 1
				} else {
					if !isWord(ch) {
						code = errInvalidCharInGroupName
					} else {
						code = errInvalidGroupName
					}
					goto teardown
				}
			}
		}
		if ch != endCode {
			return 0, 0, newErrPar(errInvalidGroupName, ps.pat[*src:end])
		}
		if isNum != 0 {
			h := ps.cur(pnumHead)
			backNum = scanUnsigned(&h, nameEnd)
			if backNum < 0 {
				return 0, 0, newErr(errTooBigNumber)
			}
			if backNum == 0 {
				return 0, 0, newErrPar(errInvalidGroupName, ps.pat[*src:nameEnd])
			}
			backNum *= sign
		}
		*src = c.p
		return nameEnd, backNum, nil
	}
teardown:
	for !c.atEnd() {
		nameEnd = c.p
		ch = c.fetchS()
		if ch == endCode || ch == ')' {
			break
		}
	}
	if c.atEnd() {
		nameEnd = end
	}
	return 0, 0, newErrPar(code, ps.pat[*src:nameEnd])
}

// fetchNamedBackrefToken completes \k<...> (and the (?(<name>)...) condition).
func (ps *parser) fetchNamedBackrefToken(start rune, tok *token, src *int) *onigError {
	p := *src
	prev := p
	nameEnd, backNum, err := ps.fetchNameWithLevel(start, &p)
	if err != nil {
		return err
	}
	if backNum != 0 {
		if backNum < 0 {
			backNum = ps.numMem + 1 + backNum
			if backNum <= 0 {
				return newErr(errInvalidBackref)
			}
		}
		tok.typ = tkBackref
		tok.byName = false
		tok.backrefs = []int{backNum}
	} else {
		nums := ps.names[string(ps.pat[prev:nameEnd])]
		if len(nums) == 0 {
			return newErrPar(errUndefinedNameReference, ps.pat[prev:nameEnd])
		}
		tok.typ = tkBackref
		tok.byName = true
		tok.backrefs = append([]int(nil), nums...)
	}
	*src = p
	return nil
}

// fetchToken is Onigmo's fetch_token outside character classes.
func (ps *parser) fetchToken(tok *token, src *int) *onigError {
	c := ps.cur(*src)
start:
	if c.atEnd() {
		tok.typ = tkEOT
		*src = c.p
		return nil
	}
	tok.typ = tkString
	tok.base = 0
	tok.backp = c.p
	ch := c.fetch()
	if ch == '\\' {
		if c.atEnd() {
			return newErr(errEndPatternAtEscape)
		}
		tok.backp = c.p
		ch = c.fetch()
		tok.c = ch
		tok.escaped = true
		switch ch {
		case 'w', 'W', 's', 'S', 'd', 'D', 'h', 'H':
			tok.typ = tkCharType
			tok.not = ch == 'W' || ch == 'S' || ch == 'D' || ch == 'H'
		case 'b':
			tok.typ, tok.anchor = tkAnchor, anchorWordBound
		case 'B':
			tok.typ, tok.anchor = tkAnchor, anchorNotWordBound
		case 'A':
			tok.typ, tok.anchor = tkAnchor, anchorBeginBuf
		case 'Z':
			tok.typ, tok.anchor = tkAnchor, anchorSemiEndBuf
		case 'z':
			tok.typ, tok.anchor = tkAnchor, anchorEndBuf
		case 'G':
			tok.typ, tok.anchor = tkAnchor, anchorBeginPosition
		case 'x':
			if c.atEnd() {
				break
			}
			prev := c.p
			if c.peekIs('{') {
				c.inc()
				num := scanHexNumber(&c, 0, 8)
				if num < 0 {
					return newErr(errTooBigWideCharValue)
				}
				if !c.atEnd() && isXDigit(c.peek()) {
					return newErr(errTooLongWideCharValue)
				}
				if c.p > prev+charLen(ps.pat, prev) && !c.atEnd() && c.peekIs('}') {
					c.inc()
					tok.typ = tkCodePoint
					tok.c = rune(num)
				} else {
					c.p = prev
				}
			} else {
				num := scanHexNumber(&c, 0, 2)
				if num < 0 {
					return newErr(errTooBigNumber)
				}
				if c.p == prev {
					num = 0
				}
				tok.typ = tkRawByte
				tok.base = 16
				tok.c = rune(num)
			}
		case '1', '2', '3', '4', '5', '6', '7', '8', '9':
			c.unfetch()
			prev := c.p
			num := scanUnsigned(&c, len(ps.pat))
			if num >= 0 && num <= maxBackrefNum && (num <= ps.numMem || num <= 9) {
				tok.typ = tkBackref
				tok.backrefs = []int{num}
				tok.byName = false
				break
			}
			if ch == '8' || ch == '9' { // a literal digit
				c.p = prev
				c.inc()
				break
			}
			c.p = prev
			ps.octalRawByte(&c, tok, 3)
			if tok.typ == tkEOT {
				return newErr(errTooBigNumber)
			}
		case '0':
			ps.octalRawByte(&c, tok, 2)
			if tok.typ == tkEOT {
				return newErr(errTooBigNumber)
			}
		case 'k':
			if c.atEnd() {
				break
			}
			ch = c.fetch()
			if ch == '<' || ch == '\'' {
				if err := ps.fetchNamedBackrefToken(ch, tok, &c.p); err != nil {
					return err
				}
			} else {
				c.unfetch()
			}
		case 'g':
			if c.atEnd() {
				break
			}
			ch = c.fetch()
			if ch != '<' && ch != '\'' {
				c.unfetch()
				break
			}
			gnum, rel := -1, false
			var nameEnd int
			switch c.peek() {
			case '0':
				c.inc()
				if c.peekIs(nameEndCode(ch)) { // \g<0>
					c.inc()
					nameEnd = c.p
					gnum = 0
				}
			case '+':
				c.inc()
				rel = true
			}
			prev := c.p
			if gnum < 0 {
				ne, num, err := ps.fetchName(ch, &c.p, true)
				if err != nil {
					return err
				}
				nameEnd, gnum = ne, num
			}
			tok.typ = tkCall
			tok.name, tok.nameEnd = prev, nameEnd
			tok.gnum = gnum
			tok.rel = rel
		case 'p', 'P':
			if c.peekIs('{') {
				c.inc()
				tok.typ = tkCharProperty
				tok.not = ch == 'P'
				if !c.atEnd() {
					if c.fetch() == '^' {
						tok.not = !tok.not
					} else {
						c.unfetch()
					}
				}
			}
		case 'R':
			tok.typ = tkLinebreak
		case 'X':
			tok.typ = tkExtendedGraphemeCluster
		case 'K':
			tok.typ = tkKeep
		case '*', '+', '?', '{', '|', '(', ')', '<', '>', '`', '\'', 'u', 'o', 'Q':
			// Not operators in Ruby's syntax: the character itself.
		default:
			c.unfetch()
			v, err := ps.fetchEscapedValue(&c.p)
			if err != nil {
				return err
			}
			if tok.c != v {
				tok.typ = tkCodePoint
				tok.c = v
			} else {
				c.p = tok.backp + charLen(ps.pat, tok.backp)
			}
		}
		*src = c.p
		return nil
	}

	tok.c = ch
	tok.escaped = false
	switch ch {
	case '.':
		tok.typ = tkAnyChar
	case '*':
		tok.typ, tok.lower, tok.upper = tkOpRepeat, 0, repeatInfinite
		greedyCheck(&c, tok)
	case '+':
		tok.typ, tok.lower, tok.upper = tkOpRepeat, 1, repeatInfinite
		greedyCheck(&c, tok)
	case '?':
		tok.typ, tok.lower, tok.upper = tkOpRepeat, 0, 1
		greedyCheck(&c, tok)
	case '{':
		r, err := ps.fetchRangeQuantifier(&c.p, tok)
		if err != nil {
			return err
		}
		switch r {
		case 0:
			greedyCheck(&c, tok)
		case 2: // {n} is greedy only, and Ruby has no possessive intervals
			tok.greedy, tok.possessive = true, false
		}
	case '|':
		tok.typ = tkAlt
	case '(':
		if c.peekIs('?') {
			c.inc()
			if c.peekIs('#') { // (?#...) comment
				c.fetch()
				for {
					if c.atEnd() {
						return newErr(errEndPatternInGroup)
					}
					ch = c.fetch()
					if ch == '\\' {
						if !c.atEnd() {
							c.fetch()
						}
					} else if ch == ')' {
						break
					}
				}
				goto start
			}
			c.unfetch()
		}
		tok.typ = tkSubexpOpen
	case ')':
		tok.typ = tkSubexpClose
	case '^':
		tok.typ, tok.anchor = tkAnchor, anchorBeginLine
	case '$':
		tok.typ, tok.anchor = tkAnchor, anchorEndLine
	case '[':
		tok.typ = tkCCOpen
	case '#':
		if ps.opt&optExtend != 0 {
			for !c.atEnd() {
				if c.fetch() == '\n' {
					break
				}
			}
			goto start
		}
	case ' ', '\t', '\n', '\r', '\f':
		if ps.opt&optExtend != 0 {
			goto start
		}
	}
	*src = c.p
	return nil
}

// octalRawByte reads up to maxlen octal digits as a raw byte token; on a value
// above 0xff it sets tok.typ to tkEOT for the caller to report.
func (ps *parser) octalRawByte(c *cursor, tok *token, maxlen int) {
	prev := c.p
	num := scanOctNumber(c, maxlen)
	if num < 0 || num > 0xff {
		tok.typ = tkEOT
		return
	}
	if c.p == prev {
		num = 0
	}
	tok.typ = tkRawByte
	tok.base = 8
	tok.c = rune(num)
}

// greedyCheck reads the lazy '?' or possessive '+' suffix of a repeat.
func greedyCheck(c *cursor, tok *token) {
	switch {
	case !c.atEnd() && c.peekIs('?'):
		c.fetch()
		tok.greedy, tok.possessive = false, false
	case !c.atEnd() && c.peekIs('+') && tok.typ != tkInterval:
		c.fetch()
		tok.greedy, tok.possessive = true, true
	default:
		tok.greedy, tok.possessive = true, false
	}
}
