package all

import (
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
)

// TestEveryPortHasItsRuby: each Go function of a module's library names
// the Ruby it ports (ruby.sha256 beside it), so that it is bound only
// where the module path has that Ruby; and each listed file is one of a
// function the library has.
func TestEveryPortHasItsRuby(t *testing.T) {
	for _, name := range fn.Names() {
		f := fn.Lookup(name)
		if _, lib := fn.ModuleLibraries[f.Module]; f.Module == "" || !lib {
			continue
		}
		if fn.PortSources(f.Module, name) == nil {
			t.Errorf("%s (module %s) ports no Ruby file: add it to the library's ruby.sha256", name, f.Module)
		}
	}
	for m := range fn.ModuleLibraries {
		for _, name := range fn.PortedFunctions(m) {
			if f := fn.Lookup(name); f == nil {
				t.Errorf("%s's ruby.sha256 lists %s, which no Go function implements", m, name)
			}
		}
	}
}
