// Command pp2go compiles Puppet environments into Go.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/hugeheap"
)

// errSilent fails a command that has already reported its errors.
var errSilent = errors.New("failed")

// exitError ends pp2go with its own exit status (1 otherwise): commands
// whose status tells apart "the check failed" from "the check could not
// run". A nil err means the command has already reported.
type exitError struct {
	status int
	err    error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.status)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// A build keeps most of what it allocates (for a 92-module environment
// ~165 MB live at the end of ~600 MB allocated): the collector's pacing
// by GOGC runs it over a heap that keeps growing (4 times at GOGC=400,
// ~15% of a generation's CPU). Unless GOGC or GOMEMLIMIT is set, pp2go
// runs the collector only when its heap nears a limit, a third of the
// memory it may use, at most maxGCLimit; where that is under minGCLimit
// (or unknown), at GOGC=400.
const (
	gcPercent  = 400
	minGCLimit = 512 << 20
	maxGCLimit = 2 << 30
)

func main() {
	tuneGC()
	if err := newRootCmd().Execute(); err != nil {
		status := 1
		var ee *exitError
		if errors.As(err, &ee) {
			status = ee.status
			err = ee.err
		}
		if err != nil && err != errSilent {
			fmt.Fprintln(os.Stderr, "Error:", err)
		}
		os.Exit(status)
	}
}

// tuneGC sets the collector's pacing as the constants above say.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	limit := usableMemory() / 3
	if limit < minGCLimit {
		debug.SetGCPercent(gcPercent)
		return
	}
	limit = min(limit, maxGCLimit)
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(limit)
	// half the limit: the runtime returns free memory to the kernel when
	// the memory it holds nears the limit
	hugeHeap = int(limit / 2)
}

// hugeHeap is the heap a generation has the runtime map at once, in huge
// pages (hugeheap.Grow): 0 unless the collector runs by the limit.
var hugeHeap int

// readyHugeHeap reserves hugeHeap, once in the process, as a generation
// starts: a command that generates no Go (--help, parse) does not map the
// runtime's tables for that heap (~470 page faults).
var readyHugeHeap = sync.OnceFunc(func() {
	if hugeHeap > 0 {
		hugeheap.Grow(uintptr(hugeHeap))
	}
})

// usableMemory is the machine's memory (/proc/meminfo), or the cgroup's
// limit when lower (a container's); 0 when neither can be read.
func usableMemory() int64 {
	var total int64
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		// MemTotal:       24576000 kB
		if f := strings.Fields(string(b)); len(f) >= 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				total = kb << 10
			}
		}
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n < total {
			total = n
		}
	}
	return total
}
