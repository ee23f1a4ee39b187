package readmap

import (
	"strconv"
	"sync"
	"testing"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

func TestLoadStore(t *testing.T) {
	m := Map[int]{Limit: 100}
	if _, ok := Load(&m, "a"); ok {
		t.Fatal("empty map has a")
	}
	for i := range 150 {
		Store(&m, strconv.Itoa(i), i)
	}
	if v := Store(&m, "0", -1); v != 0 {
		t.Fatalf("Store(0, -1) = %d: the first value stays", v)
	}
	for range publishFactor {
		for i := range 150 {
			v, ok := Load(&m, strconv.Itoa(i))
			if i < 100 && (!ok || v != i) || i >= 100 && ok {
				t.Fatalf("Load(%d) = %d, %v", i, v, ok)
			}
		}
	}
	// the misses have published every entry
	if r := atomicptr.Load(&m.read); r == nil || len(*r) != 100 || m.unpublished.Load() {
		t.Fatal("entries not published after publishFactor times as many misses")
	}
}

func TestZeroLimit(t *testing.T) {
	var m Map[string]
	Store(&m, "a", "A")
	if _, ok := Load(&m, "a"); ok {
		t.Fatal("a map of limit 0 keeps nothing")
	}
}

func TestConcurrent(t *testing.T) {
	m := Map[string]{Limit: 1 << 10}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 2000 {
				k := strconv.Itoa((i * (g + 1)) % 500)
				if v, ok := Load(&m, k); ok && v != k {
					t.Errorf("Load(%s) = %s", k, v)
				}
				Store(&m, k, k)
			}
		})
	}
	wg.Wait()
	for i := range 500 {
		if v, ok := Load(&m, strconv.Itoa(i)); !ok || v != strconv.Itoa(i) {
			t.Fatalf("Load(%d) = %q, %v", i, v, ok)
		}
	}
}

func TestLoadBytes(t *testing.T) {
	m := Map[int]{Limit: 10}
	Store(&m, "ab", 1)
	if v, ok := LoadBytes(&m, []byte("ab")); !ok || v != 1 {
		t.Fatalf("LoadBytes(ab) before publishing = %d, %v", v, ok)
	}
	Load(&m, "ab") // publishes
	if v, ok := LoadBytes(&m, []byte("ab")); !ok || v != 1 {
		t.Fatalf("LoadBytes(ab) = %d, %v", v, ok)
	}
	if _, ok := LoadBytes(&m, []byte("a")); ok {
		t.Fatal("LoadBytes(a) found")
	}
	key := []byte("ab")
	if n := testing.AllocsPerRun(100, func() { LoadBytes(&m, key) }); n != 0 {
		t.Fatalf("LoadBytes of a published key allocates %v times", n)
	}
}

// TestPublishes checks that entries are published after publishFactor
// misses per entry, and not before.
func TestPublishes(t *testing.T) {
	m := Map[int]{Limit: 100}
	for i := range 10 {
		Store(&m, strconv.Itoa(i), i) // 10 misses
	}
	if atomicptr.Load(&m.read) != nil {
		t.Fatal("entries published after a miss each")
	}
	for range publishFactor * 10 {
		Load(&m, "5")
	}
	if r := atomicptr.Load(&m.read); r == nil || len(*r) != 10 || m.unpublished.Load() {
		t.Fatalf("entries not published after %d misses", publishFactor*10)
	}
}

// TestRoom checks that a map made with room for its entries takes them
// without growing: a few allocations for its table, none per doubling.
func TestRoom(t *testing.T) {
	keys := make([]string, 200)
	for i := range keys {
		keys[i] = strconv.Itoa(i)
	}
	fill := func(room int) float64 {
		return testing.AllocsPerRun(20, func() {
			m := Map[int]{Limit: 1000, Room: room}
			for i, k := range keys {
				Store(&m, k, i)
			}
		})
	}
	grown, made := fill(0), fill(len(keys))
	if made > grown/2 {
		t.Fatalf("storing %d entries allocated %v times with Room, %v without", len(keys), made, grown)
	}
}

func TestNew(t *testing.T) {
	m, other := New[int](2, 8), New[int](2, 8)
	if m == other {
		t.Fatal("New gave the same Map twice")
	}
	if m.Limit != 2 || m.Room != 8 {
		t.Fatalf("New(2, 8) has Limit %d, Room %d", m.Limit, m.Room)
	}
	for i := range 3 {
		Store(m, strconv.Itoa(i), i)
	}
	if _, ok := Load(m, "2"); ok {
		t.Fatal("a map of limit 2 kept a third entry")
	}
	if v, ok := Load(m, "1"); !ok || v != 1 {
		t.Fatalf("Load(1) = %d, %v", v, ok)
	}
	if _, ok := Load(other, "1"); ok {
		t.Fatal("a store in one Map New made is in the other")
	}
}
