package hiera

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// TestParameterKeys checks that a class's automatic parameters' keys are
// NewKey's: the key's text, its root and module, and the segments of a
// name that has some (no class or parameter name has, but the keys must
// then still be Hiera's); a class's plain keys share their module's bytes.
func TestParameterKeys(t *testing.T) {
	for _, c := range []struct {
		class  string
		params []string
	}{
		{"keystone::db::mysql", []string{"password", "dbname", "host"}},
		{"ntp", []string{"servers"}},
		{"apache", nil},
		{"a", []string{"b.c", "d"}},
	} {
		keys := ParameterKeys(c.class, len(c.params), func(i int) string { return c.params[i] })
		if len(keys) != len(c.params) {
			t.Fatalf("%s: %d keys for %d parameters", c.class, len(keys), len(c.params))
		}
		for i, p := range c.params {
			want := NewKey(c.class + "::" + p)
			if !reflect.DeepEqual(*keys[i].lk, *want.lk) {
				t.Errorf("%s::%s: key %+v, NewKey's %+v", c.class, p, *keys[i].lk, *want.lk)
			}
			if !sameModule(keys[i].lk, want.lk.module) {
				t.Errorf("%s::%s: module %q is not NewKey's %q", c.class, p, keys[i].lk.module, want.lk.module)
			}
			if i > 0 && !hasSegments(strings.Join(c.params, "")) && unsafe.StringData(keys[i].lk.module) != unsafe.StringData(keys[0].lk.module) {
				t.Errorf("%s::%s: module not the first key's bytes", c.class, p)
			}
		}
	}
}
