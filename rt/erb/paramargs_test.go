package erb

import (
	"reflect"
	"testing"
)

// TestParamArgs binds arguments by Ruby's rule (required, optional, *rest,
// required after), the leading ones without a copy when no required
// parameter follows the others.
func TestParamArgs(t *testing.T) {
	v := func(xs ...int64) []Value {
		out := []Value{}
		for _, x := range xs {
			out = append(out, x)
		}
		return out
	}
	for _, c := range []struct {
		args           []Value
		pre, opt, post int
		rest           bool
		fixed          []Value
		n              int
		restArgs       []Value
	}{
		{v(1, 2, 3, 4), 2, 0, 0, true, v(1, 2), 0, v(3, 4)},
		{v(1, 2), 2, 0, 0, true, v(1, 2), 0, v()},
		{v(1, 2, 3), 1, 1, 0, true, v(1, 2), 1, v(3)},
		{v(1), 1, 2, 0, false, v(1), 0, nil},
		{v(1, 2, 3), 1, 2, 0, false, v(1, 2, 3), 2, nil},
		{v(1, 2, 3, 4, 5), 1, 1, 1, true, v(1, 2, 5), 1, v(3, 4)},
		{v(1, 2), 1, 1, 1, true, v(1, 2), 0, v()},
		{v(1), 2, 0, 0, false, []Value{int64(1), nil}, 0, nil},
		{v(), 0, 0, 0, true, v(), 0, v()},
	} {
		fixed, n, rest := ParamArgs(c.args, c.pre, c.opt, c.post, c.rest)
		if len(fixed) == 0 {
			fixed = v()
		}
		if len(rest) == 0 && rest != nil {
			rest = v()
		}
		if !reflect.DeepEqual(fixed, c.fixed) || n != c.n || !reflect.DeepEqual(rest, c.restArgs) {
			t.Errorf("ParamArgs(%v, %d, %d, %d, %v) = %v, %d, %v; want %v, %d, %v", c.args, c.pre, c.opt, c.post, c.rest, fixed, n, rest, c.fixed, c.n, c.restArgs)
		}
		if c.post == 0 && len(c.args) >= c.pre && len(fixed) > 0 && &fixed[0] != &c.args[0] {
			t.Errorf("ParamArgs(%v, %d, %d, 0, %v) copied the leading arguments", c.args, c.pre, c.opt, c.rest)
		}
	}
	args := v(1, 2, 3)
	if n := testing.AllocsPerRun(10, func() { ParamArgs(args, 2, 0, 0, true) }); n != 0 {
		t.Errorf("ParamArgs made %v allocations, want 0", n)
	}
}

// TestSpread: f(a, *list, b) passes the splatted Array's elements in
// place, in one list made at once: *list of an Array allocates nothing
// (Ruby's f(1, *[2, 3, 4], 5) receives 1, 2, 3, 4, 5).
func TestSpread(t *testing.T) {
	r := New(nil)
	list := NewArray(int64(2), int64(3), int64(4))
	var out []Value
	if n := testing.AllocsPerRun(10, func() { out = r.Spread(int64(1), r.Splat(list), int64(5)) }); n > 1 { // the list
		t.Errorf("Spread made %v allocations, want at most 1", n)
	}
	if got := Inspect(&Array{A: out}); got != "[1, 2, 3, 4, 5]" {
		t.Errorf("Spread: %s", got)
	}
	if got := Inspect(&Array{A: r.Spread(r.Splat(NewArray()), r.Splat(nil), r.Splat(HashOf(S("k"), int64(1))), r.Splat(NewRange(int64(1), int64(2), false)))}); got != `[["k", 1], 1, 2]` {
		t.Errorf("Spread of others: %s", got)
	}
	// ruby -e 'p [*[[1], 2], *"x", *nil, *[], 3]': [[1], 2, "x", 3]
	got := Inspect(r.ArrayOf(r.Splat(NewArray(NewArray(int64(1)), int64(2))), r.Splat(S("x")), r.Splat(nil), r.Splat(NewArray()), int64(3)))
	if got != `[[1], 2, "x", 3]` {
		t.Errorf("ArrayOf with splats: %s", got)
	}
}
