package rubyregexp

import "math/bits"

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

// charSet is what is known of a class's members: exactly which ASCII
// characters and which characters with multi-character case folds it holds,
// and all its members as ranges unless big (it uses a Unicode property or
// ctype, whose other members are not tracked).
type charSet struct {
	ranges [][2]rune // sorted, disjoint, not adjacent; only when !big
	big    bool
	ascii  [2]uint64
	src    foldSet
}

const maxCodePoint = 0x10ffff

func (cs *charSet) addRange(lo, hi rune) {
	cs.src = cs.src.or(foldSourcesIn(lo, hi))
	for c := lo; c <= hi && c < 0x80; c++ {
		cs.ascii[c/64] |= 1 << (c % 64)
	}
	if cs.big {
		return
	}
	var out [][2]rune
	i := 0
	for ; i < len(cs.ranges) && cs.ranges[i][1] < lo-1; i++ {
		out = append(out, cs.ranges[i])
	}
	for ; i < len(cs.ranges) && cs.ranges[i][0] <= hi+1; i++ {
		lo = min(lo, cs.ranges[i][0])
		hi = max(hi, cs.ranges[i][1])
	}
	out = append(out, [2]rune{lo, hi})
	cs.ranges = append(out, cs.ranges[i:]...)
}

// addOther adds untracked members, of which ascii and src are known.
func (cs *charSet) addOther(ascii [2]uint64, src foldSet) {
	cs.big = true
	cs.ranges = nil
	cs.ascii[0] |= ascii[0]
	cs.ascii[1] |= ascii[1]
	cs.src = cs.src.or(src)
}

func (cs *charSet) union(o charSet) {
	if o.big {
		cs.addOther(o.ascii, o.src)
		return
	}
	for _, r := range o.ranges {
		cs.addRange(r[0], r[1])
	}
}

func (cs charSet) negate() charSet {
	if cs.big {
		return charSet{big: true, ascii: [2]uint64{^cs.ascii[0], ^cs.ascii[1]}, src: cs.src.not()}
	}
	out := charSet{}
	next := rune(0)
	for _, r := range cs.ranges {
		if r[0] > next {
			out.addRange(next, r[0]-1)
		}
		next = r[1] + 1
	}
	if next <= maxCodePoint {
		out.addRange(next, maxCodePoint)
	}
	return out
}

// onlyKnown reports whether all members are ASCII or multi-fold characters,
// whose membership is tracked even in big sets.
func (cs charSet) onlyKnown() bool {
	n := 0
	for _, r := range cs.ranges {
		n += int(r[1]-r[0]) + 1
		if n > 128+len(multiFoldSources) {
			return false
		}
	}
	known := bits.OnesCount64(cs.ascii[0]) + bits.OnesCount64(cs.ascii[1]) +
		bits.OnesCount64(cs.src[0]) + bits.OnesCount64(cs.src[1])
	return n == known
}

// intersect is exact when both sides are, or when one side holds only
// characters whose membership is tracked.
func (cs *charSet) intersect(o charSet) {
	ascii := [2]uint64{cs.ascii[0] & o.ascii[0], cs.ascii[1] & o.ascii[1]}
	src := cs.src.and(o.src)
	a, b := *cs, o
	if a.big && !b.big {
		a, b = b, a
	}
	switch {
	case !a.big && !b.big:
		*cs = charSet{}
		for _, x := range a.ranges {
			for _, y := range b.ranges {
				if lo, hi := max(x[0], y[0]), min(x[1], y[1]); lo <= hi {
					cs.addRange(lo, hi)
				}
			}
		}
	case !a.big && a.onlyKnown():
		*cs = charSet{}
		for c := rune(0); c < 0x80; c++ {
			if ascii[c/64]&(1<<(c%64)) != 0 {
				cs.addRange(c, c)
			}
		}
		for i, c := range multiFoldSources {
			if src.has(i) {
				cs.addRange(c, c)
			}
		}
	default:
		*cs = charSet{big: true, ascii: ascii, src: src}
	}
}

// oneChar is is_onechar_cclass: a class of exactly one character.
func (cs charSet) oneChar() (rune, bool) {
	if cs.big || len(cs.ranges) != 1 || cs.ranges[0][0] != cs.ranges[0][1] {
		return 0, false
	}
	return cs.ranges[0][0], true
}

// ccMachine is parse_char_class's value state (next_state_val and
// next_state_class) and the class being built.
type ccMachine struct {
	state   ccState
	valType ccValType
	from    rune
	set     charSet
}

// nextClass is next_state_class: a class (\d, [:alpha:], ...) was read.
func (m *ccMachine) nextClass() *onigError {
	if m.state == ccsRange {
		return newErr(errCharClassValueAtEndOfRange)
	}
	if m.state == ccsValue && m.valType != ccvClass {
		m.set.addRange(m.from, m.from)
	}
	m.state = ccsValue
	m.valType = ccvClass
	return nil
}

// nextVal is next_state_val: a single character v of type in was read.
func (m *ccMachine) nextVal(v rune, in ccValType) *onigError {
	switch m.state {
	case ccsValue:
		if m.valType != ccvClass {
			m.set.addRange(m.from, m.from)
		}
	case ccsRange:
		if in == m.valType && in == ccvSB && (m.from > 0xff || v > 0xff) {
			return newErr(errInvalidCodePointValue)
		}
		if m.from > v {
			return newErr(errEmptyRangeInCharClass)
		}
		m.set.addRange(m.from, v)
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

// asciiCtypes are the ASCII members of the POSIX classes and of \w \d \s \h,
// which is all they hold when the ASCII-range option applies.
var asciiCtypes = map[string][][2]rune{
	"alnum":  {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}},
	"alpha":  {{'A', 'Z'}, {'a', 'z'}},
	"blank":  {{'\t', '\t'}, {' ', ' '}},
	"cntrl":  {{0, 0x1f}, {0x7f, 0x7f}},
	"digit":  {{'0', '9'}},
	"graph":  {{0x21, 0x7e}},
	"lower":  {{'a', 'z'}},
	"print":  {{0x20, 0x7e}},
	"punct":  {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}},
	"space":  {{'\t', '\r'}, {' ', ' '}},
	"upper":  {{'A', 'Z'}},
	"xdigit": {{'0', '9'}, {'A', 'F'}, {'a', 'f'}},
	"ascii":  {{0, 0x7f}},
	"word":   {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}},
}

// ctypeSet is what add_ctype_to_cc adds: the named class (ASCII-only when
// ascii is set), or its complement.
func ctypeSet(name string, ascii, not bool) charSet {
	var cs charSet
	if ascii || name == "xdigit" || name == "ascii" {
		for _, r := range asciiCtypes[name] {
			cs.addRange(r[0], r[1])
		}
	} else {
		cs.addOther(propertyASCII[name], propertyFoldSources[name])
	}
	if not {
		return cs.negate()
	}
	return cs
}

// ctypeName maps \w \d \s \h (and capitals) to their class names.
func ctypeName(c rune) string {
	switch c {
	case 'w', 'W':
		return "word"
	case 'd', 'D':
		return "digit"
	case 's', 'S':
		return "space"
	}
	return "xdigit"
}

// parseCharClass is Onigmo's parse_char_class; src points after '['. It
// returns the members (negation applied) and whether the class is negated.
func (ps *parser) parseCharClass(tok *token, src *int) (*node, charSet, bool, *onigError) {
	ps.depth++
	if ps.depth > parseDepthMax {
		return nil, charSet{}, false, newErr(errParseDepthLimitOver)
	}
	err := ps.fetchTokenInCC(tok, src)
	neg := false
	if err == nil && tok.typ == tkString && tok.c == '^' && !tok.escaped {
		neg = true
		err = ps.fetchTokenInCC(tok, src)
	}
	if err != nil {
		return nil, charSet{}, false, err
	}
	if tok.typ == tkCCClose {
		if !codeExistCheck(ps.pat, *src, ']') {
			return nil, charSet{}, false, newErr(errEmptyCharClass)
		}
		tok.typ = tkString // "[]...]": the first ']' is literal
	}

	var m ccMachine
	var prev *charSet // the left operand of &&
	m.state = ccsStart
	p := *src
	fail := func(err *onigError) (*node, charSet, bool, *onigError) { return nil, charSet{}, false, err }
	for tok.typ != tkCCClose {
		fetched := false
		switch tok.typ {
		case tkString, tkCodePoint:
			if err := m.nextVal(tok.c, valType(tok.c)); err != nil {
				return fail(err)
			}
		case tkRawByte:
			if err := m.nextVal(tok.c, ccvSB); err != nil {
				return fail(err)
			}
		case tkPosixBracketOpen:
			np, isBracket, set, err := ps.parsePosixBracket(p)
			if err != nil {
				return fail(err)
			}
			if !isBracket {
				// Not a POSIX bracket: '[' is a plain character and
				// scanning resumes after it.
				p = tok.backp
				if err := m.nextVal(tok.c, valType(tok.c)); err != nil {
					return fail(err)
				}
				break
			}
			p = np
			m.set.union(set)
			if err := m.nextClass(); err != nil {
				return fail(err)
			}
		case tkCharType:
			m.set.union(ctypeSet(ctypeName(tok.c), ps.opt&optASCIIRange != 0, tok.not))
			if err := m.nextClass(); err != nil {
				return fail(err)
			}
		case tkCharProperty:
			np, _, set, err := ps.fetchCharProperty(p, tok.not)
			if err != nil {
				return fail(err)
			}
			p = np
			m.set.union(set)
			if err := m.nextClass(); err != nil {
				return fail(err)
			}
		case tkCCRange:
			switch m.state {
			case ccsValue:
				if err := ps.fetchTokenInCC(tok, &p); err != nil {
					return fail(err)
				}
				fetched = true
				if tok.typ == tkCCClose || tok.typ == tkCCAnd { // [x-] or [x-&&y]
					if err := m.nextVal('-', ccvSB); err != nil {
						return fail(err)
					}
					break
				}
				if m.valType == ccvClass {
					return fail(newErr(errUnmatchedRangeSpecifierInCharClass))
				}
				m.state = ccsRange
			case ccsStart: // [-x]
				v := tok.c
				if err := ps.fetchTokenInCC(tok, &p); err != nil {
					return fail(err)
				}
				fetched = true
				if err := m.nextVal(v, valType(v)); err != nil {
					return fail(err)
				}
			case ccsRange: // [!--x]
				if err := m.nextVal(tok.c, ccvSB); err != nil {
					return fail(err)
				}
			default: // ccsComplete: [a-b-c], the '-' is literal
				if err := ps.fetchTokenInCC(tok, &p); err != nil {
					return fail(err)
				}
				fetched = true
				if err := m.nextVal('-', ccvSB); err != nil {
					return fail(err)
				}
			}
		case tkCCCCOpen:
			_, set, _, err := ps.parseCharClass(tok, &p)
			if err != nil {
				return fail(err)
			}
			m.set.union(set)
		case tkCCAnd:
			if m.state == ccsValue {
				if err := m.nextVal(0, m.valType); err != nil {
					return fail(err)
				}
			}
			m.state = ccsStart
			if prev != nil {
				prev.intersect(m.set)
			} else {
				set := m.set
				prev = &set
			}
			m.set = charSet{}
		case tkEOT:
			return fail(newErr(errPrematureEndOfCharClass))
		}
		if !fetched {
			if err := ps.fetchTokenInCC(tok, &p); err != nil {
				return fail(err)
			}
		}
	}
	if m.state == ccsValue {
		if err := m.nextVal(0, m.valType); err != nil {
			return fail(err)
		}
	}
	set := m.set
	if prev != nil {
		prev.intersect(set)
		set = *prev
	}
	if neg {
		set = set.negate()
	}
	*src = p
	ps.depth--
	return &node{typ: ntCClass}, set, neg, nil
}

var posixBracketNames = []string{
	"alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower",
	"print", "punct", "space", "upper", "xdigit", "ascii", "word",
}

// parsePosixBracket is parse_posix_bracket; p points after "[:". It returns
// the position after ":]" and true for a bracket expression (with its
// members), or false when the text is not one (and not an error).
func (ps *parser) parsePosixBracket(p int) (int, bool, charSet, *onigError) {
	c := ps.cur(p)
	not := false
	if c.peekIs('^') {
		c.incS()
		not = true
	}
	if runeCount(ps.pat[c.p:]) >= 4+3 {
		for _, name := range posixBracketNames {
			if !asciiPrefix(ps.pat[c.p:], name) {
				continue
			}
			q := c.p + len(name)
			if !asciiPrefix(ps.pat[q:], ":]") {
				return 0, false, charSet{}, newErr(errInvalidPosixBracketType)
			}
			ascii := ps.opt&optASCIIRange != 0 && ps.opt&optPosixBracketAllRange == 0
			return q + 2, true, ctypeSet(name, ascii, not), nil
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
			return 0, false, charSet{}, newErr(errInvalidPosixBracketType)
		}
	}
	return 0, false, charSet{}, nil
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
// optional '^') and checks it; it returns the position after '}', the
// normalized name and the members of the property (negated when not is set).
func (ps *parser) fetchCharProperty(p int, not bool) (int, string, charSet, *onigError) {
	c := ps.cur(p)
	start, prev := p, p
	for !c.atEnd() {
		prev = c.p
		ch := c.fetchS()
		if ch == '}' {
			name, ok := propertyName(ps.pat[start:prev])
			if !ok {
				break
			}
			var set charSet
			set.addOther(propertyASCII[name], propertyFoldSources[name])
			if not {
				set = set.negate()
			}
			return c.p, name, set, nil
		}
		if ch == '(' || ch == ')' || ch == '{' || ch == '|' {
			break
		}
	}
	return 0, "", charSet{}, newErrPar(errInvalidCharPropertyName, ps.pat[p:prev])
}

// propertyName normalizes a name as Onigmo does (drops ' ', '-' and '_',
// lowercases ASCII) and looks it up.
func propertyName(name []byte) (string, bool) {
	buf := make([]byte, 0, len(name))
	for _, b := range name {
		switch {
		case b == ' ' || b == '-' || b == '_':
			continue
		case b >= 0x80:
			return "", false
		case b >= 'A' && b <= 'Z':
			b += 'a' - 'A'
		}
		buf = append(buf, b)
	}
	return string(buf), propertyNames[string(buf)]
}
