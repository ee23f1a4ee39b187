package core

import (
	"github.com/pp2go/pp2go/rt/fn"
	"testing"

	v "github.com/pp2go/pp2go/rt/values"
)

// TestScanf checks String#scanf against Ruby 3.3's scanf gem (Debian 13's
// ruby-scanf 1.0.0, whose outputs are the want column: ruby -rscanf -e
// 'p DATA.scanf(FORMAT)').
func TestScanf(t *testing.T) {
	for _, c := range []struct{ data, format, want string }{
		{"5432", "%i", "[5432]"},
		{"0x1F 017 -12", "%i %i %i", "[31, 15, -12]"},
		{"  42 abc", "%d%s", `[42, "abc"]`},
		{"3.25 1.e5 0x1.8p1 1.e+5", "%f %f %f %f", "[3.25, 1.0, 3.0, 100000.0]"},
		{"ff 17", "%x %o", "[255, 15]"},
		{"abc123", "%[a-z]%d", `["abc", 123]`},
		{"key=value", "%[^=]=%s", `["key", "value"]`},
		{"12345", "%2d%3d", "[12, 345]"},
		{"a b", "%c%c%c", `["a", " ", "b"]`},
		{"10:20", "%d:%d", "[10, 20]"},
		{"10-20", "%d:%d", "[10]"},
		{"x", "%d", "[]"},
		{"50%", "%d%%", "[50]"},
		{"skip 7", "%*s %d", "[7]"},
		{"", "%d", "[]"},
		{"1 2", "", "[]"},
	} {
		got := v.NewArray(Scanf(c.data, c.format)...)
		if s := fn.RubyInspect(got); s != c.want {
			t.Errorf("%q.scanf(%q) = %s, want %s", c.data, c.format, s, c.want)
		}
	}
}
