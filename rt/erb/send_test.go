package erb

import (
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// ruby3xScope runs 3.x functions as translated Ruby would (Ruby3xCaller):
// it records the Ruby arguments it was given.
type ruby3xScope struct {
	testScope
	got []Value
}

func (s *ruby3xScope) Call3xRuby(name string, args []Value) (Value, bool) {
	if name != "ruby3x" {
		return nil, false
	}
	s.got = args
	return NewArray(Symbol("undef"), S(name)), true
}

// send with a name computed when it runs calls what a call written with
// that name calls; the texts are Ruby 3.1's.
func TestSendDynamic(t *testing.T) {
	s := &ruby3xScope{testScope: testScope{vars: values.NewHash()}}
	r := New(s)
	if got := Inspect(r.SendDynamic(NewArray(int64(3), int64(1)), false, nil, S("sort"))); got != "[1, 3]" {
		t.Errorf(`[3, 1].send("sort"): got %s`, got)
	}
	if got := r.SendDynamic(int64(2), true, nil, Symbol("+"), int64(3)); got != int64(5) {
		t.Errorf("2.public_send(:+, 3): got %v", got)
	}
	// Scope#function_x: the 3.x function with the Ruby values as they are
	ref := &resourceObject{res: reference{typ: "file", title: "/x"}}
	if got := Inspect(r.SendDynamic(ScopeValue(), false, nil, S("function_ruby3x"), NewArray(ref, nil))); got != `[:undef, "ruby3x"]` {
		t.Errorf("scope.send('function_ruby3x', ...): got %s", got)
	}
	if len(s.got) != 2 || s.got[0] != ref || s.got[1] != nil {
		t.Errorf("the 3.x function got %v", s.got)
	}
	for _, c := range []struct {
		f          func()
		class, msg string
	}{
		{func() { r.SendDynamic(NewArray(), false, nil) }, "ArgumentError", "no method name given"},
		{func() { r.SendDynamic(NewArray(), false, nil, int64(1)) }, "TypeError", "1 is not a symbol nor a string"},
		{func() { r.SendDynamic(int64(2), false, nil, Symbol("+")) }, "ArgumentError", "wrong number of arguments (given 0, expected 1)"},
		{func() { r.SendDynamic(S("x"), false, nil, S("frobnicate_zzz")) }, "NotImplementedError", "pp2go: send of `frobnicate_zzz' to String, a method pp2go does not implement"},
		{func() { r.Function3xOn(S("x"), "ruby3x", NewArray()) }, "NoMethodError", "undefined method `function_ruby3x' for \"x\":String"},
	} {
		re := raised(c.f)
		if re == nil || re.Class.Name != c.class || re.Msg != c.msg {
			t.Errorf("got %v, want %s: %s", re, c.class, c.msg)
		}
	}
}

// Scope#function_x makes :undef nil in the 3.x function's result
// (Runtime3Converter.convert_return), in collections too.
func TestConvert3xReturn(t *testing.T) {
	h := NewHash()
	h.Set(S("k"), Symbol("undef"))
	got := Inspect(Convert3xReturn(NewArray(Symbol("undef"), NewArray(Symbol("undef")), h, Symbol("x"))))
	if want := `[nil, [nil], {"k"=>nil}, :x]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
