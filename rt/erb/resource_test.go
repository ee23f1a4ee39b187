package erb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Puppet::Resource.type_and_title splits "Type[title]" with
// /^([^\[\]]+)\[(.+)\]$/m, whose ^ and $ are a line's start and end.
// Expected values are Puppet 7.23's (Puppet::Resource.type_and_title(t, n).inspect).
func TestTypeAndTitle(t *testing.T) {
	str := func(s string) Value { return S(s) }
	cases := []struct {
		typ, title Value
		want       string
	}{
		{str("File"), str("x"), `["File", "x"]`},
		{nil, str("File[/tmp]"), `["File", "/tmp"]`},
		{nil, str("File[a[b]]"), `["File", "a[b]"]`},
		{nil, str("[x]"), `["Class", "[x]"]`},
		{nil, str("File[]"), `["Class", "File[]"]`},
		{nil, str("Fi]le[x]"), `["Class", "Fi]le[x]"]`},
		{str("Class"), str(""), `["Class", :main]`},
		{str("File[/a]"), nil, `["File", "/a"]`},
		{Symbol("whit"), str("File[y]"), `["File", "y"]`},
		{nil, str("File[x]\n"), `["File", "x"]`},
		{nil, str("x]\nFile[y]"), `["File", "y"]`},
		{nil, str("File[x]\nmore"), `["File", "x"]`},
		{nil, str("File[x]\nmo]re]"), `["File", "x]\nmo]re"]`},
		{nil, str("File[x"), `["Class", "File[x"]`},
		{nil, str("]\n[\nA[b]"), `["A", "b"]`},
	}
	r := New(nil)
	for _, c := range cases {
		require.Equal(t, c.want, Inspect(r.PuppetResourceTypeAndTitle(c.typ, c.title)), "%s, %s", Inspect(c.typ), Inspect(c.title))
	}
	defer func() {
		e, ok := recover().(*RubyError)
		require.True(t, ok)
		require.Equal(t, ClassArgumentError, e.Class)
		require.Equal(t, "No title provided and nil is not a valid resource reference", e.Msg)
	}()
	r.PuppetResourceTypeAndTitle(nil, nil)
}

// TestMungeTypeNameKept: munge_type_name's names are kept for the
// process: the same name again is no allocation, and a part of a longer
// text is kept as a copy.
func TestMungeTypeNameKept(t *testing.T) {
	ref := "foo::bar_baz[x]"
	if got := mungeTypeName(ref[:12]); got != "Foo::Bar_baz" {
		t.Fatalf("mungeTypeName(foo::bar_baz) = %q", got)
	}
	if n := testing.AllocsPerRun(10, func() { mungeTypeName(ref[:12]) }); n != 0 {
		t.Errorf("mungeTypeName of a kept name made %v allocations, want 0", n)
	}
	for in, want := range map[string]string{"": "Class", "Component": "Class", "file": "File", "a::b": "A::B"} {
		if got := mungeTypeName(in); got != want {
			t.Errorf("mungeTypeName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRefArgsOfResourceType: findresource of a resource type that
// find_resource_type_or_class found (stdlib's defined_with_params) names
// the type as Puppet::Resource munges the type's name (Package,
// Foo::Bar) and the title as given; for every type and title it is the
// reference type_and_title makes of the name's Symbol.
func TestRefArgsOfResourceType(t *testing.T) {
	for _, c := range []struct {
		name        string
		title       Value
		typ, title2 string
	}{
		{"package", S("iptables-persistent"), "Package", "iptables-persistent"},
		{"foo::bar", S("x"), "Foo::Bar", "x"},
		{"file", Symbol("t"), "File", "t"},
		{"exec", int64(3), "Exec", "3"},
	} {
		x := &resourceType{name: c.name, kind: "type"}
		if typ, title := refArgs([]Value{x, c.title}); typ != c.typ || title != c.title2 {
			t.Errorf("%s[%v]: %q %q, want %q %q", c.name, c.title, typ, title, c.typ, c.title2)
		}
	}
	for _, name := range []string{"package", "Foo::bar", "component", "whit", "main", "class", ""} {
		for _, title := range []Value{S("a"), S("File[/tmp]"), S(""), Symbol("s"), false} {
			x := &resourceType{name: name, kind: "type"}
			ref := func(typ Value) string {
				var out string
				if err := rubyErr(func() {
					t1, t2 := refArgs([]Value{typ, title})
					out = t1 + "|" + t2
				}); err != "" {
					return err
				}
				return out
			}
			if got, want := ref(x), ref(x.nameValue()); got != want {
				t.Errorf("%q[%v]: %v, want %v", name, title, got, want)
			}
		}
	}
}
