package values

import (
	"slices"
	"testing"
)

func TestRequiredLiterals(t *testing.T) {
	const part = `((?-mix:(?:[^:]|:[^:])+))`
	for _, c := range []struct {
		src, flags string
		want       []string
	}{
		{`abc`, "", []string{"abc"}},
		// a quantified character may be absent or repeated: it ends the
		// run, and with * ? {} it is no longer required
		{`ab*c`, "", []string{"a", "c"}},
		{`ab?c`, "", []string{"a", "c"}},
		{`ab+c`, "", []string{"ab", "c"}},
		{`ab{0,2}c`, "", []string{"a", "c"}},
		{`ab{2}c`, "", []string{"a", "c"}},
		{`ab*?c`, "", []string{"a", "c"}},
		{`é?x`, "", []string{"x"}},
		// groups, classes and anchors end a run; their content is not read
		{`^` + part + `::` + part + `@` + part + `$`, "", []string{"::", "@"}},
		{`^((?-mix:[^\/]+))\/((?-mix:(?:[^:]|:[^:])+))::((?-mix:.+))$`, "", []string{"/", "::"}},
		{`a[b-d]e`, "", []string{"a", "e"}},
		{`a[]x]e`, "", []string{"a", "e"}},
		{`a[[:alpha:]&&[^x]]e`, "", []string{"a", "e"}},
		{`\Aab\zc`, "", []string{"ab", "c"}},
		{`a.b`, "", []string{"a", "b"}},
		{`x(a|b)y`, "", []string{"x", "y"}},
		{`(?m)ab`, "", []string{"ab"}},
		{`a\.b\/c`, "", []string{"a.b/c"}},
		{`(.*)`, "m", nil},
		// what it does not read gives nothing
		{`ab|cd`, "", nil},
		{`abc`, "i", nil},
		{`a b`, "x", nil},
		{`(?i)abc`, "", nil},
		{`(?x)a b`, "", nil},
		{`a\x41b`, "", nil},
		{`a\1b`, "", nil},
		{`a\nb`, "", nil},
		{`a{b`, "", nil},
		{`a[bc`, "", nil},
		{`a(bc`, "", nil},
		{`a)b`, "", nil},
		{`a(?#c)b`, "", nil},
	} {
		if got := RequiredLiterals(c.src, c.flags); !slices.Equal(got, c.want) {
			t.Errorf("RequiredLiterals(%q, %q) = %q, want %q", c.src, c.flags, got, c.want)
		}
	}
}

func TestContainsInOrder(t *testing.T) {
	for _, c := range []struct {
		s    string
		lits []string
		want bool
	}{
		{"admin@admin", nil, true},
		{"admin@admin", []string{"@"}, true},
		{"admin@admin", []string{"::", "@"}, false},
		{"admin@::::all", []string{"::", "@"}, false}, // "::" only after "@"
		{"admin@::::all", []string{"@", "::"}, true},
		{"admin@::::all", []string{"@::", "::"}, true},
		{"a::b", []string{"::", "::"}, false}, // without overlapping
		{"a:::b", []string{"::", "::"}, false},
		{"a::::b", []string{"::", "::"}, true},
	} {
		if got := ContainsInOrder(c.s, c.lits); got != c.want {
			t.Errorf("ContainsInOrder(%q, %q) = %v, want %v", c.s, c.lits, got, c.want)
		}
	}
}

// TestRequiredLiteralsMatches checks that a subject a pattern matches
// contains its required literals: keystone's title patterns and others
// against titles that match some of them.
func TestRequiredLiteralsMatches(t *testing.T) {
	const part, nat = `((?-mix:(?:[^:]|:[^:])+))`, `((?-mix:(?:[^:@]|:[^:@])+))`
	patterns := []string{
		`^` + part + `::` + nat + `@` + nat + `::` + part + `$`,
		`^` + part + `::` + nat + `@::` + part + `$`,
		`^` + part + `::` + nat + `@` + nat + `$`,
		`^` + part + `@` + nat + `::` + part + `$`,
		`^` + part + `@::` + part + `$`,
		`^` + part + `@` + nat + `$`,
		`^` + part + `::` + nat + `@::::` + part + `$`,
		`^` + part + `@::::` + part + `$`,
		`^` + part + `::` + part + `$`,
		`^` + part + `$`,
		`^((?-mix:[^\/]+))\/((?-mix:(?:[^:]|:[^:])+))::((?-mix:.+))$`,
		`^(\S+)\s+port\s+(\d+)$`,
		`ab*c+d?e{1,2}f`,
		`x[a-c]+y.z`,
	}
	subjects := []string{
		"admin", "admin@admin", "admin@::::all", "admin::Default", "u::d@p::d", "u::d@::p", "u::d@p",
		"u@p::d", "u@::p", "u::d@::::all", "RegionOne/keystone::identity", "keystone::identity",
		"web port 80", "acdeef", "abbcdef", "acef", "xaby.z", "xby z", "", "@", "::", "a:b",
	}
	for _, src := range patterns {
		re := RegexpOf(src)
		lits := RequiredLiterals(src, "")
		matched := 0
		for _, s := range subjects {
			m, err := re.Match(s)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			if m == nil {
				continue
			}
			matched++
			if !ContainsInOrder(s, lits) {
				t.Errorf("%q matches %q, which lacks %q", s, src, lits)
			}
		}
		if matched == 0 {
			t.Errorf("no subject matches %q", src)
		}
	}
}
