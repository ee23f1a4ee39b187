package core

import (
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
)

// versioncmp is pure (Puppet::Util::Package.versioncmp compares its two
// strings and nothing else): a template that calls it may keep its
// renderings.
func TestVersioncmpPure(t *testing.T) {
	if f := fn.Lookup("versioncmp"); f == nil || !f.Pure || !fn.PureName("versioncmp") {
		t.Errorf("versioncmp: %v, not pure", f)
	}
}
