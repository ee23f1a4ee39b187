//go:build !linux

package prefault

func readyHeap(want uintptr) (lo, hi uintptr) { return 0, 0 }

// HeapMapping is the heap's mapping, unknown here.
func HeapMapping() (lo, hi uintptr) { return 0, 0 }

// AdviseHugePages does nothing here.
func AdviseHugePages(lo, hi uintptr) {}
