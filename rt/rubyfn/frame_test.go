package rubyfn

import (
	"testing"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/values"
)

// TestFrameHashArgument: a call whose arguments hold a Puppet hash makes
// the first one's Ruby Hash in its frame, the frame one allocation with
// it; the arguments are what FromPuppet (FromPuppet3x for a 3.x
// function) makes of them, each hash a Hash of its own.
func TestFrameHashArgument(t *testing.T) {
	b := values.NewHashBuilder(2)
	b.Put(values.String("ensure"), values.String("present"))
	b.Put(values.String("tag"), values.NewArray(values.String("a")))
	h := b.Build()
	args := []values.Value{values.String("package"), values.String("git"), h}
	var f *frame
	if n := testing.AllocsPerRun(10, func() { f = newFrame(nil, nil, args, true) }); n != 1 {
		t.Errorf("newFrame made %v allocations, want 1", n)
	}
	for _, threeX := range []bool{false, true} {
		from := erb.FromPuppet
		if threeX {
			from = erb.FromPuppet3x
		}
		two := []values.Value{h, values.Int(1), h}
		f = newFrame(nil, nil, two, threeX)
		a := f.arr.A
		if len(a) != 3 || a[0] == a[2] {
			t.Fatalf("threeX %v: %d arguments, the hashes one Hash: %v", threeX, len(a), a[0] == a[2])
		}
		for i, v := range two {
			if got, want := erb.Inspect(a[i]), erb.Inspect(from(v)); got != want {
				t.Errorf("threeX %v: argument %d is %s, want %s", threeX, i, got, want)
			}
		}
		if got := erb.ToPuppet(a[0]); got != values.Value(h) {
			t.Errorf("threeX %v: the hash read goes back as another hash", threeX)
		}
	}
}
