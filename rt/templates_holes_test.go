package rt

import "testing"

// TestHoleKeepsCode: a hole's value keeps the template's Ruby as the build
// read it unless Puppet's text would read it otherwise: a quote that ends
// its string, a '/' that ends its regexp, a '#' that starts an
// interpolation, a last '\' that escapes what follows, an ERB tag.
func TestHoleKeepsCode(t *testing.T) {
	for _, c := range []struct {
		kind byte
		text string
		want bool
	}{
		{'t', "plain text", true},
		{'t', "a <%= 1 %>", false},
		{'s', `it's`, false},
		{'s', "a%>b", false},
		{'d', `say "hi"`, false},
		{'d', "a#b", false},
		{'r', ".*content.*|.*password.*", true},
		{'r', `\d+`, true},
		{'r', "a/b", false},
		{'r', "a#{b}", false},
		{'r', `a\`, false},
		{'r', "a%>", false},
		{'i', "eth0", true},
		{'i', "eth-0", false},
	} {
		if got := holeKeepsCode(c.kind, c.text); got != c.want {
			t.Errorf("holeKeepsCode(%q, %q) = %v, want %v", c.kind, c.text, got, c.want)
		}
	}
}
