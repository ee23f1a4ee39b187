package erb

// This file extends the template front end to whole Ruby source files: the
// functions of Puppet modules (lib/puppet/functions, lib/puppet/parser/
// functions) and the lib/ files they require. Such files use constructs
// templates do not: module and class bodies, singleton methods, yield and
// super, multiple assignment, constants, keyword parameters, here
// documents and __END__. Templates keep refusing them.

import "strings"

// Nodes only Ruby files have.
type (
	// Module is module Name ... end.
	Module struct {
		At
		Name Node // a *Const path
		Body *Begin
	}
	// Class is class Name < Super ... end, or class << self ... end
	// (Singleton, Name is the object).
	Class struct {
		At
		Name      Node
		Super     Node // nil when absent
		Singleton bool
		Body      *Begin
	}
	// Yield is yield(args).
	Yield struct {
		At
		Args []Node
	}
	// Super is super(args), or a bare super (Bare: the method's own
	// arguments are passed on).
	Super struct {
		At
		Args  []Node
		Block *Block
		Bare  bool
	}
	// File is __FILE__.
	File struct{ At }
	// MultiAssign is a, b = x (targets as assignTarget makes them;
	// a *Splat of one for *rest; a MultiAssign without Value for a
	// nested (b, c)).
	MultiAssign struct {
		At
		Targets []Node
		Value   Node
	}
	// For is for var in iter ... end (Var an assignment target, or a
	// MultiAssign without Value for for a, b in iter).
	For struct {
		At
		Var  Node
		Iter Node
		Body []Node
	}
	// DoubleSplat is **x in an argument list.
	DoubleSplat struct {
		At
		X Node
	}
	// Lambda is ->(params) { body } (or do ... end).
	Lambda struct {
		At
		Block *Block
	}
	// Alias is alias new old.
	Alias struct {
		At
		New, Old string
	}
)

// ParseRuby parses a Ruby source file. name is used in error positions;
// the returned Template's Program is the file itself, and its Body the
// file's statements. Errors are *diag.Diagnostic values as Parse's, with
// messages of code CodeUnsupported starting "unsupported Ruby: ".
func ParseRuby(name string, src []byte) (*Template, error) {
	pr := &program{src: src, segs: []segment{{n: len(src)}}}
	t := &Template{Name: name, Source: src, Program: string(src), prog: pr, ruby: true}
	t.tmplStarts = lineStarts(string(src))
	t.progStarts = t.tmplStarts
	p := &parser{prog: t.Program, scope: &varScope{vars: map[string]bool{}}, ruby: true}
	p.lex = newLexer(t.Program, 0, p.isLocal)
	p.lex.ruby = true
	body, perr := p.parseProgram()
	if perr != nil {
		if perr.unsupported {
			return nil, t.Errorf(CodeUnsupported, perr.off, "%s", perr.msg)
		}
		return nil, t.Errorf(CodeSyntax, perr.off, "%s", perr.msg)
	}
	t.Body = body
	t.FrozenStringLiterals = frozenStringLiterals(src)
	return t, nil
}

// frozenStringLiterals reports whether a Ruby file's magic comment
// "# frozen_string_literal: true" makes its string literals frozen (the
// same object each time they run): the last such comment among the
// comment lines before its code with the value true or false says, the
// name's case and - or _ as Ruby takes them. Only the plain form is
// recognized (not Emacs' -*- ... -*-): a file whose comment is not is read
// as without it, its literals new Strings.
func frozenStringLiterals(src []byte) bool {
	frozen := false
	for rest := string(src); rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			break
		}
		name, value, ok := strings.Cut(strings.TrimSpace(line[1:]), ":")
		name = strings.ReplaceAll(strings.TrimSpace(name), "-", "_")
		if !ok || !strings.EqualFold(name, "frozen_string_literal") {
			continue
		}
		// Ruby ignores (warns of) a value other than true or false
		switch value = strings.TrimSpace(value); {
		case strings.EqualFold(value, "true"):
			frozen = true
		case strings.EqualFold(value, "false"):
			frozen = false
		}
	}
	return frozen
}

// IsRuby reports whether t is a Ruby file (ParseRuby) rather than a
// template.
func (t *Template) IsRuby() bool { return t.ruby }

// parseMultiAssign reads the rest of a, b = x after its first target.
func (p *parser) parseMultiAssign(first Node) Node {
	targets := []Node{first}
	for p.isOp(",") {
		p.advance()
		if p.isOp("=") {
			break
		}
		targets = append(targets, p.parseMultiTarget())
	}
	if !p.isOp("=") {
		p.unexpected("'='")
	}
	p.advance()
	p.skipNL()
	for i, t := range targets {
		targets[i] = p.multiTarget(t)
	}
	var v Node
	if p.isOp("*@") {
		arr := &Array{At: At{p.tok.off}}
		arr.Elems = append(arr.Elems, p.parseArgElem())
		for p.isOp(",") {
			p.advance()
			p.skipNL()
			arr.Elems = append(arr.Elems, p.parseArgElem())
		}
		v = arr
	} else {
		v = p.parseAssignValue()
	}
	return &MultiAssign{At: At{first.Offset()}, Targets: targets, Value: v}
}

// parseMultiTarget reads a target of a multiple assignment after the
// first: *rest, a nested (b, *c), or an assignable expression.
func (p *parser) parseMultiTarget() Node {
	off := p.tok.off
	switch {
	case p.isOp("*@") || p.isOp("*"):
		p.advance()
		return &Splat{At: At{off}, X: p.parsePostfix(p.parsePrimary(false), false)}
	case p.isOp("(") || p.isOp("(arg"):
		p.advance()
		nested := &MultiAssign{At: At{off}}
		for {
			nested.Targets = append(nested.Targets, p.parseMultiTarget())
			if !p.isOp(",") {
				break
			}
			p.advance()
		}
		p.expectOp(")")
		return nested
	}
	return p.parsePostfix(p.parsePrimary(false), false)
}

// multiTarget makes a target parseMultiTarget read assignable
// (assignTarget), a nested one's targets too.
func (p *parser) multiTarget(t Node) Node {
	switch x := t.(type) {
	case *Splat:
		return &Splat{At: x.At, X: p.assignTarget(x.X)}
	case *MultiAssign:
		for i, n := range x.Targets {
			x.Targets[i] = p.multiTarget(n)
		}
		return x
	}
	return p.assignTarget(t)
}

// parseYieldSuper reads yield and super with their arguments.
func (p *parser) parseYieldSuper(allowCmd bool) Node {
	t := p.tok
	p.advance()
	c := &Call{At: At{t.off}, Name: t.s, NameOff: t.off}
	bare := true
	switch {
	case p.isOp("(call"):
		p.parseParenArgs(c)
		bare = false
	case allowCmd && p.isCommandArgStart():
		p.parseCommandArgs(c)
		bare = false
	}
	if t.s == "yield" {
		return &Yield{At: At{t.off}, Args: c.Args}
	}
	if c.Block == nil {
		p.parseBraceBlock(c)
	}
	return &Super{At: At{t.off}, Args: c.Args, Block: c.Block, Bare: bare}
}

// parseModule reads module and class definitions.
func (p *parser) parseModule() Node {
	kw := p.tok
	p.advance()
	n := &Class{At: At{kw.off}}
	if kw.s == "class" && (p.isOp("<<") || p.isOp("<<@")) {
		p.advance()
		n.Singleton = true
		n.Name = p.parseArg(false)
	} else {
		n.Name = p.parsePostfix(p.parsePrimary(false), false)
		if _, ok := n.Name.(*Const); !ok {
			p.fail(n.Name.Offset(), "class/module name must be CONSTANT")
		}
		if kw.s == "class" && p.isOp("<") {
			p.advance()
			n.Super = p.parseArg(false)
		}
	}
	old := p.scope
	p.pushScope(false)
	body := p.parseBodyClauses(kw.off)
	p.popScope(old)
	p.expectKw("end")
	if kw.s == "module" {
		return &Module{At: At{kw.off}, Name: n.Name, Body: body}
	}
	n.Body = body
	return n
}

// parseAlias reads alias new old (names or symbols).
func (p *parser) parseAlias() Node {
	off := p.tok.off
	p.lex.state = sFname
	p.advance()
	// the first name is followed by another (a method name: sFname), the
	// second by the end of the statement
	name := func(next lexState) string {
		t := p.tok
		switch t.kind {
		case tIdent, tConst, tKeyword, tSymbol, tGVar:
			p.lex.state = next
			p.advance()
			return t.s
		case tOp:
			p.lex.state = next
			p.advance()
			return opText(t.s)
		}
		p.unexpected("method name")
		return ""
	}
	nw := name(sFname)
	old := name(sEnd)
	return &Alias{At: At{off}, New: nw, Old: old}
}

// parseFor reads for var in iter [do] ... end.
func (p *parser) parseFor() Node {
	off := p.tok.off
	p.advance()
	v := p.assignTarget(p.parsePostfix(p.parsePrimary(false), false))
	if p.isOp(",") {
		m := &MultiAssign{At: At{off}, Targets: []Node{v}}
		for p.isOp(",") {
			p.advance()
			m.Targets = append(m.Targets, p.assignTarget(p.parsePostfix(p.parsePrimary(false), false)))
		}
		v = m
	}
	p.expectKw("in")
	p.noDo++
	iter := p.parseExprStmt()
	p.noDo--
	if p.isKw("do") {
		p.advance()
	}
	body := p.parseStmts()
	p.expectKw("end")
	return &For{At: At{off}, Var: v, Iter: iter, Body: body}
}

// parseLambda reads ->(params) { body } and ->(params) do body end.
func (p *parser) parseLambda() Node {
	off := p.tok.off
	p.advance()
	old := p.scope
	p.pushScope(true)
	defer p.popScope(old)
	b := &Block{At: At{off}}
	if p.isOp("(") || p.isOp("(call") || p.isOp("(arg") {
		p.advance()
		b.Params, _ = p.parseParams(")")
	}
	switch {
	case p.isOp("{blk") || p.isOp("{lit"):
		b.Brace = true
		p.advance()
		b.Body = p.parseStmts()
		p.expectOp("}")
	case p.isKw("do"):
		p.advance()
		body := p.parseBodyClauses(off)
		b.Body = body.Body
		if len(body.Rescues) > 0 || body.Else != nil || body.Ensure != nil {
			b.Body = []Node{body}
		}
		p.expectKw("end")
	default:
		p.unexpected("'{' or 'do'")
	}
	return &Lambda{At: At{off}, Block: b}
}
