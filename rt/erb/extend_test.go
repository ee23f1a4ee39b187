package erb

import "testing"

// obj.extend(A, B): B's extended hook runs first, then A's, and A's
// methods come first (Ruby 3.1: ruby -e with modules A and B defining
// self.extended and hi); the error texts are Ruby 3.1's.
func TestExtend(t *testing.T) {
	r := New(nil)
	var hooked []string
	module := func(name string) *UserClass {
		return NewUserClass(name, []string{"hi"}, []string{"hi"}, func(s Scope, self *Instance, method string, b *Block, a []Value) Value {
			return S(name)
		}).Module().Singleton([]string{"extended"}, func(s Scope, self *Instance, method string, b *Block, a []Value) Value {
			hooked = append(hooked, name+" "+classOf(a[0]).Name)
			return nil
		})
	}
	a, b := module("A"), module("B")
	k := NewUserClass("K", nil, nil, nil)
	obj := r.NewInstance(k)
	if got := r.Extend(obj, a.Class, b.Class); got != obj {
		t.Errorf("extend returns %v, not the object", got)
	}
	if got := Inspect(r.SendUser(obj, "hi", NoBlock)); got != `"A"` || len(hooked) != 2 || hooked[0] != "B K" || hooked[1] != "A K" {
		t.Errorf("o.extend(A, B); o.hi: %s, hooks %v", got, hooked)
	}
	h := NewHash()
	r.Extend(h, b.Class)
	if got := rubyError(func() { r.SendUser(h, "hi", NoBlock) }); got != "NotImplementedError: pp2go does not run B#hi with a Hash as self (extend)" {
		t.Errorf("{}.extend(B).hi: %s", got)
	}
	if got := rubyError(func() { r.Extend(h, k.Class) }); got != "TypeError: wrong argument type Class (expected Module)" {
		t.Errorf("{}.extend(K): %s", got)
	}
	if got := rubyError(func() { r.Extend(h) }); got != "ArgumentError: wrong number of arguments (given 0, expected 1+)" {
		t.Errorf("{}.extend: %s", got)
	}
}
