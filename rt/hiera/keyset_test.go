package hiera

import (
	"strconv"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestKeySetProbing: a set of many keys, filled a quarter full whatever their
// number (so that keys share slots and are probed past), has each of
// them, keys of another type left out, and nothing else.
func TestKeySetProbing(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 7, 100, 1000} {
		b := values.NewHashBuilder(n + 1)
		for i := range n {
			b.Put(str("m::k"+strconv.Itoa(i)), str("v"))
		}
		b.Put(values.Int(7), str("an Integer key"))
		hs := []*values.Hash{b.Build()}
		if n > 0 { // a key of the first hash again
			hs = append(hs, values.NewHashFromPairs(str("m::k"+strconv.Itoa(n/2)), str("again")))
		}
		ks := hashKeys(hs)
		for i := range n {
			if k := "m::k" + strconv.Itoa(i); !ks.has(NewKey(k).lk) {
				t.Errorf("%d keys: %s not found", n, k)
			}
		}
		for _, k := range []string{"m::k" + strconv.Itoa(n), "7", "m::k", "", "m::k00"} {
			if ks.has(NewKey(k).lk) {
				t.Errorf("%d keys: %q found", n, k)
			}
		}
	}
}
