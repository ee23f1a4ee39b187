package rubyfn

import (
	"fmt"
	"os"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestDump prints the Go of one function file (RUBYFN_DUMP=path), to read
// what the translation makes of it.
func TestDump(t *testing.T) {
	path := os.Getenv("RUBYFN_DUMP")
	if path == "" {
		t.Skip("RUBYFN_DUMP not set")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fun, err := Translate(path, src)
	if err != nil {
		t.Fatal(err)
	}
	f := jen.NewFile("m")
	fun.Emit(f, "rbfn", "mod")
	fmt.Printf("%#v\n", f)
}
