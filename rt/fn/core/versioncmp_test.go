package core

import "testing"

// TestVersioncmpUpcase: tokens that are not both numbers compare as
// Puppet 7.23's Puppet::Util::Package.versioncmp compares them (a.upcase
// <=> b.upcase, which returns at the first differing token, 0 when they
// differ in case only), without allocating for ASCII tokens.
func TestVersioncmpUpcase(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"1.a", "1.B", -1}, // "A" <=> "B", where the bytes give a > B
		{"1.b", "1.A", 1},
		{"1.a", "1.A", 0},
		{"1.abc", "1.AB", 1},
		{"1.AB", "1.abc", -1},
		{"1.el7", "1.EL8", 0}, // returns at "el" <=> "EL"
		{"1.2-rc1", "1.2-RC2", 0},
		{"4.19.0-amd64", "4.19.0-i386", -1},
		{"01", "1", -1}, // "01".upcase <=> "1"
		{"1.é", "1.É", 0},
		{"1.é", "1.f", 1}, // "É" is after "F" in bytes
		{"1.[", "1.a", 1}, // '[' (0x5b) is after 'A' (0x41), before 'a'
	} {
		if got := Versioncmp(c.a, c.b, false); got != c.want {
			t.Errorf("versioncmp(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { Versioncmp("4.19.0-amd64", "4.19.0-i386", false) }); n != 0 {
		t.Errorf("versioncmp made %v allocations, want 0", n)
	}
}

// TestVersioncmpSame: a version compares equal with itself, as the walk of
// its tokens and the final comparison find, with trailing zeroes ignored
// or not, without normalizing it (which allocates).
func TestVersioncmpSame(t *testing.T) {
	for _, v := range []string{"", "2.4", "2.4.0", "1.2-rc1", "01", "1.é", "-", "..", "8.0.0-0"} {
		for _, itz := range []bool{false, true} {
			if got := Versioncmp(v, v, itz); got != 0 {
				t.Errorf("versioncmp(%q, %q, %v) = %d, want 0", v, v, itz, got)
			}
		}
	}
	a, b := "2.4.0-1", string([]byte("2.4.0-1")) // not the same bytes
	if n := testing.AllocsPerRun(10, func() { Versioncmp(a, b, true) }); n != 0 {
		t.Errorf("versioncmp of a version and itself made %v allocations, want 0", n)
	}
}
