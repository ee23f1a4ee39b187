package all

import (
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
)

// TestSignaturesParse parses the signatures of every function of the
// libraries (a Builder's are parsed on first use, so that a malformed one
// would otherwise show only when the function is called).
func TestSignaturesParse(t *testing.T) {
	for _, name := range fn.Names() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: %v", name, r)
				}
			}()
			f := fn.Lookup(name)
			f.Signatures()
			for _, d := range f.Dispatches {
				if d.Sig == nil {
					t.Errorf("%s: a dispatch without a signature", name)
				}
			}
		}()
	}
}
