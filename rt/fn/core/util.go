// Package core implements Puppet 7.23's core functions (functions/*.rb and
// parser/functions/*.rb) with their dispatches, results and messages. It
// registers them from init; import it for its side effect.
//
// The functions that steer evaluation (include, require, contain, realize,
// tag, tagged, defined, create_resources, break, next, return, the logging
// functions), lookup and hiera*, and the template functions are the
// runtime's, not this package's.
package core

import (
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func indexOf(s, sub string) int { return strings.Index(s, sub) }

func runeCount(s string) int { return utf8.RuneCountInString(s) }

// rubyEq is Ruby's == between Puppet values: numbers by value (1 == 1.0),
// strings case-sensitively, containers element by element.
func rubyEq(a, b v.Value) bool { return fn.RubyEqual(a, b) }

func str(x v.Value) string { return string(x.(v.String)) }

func boolArg(a []v.Value, i int, def bool) bool {
	if i < len(a) {
		if b, ok := a[i].(v.Bool); ok {
			return bool(b)
		}
	}
	return def
}

// The 3.x functions of Puppet's core (parser/functions, and one for each
// log level, parser/functions.rb): some are stubs of 4.x functions, but
// stdlib's is_function_available and a scope's function_ methods see them
// all.
func init() {
	fn.Declare3x(strings.Fields(`alert crit debug emerg err info notice warning
	assert_type binary_file break contain create_resources defined dig digest each
	epp fail file filter find_file fqdn_rand generate hiera hiera_array hiera_hash hiera_include include
	inline_epp inline_template lest lookup map match md5 new next realize reduce regsubst require return
	reverse_each scanf sha1 sha256 shellquote slice split sprintf step strftime tag tagged template then
	type versioncmp with`)...)
}
