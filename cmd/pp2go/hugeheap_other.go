//go:build !linux

package main

// reserveHugeHeap does nothing where the kernel is not Linux.
func reserveHugeHeap(size int) {}
