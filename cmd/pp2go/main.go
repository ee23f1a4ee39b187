// Command pp2go compiles Puppet environments into Go.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
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

// gcPercent is pp2go's GOGC unless the environment sets one: a build
// keeps what it generates (~270 MB live at the end for a 92-module
// environment): at Go's default the collector runs 18 times over that
// growing heap, at 400 4 times (a fifth less CPU for a generation).
const gcPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
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
