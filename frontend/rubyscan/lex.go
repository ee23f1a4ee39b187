// Package rubyscan reads, without running Ruby, the Ruby files of modules
// that Puppet loads for their declarations: resource types written in the
// type DSL (lib/puppet/type/*.rb) and functions (lib/puppet/functions,
// lib/puppet/parser/functions). It recognizes the declarative forms those
// files use (newtype, newparam, newproperty, ensurable, isnamevar,
// title_patterns, create_function, dispatch, newfunction) and reports what
// it cannot follow, so that callers never guess.
package rubyscan

import (
	"strings"
)

// tokKind classifies Ruby tokens, as far as the scanner needs them.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tNewline         // end of a line (a statement boundary when not inside brackets)
	tIdent           // local variable or method name (may end in ? or !)
	tConst           // capitalized name
	tIVar            // @name, @@name, $name
	tSymbol          // :name, :"name"; text is the name
	tLabel           // name: (a hash key); text is the name
	tString          // a string literal; text is its value when plain
	tRegexp          // a regexp literal; text is its source, flags in aux
	tNumber
	tKeyword
	tPunct
)

type token struct {
	kind tokKind
	text string
	aux  string // regexp flags; "interp" for strings with interpolation
	line int
	// spaceBefore is set when whitespace precedes the token on its line:
	// Ruby uses it to tell `f /re/` from `a / b` and `f <<DOC` from `a << b`.
	spaceBefore bool
}

var keywords = map[string]bool{
	"alias": true, "and": true, "begin": true, "break": true, "case": true, "class": true,
	"def": true, "defined?": true, "do": true, "else": true, "elsif": true, "end": true,
	"ensure": true, "false": true, "for": true, "if": true, "in": true, "module": true,
	"next": true, "nil": true, "not": true, "or": true, "redo": true, "rescue": true,
	"retry": true, "return": true, "self": true, "super": true, "then": true, "true": true,
	"undef": true, "unless": true, "until": true, "when": true, "while": true, "yield": true,
	"__FILE__": true, "__LINE__": true,
}

// lexer turns Ruby source into tokens. It understands the literal forms
// that decide where code ends and data begins (strings with interpolation,
// heredocs, %-literals, regexps, =begin comments), which is what a scanner
// of declarations must get right to keep its nesting straight.
type lexer struct {
	src      string
	pos      int
	line     int
	toks     []token
	heredocs []heredoc // bodies to skip at the next newline
}

type heredoc struct {
	id       string
	indented bool // <<- or <<~: the terminator may be indented
}

func lex(src string) []token {
	lx := &lexer{src: src, line: 1}
	lx.run(false)
	lx.toks = append(lx.toks, token{kind: tEOF, line: lx.line})
	return lx.toks
}

func (lx *lexer) emit(k tokKind, text string, space bool) {
	lx.toks = append(lx.toks, token{kind: k, text: text, line: lx.line, spaceBefore: space})
}

func (lx *lexer) last() *token {
	if len(lx.toks) == 0 {
		return nil
	}
	return &lx.toks[len(lx.toks)-1]
}

// valueEnded reports whether the previous token ends a value, after which
// `/`, `%` and `<<` are operators rather than literal openers.
func (lx *lexer) valueEnded() bool {
	t := lx.last()
	if t == nil {
		return false
	}
	switch t.kind {
	case tIdent, tConst, tIVar, tSymbol, tString, tRegexp, tNumber:
		return true
	case tKeyword:
		switch t.text {
		case "end", "self", "true", "false", "nil", "__FILE__", "__LINE__":
			return true
		}
	case tPunct:
		switch t.text {
		case ")", "]", "}":
			return true
		}
	}
	return false
}

// literalAfterIdent reports whether a `/`, `%` or `<<` after an identifier
// opens a literal: Ruby reads `f /x/` as a call with a regexp when there is
// a space before the operator and none after it.
func (lx *lexer) literalAfterIdent(space bool) bool {
	t := lx.last()
	if t == nil || t.kind != tIdent || !space {
		return false
	}
	next := lx.peekAt(1)
	return next != ' ' && next != '=' && next != '\n'
}

func (lx *lexer) peekAt(i int) byte {
	if lx.pos+i < len(lx.src) {
		return lx.src[lx.pos+i]
	}
	return 0
}

// run lexes until the end of input, or, when inInterp, until the `}` that
// closes an interpolation (whose tokens are then dropped by the caller).
func (lx *lexer) run(inInterp bool) {
	depth := 0
	atLineStart := true
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		space := false
		for c == ' ' || c == '\t' || c == '\r' || (c == '\\' && lx.peekAt(1) == '\n') {
			if c == '\\' {
				lx.pos++
				lx.line++
			}
			lx.pos++
			space = true
			if lx.pos >= len(lx.src) {
				return
			}
			c = lx.src[lx.pos]
		}
		if atLineStart && c == '=' && strings.HasPrefix(lx.src[lx.pos:], "=begin") {
			lx.skipEmbeddedDoc()
			continue
		}
		if atLineStart && strings.HasPrefix(lx.src[lx.pos:], "__END__") {
			lx.pos = len(lx.src)
			return
		}
		atLineStart = false
		switch {
		case c == '#':
			for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' {
				lx.pos++
			}
		case c == '\n':
			lx.pos++
			lx.emit(tNewline, "", space)
			lx.line++
			lx.skipHeredocBodies()
			atLineStart = true
		case isIdentStart(c):
			lx.ident(space)
		case c >= '0' && c <= '9':
			start := lx.pos
			for lx.pos < len(lx.src) && (isIdentChar(lx.src[lx.pos]) || (lx.src[lx.pos] == '.' && lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] >= '0' && lx.src[lx.pos+1] <= '9')) {
				lx.pos++
			}
			lx.emit(tNumber, lx.src[start:lx.pos], space)
		case c == '@' || c == '$':
			start := lx.pos
			lx.pos++
			for lx.pos < len(lx.src) && (isIdentChar(lx.src[lx.pos]) || lx.src[lx.pos] == '@') {
				lx.pos++
			}
			if lx.pos == start+1 && c == '$' && lx.pos < len(lx.src) {
				lx.pos++ // $! $? $~ and friends
			}
			lx.emit(tIVar, lx.src[start:lx.pos], space)
		case c == '"' || c == '`':
			lx.pos++
			v, interp := lx.quoted(c, 0, true)
			lx.emitString(v, interp, space)
		case c == '\'':
			lx.pos++
			v, _ := lx.quoted('\'', 0, false)
			lx.emitString(v, false, space)
		case c == ':':
			lx.colon(space)
		case c == '/':
			if !lx.valueEnded() || lx.literalAfterIdent(space) {
				lx.pos++
				src, _ := lx.quoted('/', 0, true)
				lx.emitRegexp(src, space)
			} else {
				lx.punct(space)
			}
		case c == '%' && (!lx.valueEnded() || lx.literalAfterIdent(space)) && lx.percentLiteral(space):
		case c == '<' && lx.peekAt(1) == '<' && (!lx.valueEnded() || lx.literalAfterIdent(space)) && lx.heredocStart(space):
		case c == '?' && !lx.valueEnded() && lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] > ' ' && (lx.pos+2 >= len(lx.src) || !isIdentChar(lx.src[lx.pos+2])):
			// ?x character literal
			lx.pos += 2
			lx.emit(tString, lx.src[lx.pos-1:lx.pos], space)
		case c == '{':
			lx.pos++
			depth++
			lx.emit(tPunct, "{", space)
		case c == '}':
			if inInterp && depth == 0 {
				lx.pos++
				return
			}
			lx.pos++
			depth--
			lx.emit(tPunct, "}", space)
		default:
			lx.punct(space)
		}
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || (c >= '0' && c <= '9')
}

func (lx *lexer) ident(space bool) {
	start := lx.pos
	for lx.pos < len(lx.src) && isIdentChar(lx.src[lx.pos]) {
		lx.pos++
	}
	if lx.pos < len(lx.src) && (lx.src[lx.pos] == '?' || lx.src[lx.pos] == '!') && lx.peekAt(1) != '=' {
		lx.pos++
	}
	word := lx.src[start:lx.pos]
	// A label (`key: value`), but not `a ? b : c` nor `A::B`.
	if lx.pos < len(lx.src) && lx.src[lx.pos] == ':' && lx.peekAt(1) != ':' {
		if prev := lx.last(); prev == nil || !(prev.kind == tPunct && prev.text == "?") {
			lx.pos++
			lx.emit(tLabel, word, space)
			return
		}
	}
	prev := lx.last()
	afterDot := prev != nil && prev.kind == tPunct && (prev.text == "." || prev.text == "&.")
	switch {
	case keywords[word] && !afterDot:
		lx.emit(tKeyword, word, space)
	case word[0] >= 'A' && word[0] <= 'Z':
		lx.emit(tConst, word, space)
	default:
		lx.emit(tIdent, word, space)
	}
}

func (lx *lexer) colon(space bool) {
	next := lx.peekAt(1)
	switch {
	case next == ':':
		lx.pos += 2
		lx.emit(tPunct, "::", space)
	case next == '"' || next == '\'':
		lx.pos += 2
		v, _ := lx.quoted(next, 0, next == '"')
		lx.emit(tSymbol, v, space)
	case isIdentStart(next):
		lx.pos++
		start := lx.pos
		for lx.pos < len(lx.src) && isIdentChar(lx.src[lx.pos]) {
			lx.pos++
		}
		if lx.pos < len(lx.src) && strings.IndexByte("?!=", lx.src[lx.pos]) >= 0 && lx.peekAt(1) != '>' && lx.peekAt(1) != '=' {
			lx.pos++
		}
		lx.emit(tSymbol, lx.src[start:lx.pos], space)
	default:
		lx.pos++
		lx.emit(tPunct, ":", space)
	}
}

var puncts = []string{
	"**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "&.",
	"**", "==", "!=", ">=", "<=", "&&", "||", "<<", ">>", "=~", "!~", "..", "::", "=>", "->",
	"+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=",
}

func (lx *lexer) punct(space bool) {
	rest := lx.src[lx.pos:]
	for _, p := range puncts {
		if strings.HasPrefix(rest, p) {
			lx.pos += len(p)
			lx.emit(tPunct, p, space)
			return
		}
	}
	lx.pos++
	lx.emit(tPunct, rest[:1], space)
}

func (lx *lexer) emitString(v string, interp bool, space bool) {
	lx.emit(tString, v, space)
	if interp {
		lx.last().aux = "interp"
	}
}

func (lx *lexer) emitRegexp(src string, space bool) {
	start := lx.pos
	for lx.pos < len(lx.src) && strings.IndexByte("mixounse", lx.src[lx.pos]) >= 0 {
		lx.pos++
	}
	lx.emit(tRegexp, src, space)
	lx.last().aux = lx.src[start:lx.pos]
}

// closer is the delimiter that closes open in %-literals.
func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return open
}

// quoted reads a delimited literal whose opening delimiter has been
// consumed, up to the closing one (nesting brackets when open != 0), and
// returns its raw text and whether it interpolates. With interp, `#{...}`
// is skipped as code.
func (lx *lexer) quoted(close byte, open byte, interp bool) (string, bool) {
	var b strings.Builder
	nest := 0
	hadInterp := false
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == '\\' && lx.pos+1 < len(lx.src):
			n := lx.src[lx.pos+1]
			if n == '\n' {
				lx.line++
			}
			if close == '\'' || (open == 0 && close != '/' && !interp) {
				// single-quoted: only \\ and \' are escapes
				if n == close || n == '\\' {
					b.WriteByte(n)
				} else {
					b.WriteByte(c)
					b.WriteByte(n)
				}
			} else if close == '/' && n == '/' {
				b.WriteByte('/')
			} else {
				b.WriteByte(c)
				b.WriteByte(n)
			}
			lx.pos += 2
			continue
		case interp && c == '#' && lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] == '{':
			lx.pos += 2
			hadInterp = true
			saved := len(lx.toks)
			lx.run(true)
			lx.toks = lx.toks[:saved]
			b.WriteString("#{}")
			continue
		case open != 0 && c == open:
			nest++
		case c == close:
			if nest == 0 {
				lx.pos++
				return b.String(), hadInterp
			}
			nest--
		case c == '\n':
			lx.line++
		}
		b.WriteByte(c)
		lx.pos++
	}
	return b.String(), hadInterp
}

// percentLiteral lexes %w[..], %i[..], %q(..), %Q{..}, %r{..}, %(..) and
// friends; it returns false when `%` is not the start of one.
func (lx *lexer) percentLiteral(space bool) bool {
	rest := lx.src[lx.pos:]
	if len(rest) < 2 {
		return false
	}
	kind := byte('Q')
	i := 1
	if strings.IndexByte("qQwWiIrsx", rest[1]) >= 0 && len(rest) > 2 && !isIdentChar(rest[2]) && rest[2] != ' ' {
		kind = rest[1]
		i = 2
	}
	open := rest[i]
	if isIdentChar(open) || open == ' ' || open == '\n' || open == '=' {
		return false
	}
	lx.pos += i + 1
	cl := closer(open)
	nestOpen := byte(0)
	if cl != open {
		nestOpen = open
	}
	interp := kind == 'Q' || kind == 'W' || kind == 'I' || kind == 'r' || kind == 'x'
	v, hadInterp := lx.quoted(cl, nestOpen, interp)
	switch kind {
	case 'r':
		lx.emitRegexp(v, space)
	case 'w', 'W', 'i', 'I':
		lx.emit(tPunct, "[", space)
		for j, w := range strings.Fields(v) {
			if j > 0 {
				lx.emit(tPunct, ",", false)
			}
			if kind == 'i' || kind == 'I' {
				lx.emit(tSymbol, w, true)
			} else {
				lx.emit(tString, w, true)
			}
		}
		lx.emit(tPunct, "]", false)
	case 's':
		lx.emit(tSymbol, v, space)
	default:
		lx.emitString(v, hadInterp, space)
	}
	return true
}

// heredocStart lexes `<<ID`, `<<-ID`, `<<~ID` (ID possibly quoted); the body
// is skipped at the end of the line. It returns false for a shift operator.
func (lx *lexer) heredocStart(space bool) bool {
	rest := lx.src[lx.pos+2:]
	indented := false
	if len(rest) > 0 && (rest[0] == '-' || rest[0] == '~') {
		indented = true
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return false
	}
	var id string
	n := 0
	switch q := rest[0]; {
	case q == '\'' || q == '"' || q == '`':
		end := strings.IndexByte(rest[1:], q)
		if end < 0 {
			return false
		}
		id = rest[1 : 1+end]
		n = end + 2
	case isIdentStart(q):
		for n < len(rest) && isIdentChar(rest[n]) {
			n++
		}
		id = rest[:n]
		if !indented && strings.ToUpper(id) != id {
			return false // `x <<y` reads better as a shift
		}
	default:
		return false
	}
	lx.pos += 2 + (len(lx.src[lx.pos+2:]) - len(rest)) + n
	lx.heredocs = append(lx.heredocs, heredoc{id: id, indented: indented})
	lx.emit(tString, "", space)
	lx.last().aux = "heredoc"
	return true
}

func (lx *lexer) skipHeredocBodies() {
	for _, h := range lx.heredocs {
		for lx.pos < len(lx.src) {
			end := strings.IndexByte(lx.src[lx.pos:], '\n')
			var line string
			if end < 0 {
				line = lx.src[lx.pos:]
				lx.pos = len(lx.src)
			} else {
				line = lx.src[lx.pos : lx.pos+end]
				lx.pos += end + 1
			}
			lx.line++
			if h.indented {
				line = strings.TrimLeft(line, " \t")
			}
			if strings.TrimRight(line, "\r") == h.id {
				break
			}
		}
	}
	lx.heredocs = lx.heredocs[:0]
}

func (lx *lexer) skipEmbeddedDoc() {
	for lx.pos < len(lx.src) {
		end := strings.IndexByte(lx.src[lx.pos:], '\n')
		var line string
		if end < 0 {
			line = lx.src[lx.pos:]
			lx.pos = len(lx.src)
		} else {
			line = lx.src[lx.pos : lx.pos+end]
			lx.pos += end + 1
		}
		lx.line++
		if strings.HasPrefix(line, "=end") {
			return
		}
	}
}
