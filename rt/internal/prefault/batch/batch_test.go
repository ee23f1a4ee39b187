package batch

import (
	"runtime/debug"
	"testing"
)

// TestPrefaultWithoutGoal checks that Prefault works with the collector off
// (GOGC=off), when the heap has no goal.
func TestPrefaultWithoutGoal(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	Prefault()
}
