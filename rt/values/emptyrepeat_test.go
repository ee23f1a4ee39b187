package values

import (
	"regexp/syntax"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestEmptyRepeatCapture: a repetition of a part that may match empty and
// holds a group is one where Ruby's groups differ from Go's (Ruby:
// /(a|)+b/ =~ "aab" sets $1 to "", Go's engine to "a"); a pattern that
// repeats no group is answered without parsing it (repeatsGroup), the
// same as the parse answers.
func TestEmptyRepeatCapture(t *testing.T) {
	for pattern, want := range map[string]bool{
		`(a|)+b`:                  true,
		`(x?)*`:                   true,
		`(?:(a)|)*c`:              true,
		`(?:(a)|b){2}`:            false, // nothing in it matches empty
		`(\+pymysql)?://`:         false,
		`([0-9.e+-]*)\s*([^bB]?)`: false,
		`(directory|location)`:    false,
		`^(.*)match$`:             false,
		`a\)*(b)`:                 false,
		`[)]+(b)`:                 false,
	} {
		assert.Equal(t, want, EmptyRepeatCapture(pattern), pattern)
		re, err := syntax.Parse(pattern, syntax.Perl)
		if assert.NoError(t, err, pattern) {
			assert.Equal(t, emptyRepeatCapture(re), EmptyRepeatCapture(pattern), pattern)
		}
		if !repeatsGroup(pattern) {
			assert.False(t, emptyRepeatCapture(re), "%s repeats no group", pattern)
		}
	}
}
