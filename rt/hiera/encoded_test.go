package hiera

import (
	"sync"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestFileEncoded: a file whose data is kept encoded (as generated code
// keeps it, a string constant) gives, on first use and to compiles asking
// at once, the hash that was encoded, and the same hash each time; a file
// given its data as a hash gives that hash.
func TestFileEncoded(t *testing.T) {
	b := values.NewHashBuilder(3)
	b.Put(str("ntp::servers"), values.NewArray(str("0.pool.ntp.org"), str("1.pool.ntp.org")))
	b.Put(str("ntp::iburst"), values.Bool(true))
	b.Put(str("ntp::minpoll"), values.Int(4))
	want := b.Build()

	f := &File{Path: "data/common.yaml", Format: "yaml", Encoded: EncodeValue(want)}
	got := make([]*values.Hash, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = f.Hash() }()
	}
	wg.Wait()
	for i, h := range got {
		if h == nil || values.ToString(h) != values.ToString(want) {
			t.Fatalf("compile %d: Hash() = %v, want %v", i, h, want)
		}
		if h != got[0] {
			t.Fatalf("compile %d decoded the file again", i)
		}
	}

	plain := &File{Path: "data/os.yaml", Format: "yaml", Data: want}
	if plain.Hash() != want {
		t.Fatalf("a file given its hash: Hash() = %v", plain.Hash())
	}
}
