package rt

import (
	"sync"
	"sync/atomic"
	"testing"
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
