package erb

import (
	"reflect"
	"testing"
)

// TestMethodGoNames: generated code calls a Ruby method of the table by
// the Go name GoName gives it, so each must be a method of *R.
func TestMethodGoNames(t *testing.T) {
	r := reflect.TypeOf(&R{})
	for _, name := range MethodNames() {
		if _, ok := r.MethodByName(GoName(name)); !ok {
			t.Errorf("Ruby method %q: *R has no method %s", name, GoName(name))
		}
	}
}
