package erb

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// lexState is a reduced form of Ruby's lexer state: it decides how the
// space-sensitive characters ( [ { - + * & / % : ? :: << are read.
type lexState uint8

const (
	sBeg   lexState = iota // an expression may start
	sEnd                   // after an operand
	sArg                   // after a method name that may take command arguments
	sDot                   // after . &. :: (a method name follows)
	sFname                 // after def
	sMid                   // after return, break, next, rescue: a newline ends the statement
)

// lexError is a syntax error found by the lexer.
type lexError struct {
	off int
	msg string
}

func (e *lexError) Error() string { return e.msg }

// lexer reads Ruby tokens from a program on demand; the parser tells it
// which identifiers are local variables (which changes how what follows is
// read, as in Ruby).
type lexer struct {
	src     string
	pos     int
	base    int // offset of src in the whole program (for interpolated code)
	state   lexState
	isLocal func(string) bool
	parens  []bool // open parentheses: true for a call's argument list
	lastRP  bool   // the last token closed a call's argument list
	err     *lexError
	// ruby is set for Ruby source files (ParseRuby): here documents and
	// __END__ are read; templates keep refusing them.
	ruby bool
	// hdResume is where reading goes on after the newline that ends a
	// line holding here document starts (after their bodies); 0: none.
	hdResume int
	heredocs map[int]heredocRead
}

func newLexer(src string, base int, isLocal func(string) bool) *lexer {
	return &lexer{src: src, base: base, isLocal: isLocal}
}

func (l *lexer) fail(off int, format string, args ...any) token {
	if l.err == nil {
		l.err = &lexError{off: l.base + off, msg: fmt.Sprintf(format, args...)}
	}
	l.pos = len(l.src)
	return token{kind: tEOF, off: l.base + off, end: l.base + off}
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r' }

func (l *lexer) peekByte(i int) byte {
	if l.pos+i < len(l.src) {
		return l.src[l.pos+i]
	}
	return 0
}

// next returns the next token.
func (l *lexer) next() token {
	t := l.scan()
	t.off += l.base
	t.end = l.pos + l.base
	l.lastRP = t.kind == tOp && t.s == ")" && l.lastRP
	return t
}

func (l *lexer) scan() token {
	space := false
	for {
		if l.pos >= len(l.src) {
			return token{kind: tEOF, off: len(l.src), space: space}
		}
		c := l.src[l.pos]
		switch {
		case isSpace(c):
			l.pos++
			space = true
			continue
		case c == '\\' && l.peekByte(1) == '\n':
			l.pos += 2
			space = true
			continue
		case c == '\\' && l.peekByte(1) == '\r' && l.peekByte(2) == '\n':
			l.pos += 3
			space = true
			continue
		case c == '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
			continue
		case c == '\n':
			start := l.pos
			l.pos++
			if l.hdResume > l.pos {
				l.pos = l.hdResume
				l.hdResume = 0
			}
			if l.ruby && l.atLineStart("__END__") {
				l.pos = len(l.src)
			}
			if l.atLineStart("=begin") {
				if !l.skipBlockComment() {
					return l.fail(l.pos, "embedded document meets end of file")
				}
			}
			if l.state == sBeg || l.state == sDot || l.state == sFname {
				space = true
				continue
			}
			if l.continuesWithDot() {
				space = true
				continue
			}
			l.state = sBeg
			return token{kind: tNL, s: "\n", off: start, space: space}
		}
		if l.pos == 0 && l.atLineStart("=begin") {
			if !l.skipBlockComment() {
				return l.fail(l.pos, "embedded document meets end of file")
			}
			continue
		}
		return l.token(space)
	}
}

func (l *lexer) atLineStart(word string) bool {
	if !strings.HasPrefix(l.src[l.pos:], word) {
		return false
	}
	e := l.pos + len(word)
	return e == len(l.src) || isSpace(l.src[e]) || l.src[e] == '\n'
}

func (l *lexer) skipBlockComment() bool {
	for {
		i := strings.Index(l.src[l.pos:], "\n=end")
		if i < 0 {
			return false
		}
		l.pos += i + 1
		if l.atLineStart("=end") {
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
			return true
		}
	}
}

// continuesWithDot reports whether the next line that is not blank or a
// comment starts with .method or &.method (a continued call chain).
func (l *lexer) continuesWithDot() bool {
	p := l.pos
	for p < len(l.src) {
		c := l.src[p]
		switch {
		case isSpace(c) || c == '\n':
			p++
		case c == '#':
			for p < len(l.src) && l.src[p] != '\n' {
				p++
			}
		case c == '.':
			return p+1 < len(l.src) && l.src[p+1] != '.'
		case c == '&':
			return p+1 < len(l.src) && l.src[p+1] == '.'
		default:
			return false
		}
	}
	return false
}

// ambiguous reports whether a space-sensitive character after a method
// name starts a command argument: "foo -1", "foo [1]", "foo /re/".
func (l *lexer) ambiguous(space bool, width int) bool {
	if l.state != sArg || !space {
		return false
	}
	n := l.peekByte(width)
	return n != ' ' && n != '\t' && n != '\n' && n != '\r' && n != 0
}

func (l *lexer) op(s string, off int, space bool, st lexState) token {
	l.pos = off + len(opText(s))
	l.state = st
	return token{kind: tOp, s: s, off: off, space: space}
}

// dotOperators are operator method names that may follow a "." (x.+(1)).
var dotOperators = []string{"[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "<<", ">>", "<=", ">=", "**", "+@", "-@", "+", "-", "*", "/", "%", "<", ">", "!", "&", "|", "^", "~"}

func (l *lexer) token(space bool) token {
	start := l.pos
	c := l.src[l.pos]
	if l.state == sDot && !isIdentStart(c) {
		for _, op := range dotOperators {
			if strings.HasPrefix(l.src[l.pos:], op) {
				return l.methodName(op, start, space)
			}
		}
	}
	if l.state == sMid {
		l.state = sBeg
	}
	beg := l.state == sBeg
	switch {
	case isDigit(c):
		return l.number(space)
	case c == '@':
		return l.ivar(space)
	case c == '$':
		return l.gvar(space)
	case isIdentStart(c):
		return l.ident(space)
	case c == '"':
		l.pos++
		parts, ok := l.stringBody('"', 0, true)
		if !ok {
			return l.fail(start, "unterminated string meets end of file")
		}
		return l.literal(tString, parts, start, space)
	case c == '\'':
		l.pos++
		parts, ok := l.stringBody('\'', 0, false)
		if !ok {
			return l.fail(start, "unterminated string meets end of file")
		}
		return l.literal(tString, parts, start, space)
	case c == '`':
		if l.ruby {
			// Kernel#` of the interpolated text
			l.pos++
			parts, ok := l.stringBody('`', 0, true)
			if !ok {
				return l.fail(start, "unterminated command meets end of file")
			}
			return l.literal(tXString, parts, start, space)
		}
		return l.fail(start, "command execution (`...`) is not supported in templates")
	}
	two := ""
	if l.pos+1 < len(l.src) {
		two = l.src[l.pos : l.pos+2]
	}
	three := ""
	if l.pos+2 < len(l.src) {
		three = l.src[l.pos : l.pos+3]
	}
	switch c {
	case ';':
		l.pos++
		l.state = sBeg
		return token{kind: tNL, s: ";", off: start, space: space}
	case ',':
		return l.op(",", start, space, sBeg)
	case '(':
		kind := "("
		if !beg && !space && (l.state == sArg || l.state == sEnd && l.lastWasCallable()) {
			kind = "(call"
		} else if l.state == sArg && space {
			kind = "(arg"
		}
		l.parens = append(l.parens, kind == "(call")
		return l.op(kind, start, space, sBeg)
	case ')':
		call := false
		if n := len(l.parens); n > 0 {
			call = l.parens[n-1]
			l.parens = l.parens[:n-1]
		}
		t := l.op(")", start, space, sEnd)
		l.lastRP = call
		return t
	case '[':
		if beg || l.ambiguous(space, 1) || l.state == sArg && space {
			return l.op("[lit", start, space, sBeg)
		}
		if l.state == sDot {
			if three == "[]=" {
				return l.methodName("[]=", start, space)
			}
			if two == "[]" {
				return l.methodName("[]", start, space)
			}
		}
		return l.op("[", start, space, sBeg)
	case ']':
		return l.op("]", start, space, sEnd)
	case '{':
		if l.state == sArg || l.state == sEnd && l.lastRP {
			return l.op("{blk", start, space, sBeg)
		}
		return l.op("{lit", start, space, sBeg)
	case '}':
		return l.op("}", start, space, sEnd)
	case '.':
		if three == "..." {
			return l.op("...", start, space, sBeg)
		}
		if two == ".." {
			return l.op("..", start, space, sBeg)
		}
		if l.pos+1 < len(l.src) && isDigit(l.src[l.pos+1]) {
			return l.fail(start, "no .<digit> floating literal anymore; put 0 before dot")
		}
		return l.op(".", start, space, sDot)
	case '&':
		switch {
		case three == "&&=":
			return l.op("&&=", start, space, sBeg)
		case two == "&&":
			return l.op("&&", start, space, sBeg)
		case two == "&.":
			return l.op("&.", start, space, sDot)
		case two == "&=":
			return l.op("&=", start, space, sBeg)
		case beg || l.ambiguous(space, 1):
			return l.op("&@", start, space, sBeg)
		}
		return l.op("&", start, space, sBeg)
	case '|':
		switch {
		case three == "||=":
			return l.op("||=", start, space, sBeg)
		case two == "||":
			if beg {
				// "||" opening an empty block parameter list
				return l.op("|", start, space, sBeg)
			}
			return l.op("||", start, space, sBeg)
		case two == "|=":
			return l.op("|=", start, space, sBeg)
		}
		return l.op("|", start, space, sBeg)
	case '*':
		switch {
		case three == "**=":
			return l.op("**=", start, space, sBeg)
		case two == "**":
			if beg || l.ambiguous(space, 2) {
				return l.op("**@", start, space, sBeg)
			}
			return l.op("**", start, space, sBeg)
		case two == "*=":
			return l.op("*=", start, space, sBeg)
		case beg || l.ambiguous(space, 1):
			return l.op("*@", start, space, sBeg)
		}
		return l.op("*", start, space, sBeg)
	case '+', '-':
		s := string(c)
		switch {
		case two == s+"=":
			return l.op(s+"=", start, space, sBeg)
		case c == '-' && two == "->" && l.ruby:
			return l.op("->", start, space, sBeg)
		case c == '-' && two == "->":
			return l.fail(start, "lambdas (->) are not supported in templates")
		case beg || l.ambiguous(space, 1):
			return l.op(s+"@", start, space, sBeg)
		}
		return l.op(s, start, space, sBeg)
	case '/':
		if beg || l.ambiguous(space, 1) {
			l.pos++
			parts, ok := l.stringBodyNest('/', 0, mRegexp)
			if !ok {
				return l.fail(start, "unterminated regexp meets end of file")
			}
			t := l.literal(tRegexp, parts, start, space)
			t.flags = l.regexpFlags()
			return t
		}
		if two == "/=" {
			return l.op("/=", start, space, sBeg)
		}
		return l.op("/", start, space, sBeg)
	case '%':
		if beg || l.ambiguous(space, 1) {
			if t, ok := l.percent(space); ok {
				return t
			}
			if l.err != nil {
				return token{kind: tEOF, off: len(l.src)}
			}
		}
		if two == "%=" {
			return l.op("%=", start, space, sBeg)
		}
		return l.op("%", start, space, sBeg)
	case '<':
		switch {
		case three == "<=>":
			return l.op("<=>", start, space, sBeg)
		case three == "<<=":
			return l.op("<<=", start, space, sBeg)
		case two == "<<":
			if (beg || l.ambiguous(space, 2)) && l.pos+2 < len(l.src) {
				n := l.src[l.pos+2]
				if n == '~' || n == '-' || n == '"' || n == '\'' || isIdentStart(n) {
					if l.ruby {
						if t, ok := l.heredoc(start, space); ok {
							return t
						}
						if l.err != nil {
							return token{kind: tEOF, off: len(l.src)}
						}
						return l.op("<<", start, space, sBeg)
					}
					return l.fail(start, "here documents are not supported in templates")
				}
			}
			return l.op("<<", start, space, sBeg)
		case two == "<=":
			return l.op("<=", start, space, sBeg)
		}
		return l.op("<", start, space, sBeg)
	case '>':
		switch {
		case three == ">>=":
			return l.op(">>=", start, space, sBeg)
		case two == ">>":
			return l.op(">>", start, space, sBeg)
		case two == ">=":
			return l.op(">=", start, space, sBeg)
		}
		return l.op(">", start, space, sBeg)
	case '=':
		switch {
		case three == "===":
			return l.op("===", start, space, sBeg)
		case two == "==":
			return l.op("==", start, space, sBeg)
		case two == "=~":
			return l.op("=~", start, space, sBeg)
		case two == "=>":
			return l.op("=>", start, space, sBeg)
		}
		return l.op("=", start, space, sBeg)
	case '!':
		switch {
		case two == "!=":
			return l.op("!=", start, space, sBeg)
		case two == "!~":
			return l.op("!~", start, space, sBeg)
		}
		return l.op("!", start, space, sBeg)
	case '~':
		return l.op("~", start, space, sBeg)
	case '^':
		if two == "^=" {
			return l.op("^=", start, space, sBeg)
		}
		return l.op("^", start, space, sBeg)
	case '?':
		if beg && l.pos+1 < len(l.src) {
			n := l.src[l.pos+1]
			if !isSpace(n) && n != '\n' && (l.pos+2 >= len(l.src) || !isIdentChar(l.src[l.pos+2]) || !isIdentChar(n)) {
				return l.charLiteral(space)
			}
		}
		return l.op("?", start, space, sBeg)
	case ':':
		if two == "::" {
			if beg || l.state == sArg && space {
				return l.op("::@", start, space, sBeg)
			}
			return l.op("::", start, space, sDot)
		}
		if l.state != sEnd && l.pos+1 < len(l.src) {
			n := l.src[l.pos+1]
			switch {
			case n == '"' || n == '\'':
				l.pos += 2
				parts, ok := l.stringBody(n, 0, n == '"')
				if !ok {
					return l.fail(start, "unterminated quoted string meets end of file")
				}
				return l.literal(tDSym, parts, start, space)
			case isIdentStart(n) || n == '@' || n == '$':
				p := l.pos + 1
				for p < len(l.src) && (isIdentChar(l.src[p]) || l.src[p] == '@' || l.src[p] == '$') {
					p++
				}
				if p < len(l.src) && (l.src[p] == '?' || l.src[p] == '!' || l.src[p] == '=') && !(p+1 < len(l.src) && (l.src[p+1] == '=' || l.src[p+1] == '~' || l.src[p+1] == '>')) {
					p++
				}
				name := l.src[l.pos+1 : p]
				l.pos = p
				l.state = sEnd
				return token{kind: tSymbol, s: name, off: start, space: space}
			default:
				for _, op := range []string{"[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "<<", ">>", "<=", ">=", "**", "+@", "-@", "+", "-", "*", "/", "%", "<", ">", "!", "&", "|", "^", "~"} {
					if strings.HasPrefix(l.src[l.pos+1:], op) {
						l.pos += 1 + len(op)
						l.state = sEnd
						return token{kind: tSymbol, s: op, off: start, space: space}
					}
				}
			}
		}
		return l.op(":", start, space, sBeg)
	}
	r, _ := utf8.DecodeRuneInString(l.src[l.pos:])
	return l.fail(start, "Invalid char '%c' in expression", r)
}

// lastWasCallable: after ")" of a call, "(" cannot follow; used only to
// read "foo.bar()" where the state after bar is sArg.
func (l *lexer) lastWasCallable() bool { return false }

func (l *lexer) literal(k tokKind, parts []strPart, start int, space bool) token {
	l.state = sEnd
	return token{kind: k, parts: parts, off: start, space: space}
}

func (l *lexer) methodName(name string, start int, space bool) token {
	l.pos = start + len(name)
	l.state = sArg
	return token{kind: tIdent, s: name, off: start, space: space}
}

func (l *lexer) number(space bool) token {
	start := l.pos
	src := l.src
	p := l.pos
	isFloat := false
	if src[p] == '0' && p+1 < len(src) && strings.IndexByte("xXbBoOdD_01234567", src[p+1]) >= 0 {
		p += 2
		for p < len(src) && (isIdentChar(src[p])) {
			p++
		}
	} else {
		for p < len(src) && (isDigit(src[p]) || src[p] == '_') {
			p++
		}
		if p+1 < len(src) && src[p] == '.' && isDigit(src[p+1]) {
			isFloat = true
			p++
			for p < len(src) && (isDigit(src[p]) || src[p] == '_') {
				p++
			}
		}
		if p < len(src) && (src[p] == 'e' || src[p] == 'E') {
			q := p + 1
			if q < len(src) && (src[q] == '+' || src[q] == '-') {
				q++
			}
			if q < len(src) && isDigit(src[q]) {
				isFloat = true
				p = q
				for p < len(src) && (isDigit(src[p]) || src[p] == '_') {
					p++
				}
			}
		}
		if p < len(src) && isIdentChar(src[p]) {
			return l.fail(start, "trailing '%c' in number", src[p])
		}
	}
	l.pos = p
	l.state = sEnd
	k := tInt
	if isFloat {
		k = tFloat
	}
	return token{kind: k, s: src[start:p], off: start, space: space}
}

func (l *lexer) ivar(space bool) token {
	start := l.pos
	p := l.pos + 1
	if p < len(l.src) && l.src[p] == '@' {
		return l.fail(start, "class variables (@@) are not supported in templates")
	}
	if p >= len(l.src) || !isIdentStart(l.src[p]) {
		return l.fail(start, "'@' without identifiers is not allowed as an instance variable name")
	}
	for p < len(l.src) && isIdentChar(l.src[p]) {
		p++
	}
	l.pos = p
	l.state = sEnd
	return token{kind: tIVar, s: l.src[start+1 : p], off: start, space: space}
}

func (l *lexer) gvar(space bool) token {
	start := l.pos
	p := l.pos + 1
	if p >= len(l.src) {
		return l.fail(start, "'$' without identifiers is not allowed as a global variable name")
	}
	c := l.src[p]
	switch {
	case isDigit(c):
		for p < len(l.src) && isDigit(l.src[p]) {
			p++
		}
		l.pos = p
		l.state = sEnd
		return token{kind: tNthRef, s: l.src[start+1 : p], off: start, space: space}
	case isIdentStart(c):
		for p < len(l.src) && isIdentChar(l.src[p]) {
			p++
		}
	case strings.IndexByte("~*$?!@/\\;,.=:<>\"&`'+0", c) >= 0:
		p++
	case c == '-':
		p += 2
	default:
		return l.fail(start, "'$' without identifiers is not allowed as a global variable name")
	}
	l.pos = p
	l.state = sEnd
	return token{kind: tGVar, s: l.src[start+1 : p], off: start, space: space}
}

func (l *lexer) ident(space bool) token {
	start := l.pos
	p := l.pos
	for p < len(l.src) && isIdentChar(l.src[p]) {
		p++
	}
	if !utf8.ValidString(l.src[start:p]) {
		return l.fail(start, "invalid multibyte char (UTF-8)")
	}
	// foo? and foo! are method names unless followed by = (foo!= x) — but
	// foo?== is not a thing either; Ruby's rule is the same.
	if p < len(l.src) && (l.src[p] == '?' || l.src[p] == '!') && !(p+1 < len(l.src) && l.src[p+1] == '=' && !(p+2 < len(l.src) && (l.src[p+2] == '=' || l.src[p+2] == '~'))) {
		p++
	}
	name := l.src[start:p]
	prev := l.state
	l.pos = p
	// labels: "foo: value" in hashes and argument lists
	if prev != sDot && prev != sEnd && p < len(l.src) && l.src[p] == ':' && !(p+1 < len(l.src) && l.src[p+1] == ':') {
		l.pos = p + 1
		l.state = sBeg
		return token{kind: tLabel, s: name, off: start, space: space}
	}
	if prev == sDot {
		l.state = sArg
		if name[0] >= 'A' && name[0] <= 'Z' && !(p < len(l.src) && l.src[p] == '(') {
			// Foo::Bar
			l.state = sEnd
			return token{kind: tConst, s: name, off: start, space: space}
		}
		return token{kind: tIdent, s: name, off: start, space: space}
	}
	if prev == sFname {
		l.state = sArg
		// def foo= / def foo?
		return token{kind: tIdent, s: name, off: start, space: space}
	}
	if keywords[name] || name == "defined?" {
		switch name {
		case "end", "self", "nil", "true", "false", "__FILE__", "__LINE__", "__ENCODING__", "redo", "retry":
			l.state = sEnd
		case "def":
			l.state = sFname
		case "return", "break", "next", "rescue":
			l.state = sMid
		case "yield", "super":
			// yield(x) and super(x) take arguments as a method call, and
			// as after a method name, "super + 1" adds and "super -1"
			// passes -1 (Ruby's EXPR_ARG)
			l.state = sArg
		default:
			l.state = sBeg
		}
		return token{kind: tKeyword, s: name, off: start, space: space}
	}
	if name[0] >= 'A' && name[0] <= 'Z' {
		l.state = sEnd
		if p < len(l.src) && l.src[p] == '(' {
			l.state = sArg
		}
		return token{kind: tConst, s: name, off: start, space: space}
	}
	if l.isLocal != nil && l.isLocal(name) && !(l.ruby && p < len(l.src) && l.src[p] == '(') {
		l.state = sEnd
	} else {
		l.state = sArg
	}
	return token{kind: tIdent, s: name, off: start, space: space}
}

func (l *lexer) charLiteral(space bool) token {
	start := l.pos
	l.pos++
	c := l.src[l.pos]
	if c == '\\' {
		parts, ok := l.escapeInto(nil)
		if !ok {
			return l.fail(start, "invalid character syntax")
		}
		l.state = sEnd
		return token{kind: tString, parts: []strPart{{lit: parts}}, off: start, space: space}
	}
	_, n := utf8.DecodeRuneInString(l.src[l.pos:])
	l.pos += n
	l.state = sEnd
	return token{kind: tString, parts: []strPart{{lit: l.src[start+1 : l.pos]}}, off: start, space: space}
}

func (l *lexer) regexpFlags() string {
	p := l.pos
	for p < len(l.src) && strings.IndexByte("imxounse", l.src[p]) >= 0 {
		p++
	}
	f := l.src[l.pos:p]
	l.pos = p
	return f
}

func closer(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return c
}

// percent reads %w[] %i[] %q() %Q() %() %r{} literals.
func (l *lexer) percent(space bool) (token, bool) {
	start := l.pos
	p := l.pos + 1
	if p >= len(l.src) {
		return token{}, false
	}
	kind := byte('Q')
	if isIdentChar(l.src[p]) {
		kind = l.src[p]
		p++
	}
	if p >= len(l.src) {
		return token{}, false
	}
	open := l.src[p]
	if isIdentChar(open) || isSpace(open) || open == '\n' {
		return token{}, false
	}
	cl := closer(open)
	nest := byte(0)
	if cl != open {
		nest = open
	}
	l.pos = p + 1
	switch kind {
	case 'Q', 'q':
		mode := mSingle
		if kind == 'Q' {
			mode = mDouble
		}
		parts, ok := l.stringBodyNest(cl, nest, mode)
		if !ok {
			return l.fail(start, "unterminated string meets end of file"), true
		}
		return l.literal(tString, parts, start, space), true
	case 'r':
		parts, ok := l.stringBodyNest(cl, nest, mRegexp)
		if !ok {
			return l.fail(start, "unterminated regexp meets end of file"), true
		}
		t := l.literal(tRegexp, parts, start, space)
		t.flags = l.regexpFlags()
		return t, true
	case 'w', 'W', 'i', 'I':
		mode := mWords
		if kind == 'W' || kind == 'I' {
			mode = mWordsI
		}
		parts, ok := l.stringBodyNest(cl, nest, mode)
		if !ok {
			return l.fail(start, "unterminated list meets end of file"), true
		}
		t := l.literal(tWords, nil, start, space)
		t.words = splitWords(parts)
		if kind == 'i' || kind == 'I' {
			t.flags = "i"
		}
		return t, true
	case 'x':
		if !l.ruby {
			return l.fail(start, "command execution (%%x) is not supported in templates"), true
		}
		parts, ok := l.stringBodyNest(cl, nest, mDouble)
		if !ok {
			return l.fail(start, "unterminated command meets end of file"), true
		}
		return l.literal(tXString, parts, start, space), true
	case 's':
		parts, ok := l.stringBodyNest(cl, nest, mSingle)
		if !ok {
			return l.fail(start, "unterminated quoted string meets end of file"), true
		}
		return l.literal(tDSym, parts, start, space), true
	}
	return l.fail(start, "unknown type of %%string"), true
}

// splitWords splits a %w body at unescaped whitespace. Escaped whitespace
// was turned into a literal by stringBody (marked with a NUL prefix).
func splitWords(parts []strPart) [][]strPart {
	var words [][]strPart
	var cur []strPart
	inWord := false
	for _, p := range parts {
		if p.isCode {
			cur = append(cur, p)
			inWord = true
			continue
		}
		s := p.lit
		var b strings.Builder
		flush := func() {
			if b.Len() > 0 {
				cur = append(cur, strPart{lit: b.String()})
				b.Reset()
			}
		}
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c == 0 && i+1 < len(s) {
				b.WriteByte(s[i+1])
				i++
				inWord = true
				continue
			}
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
				flush()
				if inWord {
					words = append(words, cur)
					cur = nil
					inWord = false
				}
				continue
			}
			b.WriteByte(c)
			inWord = true
		}
		flush()
	}
	if inWord {
		words = append(words, cur)
	}
	return words
}

// strMode selects the rules of a string-like literal body.
type strMode uint8

const (
	mSingle strMode = iota // '...', %q: only \\ and \<term> are escapes
	mDouble                // "...", %Q: escapes and interpolation
	mRegexp                // /.../, %r: escapes kept for the regexp engine
	mWords                 // %w: like mSingle, escaped blanks do not split
	mWordsI                // %W: like mDouble, escaped blanks do not split
)

func (l *lexer) stringBody(term, nest byte, interp bool) ([]strPart, bool) {
	if interp {
		return l.stringBodyNest(term, nest, mDouble)
	}
	return l.stringBodyNest(term, nest, mSingle)
}

// stringBodyNest reads a string body up to its terminator.
func (l *lexer) stringBodyNest(term, nest byte, mode strMode) ([]strPart, bool) {
	var parts []strPart
	var b strings.Builder
	depth := 0
	regexp := mode == mRegexp
	words := mode == mWords || mode == mWordsI
	interp := mode == mDouble || mode == mRegexp || mode == mWordsI
	for {
		if l.pos >= len(l.src) {
			return nil, false
		}
		c := l.src[l.pos]
		switch {
		case c == term && depth == 0:
			l.pos++
			if b.Len() > 0 || len(parts) == 0 {
				parts = append(parts, strPart{lit: b.String()})
			}
			return parts, true
		case nest != 0 && c == nest:
			depth++
			b.WriteByte(c)
			l.pos++
		case nest != 0 && c == term:
			depth--
			b.WriteByte(c)
			l.pos++
		case c == '\\':
			if l.pos+1 >= len(l.src) {
				return nil, false
			}
			n := l.src[l.pos+1]
			switch {
			case regexp:
				// keep escapes for the regexp engine, except an escaped
				// terminator, which is the plain character
				if n == term && term == '/' {
					b.WriteByte(n)
				} else if n == '\n' {
					// line continuation
				} else {
					b.WriteByte('\\')
					b.WriteByte(n)
				}
				l.pos += 2
			case words && (n == ' ' || n == '\t' || n == '\n'):
				b.WriteByte(0)
				b.WriteByte(n)
				l.pos += 2
			case mode == mSingle || mode == mWords:
				if n == '\\' || n == term || nest != 0 && n == nest {
					b.WriteByte(n)
				} else {
					b.WriteByte('\\')
					b.WriteByte(n)
				}
				l.pos += 2
			default:
				s, ok := l.escapeInto(nil)
				if !ok {
					return nil, false
				}
				b.WriteString(s)
			}
		case interp && c == '#' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '{':
			if b.Len() > 0 {
				parts = append(parts, strPart{lit: b.String()})
				b.Reset()
			}
			codeStart := l.pos + 2
			end, ok := l.findInterpEnd(codeStart)
			if !ok {
				return nil, false
			}
			parts = append(parts, strPart{code: l.src[codeStart:end], off: l.base + codeStart, isCode: true})
			l.pos = end + 1
		case interp && c == '#' && l.pos+1 < len(l.src) && (l.src[l.pos+1] == '@' || l.src[l.pos+1] == '$') && l.pos+2 < len(l.src) && (isIdentStart(l.src[l.pos+2]) || l.src[l.pos+1] == '$' && isDigit(l.src[l.pos+2])):
			if b.Len() > 0 {
				parts = append(parts, strPart{lit: b.String()})
				b.Reset()
			}
			p := l.pos + 2
			for p < len(l.src) && isIdentChar(l.src[p]) {
				p++
			}
			parts = append(parts, strPart{code: l.src[l.pos+1 : p], off: l.base + l.pos + 1, isCode: true})
			l.pos = p
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
}

// findInterpEnd finds the "}" that closes an interpolation starting at pos.
func (l *lexer) findInterpEnd(pos int) (int, bool) {
	sub := newLexer(l.src[:], 0, l.isLocal)
	sub.pos = pos
	depth := 0
	for {
		t := sub.scan()
		if sub.err != nil {
			l.err = &lexError{off: l.base + sub.err.off, msg: sub.err.msg}
			return 0, false
		}
		switch {
		case t.kind == tEOF:
			return 0, false
		case t.kind == tOp && (t.s == "{blk" || t.s == "{lit"):
			depth++
		case t.kind == tOp && t.s == "}":
			if depth == 0 {
				return t.off, true
			}
			depth--
		}
	}
}

// escapeInto reads one backslash escape of a double-quoted string at l.pos.
func (l *lexer) escapeInto(_ []byte) (string, bool) {
	src := l.src
	p := l.pos + 1
	if p >= len(src) {
		return "", false
	}
	c := src[p]
	p++
	out := ""
	switch c {
	case 'n':
		out = "\n"
	case 't':
		out = "\t"
	case 'r':
		out = "\r"
	case 'f':
		out = "\f"
	case 'v':
		out = "\v"
	case 'a':
		out = "\a"
	case 'b':
		out = "\b"
	case 'e':
		out = "\x1b"
	case 's':
		out = " "
	case '\n':
		out = ""
	case 'x':
		n, v := 0, 0
		for n < 2 && p < len(src) && isHex(src[p]) {
			v = v*16 + hexVal(src[p])
			p++
			n++
		}
		if n == 0 {
			return "", false
		}
		out = string([]byte{byte(v)})
	case 'u':
		if p < len(src) && src[p] == '{' {
			end := strings.IndexByte(src[p:], '}')
			if end < 0 {
				return "", false
			}
			var b strings.Builder
			for _, h := range strings.Fields(src[p+1 : p+end]) {
				v := 0
				for i := 0; i < len(h); i++ {
					if !isHex(h[i]) {
						return "", false
					}
					v = v*16 + hexVal(h[i])
				}
				b.WriteRune(rune(v))
			}
			p += end + 1
			out = b.String()
		} else {
			v := 0
			for i := 0; i < 4; i++ {
				if p >= len(src) || !isHex(src[p]) {
					return "", false
				}
				v = v*16 + hexVal(src[p])
				p++
			}
			out = string(rune(v))
		}
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(c - '0')
		for n := 1; n < 3 && p < len(src) && src[p] >= '0' && src[p] <= '7'; n++ {
			v = v*8 + int(src[p]-'0')
			p++
		}
		out = string([]byte{byte(v)})
	case 'c', 'C', 'M':
		return "", false
	default:
		out = src[p-1 : p]
		if c >= 0x80 {
			_, n := utf8.DecodeRuneInString(src[p-1:])
			out = src[p-1 : p-1+n]
			p += n - 1
		}
	}
	l.pos = p
	return out, true
}

func isHex(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
