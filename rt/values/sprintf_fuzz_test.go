package values

import (
	"regexp"
	"testing"
)

// hugeWidth is a number of six digits or more in a format.
var hugeWidth = regexp.MustCompile(`[0-9]{6}`)

// FuzzSprintf: any format string, with arguments of each kind, formats to
// a text or an error, never a panic (Puppet's sprintf() and String()
// formats reach Sprintf with the code's strings; go test ./rt/values
// -run '^$' -fuzz FuzzSprintf).
func FuzzSprintf(f *testing.F) {
	for _, s := range []string{"%s", "%d %05.2f %x %o %e %g %%", "%-10s|%+d|% d", "%<a>s %{b}", "%*d %.*s", "%2$s %1$s", "%c%b%B%X%p"} {
		f.Add(s)
	}
	args := []Value{String("x"), Int(-42), Float(3.5), Bool(true), Undef, NewArray(Int(1), String("a")),
		NewHashFromPairs(String("a"), Int(1), String("b"), String("bee"))}
	f.Fuzz(func(t *testing.T, format string) {
		if hugeWidth.MatchString(format) {
			return // a width or precision of a billion makes a text of a billion bytes, in Ruby too
		}
		Sprintf(format, args...)
		Sprintf(format)
		Sprintf(format, args[len(args)-1])
	})
}
