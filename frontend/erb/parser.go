package erb

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// parseError is a syntax error or an unsupported construct at an offset of
// the program.
type parseError struct {
	off         int
	msg         string
	unsupported bool
}

func (e *parseError) Error() string { return e.msg }

type bailout struct{}

// varScope is a local variable scope: the template's top level, a def body,
// or a block (which sees its parent's variables).
type varScope struct {
	vars   map[string]bool
	parent *varScope // for blocks
}

type parser struct {
	prog   string
	lex    *lexer
	tok    token
	prev   token
	scope  *varScope
	err    *parseError
	noDo   int // >0 while parsing command arguments or a loop condition
	inDef  int
	sawEnd bool // the program's final _erbout was seen
	// ruby is set for a Ruby source file (ParseRuby): the constructs of
	// ruby.go are read, and there is no ERB output buffer.
	ruby bool
}

func (p *parser) isLocal(name string) bool {
	for s := p.scope; s != nil; s = s.parent {
		if s.vars[name] {
			return true
		}
	}
	return false
}

func (p *parser) declare(name string) { p.scope.vars[name] = true }

func (p *parser) pushScope(block bool) {
	s := &varScope{vars: map[string]bool{}}
	if block {
		s.parent = p.scope
	}
	p.scope = s
}

func (p *parser) popScope(old *varScope) { p.scope = old }

// fail stops parsing with a syntax error.
func (p *parser) fail(off int, format string, args ...any) {
	if p.err == nil {
		p.err = &parseError{off: off, msg: fmt.Sprintf(format, args...)}
	}
	panic(bailout{})
}

// unsupported stops parsing at a construct pp2go does not translate.
func (p *parser) unsupported(off int, format string, args ...any) {
	if p.err == nil {
		p.err = &parseError{off: off, msg: fmt.Sprintf(format, args...), unsupported: true}
	}
	panic(bailout{})
}

func (p *parser) advance() {
	p.prev = p.tok
	p.tok = p.lex.next()
	p.lexError()
}

// lexError stops parsing at an error the lexer found.
func (p *parser) lexError() {
	if p.lex.err != nil {
		e := p.lex.err
		if strings.Contains(e.msg, "not supported") {
			p.unsupported(e.off, "%s", e.msg)
		}
		p.fail(e.off, "%s", e.msg)
	}
}

// relex reads the current token again (after new local variables were
// declared, which changes how what follows a name is read).
func (p *parser) relex(st lexState) {
	if p.tok.kind == tOp && (p.tok.s == "(" || p.tok.s == "(call" || p.tok.s == "(arg") && len(p.lex.parens) > 0 {
		p.lex.parens = p.lex.parens[:len(p.lex.parens)-1]
	}
	p.lex.pos = p.tok.off - p.lex.base
	p.lex.state = st
	p.tok = p.lex.next()
	p.lexError()
}

func (p *parser) isOp(s string) bool { return p.tok.kind == tOp && p.tok.s == s }

func (p *parser) isKw(s string) bool { return p.tok.kind == tKeyword && p.tok.s == s }

func (p *parser) unexpected(expecting string) {
	if expecting != "" {
		p.fail(p.tok.off, "syntax error, unexpected %s, expecting %s", p.tok.describe(), expecting)
	}
	p.fail(p.tok.off, "syntax error, unexpected %s", p.tok.describe())
}

func (p *parser) expectOp(s string) token {
	if !p.isOp(s) {
		p.unexpected("'" + opText(s) + "'")
	}
	t := p.tok
	p.advance()
	return t
}

func (p *parser) expectKw(s string) {
	if !p.isKw(s) {
		p.unexpected("'" + s + "'")
	}
	p.advance()
}

func (p *parser) skipNL() {
	for p.tok.kind == tNL {
		p.advance()
	}
}

// skipTerms skips newlines and semicolons.
func (p *parser) skipTerms() { p.skipNL() }

// parseProgram parses the whole program.
func (p *parser) parseProgram() (body []Node, err *parseError) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			body, err = nil, p.err
		}
	}()
	p.advance()
	body = p.parseStmts()
	if p.tok.kind != tEOF {
		p.unexpected("end-of-input")
	}
	if !p.sawEnd && !p.ruby {
		p.unsupported(len(p.prog), "the template's last line is a comment that hides the end of ERB's program (the template would return the value of its last statement)")
	}
	return body, nil
}

func (p *parser) atStmtsEnd() bool {
	switch p.tok.kind {
	case tEOF:
		return true
	case tKeyword:
		switch p.tok.s {
		case "end", "else", "elsif", "when", "rescue", "ensure", "in", "then":
			return true
		}
	case tOp:
		return p.tok.s == "}" || p.tok.s == ")"
	}
	return false
}

// parseStmts parses statements up to a closing keyword or bracket.
func (p *parser) parseStmts() []Node {
	var out []Node
	for {
		p.skipTerms()
		if p.atStmtsEnd() {
			return out
		}
		s := p.parseStmt()
		if s != nil {
			out = append(out, s)
		}
		if p.tok.kind != tNL && !p.atStmtsEnd() {
			p.unexpected("'\\n'")
		}
	}
}

// parseStmt parses a statement with its modifiers.
func (p *parser) parseStmt() Node {
	if p.tok.kind == tIdent && p.tok.s == "_erbout" && !p.ruby {
		return p.parseErbout()
	}
	var n Node
	if p.isOp("*@") {
		// *init, last = x: a multiple assignment's first target a splat
		n = p.parseMultiAssign(p.parseMultiTarget())
	} else if n = p.parseExprStmt(); p.isOp(",") {
		n = p.parseMultiAssign(n)
	}
	for p.tok.kind == tKeyword {
		off := p.tok.off
		switch p.tok.s {
		case "if", "unless":
			unless := p.tok.s == "unless"
			p.advance()
			c := p.parseExprStmt()
			n = &If{At: At{off}, Cond: c, Then: []Node{n}, Unless: unless, Mod: true}
		case "while", "until":
			until := p.tok.s == "until"
			p.advance()
			c := p.parseExprStmt()
			n = &While{At: At{off}, Cond: c, Body: []Node{n}, Until: until}
		case "rescue":
			p.advance()
			r := p.parseExprStmt()
			n = &Begin{At: At{n.Offset()}, Body: []Node{n}, Rescues: []Rescue{{Off: off, Body: []Node{r}}}, Modifier: true}
		default:
			return n
		}
	}
	return n
}

// parseErbout reads the commands ERB's compiler generates around the
// template's code: _erbout = +”, _erbout.<< "text".freeze,
// _erbout.<<((expr).to_s) and the final _erbout.
func (p *parser) parseErbout() Node {
	off := p.tok.off
	p.advance()
	switch {
	case p.isOp("="):
		// _erbout = +''
		p.advance()
		p.expectOp("+@")
		if p.tok.kind != tString {
			p.unexpected("string literal")
		}
		p.advance()
		p.declare("_erbout")
		return nil
	case p.isOp("."):
		p.advance()
		if !(p.tok.kind == tIdent && p.tok.s == "<<") {
			p.unsupported(off, "use of ERB's output buffer _erbout")
		}
		p.advance()
		if p.tok.kind == tString {
			t := p.tok
			p.advance()
			p.expectOp(".")
			if p.tok.kind != tIdent || p.tok.s != "freeze" {
				p.unexpected("'freeze'")
			}
			p.advance()
			s := ""
			for _, part := range t.parts {
				s += part.lit
			}
			return &Text{At: At{t.off}, S: s}
		}
		if !p.isOp("(call") {
			p.expectOp("(")
		}
		p.advance()
		inner := p.tok
		p.expectOp("(")
		body := p.parseStmts()
		p.expectOp(")")
		p.expectOp(".")
		if p.tok.kind != tIdent || p.tok.s != "to_s" {
			p.unexpected("'to_s'")
		}
		p.advance()
		p.expectOp(")")
		return &Output{At: At{inner.end}, X: seqOf(inner.end, body)}
	}
	if p.tok.kind == tEOF {
		p.sawEnd = true
		return nil
	}
	p.unsupported(off, "use of ERB's output buffer _erbout")
	return nil
}

func seqOf(off int, body []Node) Node {
	switch len(body) {
	case 0:
		return &Nil{At{off}}
	case 1:
		return body[0]
	}
	return &Seq{At: At{off}, Body: body}
}

// parseExprStmt: not / and / or, whose operands may be commands.
func (p *parser) parseExprStmt() Node {
	l := p.parseNotExpr()
	for p.tok.kind == tKeyword && (p.tok.s == "and" || p.tok.s == "or") {
		op := p.tok.s
		off := p.tok.off
		p.advance()
		p.skipNL()
		r := p.parseNotExpr()
		if op == "and" {
			l = &And{At: At{off}, L: l, R: r, Keyword: true}
		} else {
			l = &Or{At: At{off}, L: l, R: r, Keyword: true}
		}
	}
	return l
}

func (p *parser) parseNotExpr() Node {
	if p.isKw("not") {
		off := p.tok.off
		p.advance()
		return &Not{At: At{off}, X: p.parseNotExpr(), Keyword: true}
	}
	return p.parseArg(true)
}

// parseArg parses an argument-level expression: assignment, ternary and
// operators. allowCmd lets the leftmost call take command arguments.
func (p *parser) parseArg(allowCmd bool) Node {
	switch {
	case p.isKw("return"), p.isKw("next"), p.isKw("break"):
		return p.parseJump()
	}
	lhs := p.parseTernary(allowCmd)
	if p.tok.kind != tOp {
		return lhs
	}
	op := p.tok.s
	off := p.tok.off
	switch op {
	case "=":
		t := p.assignTarget(lhs)
		p.advance()
		p.skipNL()
		v := p.parseAssignValue()
		return &Assign{At: At{off}, Target: t, Value: v}
	case "+=", "-=", "*=", "/=", "%=", "**=", "||=", "&&=", "<<=", ">>=", "|=", "&=", "^=":
		t := p.assignTarget(lhs)
		p.advance()
		p.skipNL()
		v := p.parseAssignValue()
		return &OpAssign{At: At{off}, Target: t, Op: strings.TrimSuffix(op, "="), Value: v}
	}
	return lhs
}

// parseAssignValue parses the right side of an assignment (a command, or
// a list, which makes an array).
func (p *parser) parseAssignValue() Node {
	v := p.parseArg(true)
	if p.isOp(",") {
		elems := []Node{v}
		for p.isOp(",") {
			p.advance()
			p.skipNL()
			elems = append(elems, p.parseArgElem())
		}
		return &Array{At: At{v.Offset()}, Elems: elems}
	}
	if p.isKw("rescue") {
		off := p.tok.off
		p.advance()
		r := p.parseArg(false)
		return &Begin{At: At{v.Offset()}, Body: []Node{v}, Rescues: []Rescue{{Off: off, Body: []Node{r}}}, Modifier: true}
	}
	return v
}

// assignTarget turns a parsed expression into an assignment target.
func (p *parser) assignTarget(n Node) Node {
	switch x := n.(type) {
	case *LVar:
		return &LVarTarget{At: x.At, Name: x.Name}
	case *Call:
		if x.Recv == nil && len(x.Args) == 0 && !x.Parens && x.Block == nil && !strings.HasSuffix(x.Name, "?") && !strings.HasSuffix(x.Name, "!") {
			p.declare(x.Name)
			return &LVarTarget{At: x.At, Name: x.Name}
		}
		if x.Recv != nil && x.Block == nil && (x.Name == "[]" || !x.Parens && len(x.Args) == 0) {
			return x
		}
	case *IVar, *GVar:
		return n
	case *Const:
		if p.ruby {
			return x
		}
		p.unsupported(x.Off, "assignment to a constant")
	case *NthRef:
		p.fail(x.Off, "Can't set variable $%d", x.N)
	case *Array:
		p.unsupported(x.Off, "multiple assignment")
	}
	p.fail(n.Offset(), "syntax error, unexpected '=', the left side cannot be assigned")
	return nil
}

func (p *parser) parseJump() Node {
	kw := p.tok.s
	off := p.tok.off
	p.advance()
	var x Node
	if p.canStartArg() {
		x = p.parseArg(true)
		if p.isOp(",") {
			elems := []Node{x}
			for p.isOp(",") {
				p.advance()
				p.skipNL()
				elems = append(elems, p.parseArgElem())
			}
			x = &Array{At: At{x.Offset()}, Elems: elems}
		}
	}
	switch kw {
	case "return":
		return &Return{At: At{off}, X: x}
	case "next":
		return &Next{At: At{off}, X: x}
	}
	return &Break{At: At{off}, X: x}
}

// canStartArg reports whether the current token can begin an expression
// (used after return/next/break).
func (p *parser) canStartArg() bool {
	switch p.tok.kind {
	case tEOF, tNL:
		return false
	case tKeyword:
		switch p.tok.s {
		case "if", "unless", "while", "until", "rescue", "end", "and", "or", "then", "do", "else", "elsif", "when", "ensure", "in":
			return false
		}
		return true
	case tOp:
		switch p.tok.s {
		case "[lit", "(", "(arg", "-@", "+@", "*@", "!", "::@", "{lit", "..", "...", "~", "**@", "&@":
			return true
		}
		return false
	}
	return true
}

// isCommandArgStart reports whether the current token starts a command
// argument after a method name (foo bar, x.y 'z').
func (p *parser) isCommandArgStart() bool {
	switch p.tok.kind {
	case tInt, tFloat, tString, tSymbol, tDSym, tRegexp, tWords, tXString, tIdent, tConst, tIVar, tGVar, tNthRef, tLabel:
		return true
	case tKeyword:
		switch p.tok.s {
		case "nil", "true", "false", "self", "not", "defined?", "__FILE__", "__LINE__", "case", "if", "unless", "begin", "while", "until":
			// if/unless/while/until after a method name are modifiers
			return p.tok.s != "if" && p.tok.s != "unless" && p.tok.s != "while" && p.tok.s != "until"
		case "def":
			// private def x ... end, private_class_method def self.x:
			// a def is an expression (the method's name)
			return true
		}
		return false
	case tOp:
		switch p.tok.s {
		case "[lit", "(arg", "-@", "+@", "*@", "**@", "&@", "!", "::@", "~":
			return true
		}
	}
	return false
}

func (p *parser) parseTernary(allowCmd bool) Node {
	c := p.parseRange(allowCmd)
	if p.isOp("?") {
		off := p.tok.off
		p.advance()
		p.skipNL()
		a := p.parseArg(false)
		p.skipNL()
		if p.tok.kind == tLabel {
			// "c ? x :y" read as a label x:
			p.unsupported(p.tok.off, "ternary written without a space before ':'")
		}
		p.expectOp(":")
		p.skipNL()
		b := p.parseArg(false)
		return &If{At: At{off}, Cond: c, Then: []Node{a}, Else: []Node{b}, Ternary: true}
	}
	return c
}

func (p *parser) parseRange(allowCmd bool) Node {
	l := p.parseBinary(0, allowCmd)
	if p.isOp("..") || p.isOp("...") {
		off := p.tok.off
		excl := p.tok.s == "..."
		p.advance()
		var r Node
		if p.canStartArg() && p.tok.kind != tNL {
			r = p.parseBinary(0, false)
		}
		return &Range{At: At{off}, Lo: l, Hi: r, Excl: excl}
	}
	return l
}

// binary operator precedence, lowest first
var binPrec = map[string]int{
	"||":  1,
	"&&":  2,
	"<=>": 4, "==": 4, "===": 4, "!=": 4, "=~": 4, "!~": 4,
	"<": 5, "<=": 5, ">": 5, ">=": 5,
	"|": 6, "^": 6,
	"&":  7,
	"<<": 8, ">>": 8,
	"+": 9, "-": 9,
	"*": 10, "/": 10, "%": 10,
	"**": 12,
}

const unaryMinusPrec = 11

var nonAssoc = map[int]bool{4: true}

func (p *parser) parseBinary(min int, allowCmd bool) Node {
	l := p.parseUnary(allowCmd)
	for p.tok.kind == tOp {
		op := p.tok.s
		prec, ok := binPrec[op]
		if !ok || prec <= min {
			break
		}
		off := p.tok.off
		p.advance()
		p.skipNL()
		var r Node
		if op == "**" {
			r = p.parseBinary(prec-1, false) // right associative
		} else {
			r = p.parseBinary(prec, false)
		}
		switch op {
		case "&&":
			l = &And{At: At{off}, L: l, R: r}
		case "||":
			l = &Or{At: At{off}, L: l, R: r}
		default:
			l = &Binary{At: At{off}, Op: op, L: l, R: r}
		}
		if nonAssoc[prec] && p.tok.kind == tOp && binPrec[p.tok.s] == prec {
			p.unexpected("")
		}
	}
	return l
}

func (p *parser) parseUnary(allowCmd bool) Node {
	off := p.tok.off
	if p.tok.kind == tOp {
		switch p.tok.s {
		case "!":
			p.advance()
			return &Not{At: At{off}, X: p.parseUnary(allowCmd)}
		case "~", "+@":
			op := p.tok.s
			p.advance()
			x := p.parseUnary(false)
			if op == "+@" {
				switch x.(type) {
				case *Int, *Float:
					return x
				}
			}
			return &Unary{At: At{off}, Op: op, X: x}
		case "-@":
			p.advance()
			if p.tok.kind == tInt || p.tok.kind == tFloat {
				if !p.tok.space {
					// a negative literal; -2 ** 2 is still -(2 ** 2)
					lit := p.parsePostfix(p.parsePrimary(false), false)
					if p.isOp("**") {
						powOff := p.tok.off
						p.advance()
						p.skipNL()
						rhs := p.parseBinary(binPrec["**"]-1, false)
						return &Unary{At: At{off}, Op: "-@", X: &Binary{At: At{powOff}, Op: "**", L: lit, R: rhs}}
					}
					return negate(lit)
				}
			}
			x := p.parseBinary(unaryMinusPrec, false)
			return &Unary{At: At{off}, Op: "-@", X: x}
		case "&@", "*@", "**@":
			p.unexpected("")
		}
	}
	if p.isKw("defined?") {
		p.advance()
		var x Node
		if p.isOp("(") || p.isOp("(call") || p.isOp("(arg") {
			p.advance()
			p.skipNL()
			x = p.parseExprStmt()
			p.skipNL()
			p.expectOp(")")
			return p.parsePostfix(&Defined{At: At{off}, X: x}, false)
		} else {
			x = p.parseUnary(false)
		}
		return &Defined{At: At{off}, X: x}
	}
	if p.isKw("not") {
		p.advance()
		return &Not{At: At{off}, X: p.parseUnary(false), Keyword: true}
	}
	return p.parsePostfix(p.parsePrimary(allowCmd), allowCmd)
}

func negate(n Node) Node {
	switch x := n.(type) {
	case *Int:
		return &Int{At: x.At, Text: "-" + x.Text, V: -x.V}
	case *Float:
		return &Float{At: x.At, Text: "-" + x.Text, V: -x.V}
	case *Call:
		// -2.abs: the literal is negative before the call
		if x.Recv != nil {
			c := *x
			c.Recv = negate(x.Recv)
			return &c
		}
	case *Binary:
		b := *x
		b.L = negate(x.L)
		return &b
	}
	return &Unary{At: At{n.Offset()}, Op: "-@", X: n}
}

func (p *parser) parsePrimary(allowCmd bool) Node {
	t := p.tok
	off := t.off
	switch t.kind {
	case tInt:
		p.advance()
		return p.intLit(t)
	case tFloat:
		p.advance()
		f, err := strconv.ParseFloat(strings.ReplaceAll(t.s, "_", ""), 64)
		if err != nil && !math.IsInf(f, 0) {
			p.fail(off, "invalid float literal %s", t.s)
		}
		return &Float{At: At{off}, Text: t.s, V: f}
	case tString:
		p.advance()
		parts := p.convertParts(t.parts)
		// adjacent literals are concatenated: "a" 'b'
		for p.tok.kind == tString {
			parts = append(parts, p.convertParts(p.tok.parts)...)
			p.advance()
		}
		return &Str{At: At{off}, Parts: parts}
	case tSymbol:
		p.advance()
		return &Sym{At: At{off}, Name: t.s}
	case tDSym:
		p.advance()
		parts := p.convertParts(t.parts)
		if len(parts) == 1 && parts[0].Expr == nil {
			return &Sym{At: At{off}, Name: parts[0].Lit}
		}
		return &Sym{At: At{off}, Parts: parts}
	case tXString:
		// `cmd` is a call of Kernel#` with the text
		p.advance()
		return &Call{At: At{off}, Name: "`", NameOff: off, Args: []Node{&Str{At: At{off}, Parts: p.convertParts(t.parts)}}}
	case tRegexp:
		p.advance()
		return &Regexp{At: At{off}, Parts: p.convertParts(t.parts), Flags: t.flags}
	case tWords:
		p.advance()
		arr := &Array{At: At{off}}
		for _, w := range t.words {
			parts := p.convertParts(w)
			if t.flags == "i" {
				if len(parts) == 1 && parts[0].Expr == nil {
					arr.Elems = append(arr.Elems, &Sym{At: At{off}, Name: parts[0].Lit})
				} else {
					arr.Elems = append(arr.Elems, &Sym{At: At{off}, Parts: parts})
				}
			} else {
				arr.Elems = append(arr.Elems, &Str{At: At{off}, Parts: parts})
			}
		}
		return arr
	case tIVar:
		p.advance()
		return &IVar{At: At{off}, Name: t.s}
	case tGVar:
		p.advance()
		return &GVar{At: At{off}, Name: t.s}
	case tNthRef:
		p.advance()
		n, _ := strconv.Atoi(t.s)
		return &NthRef{At: At{off}, N: n}
	case tConst:
		p.advance()
		if p.isOp("(call") {
			c := &Call{At: At{off}, Name: t.s, NameOff: off}
			p.parseParenArgs(c)
			p.parseBraceBlock(c)
			return c
		}
		if allowCmd && p.isCommandArgStart() && p.tok.kind != tConst {
			c := &Call{At: At{off}, Name: t.s, NameOff: off}
			p.parseCommandArgs(c)
			return c
		}
		return &Const{At: At{off}, Name: t.s}
	case tIdent:
		p.advance()
		if p.isLocal(t.s) && !p.isOp("(call") {
			return &LVar{At: At{off}, Name: t.s}
		}
		c := &Call{At: At{off}, Name: t.s, NameOff: off}
		switch {
		case p.isOp("(call"):
			p.parseParenArgs(c)
		case allowCmd && p.isCommandArgStart():
			p.parseCommandArgs(c)
			return c
		default:
			c.Implicit = true
		}
		p.parseBraceBlock(c)
		if c.Block != nil || c.Parens {
			c.Implicit = false
		}
		return c
	case tLabel:
		p.fail(off, "syntax error, unexpected label")
	case tKeyword:
		return p.parseKeyword(allowCmd)
	case tOp:
		switch t.s {
		case "[lit", "[":
			p.advance()
			arr := &Array{At: At{off}}
			arr.Elems = p.parseList("]", false)
			return arr
		case "{lit":
			p.advance()
			return p.parseHashBody(off, "}")
		case "(", "(arg", "(call":
			p.advance()
			p.skipTerms()
			if p.isOp(")") {
				p.advance()
				return &Nil{At{off}}
			}
			old := p.noDo
			p.noDo = 0
			body := p.parseStmts()
			p.noDo = old
			p.skipTerms()
			p.expectOp(")")
			if len(body) == 1 {
				return &Seq{At: At{off}, Body: body}
			}
			return &Seq{At: At{off}, Body: body}
		case "::@":
			p.advance()
			if p.tok.kind != tConst {
				p.unexpected("constant")
			}
			name := p.tok.s
			p.advance()
			return &Const{At: At{off}, Top: true, Name: name}
		case "..", "...":
			p.unsupported(off, "beginless range")
		case "->":
			return p.parseLambda()
		}
	}
	p.unexpected("")
	return nil
}

func (p *parser) intLit(t token) Node {
	s := strings.ReplaceAll(t.s, "_", "")
	base := 10
	digits := s
	if len(s) > 1 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base, digits = 16, s[2:]
		case 'b', 'B':
			base, digits = 2, s[2:]
		case 'o', 'O':
			base, digits = 8, s[2:]
		case 'd', 'D':
			base, digits = 10, s[2:]
		default:
			base, digits = 8, s[1:]
		}
	}
	v, err := strconv.ParseInt(digits, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			p.unsupported(t.off, "integer literal %s does not fit in 64 bits", t.s)
		}
		p.fail(t.off, "numeric literal without digits")
	}
	return &Int{At: At{t.off}, Text: t.s, V: v}
}

// convertParts parses the interpolated code of a string-like literal.
func (p *parser) convertParts(parts []strPart) []Part {
	out := make([]Part, 0, len(parts))
	for _, sp := range parts {
		if !sp.isCode {
			out = append(out, Part{Lit: sp.lit})
			continue
		}
		out = append(out, Part{Expr: p.parseEmbedded(sp.code, sp.off)})
	}
	return out
}

// parseEmbedded parses #{code} with the enclosing scope's variables.
func (p *parser) parseEmbedded(code string, off int) Node {
	saveLex, saveTok, savePrev, saveNoDo := p.lex, p.tok, p.prev, p.noDo
	p.lex = newLexer(code, off, p.isLocal)
	p.lex.ruby = p.ruby
	p.noDo = 0
	p.advance()
	body := p.parseStmts()
	if p.tok.kind != tEOF {
		p.unexpected("'}'")
	}
	p.lex, p.tok, p.prev, p.noDo = saveLex, saveTok, savePrev, saveNoDo
	return seqOf(off, body)
}

// parseList parses comma-separated elements up to close (array literals,
// index arguments), allowing newlines and a trailing comma.
func (p *parser) parseList(close string, index bool) []Node {
	var elems []Node
	old := p.noDo
	p.noDo = 0
	defer func() { p.noDo = old }()
	for {
		p.skipNL()
		if p.isOp(close) {
			p.advance()
			return elems
		}
		if p.tok.kind == tLabel || p.isHashStart() {
			h := p.parseBareHash()
			elems = append(elems, h)
		} else if index && len(elems) == 0 && (p.tok.kind == tIdent || p.tok.kind == tConst) {
			// h[key_of x, y]: a command as the only index (not in an
			// array literal)
			elems = append(elems, p.parseArg(true))
		} else if a := p.parseArgElem(); p.isOp("=>") {
			// [x, 'k' => v, ...]: Ruby gathers the trailing pairs of an
			// array literal into one hash, its last element.
			elems = append(elems, p.parseTrailingPairs(a, close))
			p.skipNL()
			p.expectOp(close)
			return elems
		} else {
			elems = append(elems, a)
		}
		p.skipNL()
		if p.isOp(",") {
			p.advance()
			continue
		}
		p.skipNL()
		p.expectOp(close)
		return elems
	}
}

// parseTrailingPairs parses the key => value pairs that end a list, the
// first key already parsed and "=>" next, up to (not past) close.
func (p *parser) parseTrailingPairs(key Node, close string) *Hash {
	h := &Hash{At: At{key.Offset()}}
	for {
		if key == nil && p.tok.kind == tLabel {
			k := &Sym{At: At{p.tok.off}, Name: p.tok.s}
			p.advance()
			h.Pairs = append(h.Pairs, Pair{Key: k, Value: p.labelValue(k), Label: true})
		} else {
			if key == nil {
				key = p.parseArg(false)
				p.skipNL()
			}
			p.expectOp("=>")
			p.skipNL()
			h.Pairs = append(h.Pairs, Pair{Key: key, Value: p.parseArg(false)})
		}
		key = nil
		p.skipNL()
		if !p.isOp(",") {
			return h
		}
		p.advance()
		p.skipNL()
		if p.isOp(close) {
			return h
		}
	}
}

// labelValue parses the value of the pair whose label (`key:`) was just
// passed. Without one, before a comma or the hash's or the call's end
// (Ruby 3.1's shorthand, `f(salt:)`), it is the local variable or the
// method call the key names.
func (p *parser) labelValue(key *Sym) Node {
	p.skipNL()
	if p.isOp(",") || p.isOp(")") || p.isOp("}") || p.isOp("]") || p.tok.kind == tEOF {
		if p.isLocal(key.Name) {
			return &LVar{At: key.At, Name: key.Name}
		}
		return &Call{At: key.At, Name: key.Name, NameOff: key.Off, Implicit: true}
	}
	return p.parseArg(false)
}

// isHashStart reports whether the next element is "key => value" — which
// needs a look past the key, so it is decided after parsing the key.
func (p *parser) isHashStart() bool { return false }

// parseArgElem parses one element of a list or argument list: *x, &x, or
// an expression (possibly the first key of a bare hash).
func (p *parser) parseArgElem() Node {
	off := p.tok.off
	switch {
	case p.isOp("*@"):
		p.advance()
		return &Splat{At: At{off}, X: p.parseArg(false)}
	case p.isOp("&@"):
		p.advance()
		return &BlockPass{At: At{off}, X: p.parseArg(false)}
	case p.isOp("**@"):
		p.advance()
		return &DoubleSplat{At: At{off}, X: p.parseArg(false)}
	case p.isOp("**@"):
		p.unsupported(off, "double splat (**)")
	}
	return p.parseArg(false)
}

// parseBareHash parses key => value / key: value pairs that are not in
// braces (trailing hash arguments).
func (p *parser) parseBareHash() *Hash {
	h := &Hash{At: At{p.tok.off}}
	for {
		if p.tok.kind == tLabel {
			k := &Sym{At: At{p.tok.off}, Name: p.tok.s}
			p.advance()
			h.Pairs = append(h.Pairs, Pair{Key: k, Value: p.labelValue(k), Label: true})
		} else {
			k := p.parseArg(false)
			p.expectOp("=>")
			p.skipNL()
			h.Pairs = append(h.Pairs, Pair{Key: k, Value: p.parseArg(false)})
		}
		if !p.isOp(",") {
			return h
		}
		// look for another pair after the comma
		save := *p.lex
		saveTok, savePrev := p.tok, p.prev
		p.advance()
		p.skipNL()
		if p.tok.kind == tLabel {
			continue
		}
		if p.isOp(")") || p.isOp("]") || p.tok.kind == tEOF {
			return h
		}
		// an expression followed by => continues the hash; otherwise
		// restore so that the caller sees the comma
		save2 := *p.lex
		saveTok2, savePrev2 := p.tok, p.prev
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(bailout); !ok {
						panic(r)
					}
				}
			}()
			errBefore := p.err
			p.parseArg(false)
			if p.err != errBefore {
				p.err = errBefore
			}
		}()
		more := p.isOp("=>")
		*p.lex = save2
		p.tok, p.prev = saveTok2, savePrev2
		if !more {
			*p.lex = save
			p.tok, p.prev = saveTok, savePrev
			return h
		}
	}
}

func (p *parser) parseHashBody(off int, close string) *Hash {
	h := &Hash{At: At{off}}
	old := p.noDo
	p.noDo = 0
	defer func() { p.noDo = old }()
	for {
		p.skipNL()
		if p.isOp(close) {
			p.advance()
			return h
		}
		switch {
		case p.tok.kind == tLabel:
			k := &Sym{At: At{p.tok.off}, Name: p.tok.s}
			p.advance()
			h.Pairs = append(h.Pairs, Pair{Key: k, Value: p.labelValue(k), Label: true})
		case p.isOp("**@"):
			p.unsupported(p.tok.off, "double splat (**) in a hash literal")
		default:
			k := p.parseArg(false)
			p.skipNL()
			if p.tok.kind == tOp && p.tok.s == ":" {
				p.unsupported(p.tok.off, "\"string\": labels in hash literals")
			}
			p.expectOp("=>")
			p.skipNL()
			h.Pairs = append(h.Pairs, Pair{Key: k, Value: p.parseArg(false)})
		}
		p.skipNL()
		if p.isOp(",") {
			p.advance()
			continue
		}
		p.skipNL()
		p.expectOp(close)
		return h
	}
}

// parseCallArgs parses arguments up to close (")" for a parenthesized
// list) or, with close == "", command arguments up to the end of the
// expression. Labels and key => value pairs become a trailing hash.
func (p *parser) parseCallArgs(c *Call, close string) {
	for {
		if close != "" {
			p.skipNL()
			if p.isOp(close) {
				p.advance()
				return
			}
		}
		if p.tok.kind == tLabel {
			c.Args = append(c.Args, p.parseBareHash())
		} else {
			var a Node
			if len(c.Args) == 0 && (p.tok.kind == tIdent || p.tok.kind == tConst) {
				// require File.join a, 'b', and f(g a, b): a command as
				// the only argument
				a = p.parseArg(true)
			} else {
				a = p.parseArgElem()
			}
			if p.isOp("=>") {
				p.advance()
				p.skipNL()
				h := &Hash{At: At{a.Offset()}, Pairs: []Pair{{Key: a, Value: p.parseArg(false)}}}
				if p.isOp(",") {
					save := *p.lex
					saveTok, savePrev := p.tok, p.prev
					p.advance()
					p.skipNL()
					if p.tok.kind == tLabel || true {
						rest := p.tryMorePairs()
						if rest != nil {
							h.Pairs = append(h.Pairs, rest.Pairs...)
						} else {
							*p.lex = save
							p.tok, p.prev = saveTok, savePrev
						}
					}
				}
				a = h
			}
			c.Args = append(c.Args, a)
		}
		if close != "" {
			p.skipNL()
		}
		if p.isOp(",") {
			p.advance()
			p.skipNL()
			continue
		}
		if close != "" {
			p.expectOp(close)
		}
		return
	}
}

// tryMorePairs parses further key => value pairs after a comma, or returns
// nil (with the parser state unspecified) when the next element is not one.
func (p *parser) tryMorePairs() (h *Hash) {
	if p.isOp(")") {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.err = nil
			h = nil
		}
	}()
	if p.tok.kind == tLabel {
		return p.parseBareHash()
	}
	save := *p.lex
	saveTok, savePrev := p.tok, p.prev
	p.parseArg(false)
	ok := p.isOp("=>")
	*p.lex = save
	p.tok, p.prev = saveTok, savePrev
	if !ok {
		return nil
	}
	return p.parseBareHash()
}

func (p *parser) parseParenArgs(c *Call) {
	p.expectOp("(call")
	c.Parens = true
	old := p.noDo
	p.noDo = 0
	p.parseCallArgs(c, ")")
	p.noDo = old
}

func (p *parser) parseCommandArgs(c *Call) {
	c.Command = true
	p.noDo++
	p.parseCallArgs(c, "")
	p.noDo--
	if p.noDo == 0 && p.isKw("do") {
		c.Block = p.parseBlock()
	}
}

// parseBraceBlock attaches a { } block, or a do block when allowed.
func (p *parser) parseBraceBlock(c *Call) {
	if p.isOp("{blk") {
		c.Block = p.parseBlock()
		return
	}
	if p.noDo == 0 && p.isKw("do") {
		c.Block = p.parseBlock()
	}
}

func (p *parser) parseBlock() *Block {
	b := &Block{At: At{p.tok.off}, Brace: p.isOp("{blk")}
	p.advance()
	old := p.scope
	p.pushScope(true)
	defer p.popScope(old)
	oldNoDo := p.noDo
	p.noDo = 0
	defer func() { p.noDo = oldNoDo }()
	p.skipNL()
	if p.isOp("||") {
		p.advance()
	} else if p.isOp("|") {
		p.advance()
		b.Params, b.TrailingComma = p.parseParams("|")
		p.relex(sBeg)
	}
	if !b.Brace {
		// do ... rescue ... end: the body is a begin
		body := p.parseBodyClauses(b.Off)
		b.Body = body.Body
		if len(body.Rescues) > 0 || body.Else != nil || body.Ensure != nil {
			b.Body = []Node{body}
		}
		p.expectKw("end")
		return b
	}
	b.Body = p.parseStmts()
	if b.Brace {
		p.expectOp("}")
	} else {
		p.expectKw("end")
	}
	return b
}

// parseParams parses a parameter list up to close ("|" or ")", or "\n"
// for a def without parentheses) and declares the names.
func (p *parser) parseParams(close string) ([]Param, bool) {
	var params []Param
	trailing := false
	for {
		if close == "\n" {
			if p.tok.kind == tNL {
				return params, false
			}
		} else {
			p.skipNL()
			if p.isOp(close) {
				p.advance()
				return params, trailing
			}
		}
		trailing = false
		var prm Param
		switch {
		case p.isOp("*@") || p.isOp("*"):
			p.advance()
			prm.Kind = ParamRest
			if p.tok.kind == tIdent {
				prm.Name = p.tok.s
				p.advance()
			}
		case close != "|" && (p.isOp("**@") || p.isOp("**")):
			p.advance()
			prm.Kind = ParamKeyRest
			if p.tok.kind == tIdent {
				prm.Name = p.tok.s
				p.advance()
			}
		case p.isOp("&@") || p.isOp("&"):
			p.advance()
			prm.Kind = ParamBlock
			if p.tok.kind != tIdent {
				p.unexpected("local variable")
			}
			prm.Name = p.tok.s
			p.advance()
		case close == "|" && (p.isOp("(") || p.isOp("(arg") || p.isOp("(call")):
			// |(a, b), i|: one argument spread over names
			p.advance()
			prm.Kind = ParamDestructure
			for {
				p.skipNL()
				if p.tok.kind != tIdent {
					p.unsupported(p.tok.off, "nested or splat destructuring in block parameters")
				}
				prm.Sub = append(prm.Sub, p.tok.s)
				p.declare(p.tok.s)
				p.advance()
				if !p.isOp(",") {
					break
				}
				p.advance()
			}
			p.skipNL()
			p.expectOp(")")
		case p.isOp("(") || p.isOp("(arg") || p.isOp("(call"):
			p.unsupported(p.tok.off, "destructuring method parameters")
		case p.tok.kind == tLabel:
			prm.Name = p.tok.s
			prm.Kind = ParamKey
			p.advance()
			if !p.isOp(",") && !p.isOp(close) && !(close == "\n" && p.tok.kind == tNL) {
				prm.Default = p.parseTernary(false)
			}
		case p.tok.kind == tIdent:
			prm.Name = p.tok.s
			p.advance()
			if p.isOp("=") {
				p.advance()
				prm.Kind = ParamOpt
				if close == "|" {
					// a block parameter's default is a primary (Ruby's
					// f_block_opt): |a, b = :d| ends at the |
					prm.Default = p.parsePostfix(p.parsePrimary(false), false)
				} else {
					prm.Default = p.parseTernary(false)
				}
			}
		default:
			p.unexpected("parameter")
		}
		if prm.Name != "" {
			p.declare(prm.Name)
		}
		params = append(params, prm)
		if p.isOp(",") {
			p.advance()
			trailing = true
			continue
		}
		if close == "\n" {
			if p.tok.kind != tNL {
				p.unexpected("'\\n'")
			}
			return params, false
		}
		p.skipNL()
		p.expectOp(close)
		return params, false
	}
}

func (p *parser) parsePostfix(n Node, allowCmd bool) Node {
	for {
		switch {
		case p.isOp(".") || p.isOp("&."):
			safe := p.tok.s == "&."
			p.advance()
			p.skipNL()
			nameTok := p.tok
			name := ""
			switch nameTok.kind {
			case tIdent, tConst, tKeyword:
				name = nameTok.s
			case tLabel:
				p.unsupported(nameTok.off, "method call written name: (a label)")
			case tOp:
				switch nameTok.s {
				case "(call", "(", "(arg":
					p.unsupported(nameTok.off, "proc call syntax .()")
				case "+", "-", "*", "/", "%", "**", "==", "!=", "!~", "<", ">", "<=", ">=", "<=>", "<<", ">>", "===", "=~", "[", "!", "&", "|", "^", "~":
					name = opText(nameTok.s)
					if name == "[" {
						p.unsupported(nameTok.off, "explicit .[] call")
					}
				}
			}
			if name == "" {
				p.unexpected("method name")
			}
			p.advance()
			c := &Call{At: At{n.Offset()}, Recv: n, Safe: safe, Name: name, NameOff: nameTok.off}
			// x.y = v is an attribute assignment, handled by parseArg
			switch {
			case p.isOp("(call"):
				p.parseParenArgs(c)
			case allowCmd && p.isCommandArgStart():
				p.parseCommandArgs(c)
				return c
			}
			p.parseBraceBlock(c)
			n = c
		case p.isOp("::"):
			p.advance()
			if p.tok.kind == tConst {
				name := p.tok.s
				p.advance()
				if p.isOp("(call") {
					c := &Call{At: At{n.Offset()}, Recv: n, Name: name, NameOff: p.prev.off}
					p.parseParenArgs(c)
					n = c
					continue
				}
				scope, ok := n.(*Const)
				if !ok {
					p.unsupported(n.Offset(), "constant lookup on an expression")
				}
				n = &Const{At: At{n.Offset()}, Scope: scope, Name: name}
				continue
			}
			if p.tok.kind == tIdent {
				name := p.tok.s
				nameOff := p.tok.off
				p.advance()
				c := &Call{At: At{n.Offset()}, Recv: n, Name: name, NameOff: nameOff}
				if p.isOp("(call") {
					p.parseParenArgs(c)
				}
				p.parseBraceBlock(c)
				n = c
				continue
			}
			p.unexpected("constant")
		case p.isOp("["):
			off := p.tok.off
			p.advance()
			c := &Call{At: At{n.Offset()}, Recv: n, Name: "[]", NameOff: off}
			c.Args = p.parseList("]", true)
			c.Parens = true
			n = c
		default:
			return n
		}
	}
}

func (p *parser) parseKeyword(allowCmd bool) Node {
	t := p.tok
	off := t.off
	switch t.s {
	case "nil":
		p.advance()
		return &Nil{At{off}}
	case "true", "false":
		p.advance()
		return &Bool{At: At{off}, V: t.s == "true"}
	case "self":
		p.advance()
		return &Self{At{off}}
	case "if", "unless":
		return p.parseIf()
	case "case":
		return p.parseCase()
	case "while", "until":
		p.advance()
		p.noDo++
		c := p.parseExprStmt()
		p.noDo--
		if p.isKw("do") {
			p.advance()
		}
		body := p.parseStmts()
		p.expectKw("end")
		return &While{At: At{off}, Cond: c, Body: body, Until: t.s == "until"}
	case "begin":
		p.advance()
		b := p.parseBodyClauses(off)
		p.expectKw("end")
		if len(b.Rescues) == 0 && b.Else == nil && b.Ensure == nil {
			return &Seq{At: At{off}, Body: b.Body}
		}
		return b
	case "def":
		return p.parseDef()
	case "return", "next", "break":
		return p.parseJump()
	case "defined?", "not":
		return p.parseUnary(allowCmd)
	case "__FILE__":
		// (a template's is its path: Puppet sets it as ERB's filename)
		p.advance()
		return &File{At{off}}
	case "__LINE__":
		p.advance()
		return &Int{At: At{off}, Text: "__LINE__", V: int64(p.rubyLine(off))}
	case "yield", "super":
		if p.ruby {
			return p.parseYieldSuper(allowCmd)
		}
		p.unsupported(off, "%s", t.s)
	case "for":
		return p.parseFor()
	case "class", "module":
		if p.ruby {
			return p.parseModule()
		}
		p.unsupported(off, "%s definitions", t.s)
	case "alias":
		if p.ruby {
			return p.parseAlias()
		}
		p.unsupported(off, "%s", t.s)
	case "undef":
		p.unsupported(off, "%s", t.s)
	case "redo", "retry":
		p.unsupported(off, "%s", t.s)
	case "BEGIN", "END":
		p.unsupported(off, "%s blocks", t.s)
	}
	p.unexpected("")
	return nil
}

func (p *parser) rubyLine(off int) int {
	return strings.Count(p.prog[:off], "\n") + 1
}

func (p *parser) parseThen() {
	if p.tok.kind == tNL {
		p.skipTerms()
		if p.isKw("then") {
			p.advance()
		}
		return
	}
	if p.isKw("then") {
		p.advance()
		return
	}
	p.unexpected("'then' or ';' or '\\n'")
}

func (p *parser) parseIf() Node {
	off := p.tok.off
	unless := p.tok.s == "unless"
	p.advance()
	c := p.parseExprStmt()
	p.parseThen()
	n := &If{At: At{off}, Cond: c, Unless: unless}
	n.Then = p.parseStmts()
	cur := n
	for p.isKw("elsif") {
		if unless {
			p.unexpected("'end'")
		}
		eoff := p.tok.off
		p.advance()
		ec := p.parseExprStmt()
		p.parseThen()
		e := &If{At: At{eoff}, Cond: ec}
		e.Then = p.parseStmts()
		cur.Else = []Node{e}
		cur = e
	}
	if p.isKw("else") {
		p.advance()
		cur.Else = p.parseStmts()
		if cur.Else == nil {
			cur.Else = []Node{}
		}
	}
	p.expectKw("end")
	return n
}

func (p *parser) parseCase() Node {
	off := p.tok.off
	p.advance()
	n := &Case{At: At{off}}
	if p.tok.kind != tNL && !p.isKw("when") {
		n.Subject = p.parseExprStmt()
	}
	p.skipTerms()
	if p.isKw("in") {
		p.unsupported(p.tok.off, "pattern matching (case/in)")
	}
	if !p.isKw("when") {
		p.unexpected("'when'")
	}
	for p.isKw("when") {
		w := When{Off: p.tok.off}
		p.advance()
		for {
			p.skipNL()
			w.Conds = append(w.Conds, p.parseArgElem())
			if !p.isOp(",") {
				break
			}
			p.advance()
		}
		p.parseThen()
		w.Body = p.parseStmts()
		n.Whens = append(n.Whens, w)
	}
	if p.isKw("else") {
		p.advance()
		n.HasElse = true
		n.Else = p.parseStmts()
	}
	p.expectKw("end")
	return n
}

// parseBodyClauses parses statements with rescue/else/ensure clauses
// (begin bodies and def bodies), up to "end".
func (p *parser) parseBodyClauses(off int) *Begin {
	b := &Begin{At: At{off}}
	b.Body = p.parseStmts()
	for p.isKw("rescue") {
		r := Rescue{Off: p.tok.off}
		p.advance()
		for p.tok.kind != tNL && !p.isKw("then") && !p.isOp("=>") {
			r.Classes = append(r.Classes, p.parseArgElem())
			if !p.isOp(",") {
				break
			}
			p.advance()
			p.skipNL()
		}
		if p.isOp("=>") {
			p.advance()
			if p.tok.kind != tIdent {
				p.unsupported(p.tok.off, "rescue => into something other than a local variable")
			}
			r.Var = p.tok.s
			p.declare(r.Var)
			p.advance()
		}
		p.parseThen()
		r.Body = p.parseStmts()
		b.Rescues = append(b.Rescues, r)
	}
	if p.isKw("else") {
		p.advance()
		b.Else = p.parseStmts()
		if b.Else == nil {
			b.Else = []Node{}
		}
	}
	if p.isKw("ensure") {
		p.advance()
		b.Ensure = p.parseStmts()
		if b.Ensure == nil {
			b.Ensure = []Node{}
		}
	}
	return b
}

func (p *parser) parseDef() Node {
	off := p.tok.off
	p.advance()
	if p.tok.kind == tOp && operatorMethods[p.tok.s] && p.ruby {
		// def ^(other): an operator method, called as the operator
		name := p.tok.s
		p.advance()
		return p.parseDefRest(off, name, false)
	}
	if p.ruby && (p.isOp("[lit") || p.isOp("[")) {
		// def [](key), def []=(key, value): element reference and
		// assignment, called as recv[key] and recv[key] = value
		p.advance()
		if !p.isOp("]") || p.tok.space {
			p.unexpected("']'")
		}
		p.advance()
		name := "[]"
		if p.isOp("=") && !p.tok.space {
			name = "[]="
			p.advance()
		}
		return p.parseDefRest(off, name, false)
	}
	if p.tok.kind != tIdent && p.tok.kind != tConst && p.tok.kind != tKeyword {
		if p.isOp("::@") || p.tok.kind == tOp {
			p.unsupported(p.tok.off, "operator method definitions")
		}
		p.unexpected("method name")
	}
	name := p.tok.s
	singleton := false
	if name == "self" && p.ruby {
		p.advance()
		p.expectOp(".")
		if p.tok.kind != tIdent && p.tok.kind != tConst && p.tok.kind != tKeyword {
			p.unexpected("method name")
		}
		name, singleton = p.tok.s, true
	} else if name == "self" {
		p.unsupported(p.tok.off, "singleton method definitions (def self.x)")
	}
	p.advance()
	if p.isOp("=") && !p.tok.space {
		if !p.ruby {
			p.unsupported(off, "setter method definitions")
		}
		// def name=(v): a setter, called by obj.name = v
		name += "="
		p.advance()
	}
	return p.parseDefRest(off, name, singleton)
}

// operatorMethods are the binary operators a module's def may define.
var operatorMethods = map[string]bool{
	"^": true, "&": true, "|": true, "+": true, "-": true, "*": true, "/": true, "%": true,
	"==": true, "<=>": true, "<": true, "<=": true, ">": true, ">=": true, "<<": true, ">>": true,
}

// parseDefRest parses a def after its name: the parameters and the body.
func (p *parser) parseDefRest(off int, name string, singleton bool) Node {
	old := p.scope
	p.pushScope(false)
	defer p.popScope(old)
	// a def that is a command's argument (private def x): its body's
	// do blocks are its own
	oldNoDo := p.noDo
	p.noDo = 0
	defer func() { p.noDo = oldNoDo }()
	d := &Def{At: At{off}, Name: name, Singleton: singleton}
	switch {
	case p.isOp("(call") || p.isOp("(") || p.isOp("(arg"):
		p.advance()
		d.Params, _ = p.parseParams(")")
		p.relex(sBeg)
	case p.tok.kind == tNL:
	default:
		d.Params, _ = p.parseParams("\n")
	}
	p.inDef++
	d.Body = p.parseBodyClauses(off)
	p.inDef--
	p.expectKw("end")
	return d
}
