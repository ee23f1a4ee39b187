package erb

import (
	"reflect"
	"testing"
)

// Every Ruby method in the table is a method of *R with the name GoName
// gives and the signature translated code calls it with.
func TestMethodTableMatchesGoMethods(t *testing.T) {
	rt := reflect.TypeOf(&R{})
	valueT := reflect.TypeOf((*Value)(nil)).Elem()
	blockT := reflect.TypeOf(&Block{})
	for _, name := range MethodNames() {
		goName, block, _ := Method(name)
		m, ok := rt.MethodByName(goName)
		if !ok {
			t.Errorf("%s: no method (*R).%s", name, goName)
			continue
		}
		ft := m.Type
		want := []reflect.Type{rt, valueT}
		if block {
			want = append(want, blockT)
		}
		want = append(want, reflect.SliceOf(valueT))
		ok = ft.NumIn() == len(want) && ft.IsVariadic() && ft.NumOut() == 1 && ft.Out(0) == valueT
		for i := 0; ok && i < len(want); i++ {
			ok = ft.In(i) == want[i]
		}
		if !ok {
			t.Errorf("%s: (*R).%s has type %v", name, goName, ft)
		}
	}
}

// Each Ruby method is registered once: the lists are slices, which, unlike
// the map literals they were, let a name repeat, and methodTable would keep
// either registration.
func TestMethodsRegisteredOnce(t *testing.T) {
	seen := map[string]bool{}
	add := func(name string) {
		if seen[name] {
			t.Errorf("method %q registered twice", name)
		}
		seen[name] = true
	}
	for _, l := range plainLists {
		for _, m := range l {
			add(m.name)
		}
	}
	for _, l := range blockLists {
		for _, m := range l {
			add(m.name)
		}
	}
	if len(seen) != len(methodTable()) {
		t.Errorf("methodTable has %d methods, the lists %d", len(methodTable()), len(seen))
	}
}
