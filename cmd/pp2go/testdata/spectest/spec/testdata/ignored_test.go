package ignored

import "testing"

// pp2go test leaves testdata directories out, as go test ./... does: this
// test must not run.
func TestIgnored(t *testing.T) { t.Fatal("testdata/ was run") }
