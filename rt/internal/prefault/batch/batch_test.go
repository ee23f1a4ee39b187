package batch

import (
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestPrefaultWithoutGoal checks that Prefault works with the collector off
// (GOGC=off), when the heap has no goal.
func TestPrefaultWithoutGoal(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	Prefault()
}

// TestRegrow checks that Prefault readies at least minReady, that Regrow
// readies nothing in a process that did not Prefault, and that once the
// collector's goal has grown past what was readied, Regrow readies the
// goal a quarter more (or twice as much), and not again while that
// covers the goal.
func TestRegrow(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	defer readied.Store(readied.Load())
	Prefault()
	if r := readied.Load(); r < minReady {
		t.Fatalf("Prefault readied %d bytes, want at least %d", r, minReady)
	}
	readied.Store(0)
	Regrow()
	if r := readied.Load(); r != 0 {
		t.Fatalf("Regrow without Prefault readied %d bytes", r)
	}
	live := make([]*[1 << 20]byte, 24) // a goal of over 100 MiB
	for i := range live {
		live[i] = new([1 << 20]byte)
	}
	runtime.GC()
	const was = 16 << 20
	readied.Store(was)
	goal := heapGoal()
	if goal+goal/4 <= was {
		t.Fatalf("goal %d with 24 MiB live", goal)
	}
	Regrow()
	r := readied.Load()
	if want := min(max(goal+goal/4, 2*was), maxGoal); r != want {
		t.Fatalf("Regrow readied %d bytes for a goal of %d, want %d", r, goal, want)
	}
	if goal := heapGoal(); goal+goal/4 <= r {
		Regrow()
		if r2 := readied.Load(); r2 != r {
			t.Errorf("Regrow readied again (%d, then %d bytes) for a goal of %d", r, r2, goal)
		}
	}
	// The goal is read again only after a collection.
	readied.Store(was)
	Regrow()
	if r := readied.Load(); r != was {
		t.Errorf("Regrow readied %d bytes with no collection since it read the goal", r)
	}
	runtime.GC()
	Regrow()
	if r := readied.Load(); r == was {
		t.Errorf("Regrow readied nothing after a collection, with a goal of %d", heapGoal())
	}
	runtime.KeepAlive(live)
}

// TestNoRuntimeMetrics checks that a catalog binary's packages do not
// import runtime/metrics, whose initialization every one-shot compile
// would pay for (heapGoal says why).
func TestNoRuntimeMetrics(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/pp2go/pp2go/rt/cli").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "runtime/metrics" {
			t.Fatal("rt/cli depends on runtime/metrics")
		}
	}
}
