package erb

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Matching goes on while regexp2's timeout clock ticks: no match may fail
// with a timeout (MatchTimeout = -1 once made matches that span a tick fail
// at random; see rt/values' test of the same).
func TestRegexpNeverTimesOut(t *testing.T) {
	re, err := NewRegexp(`(?=\w)b`, "")
	require.NoError(t, err)
	s := strings.Repeat("a", 5000) + "b"
	runes := []rune(s)
	for start, n := time.Now(), 0; time.Since(start) < 150*time.Millisecond; n++ {
		if re.findAt(s, runes, 0) == nil {
			t.Fatalf("match %d failed", n)
		}
	}
}

// \G anchors where a search starts (Onigmo's rule): at 0 for =~, at the
// given position for match, and at the previous match's end in scan and
// gsub. Expected values are Ruby 3.1's (ruby -e 'p ...').
func TestRegexpStartAnchor(t *testing.T) {
	r := New(nil)
	scan := func(s, re string) string {
		return Inspect(r.ScanRe(S(s), nil, Re(re, "m")))
	}
	require.Equal(t, `["", "", "", ""]`, scan("abc", `\G`))
	require.Equal(t, `["a", "a"]`, scan("aab", `\Ga`))
	require.Equal(t, `[["a", ","], ["b", ","], ["c", ""]]`, scan("a,b,,c", `\G,*([^,]+)(,|\z)?`))
	// accounts' ssh options parser (Forge accounts 9.0.0): \G with an atomic group
	require.Equal(t,
		`[["a=", nil, nil, nil, nil, nil], [nil, nil, "\"x,y\"", nil, nil, ","], ["b", nil, nil, nil, nil, ","], [nil, "q r", nil, nil, nil, nil], [" z", nil, nil, nil, nil, nil], [nil, nil, nil, "\\,", nil, nil], ["w", nil, nil, nil, nil, ""]]`,
		scan(`a="x,y",b,'q r' z\,w`, `\G,*(?>([^,\\'"]+)|'([^']*)'|("(?:[^"\\]|\\.)*")|(\\.?)|(\S))(,|\z)?`))
	require.Equal(t, `"xaa"`, Inspect(r.Gsub(S("xaa"), nil, Re(`\Ga`, ""), S("b"))))
	require.Equal(t, `"bbx"`, Inspect(r.Gsub(S("aax"), nil, Re(`\Ga`, ""), S("b"))))
	require.Equal(t, `"a"`, Inspect(r.Match(S("ba"), nil, Re(`\Ga`, ""), int64(1)).(*MatchData).Groups[0]))
	require.Nil(t, r.Match(S("ba"), nil, Re(`\Ga`, "")))
}

// TestSmallMatchStrings: a match of a pattern with at most one group is
// one allocation with its groups' Strings (and Go's engine's list of the
// match's indexes, in a process that keeps none: values.KeepsCopies,
// GoLines.SubmatchIndex), in Go's engine and in regexp2's (a non-ASCII
// string); each group its own String.
func TestSmallMatchStrings(t *testing.T) {
	r := New(nil)
	re := Re(`b(c)`, "")
	s := S("abcd")
	if n := testing.AllocsPerRun(10, func() { r.Match(s, nil, re) }); n != 2 {
		t.Errorf("a match with one group made %v allocations, want 2", n)
	}
	for _, x := range []string{"abcd", "äbcd"} {
		md := r.Match(S(x), nil, re).(*MatchData)
		md.Groups[0].(*Str).S += "!"
		require.Equal(t, `["bc!", "c"]`, Inspect(&Array{A: md.Groups}), x)
	}
}

// A pattern without groups takes Go's engine without its text parsed again
// for groups an empty repetition sets; one with such a group stays
// regexp2's, whose groups are Ruby's: /(a|)+b/ =~ "aab" sets $1 to "" in
// Ruby (Onigmo ends the repetition with an empty iteration), where Go's
// engine keeps "a".
func TestRegexpEmptyRepeatGroups(t *testing.T) {
	for src, fast := range map[string]bool{`a*b`: true, `(?:a|)+b`: true, `(a)b`: true, `(a|)+b`: false, `(x?)*y`: false} {
		re, err := NewRegexp(src, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := re.fast.Plain != nil; got != fast {
			t.Errorf("/%s/: Go's engine %v, want %v", src, got, fast)
		}
	}
	re, err := NewRegexp(`(a|)+b`, "")
	if err != nil {
		t.Fatal(err)
	}
	m := re.findAt("aab", nil, 0)
	if m == nil || len(m.Groups) != 2 || m.Groups[1] == nil || ToS(m.Groups[1]) != "" {
		t.Fatalf(`/(a|)+b/ =~ "aab": %+v, want a match with $1 ""`, m)
	}
}

// TestRegexpNestedClass: a class inside a class is the union of the two,
// and "[:" that ends no POSIX bracket opens one (values from Ruby 3.1:
// ":" =~ /[[:]]/ is 0, "a[:]" =~ /[[:]]/ is 2, "[" =~ /[[:]]/ is nil, "b"
// =~ /[[a]b]/ is 0); the POSIX check once sliced the name between two
// overlapping colons and panicked. A negated class inside a class and an
// intersection (&&) are pp2go's errors, where Go has no such class.
func TestRegexpNestedClass(t *testing.T) {
	r := New(nil)
	begin := func(s, re string) any {
		if md, ok := r.Match(S(s), nil, Re(re, "")).(*MatchData); ok {
			return md.Begin(0)
		}
		return nil
	}
	require.Equal(t, 0, begin(":", "[[:]]"))
	require.Equal(t, 2, begin("a[:]", "[[:]]"))
	require.Nil(t, begin("[", "[[:]]"))
	require.Equal(t, 0, begin("b", "[[a]b]"))
	require.Equal(t, 1, begin("xa", "[[a]b]"))
	for _, re := range []string{"[a[^b]]", "[a-z&&[^aeiou]]"} {
		_, err := NewRegexp(re, "")
		require.ErrorContains(t, err, "not supported", re)
	}
}
