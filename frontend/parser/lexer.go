package parser

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/internal/rubyregexp"
)

// token is one lexed token. value is its text (a name, a string's contents,
// a number's digits, a regexp's pattern, a heredoc's syntax); offset and
// length locate it in the file being parsed.
type token struct {
	value  string
	kind   int32
	offset int32
	length int32
}

// Lexing modes of EPP templates.
const (
	eppNone = iota
	eppText
	eppCode // inside <% %>
	eppExpr // inside <%= %>
)

// symbol is what the grammar keeps of a token: its text and span. The
// parser's stack holds one per entry, so it is kept small.
type symbol struct {
	value  string
	offset int32
	length int32
}

// lexer turns Puppet source into tokens exactly as Puppet 7's Lexer2 does:
// the same tokens, values and offsets, the same context-dependent choices
// (regexp or division, LISTSTART or LBRACK, WSLPAREN or LPAREN, SELBRACE) and
// the same errors. A heredoc's text is lexed by a child lexer whose offsets
// are mapped back into the parent's text.
type lexer struct {
	src string
	pos int

	file   *source.File // the file tokens are located in
	parent *lexer       // non-nil for a heredoc's text
	sub    *subLocation // how this lexer's offsets map into the parent's

	cur              token   // the token lexToken produced
	queue            []token // tokens lexed ahead; queue[head:] are pending
	head             int
	after            int32 // kind of the last token handed out
	braceCount       int
	lineLexicalStart int
	newlineJump      int // where the next "\n" jumps to, past heredoc text; -1 if none

	// unquoted-string mode (a heredoc's text)
	escapes   string // escape characters; "\n" stands for the line-break escapes
	uqPattern int

	eppMode    int
	eppOpenPos int // -1 when no EPP tag is open

	// lastMatched emulates StringScanner#matched, which Puppet quotes in its
	// "Unclosed quote after ..." message.
	lastMatched string

	warnings *diag.List
}

// lexError is raised (as a panic, recovered by Parse) for lexical errors.
type lexError struct{ d *diag.Diagnostic }

// rubyRaise is raised (as a panic, recovered by Parse) where Puppet's
// lexer fails with a Ruby error of its own, whose text is each release's
// Ruby's (diag.NoMethodError). Puppet reports it without a position.
type rubyRaise struct{ ds diag.List }

// raiseRuby raises e for every release.
func raiseRuby(e diag.NoMethodError) {
	panic(rubyRaise{e.Diagnostics(diag.Error)})
}

func newLexer(f *source.File, warnings *diag.List) *lexer {
	return &lexer{src: f.Text, file: f, newlineJump: -1, eppOpenPos: -1, warnings: warnings}
}

// ---- position mapping and errors ----

// global maps an offset of this lexer's text to an offset of the file.
func (lx *lexer) global(off int) int {
	if lx.parent == nil {
		return off
	}
	for l := lx; l.parent != nil; l = l.parent {
		off = l.sub.toParent(off)
	}
	return off
}

// subLocatorFailure is how Puppet fails on any lexical error or warning in
// the text of a heredoc (its SubLocator cannot compute a column), and so on
// every heredoc nested in another heredoc's interpolation.
var subLocatorFailure = diag.NoMethodError{Method: "+", Receiver: "nil", Class: "NilClass",
	Source: "      offset_on_line(offset) +1", Caret: "                             ^"}

// errorAt raises a lexical error located at offset off of this lexer's text.
func (lx *lexer) errorAt(off int, code, msg string) {
	if lx.parent != nil {
		raiseRuby(subLocatorFailure)
	}
	d := &diag.Diagnostic{Severity: diag.Error, Code: code, Message: msg}
	panic(lexError{d.At(lx.file, lx.global(off))})
}

func (lx *lexer) error(code, msg string) { lx.errorAt(lx.pos, code, msg) }

// LexWarning reports whether d is a warning of the lexer's, which Puppet
// logs each time it reads the file (lex_warning), not as validation does.
func LexWarning(d *diag.Diagnostic) bool {
	return d.Code == "UNRECOGNIZED_ESCAPE" || d.Code == "ILLEGAL_UNICODE_ESCAPE"
}

func (lx *lexer) warningAt(off int, code, msg string) {
	if lx.parent != nil {
		raiseRuby(subLocatorFailure)
	}
	if lx.warnings == nil {
		return
	}
	d := &diag.Diagnostic{Severity: diag.Warning, Code: code, Message: msg}
	*lx.warnings = append(*lx.warnings, d.At(lx.file, lx.global(off)))
}

// followedBy is Puppet's "followed by" excerpt: the next 5 characters.
func (lx *lexer) followedBy() string {
	if lx.pos >= len(lx.src) {
		return "<eof>"
	}
	rest := lx.src[lx.pos:]
	n := 0
	for i := range rest {
		if n == 5 {
			rest = rest[:i]
			break
		}
		n++
	}
	r := strings.NewReplacer("\t", `\t`, "\n", `\n`, "\r", `\r`)
	return r.Replace(rest) + "..."
}

// ---- token emission ----

// emit makes the current token at off and moves the scanner past it.
func (lx *lexer) emit(kind int32, value string, off, length int) bool {
	lx.pos = off + length
	lx.cur = lx.completed(kind, value, off, length)
	return true
}

// produce makes t the current token.
func (lx *lexer) produce(t token) bool {
	lx.cur = t
	return true
}

// completed makes a token without moving the scanner.
func (lx *lexer) completed(kind int32, value string, off, length int) token {
	return token{kind: kind, value: value, offset: int32(lx.global(off)), length: int32(length)}
}

func (lx *lexer) enqueueCompleted(kind int32, value string, off, length int) {
	lx.queue = append(lx.queue, lx.completed(kind, value, off, length))
}

// popFront takes the first pending token off the queue.
func (lx *lexer) popFront() token {
	t := lx.queue[lx.head]
	lx.head++
	if lx.head == len(lx.queue) {
		lx.queue, lx.head = lx.queue[:0], 0
	}
	return t
}

// next makes lx.cur the next token for the parser; kind 0 is the end of input.
func (lx *lexer) next() {
	for {
		if lx.head < len(lx.queue) {
			lx.cur = lx.popFront()
			lx.after = lx.cur.kind
			return
		}
		if lx.pos >= len(lx.src) {
			if lx.eppMode != eppNone && lx.eppOpenPos >= 0 {
				// Puppet reports this at the end of input.
				lx.error("EPP_UNBALANCED_TAG", "Unbalanced epp tag, reached <eof> without closing tag.")
			}
			lx.cur = token{kind: 0, offset: int32(lx.global(len(lx.src)))}
			return
		}
		if lx.lexToken() {
			lx.after = lx.cur.kind
			return
		}
	}
}

// ---- character classes (Ruby's, for UTF-8 text) ----

// Character classes, as a table: the scanning loops test one byte at a time.
const (
	classWord  = 1 << iota // Ruby's \w: ASCII letters, digits and underscore
	classDigit             // 0-9
	classHex               // 0-9, a-f, A-F
	classLower             // a-z
	classUpper             // A-Z
)

var charClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= 'a' && c <= 'z':
			t[c] = classWord | classLower
		case c >= 'A' && c <= 'Z':
			t[c] = classWord | classUpper
		case c >= '0' && c <= '9':
			t[c] = classWord | classDigit | classHex
		case c == '_':
			t[c] = classWord
		}
		if c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' {
			t[c] |= classHex
		}
	}
	return t
}()

func isWord(c byte) bool  { return charClass[c]&classWord != 0 }
func isDigit(c byte) bool { return charClass[c]&classDigit != 0 }
func isHex(c byte) bool   { return charClass[c]&classHex != 0 }
func isLower(c byte) bool { return charClass[c]&classLower != 0 }
func isUpper(c byte) bool { return charClass[c]&classUpper != 0 }

// blankAt reports the byte size of a Ruby [[:blank:]] or "\r" at i (space,
// tab, carriage return or a Unicode space separator), or 0.
func blankAt(s string, i int) int {
	c := s[i]
	if c == ' ' || c == '\t' || c == '\r' {
		return 1
	}
	if c < utf8.RuneSelf {
		return 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if unicode.Is(unicode.Zs, r) {
		return n
	}
	return 0
}

// isBlankOnly reports whether s consists of [[:blank:]] and "\r" only.
func isBlankOnly(s string) bool {
	for i := 0; i < len(s); {
		n := blankAt(s, i)
		if n == 0 {
			return false
		}
		i += n
	}
	return true
}

// skipWS skips Puppet's PATTERN_WS ([[:blank:]\r]+) and reports whether it did.
func (lx *lexer) skipWS() bool {
	src := lx.src
	start, i := lx.pos, lx.pos
	for i < len(src) {
		if c := src[i]; c == ' ' || c == '\t' || c == '\r' {
			i++
			continue
		} else if c < utf8.RuneSelf {
			break
		}
		n := blankAt(src, i)
		if n == 0 {
			break
		}
		i += n
	}
	lx.pos = i
	if i > start {
		lx.lastMatched = src[start:i]
		return true
	}
	lx.lastMatched = ""
	return false
}

func (lx *lexer) peekAt(i int) byte {
	if i < len(lx.src) {
		return lx.src[i]
	}
	return 0
}

// ---- the dispatcher ----

// lexToken lexes at the scanner position into lx.cur. It returns false when
// it only skipped something (whitespace, a comment) or enqueued its tokens.
func (lx *lexer) lexToken() bool {
	src, p := lx.src, lx.pos
	c := src[p]
	la1 := lx.peekAt(p + 1)
	switch c {
	case ' ', '\t', '\r':
		lx.skipWS()
		return false
	case '\n':
		if lx.newlineJump >= 0 {
			lx.pos = lx.newlineJump
			lx.newlineJump = -1
		} else {
			lx.pos++
		}
		lx.lineLexicalStart = lx.pos
		// The next line's indentation: what the next call would skip.
		if lx.pos < len(src) && (src[lx.pos] == ' ' || src[lx.pos] == '\t') {
			lx.skipWS()
		}
		return false
	case '#':
		i := strings.IndexByte(src[p:], '\n')
		if i < 0 {
			i = len(src) - p
		}
		lx.lastMatched = src[p : p+i]
		lx.pos = p + i
		return false
	case '.':
		return lx.emit(DOT, ".", p, 1)
	case ',':
		return lx.emit(COMMA, ",", p, 1)
	case '[':
		if p == 0 || src[p-1] == '\n' || blankAt(src, prevRuneStart(src, p)) > 0 {
			return lx.emit(LISTSTART, "[", p, 1)
		}
		return lx.emit(LBRACK, "[", p, 1)
	case ']':
		return lx.emit(RBRACK, "]", p, 1)
	case '(':
		if p == lx.lineLexicalStart || isBlankOnly(src[lx.lineLexicalStart:p]) {
			return lx.emit(WSLPAREN, "(", p, 1)
		}
		return lx.emit(LPAREN, "(", p, 1)
	case ')':
		return lx.emit(RPAREN, ")", p, 1)
	case ';':
		return lx.emit(SEMIC, ";", p, 1)
	case '?':
		return lx.emit(QMARK, "?", p, 1)
	case '*':
		return lx.emit(TIMES, "*", p, 1)
	case '%':
		if la1 == '>' && lx.eppMode != eppNone {
			lx.pos = p + 2
			if lx.eppMode == eppExpr {
				lx.enqueueCompleted(EPP_END, "%>", p, 2)
			}
			lx.eppMode = eppText
			lx.interpolateEpp(false)
			return false
		}
		return lx.emit(MODULO, "%", p, 1)
	case '{':
		lx.braceCount++
		if lx.after == QMARK {
			return lx.emit(SELBRACE, "{", p, 1)
		}
		return lx.emit(LBRACE, "{", p, 1)
	case '}':
		lx.braceCount--
		return lx.emit(RBRACE, "}", p, 1)
	case '@':
		switch la1 {
		case '@':
			return lx.emit(ATAT, "@@", p, 2)
		case '(':
			lx.heredoc()
			return false
		}
		return lx.emit(AT, "@", p, 1)
	case '|':
		if la1 == '>' {
			if lx.peekAt(p+2) == '>' {
				return lx.emit(RRCOLLECT, "|>>", p, 3)
			}
			return lx.emit(RCOLLECT, "|>", p, 2)
		}
		return lx.emit(PIPE, "|", p, 1)
	case '=':
		switch la1 {
		case '=':
			return lx.emit(ISEQUAL, "==", p, 2)
		case '>':
			return lx.emit(FARROW, "=>", p, 2)
		case '~':
			return lx.emit(MATCH, "=~", p, 2)
		}
		return lx.emit(EQUALS, "=", p, 1)
	case '+':
		switch la1 {
		case '=':
			return lx.emit(APPENDS, "+=", p, 2)
		case '>':
			return lx.emit(PARROW, "+>", p, 2)
		}
		return lx.emit(PLUS, "+", p, 1)
	case '-':
		if lx.eppMode != eppNone && la1 == '%' && lx.peekAt(p+2) == '>' {
			lx.pos = p + 3
			if lx.eppMode == eppExpr {
				lx.enqueueCompleted(EPP_END_TRIM, "-%>", p, 3)
			}
			lx.interpolateEpp(true)
			return false
		}
		switch la1 {
		case '>':
			return lx.emit(IN_EDGE, "->", p, 2)
		case '=':
			return lx.emit(DELETES, "-=", p, 2)
		}
		return lx.emit(MINUS, "-", p, 1)
	case '!':
		switch la1 {
		case '=':
			return lx.emit(NOTEQUAL, "!=", p, 2)
		case '~':
			return lx.emit(NOMATCH, "!~", p, 2)
		}
		return lx.emit(NOT, "!", p, 1)
	case '~':
		if la1 == '>' {
			return lx.emit(IN_EDGE_SUB, "~>", p, 2)
		}
		return lx.emit(TILDE, "~", p, 1)
	case '/':
		return lx.slash()
	case '<':
		switch la1 {
		case '<':
			if lx.peekAt(p+2) == '|' {
				return lx.emit(LLCOLLECT, "<<|", p, 3)
			}
			return lx.emit(LSHIFT, "<<", p, 2)
		case '=':
			return lx.emit(LESSEQUAL, "<=", p, 2)
		case '|':
			return lx.emit(LCOLLECT, "<|", p, 2)
		case '-':
			return lx.emit(OUT_EDGE, "<-", p, 2)
		case '~':
			return lx.emit(OUT_EDGE_SUB, "<~", p, 2)
		}
		return lx.emit(LESSTHAN, "<", p, 1)
	case '>':
		switch la1 {
		case '>':
			return lx.emit(RSHIFT, ">>", p, 2)
		case '=':
			return lx.emit(GREATEREQUAL, ">=", p, 2)
		}
		return lx.emit(GREATERTHAN, ">", p, 1)
	case ':':
		return lx.colon()
	case '$':
		if n := dollarVarLen(src, p+1); n > 0 {
			lx.pos = p + 1 + n
			lx.lastMatched = src[p:lx.pos]
			return lx.produce(lx.completed(VARIABLE, src[p+1:lx.pos], p, n+1))
		}
		lx.lastMatched = ""
		return lx.emit(VARIABLE, "", p, 1)
	case '"':
		return lx.produce(lx.interpolateDQ())
	case '\'':
		return lx.produce(lx.singleQuoted())
	}
	switch {
	case isDigit(c):
		return lx.number()
	case c >= 'a' && c <= 'z' || c == '_':
		return lx.name()
	case c >= 'A' && c <= 'Z':
		n := classRefLen(src, p)
		lx.pos = p + n
		lx.lastMatched = src[p:lx.pos]
		if strings.HasPrefix(src[lx.pos:], "::") {
			lx.pos++
			lx.error("ILLEGAL_CLASS_REFERENCE", "Illegal class reference")
		}
		return lx.produce(lx.completed(CLASSREF, src[p:p+n], p, n))
	}
	if lx.skipWS() { // Unicode space separators
		return false
	}
	// An unrecognized character. Puppet's token text is empty here (it takes
	// peek(0)), which is what its syntax error then quotes.
	return lx.emit(OTHER, "", p, 1)
}

// prevRuneStart returns the start of the character that ends at i.
func prevRuneStart(s string, i int) int {
	_, n := utf8.DecodeLastRuneInString(s[:i])
	return i - n
}

// ---- names, references, variables ----

// bareWordLen matches Puppet's PATTERN_BARE_WORD at i:
// ((?:::){0,1}(?:[a-z_](?:[\w-]*[\w])?))+
func bareWordLen(s string, i int) int {
	start := i
	end := -1
	for {
		j := i
		if strings.HasPrefix(s[j:], "::") {
			j += 2
		}
		if j >= len(s) || !(isLower(s[j]) || s[j] == '_') {
			break
		}
		j++
		last := j // end of the segment's last \w
		for j < len(s) && (isWord(s[j]) || s[j] == '-') {
			j++
			if s[j-1] != '-' {
				last = j
			}
		}
		i = last
		end = last
	}
	if end < 0 {
		return 0
	}
	return end - start
}

// isName matches Puppet's PATTERN_NAME: ^((::)?[a-z]\w*)(::[a-z]\w*)*$
func isName(v string) bool {
	if strings.HasPrefix(v, "::") {
		v = v[2:]
	}
	for {
		if v == "" || !isLower(v[0]) {
			return false
		}
		i := 1
		for i < len(v) && isWord(v[i]) {
			i++
		}
		v = v[i:]
		if v == "" {
			return true
		}
		if !strings.HasPrefix(v, "::") {
			return false
		}
		v = v[2:]
	}
}

// classRefLen matches Puppet's PATTERN_CLASSREF at i: ((::){0,1}[A-Z][\w]*)+
func classRefLen(s string, i int) int {
	start := i
	end := -1
	for {
		j := i
		if strings.HasPrefix(s[j:], "::") {
			j += 2
		}
		if j >= len(s) || !isUpper(s[j]) {
			break
		}
		j++
		for j < len(s) && isWord(s[j]) {
			j++
		}
		i, end = j, j
	}
	if end < 0 {
		return 0
	}
	return end - start
}

// dollarVarLen matches (::)?(\w+::)*\w+ at i (a variable name after '$').
func dollarVarLen(s string, i int) int {
	start := i
	if strings.HasPrefix(s[i:], "::") {
		i += 2
	}
	end := -1
	for {
		j := i
		for j < len(s) && isWord(s[j]) {
			j++
		}
		if j == i {
			break
		}
		end = j
		if !strings.HasPrefix(s[j:], "::") {
			break
		}
		i = j + 2
	}
	if end < 0 {
		return 0
	}
	return end - start
}

// keyword returns the token kind of a keyword, or NAME.
func keyword(v string) int32 {
	switch v {
	case "case":
		return CASE
	case "class":
		return CLASS
	case "default":
		return DEFAULT
	case "define":
		return DEFINE
	case "if":
		return IF
	case "elsif":
		return ELSIF
	case "else":
		return ELSE
	case "inherits":
		return INHERITS
	case "node":
		return NODE
	case "and":
		return AND
	case "or":
		return OR
	case "undef":
		return UNDEF
	case "false", "true":
		return BOOLEAN
	case "in":
		return IN
	case "unless":
		return UNLESS
	case "function":
		return FUNCTION
	case "type":
		return TYPE
	case "attr":
		return ATTR
	case "private":
		return PRIVATE
	}
	return NAME
}

func (lx *lexer) name() bool {
	p := lx.pos
	n := bareWordLen(lx.src, p)
	v := lx.src[p : p+n]
	lx.pos = p + n
	lx.lastMatched = v
	if !isName(v) {
		return lx.emit(WORD, v, p, n)
	}
	return lx.emit(keyword(v), v, p, n)
}

// colon lexes ':' and the fully qualified '::Name' and '::name' forms.
func (lx *lexer) colon() bool {
	src, p := lx.src, lx.pos
	if lx.peekAt(p+1) != ':' {
		return lx.emit(COLON, ":", p, 1)
	}
	if c := lx.peekAt(p + 2); c >= 'A' && c <= 'Z' {
		n := classRefLen(src, p)
		lx.pos = p + n
		lx.lastMatched = src[p:lx.pos]
		if strings.HasPrefix(src[lx.pos:], "::") {
			lx.pos += 3
			lx.error("ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE", "Illegal fully qualified class reference")
		}
		return lx.produce(lx.completed(CLASSREF, src[p:p+n], p, n))
	}
	n := bareWordLen(src, p)
	if n == 0 {
		lx.lastMatched = ""
		lx.pos = p + 2
		lx.error("ILLEGAL_FULLY_QUALIFIED_NAME", "Illegal fully qualified name")
	}
	v := src[p : p+n]
	lx.pos = p + n
	lx.lastMatched = v
	if isName(v) {
		return lx.produce(lx.completed(NAME, v, p, n))
	}
	return lx.produce(lx.completed(WORD, v, p, n))
}

// ---- comments, regular expressions, division ----

func (lx *lexer) slash() bool {
	src, p := lx.src, lx.pos
	if lx.peekAt(p+1) == '*' {
		i := strings.Index(src[p+2:], "*/")
		if i < 0 {
			lx.lastMatched = ""
			lx.error("UNCLOSED_MLCOMMENT", "Unclosed multiline comment")
		}
		lx.pos = p + 2 + i + 2
		lx.lastMatched = src[p:lx.pos]
		return false
	}
	if lx.regexpAcceptable() {
		if i := strings.IndexByte(src[p+1:], '/'); i >= 0 {
			end := p + 1 + i + 1 // after the closing slash
			for escapedEnd(src[p:end]) {
				j := strings.IndexByte(src[end:], '/')
				if j < 0 {
					lx.lastMatched = ""
					return lx.emit(DIV, "/", p, 1)
				}
				end += j + 1
			}
			lx.pos = end
			lx.lastMatched = src[end-1 : end]
			pattern := strings.ReplaceAll(src[p+1:end-1], `\/`, "/")
			// Puppet compiles the literal with Ruby's Regexp.new here; a bad
			// pattern fails with Ruby's RegexpError, which has no position.
			if err := checkRegexp(pattern); err != nil {
				panic(lexError{internalError(err.Error())})
			}
			return lx.produce(lx.completed(REGEX, pattern, p, end-p))
		}
	}
	return lx.emit(DIV, "/", p, 1)
}

// regexpChecks caches Ruby's verdict on each regexp literal: code bases
// repeat the same patterns, and checking one takes microseconds.
var regexpChecks sync.Map // pattern -> error (nil if valid)

func checkRegexp(pattern string) error {
	if v, ok := regexpChecks.Load(pattern); ok {
		err, _ := v.(error)
		return err
	}
	err := rubyregexp.Check(pattern)
	regexpChecks.Store(pattern, err)
	return err
}

// escapedEnd reports whether the regexp text /.../ ends with an escaped slash.
func escapedEnd(v string) bool {
	if !strings.HasSuffix(v, `\/`) {
		return false
	}
	escaped := false
	for i := 1; i < len(v)-1; i++ {
		if v[i] == '\\' {
			escaped = !escaped
		} else {
			escaped = false
		}
	}
	return escaped
}

// regexpAcceptable reports whether a '/' here starts a regexp rather than a
// division: after anything that can end an operand, it is a division.
func (lx *lexer) regexpAcceptable() bool {
	switch lx.after {
	case RPAREN, RBRACK, RRCOLLECT, RCOLLECT:
		return false
	case NAME, CLASSREF, NUMBER, STRING, BOOLEAN, DQPRE, DQMID, DQPOST, HEREDOC, REGEX, VARIABLE, WORD:
		return false
	}
	return true
}
