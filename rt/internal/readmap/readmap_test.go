package readmap

import (
	"strconv"
	"sync"
	"testing"
)

func TestLoadStore(t *testing.T) {
	m := Map[int]{Limit: 100}
	if _, ok := m.Load("a"); ok {
		t.Fatal("empty map has a")
	}
	for i := range 150 {
		m.Store(strconv.Itoa(i), i)
	}
	if v := m.Store("0", -1); v != 0 {
		t.Fatalf("Store(0, -1) = %d: the first value stays", v)
	}
	for range publishFactor {
		for i := range 150 {
			v, ok := m.Load(strconv.Itoa(i))
			if i < 100 && (!ok || v != i) || i >= 100 && ok {
				t.Fatalf("Load(%d) = %d, %v", i, v, ok)
			}
		}
	}
	// the misses have published every entry
	if r := m.read.Load(); r == nil || len(*r) != 100 || m.unpublished.Load() {
		t.Fatal("entries not published after publishFactor times as many misses")
	}
}

func TestZeroLimit(t *testing.T) {
	var m Map[string]
	m.Store("a", "A")
	if _, ok := m.Load("a"); ok {
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
				if v, ok := m.Load(k); ok && v != k {
					t.Errorf("Load(%s) = %s", k, v)
				}
				m.Store(k, k)
			}
		})
	}
	wg.Wait()
	for i := range 500 {
		if v, ok := m.Load(strconv.Itoa(i)); !ok || v != strconv.Itoa(i) {
			t.Fatalf("Load(%d) = %q, %v", i, v, ok)
		}
	}
}

func TestLoadBytes(t *testing.T) {
	m := Map[int]{Limit: 10}
	m.Store("ab", 1)
	if v, ok := m.LoadBytes([]byte("ab")); !ok || v != 1 {
		t.Fatalf("LoadBytes(ab) before publishing = %d, %v", v, ok)
	}
	m.Load("ab") // publishes
	if v, ok := m.LoadBytes([]byte("ab")); !ok || v != 1 {
		t.Fatalf("LoadBytes(ab) = %d, %v", v, ok)
	}
	if _, ok := m.LoadBytes([]byte("a")); ok {
		t.Fatal("LoadBytes(a) found")
	}
	key := []byte("ab")
	if n := testing.AllocsPerRun(100, func() { m.LoadBytes(key) }); n != 0 {
		t.Fatalf("LoadBytes of a published key allocates %v times", n)
	}
}

// TestPublishes checks that entries are published after publishFactor
// misses per entry, and not before.
func TestPublishes(t *testing.T) {
	m := Map[int]{Limit: 100}
	for i := range 10 {
		m.Store(strconv.Itoa(i), i) // 10 misses
	}
	if m.read.Load() != nil {
		t.Fatal("entries published after a miss each")
	}
	for range publishFactor * 10 {
		m.Load("5")
	}
	if r := m.read.Load(); r == nil || len(*r) != 10 || m.unpublished.Load() {
		t.Fatalf("entries not published after %d misses", publishFactor*10)
	}
}
