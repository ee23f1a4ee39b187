package rt

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/values"
)

// A release's settings are as a Debian server's $settings::* holds them,
// in Puppet's order, with placeholders where a value derives from a
// directory, the certname or the environment: tools/settings/gen.rb writes
// them to settings.json (Puppet 7.23) and settings8.json (8.10), which
// go generate turns into Go values (settings_table.go), so that a catalog
// binary does not decode JSON when it starts.
//
//go:generate go run ../tools/settings/gotable

// setting is one of a release's settings: its name and its value (nil, a
// string, a bool, an int64, a float64 or a []any of them).
type setting struct {
	name  string
	value any
}

// SettingRoots are the settings a server's configuration decides and the
// others derive from; SetSetting changes them. The defaults are those of
// Debian's puppet run as root; certname defaults to the host's name, as
// Puppet's does.
var SettingRoots = []string{"confdir", "codedir", "vardir", "logdir", "rundir", "publicdir",
	"certname", "environmentpath", "basemodulepath", "modulepath", "manifest"}

var settingDefaults = map[string]string{
	"confdir":   "/etc/puppet",
	"codedir":   "/etc/puppet/code",
	"vardir":    "/var/cache/puppet",
	"logdir":    "/var/log/puppet",
	"rundir":    "/run/puppet",
	"publicdir": "/var/cache/puppet/public",
}

// SetSetting sets one of the SettingRoots or of the settable settings
// (settable.go) for the program's compilations (before the first), or
// fails with Puppet's error for a value it refuses. modulepath and
// manifest are the environment's (the generated program sets them); the
// others are the server's.
func (p *Program) SetSetting(name, value string) error {
	if munge, ok := settable[name]; ok {
		v, err := munge(name, value)
		if err != nil {
			return err
		}
		p.settingsMu.Lock()
		defer p.settingsMu.Unlock()
		if p.settingVals == nil {
			p.settingVals = map[string]values.Value{}
		}
		p.settingVals[name] = v
		p.settings = nil
		p.applySettings()
		return nil
	}
	if ok, err := p.buildSettingError(name, value); ok {
		return err
	}
	if !slices.Contains(SettingRoots, name) {
		return fmt.Errorf("setting %q cannot be set: pp2go compiles with Puppet's default settings but for %s",
			name, strings.Join(SettableSettings(), ", "))
	}
	p.settingsMu.Lock()
	if p.settingRoots == nil {
		p.settingRoots = map[string]string{}
	}
	defer p.settingsMu.Unlock()
	p.settingRoots[name] = value
	p.settings = nil
	return nil
}

// SetEnvironmentConf sets a setting as the environment's environment.conf
// gives it (the generated program sets them). Only rich_data is taken:
// Environment#rich_data? reads environment.conf's value before
// Puppet[:rich_data], so that it decides the catalog's format whatever
// the binary's --setting rich_data says; $settings::rich_data shows it
// unless --setting gives another, as Puppet's command-line values come
// before environment.conf's in its settings' search path.
func (p *Program) SetEnvironmentConf(name, value string) error {
	if name != "rich_data" {
		return fmt.Errorf("environment.conf's %s is not a setting pp2go takes from it", name)
	}
	if err := p.SetSetting(name, value); err != nil {
		return err
	}
	p.settingsMu.Lock()
	defer p.settingsMu.Unlock()
	p.envRichData = p.settingVals[name] // as SetSetting munged it
	p.applySettings()
	return nil
}

// Setting is the value of one of the SettingRoots for the program's
// compilations: as set, else Puppet's default (environmentpath:
// /etc/puppet/code/environments).
func (p *Program) Setting(name string) string {
	p.settingsMu.Lock()
	defer p.settingsMu.Unlock()
	return p.settingRoot(name)
}

// settingsTable is the variable table of the settings scope: its title
// and name (as setResourceParameters sets a class's), the settings, and
// all_local, the hash of them all, which Puppet keeps only among its
// qualified variables (no code runs in the settings scope, so only
// $settings::all_local sees it either way). It is built on first use.
func (p *Program) settingsTable() *varTable {
	p.settingsMu.Lock()
	defer p.settingsMu.Unlock()
	if p.settings == nil {
		h := p.buildSettings()
		t := &varTable{kind: localTable}
		t.reserve(2 + h.Len() + 1)
		name := settingsClass.value()
		t.set("title", name)
		t.set("name", name)
		for i := 0; i < h.Len(); i++ {
			t.set(values.ToString(h.KeyAt(i)), h.ValueAt(i))
		}
		t.set("all_local", h)
		p.settings = t
	}
	return p.settings
}

// settingRoot is a root's value: as set, else its default. Like Puppet's,
// the default environmentpath and basemodulepath follow codedir.
func (p *Program) settingRoot(name string) string {
	if v, ok := p.settingRoots[name]; ok {
		return v
	}
	switch name {
	case "certname":
		host, _ := os.Hostname()
		return strings.ToLower(host)
	case "environmentpath":
		return p.settingRoot("codedir") + "/environments"
	case "basemodulepath":
		return p.settingRoot("codedir") + "/modules:/usr/share/puppet/modules"
	}
	return settingDefaults[name]
}

func (p *Program) buildSettings() *values.Hash {
	root := p.settingRoot
	var pairs []string
	for _, r := range SettingRoots {
		if r != "certname" && r != "modulepath" && r != "manifest" {
			pairs = append(pairs, "/@"+r+"@", root(r))
		}
	}
	pairs = append(pairs, "@certname@", root("certname"), "@environment@", p.Environment)
	fill := strings.NewReplacer(pairs...)

	settings := p.Puppet().settings
	b := values.NewHashBuilder(len(settings))
	for _, e := range settings {
		name, v := e.name, settingValue(e.value, fill)
		switch name {
		case "modulepath", "manifest":
			if s, ok := p.settingRoots[name]; ok {
				v = values.String(s)
			}
		default:
			if x, ok := p.buildVals[name]; ok {
				switch x := x.(type) {
				case bool:
					v = values.Bool(x)
				case string:
					v = values.String(x)
				}
			} else if set, ok := p.settingVals[name]; ok {
				v = set
			}
		}
		b.Put(values.String(name), v)
	}
	return b.Build()
}

// settingValue converts a setting's value, filling its placeholders.
func settingValue(raw any, fill *strings.Replacer) values.Value {
	switch x := raw.(type) {
	case nil:
		return values.Undef
	case string:
		if strings.IndexByte(x, '@') < 0 {
			// the placeholders (@confdir@, @certname@, ...) are the
			// only texts fill replaces: 86 of Puppet 7's 138 string
			// settings have none, and a Replacer's search of a string
			// costs more than this one
			return values.String(x)
		}
		return values.String(fill.Replace(x))
	case bool:
		return values.Bool(x)
	case int64:
		return values.Int(x)
	case float64:
		return values.Float(x)
	case []any:
		out := make([]values.Value, len(x))
		for i, e := range x {
			out[i] = settingValue(e, fill)
		}
		return values.NewArray(out...)
	}
	panic(fmt.Sprintf("rt: setting value %v", raw))
}

// serverFacts are the program's ServerFacts, or this host's.
func (p *Program) serverFacts() *values.Hash {
	if p.ServerFacts != nil {
		return p.ServerFacts
	}
	if p.Puppet() == Puppet7 {
		return hostServerFacts7()
	}
	return HostServerFacts()
}

var hostServerFacts7 = sync.OnceValue(func() *values.Hash { return WithServerVersion(HostServerFacts(), Puppet7) })

// HostServerFacts are $server_facts of a Puppet 8 server running on this
// host, as Puppet's catalog compiler sets them (set_server_facts): its
// version, and the host's name and first IPv4 and IPv6 addresses (Facter's
// fqdn, ipaddress and ipaddress6: the addresses of the first interface that
// is up and not a loopback).
var HostServerFacts = sync.OnceValue(func() *values.Hash { return hostServerFacts(Puppet8) })

// PrefetchServerFacts starts finding HostServerFacts on another goroutine,
// for a process that compiles with them (compile, not serve): the host's
// interfaces and addresses are read from the kernel (netlink, ~0.2 ms as
// a process starts) while the program is built and the facts are read,
// and the compile's HostServerFacts then waits for them or has them.
func PrefetchServerFacts() { go HostServerFacts() }

// WithServerVersion are server facts f with the serverversion of r.
func WithServerVersion(f *values.Hash, r *Release) *values.Hash {
	b := values.NewHashBuilder(f.Len())
	for i := 0; i < f.Len(); i++ {
		if values.ToString(f.KeyAt(i)) == "serverversion" {
			b.Put(f.KeyAt(i), values.String(r.Version))
		} else {
			b.Put(f.KeyAt(i), f.ValueAt(i))
		}
	}
	return b.Build()
}

func hostServerFacts(r *Release) *values.Hash {
	b := values.NewHashBuilder(4)
	b.Put(values.String("serverversion"), values.String(r.Version))
	if host, err := os.Hostname(); err == nil {
		b.Put(values.String("servername"), values.String(host))
	}
	ip4, ip6 := hostAddresses()
	if ip4 != "" {
		b.Put(values.String("serverip"), values.String(ip4))
	}
	if ip6 != "" {
		b.Put(values.String("serverip6"), values.String(ip6))
	}
	return b.Build()
}
