package rt

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestParametersMadeOnce: a definition's parameters are made by its
// Params function when first needed and kept: compiles running at the
// same time all see the same Parameters (a compile finds a computed type
// by the Parameter's address), the function runs again only when two
// race to make them first, and a definition without the function has none.
func TestParametersMadeOnce(t *testing.T) {
	var calls atomic.Int32
	cl := &Class{Name: "k", Params: func() []*Parameter {
		calls.Add(1)
		return []*Parameter{{Name: "a"}, {Name: "b"}}
	}}
	const n = 8
	got := make([][]*Parameter, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = cl.parameters() }()
	}
	wg.Wait()
	for i := range n {
		if len(got[i]) != 2 || got[i][0] != got[0][0] || got[i][1] != got[0][1] {
			t.Fatalf("compile %d saw other parameters: %v, not %v", i, got[i], got[0])
		}
	}
	if c := calls.Load(); c < 1 || c > n {
		t.Fatalf("Params ran %d times", c)
	}
	before := calls.Load()
	if ps := cl.parameters(); ps[0] != got[0][0] || calls.Load() != before {
		t.Fatal("the parameters were made again once kept")
	}
	if ps := (&Define{Name: "d"}).parameters(); len(ps) != 0 {
		t.Fatalf("a define without Params has parameters %v", ps)
	}
}

// TestParamsOf: the parameters of an array are its elements themselves,
// in order, so that what a compile keeps by a Parameter's address is
// found from either.
func TestParamsOf(t *testing.T) {
	var ps [3]Parameter
	ps[0] = Parameter{Name: "a"}
	ps[1] = Parameter{Name: "b", Const: values.Int(1)}
	ps[2] = Parameter{Name: "c"}
	got := ParamsOf(ps[:])
	if len(got) != 3 {
		t.Fatalf("%d parameters, not 3", len(got))
	}
	for i := range ps {
		if got[i] != &ps[i] {
			t.Fatalf("parameter %d is not the array's element", i)
		}
	}
	if !got[1].hasDefault() || got[2].hasDefault() {
		t.Fatal("the elements' defaults were not kept")
	}
	if len(ParamsOf(nil)) != 0 {
		t.Fatal("no array, yet parameters")
	}
}
