package rubystr

import "testing"

// TestRubyStringInspect: String#inspect of UTF-8 strings, each expected
// text from Ruby 3.1.2 (Debian 12's, Puppet 7.23's): `p s`.
func TestRubyStringInspect(t *testing.T) {
	for in, want := range map[string]string{
		"a\x01b":             `"a\u0001b"`,
		"\x7f":               `"\u007F"`,
		"\u0085\u200b\u00a0": "\"\u0085\u200b\u00a0\"", // C1 control, format, no-break space: as they are
		"\u2028":             `"\u2028"`,
		"\ufeff":             "\"\ufeff\"",
		"\U000e0001":         "\"\U000e0001\"",
		"\u0378":             `"\u0378"`, // unassigned
		"\xff\xfe":           `"\xFF\xFE"`,
		"1#{x} #$y #@z #w":   `"1\#{x} \#$y \#@z #w"`,
		"\x1b\a\b\f\v\t\r\n": `"\e\a\b\f\v\t\r\n"`,
		`q"b\`:               `"q\"b\\"`,
		"\U0010FFFF":         `"\u{10FFFF}"`,
		"\U0001F600":         "\"\U0001F600\"",
	} {
		if got := Inspect(in); got != want {
			t.Errorf("Inspect(%q) = %s, want %s", in, got, want)
		}
	}
}
