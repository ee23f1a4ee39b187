package erb

import (
	"fmt"
	"strconv"
	"strings"
)

// RubyError is a Ruby exception raised while a template renders. It
// travels as a panic and is recovered by Render (or by a rescue clause).
type RubyError struct {
	Class *Class
	Msg   string
	// Msg33 is the message in Ruby 3.3's words, which Puppet 8.10's Ruby
	// gives, where they are not Ruby 3.1's (Msg, Puppet 7.23's): a
	// NoMethodError or NameError names its receiver by class alone ("for
	// an instance of String", "for nil") and has no did_you_mean
	// suggestions. The R that sees the exception rescued, or leaving for
	// Puppet, settles the message for its release (Settle).
	Msg33 string
	// Line is the template line where it was raised (Ruby's line, which is
	// the template's unless a multi-line <%# %> comment precedes it).
	Line int
	// Frame, when set, is where in Ruby's or Puppet's own code it was
	// raised ("file:line", Ruby's backtrace.first), e.g. ipaddr.rb for
	// IPAddr.new; otherwise it was raised in the template at Line.
	Frame string
	// Frame33 is Frame in Puppet 8.10 where it is another line (Settle).
	Frame33 string
	// Cause is the error of a Puppet function called from the template.
	Cause error
	// Data is what the exception carries besides its message
	// (OpenURI::HTTPError#io).
	Data Value
}

func (e *RubyError) Error() string { return e.Msg }

// Unwrap returns the Puppet function error the exception carries, if any.
func (e *RubyError) Unwrap() error { return e.Cause }

// raise panics with a Ruby exception.
func raise(c *Class, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	panic(&RubyError{Class: c, Msg: msg})
}

// noMethod raises Ruby's NoMethodError for name on recv.
func noMethod(name string, recv Value) {
	raiseNoMethod(ClassNoMethodError, "undefined method `"+name+"' for ", describeForError(recv)+didYouMean(noMethodSuggestions(name, recv)), describe33(recv))
}

// raiseNoMethod raises a NoMethodError or NameError whose message is
// prefix and the receiver as Ruby 3.1 shows it (recv31), or Ruby 3.3
// (recv33).
func raiseNoMethod(c *Class, prefix, recv31, recv33 string) {
	panic(&RubyError{Class: c, Msg: prefix + recv31, Msg33: prefix + recv33})
}

// Settle makes e's message the one of the Ruby that runs Puppet release
// major (7 or 8) and returns e.
func (e *RubyError) Settle(major int) *RubyError {
	if e.Msg33 != "" {
		if major >= 8 {
			e.Msg = e.Msg33
		}
		e.Msg33 = ""
	}
	if e.Frame33 != "" {
		if major >= 8 {
			e.Frame = e.Frame33
		}
		e.Frame33 = ""
	}
	return e
}

func typeError(format string, args ...any) { raise(ClassTypeError, format, args...) }

func argError(format string, args ...any) { raise(ClassArgumentError, format, args...) }

// arity checks the number of arguments as Ruby does for a method with
// min..max parameters (max < 0: any number).
func arity(args []Value, min, max int) {
	n := len(args)
	if n >= min && (max < 0 || n <= max) {
		return
	}
	switch {
	case max < 0:
		argError("wrong number of arguments (given %d, expected %d+)", n, min)
	case min == max:
		argError("wrong number of arguments (given %d, expected %d)", n, min)
	default:
		argError("wrong number of arguments (given %d, expected %d..%d)", n, min, max)
	}
}

// implicitConversion raises the TypeError of a failed implicit conversion
// ("no implicit conversion of nil into String").
func implicitConversion(v Value, into string) {
	typeError("no implicit conversion of %s into %s", typeName(v), into)
}

// TemplateError is the error of a failed template() render, formatted as
// Puppet's template function reports it.
type TemplateError struct {
	Name   string // the template as named in template() ("mod/file.erb")
	Path   string // the template file
	Inline bool   // inline_template()
	Err    *RubyError
	// Filepath and Line are what Puppet shows: the first two fields of the
	// backtrace's first line split at ':' (so "<internal:kernel>:173"
	// shows as "<internal" and "kernel>", as Puppet prints it).
	Filepath string
	Line     string
}

// newTemplateError makes the error for a rendering of the file path.
func newTemplateError(re *RubyError, name, path string, inline bool) *TemplateError {
	te := &TemplateError{Name: name, Path: path, Inline: inline, Err: re}
	frame := re.Frame
	if frame == "" {
		if inline {
			path = "(erb)"
		}
		frame = path + ":" + strconv.Itoa(re.Line)
	}
	parts := strings.SplitN(frame, ":", 3)
	te.Filepath = parts[0]
	if len(parts) > 1 {
		te.Line = parts[1]
	}
	return te
}

// Error is Puppet's message: for template(),
//
//	Failed to parse template mod/x.erb:
//	  Filepath: /path/mod/templates/x.erb
//	  Line: 3
//	  Detail: undefined method `each' for nil:NilClass
//
// (with a final newline), and for inline_template()
// "Failed to parse inline template: <detail>".
func (e *TemplateError) Error() string {
	if e.Inline {
		return "Failed to parse inline template: " + e.Err.Msg
	}
	var b strings.Builder
	b.WriteString("Failed to parse template ")
	b.WriteString(e.Name)
	b.WriteString(":\n  Filepath: ")
	b.WriteString(e.Filepath)
	b.WriteString("\n  Line: ")
	b.WriteString(e.Line)
	b.WriteString("\n  Detail: ")
	b.WriteString(e.Err.Msg)
	b.WriteString("\n")
	return b.String()
}

// Unwrap returns the Ruby exception.
func (e *TemplateError) Unwrap() error { return e.Err }
