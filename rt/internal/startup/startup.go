// Package startup sets up the runtime of a catalog binary before the
// other packages are initialized: it imports only runtime, so Go
// initializes it among the first. A one-shot compile pays for what is
// set up here in every process.
package startup

import "runtime"

// defaultRate is the runtime's MemProfileRate unless
// GODEBUG=memprofilerate=N sets it.
const defaultRate = 512 * 1024

// MemProfileChosen is whether GODEBUG=memprofilerate=N chose the rate of
// heap profiling, which is then left as it is. Otherwise it is off:
// nobody reads that profile in a compile, and each sample records a
// traceback of the compile's deep stack. A binary pp2go builds has it off
// from the start (its default GODEBUG has memprofilerate=0:
// codegen.BinaryGODEBUG); this turns it off in others (tests).
var MemProfileChosen = runtime.MemProfileRate != defaultRate && runtime.MemProfileRate != 0

func init() {
	if !MemProfileChosen {
		runtime.MemProfileRate = 0
	}
	growStack(0)
}

// growStack grows the main goroutine's stack to the 512 KiB a compile's
// recursion takes (keystone's needs more than 256 KiB) while it is
// shallow. The runtime grows a stack by doubling it, and each copy walks
// every frame of the stack it copies (a one-shot compile spent 2% of its
// time there). The stack is grown for the function's whole frame, which
// the prologue checks; called with 0 it touches none of it.
//
//go:noinline
func growStack(i int) byte {
	if i > 0 {
		var a, b, c [96 << 10]byte // each under the compiler's limit for a variable on the stack
		return a[i] + b[i] + c[i]
	}
	return 0
}
