//go:build !linux

package prefault

func populate(want uintptr) (lo, hi uintptr) { return 0, 0 }

func batch(want uintptr) {}
