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
		fast                bool // Go's engine (or a string search) takes the pattern
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
		require.Equal(t, c.fast, re.fast.Plain != nil || re.lit != "", "/%s/%s: Go's engine", c.src, c.flags)
		require.Equal(t, c.want, showMatch(re.findAt(c.s, re.matchFrom(c.s, 0), 0)), "/%s/%s =~ %q", c.src, c.flags, c.s)
		require.Equal(t, c.want, showMatch(re.findAt(c.s, []rune(c.s), 0)), "/%s/%s =~ %q (regexp2)", c.src, c.flags, c.s)
	}
}

// A pattern of plain text, perhaps after a ^, is found by a string
// search (findLiteral) where Go's engine would take it; the match data
// are Ruby's as regexp2's. Expected values are Ruby 3.1's, as above.
func TestRegexpLiteral(t *testing.T) {
	cases := []struct {
		src, flags, s, want string
		lit                 bool // a string search finds it
	}{
		{`^ssl`, "", "ssl-ca", `[["ssl"], "", "-ca", [0]]`, true},
		{`^ssl`, "", "x\nssl-ca", `[["ssl"], "x\n", "-ca", [2]]`, true},
		{`^ssl`, "", "xssl\nssl", `[["ssl"], "xssl\n", "", [5]]`, true},
		{`^ssl`, "", "xssl", `nil`, true},
		{`^ssl`, "", "assl\n\nssl", `[["ssl"], "assl\n\n", "", [6]]`, true},
		{`^ssl-`, "", "ssl", `nil`, true},
		{`ssl`, "", "a ssl b", `[["ssl"], "a ", " b", [2]]`, true},
		{`^ab`, "", "a\nab\n", `[["ab"], "a\n", "\n", [2]]`, true},
		{`^ab`, "", "\n", `nil`, true},
		{`^s`, "", "s\n", `[["s"], "", "\n", [0]]`, true},
		{`location`, "", "LocationMatch", `nil`, true},
		{`a-b c`, "", "x a-b c y", `[["a-b c"], "x ", " y", [2]]`, true},
		{`^x`, "m", "y\nx", `[["x"], "y\n", "", [2]]`, true},
		{`location`, "i", "LocationMatch", `[["Location"], "", "Match", [0]]`, true},
		{`^SSL`, "i", "x\nssl", `[["ssl"], "x\n", "", [2]]`, true},
		{`^ssl`, "mi", "xSSL", `nil`, true},
		{`true`, "i", "is TrUe", `[["TrUe"], "is ", "", [3]]`, true},
		{`unmanaged`, "i", "managed", `nil`, true},
		{`a b`, "x", "ab", `[["ab"], "", "", [0]]`, false},
		{`^`, "", "a", `[[""], "", "a", [0]]`, false},
		{`a.c`, "", "abc", `[["abc"], "", "", [0]]`, false},
		{`^(ssl)`, "", "ssl", `[["ssl", "ssl"], "", "", [0, 0]]`, false},
		{`a\-b`, "", "a-b", `[["a-b"], "", "", [0]]`, false},
	}
	for _, c := range cases {
		re, err := NewRegexp(c.src, c.flags)
		require.NoError(t, err)
		require.Equal(t, c.lit, re.lit != "", "/%s/%s: plain text", c.src, c.flags)
		require.Equal(t, c.want, showMatch(re.findAt(c.s, re.matchFrom(c.s, 0), 0)), "/%s/%s =~ %q", c.src, c.flags, c.s)
		require.Equal(t, c.want, showMatch(re.findAt(c.s, []rune(c.s), 0)), "/%s/%s =~ %q (regexp2)", c.src, c.flags, c.s)
	}
}

// BenchmarkRegexpLiteral: ki =~ /^ssl/ of my.cnf.erb's options, by a
// string search (lit) and by Go's engine (go).
func BenchmarkRegexpLiteral(b *testing.B) {
	for _, engine := range []string{"lit", "go"} {
		for _, s := range []string{"innodb_buffer_pool_size", "ssl-ca"} {
			b.Run(engine+"/"+s, func(b *testing.B) {
				re, err := NewRegexp(`^ssl`, "")
				require.NoError(b, err)
				if engine == "go" {
					re.lit = ""
					re.fast.Plain, _ = goRegexp(re.tr, "", re.names)
				}
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					re.findAt(s, nil, 0)
				}
			})
		}
	}
}

// showMatch is a match as the tests' Ruby printed it: [groups, pre_match,
// post_match, begins], or nil.
func showMatch(md *MatchData) string {
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
