package rt

import (
	"slices"
	"testing"

	"github.com/pp2go/pp2go/rt/restype"
)

// TestFastTitle checks the title patterns matched without a regexp
// against what Ruby 3.1 matches (ruby -e with the same patterns).
func TestFastTitle(t *testing.T) {
	file := restype.TitlePattern{Regexp: filePattern, Flags: "m", Attrs: []string{"path"}}
	whole := restype.TitlePattern{Regexp: "(.*)", Flags: "m", Attrs: []string{"name"}}
	for _, c := range []struct {
		title string
		file  any // string, or nil for no match
		whole string
	}{
		{"/etc/motd", "/etc/motd", "/etc/motd"},
		{"/etc/dir/", "/etc/dir", "/etc/dir/"},
		{"/", "/", "/"},
		{"///", "/", "///"},
		{"C:/", "C:/", "C:/"},
		{`C:\x`, `C:\x`, `C:\x`},
		{"a:///", "a:/", "a:///"},
		{":/", ":", ":/"},
		{"a:", "a:", "a:"},
		{"x:/y:/", "x:/y:/", "x:/y:/"},
		{"x:/a/", "x:/a", "x:/a/"},
		{"rel/path//", "rel/path", "rel/path//"},
		{"", nil, ""},
		{"a", "a", "a"},
		{"/a b/c ", "/a b/c ", "/a b/c "},
		{"ü/ñ/", "ü/ñ", "ü/ñ/"},
	} {
		v, ok, handled := fastTitle(file, c.title)
		if !handled || (c.file == nil) == ok || (ok && v != c.file) {
			t.Errorf("file %q: got %q %v %v, Ruby gives %v", c.title, v, ok, handled, c.file)
		}
		v, ok, handled = fastTitle(whole, c.title)
		if !handled || !ok || v != c.whole {
			t.Errorf("(.*) %q: got %q %v %v, Ruby gives %q", c.title, v, ok, handled, c.whole)
		}
	}
	if _, _, handled := fastTitle(file, "a\nb/"); handled {
		t.Errorf("a title with a line break is left to the regexp")
	}
	if _, _, handled := fastTitle(restype.TitlePattern{Regexp: "^(.*)$", Flags: "m", Attrs: []string{"x"}}, "x"); handled {
		t.Errorf("other patterns are left to the regexp")
	}
}

// A type's title patterns give the same fields each time a title is
// parsed, the later times from the cache of matched titles; a title no
// pattern matches stays unmatched. mysql_user's pattern (Puppet's
// parse_title: 'app@%' gives user 'app' and host '%').
func TestTitlePatternsAgain(t *testing.T) {
	n := Native(&restype.Type{Name: "t", TitlePatterns: []restype.TitlePattern{
		{Regexp: `^(.*?)@(.*)$`, Attrs: []string{"user", "host"}},
	}})
	want := []TitleField{{Name: "user", Value: "app"}, {Name: "host", Value: "%"}}
	for range 2 {
		f, ok := n.ParseTitle("app@%")
		if !ok || !slices.Equal(f, want) {
			t.Fatalf("app@%%: %v %v", f, ok)
		}
		if f, ok := n.ParseTitle("app"); ok {
			t.Fatalf("app: %v", f)
		}
	}
}

// TestHasAttribute checks that a native type's set of attributes answers
// as restype's ValidAttr does.
func TestHasAttribute(t *testing.T) {
	for _, typ := range restype.CoreTypes() {
		n := Native(typ)
		names := append(typ.AttrNames(), "name", "nosuch", "Ensure", "")
		for _, name := range names {
			if got, want := n.HasAttribute(name), typ.ValidAttr(name); got != want {
				t.Errorf("%s: HasAttribute(%q) = %v, ValidAttr %v", typ.Name, name, got, want)
			}
		}
	}
}

// A title is matched by the first of a type's patterns that matches it,
// the patterns whose separators it lacks (in their order) skipped
// without their regexp: keystone_user_role's patterns (puppet-keystone's
// type, Puppet's parse_title) on the titles of its README.
func TestTitlePatternsSeparators(t *testing.T) {
	const name, domain = `((?-mix:(?:[^:]|:[^:])+))`, `((?-mix:(?:[^:@]|:[^:@])+))`
	n := Native(&restype.Type{Name: "keystone_user_role", TitlePatterns: []restype.TitlePattern{
		{Regexp: `^` + name + `::` + domain + `@` + domain + `::` + name + `$`, Attrs: []string{"user", "user_domain", "project", "project_domain"}},
		{Regexp: `^` + name + `::` + domain + `@::` + name + `$`, Attrs: []string{"user", "user_domain", "domain"}},
		{Regexp: `^` + name + `::` + domain + `@` + domain + `$`, Attrs: []string{"user", "user_domain", "project"}},
		{Regexp: `^` + name + `@` + domain + `::` + name + `$`, Attrs: []string{"user", "project", "project_domain"}},
		{Regexp: `^` + name + `@::` + name + `$`, Attrs: []string{"user", "domain"}},
		{Regexp: `^` + name + `@` + domain + `$`, Attrs: []string{"user", "project"}},
		{Regexp: `^` + name + `@::::` + name + `$`, Attrs: []string{"user", "system"}},
	}})
	for _, c := range []struct {
		title string
		want  []TitleField
	}{
		{"admin@admin", []TitleField{{"user", "admin"}, {"project", "admin"}}},
		{"admin@::::all", []TitleField{{"user", "admin"}, {"system", "all"}}},
		{"admin@::Default", []TitleField{{"user", "admin"}, {"domain", "Default"}}},
		{"admin::Default@admin::Default", []TitleField{{"user", "admin"}, {"user_domain", "Default"}, {"project", "admin"}, {"project_domain", "Default"}}},
		{"admin::Default@admin", []TitleField{{"user", "admin"}, {"user_domain", "Default"}, {"project", "admin"}}},
	} {
		f, ok := n.ParseTitle(c.title)
		if !ok || !slices.Equal(f, c.want) {
			t.Errorf("%s: %v %v, want %v", c.title, f, ok, c.want)
		}
	}
	if f, ok := n.ParseTitle("admin"); ok {
		t.Errorf("admin: %v", f)
	}
}
