package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/rt"
)

// puppetFlags are --puppet and --setting: the Puppet release a build
// compiles as and the settings it compiles with, recorded in the program
// (the binary's own flags override them).
type puppetFlags struct {
	puppet      string
	settingArgs []string
	// set by parse
	release  *rt.Release
	settings [][2]string
	// build are the settings the build reads (rt.BuildSettings), the last
	// value of each
	build map[string]string
}

func (f *puppetFlags) add(fl *pflag.FlagSet) {
	fl.StringVar(&f.puppet, "puppet", "8", "the Puppet release to compile as: "+rt.PuppetVersions)
	var names []string
	for _, n := range append(rt.SettableSettings(), rt.BuildSettings()...) {
		if n != "modulepath" && n != "manifest" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	fl.StringArrayVar(&f.settingArgs, "setting", nil, "NAME=VALUE: a Puppet setting as puppet.conf spells it (repeatable): "+
		strings.Join(names, ", "))
}

// parse checks the flags: the release is known and each setting one that
// pp2go acts on, with a value Puppet accepts.
func (f *puppetFlags) parse() error {
	r, err := rt.ParsePuppet(f.puppet)
	if err != nil {
		return fmt.Errorf("--puppet: %w", err)
	}
	f.release, f.settings, f.build = r, nil, map[string]string{}
	check := rt.NewProgram("production")
	for _, kv := range f.settingArgs {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("--setting %q: give NAME=VALUE", kv)
		}
		if name == "modulepath" || name == "manifest" {
			// the environment's, which the build loads: not a setting to record
			return fmt.Errorf("--setting %s: give --%s: it decides what the environment holds", name, name)
		}
		if slices.Contains(rt.BuildSettings(), name) {
			if _, err := rt.CheckBuildSetting(name, value); err != nil {
				return fmt.Errorf("--setting: %w", err)
			}
			f.build[name] = value
			continue
		}
		if err := check.SetSetting(name, value); err != nil {
			return fmt.Errorf("--setting: %w", err)
		}
		f.settings = append(f.settings, [2]string{name, value})
	}
	// the hook of disable_per_environment_manifest (defaults.rb), whatever
	// the order of the settings, as puppet.conf's
	if f.build["disable_per_environment_manifest"] == "true" && !filepath.IsAbs(f.build["default_manifest"]) {
		return fmt.Errorf("--setting: The 'default_manifest' setting must be set to an absolute path when 'disable_per_environment_manifest' is true")
	}
	return nil
}

// unknownVariableError is whether an unknown variable is an error under
// the flags (parse first), as Puppet's evaluator makes it one with
// strict_variables or strict=error.
func (f *puppetFlags) unknownVariableError() bool {
	p := rt.NewProgram("production")
	p.SetPuppet(f.release)
	for _, kv := range f.settings {
		_ = p.SetSetting(kv[0], kv[1]) // checked by parse
	}
	return p.StrictVariables() || p.StrictMode() == "error"
}

// reports is whether the release reports the diagnostic (parse first):
// not another release's issue, such as Puppet 8's deprecation of a
// non-literal class parameter type under --puppet 7.
func (f *puppetFlags) reports(d *diag.Diagnostic) bool {
	return d.Puppet == 0 || d.Puppet == f.release.Major
}

// buildSettings are the settings the build read, sorted by name, for the
// program to record.
func (f *puppetFlags) buildSettings() [][2]string {
	var out [][2]string
	for _, name := range rt.BuildSettings() {
		if v, ok := f.build[name]; ok {
			out = append(out, [2]string{name, v})
		}
	}
	return out
}

// setting is the value of a setting given with --setting (the last), and
// whether one was.
func (f *puppetFlags) setting(name string) (string, bool) {
	if v, ok := f.build[name]; ok {
		return v, true
	}
	for i := len(f.settings) - 1; i >= 0; i-- {
		if f.settings[i][0] == name {
			return f.settings[i][1], true
		}
	}
	return "", false
}
