//go:build !linux

package conformance

import "time"

// PageFaultCost is 0 where it is not measured (see pagefault_linux.go).
func PageFaultCost() time.Duration { return 0 }
