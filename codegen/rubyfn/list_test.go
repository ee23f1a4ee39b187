package rubyfn

import (
	"fmt"
	"os"
	"testing"
)

// TestList prints the functions of a module set that translate
// (RUBYFN_LIST=debian12|debian13), to write cases for them.
func TestList(t *testing.T) {
	set := os.Getenv("RUBYFN_LIST")
	if set == "" {
		t.Skip("RUBYFN_LIST not set")
	}
	for _, c := range corpora() {
		if c[0] != set {
			continue
		}
		for _, mf := range functionFiles(c[1]) {
			src, _ := os.ReadFile(mf[1])
			if fun, err := Translate(mf[1], src); err == nil {
				fmt.Println(fun.Name, mf[1])
			}
		}
	}
}
