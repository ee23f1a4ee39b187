package values

import (
	"strings"
	"testing"
	"time"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/stretchr/testify/require"
)

// A pattern only regexp2 runs (a lookahead) keeps matching while regexp2's
// timeout clock ticks. A match timeout, if one were set, fails the matches
// that span a tick at random: MatchTimeout = -1 did, failing getvar's \Z
// pattern in about one compile of mod_keystone in a thousand.
func TestRegexpSlowPathNeverTimesOut(t *testing.T) {
	r, err := NewRegexp(`(?=[ab])b`)
	require.NoError(t, err)
	require.Nil(t, r.fast.Plain, "the pattern must need regexp2")
	input := strings.Repeat("a", 5000) + "b"
	for start, n := time.Now(), 0; time.Since(start) < 150*time.Millisecond; n++ {
		m, err := r.Match(input)
		if err != nil || m == nil {
			t.Fatalf("match %d: %.60v", n, err)
		}
	}
}

// A repetition of a group that may match empty ends, in Ruby, with an
// empty iteration that sets the group; Go's engine keeps the last
// non-empty one, so such patterns match with regexp2. Expected values are
// Puppet 7.23's (puppet apply -e 'if "aab" =~ /(a|)+b/ { notice("[${1}]") }').
// Whether a string matches, which the groups do not change, is Go's.
func TestRegexpEmptyRepeatGroup(t *testing.T) {
	r := RegexpOf(`(a|)+b`)
	require.True(t, r.MatchString("aab"))
	require.False(t, r.MatchString("aa"))
	m, err := r.Match("aab")
	require.NoError(t, err)
	require.Equal(t, []Value{String("aab"), String("")}, m)
	require.NotNil(t, r.goFor("aab", false))
	require.Nil(t, r.goFor("aab", true))
}

// goSyntax gives Go's engine the patterns it reads the same but writes
// otherwise: \Z as \z (for subjects without a final newline), a cleared x
// flag left out (conformance/testdata/lang/regexp_go_syntax.txtar holds
// Puppet's matches).
func TestGoSyntax(t *testing.T) {
	for _, c := range []struct {
		in, out      string
		finalNewline bool
	}{
		{`^(.*?)\/*\Z`, `^(.*?)\/*\z`, true},
		{`a\\Z`, `a\\Z`, false},
		{`a\\\Z|b\Z`, `a\\\z|b\z`, true},
		{`[\Z]`, `[\Z]`, false},
		{`^((?-six:(?:[^:]|:[^:])+))$`, `^((?-si:(?:[^:]|:[^:])+))$`, false},
		{`(?-x:a)(?-x)b(?i-x)c(?x:d)`, `(?:a)b(?i)c(?x:d)`, false},
		{`[(?-x:]`, `[(?-x:]`, false},
		{`[]x(?-x:]`, `[]x(?-x:]`, false},
		{`(?<n>a)(?=b)`, `(?<n>a)(?=b)`, false},
		{`[a[b]](?-x:c)`, `[a[b]](?-x:c)`, false},
		{OnigmoCaret + `a[^^]`, `^a[^^]`, true},
	} {
		out, finalNewline := goSyntax(c.in)
		require.Equal(t, c.out, out, c.in)
		require.Equal(t, c.finalNewline, finalNewline, c.in)
	}
	r := RegexpOf(`(?m)^(/|.+:/|.*[^/])/*\Z`)
	require.NoError(t, r.compile())
	require.NotNil(t, r.goFor("/srv/www/", true))
	require.Nil(t, r.goFor("/srv/www/\n", true))
}

// TestCaretAfterFinalNewline checks Ruby's ^, which no newline that ends
// the subject starts a line after (Ruby 3.1: "a\n".scan(/^/).size is 1,
// "a\n\n" 2, "\n" 1, "" 1; "/srv/www//\n".match(/^(\w*)\Z/) is nil),
// on both engines: Go's for subjects without a final newline, regexp2's
// for the others.
func TestCaretAfterFinalNewline(t *testing.T) {
	caret := RegexpOf(`^`)
	for s, n := range map[string]int{"a\n": 1, "a\n\n": 2, "\n": 1, "": 1, "a\nb": 2} {
		m, err := caret.FindAllIndex(s, -1)
		require.NoError(t, err)
		require.Len(t, m, n, "%q", s)
	}
	m, err := RegexpOf(`^(\w*)\Z`).Match("/srv/www//\n")
	require.NoError(t, err)
	require.Nil(t, m)
	m, err = RegexpOf(`^(\w*)\Z`).Match("/srv/www//\nab")
	require.NoError(t, err)
	require.Equal(t, []Value{String("ab"), String("ab")}, m)
}

// Go's engine matches subjects without a line break with ^ and $ as their
// start and end, the others with line anchors: both are Ruby's. Expected
// values are Ruby's ("a\nb" =~ /^b$/ is 2; "b\n" =~ /^b$/ is 0).
func TestRegexpLineAnchors(t *testing.T) {
	r := RegexpOf(`^(b)$`)
	require.True(t, r.MatchString("b"))
	require.False(t, r.MatchString("ab"))
	require.False(t, r.MatchString("ba"))
	require.True(t, r.MatchString("a\nb"))
	require.True(t, r.MatchString("b\n"))
	for s, want := range map[string][]Value{
		"b":       {String("b"), String("b")},
		"ab":      nil,
		"a\nb":    {String("b"), String("b")},
		"x\nb\ny": {String("b"), String("b")},
		"b\n":     {String("b"), String("b")},
	} {
		m, err := r.Match(s)
		require.NoError(t, err)
		require.Equal(t, want, m, "%q", s)
	}
	all, err := RegexpOf(`^\w$`).FindAllIndex("a\nbc\nd", -1)
	require.NoError(t, err)
	require.Equal(t, [][]int{{0, 1}, {5, 6}}, all)
}

// A subject without a literal that every match contains does not match;
// one that has it is searched. Expected values are Ruby's.
func TestRegexpRequiredLiterals(t *testing.T) {
	r := RegexpOf(`^((?-mix:(?:[^:]|:[^:])+))::((?-mix:.+))$`)
	m, err := r.Match("admin")
	require.NoError(t, err)
	require.Nil(t, m)
	m, err = r.Match("a:b::c")
	require.NoError(t, err)
	require.Equal(t, []Value{String("a:b::c"), String("a:b"), String("c")}, m)
	require.Equal(t, []string{"::"}, r.literals)
	m, err = RegexpOf(`(?i)x(ab)+@`).Match("zXABab@")
	require.NoError(t, err)
	require.Equal(t, []Value{String("XABab@"), String("ab")}, m)
	m, err = RegexpOf(`x(ab){2,}@`).Match("xab@")
	require.NoError(t, err)
	require.Nil(t, m)
}

// MatchString answers a string it was given before as it did the first
// time (from the Regexp's kept answers), and strings too long to keep as
// the engine does. Expected values are Ruby's (Stdlib::Unixpath's
// pattern, 'x' =~ /\Ax\z/).
func TestMatchStringAgain(t *testing.T) {
	unix := RegexpOf(`\A\/([^\/\0]+\/*)*\z`)
	long := "/" + strings.Repeat("a/", subjectMaxKept)
	for range 3 {
		require.True(t, unix.MatchString("/etc/keystone/keystone.conf"))
		require.False(t, unix.MatchString("etc/keystone"))
		require.False(t, unix.MatchString("/etc/a\x00b"))
		require.True(t, unix.MatchString(long))
		require.False(t, unix.MatchString(long[1:]))
		require.True(t, RegexpOf(`\Ax\z`).MatchString("x"))
	}
	m := atomicptr.Load(&unix.matched.m)
	require.NotNil(t, m)
	_, kept := readmap.Load(m, "/etc/keystone/keystone.conf")
	require.True(t, kept)
	_, kept = readmap.Load(m, long)
	require.False(t, kept)
}

// BenchmarkMatchStringPath is a Pattern type's check of a path, as each
// compile checks its parameters.
func BenchmarkMatchStringPath(b *testing.B) {
	unix := RegexpOf(`\A\/([^\/\0]+\/*)*\z`)
	for b.Loop() {
		unix.MatchString("/etc/keystone/keystone.conf")
	}
}

// TestNewRegexpBytes: NewRegexpBytes is NewRegexp of the bytes' string,
// the same Regexp, without an allocation for a source met before, and
// with NewRegexp's error for a bad one.
func TestNewRegexpBytes(t *testing.T) {
	src := []byte("(?i:^ab+c$)")
	want, err := NewRegexp(string(src))
	if err != nil {
		t.Fatal(err)
	}
	got, err := NewRegexpBytes(src)
	if err != nil || got != want {
		t.Fatalf("NewRegexpBytes(%q) = %p, %v; want %p", src, got, err, want)
	}
	if n := testing.AllocsPerRun(100, func() { NewRegexpBytes(src) }); n != 0 {
		t.Errorf("NewRegexpBytes of a source met before: %v allocations, want 0", n)
	}
	_, wantErr := NewRegexp("(?i:a(b)")
	if _, err := NewRegexpBytes([]byte("(?i:a(b)")); err == nil || wantErr == nil || err.Error() != wantErr.Error() {
		t.Errorf("NewRegexpBytes of a bad source: %v, want %v", err, wantErr)
	}
}

// TestRegexpNestedClass: in a Puppet regexp too, a class inside a class
// is the union of the two (Ruby 3.1: "b" =~ /[[a]b]/ is 0, "[" =~ /[[:]]/
// is nil, ":" =~ /[[:]]/ is 0); a negated one inside a class and an
// intersection are pp2go's errors.
func TestRegexpNestedClass(t *testing.T) {
	for _, c := range []struct {
		re, s string
		want  bool
	}{
		{"[[a]b]", "b", true},
		{"[[a]b]", "[", false},
		{"[[:]]", ":", true},
		{"[[:]]", "[", false},
		{"^[[:alpha:][0-9]]+$", "ab12", true},
	} {
		r, err := NewRegexp(c.re)
		if err != nil {
			t.Fatalf("%s: %v", c.re, err)
		}
		if got := r.MatchString(c.s); got != c.want {
			t.Errorf("%q =~ /%s/ = %v, want %v", c.s, c.re, got, c.want)
		}
	}
	for _, re := range []string{"[a[^b]]", "[a-z&&[^aeiou]]"} {
		if _, err := NewRegexp(re); err == nil || !strings.Contains(err.Error(), "not supported") {
			t.Errorf("/%s/: %v, want pp2go's error", re, err)
		}
	}
}

// TestRegexpRubyEscapes: the escapes and classes FuzzTranslateRuby found
// translated to patterns regexp2 rejected, each now matching as Ruby 3.1
// matches (ruby -e 'p Regexp.new(re) =~ s').
func TestRegexpRubyEscapes(t *testing.T) {
	for _, c := range []struct {
		re, s string
		want  bool
	}{
		{`[A[-0]]`, "-", true}, {`[A[-0]]`, "5", false}, // a nested class's '-' is no range
		{`[[a]-z]`, "m", false}, {`[[a]-z]`, "-", true},
		{`[0[1-]00]`, "-", true}, {`[0[1-]00]`, "5", false},
		{`\c(`, "\b", true}, {`\C-a`, "\x01", true}, // control characters
		{`\x0X`, "\x00X", true},                   // one hex digit
		{`[\A]`, "A", true}, {`[\b]`, "\b", true}, // no anchors in a class
		{`\100`, "@", true}, {`(a)\1`, "aa", true}, // octal, unless a group's number
		{`(?a:\w)`, "_", true}, // the ASCII option
		{`\_`, "_", true}, {`\y`, "y", true}, {`\p0`, "p0", true}, {`\k`, "k", true}, {`\80`, "80", true}, {`\'`, "'", true},
		{`[[:::]`, ":", true}, {`[[:::]`, "[", true}, // no POSIX bracket: '[' is a character
		{`a(?#\))b`, "ab", true},                                       // an escaped ')' in a comment
		{`[[:digit:]]`, "\u0663", true}, {`\p{Digit}`, "\u0663", true}, // Unicode's decimal digits
		{`\p{Alpha}`, "é", true}, {`\p{^Alpha}`, "é", false}, {`\P{Digit}`, "a", true}, // POSIX properties
		{`[\p{Upper}x]`, "x", true}, {`\p{alpha}`, "A", true}, {`\p{Punct}`, "€", false}, {`\p{Space}`, "\u00a0", true},
		{`[[:space:]]`, "\u2028", true}, {`[[:word:]]`, "é", true}, {`[[:word:]]`, "-", false},
	} {
		r, err := NewRegexp(c.re)
		if err != nil {
			t.Errorf("/%s/: %v", c.re, err)
			continue
		}
		if got := r.MatchString(c.s); got != c.want {
			t.Errorf("%q =~ /%s/ = %v, want %v", c.s, c.re, got, c.want)
		}
	}
}
