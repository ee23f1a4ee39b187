package rt

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// Release is a version of Puppet whose catalogs pp2go compiles. What
// differs between the versions the compiler acts on is data here, not
// conditions spread through the runtime; rt/puppet-versions.md lists the
// differences with the Puppet source of each.
type Release struct {
	Major   int
	Version string // $server_facts['serverversion'], the X-Puppet-Version header
	// settings is $settings::* of a Debian server of this version
	// (tools/settings/gen.rb run under it), with placeholders.
	settings []setting
	// defaults are the values of the settable settings (settable.go) as
	// settings holds them, read on first use
	defaultsOnce sync.Once
	defaults     map[string]values.Value
	// lacks are the Ruby libraries beside Puppet that the release's
	// package does not install, with Ruby's LoadError message for each
	// (did_you_mean's suggestion from the release's load path included): a
	// module type that requires one fails to autoload. Debian 12's
	// puppet-agent 7.23 does not depend on ruby-puppet-resource-api;
	// Debian 13's 8.10 does.
	lacks map[string]string
	// vendored are the types of the modules the release's package
	// vendors (vendormoduledir), found after the module path's
	vendored []*restype.Type
}

// AutoloadError is what autoloading module type t fails with in release
// r, "" when it loads: Ruby's LoadError for the first library its file
// requires that r's installation lacks (puppet/resource_api for 7.23),
// else loadError (restype.Type.LoadError: a file it loads requires a gem
// nothing provides). The runtime raises it (Program.autoloadError), the
// checker reports it where code names the type.
func (r *Release) AutoloadError(t *restype.Type, loadError string) string {
	msg := loadError
	for _, lib := range t.Requires {
		if m, ok := r.lacks[lib]; ok {
			msg = m
			break
		}
	}
	if msg == "" {
		return ""
	}
	return "Could not autoload puppet/type/" + t.Name + ": " + msg
}

// Vendored are the resource types of the modules the release's package
// vendors (Puppet 8.10's cron_core, yumrepo_core, ...; none for Debian
// 12's 7.23).
func (r *Release) Vendored() []*restype.Type { return r.vendored }

// Puppet's releases: 7.23 as Debian 12 ships it, 8.10 as Debian 13 ships
// it (OpenVox 8 has the same compiler).
var (
	Puppet7 = newRelease(7, "7.23.0", settings7, map[string]string{
		"puppet/resource_api": "cannot load such file -- puppet/resource_api\nDid you mean?  puppet/resource",
	}, nil)
	Puppet8 = newRelease(8, "8.10.0", settings8, nil, restype.Vendored8())
)

// newRelease makes a release on the heap as the package initializes. A
// literal would be laid out in the binary's data, where the package's
// init writes its map and a compile its defaults, each a fault that
// copies the page (package cell).
//
//go:noinline
func newRelease(major int, version string, settings []setting, lacks map[string]string, vendored []*restype.Type) *Release {
	return &Release{Major: major, Version: version, settings: settings, lacks: lacks, vendored: vendored}
}

// DefaultPuppet is the release a program compiles as unless told
// otherwise.
var DefaultPuppet = Puppet8

// PuppetVersions names the releases ParsePuppet accepts, for help texts.
const PuppetVersions = "8 (8.10, OpenVox 8; the default) or 7 (7.23)"

// ParsePuppet reads a --puppet value: the major version ("8", "7"), or the
// release's own version ("8.10", "7.23.0"), optionally prefixed with
// "openvox" for 8.
func ParsePuppet(s string) (*Release, error) {
	v := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "openvox")
	v = strings.TrimPrefix(v, "puppet")
	for _, r := range []*Release{Puppet8, Puppet7} {
		if v == strconv.Itoa(r.Major) || v == r.Version || strings.HasPrefix(r.Version, v+".") && strings.Count(v, ".") == 1 {
			if strings.HasPrefix(strings.ToLower(s), "openvox") && r.Major != 8 {
				break
			}
			return r, nil
		}
	}
	return nil, fmt.Errorf("unknown Puppet version %q: pp2go compiles as Puppet %s", s, PuppetVersions)
}

// SettableSettings are the names SetSetting accepts, sorted (those the
// build reads aside: BuildSettings).
func SettableSettings() []string {
	names := slices.Clone(SettingRoots)
	for n := range settable {
		names = append(names, n)
	}
	for n, s := range buildSettings {
		if s.reads == "" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// SetPuppet makes the program compile as a release (before the first
// compile). Settings set with SetSetting keep their values; the others
// take the release's defaults.
func (p *Program) SetPuppet(r *Release) {
	p.settingsMu.Lock()
	defer p.settingsMu.Unlock()
	p.release = r
	p.settings = nil
	p.applySettings()
	p.installVendored(r)
}

// installVendored makes the natives of the release's vendored modules
// the program's, in place of another release's: a type of the module
// path's of the same name wins, as Puppet's autoloader searches the
// modules' lib directories before Ruby's load path.
func (p *Program) installVendored(r *Release) {
	for name, t := range p.vendored {
		if p.natives[name] == t {
			delete(p.natives, name)
		}
	}
	p.vendored = map[string]NativeType{}
	for _, t := range r.vendored {
		if p.natives[t.Name] != nil {
			continue
		}
		n := Native(t)
		p.natives[t.Name] = n
		p.vendored[t.Name] = n
	}
}

// Puppet is the release the program compiles as.
func (p *Program) Puppet() *Release {
	if p.release == nil {
		return DefaultPuppet
	}
	return p.release
}

// StrictMode is the program's strict setting: off, warning or error.
func (p *Program) StrictMode() string { return p.strict }

// StrictVariables is the program's strict_variables setting.
func (p *Program) StrictVariables() bool { return p.strictVariables }
