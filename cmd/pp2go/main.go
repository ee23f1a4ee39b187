// Command pp2go compiles Puppet environments into Go.
package main

import (
	"errors"
	"fmt"
	"os"
)

// errSilent fails a command that has already reported its errors.
var errSilent = errors.New("failed")

func main() {
	if err := newRootCmd().Execute(); err != nil {
		if err != errSilent {
			fmt.Fprintln(os.Stderr, "Error:", err)
		}
		os.Exit(1)
	}
}
