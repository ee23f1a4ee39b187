package rubyregexp

import "unicode/utf8"

// This file is Onigmo's recursive-descent parser (parse_regexp, parse_subexp,
// parse_branch, parse_exp, parse_enclose, set_quantifier).

type options int

const (
	optIgnoreCase options = 1 << iota
	optExtend
	optMultiline
	// \w, \d, \s (and with optPosixBracketAllRange unset, POSIX brackets)
	// are ASCII-only; Ruby's default, changed by (?u) and (?a).
	optASCIIRange
	optPosixBracketAllRange
	optWordBoundAllRange

	defaultOptions = optASCIIRange | optPosixBracketAllRange | optWordBoundAllRange
)

const (
	maxRepeatNum  = 100000
	maxBackrefNum = 1000
	maxCaptureNum = 32767
	parseDepthMax = 4096
	intMax        = 1<<31 - 1
)

// parser holds Onigmo's ScanEnv for one pattern.
type parser struct {
	pat      []byte
	utf8     bool // Ruby compiles the pattern as UTF-8, not US-ASCII
	opt      options
	numMem   int
	numNamed int
	numCall  int
	memNodes []*node // by group number; [0] is the whole pattern when it is called
	names    map[string][]int
	depth    int
	steps    int // node visits of the recursion analyses
}

// parseRegexp parses the whole (preprocessed) pattern.
func (ps *parser) parseRegexp() (*node, *onigError) {
	var tok token
	p := 0
	if err := ps.fetchToken(&tok, &p); err != nil {
		return nil, err
	}
	top, err := ps.parseSubexp(&tok, tkEOT, &p)
	if err != nil {
		return nil, err
	}
	if ps.numCall > 0 {
		// Capture the pattern itself as group 0, the target of \g<0>.
		np := newEnclose(encMemory)
		np.regnum = 0
		np.target = top
		ps.memNodes[0] = np
		top = np
	}
	return top, nil
}

func (ps *parser) parseSubexp(tok *token, term tokType, src *int) (*node, *onigError) {
	ps.depth++
	if ps.depth > parseDepthMax {
		return nil, newErr(errParseDepthLimitOver)
	}
	nd, err := ps.parseBranch(tok, term, src)
	if err != nil {
		return nil, err
	}
	var top *node
	switch tok.typ {
	case term:
		top = nd
	case tkAlt:
		top = newAlt(nd)
		for tok.typ == tkAlt {
			if err := ps.fetchToken(tok, src); err != nil {
				return nil, err
			}
			nd, err := ps.parseBranch(tok, term, src)
			if err != nil {
				return nil, err
			}
			top.kids = append(top.kids, nd)
		}
		if tok.typ != term {
			return nil, newErr(errEndPatternWithUnmatchedParenthesis)
		}
	default:
		return nil, newErr(errEndPatternWithUnmatchedParenthesis)
	}
	ps.depth--
	return top, nil
}

func (ps *parser) parseBranch(tok *token, term tokType, src *int) (*node, *onigError) {
	nd, err := ps.parseExp(tok, term, src)
	if err != nil {
		return nil, err
	}
	if tok.typ == tkEOT || tok.typ == term || tok.typ == tkAlt {
		return nd, nil
	}
	top := newList(nd)
	for tok.typ != tkEOT && tok.typ != term && tok.typ != tkAlt {
		nd, err := ps.parseExp(tok, term, src)
		if err != nil {
			return nil, err
		}
		if nd.typ == ntList {
			top.kids = append(top.kids, nd.kids...)
		} else {
			top.kids = append(top.kids, nd)
		}
	}
	return top, nil
}

// parseExp parses one element and its quantifiers; on return tok holds the
// token after it.
func (ps *parser) parseExp(tok *token, term tokType, src *int) (*node, *onigError) {
	if tok.typ == term {
		return newEmpty(), nil
	}
	var np *node
	group := false
	switch tok.typ {
	case tkAlt, tkEOT:
		return newEmpty(), nil

	case tkSubexpOpen:
		nd, kind, err := ps.parseEnclose(tok, tkSubexpClose, src)
		if err != nil {
			return nil, err
		}
		np = nd
		switch kind {
		case encloseGroup:
			group = true
		case encloseOptionOnly:
			// (?imx) applies to the rest of the enclosing group.
			prev := ps.opt
			ps.opt = nd.option
			err := ps.fetchToken(tok, src)
			if err == nil {
				nd.target, err = ps.parseSubexp(tok, term, src)
			}
			ps.opt = prev
			if err != nil {
				return nil, err
			}
			return nd, nil
		}

	case tkSubexpClose:
		return nil, newErr(errUnmatchedCloseParenthesis)

	case tkLinebreak:
		// (?>\x0D\x0A|[\x0A-\x0D\x{85}\x{2028}\x{2029}])
		np = newEnclose(encStopBacktrack)
		np.target = newAlt(rawStr("\r\n"), &node{typ: ntCClass})

	case tkExtendedGraphemeCluster:
		// An atomic alternation of grapheme shapes, each at least one character.
		np = newEnclose(encStopBacktrack)
		np.target = newAlt(rawStr("\r\n"), &node{typ: ntCAny})

	case tkKeep:
		np = newAnchor(anchorKeep)

	case tkRawByte:
		// Ruby's preprocessing leaves only ASCII raw bytes (\xHH, \OOO), each
		// a one-character string node of its own.
		np = newStr([]byte{byte(tok.c)})

	case tkString, tkCodePoint:
		np = newEmpty()
		ps.appendStringToken(np, tok, *src)
		return ps.stringLoop(np, group, tok, src)

	case tkCharType:
		np = &node{typ: ntCType}

	case tkCharProperty:
		p, name, set, err := ps.fetchCharProperty(*src, tok.not)
		if err != nil {
			return nil, err
		}
		*src = p
		np = &node{typ: ntCClass}
		// Negated classes get no multi-character fold alternatives.
		if ps.opt&optIgnoreCase != 0 && ps.utf8 && name != "ascii" && !tok.not {
			np = caseFoldClass(np, set.src)
		}

	case tkCCOpen:
		nd, set, neg, err := ps.parseCharClass(tok, src)
		if err != nil {
			return nil, err
		}
		if c, ok := set.oneChar(); ok && !neg {
			// A one-character class is a string, continued by what follows.
			np = newStr(utf8.AppendRune(nil, c))
			return ps.stringLoop(np, group, tok, src)
		}
		np = nd
		if ps.opt&optIgnoreCase != 0 && ps.utf8 && !neg {
			np = caseFoldClass(np, set.src)
		}

	case tkAnyChar:
		np = &node{typ: ntCAny}

	case tkBackref:
		np = ps.newBackref(tok.backrefs, tok.byName)

	case tkCall:
		gnum := tok.gnum
		if gnum < 0 || tok.rel {
			if gnum > 0 {
				gnum--
			}
			gnum = ps.numMem + 1 + gnum
			if gnum <= 0 {
				return nil, newErr(errInvalidBackref)
			}
		}
		np = &node{typ: ntCall, name: ps.pat[tok.name:tok.nameEnd], gnum: gnum}
		ps.numCall++

	case tkAnchor:
		np = newAnchor(tok.anchor)

	case tkOpRepeat, tkInterval:
		return nil, newErr(errTargetOfRepeatNotSpecified)
	}

	if err := ps.fetchToken(tok, src); err != nil {
		return nil, err
	}
	return ps.parseRepeats(np, group, tok, src)
}

func (ps *parser) appendStringToken(np *node, tok *token, end int) {
	if tok.typ == tkString {
		np.str = append(np.str, ps.pat[tok.backp:end]...)
	} else {
		np.str = appendRune(np.str, tok.c)
	}
}

// stringLoop extends the string node np with the string and code-point
// tokens that follow, then reads its quantifiers.
func (ps *parser) stringLoop(np *node, group bool, tok *token, src *int) (*node, *onigError) {
	for {
		if err := ps.fetchToken(tok, src); err != nil {
			return nil, err
		}
		if tok.typ != tkString && tok.typ != tkCodePoint {
			break
		}
		ps.appendStringToken(np, tok, *src)
	}
	return ps.parseRepeats(np, group, tok, src)
}

// parseRepeats applies the quantifiers that follow an element (the repeat
// loop of parse_exp); targetp is the slot the next quantifier wraps.
func (ps *parser) parseRepeats(np *node, group bool, tok *token, src *int) (*node, *onigError) {
	top := np
	targetp := &top
	for tok.typ == tkOpRepeat || tok.typ == tkInterval {
		qn := newQuantifier(tok.lower, tok.upper, tok.greedy)
		r := ps.setQuantifier(qn, *targetp, group)
		if tok.possessive {
			en := newEnclose(encStopBacktrack)
			en.target = qn
			qn = en
		}
		switch r {
		case 0:
			*targetp = qn
		case 2: // /abc+/: the quantifier takes the last character only
			list := newList(*targetp, qn)
			*targetp = list
			targetp = &list.kids[1]
		}
		if err := ps.fetchToken(tok, src); err != nil {
			return nil, err
		}
	}
	return top, nil
}

// setQuantifier is set_quantifier: 1 means the quantifier is {1,1} and
// dropped, 2 that the string target was split.
func (ps *parser) setQuantifier(qn, target *node, group bool) int {
	if qn.lower == 1 && qn.upper == 1 {
		return 1
	}
	switch target.typ {
	case ntStr:
		if !group && runeCount(target.str) > 1 {
			last := lastCharStart(target.str)
			qn.target = newStr(target.str[last:])
			target.str = target.str[:last]
			return 2
		}
	case ntQtfr:
		nestq := popularQuantifierNum(qn)
		targetq := popularQuantifierNum(target)
		if targetq >= 0 {
			if nestq >= 0 {
				reduceNestedQuantifier(qn, target)
				return 0
			}
			if (targetq == 1 || targetq == 2) && qn.upper != repeatInfinite && qn.upper > 1 && qn.greedy {
				// (?:a*){n,m} => (?:a*){n,n}
				if qn.lower == 0 {
					qn.upper = 1
				} else {
					qn.upper = qn.lower
				}
			}
		}
	}
	qn.target = target
	return 0
}

func lastCharStart(b []byte) int {
	last := 0
	for i := 0; i < len(b); i += charLen(b, i) {
		last = i
	}
	return last
}

// popularQuantifierNum numbers ? * + ?? *? +? as 0..5, others -1.
func popularQuantifierNum(q *node) int {
	inf := q.upper == repeatInfinite
	base := 0
	if !q.greedy {
		base = 3
	}
	switch {
	case q.lower == 0 && q.upper == 1:
		return base
	case q.lower == 0 && inf:
		return base + 1
	case q.lower == 1 && inf:
		return base + 2
	}
	return -1
}

type reduceType int

const (
	rqAsIs reduceType = iota
	rqDel
	rqA
	rqAQ
	rqQQ
	rqPQQ
	rqPQQ2
)

// reduceTypeTable[child][parent] is Onigmo's ReduceTypeTable.
var reduceTypeTable = [6][6]reduceType{
	{rqDel, rqA, rqA, rqQQ, rqAQ, rqAsIs},
	{rqDel, rqDel, rqDel, rqPQQ, rqPQQ, rqDel},
	{rqA, rqA, rqDel, rqAsIs, rqPQQ, rqDel},
	{rqDel, rqAQ, rqAQ, rqDel, rqAQ, rqAQ},
	{rqDel, rqDel, rqDel, rqDel, rqDel, rqDel},
	{rqAsIs, rqPQQ2, rqDel, rqAQ, rqAQ, rqDel},
}

// reduceNestedQuantifier is onig_reduce_nested_quantifier: it folds a
// quantifier of a quantifier (p of c) into one node where Onigmo does.
func reduceNestedQuantifier(p, c *node) {
	pnum := popularQuantifierNum(p)
	cnum := popularQuantifierNum(c)
	if pnum < 0 || cnum < 0 {
		return
	}
	switch reduceTypeTable[cnum][pnum] {
	case rqDel:
		*p = *c
	case rqA:
		p.target, p.lower, p.upper, p.greedy = c.target, 0, repeatInfinite, true
	case rqAQ:
		p.target, p.lower, p.upper, p.greedy = c.target, 0, repeatInfinite, false
	case rqQQ:
		p.target, p.lower, p.upper, p.greedy = c.target, 0, 1, false
	case rqPQQ:
		p.target, p.lower, p.upper, p.greedy = c, 0, 1, false
		c.lower, c.upper, c.greedy = 1, repeatInfinite, true
	case rqPQQ2:
		p.target, p.lower, p.upper, p.greedy = c, 0, 1, true
		c.lower, c.upper, c.greedy = 1, repeatInfinite, false
	case rqAsIs:
		p.target = c
	}
}

func (ps *parser) newBackref(backs []int, byName bool) *node {
	nd := &node{typ: ntBref, backs: backs}
	if byName {
		nd.state |= nstNameRef
	}
	for _, b := range backs {
		if b <= ps.numMem && ps.memNodes[b] == nil {
			nd.state |= nstRecursion // /...(\1).../
			break
		}
	}
	return nd
}

type encloseKind int

const (
	encloseNode       encloseKind = iota // a node with its target parsed
	encloseGroup                         // (?:...): the bare subexpression
	encloseOptionOnly                    // (?imx): target parsed by the caller
)

// parseEnclose is parse_enclose; src points after '('.
func (ps *parser) parseEnclose(tok *token, term tokType, src *int) (*node, encloseKind, *onigError) {
	c := ps.cur(*src)
	if c.atEnd() {
		return nil, 0, newErr(errEndPatternWithUnmatchedParenthesis)
	}
	var np *node
	opt := ps.opt
	if c.peekIs('?') {
		c.inc()
		if c.atEnd() {
			return nil, 0, newErr(errEndPatternInGroup)
		}
		ch := c.fetch()
		switch ch {
		case ':':
			if err := ps.fetchToken(tok, &c.p); err != nil {
				return nil, 0, err
			}
			nd, err := ps.parseSubexp(tok, term, &c.p)
			if err != nil {
				return nil, 0, err
			}
			*src = c.p
			return nd, encloseGroup, nil
		case '=':
			np = newAnchor(anchorPrecRead)
		case '!':
			np = newAnchor(anchorPrecReadNot)
		case '>':
			np = newEnclose(encStopBacktrack)
		case '~':
			np = newEnclose(encAbsent)
		case '\'':
			nd, err := ps.namedGroup(ch, &c)
			if err != nil {
				return nil, 0, err
			}
			np = nd
		case '<':
			if c.atEnd() {
				return nil, 0, newErr(errEndPatternWithUnmatchedParenthesis)
			}
			ch = c.fetch()
			switch ch {
			case '=':
				np = newAnchor(anchorLookBehind)
			case '!':
				np = newAnchor(anchorLookBehindNot)
			default:
				c.unfetch()
				nd, err := ps.namedGroup('<', &c)
				if err != nil {
					return nil, 0, err
				}
				np = nd
			}
		case '(':
			nd, err := ps.conditionGroup(tok, &c)
			if err != nil {
				return nil, 0, err
			}
			np = nd
		case '-', 'i', 'm', 'x', 'a', 'd', 'u':
			neg := false
			for {
				switch ch {
				case ':', ')':
				case '-':
					neg = true
				case 'x':
					opt = onoff(opt, optExtend, neg)
				case 'i':
					opt = onoff(opt, optIgnoreCase, neg)
				case 'm':
					opt = onoff(opt, optMultiline, neg)
				case 'a', 'd', 'u':
					// Character-range options; they cannot be negated.
					if neg {
						return nil, 0, newErr(errUndefinedGroupOption)
					}
					opt &^= optASCIIRange | optPosixBracketAllRange | optWordBoundAllRange
					switch ch {
					case 'a':
						opt |= optASCIIRange
					case 'd':
						opt |= defaultOptions
					}
				default:
					return nil, 0, newErr(errUndefinedGroupOption)
				}
				if ch == ')' {
					*src = c.p
					nd := newEnclose(encOption)
					nd.option = opt
					return nd, encloseOptionOnly, nil
				}
				if ch == ':' {
					prev := ps.opt
					ps.opt = opt
					err := ps.fetchToken(tok, &c.p)
					var target *node
					if err == nil {
						target, err = ps.parseSubexp(tok, term, &c.p)
					}
					ps.opt = prev
					if err != nil {
						return nil, 0, err
					}
					nd := newEnclose(encOption)
					nd.option = opt
					nd.target = target
					*src = c.p
					return nd, encloseNode, nil
				}
				if c.atEnd() {
					return nil, 0, newErr(errEndPatternInGroup)
				}
				ch = c.fetch()
			}
		default:
			return nil, 0, newErr(errUndefinedGroupOption)
		}
	} else {
		np = newEnclose(encMemory)
		num, err := ps.addMemEntry()
		if err != nil {
			return nil, 0, err
		}
		np.regnum = num
	}

	if err := ps.fetchToken(tok, &c.p); err != nil {
		return nil, 0, err
	}
	target, err := ps.parseSubexp(tok, term, &c.p)
	if err != nil {
		return nil, 0, err
	}
	np.target = target
	if np.typ == ntEnclose {
		switch np.etype {
		case encMemory:
			ps.memNodes[np.regnum] = np
		case encCondition:
			if target.typ != ntAlt {
				// (?(cond)yes) is (?(cond)yes|)
				np.target = newAlt(target, newEmpty())
			}
		}
	}
	*src = c.p
	return np, encloseNode, nil
}

func rawStr(s string) *node {
	nd := newStr([]byte(s))
	nd.state |= nstRaw
	return nd
}

func onoff(opt, flag options, neg bool) options {
	if neg {
		return opt &^ flag
	}
	return opt | flag
}

// namedGroup parses the name of (?<name>...) or (?'name'...).
func (ps *parser) namedGroup(start rune, c *cursor) (*node, *onigError) {
	name := c.p
	nameEnd, _, err := ps.fetchName(start, &c.p, false)
	if err != nil {
		return nil, err
	}
	num, err := ps.addMemEntry()
	if err != nil {
		return nil, err
	}
	if nameEnd <= name {
		return nil, newErr(errEmptyGroupName)
	}
	key := string(ps.pat[name:nameEnd])
	ps.names[key] = append(ps.names[key], num)
	nd := newEnclose(encMemory)
	nd.state |= nstNamedGroup
	nd.regnum = num
	ps.numNamed++
	return nd, nil
}

// conditionGroup parses the condition of (?(cond)yes|no); c is after "(?(".
func (ps *parser) conditionGroup(tok *token, c *cursor) (*node, *onigError) {
	if c.atEnd() {
		return nil, newErr(errUndefinedGroupOption)
	}
	var num int
	nameRef := false
	ch := c.fetch()
	switch {
	case isDigit(ch):
		c.unfetch()
		_, n, err := ps.fetchName('(', &c.p, true)
		if err != nil {
			return nil, err
		}
		num = n
	case ch == '<' || ch == '\'':
		nameRef = true
		if err := ps.fetchNamedBackrefToken(ch, tok, &c.p); err != nil {
			return nil, err
		}
		if !c.peekIs(')') {
			return nil, newErr(errUndefinedGroupOption)
		}
		c.inc()
		num = tok.backrefs[0]
	default:
		return nil, newErr(errInvalidConditionPattern)
	}
	nd := newEnclose(encCondition)
	nd.regnum = num
	if nameRef {
		nd.state |= nstNameRef
	}
	return nd, nil
}

func (ps *parser) addMemEntry() (int, *onigError) {
	if ps.numMem+1 > maxCaptureNum {
		return 0, newErr(errTooManyCaptureGroups)
	}
	ps.numMem++
	ps.memNodes = append(ps.memNodes, nil)
	return ps.numMem, nil
}
