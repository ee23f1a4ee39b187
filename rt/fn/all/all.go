// Package all links every Go function library of pp2go: Puppet's core
// functions and stdlib's.
// Tools and tests that need every function import it; generated code
// imports only the libraries of the modules in its environment.
package all

import (
	_ "github.com/pp2go/pp2go/rt/fn/core"
	_ "github.com/pp2go/pp2go/rt/fn/stdlib"
)
