// Package parser reads Puppet 7 source (manifests and EPP templates) into an
// ast.Program exactly as Puppet 7.23's parser does: the same tree, the same
// positions and the same syntax errors with Puppet's messages.
//
// The lexer is a port of Puppet's Lexer2; the grammar (grammar.y) is Puppet's
// egrammar.ra transcribed for goyacc. Validation (Puppet's Checker4_0) is a
// separate pass, in package validate.
package parser

//go:generate go tool goyacc -l -o grammar.go -v "" grammar.y

import (
	"fmt"
	"sync"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/source"
)

// Result is a parsed file: the program, or the error that stopped parsing,
// and the warnings the lexer reported (unrecognized escapes).
type Result struct {
	Program  *ast.Program
	Warnings diag.List
	// Raised is the Ruby error of Puppet's own lexer that stopped parsing
	// (diag.RubyError), a diagnostic for each release; the error Parse
	// returns is the first
	Raised diag.List
}

// ParseFile parses Puppet source. It returns the program or the first error,
// as Puppet stops at the first syntax error; the result holds the warnings
// reported before an error too.
func ParseFile(f *source.File) (*Result, *diag.Diagnostic) {
	return parse(f, false)
}

// ParseEPP parses an EPP template. The program's body is a lambda whose body
// is the template.
func ParseEPP(f *source.File) (*Result, *diag.Diagnostic) {
	return parse(f, true)
}

// parser connects the lexer to the goyacc parser and holds the state that
// Puppet's parser support keeps: the enclosing class names and the
// definitions found.
type parser struct {
	lx          *lexer // lx.cur is the token most recently handed to the grammar
	names       []string
	definitions []ast.Definition
	result      *ast.Program
	nodes       *nodeSlabs // from the pool, shared with later parses
}

func parse(f *source.File, epp bool) (res *Result, err *diag.Diagnostic) {
	res = &Result{}
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case lexError:
				res.Program, err = nil, e.d
			case rubyRaise:
				res.Program, res.Raised, err = nil, e.ds, e.ds[0]
			default:
				panic(r)
			}
		}
	}()
	if d := checkBOM(f.Text); d != nil {
		return res, d
	}
	lx := newLexer(f, &res.Warnings)
	if epp {
		lx.eppMode = eppText
		lx.enqueueCompleted(EPP_START, "", 0, 0)
		lx.interpolateEpp(false)
	} else {
		lx.skipWS()
	}
	st := statePool.Get().(*parserState)
	p := &parser{lx: lx, nodes: &st.nodes}
	st.yy.Parse(p)
	statePool.Put(st)
	p.result.File = f
	res.Program = p.result
	return res, nil
}

// parserState is what parses reuse: goyacc's parser, whose stack is the
// largest allocation of parsing a small file, and the node slabs.
type parserState struct {
	yy    yyParser
	nodes nodeSlabs
}

var statePool = sync.Pool{New: func() any { return &parserState{yy: yyNewParser()} }}

// Lex hands the next token to the grammar.
func (p *parser) Lex(lval *yySymType) int {
	p.lx.next()
	t := &p.lx.cur
	lval.tok = symbol{value: t.value, offset: t.offset, length: t.length}
	return int(t.kind)
}

// Error is goyacc's syntax error callback: report Puppet's syntax error at
// the token the grammar could not accept.
func (p *parser) Error(string) {
	t := p.lx.cur
	d := &diag.Diagnostic{Severity: diag.Error, Code: "SYNTAX_ERROR"}
	if t.kind == 0 {
		d.Message = "Syntax error at end of input"
		d.File = p.lx.file.Name
		panic(lexError{d})
	}
	d.Message = fmt.Sprintf("Syntax error at '%s'", errorText(t))
	panic(lexError{d.At(p.lx.file, int(t.offset))})
}

// errorText is a token's value as Puppet's syntax error quotes it.
func errorText(t token) string {
	if t.kind == REGEX {
		return rubyRegexpToS(t.value)
	}
	return t.value
}

// rubyRegexpToS is Ruby's Regexp#to_s for a pattern without options.
func rubyRegexpToS(src string) string {
	out := make([]byte, 0, len(src)+8)
	out = append(out, "(?-mix:"...)
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\\' && i+1 < len(src) {
			out = append(out, c, src[i+1])
			i++
			continue
		}
		if c == '/' {
			out = append(out, '\\')
		}
		out = append(out, c)
	}
	return string(append(out, ')'))
}

func (p *parser) program(body ast.Expr) {
	p.result = &ast.Program{Body: body, Definitions: p.definitions}
}

// emptyProgram is a program with a no-op at the end of the input.
func (p *parser) emptyProgram() {
	p.result = &ast.Program{Body: &ast.Nop{Loc: ast.Loc{Offset: int32(len(p.lx.file.Text))}}}
}

// boms are the byte order marks Puppet refuses, in the order it tests them.
var boms = []struct {
	name  string
	bytes string
}{
	{"UTF-32", "\x00\x00\xFE\xFF"},
	{"UTF-32", "\xFF\xFE\x00\x00"},
	{"GB-18030", "\x84\x31\x95\x33"},
	{"UTF-EBCDIC", "\xDD\x73\x66\x73"},
	{"SCSU", "\x0E\xFE\xFF"},
	{"UTF-8", "\xEF\xBB\xBF"},
	{"UTF-1", "\xF7\x64\x4C"},
	{"BOCU", "\xFB\xEE\x28"},
	{"UTF-16", "\xFE\xFF"},
	{"UTF-16", "\xFF\xFE"},
}

// checkBOM reports Puppet's error for source starting with a byte order mark.
func checkBOM(text string) *diag.Diagnostic {
	for _, b := range boms {
		if len(text) >= len(b.bytes) && text[:len(b.bytes)] == b.bytes {
			hex := ""
			for i := 0; i < len(b.bytes); i++ {
				if i > 0 {
					hex += " "
				}
				hex += fmt.Sprintf("%X", b.bytes[i])
			}
			return &diag.Diagnostic{Severity: diag.Error, Code: "ILLEGAL_BOM",
				Message: fmt.Sprintf("Illegal %s Byte Order mark at beginning of input: [%s] - remove these from the puppet source", b.name, hex)}
		}
	}
	return nil
}
