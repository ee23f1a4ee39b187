package values

import "testing"

// TestMatchStringOption: a string case option matches as Puppet's ==
// (CompareOperator#match falls to equals): strings case-insensitively,
// nothing of another kind ('1' is not 1, an empty string is not undef).
func TestMatchStringOption(t *testing.T) {
	for _, c := range []struct {
		left   Value
		option string
		want   bool
	}{
		{String("Debian"), "debian", true},
		{String("debian"), "Debian", true},
		{String("Debian"), "Debia", false},
		{String(""), "", true},
		{String("ÄB"), "äb", false}, // ASCII folding only, as Ruby's casecmp
		{Int(1), "1", false},
		{Undef, "", false},
		{nil, "", false},
		{NewArray(String("a")), "a", false},
		{BoolOf(true), "true", false},
	} {
		if got := Match(c.left, String(c.option)).Matched; got != c.want {
			t.Errorf("Match(%v, %q) = %v, want %v", c.left, c.option, got, c.want)
		}
	}
}
