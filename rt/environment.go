package rt

import (
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/restype"
)

// Environment is what a generated program is built from (Build): static
// data of the generated environment package, which it exports as a
// handle, an any that holds the *Environment. Its fields are of Go's
// types or untyped, and the type has no methods: the environment package
// is compiled again after an edit of the main manifests or of a module,
// as is the main package that imports it; a field or method of one of
// rt's types would have both read rt's API from export data as they
// compile (see Module).
type Environment struct {
	// Name is the environment's name (NewProgram).
	Name string
	// Version returns the catalogs' version (Program.Version): a
	// function of a package of its own, so that the table's package does
	// not change with it (codegen's version).
	Version func() string
	// Puppet is the major version of the release the program compiles
	// as (SetPuppet).
	Puppet int
	// Unbind are the module path's library functions the program does
	// not have: each a module's name, then its functions' (fn.Unbind).
	Unbind [][]string
	// Pin are the functions a user's Go or a bound port implements
	// (fn.Pin).
	Pin []string
	// Untranslated are the Ruby functions nothing stands in for: each a
	// function's name, its module's and why (fn.Untranslated).
	Untranslated [][3]string
	// Settings are the settings set (SetSetting), EnvironmentConf
	// environment.conf's that decide over them (SetEnvironmentConf),
	// BuildSettings those the build read (SetBuildSetting), in order;
	// then the module path and the main manifest, as $settings shows
	// them (SetSetting).
	Settings        [][2]string
	EnvironmentConf [][2]string
	BuildSettings   [][2]string
	ModulePath      string
	Manifest        string
	// Natives are the module path's resource types written in Ruby: the
	// address of the natives package's []*restype.Type (AddNatives).
	Natives any
	// Definitions are the indexes of classes and defined types
	// (SetDefinitions).
	Definitions []*DefinitionIndex
	// Modules are the generated packages' modules, each list the
	// addresses of packages' handles (AddModules).
	Modules [][]*any
	// Hiera is the Hiera configuration and data: the hieradata package's
	// *hiera.Data, if any.
	Hiera any
}

// Build builds the program of a generated environment package's handle,
// which holds its *Environment: a catalog binary's (rt/cli's Main) and
// the catalog package's Program.
func Build(environment any) *Program {
	e := environment.(*Environment)
	p := NewProgram(e.Name)
	if e.Version != nil {
		p.Version = e.Version()
	}
	p.AddCoreTypes()
	// exactly the module path's functions (codegen/ports.go)
	for _, u := range e.Unbind {
		fn.Unbind(u[0], u[1:]...)
	}
	if len(e.Pin) > 0 {
		fn.Pin(e.Pin...)
	}
	for _, u := range e.Untranslated {
		fn.Register(fn.Untranslated(u[0], u[1], u[2]))
	}
	if e.Puppet == 7 {
		p.SetPuppet(Puppet7)
	} else {
		p.SetPuppet(Puppet8)
	}
	for _, kv := range e.Settings {
		p.SetSetting(kv[0], kv[1])
	}
	for _, kv := range e.EnvironmentConf {
		p.SetEnvironmentConf(kv[0], kv[1])
	}
	for _, kv := range e.BuildSettings {
		p.SetBuildSetting(kv[0], kv[1])
	}
	if e.ModulePath != "" {
		p.SetSetting("modulepath", e.ModulePath)
	}
	if e.Manifest != "" {
		p.SetSetting("manifest", e.Manifest)
	}
	if e.Natives != nil {
		p.AddNatives(*e.Natives.(*[]*restype.Type))
	}
	if len(e.Definitions) > 0 {
		p.SetDefinitions(e.Definitions...)
	}
	for _, ms := range e.Modules {
		p.AddModules(ms)
	}
	if e.Hiera != nil {
		p.Hiera = e.Hiera.(*hiera.Data)
	}
	p.Finish()
	return p
}
