package rt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// buildSetting is a Puppet setting that decides what pp2go's build reads
// (the main manifest, the Hiera configuration, the catalogs' version), or
// that changes no catalog pp2go makes: the build acts on it, the program
// records its value for $settings::*.
type buildSetting struct {
	parse func(value string) (any, error)
	// what the build does with it: the binary's --setting refuses it with
	// this reason (runtime settings: "")
	reads string
}

// buildSettings are the build's settings by name. The binary's own
// --setting takes those whose reads is "".
var buildSettings = map[string]buildSetting{
	// node/environment.rb perform_initial_import, pops/loaders.rb
	// load_main_manifest: Puppet compiles the string instead of the main
	// manifest.
	"code": {parse: stringSetting, reads: "the code replaces the main manifest, which the build compiles"},
	// settings/environment_conf.rb manifest
	"default_manifest":                 {parse: stringSetting, reads: "it chooses the main manifest, which the build compiles"},
	"disable_per_environment_manifest": {parse: buildBool("disable_per_environment_manifest"), reads: "it chooses the main manifest, which the build compiles"},
	// pops/lookup/global_data_provider.rb: the global layer of Hiera
	"hiera_config": {parse: stringSetting, reads: "the build compiles the Hiera configuration and data in"},
	// resource/type_collection.rb version: the catalogs' version is the
	// command's output
	"config_version": {parse: stringSetting, reads: "the build runs the command: its output is the catalogs' version"},
	// indirector/catalog/compiler.rb: a static catalog inlines file
	// metadata only when the request has a code_id, which puppetserver
	// has only with code-id-command; pp2go's server has none, so the
	// catalog is the same either way
	"static_catalogs": {parse: buildBool("static_catalogs")},
	// the short names of certificate extensions in
	// $trusted['extensions'] (rt/server OIDMapping), read as the server
	// starts, as puppetserver's
	"trusted_oid_mapping_file": {parse: stringSetting},
	// pp2go's --puppetdb is storeconfigs with PuppetDB (rt/cli)
	"storeconfigs": {parse: buildBool("storeconfigs")},
}

func stringSetting(v string) (any, error) { return v, nil }

// buildBool munges a boolean build setting as Puppet does (boolSetting),
// to a Go bool.
func buildBool(name string) func(string) (any, error) {
	return func(v string) (any, error) {
		b, err := boolSetting(name, v)
		if err != nil {
			return nil, err
		}
		return b == values.Bool(true), nil
	}
}

// BuildSettings are the names of the settings pp2go build acts on besides
// SettableSettings, sorted.
func BuildSettings() []string {
	var names []string
	for n, s := range buildSettings {
		if s.reads != "" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// CheckBuildSetting checks a value of one of the BuildSettings (or a
// runtime setting pp2go only shows), as Puppet munges it: it returns false
// for the other names.
func CheckBuildSetting(name, value string) (bool, error) {
	s, ok := buildSettings[name]
	if !ok {
		return false, nil
	}
	_, err := s.parse(value)
	return true, err
}

// SetBuildSetting records the value of a setting the build acted on (see
// BuildSettings), for $settings::* to show it. The generated program
// calls it; the binary's --setting cannot change these.
func (p *Program) SetBuildSetting(name, value string) error {
	s, ok := buildSettings[name]
	if !ok {
		return fmt.Errorf("setting %q is not one pp2go's build reads", name)
	}
	v, err := s.parse(value)
	if err != nil {
		return err
	}
	p.settingsMu.Lock()
	defer p.settingsMu.Unlock()
	if p.buildVals == nil {
		p.buildVals = map[string]any{}
	}
	p.buildVals[name] = v
	p.settings = nil
	return nil
}

// BuildSetting is the value of a setting recorded with SetBuildSetting
// (a string or a bool), and whether there is one.
func (p *Program) BuildSetting(name string) (any, bool) {
	p.settingsMu.Lock()
	defer p.settingsMu.Unlock()
	v, ok := p.buildVals[name]
	return v, ok
}

// buildSettingError is SetSetting's refusal of a setting the build read,
// or nil for a name that is not one (settingsMu not held).
func (p *Program) buildSettingError(name, value string) (bool, error) {
	s, ok := buildSettings[name]
	if !ok {
		return false, nil
	}
	if s.reads == "" {
		return true, p.SetBuildSetting(name, value)
	}
	return true, fmt.Errorf("setting %q cannot be set here: %s; give it to pp2go build (--setting %s=%s)", name, s.reads, name, quoteShell(value))
}

// quoteShell quotes a value for a shell command line when it needs it.
func quoteShell(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\n'\"\\$`;&|<>()*?[]{}#~!") {
		return v
	}
	return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
}
