package values

import (
	"reflect"
	"regexp"
	"regexp/syntax"
	"testing"
)

// TestCharSet checks the scan of one-character-of-a-set patterns against
// Go's engine, which matched them before: the same matches from
// FindAllIndex, FindIndexFrom and Match, on ASCII, other UTF-8 and bytes
// that are not UTF-8.
func TestCharSet(t *testing.T) {
	patterns := []struct {
		src  string
		set  bool // a charSet
		text bool // plain text (plainText)
	}{
		{`[\\/:~\n\s\+\*\(\)@]`, true, false}, // concat's title escape
		{`[:\n/]`, true, false},
		{`/`, false, true},
		{`\.`, false, true},
		{`[^a-z0-9_]`, true, false},
		{`[^\s]`, true, false},
		{`\s`, true, false},
		{`\d`, true, false},
		{`[aeiou]`, true, false},
		{`(?i)[a-c]`, true, false},
		{`.`, false, false},
		{`[é]`, false, false},
		{`[^é]`, false, false},
		{`(?i)k`, false, false},
		{`[a-zé]`, false, false},
		{`ab`, false, true},
		{`__`, false, true},
		{`a\/b`, false, true},
		{`[a]+`, false, false},
		{`^[a]`, false, false},
	}
	subjects := []string{"", "a", "/etc/postgresql/12/main/pg_hba.conf", "x y\tz\n", "héllo wörld/é",
		"\xff\xfeab/\xc3", "日本語 text", "A:B/C~D@E(F)G*H+I\\J", "aaa", "__init__", "\x00\x7f\u0085\u00a0"}
	for _, p := range patterns {
		r, err := NewRegexp(p.src)
		if err != nil {
			t.Fatalf("%s: %v", p.src, err)
		}
		r.goFor("", true) // decides class, for a pattern compiled
		_, plainSet := r.plain.(*charSet)
		if set := r.class != nil || plainSet; set != p.set {
			t.Errorf("%s: charSet %v, want %v", p.src, set, p.set)
		}
		tr, _, err := TranslateRuby(p.src)
		if err != nil {
			t.Fatalf("%s: %v", p.src, err)
		}
		goTr, _ := goSyntax(tr)
		goRe := regexp.MustCompile(goTr)
		if _, text := r.plain.(textFinder); text != p.text {
			t.Errorf("%s: plain text %v, want %v", p.src, text, p.text)
		}
		replaces := p.set || p.text
		for _, s := range subjects {
			for _, n := range []int{-1, 0, 1, 2} {
				got, err := r.FindAllIndex(s, n)
				want := goRe.FindAllStringSubmatchIndex(s, n)
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%s FindAllIndex(%q, %d) = %v, %v; want %v", p.src, s, n, got, err, want)
				}
			}
			got, err := r.FindIndexFrom(s, 0)
			if want := goRe.FindStringSubmatchIndex(s); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s FindIndexFrom(%q, 0) = %v, %v; want %v", p.src, s, got, err, want)
			}
			for _, repl := range []string{"_", "", "--"} {
				got, ok := r.ReplaceSet(s, repl, true)
				if want := goRe.ReplaceAllLiteralString(s, repl); ok != replaces || ok && got != want {
					t.Errorf("%s ReplaceSet(%q, %q, true) = %q, %v; want %q", p.src, s, repl, got, ok, want)
				}
				got, ok = r.ReplaceSet(s, repl, false)
				want := s
				if m := goRe.FindStringIndex(s); m != nil {
					want = s[:m[0]] + repl + s[m[1]:]
				}
				if ok != replaces || ok && got != want {
					t.Errorf("%s ReplaceSet(%q, %q, false) = %q, %v; want %q", p.src, s, repl, got, ok, want)
				}
			}
			m, err := r.Match(s)
			var want []Value
			if g := goRe.FindString(s); goRe.MatchString(s) {
				want = []Value{String(g)}
			}
			if err != nil || !reflect.DeepEqual(m, want) {
				t.Errorf("%s Match(%q) = %v, %v; want %v", p.src, s, m, err, want)
			}
		}
	}
}

// TestCharSetOf checks which parsed patterns are sets: those whose
// characters beyond ASCII are all or none.
func TestCharSetOf(t *testing.T) {
	for src, want := range map[string]bool{`[abc]`: true, `[^abc]`: true, `[\x00-\x{10FFFF}]`: false, `[\x00-\x{7F}\x{81}-\x{10FFFF}]`: false, `[^\x{100}-\x{10FFFF}]`: false,
		`[\x{80}-\x{10FFFF}]`: true, `[\x{81}-\x{10FFFF}]`: false, `[a\x{100}]`: false, `a|b`: true, `a|bc`: false} {
		re, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := charSetOf(re) != nil; got != want {
			t.Errorf("charSetOf(%s) = %v, want %v", src, got, want)
		}
	}
}
