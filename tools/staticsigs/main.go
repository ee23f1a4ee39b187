// Command staticsigs writes rt/fn/staticsigs.go (codegen.StaticSignatures):
// the signatures of the library's functions' dispatch specs as Go code,
// which a process makes instead of parsing the specs. Run from rt/fn: go
// generate (builder.go's directive).
package main

import (
	"log"
	"os"

	"github.com/pp2go/pp2go/codegen"
)

func main() {
	src, err := codegen.StaticSignatures()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("staticsigs.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
