package rt

import (
	"fmt"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Errors travel as panics, recovered once per compile (and where Puppet
// itself catches them), so that generated code carries no error plumbing.
//
// Two kinds exist, as in Puppet's evaluator:
//   - a *Error is complete: "Evaluation Error: message (file: ..)" with its
//     position, raised at a site; it propagates unchanged;
//   - a *detailError has no position yet (raised by a function or by the
//     catalog); the innermost site that sees it turns it into
//     "Error while evaluating a <label>, <detail>" at that site, as Puppet's
//     evaluator does with RUNTIME_ERROR.

// Error is a compilation failure with Puppet's message and position.
type Error struct {
	Message string // as Puppet prints it, without " on node ..."
	File    string
	Line    int
	Column  int
	Code    string // Puppet's issue code where it has one
	Node    string // the node being compiled, once known
}

func (e *Error) Error() string {
	if e.Node != "" {
		return e.Message + " on node " + e.Node
	}
	return e.Message
}

// detailError is an error without a position yet.
type detailError struct {
	msg  string
	code string
}

func (e *detailError) Error() string { return e.msg }

// Errorf raises an error with no position; the nearest site reports it as
// "Error while evaluating a ..., <message>".
func Errorf(format string, args ...any) {
	panic(&detailError{msg: fmt.Sprintf(format, args...)})
}

// Fail raises an error whose message is text as given.
func Fail(msg string) {
	panic(&detailError{msg: msg})
}

func locationString(file string, line, column int) string {
	switch {
	case file != "" && line > 0 && column > 0:
		return fmt.Sprintf("(file: %s, line: %d, column: %d)", file, line, column)
	case file != "" && line > 0:
		return fmt.Sprintf("(file: %s, line: %d)", file, line)
	case line > 0 && column > 0:
		return fmt.Sprintf("(line: %d, column: %d)", line, column)
	case line > 0:
		return fmt.Sprintf("(line: %d)", line)
	case file != "":
		return fmt.Sprintf("(file: %s)", file)
	}
	return ""
}

// located is a Puppet::ParseError raised with a file and line: Puppet
// reports it as is, without "Evaluation Error:", and no site rewraps it.
func located(msg, file string, line int) *Error {
	e := &Error{Message: msg, File: file, Line: line}
	if loc := locationString(file, line, 0); loc != "" {
		e.Message += " " + loc
	}
	return e
}

// IssueAt raises Puppet's error for an issue at a site: "Evaluation Error:
// <message> (file: .., line: .., column: ..)".
func IssueAt(s *Site, code, format string, args ...any) {
	panic(issueError(s, code, fmt.Sprintf(format, args...)))
}

func issueError(s *Site, code, msg string) *Error {
	e := &Error{Code: code}
	var loc string
	if s != nil && s.File != nil {
		e.File, e.Line, e.Column = s.File.Path, int(s.Line), int(s.Column)
		loc = s.Location()
	}
	e.Message = "Evaluation Error: " + msg
	if loc != "" {
		e.Message += " " + loc
	}
	return e
}

// runtimeError is RUNTIME_ERROR at a site: Puppet's wrapping of an error
// raised below an expression.
func runtimeError(s *Site, detail string) *Error {
	return issueError(s, "RUNTIME_ERROR", "Error while evaluating "+s.LabelWithArticle()+", "+detail)
}

// atSite converts whatever was raised below a site into the error Puppet
// reports: a complete *Error passes unchanged, anything else is wrapped.
// It re-panics; call it from a deferred function with recover's value.
func atSite(s *Site, r any) {
	switch e := r.(type) {
	case nil:
		return
	case *Error, controlFlow, *fn.FatalError:
		panic(r)
	case *detailError:
		err := runtimeError(s, e.msg)
		if e.code != "" {
			err.Code = e.code
		}
		panic(err)
	case *values.Error:
		if e.Preformatted {
			panic(&Error{Message: e.Message, Code: e.Code})
		}
		panic(runtimeError(s, e.Error()))
	case error:
		panic(runtimeError(s, e.Error()))
	default:
		panic(r)
	}
}

// guard runs f and reports what it raises at site s.
func guard(s *Site, f func()) {
	defer func() { atSite(s, recover()) }()
	f()
}

// guardRef is guard at a site built only when f panics.
func guardRef(s SiteRef, f func()) {
	returned := false // as in Scope.Fn
	defer func() {
		if returned {
			return
		}
		if r := recover(); r != nil {
			atSite(s.Site(), r)
		}
	}()
	f()
	returned = true
}

// firstLine is the first line of a message (for logs).
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
