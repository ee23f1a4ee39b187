package restype

import (
	"reflect"
	"testing"
)

func TestCoreTypes(t *testing.T) {
	// What Puppet 7.23 ships under lib/puppet/type.
	want := []string{"component", "exec", "file", "filebucket", "group", "notify", "package",
		"resources", "schedule", "service", "stage", "tidy", "user", "whit"}
	var got []string
	for _, ty := range CoreTypes() {
		got = append(got, ty.Name)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("core types %v, want %v", got, want)
	}
	if Core("cron") != nil {
		t.Error("cron is a module type (cron_core) in Puppet 7, not a core type")
	}
}

func TestAttr(t *testing.T) {
	file := Core("file")
	cases := []struct {
		name string
		kind Kind
		ok   bool
	}{
		{"path", Param, true},
		{"mode", Property, true},
		{"provider", Param, true},
		{"require", MetaParam, true},
		{"stage", MetaParam, true},
		{"name", Param, true}, // Puppet's validattr? accepts name on every type
		{"nope", 0, false},
		{"title", 0, false},
	}
	for _, c := range cases {
		a, ok := file.Attr(c.name)
		if ok != c.ok || a.Kind != c.kind {
			t.Errorf("file.Attr(%q) = %v %v, want %v %v", c.name, a.Kind, ok, c.kind, c.ok)
		}
		if file.ValidAttr(c.name) != c.ok {
			t.Errorf("file.ValidAttr(%q) = %v", c.name, !c.ok)
		}
	}
	open := &Type{Name: "x", Open: true}
	if !open.ValidAttr("anything") {
		t.Error("an open type accepts any attribute")
	}
}

func TestNamevarsAndPatterns(t *testing.T) {
	if got := Core("package").Namevars(); !reflect.DeepEqual(got, []string{"name", "provider", "command"}) {
		t.Errorf("package namevars %v", got)
	}
	if got := Core("file").Namevars(); !reflect.DeepEqual(got, []string{"path"}) {
		t.Errorf("file namevars %v", got)
	}
	if Core("exec").Isomorphic || Core("tidy").Isomorphic || !Core("file").Isomorphic {
		t.Error("exec and tidy are Puppet's non-isomorphic core types")
	}
	if got := DefaultTitlePatterns([]string{"name"}); len(got) != 1 || got[0].Regexp != "(.*)" || got[0].Flags != "m" {
		t.Errorf("default title pattern %v", got)
	}
	if DefaultTitlePatterns([]string{"a", "b"}) != nil {
		t.Error("several namevars have no default title pattern")
	}
}

func TestMetaparams(t *testing.T) {
	for _, m := range Metaparams {
		if !IsMetaparam(m) {
			t.Errorf("%s", m)
		}
	}
	if IsMetaparam("name") || IsMetaparam("provider") {
		t.Error("name and provider are not metaparameters")
	}
}
