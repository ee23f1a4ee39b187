package hiera

import (
	"slices"
	"testing"

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
