package charclass

import (
	"regexp"
	"testing"
)

// TestAtomMatchesAsRegexp checks each read atom's set against Go's
// regexp engine, which reads these atoms as Ruby's and regexp2 do, on
// every ASCII character and some beyond.
func TestAtomMatchesAsRegexp(t *testing.T) {
	for _, c := range []struct {
		atom  string
		n     int
		exact bool
	}{
		{`x`, 1, true},
		{`\.`, 2, true},
		{`\-`, 2, true},
		{`\d`, 2, true},
		{`\n`, 2, true},
		{`[a-c]`, 5, true},
		{`[^:]`, 4, true},
		{`[^:@]x`, 5, true},
		{`[^\n]`, 5, true},
		{`[\t\-a-c]`, 9, true},
		{`[\--\/]`, 7, true},
		{`[0-9.]`, 6, true},
		{`[\d_]`, 5, true},
		{`é`, 2, false},
		{`[aé]`, 5, false},
		{`[^é]`, 5, false},
	} {
		set, n, ok := Atom(c.atom)
		if !ok || n != c.n || set.Exact() != c.exact {
			t.Errorf("Atom(%q) = %d %v exact %v, want %d true exact %v", c.atom, n, ok, set.Exact(), c.n, c.exact)
			continue
		}
		re := regexp.MustCompile(`^(?:` + c.atom[:n] + `)$`)
		for r := rune(0); r < 0x80; r++ {
			if got, want := set.Matches(r), re.MatchString(string(r)); got != want {
				t.Errorf("Atom(%q) matches %q: %v, regexp says %v", c.atom, r, got, want)
			}
		}
		for _, r := range "éü€" {
			if got, want := set.Matches(r), re.MatchString(string(r)); set.Exact() && got != want || !got && want {
				t.Errorf("Atom(%q) matches %q: %v, regexp says %v", c.atom, r, got, want)
			}
		}
	}
}

// TestAtomNotRead lists atoms whose set depends on flags or syntax, or
// that are not one character.
func TestAtomNotRead(t *testing.T) {
	for _, atom := range []string{
		``, `.`, `(a)`, `|`, `*`, `\w`, `\s`, `\1`, `\_`, `\`,
		`[]a]`, `[^]a]`, `[a&&b]`, `[[:alpha:]]`, `[a-[b]]`, `[é-ü]`, `[\d-z]`, `[z-a]`, `[ab`,
	} {
		if _, _, ok := Atom(atom); ok {
			t.Errorf("Atom(%q) read", atom)
		}
	}
}

func TestMeets(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`[0-9]`, `\d`, true},
		{`[0-9]`, `[.]`, false},
		{`[^:]`, `:`, false},
		{`[^:]`, `[^@]`, true},
		{`é`, `[^a]`, true},
		{`é`, `a`, false},
	} {
		a, _, _ := Atom(c.a)
		b, _, _ := Atom(c.b)
		if got := a.Meets(&b); got != c.want {
			t.Errorf("%s meets %s: %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
