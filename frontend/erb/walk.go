package erb

import "reflect"

var nodeType = reflect.TypeOf((*Node)(nil)).Elem()

// Walk calls f for n and every syntax node below it, parents first.
func Walk(n Node, f func(Node)) { walk(reflect.ValueOf(n), f) }

// walk calls f for every syntax node in v (a node, a slice of them, a
// struct holding them: blocks, rescue clauses, string parts, hash pairs).
func walk(v reflect.Value, f func(Node)) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Type().Implements(nodeType) {
			f(v.Interface().(Node))
		}
		walk(v.Elem(), f)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), f)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), f)
			}
		}
	}
}
