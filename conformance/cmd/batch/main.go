// Command batch compiles the jobs of an oracle batch file with pp2go, as
// the oracle's compile-catalog --batch compiles them with Puppet: each
// `ENV_DIR NODE FACTS OUT` line's catalog into OUT.json, or its error into
// OUT.error (conformance.CompileBatch). tools/fuzz-inference.py runs it on
// the batches it gives Puppet, and compares the outcomes.
//
//	go run ./conformance/cmd/batch [-puppet 7|8] [-work DIR] BATCH
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/pp2go/pp2go/conformance"
)

func main() {
	puppet := flag.Int("puppet", 8, "the Puppet release to compile as, 7 or 8")
	work := flag.String("work", filepath.Join(os.TempDir(), "pp2go-batch"), "work directory (environments, generated module, driver)")
	timeout := flag.Duration("timeout", time.Minute, "time limit of one job")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: batch [-puppet 7|8] [-work DIR] BATCH\n\n"+
			"Compiles each `ENV_DIR NODE FACTS OUT` line of BATCH with pp2go into OUT.json or OUT.error.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := conformance.CompileBatch(flag.Arg(0), *work, *puppet, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "batch:", err)
		os.Exit(1)
	}
}
