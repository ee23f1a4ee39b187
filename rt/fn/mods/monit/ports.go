package monit

import (
	_ "embed"

	"github.com/pp2go/pp2go/rt/fn"
)

// rubySources are the Ruby files of monit that this package's functions port
// (fn.Ports): a function is bound only where the module path has that Ruby.
//
//go:embed ruby.sha256
var rubySources string

func init() { fn.Ports("monit", rubySources) }
