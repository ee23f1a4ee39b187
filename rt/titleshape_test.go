package rt

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// shapePatterns are title patterns titleShapeOf reads: openstacklib's
// (keystone's types), and others of the same form.
var shapePatterns = []string{
	`^((?-mix:(?:[^:]|:[^:])+))::((?-mix:(?:[^:]|:[^:])+))$`,
	`^((?-mix:(?:[^:]|:[^:])+))$`,
	`^((?-mix:[^\/]+))\/((?-mix:(?:[^:]|:[^:])+))::((?-mix:.+))$`,
	`^((?-mix:(?:[^:]|:[^:])+))@((?-mix:(?:[^:@]|:[^:@])+))::((?-mix:(?:[^:]|:[^:])+))$`,
	`^((?-mix:(?:[^:]|:[^:])+))@::::((?-mix:(?:[^:]|:[^:])+))$`,
	`^((?-mix:(?:[^:]|:[^:])+))@((?-mix:(?:[^:@]|:[^:@])+))$`,
	`^([^:]+)$`,
	`^(.*):(.*)$`,
	`^x-(.+)\.(.*)$`,
}

// TestTitleShape checks the patterns' groups against Ruby 3.1's
// (Regexp.new(pattern).match(title).captures, ruby -e).
func TestTitleShape(t *testing.T) {
	for _, c := range []struct {
		pattern int
		title   string
		groups  []string // nil: no match
	}{
		{0, "admin", nil},
		{0, "admin@admin", nil},
		{0, "admin@::::all", nil},
		{0, "a::b", []string{"a", "b"}},
		{0, "a:b::c", []string{"a:b", "c"}},
		{0, "a:::b", []string{"a", ":b"}},
		{0, "a::b::c", nil},
		{0, "RegionOne/keystone::identity", []string{"RegionOne/keystone", "identity"}},
		{0, "r/s::t::u", nil},
		{0, "a:", nil},
		{0, ":a", nil},
		{0, "::", nil},
		{0, "", nil},
		{0, "ü:ñ::é", []string{"ü:ñ", "é"}},
		{0, "a@b::c", []string{"a@b", "c"}},
		{0, "a@b:c::d", []string{"a@b:c", "d"}},
		{0, "a@::b", []string{"a@", "b"}},
		{0, "x-y.z.w", nil},
		{0, "x-.", nil},
		{0, "x-a.", nil},
		{0, "a:b:c", nil},
		{0, "a b@c d", nil},
		{1, "admin", []string{"admin"}},
		{1, "admin@admin", []string{"admin@admin"}},
		{1, "admin@::::all", nil},
		{1, "a::b", nil},
		{1, "a:b::c", nil},
		{1, "a:::b", nil},
		{1, "a::b::c", nil},
		{1, "RegionOne/keystone::identity", nil},
		{1, "r/s::t::u", nil},
		{1, "a:", nil},
		{1, ":a", []string{":a"}},
		{1, "::", nil},
		{1, "", nil},
		{1, "ü:ñ::é", nil},
		{1, "a@b::c", nil},
		{1, "a@b:c::d", nil},
		{1, "a@::b", nil},
		{1, "x-y.z.w", []string{"x-y.z.w"}},
		{1, "x-.", []string{"x-."}},
		{1, "x-a.", []string{"x-a."}},
		{1, "a:b:c", []string{"a:b:c"}},
		{1, "a b@c d", []string{"a b@c d"}},
		{2, "admin", nil},
		{2, "admin@admin", nil},
		{2, "admin@::::all", nil},
		{2, "a::b", nil},
		{2, "a:b::c", nil},
		{2, "a:::b", nil},
		{2, "a::b::c", nil},
		{2, "RegionOne/keystone::identity", []string{"RegionOne", "keystone", "identity"}},
		{2, "r/s::t::u", []string{"r", "s", "t::u"}},
		{2, "a:", nil},
		{2, ":a", nil},
		{2, "::", nil},
		{2, "", nil},
		{2, "ü:ñ::é", nil},
		{2, "a@b::c", nil},
		{2, "a@b:c::d", nil},
		{2, "a@::b", nil},
		{2, "x-y.z.w", nil},
		{2, "x-.", nil},
		{2, "x-a.", nil},
		{2, "a:b:c", nil},
		{2, "a b@c d", nil},
		{3, "admin", nil},
		{3, "admin@admin", nil},
		{3, "admin@::::all", nil},
		{3, "a::b", nil},
		{3, "a:b::c", nil},
		{3, "a:::b", nil},
		{3, "a::b::c", nil},
		{3, "RegionOne/keystone::identity", nil},
		{3, "r/s::t::u", nil},
		{3, "a:", nil},
		{3, ":a", nil},
		{3, "::", nil},
		{3, "", nil},
		{3, "ü:ñ::é", nil},
		{3, "a@b::c", []string{"a", "b", "c"}},
		{3, "a@b:c::d", []string{"a", "b:c", "d"}},
		{3, "a@::b", nil},
		{3, "x-y.z.w", nil},
		{3, "x-.", nil},
		{3, "x-a.", nil},
		{3, "a:b:c", nil},
		{3, "a b@c d", nil},
		{4, "admin", nil},
		{4, "admin@admin", nil},
		{4, "admin@::::all", []string{"admin", "all"}},
		{4, "a::b", nil},
		{4, "a:b::c", nil},
		{4, "a:::b", nil},
		{4, "a::b::c", nil},
		{4, "RegionOne/keystone::identity", nil},
		{4, "r/s::t::u", nil},
		{4, "a:", nil},
		{4, ":a", nil},
		{4, "::", nil},
		{4, "", nil},
		{4, "ü:ñ::é", nil},
		{4, "a@b::c", nil},
		{4, "a@b:c::d", nil},
		{4, "a@::b", nil},
		{4, "x-y.z.w", nil},
		{4, "x-.", nil},
		{4, "x-a.", nil},
		{4, "a:b:c", nil},
		{4, "a b@c d", nil},
		{5, "admin", nil},
		{5, "admin@admin", []string{"admin", "admin"}},
		{5, "admin@::::all", nil},
		{5, "a::b", nil},
		{5, "a:b::c", nil},
		{5, "a:::b", nil},
		{5, "a::b::c", nil},
		{5, "RegionOne/keystone::identity", nil},
		{5, "r/s::t::u", nil},
		{5, "a:", nil},
		{5, ":a", nil},
		{5, "::", nil},
		{5, "", nil},
		{5, "ü:ñ::é", nil},
		{5, "a@b::c", nil},
		{5, "a@b:c::d", nil},
		{5, "a@::b", nil},
		{5, "x-y.z.w", nil},
		{5, "x-.", nil},
		{5, "x-a.", nil},
		{5, "a:b:c", nil},
		{5, "a b@c d", []string{"a b", "c d"}},
		{6, "admin", []string{"admin"}},
		{6, "admin@admin", []string{"admin@admin"}},
		{6, "admin@::::all", nil},
		{6, "a::b", nil},
		{6, "a:b::c", nil},
		{6, "a:::b", nil},
		{6, "a::b::c", nil},
		{6, "RegionOne/keystone::identity", nil},
		{6, "r/s::t::u", nil},
		{6, "a:", nil},
		{6, ":a", nil},
		{6, "::", nil},
		{6, "", nil},
		{6, "ü:ñ::é", nil},
		{6, "a@b::c", nil},
		{6, "a@b:c::d", nil},
		{6, "a@::b", nil},
		{6, "x-y.z.w", []string{"x-y.z.w"}},
		{6, "x-.", []string{"x-."}},
		{6, "x-a.", []string{"x-a."}},
		{6, "a:b:c", nil},
		{6, "a b@c d", []string{"a b@c d"}},
		{7, "admin", nil},
		{7, "admin@admin", nil},
		{7, "admin@::::all", []string{"admin@:::", "all"}},
		{7, "a::b", []string{"a:", "b"}},
		{7, "a:b::c", []string{"a:b:", "c"}},
		{7, "a:::b", []string{"a::", "b"}},
		{7, "a::b::c", []string{"a::b:", "c"}},
		{7, "RegionOne/keystone::identity", []string{"RegionOne/keystone:", "identity"}},
		{7, "r/s::t::u", []string{"r/s::t:", "u"}},
		{7, "a:", []string{"a", ""}},
		{7, ":a", []string{"", "a"}},
		{7, "::", []string{":", ""}},
		{7, "", nil},
		{7, "ü:ñ::é", []string{"ü:ñ:", "é"}},
		{7, "a@b::c", []string{"a@b:", "c"}},
		{7, "a@b:c::d", []string{"a@b:c:", "d"}},
		{7, "a@::b", []string{"a@:", "b"}},
		{7, "x-y.z.w", nil},
		{7, "x-.", nil},
		{7, "x-a.", nil},
		{7, "a:b:c", []string{"a:b", "c"}},
		{7, "a b@c d", nil},
		{8, "admin", nil},
		{8, "admin@admin", nil},
		{8, "admin@::::all", nil},
		{8, "a::b", nil},
		{8, "a:b::c", nil},
		{8, "a:::b", nil},
		{8, "a::b::c", nil},
		{8, "RegionOne/keystone::identity", nil},
		{8, "r/s::t::u", nil},
		{8, "a:", nil},
		{8, ":a", nil},
		{8, "::", nil},
		{8, "", nil},
		{8, "ü:ñ::é", nil},
		{8, "a@b::c", nil},
		{8, "a@b:c::d", nil},
		{8, "a@::b", nil},
		{8, "x-y.z.w", []string{"y.z", "w"}},
		{8, "x-.", nil},
		{8, "x-a.", []string{"a", ""}},
		{8, "a:b:c", nil},
		{8, "a b@c d", nil},
	} {
		sh := titleShapeOf(restype.TitlePattern{Regexp: shapePatterns[c.pattern]})
		if sh == nil {
			t.Fatalf("%s not read", shapePatterns[c.pattern])
		}
		groups := make([]string, sh.groups)
		ok, handled := sh.match(c.title, groups)
		if !handled || ok != (c.groups != nil) || ok && !slices.Equal(groups, c.groups) {
			t.Errorf("%s %q: got %q %v %v, Ruby gives %q", shapePatterns[c.pattern], c.title, groups, ok, handled, c.groups)
		}
	}
}

// The patterns whose matches a regexp decides: other anchors, flags,
// escapes, lazy or nested repetitions, choices that may both go on,
// groups inside groups; and titles with a line break, which ^ and $ also
// match around.
func TestTitleShapeLeftToRegexp(t *testing.T) {
	for _, p := range []restype.TitlePattern{
		{Regexp: `(.*)`},
		{Regexp: `^(.*?)@(.*)$`},
		{Regexp: `\A([^:]+)\z`},
		{Regexp: `^([^:]+)$`, Flags: "i"},
		{Regexp: `^([^:]+)$`, Flags: "x"},
		{Regexp: `^(\w+)$`},
		{Regexp: `^((?:a|ab)+)$`},
		{Regexp: `^((?:[^:]|[^@])+)$`},
		{Regexp: `^(^([^@]*)$)$`},
		{Regexp: `^([^:]+)\$`},
		{Regexp: `^([[:alpha:]]+)$`},
		{Regexp: `^([a-z&&[^b]]+)$`},
		{Regexp: `^([^:]{2})$`},
		{Regexp: `^([^:]++)$`},
		{Regexp: `^(?i)([^:]+)$`},
		{Regexp: `^([^:]+)|(x)$`},
		{Regexp: `^$`},
	} {
		if titleShapeOf(p) != nil {
			t.Errorf("%s (flags %q) is read", p.Regexp, p.Flags)
		}
	}
	sh := titleShapeOf(restype.TitlePattern{Regexp: shapePatterns[1]})
	for _, title := range []string{"a\nb", "a\xff", string(make([]byte, maxShapeTitle+1))} {
		if _, handled := sh.match(title, make([]string, 1)); handled {
			t.Errorf("%q is matched", title)
		}
	}
}

// Every title of a few characters gets the groups the regexp gives
// (Ruby's, by the Regexp's tests).
func TestTitleShapeAsRegexp(t *testing.T) {
	alphabet := []string{"a", ":", "@", "/", ".", "x-", "ü"}
	var titles []string
	var grow func(s string, n int)
	grow = func(s string, n int) {
		titles = append(titles, s)
		if n > 0 {
			for _, c := range alphabet {
				grow(s+c, n-1)
			}
		}
	}
	grow("", 5)
	for _, src := range shapePatterns {
		sh := titleShapeOf(restype.TitlePattern{Regexp: src})
		re := values.RegexpOf(src)
		for _, title := range titles {
			groups := make([]string, sh.groups)
			ok, _ := sh.match(title, groups)
			m, err := re.Match(title)
			if err != nil {
				t.Fatal(err)
			}
			want := "nil"
			if m != nil {
				want = fmt.Sprint(m[1:])
			}
			got := "nil"
			if ok {
				got = fmt.Sprint(groups)
			}
			if got != want {
				t.Errorf("%s %q: got %s, regexp gives %s", src, title, got, want)
			}
		}
	}
}
