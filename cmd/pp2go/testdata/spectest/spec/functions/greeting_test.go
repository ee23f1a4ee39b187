package functions_test

import (
	"os"
	"testing"

	"github.com/pp2go/pp2go/rt/spec"

	"pp2go.local/catalog/catalog"
)

// Functions compile no catalog of their own to cover: this package adds
// nothing to the coverage pp2go test reports.
func TestMain(m *testing.M) { os.Exit(spec.CoverageMain(m, 0)) }

// Puppet 7.23: motd::greeting("db") is "Hello from db\n"; an empty name
// fails with "'motd::greeting' parameter 'name' expects a String[1]
// value, got String".
func TestGreeting(t *testing.T) {
	f := spec.Function(t, catalog.Program(), "motd::greeting")
	f.Run("db").Returns("Hello from db\n")
	f.Run("").RaisesError(`'motd::greeting' parameter 'name' expects a String\[1\] value, got String`)
}
