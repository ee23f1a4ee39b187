package values

import (
	"reflect"
	"testing"
	"unicode/utf8"
)

// TestPlainText: which patterns (in Go's syntax) are plain text, and the
// text. Escaped punctuation is itself in Ruby (Onigmo's doc/RE: "\
// escape"), Go and regexp2; an escaped letter or digit is a class, an
// anchor or a back reference, and a metacharacter means more.
func TestPlainText(t *testing.T) {
	for src, want := range map[string]string{
		`pylibmc`: "pylibmc", `\.memcache`: ".memcache", `a\/b\-c`: "a/b-c", `_`: "_", ` `: " ",
		`a#b`: "a#b", `\\`: `\`,
		``: "", `a.b`: "", `^a`: "", `a$`: "", `a|b`: "", `(a)`: "", `a+`: "", `a?`: "", `a*`: "",
		`a{2}`: "", `[a]`: "", `\d`: "", `\1`: "", `\Aa`: "", `\n`: "", `é`: "", "a\tb": "", `\ `: "",
	} {
		got, ok := plainText(src)
		if got != want || ok != (want != "") {
			t.Errorf("plainText(%q) = %q, %v; want %q", src, got, ok, want)
		}
	}
}

// TestPlainSearches: a plain-text or one-character pattern's searches
// from any offset are regexp2's (Ruby's), found without it.
func TestPlainSearches(t *testing.T) {
	if r, err := NewRegexp(``); err != nil || r.plain != nil {
		t.Errorf("the empty pattern: %v, plain %v", err, r.plain)
	}
	for _, src := range []string{`ab`, `\.c`, `a`, `[.b]`, `[^a]`, `(?m:[\s/])`, `^ab`, `^a`, `\Aab`, `^\.c`} {
		r, err := NewRegexp(src)
		if err != nil || r.plain == nil {
			t.Fatalf("%s: %v, plain %v", src, err, r.plain)
		}
		// regexp2's compiled pattern alone (compile done without text)
		oracle := &Regexp{source: src, tr: r.tr}
		oracle.once.Do(func() { oracle.re, oracle.err = oracle.compileSlow() })
		for _, s := range []string{"", "ab", "xabyab", "a.c.cab", "héab\xffab", "aaa", "a/b c\n", "ab\nab", "x\nab\n", "xab", "\nab", "\n\na", "a.c\n.c"} {
			for start := 0; start <= len(s); start++ {
				if start < len(s) && !utf8.RuneStart(s[start]) {
					continue // searches start at a character
				}
				got, err := r.FindIndexFrom(s, start)
				runes, offs := runeOffsets(s)
				want, _ := oracle.findRunes(runes, offs, byteToRune(offs, start))
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%s FindIndexFrom(%q, %d) = %v; want %v", src, s, start, got, want)
				}
			}
			all, _ := r.FindAllIndex(s, -1)
			wantAll, _ := oracle.FindAllIndex(s, -1)
			if !reflect.DeepEqual(all, wantAll) {
				t.Errorf("%s FindAllIndex(%q) = %v; want %v", src, s, all, wantAll)
			}
			if got, want := r.MatchString(s), oracle.matchString(s); got != want {
				t.Errorf("%s MatchString(%q) = %v; want %v", src, s, got, want)
			}
		}
	}
}
