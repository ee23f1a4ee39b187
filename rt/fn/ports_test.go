package fn

import (
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// A pinned function is not replaced by a later registration; Unbind
// removes only the named module's function.
func TestPinAndUnbind(t *testing.T) {
	mk := func(module string, v string) *Func {
		return New("pintest_f").Module(module).D("", func(Context, []values.Value, Block) values.Value { return values.String(v) }).Func()
	}
	t.Cleanup(func() { delete(registry, "pintest_f"); delete(pinned, "pintest_f") })
	Register(mk("m", "port"))
	Unbind("other", "pintest_f")
	if Lookup("pintest_f") == nil {
		t.Fatal("Unbind removed another module's function")
	}
	Pin("pintest_f")
	Register(mk("m", "translation"))
	if got := Lookup("pintest_f").Call(nil, nil, nil); got != values.String("port") {
		t.Fatalf("pinned function replaced: %v", got)
	}
	delete(pinned, "pintest_f")
	Unbind("m", "pintest_f")
	if Lookup("pintest_f") != nil {
		t.Fatal("Unbind left the module's function")
	}
}

func TestPortFunction(t *testing.T) {
	for path, want := range map[string]string{
		"lib/puppet/functions/stdlib/to_json.rb":   "stdlib::to_json",
		"lib/puppet/functions/merge.rb":            "merge",
		"lib/puppet/parser/functions/any2array.rb": "any2array",
		"lib/puppet/parser/functions/a/b.rb":       "",
		"lib/puppet/functions/x.txt":               "",
		"manifests/init.pp":                        "",
	} {
		if got := PortFunction(path); got != want {
			t.Errorf("PortFunction(%q) = %q, want %q", path, got, want)
		}
	}
}

// Unbinding a module's 4.x shim and the 3.x function behind it leaves no
// 3.x function of that name (Puppet::Parser::Functions.function is false).
func TestUnbindShadowed3x(t *testing.T) {
	t.Cleanup(func() {
		delete(registry, "unbind3x_f")
		delete(shadowed3x, "unbind3x_f")
		delete(legacy3x, "unbind3x_f")
	})
	f3 := New3("unbind3x_f", 1, func(Context, []values.Value, Block) values.Value { return values.Undef })
	f3.Module = "m"
	Register(f3)
	Register(New("unbind3x_f").Module("m").D("", func(Context, []values.Value, Block) values.Value { return values.Undef }).Func())
	if !Has3x("unbind3x_f") || Lookup3x("unbind3x_f") != f3 {
		t.Fatal("the shadowed 3.x function is not found")
	}
	Unbind("m", "unbind3x_f")
	if Has3x("unbind3x_f") || Lookup3x("unbind3x_f") != nil {
		t.Fatal("Unbind left the 3.x function")
	}
}
