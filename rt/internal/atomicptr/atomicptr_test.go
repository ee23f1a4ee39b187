package atomicptr

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPointer(t *testing.T) {
	var p Pointer[int]
	require.Nil(t, Load(&p))
	a, b := new(int), new(int)
	Store(&p, a)
	require.Same(t, a, Load(&p))
	require.False(t, CompareAndSwap(&p, b, b), "p holds a, not b")
	require.Same(t, a, Load(&p))
	require.True(t, CompareAndSwap(&p, a, b))
	require.Same(t, b, Load(&p))
	require.Same(t, b, Swap(&p, a), "Swap returns what p held")
	require.Same(t, a, Load(&p))
}

// TestPointerConcurrent stores and loads from several goroutines (run with
// -race): every load sees nil or one of the stored pointers.
func TestPointerConcurrent(t *testing.T) {
	var p Pointer[int]
	vals := []*int{new(int), new(int), new(int)}
	var wg sync.WaitGroup
	for _, v := range vals {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				Store(&p, v)
				got := Load(&p)
				require.Contains(t, vals, got)
			}
		}()
	}
	wg.Wait()
}
