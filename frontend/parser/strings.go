package parser

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/frontend/diag"
)

// ---- numbers ----

// numberLen matches Puppet's PATTERN_NUMBER at i, emulating the regexp's
// backtracking: \b(?:0[xX][0-9A-Fa-f]+|0?\d+(?:\.\d+)?(?:[eE]-?\d+)?)\b
func numberLen(s string, i int) int {
	wordEnd := func(j int) bool { return j >= len(s) || !isWord(s[j]) }
	if s[i] == '0' && i+1 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') {
		j := i + 2
		for j < len(s) && isHex(s[j]) {
			j++
		}
		if j > i+2 && wordEnd(j) {
			return j - i
		}
	}
	d := i
	for d < len(s) && isDigit(s[d]) {
		d++
	}
	frac := -1
	if d+1 < len(s) && s[d] == '.' && isDigit(s[d+1]) {
		frac = d + 1
		for frac < len(s) && isDigit(s[frac]) {
			frac++
		}
	}
	exp := func(j int) int {
		if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
			k := j + 1
			if k < len(s) && s[k] == '-' {
				k++
			}
			if k < len(s) && isDigit(s[k]) {
				for k < len(s) && isDigit(s[k]) {
					k++
				}
				return k
			}
		}
		return -1
	}
	// Candidates in the order the regexp tries them.
	if frac >= 0 {
		if e := exp(frac); e >= 0 && wordEnd(e) {
			return e - i
		}
		if wordEnd(frac) {
			return frac - i
		}
	}
	if e := exp(d); e >= 0 && wordEnd(e) {
		return e - i
	}
	if wordEnd(d) {
		return d - i
	}
	return 0
}

// assertNumeric raises Puppet's error for a malformed number at off
// (LexerSupport#assert_numeric, its regexps written out).
func (lx *lexer) assertNumeric(v string, off int) {
	switch {
	case strings.HasPrefix(v, "0x") || strings.HasPrefix(v, "0X"):
		if !allOf(v[2:], isHex) {
			lx.errorAt(off, "INVALID_HEX_NUMBER", "Not a valid hex number "+v)
		}
	case len(v) >= 2 && v[0] == '0' && v[1] != '.':
		if !allOf(v[1:], func(c byte) bool { return c >= '0' && c <= '7' }) {
			lx.errorAt(off, "INVALID_OCTAL_NUMBER", "Not a valid octal number "+v)
		}
	case leadingDigits(v) > 0 && leadingDigits(v) < len(v) && strings.IndexByte("eE.", v[leadingDigits(v)]) >= 0:
		if !isDecimal(v) {
			lx.errorAt(off, "INVALID_DECIMAL_NUMBER", "Not a valid decimal number "+v)
		}
	default:
		if !allOf(v, isDigit) {
			lx.errorAt(off, "ILLEGAL_NUMBER", fmt.Sprintf("Illegal number '%s'", v))
		}
	}
}

// allOf reports whether s is non-empty and every byte satisfies ok.
func allOf(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return s != ""
}

func leadingDigits(s string) int {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// isDecimal matches ^\d+(?:\.\d+)?(?:[eE]-?\d+)?$
func isDecimal(s string) bool {
	i := leadingDigits(s)
	if i == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		n := leadingDigits(s[i+1:])
		if n == 0 {
			return false
		}
		i += 1 + n
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && s[i] == '-' {
			i++
		}
		n := leadingDigits(s[i:])
		if n == 0 {
			return false
		}
		i += n
	}
	return i == len(s)
}

func (lx *lexer) number() bool {
	src, before := lx.src, lx.pos
	if n := numberLen(src, before); n > 0 {
		v := src[before : before+n]
		lx.pos = before + n
		lx.lastMatched = v
		lx.assertNumeric(v, before)
		return lx.produce(lx.completed(NUMBER, v, before, n))
	}
	// Not a number: find what to quote, the way Puppet does (it backs up over
	// "digits." to report "1.2x" rather than "2x").
	after := before
	for after < len(src) && isWord(src[after]) {
		after++
	}
	invalid, haveInvalid := src[before:after], true
	if before > 1 {
		if src[before-1] == '.' {
			q := before - 2
			for isDigit(src[q]) {
				haveInvalid = false
				before = q
				if before == 0 {
					break
				}
				q--
			}
		}
		if !haveInvalid {
			invalid = src[before:after]
		}
	}
	lx.assertNumeric(invalid, before)
	lx.pos = before + 1
	lx.error("ILLEGAL_NUMBER", fmt.Sprintf("Illegal number '%s'", invalid))
	panic("unreachable")
}

// ---- escapes ----

// Escape sets. "\n" in a set stands for the line-break escapes ("\n" and
// "\r\n"), which remove the line break.
const (
	sqEscapes = `\'`
	dqEscapes = "\\$'\"rntsu\n"
	uqEscapes = "\\$rntsu\n"
)

// slurp terminator scans.
const (
	patDQ   = iota // until an unescaped ", $ or ${
	patSQ          // until an unescaped '
	patUQ          // until an unescaped $, ${ or the end (heredoc with $ escape)
	patUQNE        // until $, ${ or the end, escapes ignored (heredoc without $ escape)
	patAll         // the rest (heredoc without interpolation)
)

// evenBackslashesBefore reports whether the run of backslashes just before i
// (not looking back past from) has even length: Puppet's
// (?:[^\\]|^)(?:[\\]{2})* prefix.
func evenBackslashesBefore(s string, from, i int) bool {
	n := 0
	for j := i - 1; j >= from && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 0
}

// slurpEnd finds the end of a string part from the scanner position. It
// returns the end of the terminator and the terminator, or ok=false.
func (lx *lexer) slurpEnd(pat int) (end int, term string, ok bool) {
	s, from := lx.src, lx.pos
	switch pat {
	case patAll:
		return len(s), "", true
	case patUQNE:
		i := strings.IndexByte(s[from:], '$')
		if i < 0 {
			return len(s), "", true
		}
		i += from
		if i+1 < len(s) && s[i+1] == '{' {
			return i + 2, "${", true
		}
		return i + 1, "$", true
	}
	// Jump from candidate to candidate terminator.
	stops := `"$`
	switch pat {
	case patSQ:
		stops = "'"
	case patUQ:
		stops = "$"
	}
	for i := from; ; i++ {
		j := strings.IndexAny(s[i:], stops)
		if j < 0 {
			if pat == patUQ && evenBackslashesBefore(s, from, len(s)) {
				return len(s), "", true
			}
			return 0, "", false
		}
		i += j
		if !evenBackslashesBefore(s, from, i) {
			continue
		}
		if s[i] != '$' {
			return i + 1, s[i : i+1], true
		}
		if i+1 < len(s) && s[i+1] == '{' {
			return i + 2, "${", true
		}
		return i + 1, "$", true
	}
}

// slurp scans a string part, processes its escapes and moves past it. The
// returned text excludes the terminator.
func (lx *lexer) slurp(pat int, escapes string, warnInvalid bool) (text, term string, ok bool) {
	end, term, ok := lx.slurpEnd(pat)
	if !ok {
		lx.lastMatched = ""
		return "", "", false
	}
	raw := lx.src[lx.pos:end]
	lx.lastMatched = lx.matchedPortion(lx.pos, end, term)
	lx.pos = end
	text = raw[:len(raw)-len(term)]
	if strings.IndexByte(raw, '\\') >= 0 {
		text = lx.unescape(raw, escapes, warnInvalid)
		text = text[:len(text)-len(term)]
	}
	return text, term, true
}

// matchedPortion is what StringScanner#matched holds after a slurp: the
// character before the terminator's backslash run, the run and the terminator.
func (lx *lexer) matchedPortion(from, end int, term string) string {
	t := end - len(term)
	j := t
	for j > from && lx.src[j-1] == '\\' {
		j--
	}
	if j > from && lx.src[j-1] != '\n' {
		j = prevRuneStart(lx.src, j)
	}
	return lx.src[j:end]
}

// unescape applies Puppet's escape processing to a slurped string part.
func (lx *lexer) unescape(s, escapes string, warnInvalid bool) string {
	if escapes == sqEscapes {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\'') {
				i++
			}
			b.WriteByte(s[i])
		}
		return b.String()
	}
	if strings.IndexByte(escapes, 'u') >= 0 {
		for {
			r, changed := lx.unicodePass(s)
			if !changed {
				break
			}
			s = r
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		// \ followed by a character, "\n" or "\r\n"; a lone "\r" is no escape.
		next := s[i+1]
		var ch string
		switch {
		case next == '\n':
			ch = "\n"
		case next == '\r' && i+2 < len(s) && s[i+2] == '\n':
			ch = "\r\n"
		case next == '\r':
			b.WriteByte(c)
			continue
		default:
			_, n := utf8.DecodeRuneInString(s[i+1:])
			ch = s[i+1 : i+1+n]
		}
		i += len(ch)
		key := ch
		if ch == "\r\n" {
			key = "\n"
		}
		if len(key) == 1 && strings.IndexByte(escapes, key[0]) >= 0 {
			switch key {
			case "r":
				b.WriteByte('\r')
			case "n":
				b.WriteByte('\n')
			case "t":
				b.WriteByte('\t')
			case "s":
				b.WriteByte(' ')
			case "u":
				lx.warningAt(lx.pos, "ILLEGAL_UNICODE_ESCAPE", `Unicode escape '\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff`)
				b.WriteString(`\u`)
			case "\n":
			default:
				b.WriteString(ch)
			}
			continue
		}
		if warnInvalid {
			lx.warningAt(lx.pos, "UNRECOGNIZED_ESCAPE", fmt.Sprintf("Unrecognized escape sequence '\\%s'", ch))
		}
		b.WriteByte('\\')
		b.WriteString(ch)
	}
	return b.String()
}

// unicodePass is one pass of Puppet's \u replacement, a gsub of
// ((?:[^\\]|^)(?:[\\]{2})*)\\u(?:([\da-fA-F]{4})|\{([\da-fA-F]{1,6})\})
// that Puppet repeats until nothing changes. Each match consumes the
// character before the backslashes, so adjacent escapes take several passes.
func (lx *lexer) unicodePass(s string) (string, bool) {
	var b strings.Builder
	changed := false
	copied, search := 0, 0
	for {
		k := strings.Index(s[search:], `\u`)
		if k < 0 {
			break
		}
		j := search + k // the backslash before 'u'
		q := j
		for q > 0 && s[q-1] == '\\' {
			q--
		}
		// The match starts at the character before the run, or at the run
		// itself when it begins a line.
		start := -1
		if q > 0 && prevRuneStart(s, q) >= search {
			start = prevRuneStart(s, q)
		} else if q >= search && (q == 0 || s[q-1] == '\n') {
			start = q
		}
		hexEnd, hex := -1, ""
		if start >= 0 && (j-q)%2 == 0 {
			h := j + 2
			if h+4 <= len(s) && isHex(s[h]) && isHex(s[h+1]) && isHex(s[h+2]) && isHex(s[h+3]) {
				hexEnd, hex = h+4, s[h:h+4]
			} else if h < len(s) && s[h] == '{' {
				e := h + 1
				for e < len(s) && e-h-1 < 6 && isHex(s[e]) {
					e++
				}
				if e > h+1 && e < len(s) && s[e] == '}' {
					hexEnd, hex = e+1, s[h+1:e]
				}
			}
		}
		if hexEnd < 0 {
			search = j + 1
			continue
		}
		cp, _ := strconv.ParseUint(hex, 16, 32)
		if cp > utf8.MaxRune || cp >= 0xD800 && cp <= 0xDFFF {
			// Ruby packs it into an invalid string and its next gsub fails.
			panic(lexError{internalError("invalid byte sequence in UTF-8")})
		}
		b.WriteString(s[copied:j])
		b.WriteRune(rune(cp))
		copied, search = hexEnd, hexEnd
		changed = true
	}
	if !changed {
		return s, false
	}
	b.WriteString(s[copied:])
	return b.String(), true
}

// ---- quoted strings ----

func (lx *lexer) singleQuoted() token {
	before := lx.pos
	lx.pos++
	text, _, ok := lx.slurp(patSQ, sqEscapes, false)
	if !ok {
		lx.error("UNCLOSED_QUOTE", fmt.Sprintf("Unclosed quote after %s followed by '%s'", `"'"`, lx.followedBy()))
	}
	return lx.completed(STRING, text, before, lx.pos-before)
}

// formatQuote quotes the text Puppet names in "Unclosed quote after ...".
func formatQuote(q string) string {
	if q == "'" {
		return `"'"`
	}
	return "'" + q + "'"
}

func (lx *lexer) slurpDQ() (string, string) {
	last := lx.lastMatched
	text, term, ok := lx.slurp(patDQ, dqEscapes, true)
	if !ok {
		lx.error("UNCLOSED_QUOTE", fmt.Sprintf("Unclosed quote after %s followed by '%s'", formatQuote(last), lx.followedBy()))
	}
	return text, term
}

// variableAfterDollar matches Puppet's interpolation PATTERN_VARIABLE at the
// scanner position and moves past it.
func (lx *lexer) variableAfterDollar() (string, bool) {
	n := dollarVarLen(lx.src, lx.pos)
	if n == 0 {
		lx.lastMatched = ""
		return "", false
	}
	v := lx.src[lx.pos : lx.pos+n]
	lx.pos += n
	lx.lastMatched = v
	return v, true
}

// interpolateDQ lexes a double quoted string: a STRING, or DQPRE, the
// interpolated tokens, (DQMID, tokens)*, DQPOST. All but the first token go
// on the queue.
func (lx *lexer) interpolateDQ() token {
	before := lx.pos
	lx.pos++
	lx.lastMatched = `"`
	value, term := lx.slurpDQ()
	text, after := value, lx.pos
	for {
		switch term {
		case `"`:
			return lx.completed(STRING, text, before, lx.pos-before)
		case "${":
			count := lx.braceCount
			lx.braceCount++
			lx.enqueueCompleted(DQPRE, text, before, lx.pos-before)
			lx.enqueueUntil(count)
		case "$":
			if v, ok := lx.variableAfterDollar(); ok {
				lx.enqueueCompleted(DQPRE, text, before, after-before-1)
				lx.enqueueCompleted(VARIABLE, v, after-1, lx.pos-after+1)
			} else {
				text += term
				value, term = lx.slurpDQ()
				text += value
				after = lx.pos
				continue
			}
		}
		break
	}
	lx.interpolateTail(DQMID, DQPOST, `"`)
	return lx.popFront()
}

// interpolateTail lexes the rest of an interpolated string after an
// interpolation: mid parts and expressions until the closing part.
func (lx *lexer) interpolateTail(mid, post int32, closing string) {
	for {
		before := lx.pos
		var value, term string
		if closing == `"` {
			value, term = lx.slurpDQ()
		} else {
			value, term = lx.slurpUQ()
		}
		text, after := value, lx.pos
		for {
			switch term {
			case closing:
				lx.enqueueCompleted(post, text, before, lx.pos-before)
				return
			case "${":
				count := lx.braceCount
				lx.braceCount++
				lx.enqueueCompleted(mid, text, before, lx.pos-before)
				lx.enqueueUntil(count)
			case "$":
				if v, ok := lx.variableAfterDollar(); ok {
					lx.enqueueCompleted(mid, text, before, after-before-1)
					lx.enqueueCompleted(VARIABLE, v, after-1, lx.pos-after+1)
				} else {
					text += term
					if closing == `"` {
						value, term = lx.slurpDQ()
					} else {
						value, term = lx.slurpUQ()
					}
					text += value
					after = lx.pos
					continue
				}
			}
			break
		}
	}
}

// enqueueUntil lexes the tokens of an interpolated ${...} expression onto the
// queue, up to the brace that closes it. A lone name (or a name followed by
// '.' or '[') becomes a variable: "${x}" means "${$x}".
func (lx *lexer) enqueueUntil(braceCount int) {
	var base token
	haveBase := lx.head < len(lx.queue)
	if haveBase {
		base = lx.queue[lx.head]
	}
	lx.skipWS()
	size := len(lx.queue)
	for lx.pos < len(lx.src) {
		if !lx.lexToken() {
			lx.skipWS()
			continue
		}
		t := lx.cur
		// Tokens are told apart by offset and kind.
		if haveBase && t.offset == base.offset && t.kind == base.kind {
			// A nested string took the first queued token, which belongs to
			// the outermost string: put it back; its own tokens are queued.
			lx.head--
			lx.queue[lx.head] = t
			continue
		}
		lx.after = t.kind
		if t.kind == RBRACE && lx.braceCount == braceCount {
			n := len(lx.queue) - size
			if n == 1 {
				lx.queue[size] = toVariable(lx.queue[size])
			} else if n > 1 && (lx.queue[size+1].kind == DOT || lx.queue[size+1].kind == LBRACK) {
				lx.queue[size] = toVariable(lx.queue[size])
			}
			return
		}
		lx.queue = append(lx.queue, t)
	}
}

// toVariable turns a name, number or keyword token into a VARIABLE.
func toVariable(t token) token {
	switch t.kind {
	case NUMBER, NAME, WORD, CASE, CLASS, DEFAULT, DEFINE, IF, ELSIF, ELSE, INHERITS, NODE,
		AND, OR, UNDEF, BOOLEAN, IN, UNLESS, FUNCTION, TYPE, ATTR, PRIVATE:
		t.kind = VARIABLE
	}
	return t
}

// ---- unquoted strings (heredoc text) ----

func (lx *lexer) slurpUQ() (string, string) {
	text, term, ok := lx.slurp(lx.uqPattern, lx.escapes, false)
	if !ok {
		// Puppet fails inside its own code here (text ending in an odd
		// number of backslashes with the $ escape on): the slurp found no
		// terminator (slurp_support.rb slurp_uqstring)
		raiseRuby(diag.NoMethodError{Method: "length", Receiver: "nil", Class: "NilClass",
			Source: "     [str[0..(-1 - terminator.length)], terminator]", Caret: "                             ^^^^^^^"})
	}
	return text, term
}

// interpolateUQ lexes a heredoc's whole text onto the queue.
func (lx *lexer) interpolateUQ() {
	before := lx.pos
	value, term := lx.slurpUQ()
	text, after := value, lx.pos
	for {
		switch term {
		case "":
			lx.enqueueCompleted(STRING, text, before, lx.pos-before)
			return
		case "${":
			count := lx.braceCount
			lx.braceCount++
			lx.enqueueCompleted(DQPRE, text, before, lx.pos-before)
			lx.enqueueUntil(count)
		case "$":
			if v, ok := lx.variableAfterDollar(); ok {
				lx.enqueueCompleted(DQPRE, text, before, after-before-1)
				lx.enqueueCompleted(VARIABLE, v, after-1, lx.pos-after+1)
			} else {
				text += term
				value, term = lx.slurpUQ()
				text += value
				after = lx.pos
				continue
			}
		}
		break
	}
	lx.interpolateTail(DQMID, DQPOST, "")
}
