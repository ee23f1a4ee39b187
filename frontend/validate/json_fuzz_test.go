package validate

import (
	"strings"
	"testing"
)

// FuzzRubyJSONError: Ruby's JSON error for any text (Hiera's JSON data
// files, json() checks) is its "unexpected token at '...'" message or
// nothing, never a panic or a hang
// (go test ./frontend/validate -run '^$' -fuzz FuzzRubyJSONError).
func FuzzRubyJSONError(f *testing.F) {
	for _, s := range []string{
		`{"a": 1, "b": [true, null, 2.5e3, "x\u00e9"]}`, `{"a": 1,,}`, `[1, 2`, `"\ud800"`, ` 12 `, `{"a" 1}`,
		`-0.0`, `[]`, `{}`, `/* c */ 1`, `NaN`, `01`, `"a\tb"`, "\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if msg := RubyJSONError(s); msg != "" && !strings.Contains(msg, "unexpected token at '") {
			t.Fatalf("RubyJSONError(%q) = %q", s, msg)
		}
	})
}
