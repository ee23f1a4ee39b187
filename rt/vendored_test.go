package rt

import (
	"testing"

	"github.com/pp2go/pp2go/rt/restype"
)

// The vendored types are the release's: Puppet 8.10's yumrepo is unknown
// to Puppet 7.23, and a module path's type of the same name wins over
// the vendored one whatever the order of SetPuppet calls.
func TestVendoredTypesPerRelease(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	p.SetPuppet(Puppet8)
	if p.findNative("yumrepo") == nil || p.findNative("cron") == nil {
		t.Fatal("Puppet 8.10 lacks its vendored yumrepo and cron")
	}
	mine := Native(&restype.Type{Name: "zone", Attrs: []restype.Attr{{Name: "name", Kind: restype.Param, Namevar: true}}})
	p.AddNative(mine)
	p.SetPuppet(Puppet7)
	if p.findNative("yumrepo") != nil || p.findNative("cron") != nil {
		t.Error("Puppet 7.23 (Debian 12) vendors no module, yet yumrepo or cron is known")
	}
	if p.findNative("zone") != mine || p.findNative("file") == nil {
		t.Error("SetPuppet(Puppet7) dropped a module's or a core type")
	}
	p.SetPuppet(Puppet8)
	if p.findNative("zone") != mine {
		t.Error("the vendored zone replaced the module path's")
	}
	if p.findNative("yumrepo") == nil {
		t.Error("SetPuppet(Puppet8) again lacks yumrepo")
	}
}
