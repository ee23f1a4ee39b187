package values

import (
	"strings"
	"testing"
)

// TestPuppetQuote checks Puppet's quoting of strings in type and value
// printing (StringConverter#puppet_quote): single quotes, a quote
// escaped, a backslash kept with the character it escapes, double
// quotes with escapes for a string with control characters. The plain
// strings (printable ASCII without quote or backslash) are quoted as
// they are, as the rune by rune path does; writePuppetQuote writes the
// same text.
func TestPuppetQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `''`},
		{"RedirectURI", `'RedirectURI'`},
		{"id_token token", `'id_token token'`},
		{"a~b{c}", `'a~b{c}'`},
		{"\x7f", "'\x7f'"},
		{"it's", `'it\'s'`},
		{`a\b`, `'a\b'`},
		{`a\'b`, `'a\'b'`},
		{`a\`, `'a\'`},
		{"é", `'é'`},
		{"a\tb", `"a\tb"`},
		{"a\nb", `"a\nb"`},
	} {
		if got := PuppetQuote(c.in); got != c.want {
			t.Errorf("PuppetQuote(%q) = %s, want %s", c.in, got, c.want)
		}
		var b strings.Builder
		b.WriteString("x")
		writePuppetQuote(&b, c.in)
		if got := b.String(); got != "x"+c.want {
			t.Errorf("writePuppetQuote(%q) wrote %s, want %s", c.in, got[1:], c.want)
		}
	}
	// a Struct's keys print quoted in its type (Optional['k'] for an optional key)
	st, err := ParseType(`Struct[{Optional['a b'] => String, 'it\'s' => Integer}]`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := TypeString(st), `Struct[{Optional['a b'] => String, 'it\'s' => Integer}]`; got != want {
		t.Errorf("TypeString = %s, want %s", got, want)
	}
}
