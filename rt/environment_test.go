package rt

import (
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuild: the program of a generated environment package's handle has
// what its table names: its name, version and release, its settings
// (environment.conf's deciding the catalogs' format, the module path and
// main manifest as $settings shows them), its resource types written in
// Ruby, its classes and defined types by the indexes, its modules, its
// Hiera data, and its Ruby functions nothing stands in for, which fail
// saying why.
func TestBuild(t *testing.T) {
	c := &Class{Name: "m::c"}
	d := &Define{Name: "m::d"}
	var order []string
	var m any = &Module{Name: "m", Dir: "/srv/env/modules/m", Classes: []*Class{c}, Defines: []*Define{d},
		Register: func(*Program) { order = append(order, "m") }}
	site := &Class{Name: "site"}
	var s any = &Module{Classes: []*Class{site}, Register: func(*Program) { order = append(order, "site") }}
	natives := []*restype.Type{{Name: "widget", Attrs: []restype.Attr{{Name: "name", Kind: restype.Param, Namevar: true}}}}
	data := &hiera.Data{EnvName: "staging"}
	var e any = &Environment{
		Name:            "staging",
		Version:         func() string { return "v1" },
		Puppet:          7,
		Untranslated:    [][3]string{{"pp2go_test_build_ruby", "m", "unsupported Ruby: why"}},
		Settings:        [][2]string{{"certname", "web1.example.com"}},
		EnvironmentConf: [][2]string{{"rich_data", "false"}},
		ModulePath:      "/srv/env/modules:/usr/share/puppet/modules",
		Manifest:        "/srv/env/manifests",
		Natives:         &natives,
		Definitions: []*DefinitionIndex{
			{Classes: []ClassEntry{{Name: "m::c", In: &m, At: 0}}, Defines: []DefineEntry{{Name: "m::d", In: &m, At: 0}}},
			{Classes: []ClassEntry{{Name: "site", In: &s, At: 0}}},
		},
		Modules: [][]*any{{&m}, {&s}},
		Hiera:   data,
	}
	p := Build(e)
	assert.Equal(t, "staging", p.Environment)
	assert.Equal(t, "v1", p.Version)
	assert.Same(t, Puppet7, p.Puppet())
	assert.Equal(t, "web1.example.com", p.Setting("certname"))
	assert.Equal(t, "/srv/env/modules:/usr/share/puppet/modules", p.Setting("modulepath"))
	assert.Equal(t, "/srv/env/manifests", p.Setting("manifest"))
	assert.Equal(t, values.False, p.envRichData)
	require.NotNil(t, p.natives["widget"])
	require.NotNil(t, p.natives["file"], "the core types")
	assert.Same(t, c, p.class("m::c"))
	assert.Same(t, d, p.define("m::d"))
	assert.Same(t, site, p.class("site"))
	assert.Equal(t, []string{"m"}, p.moduleOrder)
	assert.Equal(t, []string{"m", "site"}, order)
	assert.Same(t, data, p.Hiera)
	f := fn.Lookup("pp2go_test_build_ruby")
	require.NotNil(t, f)
	assert.Equal(t, "m", f.Module)
}
