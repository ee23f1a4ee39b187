// Package diag is the diagnostics that every stage of the compiler reports:
// an issue code, Puppet's message text and a position.
package diag

import (
	"fmt"

	"github.com/pp2go/pp2go/frontend/source"
)

// Severity of a diagnostic, as Puppet's validator grades issues.
type Severity int

const (
	Error Severity = iota
	Warning
	Deprecation
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Deprecation:
		return "deprecation"
	}
	return "error"
}

// Diagnostic is one reported issue. Line and Column are 0 when unknown.
type Diagnostic struct {
	Severity Severity
	Code     string // Puppet's issue code, e.g. SYNTAX_ERROR
	Message  string // Puppet's message text, without location
	File     string
	Line     int
	Column   int
	Offset   int
	// Hint is advice beyond Puppet's message, such as "did you mean
	// 'warning'?"; "" when there is none.
	Hint string
	// Puppet is the one Puppet major version that reports the issue (8
	// for a duplicate key only Puppet 8's literal evaluator sees); 0 when
	// every version does.
	Puppet int
}

// At fills in the position of offset in file.
func (d *Diagnostic) At(f *source.File, offset int) *Diagnostic {
	d.File = f.Name
	d.Line = f.Line(offset)
	d.Column = f.Column(offset)
	d.Offset = offset
	return d
}

// Error formats the diagnostic as Puppet formats a ParseError:
// "message (file: f, line: l, column: c)".
func (d *Diagnostic) Error() string {
	loc := source.PuppetLocation(d.File, d.Line, d.Column)
	if loc == "" {
		return d.Message
	}
	return d.Message + " " + loc
}

// Short formats the diagnostic compiler-style: "file:line:col: message".
func (d *Diagnostic) Short() string {
	switch {
	case d.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Column, d.Message)
	case d.File != "":
		return fmt.Sprintf("%s: %s", d.File, d.Message)
	}
	return d.Message
}

// List is a sequence of diagnostics in the order found.
type List []*Diagnostic

// Errors returns the diagnostics of severity Error.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// RubyError is the code of a Ruby error Puppet's own code raises as it
// reads a file (its lexer's or its validator's): the file does not load,
// whatever the settings. Its text is Ruby's, which differs between the
// Ruby of Puppet 7.23 (3.1) and of Puppet 8.10 (3.3), so each release
// that raises it has a diagnostic of its own (Puppet 7 or 8).
const RubyError = "RUBY_ERROR"

// NoMethodError is the NoMethodError of a method called on nil, true or
// false in Puppet's own code: Receiver is the value ("nil"), Class its
// class ("NilClass"), and Source and Caret are the line of Puppet's code
// and the carets under the call that Ruby 3.1's error_highlight adds.
type NoMethodError struct {
	Method, Receiver, Class string
	Source, Caret           string
}

// Diagnostics are e's diagnostics (RubyError) for Puppet 7.23, in Ruby
// 3.1's words (the receiver and its class, then the highlighted call),
// and for Puppet 8.10, in Ruby 3.3's (the receiver alone).
func (e NoMethodError) Diagnostics(sev Severity) List {
	prefix := "undefined method `" + e.Method + "' for " + e.Receiver
	return List{
		{Severity: sev, Code: RubyError, Puppet: 7, Message: prefix + ":" + e.Class + "\n\n" + e.Source + "\n" + e.Caret},
		{Severity: sev, Code: RubyError, Puppet: 8, Message: prefix},
	}
}
