package main

import (
	"fmt"
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
}

func (f *puppetFlags) add(fl *pflag.FlagSet) {
	fl.StringVar(&f.puppet, "puppet", "8", "the Puppet release to compile as: "+rt.PuppetVersions)
	var names []string
	for _, n := range rt.SettableSettings() {
		if n != "modulepath" && n != "manifest" {
			names = append(names, n)
		}
	}
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
	f.release, f.settings = r, nil
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
		if err := check.SetSetting(name, value); err != nil {
			return fmt.Errorf("--setting: %w", err)
		}
		f.settings = append(f.settings, [2]string{name, value})
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
