package erb

import (
	"fmt"
	"testing"
)

// An ivarTable answers as a map would, as a list and once indexed: values
// set again replace the old ones, nil values are there, missing names are
// not.
func TestIvarTable(t *testing.T) {
	for _, n := range []int{0, 3, 40} {
		tb := makeIvarTable(n)
		want := map[string]Value{}
		for i := range 3 * ivarListMax {
			name := fmt.Sprint("v", i%(2*ivarListMax))
			var v Value = int64(i)
			if i%5 == 0 {
				v = nil
			}
			tb.set(name, v)
			want[name] = v
			for k, w := range want {
				if got, ok := tb.get(k); !ok || got != w {
					t.Fatalf("n=%d after %d sets: %s = %v, %v; want %v", n, i+1, k, got, ok, w)
				}
			}
			if _, ok := tb.get("missing"); ok || tb.has("v") {
				t.Fatalf("n=%d: found a missing name", n)
			}
		}
		if len(tb.list) != len(want) || tb.index == nil {
			t.Errorf("n=%d: %d entries (indexed %v), want %d", n, len(tb.list), tb.index != nil, len(want))
		}
	}
}
