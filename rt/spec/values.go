package spec

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Value converts a Go value into a Puppet value: nil is undef; strings,
// booleans, integers and floats are Puppet's String, Boolean, Integer and
// Float; slices and arrays are Arrays; maps are Hashes (with their keys in
// sorted order, Go maps having none); a values.Value is itself. It panics
// on anything else.
func Value(x any) values.Value {
	switch v := x.(type) {
	case nil:
		return values.Undef
	case values.Value:
		return v
	case string:
		return values.String(v)
	case bool:
		return values.BoolOf(v)
	case int:
		return values.Int(v)
	case int64:
		return values.Int(v)
	case float64:
		return values.Float(v)
	case []string:
		out := make([]values.Value, len(v))
		for i, s := range v {
			out[i] = values.String(s)
		}
		return values.NewArray(out...)
	case []any:
		out := make([]values.Value, len(v))
		for i, e := range v {
			out[i] = Value(e)
		}
		return values.NewArray(out...)
	}
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return values.Int(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return values.Int(int64(rv.Uint()))
	case reflect.Float32, reflect.Float64:
		return values.Float(rv.Float())
	case reflect.String:
		return values.String(rv.String())
	case reflect.Bool:
		return values.BoolOf(rv.Bool())
	case reflect.Slice, reflect.Array:
		out := make([]values.Value, rv.Len())
		for i := range out {
			out[i] = Value(rv.Index(i).Interface())
		}
		return values.NewArray(out...)
	case reflect.Map:
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i].Interface()) < fmt.Sprint(keys[j].Interface()) })
		b := values.NewHashBuilder(len(keys))
		for _, k := range keys {
			b.Put(Value(k.Interface()), Value(rv.MapIndex(k).Interface()))
		}
		return b.Build()
	case reflect.Pointer:
		if rv.IsNil() {
			return values.Undef
		}
		return Value(rv.Elem().Interface())
	}
	panic(fmt.Sprintf("spec.Value: cannot convert %T to a Puppet value", x))
}

// splitPath splits a dotted fact path.
func splitPath(path string) []string { return strings.Split(path, ".") }

// setPath returns h with the value at the path of keys replaced (or
// added), creating hashes on the way.
func setPath(h *values.Hash, keys []string, v values.Value) *values.Hash {
	if h == nil {
		h = values.NewHash()
	}
	key := values.String(keys[0])
	if len(keys) > 1 {
		inner, _ := h.Get(key)
		ih, _ := inner.(*values.Hash)
		v = setPath(ih, keys[1:], v)
	}
	b := values.NewHashBuilder(h.Len() + 1)
	replaced := false
	for i := 0; i < h.Len(); i++ {
		k := h.KeyAt(i)
		if s, ok := k.(values.String); ok && s == key {
			b.Put(k, v)
			replaced = true
			continue
		}
		b.Put(k, h.ValueAt(i))
	}
	if !replaced {
		b.Put(key, v)
	}
	return b.Build()
}
