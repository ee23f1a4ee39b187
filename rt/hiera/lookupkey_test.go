package hiera

import (
	"slices"
	"testing"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// TestMakeLookupKey checks a key's root, module and segments, for keys of
// one segment (a class's parameters', made without splitting) and dotted
// and quoted ones (Hiera 5's key syntax: a quoted segment is one, an
// integer segment indexes an array).
func TestMakeLookupKey(t *testing.T) {
	for _, c := range []struct {
		key, root, module string
		segments          []values.Value
	}{
		{"apache::vhost_dir", "apache::vhost_dir", "apache", nil},
		{"ntp", "ntp", "", nil},
		{"keystone::db::mysql::password", "keystone::db::mysql::password", "keystone", nil},
		{"a::b.c", "a::b", "a", []values.Value{values.String("c")}},
		{"a.1", "a", "", []values.Value{values.Int(1)}},
		{"'a.b'", "a.b", "", nil},
		{`m::x."y.z"`, "m::x", "m", []values.Value{values.String("y.z")}},
	} {
		lk := makeLookupKey(c.key)
		if lk.text != c.key || lk.root != c.root || lk.module != c.module || !slices.EqualFunc(lk.segments, c.segments, values.Equals) {
			t.Errorf("%s: root %q module %q segments %v, want %q %q %v", c.key, lk.root, lk.module, lk.segments, c.root, c.module, c.segments)
		}
	}
}

// TestNewKey: a class's key (NewKey) is the key a lookup of its text
// makes (root, module: Hiera's module layer is found by its first
// segment), and is not added to the process's table of keys, as its
// class keeps it.
func TestNewKey(t *testing.T) {
	const text = "cold2test::vhost_dir"
	k := NewKey(text)
	if k.lk.text != text || k.lk.root != text || k.lk.module != "cold2test" || k.lk.segments != nil {
		t.Errorf("NewKey(%q) = %+v", text, *k.lk)
	}
	if _, ok := readmap.Load(lookupKeys, text); ok {
		t.Errorf("NewKey(%q) added it to lookupKeys", text)
	}
	if lk := newLookupKey(text); lk.text != k.lk.text || lk.root != k.lk.root || lk.module != k.lk.module || lk.segments != nil {
		t.Errorf("newLookupKey(%q) = %+v, NewKey's %+v", text, *lk, *k.lk)
	}
}
