// Package rubyregexp decides whether a string compiles as a Ruby 3.1 regular
// expression, as Puppet's lexer does for every regexp literal with
// Regexp.new(source), and reproduces Ruby's RegexpError message when it does not.
//
// It follows the two stages Ruby runs: re.c's preprocessing of escapes
// (preprocess.go) and Onigmo's parser and compile-time checks (scan.go,
// parse.go, cclass.go, compile.go). No matching engine is built; the parse tree
// is kept only as far as Onigmo's error decisions depend on it.
package rubyregexp

// Error is a Ruby RegexpError: Message is Onigmo's (or re.c's) text and Source
// the pattern as given to Regexp.new.
type Error struct {
	Message string
	Source  string
}

// Error returns the message exactly as Ruby's RegexpError#message prints it,
// e.g. "premature end of char-class: /[/".
func (e *Error) Error() string {
	return e.Message + ": " + describe(e.Source)
}

// Check reports whether source compiles as a Ruby 3.1 (Onigmo) regular expression
// created with Regexp.new(source) (no options); if not, it returns the exact
// message Ruby's RegexpError carries, including the ": /pattern/" suffix as Ruby prints it.
func Check(source string) error {
	buf, utf8, msg := preprocess(source)
	if msg != "" {
		return &Error{Message: msg, Source: source}
	}
	if err := compile(buf, utf8); err != nil {
		return &Error{Message: err.message(), Source: source}
	}
	return nil
}
