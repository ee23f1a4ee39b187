package rubyregexp

// This file is Onigmo's character-class parser (fetch_token_in_cc,
// parse_char_class, parse_posix_bracket, property names). Only what decides
// errors is tracked: the range state machine, not the set of characters.

// fetchTokenInCC is Onigmo's fetch_token_in_cc.
func (ps *parser) fetchTokenInCC(tok *token, src *int) *onigError {
	c := ps.cur(*src)
	if c.atEnd() {
		tok.typ = tkEOT
		return nil
	}
	ch := c.fetch()
	tok.typ = tkString // TK_CHAR
	tok.base = 0
	tok.c = ch
	tok.escaped = false
	switch ch {
	case ']':
		tok.typ = tkCCClose
	case '-':
		tok.typ = tkCCRange
	case '\\':
		if c.atEnd() {
			return newErr(errEndPatternAtEscape)
		}
		ch = c.fetch()
		tok.escaped = true
		tok.c = ch
		switch ch {
		case 'w', 'W', 'd', 'D', 's', 'S', 'h', 'H':
			tok.typ = tkCharType
			tok.not = ch == 'W' || ch == 'D' || ch == 'S' || ch == 'H'
		case 'p', 'P':
			if c.atEnd() {
				break
			}
			if c.peek() == '{' {
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
					tok.base = 16
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
		case '0', '1', '2', '3', '4', '5', '6', '7':
			c.unfetch()
			ps.octalRawByte(&c, tok, 3)
			if tok.typ == tkEOT {
				return newErr(errTooBigNumber)
			}
		case 'u', 'o':
			// Not escapes in Ruby's syntax (Ruby rewrote \u already).
		default:
			c.unfetch()
			v, err := ps.fetchEscapedValue(&c.p)
			if err != nil {
				return err
			}
			if tok.c != v {
				tok.c = v
				tok.typ = tkCodePoint
			}
		}
	case '[':
		if c.peekIs(':') {
			tok.backp = c.p // just after '['
			c.inc()
			if strExistCheckWithEsc(ps.pat, c.p) {
				tok.typ = tkPosixBracketOpen
				break
			}
			c.unfetch()
		}
		tok.typ = tkCCCCOpen
	case '&':
		if !c.atEnd() && c.peekIs('&') {
			c.inc()
			tok.typ = tkCCAnd
		}
	}
	*src = c.p
	return nil
}

// strExistCheckWithEsc looks for ":]" from p before any unescaped ']', as
// Onigmo's str_exist_check_with_esc does (it does not stop at a ']' that
// directly follows a ':').
func strExistCheckWithEsc(pat []byte, p int) bool {
	c := cursor{pat: pat, p: p}
	inEsc := false
	for !c.atEnd() {
		if inEsc {
			inEsc = false
			c.incS()
			continue
		}
		x := c.fetchS()
		if x == ':' {
			if !c.atEnd() && c.peek() == ']' {
				return true
			}
			continue
		}
		if x == ']' {
			return false
		}
		if x == '\\' {
			inEsc = true
		}
	}
	return false
}

// codeExistCheck is Onigmo's code_exist_check as called for "[]": it looks for
// a later ']'. Onigmo means to skip escaped characters but, as written, only
// skips nothing, so an escaped ']' counts too.
func codeExistCheck(pat []byte, p int, want rune) bool {
	c := cursor{pat: pat, p: p}
	inEsc := false
	for !c.atEnd() {
		if inEsc {
			inEsc = false
			continue
		}
		x := c.fetchS()
		if x == want {
			return true
		}
		if x == '\\' {
			inEsc = true
		}
	}
	return false
}

type ccState int

const (
	ccsValue ccState = iota
	ccsRange
	ccsComplete
	ccsStart
)

type ccValType int

const (
	ccvSB ccValType = iota
	ccvCodePoint
	ccvClass
)

// ccMachine is the part of parse_char_class's state that errors depend on.
type ccMachine struct {
	state   ccState
	valType ccValType
	from    rune
}

// nextClass is next_state_class: a class (\d, [:alpha:], ...) was read.
func (m *ccMachine) nextClass() *onigError {
	if m.state == ccsRange {
		return newErr(errCharClassValueAtEndOfRange)
	}
	m.state = ccsValue
	m.valType = ccvClass
	return nil
}

// nextVal is next_state_val: a single character v of type in was read.
func (m *ccMachine) nextVal(v rune, in ccValType) *onigError {
	switch m.state {
	case ccsRange:
		if in == m.valType && in == ccvSB && (m.from > 0xff || v > 0xff) {
			return newErr(errInvalidCodePointValue)
		}
		if m.from > v {
			return newErr(errEmptyRangeInCharClass)
		}
		m.state = ccsComplete
	case ccsComplete, ccsStart:
		m.state = ccsValue
	}
	m.from = v
	m.valType = in
	return nil
}

// valType classifies a code point as a single-byte or multi-byte value.
func valType(v rune) ccValType {
	if v < 0x80 {
		return ccvSB
	}
	return ccvCodePoint
}

// parseCharClass is Onigmo's parse_char_class; src points after '['.
func (ps *parser) parseCharClass(tok *token, src *int) (*node, *onigError) {
	ps.depth++
	if ps.depth > parseDepthMax {
		return nil, newErr(errParseDepthLimitOver)
	}
	err := ps.fetchTokenInCC(tok, src)
	if err == nil && tok.typ == tkString && tok.c == '^' && !tok.escaped {
		err = ps.fetchTokenInCC(tok, src)
	}
	if err != nil {
		return nil, err
	}
	if tok.typ == tkCCClose {
		if !codeExistCheck(ps.pat, *src, ']') {
			return nil, newErr(errEmptyCharClass)
		}
		tok.typ = tkString // "[]...]": the first ']' is literal
	}

	var m ccMachine
	m.state = ccsStart
	p := *src
	for tok.typ != tkCCClose {
		fetched := false
		switch tok.typ {
		case tkString:
			if err := m.nextVal(tok.c, valType(tok.c)); err != nil {
				return nil, err
			}
		case tkRawByte:
			if err := m.nextVal(tok.c, ccvSB); err != nil {
				return nil, err
			}
		case tkCodePoint:
			if err := m.nextVal(tok.c, valType(tok.c)); err != nil {
				return nil, err
			}
		case tkPosixBracketOpen:
			np, isBracket, err := ps.parsePosixBracket(p)
			if err != nil {
				return nil, err
			}
			if !isBracket {
				// Not a POSIX bracket: '[' is a plain character and
				// scanning resumes after it.
				p = tok.backp
				if err := m.nextVal(tok.c, valType(tok.c)); err != nil {
					return nil, err
				}
				break
			}
			p = np
			if err := m.nextClass(); err != nil {
				return nil, err
			}
		case tkCharType:
			if err := m.nextClass(); err != nil {
				return nil, err
			}
		case tkCharProperty:
			np, err := ps.fetchCharProperty(p)
			if err != nil {
				return nil, err
			}
			p = np
			if err := m.nextClass(); err != nil {
				return nil, err
			}
		case tkCCRange:
			switch m.state {
			case ccsValue:
				if err := ps.fetchTokenInCC(tok, &p); err != nil {
					return nil, err
				}
				fetched = true
				if tok.typ == tkCCClose || tok.typ == tkCCAnd { // [x-] or [x-&&y]
					if err := m.nextVal('-', ccvSB); err != nil {
						return nil, err
					}
					break
				}
				if m.valType == ccvClass {
					return nil, newErr(errUnmatchedRangeSpecifierInCharClass)
				}
				m.state = ccsRange
			case ccsStart: // [-x]
				v := tok.c
				if err := ps.fetchTokenInCC(tok, &p); err != nil {
					return nil, err
				}
				fetched = true
				if err := m.nextVal(v, valType(v)); err != nil {
					return nil, err
				}
			case ccsRange: // [!--x]
				if err := m.nextVal(tok.c, ccvSB); err != nil {
					return nil, err
				}
			default: // ccsComplete: [a-b-c], the '-' is literal
				if err := ps.fetchTokenInCC(tok, &p); err != nil {
					return nil, err
				}
				fetched = true
				if err := m.nextVal('-', ccvSB); err != nil {
					return nil, err
				}
			}
		case tkCCCCOpen:
			if _, err := ps.parseCharClass(tok, &p); err != nil {
				return nil, err
			}
		case tkCCAnd:
			if m.state == ccsValue {
				if err := m.nextVal(0, m.valType); err != nil {
					return nil, err
				}
			}
			m.state = ccsStart
		case tkEOT:
			return nil, newErr(errPrematureEndOfCharClass)
		}
		if !fetched {
			if err := ps.fetchTokenInCC(tok, &p); err != nil {
				return nil, err
			}
		}
	}
	if m.state == ccsValue {
		if err := m.nextVal(0, m.valType); err != nil {
			return nil, err
		}
	}
	*src = p
	ps.depth--
	return &node{typ: ntCClass}, nil
}

var posixBracketNames = []string{
	"alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower",
	"print", "punct", "space", "upper", "xdigit", "ascii", "word",
}

// parsePosixBracket is parse_posix_bracket; p points after "[:". It returns
// the position after ":]" and true for a bracket expression, or false when
// the text is not one (and not an error either).
func (ps *parser) parsePosixBracket(p int) (int, bool, *onigError) {
	c := ps.cur(p)
	if c.peekIs('^') {
		c.incS()
	}
	if runeCount(ps.pat[c.p:]) >= 4+3 {
		for _, name := range posixBracketNames {
			if !asciiPrefix(ps.pat[c.p:], name) {
				continue
			}
			q := c.p + len(name)
			if !asciiPrefix(ps.pat[q:], ":]") {
				return 0, false, newErr(errInvalidPosixBracketType)
			}
			return q + 2, true, nil
		}
	}
	var ch rune
	for i := 0; !c.atEnd(); {
		ch = c.peek()
		if ch == ':' || ch == ']' {
			break
		}
		c.incS()
		i++
		if i > 20 {
			break
		}
	}
	if ch == ':' && !c.atEnd() {
		c.incS()
		if !c.atEnd() && c.fetchS() == ']' {
			return 0, false, newErr(errInvalidPosixBracketType)
		}
	}
	return 0, false, nil
}

func asciiPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

func runeCount(b []byte) int {
	n := 0
	for i := 0; i < len(b); i += charLen(b, i) {
		n++
	}
	return n
}

// fetchCharProperty reads a property name up to '}' (p is after "\p{" and an
// optional '^') and checks it; it returns the position after '}'.
func (ps *parser) fetchCharProperty(p int) (int, *onigError) {
	c := ps.cur(p)
	start, prev := p, p
	for !c.atEnd() {
		prev = c.p
		ch := c.fetchS()
		if ch == '}' {
			if !isPropertyName(ps.pat[start:prev]) {
				break
			}
			return c.p, nil
		}
		if ch == '(' || ch == ')' || ch == '{' || ch == '|' {
			break
		}
	}
	return 0, newErrPar(errInvalidCharPropertyName, ps.pat[p:prev])
}

// isPropertyName normalizes a name as Onigmo does (drops ' ', '-' and '_',
// lowercases ASCII) and looks it up.
func isPropertyName(name []byte) bool {
	buf := make([]byte, 0, len(name))
	for _, b := range name {
		switch {
		case b == ' ' || b == '-' || b == '_':
			continue
		case b >= 0x80:
			return false
		case b >= 'A' && b <= 'Z':
			b += 'a' - 'A'
		}
		buf = append(buf, b)
	}
	return propertyNames[string(buf)]
}
