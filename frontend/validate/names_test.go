package validate

import (
	"regexp"
	"testing"
)

// The byte-level matchers must agree with Puppet's patterns (pops/patterns.rb,
// written here in Go's syntax) on every string of up to five characters from
// an alphabet that exercises them.
func TestNameMatchersAgreeWithPuppetPatterns(t *testing.T) {
	cases := []struct {
		name    string
		pattern string
		match   func(string) bool
	}{
		{"VAR_NAME", `^(?:::)?(?:[a-z]\w*::)*[a-z_]\w*$`, isVarName},
		{"NUMERIC_VAR_NAME", `^(?:0|(?:[1-9][0-9]*))$`, isNumericVarName},
		{"PARAM_NAME", `^[a-z_]\w*$`, isParamName},
		{"numeric parameter", `(?m)^(?:0x)?[0-9]+$`, isNumericParam},
		{"CLASSREF_DECL", `^[a-z][\w]*(?:::[a-z][\w]*)*$`, isClassrefDecl},
		{"CLASSREF_EXT", `^((::){0,1}[A-Z][\w]*)+$`, isClassrefExt},
		{"CLASSREF_EXT_DECL", `^[A-Z][\w]*(?:::[A-Z][\w]*)*$`, isClassrefExtDecl},
		{"ILLEGAL_HOSTNAME_CHARS", `[^-\w.]`, hasIllegalHostnameChar},
	}
	alphabet := []string{"a", "B", "0", "1", "_", ":", "x", "-", ".", " "}
	var strs []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		strs = append(strs, prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(prefix+c, n-1)
		}
	}
	gen("", 5)
	for _, c := range cases {
		re := regexp.MustCompile(c.pattern)
		for _, s := range strs {
			if got, want := c.match(s), re.MatchString(s); got != want {
				t.Errorf("%s(%q) = %v, the pattern says %v", c.name, s, got, want)
			}
		}
	}
}
