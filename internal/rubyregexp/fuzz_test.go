package rubyregexp

import (
	"strings"
	"testing"
)

// FuzzCheck makes sure Check never panics or hangs, and that its errors are
// well-formed RegexpError messages.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		`(?<a>x)\g<a>`, `(?<=a|bc)`, `[a-z&&[^aeiou]]`, `(?i)é(?<=[ßa]x)`, `\p{Greek}+`,
		`(a)(?(1)b|c)`, `a{2,3}?`, `\u{41 42}`, `\xE3\x81\x82`, `(?x) a # b`, `[[:alpha:]]`,
		`(?<a>a|\g<a>b)`, `\k<a+1>`, `(?~abc)`, `(?#c)`, `\M-\C-x`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := Check(s)
		if err == nil {
			return
		}
		e, ok := err.(*Error)
		if !ok {
			t.Fatalf("Check(%q) returned %T", s, err)
		}
		if e.Message == "" || e.Source != s {
			t.Fatalf("Check(%q) = %#v", s, e)
		}
		if msg := e.Error(); !strings.HasPrefix(msg, e.Message+": /") || !strings.HasSuffix(msg, "/") {
			t.Fatalf("Check(%q) message %q", s, msg)
		}
		if err2 := Check(s); err2 == nil || err2.Error() != err.Error() {
			t.Fatalf("Check(%q) is not deterministic: %v vs %v", s, err, err2)
		}
	})
}
