// Package env loads a Puppet environment as Puppet 7.23 does: its
// environment.conf, module path and modules (with metadata.json), its main
// manifest (a file, or a directory read recursively in Puppet's order), and
// every manifest, function, type alias and EPP template of its modules,
// parsed in parallel and validated with Puppet's location rules. It models
// what Puppet's autoloaders would find by name (classes, defined types,
// functions, type aliases, resource types) for the checker, the code
// generator and the runtime.
//
// Where Puppet's behaviour depends on the order of directory listings
// (modules within one module path directory), the loader sorts by name so
// that its results are deterministic.
package env

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/rubyscan"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/rt/restype"
)

// Options are the Puppet settings that decide what an environment holds.
// Empty fields take Puppet's defaults.
type Options struct {
	// BaseModulePath is Puppet's --basemodulepath (a path list), what
	// $basemodulepath means in a module path; "" means
	// DefaultBaseModulePath.
	BaseModulePath string
	// ModulePath is Puppet's --modulepath (a path list): when set it
	// replaces the environment.conf module path. Entries may use
	// $basemodulepath; relative entries are relative to the working
	// directory.
	ModulePath string
	// Manifest is Puppet's --manifest: when set it replaces the
	// environment.conf manifest. Relative to the working directory.
	Manifest string
	// Name is the environment's name ($environment, $server_facts); the
	// directory's base name when empty.
	Name string
	// Vendored are the resource types of the modules Puppet's package
	// vendors (vendormoduledir: rt.Release.Vendored), found after the
	// module path's.
	Vendored []*restype.Type
	// Code is Puppet's code setting: when set, Puppet parses it as the
	// main manifest instead of the environment's manifest (a source
	// without a file: its resources' file is "", its errors name no file).
	Code string
	// DefaultManifest is Puppet's default_manifest, the manifest of an
	// environment whose environment.conf names none (relative to the
	// environment's directory); "" means Puppet's ./manifests.
	DefaultManifest string
	// DisablePerEnvironmentManifest is Puppet's
	// disable_per_environment_manifest: the default manifest is the
	// environment's whatever its environment.conf says, and an
	// environment.conf manifest other than default_manifest fails every
	// compile (Env.ManifestConflict).
	DisablePerEnvironmentManifest bool
	// Settings are the values of Puppet's directory settings (confdir,
	// codedir, vardir, environmentpath) that environment.conf and the
	// module path may interpolate, where they differ from Debian's.
	Settings map[string]string
}

// Env is a loaded Puppet environment (or a bare module path).
type Env struct {
	Name string
	Dir  string // absolute; "" for a bare module path
	// ModulePath is the full module path, absolute, in order, including
	// directories that do not exist (Puppet's full_modulepath).
	ModulePath []string
	// Manifest is the main manifest setting (a file or a directory),
	// absolute; "" when there is none.
	Manifest string
	// Manifests are the main manifest's files in the order Puppet
	// parses and evaluates them.
	Manifests []*File
	// Modules are the environment's modules in Puppet's order: by module
	// path entry, then by name; the first module of a name wins.
	Modules []*Module
	// Root is the environment directory seen as the module "environment",
	// as Puppet's environment loader sees it: its functions/, types/ and
	// lib/puppet/{functions,parser/functions}. It has no manifests (those
	// are the main manifest). nil for a bare module path.
	Root *Module
	// HieraConfig is the environment's hiera.yaml, "" when absent.
	HieraConfig string
	// ConfigVersion is environment.conf's config_version (absolute), the
	// command whose output is the catalogs' version; "" when unset.
	ConfigVersion string
	// StaticCatalogs and RichData are environment.conf's static_catalogs
	// and rich_data as written, "" when unset.
	StaticCatalogs, RichData string
	// DataProvider is environment.conf's environment_data_provider (Puppet
	// 4's environment data: hiera, function or none), "" when unset.
	DataProvider string
	// ManifestConflict is, under disable_per_environment_manifest, the
	// error with which Puppet halts every compile of an environment whose
	// environment.conf names a manifest other than default_manifest; ""
	// otherwise.
	ManifestConflict string
	// Files are all parsed files, sorted by path.
	Files []*File
	// Index holds the definitions of the parsed files.
	Index *Index
	// Types are the native resource types by name: Puppet's core types,
	// the modules' lib/puppet/type and the environment's .resource_types.
	Types map[string]*restype.Type
	// Diags are the loading, parsing and validation diagnostics, sorted.
	Diags diag.List

	modules       map[string]*Module
	resourceTypes map[string]*ResourceType
	pcoreTypes    map[string]*ResourceType // from .resource_types
	vendored      []*restype.Type          // Options.Vendored
	code          string                   // Options.Code
	files         map[string]*File
	// rubyFeatures are the required Ruby features found so far
	// (RequireRuby), by feature: types' files require the same few
	// helpers, each looked for in every module's lib directory.
	rubyFeatures sync.Map // string -> rubyFeature
}

// Module is a module of the environment.
type Module struct {
	Name     string    // the directory name, which is the module's name to Puppet
	Dir      string    // absolute, as found on the module path (symlinks kept)
	Metadata *Metadata // nil without metadata.json
	// MetadataError is, when metadata.json does not parse, the error
	// Puppet logs of it by release (7, 8): Puppet 8's default
	// strict=error leaves the module out of the environment.
	MetadataError map[int]string
	// Files are the module's parsed .pp files: Manifests, Functions and
	// TypeAliases, sorted by path.
	Files []*File
	// Manifests are manifests/**/*.pp in Puppet's glob order.
	Manifests []*File
	// Functions are functions/**/*.pp (autoloaded Puppet-language functions).
	Functions []*File
	// TypeAliases are types/**/*.pp.
	TypeAliases []*File
	// RubyFunctions are lib/puppet/functions/**/*.rb (4.x) and
	// lib/puppet/parser/functions/*.rb (3.x), by name.
	RubyFunctions []*RubyFunction
	// ResourceTypes are the types of lib/puppet/type/*.rb, from a static
	// scan of their Ruby DSL.
	ResourceTypes []*ResourceType
	// Templates are the paths under templates/, relative to it, sorted;
	// EPP holds the parsed .epp ones.
	Templates []string
	EPP       []*File
	// FileNames are the paths under files/, relative to it, sorted.
	FileNames []string
	// HieraConfig is the module's hiera.yaml, "" when absent; HasHiera
	// says whether there is one.
	HieraConfig string
	HasHiera    bool

	providers map[string]bool // types with providers in lib/puppet/provider/<type>/
}

// Metadata is the part of metadata.json that Puppet uses.
type Metadata struct {
	Name         string // forge name, author/module
	Version      string
	Author       string
	License      string
	Source       string
	Summary      string
	Dependencies []Dependency
}

// Dependency is a metadata.json dependency.
type Dependency struct {
	Name               string // forge name, author/module
	VersionRequirement string
}

// ModuleName is the dependency's module name (the part after the author).
func (d Dependency) ModuleName() string {
	if i := strings.LastIndexAny(d.Name, "/-"); i >= 0 {
		return d.Name[i+1:]
	}
	return d.Name
}

// RubyFunction is a Ruby function file of a module or the environment.
type RubyFunction struct {
	Name   string // the name Puppet loads it by, from its path
	API    int    // 3 or 4
	Path   string
	Module *Module
	// Scan is what a static scan of the file found for that name; nil
	// when the file does not declare it (Puppet then fails to load it).
	Scan *rubyscan.Function
}

// ResourceType is a native resource type: one of Puppet's core types, a
// module's type, or one described in .resource_types.
type ResourceType struct {
	*restype.Type
	Module *Module // nil for core and .resource_types types
	Path   string  // the defining file; "" for core types
	Pcore  bool    // from the environment's .resource_types
	// Vendored: a type of Puppet's vendored modules (Options.Vendored)
	Vendored bool
}

// FileRole is why a file was loaded.
type FileRole uint8

const (
	MainManifest   FileRole = iota + 1 // part of the environment's main manifest
	ModuleManifest                     // a module's manifests/**/*.pp
	FunctionFile                       // functions/**/*.pp of a module or the environment
	TypeAliasFile                      // types/**/*.pp of a module or the environment
	Template                           // an EPP template
	PcoreTypeFile                      // .resource_types/*.pp
)

// File is a parsed source file.
type File struct {
	Path    string // absolute, as Puppet reports it (symlinks kept)
	Role    FileRole
	Module  *Module      // nil for the main manifest, the environment's files and .resource_types
	Source  *source.File // the text, with positions
	Program *ast.Program // nil when the file did not parse
	Diags   diag.List    // parse and validation diagnostics
}

// Failed reports whether the file has errors (it did not parse, or failed
// Puppet's validation), as Puppet would refuse to load it.
func (f *File) Failed() bool {
	return f.Program == nil || len(f.Diags.Errors()) > 0
}

// Module returns the environment's module of that name, or nil.
func (e *Env) Module(name string) *Module {
	return e.modules[name]
}

// File returns the parsed file at an absolute path, or nil.
func (e *Env) File(path string) *File {
	return e.files[path]
}

// ResourceTypes returns every native resource type, sorted by name.
func (e *Env) ResourceTypes() []*ResourceType {
	out := make([]*ResourceType, 0, len(e.resourceTypes))
	for _, t := range e.resourceTypes {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// DependsOn reports whether the module lists name (a module name) among
// its metadata dependencies.
func (m *Module) DependsOn(name string) bool {
	if m.Metadata == nil {
		return false
	}
	for _, d := range m.Metadata.Dependencies {
		if d.ModuleName() == name {
			return true
		}
	}
	return false
}

// Load loads the environment in dir.
func Load(dir string, opts Options) (*Env, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, &os.PathError{Op: "load environment", Path: abs, Err: errNotDir}
	}
	e := newEnv()
	e.Dir = abs
	e.Name = opts.Name
	if e.Name == "" {
		e.Name = filepath.Base(abs)
	}
	e.configure(opts)
	e.vendored = opts.Vendored
	e.code = opts.Code
	e.load()
	return e, nil
}

// LoadModulePath loads a bare module path: the modules of the given
// directories without an environment directory or main manifest, as for
// checking every definition of every module.
func LoadModulePath(modulepath string, opts Options) (*Env, error) {
	e := newEnv()
	e.Name = opts.Name
	if e.Name == "" {
		e.Name = "production"
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	vars := e.settingVars(opts, wd)
	for _, q := range splitPath(interpolate(modulepath, "modulepath", vars, "", &e.Diags)) {
		e.ModulePath = append(e.ModulePath, expandPath(q, wd))
	}
	if opts.Manifest != "" {
		e.Manifest = expandPath(opts.Manifest, wd)
	}
	e.vendored = opts.Vendored
	e.load()
	return e, nil
}

type errString string

func (e errString) Error() string { return string(e) }

const errNotDir = errString("not a directory")

func newEnv() *Env {
	return &Env{
		modules:       map[string]*Module{},
		resourceTypes: map[string]*ResourceType{},
		pcoreTypes:    map[string]*ResourceType{},
		files:         map[string]*File{},
		Index:         newIndex(),
		Types:         map[string]*restype.Type{},
	}
}

// settingVars are the settings a module path or manifest may interpolate.
func (e *Env) settingVars(opts Options, wd string) map[string]string {
	vars := make(map[string]string, len(settingDefaults)+1)
	for k, v := range settingDefaults {
		vars[k] = v
	}
	for k, v := range opts.Settings {
		vars[k] = v
	}
	if opts.Settings["environmentpath"] == "" && opts.Settings["codedir"] != "" {
		vars["environmentpath"] = opts.Settings["codedir"] + "/environments"
	}
	base := splitPath(opts.BaseModulePath)
	if opts.BaseModulePath == "" {
		base = splitPath(DefaultBaseModulePath)
	}
	expanded := make([]string, len(base))
	for i, b := range base {
		expanded[i] = expandPath(b, wd)
	}
	vars["basemodulepath"] = strings.Join(expanded, string(filepath.ListSeparator))
	return vars
}

// configure computes the module path and manifest from environment.conf
// and the overriding options, as Puppet's EnvironmentConf and settings do.
func (e *Env) configure(opts Options) {
	wd, _ := os.Getwd()
	conf := readEnvConf(e.Dir, &e.Diags)
	vars := e.settingVars(opts, wd)

	var modulepath string
	switch {
	case opts.ModulePath != "":
		var parts []string
		for _, p := range splitPath(opts.ModulePath) {
			parts = append(parts, absoluteIn(p, wd))
		}
		modulepath = strings.Join(parts, string(filepath.ListSeparator))
	case conf.settings["modulepath"] != "":
		var parts []string
		for _, p := range splitPath(conf.settings["modulepath"]) {
			parts = append(parts, expandGlob(absoluteIn(p, e.Dir))...)
		}
		modulepath = strings.Join(parts, string(filepath.ListSeparator))
	default:
		modulepath = filepath.Join(e.Dir, "modules") + string(filepath.ListSeparator) + vars["basemodulepath"]
	}
	for _, p := range splitPath(interpolate(modulepath, "modulepath", vars, conf.path, &e.Diags)) {
		// Environment#initialize expands each entry again (relative to
		// the working directory, which matters only for $environment).
		e.ModulePath = append(e.ModulePath, expandPath(p, wd))
	}

	// EnvironmentConf#manifest: default_manifest, relative to the
	// environment, when environment.conf names none or
	// disable_per_environment_manifest ignores it
	rawDef := opts.DefaultManifest
	if rawDef == "" {
		rawDef = "./manifests"
	}
	def := interpolate(rawDef, "default_manifest", vars, "", &e.Diags)
	fallback := def // unexpanded, as Puppet compares it
	if !filepath.IsAbs(def) {
		fallback = e.Dir + "/" + def
	}
	manifest := fallback
	confManifest := conf.settings["manifest"]
	switch {
	case opts.Manifest != "":
		manifest = absoluteIn(opts.Manifest, wd)
	case opts.DisablePerEnvironmentManifest:
		if confManifest != "" {
			if abs := absoluteIn(confManifest, e.Dir); abs != fallback {
				e.Diags = append(e.Diags, &diag.Diagnostic{Severity: diag.Warning, Code: "ENV_CONF_MANIFEST", File: conf.path,
					Message: fmt.Sprintf("The 'disable_per_environment_manifest' setting is true, but the environment located at %s has a manifest setting in its environment.conf of '%s' which does not match the default_manifest setting '%s'. If this environment is expecting to find modules in '%s', they will not be available!", e.Dir, abs, def, abs)})
			}
			if confManifest != def {
				// Environment#conflicting_manifest_settings? compares the
				// raw values
				e.ManifestConflict = fmt.Sprintf("Compilation has been halted because: The 'disable_per_environment_manifest' setting is true, and the '%s' environment has an environment.conf manifest that conflicts with the 'default_manifest' setting. For more information, see https://puppet.com/docs/puppet/latest/environments_about.html", e.Name)
			}
		}
	case confManifest != "":
		manifest = absoluteIn(confManifest, e.Dir)
	}
	e.Manifest = expandPath(interpolate(manifest, "manifest", vars, conf.path, &e.Diags), wd)

	if cv := conf.settings["config_version"]; cv != "" {
		// the one setting that may interpolate $environment
		// (Settings::ENVIRONMENT_INTERPOLATION_ALLOWED)
		cv = strings.ReplaceAll(strings.ReplaceAll(absoluteIn(cv, e.Dir), "${environment}", e.Name), "$environment", e.Name)
		e.ConfigVersion = interpolate(cv, "config_version", vars, conf.path, &e.Diags)
	}
	e.StaticCatalogs, e.RichData = conf.settings["static_catalogs"], conf.settings["rich_data"]
	e.DataProvider = conf.settings["environment_data_provider"]

	if h := filepath.Join(e.Dir, "hiera.yaml"); isFile(h) {
		e.HieraConfig = h
	}
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
