//go:build !linux

package prefault

func readyHeap(want uintptr) (lo, hi uintptr) { return 0, 0 }

func readyPersistent() {}

func readyImage() {}

func oneProcessor() {}
