package hiera

import (
	"errors"
	"testing"
)

// errSyntax is what FuzzKeysAndGlobs's keys fail with.
var errSyntax = errors.New("syntax error")

// FuzzKeysAndGlobs: a lookup key (dotted, quoted segments, integer
// indexes), an interpolation ("%{...}") and a hiera.yaml glob parse to
// segments, parts and a regexp, or, for a key, the syntax error it is
// given; never another panic (go test ./rt/hiera -run '^$' -fuzz
// FuzzKeysAndGlobs).
func FuzzKeysAndGlobs(f *testing.F) {
	for _, s := range []string{
		"a", "a.b.0", `a."b.c".d`, "a.'b'.:1", "a..b", `"unclosed`, "%{facts.os.family}", "x %{::fqdn} y %{",
		"common/*.yaml", "nodes/{a,b}/**/*.y?ml", "[a-z]*.yaml", `\*x{`, "{,{,}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		func() {
			defer func() {
				if r := recover(); r != nil && r != errSyntax {
					t.Fatalf("key %q: %v", s, r)
				}
			}()
			splitKeyUncached(s, func(string) error { return errSyntax })
		}()
		parseTemplate(s)
		if globRegexp(s) == nil {
			t.Fatalf("glob %q: no regexp", s)
		}
	})
}
