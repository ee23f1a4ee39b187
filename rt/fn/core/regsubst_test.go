package core

import (
	"testing"

	v "github.com/pp2go/pp2go/rt/values"
)

// TestRegsubstBoxes: regsubst's result is Ruby's sub/gsub of each string;
// a string the pattern leaves as it is comes back as the same value (no
// new box), and a changed one is a String of the new text.
func TestRegsubstBoxes(t *testing.T) {
	re, err := v.NewRegexp("-")
	if err != nil {
		t.Fatal(err)
	}
	var target v.Value = v.String("a-b-c")
	if got := regsubst(target, re, v.String("_"), true); got != v.Value(v.String("a_b_c")) {
		t.Errorf("gsub: %v", got)
	}
	if got := regsubst(target, re, v.String("_"), false); got != v.Value(v.String("a_b-c")) {
		t.Errorf("sub: %v", got)
	}
	same := v.Value(v.String("abc"))
	if n := testing.AllocsPerRun(100, func() {
		if got := regsubst(same, re, v.String("_"), true); got != same {
			t.Errorf("unchanged: %v", got)
		}
	}); n != 0 {
		t.Errorf("regsubst of a string left as it is: %v allocations, want 0", n)
	}
	arr := v.NewArray(v.String("x-y"), v.String("z"))
	got := regsubst(arr, re, v.String("+"), true).(*v.Array)
	if !v.Equals(got, v.NewArray(v.String("x+y"), v.String("z"))) {
		t.Errorf("array: %v", v.ToString(got))
	}
}
