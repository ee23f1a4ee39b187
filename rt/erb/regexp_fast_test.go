package erb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Matches of ASCII strings from their start use Go's engine when it takes
// the pattern (findASCII); both paths must give Ruby's match data.
// Expected values are Ruby 3.1's: [m.to_a, m.pre_match, m.post_match,
// (0...m.size).map { |i| m.begin(i) }] or nil.
func TestRegexpASCIIMatch(t *testing.T) {
	cases := []struct {
		src, flags, s, want string
		fast                bool // Go's engine takes the pattern
	}{
		{`^ssl`, "", "ssl-ca", `[["ssl"], "", "-ca", [0]]`, true},
		{`^ssl-`, "", "sslx", `nil`, true},
		{`(a|ab)(c|bcd)(d*)`, "", "abcd", `[["abcd", "a", "bcd", ""], "", "", [0, 0, 1, 4]]`, true},
		{`\bfoo\b`, "", "a foo b", `[["foo"], "a ", " b", [2]]`, true},
		{`(\d+)-(\d+)?`, "", "x 12- y", `[["12-", "12", nil], "x ", " y", [2, 2, nil]]`, true},
		{`\A\s*\z`, "", "  \t ", `[["  \t "], "", "", [0]]`, true},
		{`[^a-z]+`, "i", "abcDEF123ghi", `[["123"], "abcDEF", "ghi", [6]]`, true},
		{`a.c`, "m", "a\nc", `[["a\nc"], "", "", [0]]`, true},
		{`a.c`, "", "a\nc", `nil`, true},
		{`^b$`, "", "a\nb\nc", `[["b"], "a\n", "\nc", [2]]`, true},
		{`^b$`, "", "ab", `nil`, true},
		{`b$`, "", "ab", `[["b"], "a", "", [1]]`, true},
		{`^(\w+)$`, "", "abc", `[["abc", "abc"], "", "", [0, 0]]`, true},
		{`(x)?y`, "", "zy", `[["y", nil], "z", "", [1, nil]]`, true},
		{`[[:alpha:]]+`, "", "12ab34", `[["ab"], "12", "34", [2]]`, true},
		{`\w+@\w+\.com`, "", "mail: joe@example.com!", `[["joe@example.com"], "mail: ", "!", [6]]`, true},
		{`(a*)*`, "", "b", `[["", ""], "", "b", [0, 0]]`, false},
		{`(a|)+b`, "", "aab", `[["aab", ""], "", "", [0, 2]]`, false},
		{`ss`, "i", "xSSx", `[["SS"], "x", "x", [1]]`, true},
		{`(x?)*y`, "", "xxy", `[["xxy", ""], "", "", [0, 2]]`, false},
		{`(?<=a)b`, "", "ab", `[["b"], "a", "", [1]]`, false},
		{`(?<x>a)(b)`, "", "ab", `[["ab", "a"], "", "", [0, 0]]`, false},
	}
	for _, c := range cases {
		re, err := NewRegexp(c.src, c.flags)
		require.NoError(t, err)
		require.Equal(t, c.fast, re.fast.Plain != nil, "/%s/%s: Go's engine", c.src, c.flags)
		show := func(md *MatchData) string {
			if md == nil {
				return "nil"
			}
			begins := make([]Value, len(md.starts))
			for i, b := range md.starts {
				if b >= 0 {
					begins[i] = int64(b)
				}
			}
			return Inspect(NewArray(NewArray(md.Groups...), S(md.PreMatch()), S(md.PostMatch()), NewArray(begins...)))
		}
		require.Equal(t, c.want, show(re.findAt(c.s, re.matchFrom(c.s, 0), 0)), "/%s/%s =~ %q", c.src, c.flags, c.s)
		require.Equal(t, c.want, show(re.findAt(c.s, []rune(c.s), 0)), "/%s/%s =~ %q (regexp2)", c.src, c.flags, c.s)
	}
}
