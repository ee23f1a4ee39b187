package rt

import (
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
