package erb

import (
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// A short Puppet array becomes a Ruby Array in one allocation, its
// Strings new ones; Ruby appending to it leaves them as they were.
func TestFromPuppetSmallArray(t *testing.T) {
	p := values.NewArray(values.String("a"), values.Int(1), values.String("b"))
	var v Value
	if n := testing.AllocsPerRun(10, func() { v = FromPuppet(p) }); n != 1 {
		t.Errorf("FromPuppet made %v allocations, want 1", n)
	}
	a := v.(*Array)
	a.A = append(a.A, S("c"), S("d"))
	a.A[0].(*Str).S += "x"
	if got := Inspect(a); got != `["ax", 1, "b", "c", "d"]` {
		t.Errorf("after appends: %s", got)
	}
	if got := Inspect(FromPuppet3x(values.NewArray())); got != "[]" {
		t.Errorf("empty: %s", got)
	}
}
