package rt

import (
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// TestPuppetDBQueryNeedsTerminus: puppetdb_query is PuppetDB's terminus's
// function: unknown without it (case puppet8_puppetdb_query: neither
// release's puppet-agent ships it), there with --puppetdb
// (Program.PuppetDBQuery).
func TestPuppetDBQueryNeedsTerminus(t *testing.T) {
	p := NewProgram("production")
	f := fn.Lookup("puppetdb_query")
	if f == nil || p.hasFunction(f) {
		t.Fatalf("puppetdb_query without the terminus: registered %v, found", f != nil)
	}
	p.PuppetDBQuery = func(values.Value, int) (values.Value, error) { return values.NewArray(), nil }
	if !p.hasFunction(f) {
		t.Errorf("puppetdb_query with the terminus: not found")
	}
	if !p.hasFunction(fn.Lookup("split")) {
		t.Errorf("split: not found")
	}
}
