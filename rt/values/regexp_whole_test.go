package values

import (
	"regexp/syntax"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegexpWholeSet checks patterns that match whole subjects from a few
// strings, found by comparing strings: their match data as Ruby gives it
// ($~.to_a: "running" =~ /^(running|stopped)$/ is ["running", "running"];
// "xrunning", "runningx" and "run" do not match; /^(a|b|)$/ matches "" with
// $1 ""), and the subjects with line breaks, which Ruby's ^ and $ match
// line by line ("a\nrunning" matches with $0 "running"; "stopped\n" matches
// with $0 "stopped"), still matched by the engines.
func TestRegexpWholeSet(t *testing.T) {
	s := func(vs ...string) []Value {
		out := make([]Value, len(vs))
		for i, v := range vs {
			out[i] = String(v)
		}
		return out
	}
	cases := []struct {
		pattern, subject string
		want             []Value // nil: no match
	}{
		{`^(running|stopped)$`, "running", s("running", "running")},
		{`^(running|stopped)$`, "stopped", s("stopped", "stopped")},
		{`^(running|stopped)$`, "xrunning", nil},
		{`^(running|stopped)$`, "runningx", nil},
		{`^(running|stopped)$`, "run", nil},
		{`^(running|stopped)$`, "", nil},
		{`^(running|stopped)$`, "a\nrunning", s("running", "running")},
		{`^(running|stopped)$`, "stopped\n", s("stopped", "stopped")},
		{`^(stop|start)$`, "start", s("start", "start")},
		{`^(stop|start)$`, "stat", nil},
		{`^present$`, "present", s("present")},
		{`^present$`, "present ", nil},
		{`\A(a|b)\z`, "b", s("b", "b")},
		{`\A(a|b)\z`, "ab", nil},
		{`^(a|b|)$`, "", s("", "")},
		{`^(?:yes|no)$`, "no", s("no")},
		{`^(?i:yes|no)$`, "YES", s("YES")},
		{`^(é|ü)$`, "ü", s("ü", "ü")},
		{`^v[12]\.(0|1)$`, "v2.1", s("v2.1", "1")},
	}
	for _, c := range cases {
		r := RegexpOf(c.pattern)
		got, err := r.Match(c.subject)
		require.NoError(t, err, c.pattern)
		assert.Equal(t, c.want, got, "%q =~ /%s/", c.subject, c.pattern)
		assert.Equal(t, c.want != nil, r.MatchString(c.subject), "%q =~ /%s/", c.subject, c.pattern)
	}
	for pattern, whole := range map[string]bool{
		`^(running|stopped)$`: true, `^(stop|start)$`: true, `^present$`: true, `\A(a|b)\z`: true,
		`^(a|b|)$`: true, `^(?:yes|no)$`: true, `^(é|ü)$`: true,
		`^(?i:yes|no)$`: false, `^v[12]\.(0|1)$`: false, `^(a|b)+$`: false, `(running|stopped)$`: false,
		`^((a)|b)$`: false, `^[a-z]$`: false,
	} {
		r := RegexpOf(pattern)
		_, err := r.Match("x")
		require.NoError(t, err)
		assert.Equal(t, whole, r.whole != nil, pattern)
	}
}

// TestWholeSetStrings checks the strings of whole sets: alternatives
// factored by the parser (st(?:op|art)), classes and empty alternatives
// enumerated, and the bounds.
func TestWholeSetStrings(t *testing.T) {
	set := func(pattern string) *wholeSet {
		re, err := syntax.Parse(pattern, syntax.Perl)
		require.NoError(t, err)
		return wholeSetOf(re)
	}
	assert.Equal(t, &wholeSet{strs: []string{"stop", "start"}, groups: 2}, set(`^(stop|start)$`))
	assert.Equal(t, &wholeSet{strs: []string{"a1", "a2", "b1", "b2"}, groups: 1}, set(`^[ab][12]$`))
	assert.Equal(t, &wholeSet{strs: []string{"x", "xy"}, groups: 1}, set(`^x(?:|y)$`))
	assert.Nil(t, set(`^[a-z][a-z]$`), "more than the bound")
	assert.Nil(t, set(`^a.$`))
	assert.Nil(t, set("^\uFFFD$"), "U+FFFD stands for bytes that are not UTF-8")
}
