// Package erb reads ERB templates as Puppet renders them: the template text
// is compiled into a Ruby program exactly as Ruby's ERB library does with
// Puppet's trim mode ("-": `<%-` and `-%>` trim), and the program is parsed
// into a syntax tree of the Ruby subset that templates use. The tree is
// what codegen/erbgen translates into Go.
//
// Errors are *diag.Diagnostic values with the template's file, line and
// column: Code "ERB_SYNTAX" for a program Ruby itself would reject, and
// "ERB_UNSUPPORTED" for Ruby that pp2go does not translate.
package erb

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/frontend/diag"
)

// Issue codes of the diagnostics this package reports.
const (
	CodeSyntax      = "ERB_SYNTAX"
	CodeUnsupported = "ERB_UNSUPPORTED"
)

// Template is a parsed ERB template.
type Template struct {
	Name    string // file name used in messages
	Source  []byte // the template text
	Program string // the Ruby program ERB generates from it
	Body    []Node // the program's statements (ERB's own setup removed)
	// FrozenStringLiterals is a Ruby file's magic comment
	// frozen_string_literal: true (ParseRuby)
	FrozenStringLiterals bool

	prog       *program
	ruby       bool
	tmplStarts []int
	progStarts []int
}

// Parse compiles and parses a template. name is used in error positions.
func Parse(name string, src []byte) (*Template, error) {
	pr := compileERB(src)
	t := &Template{Name: name, Source: src, Program: string(pr.src), prog: pr}
	t.tmplStarts = lineStarts(string(src))
	t.progStarts = lineStarts(t.Program)
	p := &parser{prog: t.Program, scope: &varScope{vars: map[string]bool{}}}
	p.lex = newLexer(t.Program, 0, p.isLocal)
	body, perr := p.parseProgram()
	if perr != nil {
		if perr.unsupported {
			return nil, t.Errorf(CodeUnsupported, perr.off, "%s", perr.msg)
		}
		return nil, t.Errorf(CodeSyntax, perr.off, "%s", perr.msg)
	}
	t.Body = body
	return t, nil
}

func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// Position returns the template line and column (1-based, in characters)
// of a program offset.
func (t *Template) Position(off int) (line, col int) {
	o := t.prog.templateOffset(off)
	if o > len(t.Source) {
		o = len(t.Source)
	}
	line = sort.SearchInts(t.tmplStarts, o+1)
	start := t.tmplStarts[line-1]
	col = utf8.RuneCount(t.Source[start:o]) + 1
	return line, col
}

// RubyLine returns the line Ruby reports for a program offset (the line of
// the generated program, which is the template line unless a multi-line
// <%# %> comment precedes it).
func (t *Template) RubyLine(off int) int {
	return sort.SearchInts(t.progStarts, off+1)
}

// Errorf makes a diagnostic at a program offset. Messages of code
// CodeUnsupported start with "unsupported Ruby in an ERB template: ".
func (t *Template) Errorf(code string, off int, format string, args ...any) *diag.Diagnostic {
	line, col := t.Position(off)
	d := &diag.Diagnostic{Severity: diag.Error, Code: code, File: t.Name, Line: line, Column: col, Offset: t.prog.templateOffset(off)}
	d.Message = sprintf(format, args...)
	if code == CodeUnsupported && t.ruby {
		d.Message = "unsupported Ruby: " + d.Message
	} else if code == CodeUnsupported {
		d.Message = "unsupported Ruby in an ERB template: " + d.Message
	}
	return d
}

// Snippet returns the template source of the line at a program offset,
// trimmed (for messages naming a construct).
func (t *Template) Snippet(off int) string {
	line, _ := t.Position(off)
	start := t.tmplStarts[line-1]
	end := len(t.Source)
	if line < len(t.tmplStarts) {
		end = t.tmplStarts[line] - 1
	}
	return strings.TrimSpace(string(t.Source[start:end]))
}

func sprintf(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
}
