package spec

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"

	"github.com/pp2go/pp2go/rt/values"
)

// SensitiveValue is an expected value for a Sensitive parameter: see
// Sensitive.
type SensitiveValue struct{ Want any }

// Sensitive expects a Sensitive value whose content matches want (rspec-
// puppet's `sensitive('secret')`).
func Sensitive(want any) SensitiveValue { return SensitiveValue{want} }

// match reports whether an actual parameter value (nil: not set) matches
// an expected one, as rspec-puppet's ParameterMatcher does.
func match(want any, got values.Value) bool {
	if got != nil && values.IsUndef(got) {
		got = nil
	}
	switch w := want.(type) {
	case nil:
		return got == nil
	case func(values.Value) bool:
		return w(got)
	case SensitiveValue:
		s, ok := got.(*values.Sensitive)
		return ok && match(w.Want, s.Unwrap())
	}
	if got == nil {
		return false
	}
	if _, ok := got.(*values.Sensitive); ok {
		return false // only Sensitive(..) matches a Sensitive value
	}
	switch w := want.(type) {
	case *regexp.Regexp:
		return w.MatchString(text(got))
	case *values.Array:
		return matchArray(w.Elems(), got)
	case *values.Hash:
		h, ok := got.(*values.Hash)
		if !ok || h.Len() != w.Len() {
			return false
		}
		for i := 0; i < w.Len(); i++ {
			v, ok := h.Get(w.KeyAt(i))
			if !ok || !match(w.ValueAt(i), v) {
				return false
			}
		}
		return true
	case values.Value:
		return text(w) == text(got)
	case string:
		return w == text(got)
	}
	rv := reflect.ValueOf(want)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		elems := make([]any, rv.Len())
		for i := range elems {
			elems[i] = rv.Index(i).Interface()
		}
		return matchArray(elems, got)
	case reflect.Map:
		h, ok := got.(*values.Hash)
		if !ok || h.Len() != rv.Len() {
			return false
		}
		for _, k := range rv.MapKeys() {
			v, ok := h.Get(Value(k.Interface()))
			if !ok || !match(rv.MapIndex(k).Interface(), v) {
				return false
			}
		}
		return true
	}
	return text(Value(want)) == text(got)
}

// matchArray matches an array element by element; a value that is not an
// array counts as a one-element array (rspec-puppet: Puppet flattens a
// one-element array into its element).
func matchArray[T any](want []T, got values.Value) bool {
	a, ok := got.(*values.Array)
	if !ok {
		a = values.NewArray(got)
	}
	if a.Len() != len(want) {
		return false
	}
	for i, w := range want {
		if !match(w, a.At(i)) {
			return false
		}
	}
	return true
}

// describe is an expected value in a failure message.
func describe(want any) string {
	switch w := want.(type) {
	case nil:
		return "undef (not set)"
	case *regexp.Regexp:
		return "a match of /" + w.String() + "/"
	case func(values.Value) bool:
		return "a value the test's function accepts"
	case SensitiveValue:
		return "Sensitive(" + describe(w.Want) + ")"
	case string:
		return strconv.Quote(w)
	case values.Value:
		return show(w)
	}
	rv := reflect.ValueOf(want)
	if rv.Kind() == reflect.Map {
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		s := "{"
		for i, k := range keys {
			if i > 0 {
				s += ", "
			}
			s += fmt.Sprintf("%q => %s", fmt.Sprint(k.Interface()), describe(rv.MapIndex(k).Interface()))
		}
		return s + "}"
	}
	if rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array {
		s := "["
		for i := 0; i < rv.Len(); i++ {
			if i > 0 {
				s += ", "
			}
			s += describe(rv.Index(i).Interface())
		}
		return s + "]"
	}
	return show(Value(want))
}

// show is an actual value in a failure message: Puppet's string form, with
// strings quoted and references as the catalog writes them.
func show(v values.Value) string {
	switch x := v.(type) {
	case nil:
		return "not set"
	case values.String:
		return strconv.Quote(string(x))
	case *values.ResourceType, *values.ClassType:
		return strconv.Quote(text(x))
	case *values.Array:
		s := "["
		for i, e := range x.Elems() {
			if i > 0 {
				s += ", "
			}
			s += show(e)
		}
		return s + "]"
	case *values.Hash:
		s := "{"
		for i := 0; i < x.Len(); i++ {
			if i > 0 {
				s += ", "
			}
			s += show(x.KeyAt(i)) + " => " + show(x.ValueAt(i))
		}
		return s + "}"
	}
	return values.ToString(v)
}
