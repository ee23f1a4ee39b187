// Package hiera reads an environment's Hiera configuration and data at build
// time: the global hiera.yaml (optional), the environment's and every
// module's hiera.yaml, with Puppet 7's handling of versions 3, 4 and 5, and
// every data file a hierarchy can reach, parsed as Puppet parses it (YAML as
// Ruby's Psych reads it, JSON, HOCON). The result is the plain data of
// rt/hiera, which codegen/hieragen writes into the generated program;
// problems are diagnostics with file, line and column.
package hiera

import (
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/internal/hocon"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// Options says where the configuration is.
type Options struct {
	// EnvDir is the environment's root (its hiera.yaml is the environment
	// layer).
	EnvDir string
	// EnvName is the environment's name ("production" when empty).
	EnvName string
	// GlobalConfig is the global layer's hiera.yaml ("" for none). When the
	// file does not exist, Puppet's default version 5 configuration rooted
	// at its directory is used, as Puppet does.
	GlobalConfig string
	// Modules maps each module's name to its directory.
	Modules map[string]string
	// EnvDataProvider is environment.conf's environment_data_provider
	// ("" when unset: Puppet 4's environment data, deprecated).
	EnvDataProvider string
	// HasFunction reports whether the environment defines a function of
	// that name (in Puppet or Ruby), which a hierarchy level may name as
	// its backend (nil: none does).
	HasFunction func(name string) bool
	// Codedir is Puppet's codedir, used by version 3 files' default datadir
	// ("/etc/puppet/code" when empty, Debian's).
	Codedir string
}

type loader struct {
	o Options
	// keepText: the files collected keep their text (collect)
	keepText bool
	// defaultIfMissing: a hiera.yaml that does not exist is Hiera 5's
	// default configuration (providerConfig)
	defaultIfMissing bool
	diags            diag.List
	files            map[string]*rthiera.File
	runtimeWarnings  []rthiera.Warning
}

// Load reads the configuration and data. The returned Data is usable even
// when there are diagnostics; errors among them should stop the build.
func Load(o Options) (*rthiera.Data, diag.List) {
	if o.EnvName == "" {
		o.EnvName = "production"
	}
	if o.Codedir == "" {
		o.Codedir = "/etc/puppet/code"
	}
	l := &loader{o: o, files: map[string]*rthiera.File{}}
	d := &rthiera.Data{EnvName: o.EnvName, Modules: map[string]*rthiera.Config{}}
	if o.GlobalConfig != "" {
		d.Global = l.config(filepath.Clean(o.GlobalConfig), "global", "")
	}
	if o.EnvDir != "" {
		d.Env = l.envConfig(filepath.ToSlash(filepath.Clean(o.EnvDir)))
	}
	names := make([]string, 0, len(o.Modules))
	for n := range o.Modules {
		names = append(names, n)
	}
	sort.Strings(names)
	d.ModuleNames = names
	for _, n := range names {
		if c := l.moduleConfig(n, filepath.ToSlash(filepath.Clean(o.Modules[n]))); c != nil {
			d.Modules[n] = c
		}
	}
	for _, f := range l.files {
		d.Files = append(d.Files, f)
	}
	d.Warnings = l.runtimeWarnings
	sort.Slice(d.Files, func(i, j int) bool { return d.Files[i].Path < d.Files[j].Path })
	return d, l.diags
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func (l *loader) errorf(file string, line, col int, code, msg string) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, Code: code, Message: msg, File: file, Line: line, Column: col}
	l.diags = append(l.diags, d)
	return d
}

// CodeFailsLookups is the code of a data file that does not parse or
// holds no hash, and of a hiera.yaml that does not parse or is no valid
// configuration: a warning, as Puppet fails only the lookups that read
// the file (File.Error, Config.Error), and an error under pp2go build
// --strict.
const CodeFailsLookups = "HIERA_FAILS_LOOKUPS"

func (l *loader) failsLookups(file string, line, col int, msg string) {
	l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Warning, Code: CodeFailsLookups, Message: msg, File: file, Line: line, Column: col})
}

func (l *loader) warnf(file string, line, col int, msg string) {
	l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Warning, Message: msg, File: file, Line: line, Column: col})
}

// configWarning is a warning Puppet logs when it reads a configuration: a
// build diagnostic, and logged again by each compile.
func (l *loader) configWarning(file, msg string) {
	l.warnf(file, 0, 0, msg)
	l.runtimeWarnings = append(l.runtimeWarnings, rthiera.Warning{Msg: msg})
}

// deprecatedVersion warns that a version 3 or 4 file is deprecated. Puppet
// logs this once whichever file it concerns (warn_once with the key
// 'hiera.yaml'): the first file a compile reads, and not under strict=off
// (validate_config).
func (l *loader) deprecatedVersion(file string, version int) {
	msg := file + ": Use of 'hiera.yaml' version " + itoa(version) + " is deprecated. It should be converted to version 5"
	l.warnf(file, 0, 0, msg)
	l.runtimeWarnings = append(l.runtimeWarnings, rthiera.Warning{Msg: msg + warnOnceTrace(file), Unless: "off", Key: "hiera.yaml", Kind: "deprecations"})
}

// warnOnceTrace is the location Puppet.warn_once appends to its message.
func warnOnceTrace(file string) string { return "\n   (file: " + file + ")" }

// moduleConfig is the configuration of a module's layer (nil for none):
// its hiera.yaml, or what its metadata.json's "data_provider" (Puppet 4's
// module data, deprecated) makes of it (lookup_adapter.rb
// initialize_module_provider).
func (l *loader) moduleConfig(module, dir string) *rthiera.Config {
	p := path.Join(dir, "hiera.yaml")
	var c *rthiera.Config
	if exists(p) {
		c = l.layerConfig(p, "module", module)
	}
	provider := DataProvider(dir)
	if provider == "" {
		return c
	}
	meta := path.Join(dir, "metadata.json")
	msg := `Defining "data_provider": "` + provider + `" in metadata.json is deprecated.`
	if c != nil && c.Version >= 5 {
		c.Warnings = append(c.Warnings, l.deprecation(meta, "metadata.json#data_provider-"+module,
			msg+" It is ignored since a 'hiera.yaml' with version >= 5 is present"))
		return c
	}
	if c == nil {
		msg += " A 'hiera.yaml' file should be used instead"
	}
	c = l.providerConfig(provider, "module_data_provider", p, module, module+"::data", c)
	if c != nil {
		c.Warnings = append([]rthiera.Warning{l.deprecation(meta, "metadata.json#data_provider-"+module, msg)}, c.Warnings...)
	}
	return c
}

// envConfig is the configuration of the environment's layer (nil for
// none): its hiera.yaml, or what environment.conf's
// environment_data_provider makes of it (initialize_env_provider).
func (l *loader) envConfig(dir string) *rthiera.Config {
	p := path.Join(dir, "hiera.yaml")
	var c *rthiera.Config
	if exists(p) {
		c = l.layerConfig(p, "environment", "")
	}
	provider := l.o.EnvDataProvider
	if provider == "" {
		return c
	}
	conf := path.Join(dir, "environment.conf")
	msg := "Defining environment_data_provider='" + provider + "' in environment.conf is deprecated"
	if c != nil && c.Version >= 5 {
		c.Warnings = append(c.Warnings, l.deprecation(conf, "environment.conf#data_provider", msg))
		if provider != "hiera" {
			c.Warnings = append(c.Warnings, l.deprecation(conf, "environment.conf#data_provider_overridden",
				"The environment_data_provider='"+provider+"' setting is ignored since '"+p+"' version >= 5"))
		}
		return c
	}
	msg += "."
	if c == nil {
		msg += " A 'hiera.yaml' file should be used instead"
	}
	c = l.providerConfig(provider, "environment_data_provider", p, "", "environment::data", c)
	if c != nil {
		c.Warnings = append([]rthiera.Warning{l.deprecation(conf, "environment.conf#data_provider", msg)}, c.Warnings...)
	}
	return c
}

// providerConfig is the configuration a Puppet 4 data provider setting
// (setting: module_data_provider or environment_data_provider) makes of
// a layer whose hiera.yaml at p is c (nil when there is none, or it is
// not of version 5): none, hiera (c, else Hiera 5's default), or a
// function named function called with no arguments.
func (l *loader) providerConfig(provider, setting, p, module, function string, c *rthiera.Config) *rthiera.Config {
	dir := path.Dir(p)
	switch provider {
	case "none":
		return &rthiera.Config{Root: dir, Version: 5} // no levels: no data
	case "hiera":
		if c == nil {
			owner := "module"
			if module == "" {
				owner = "environment"
			}
			l.defaultIfMissing = true
			c = l.layerConfig(p, owner, module)
			l.defaultIfMissing = false
		}
		return c
	case "function":
		legacy := "Using of legacy data provider function '" + function + "'. Please convert to a 'data_hash' function"
		l.warnf(p, 0, 0, legacy)
		return &rthiera.Config{Root: dir, Version: 5, Warnings: []rthiera.Warning{{Msg: legacy + "\n   (file & line not available)",
			Unless: "off", Key: "legacy_provider_function", Kind: "deprecations"}},
			Hierarchy: []*rthiera.Entry{{Name: "Legacy function '" + function + "'", Kind: "v4_data_hash", Function: function}}}
	}
	return &rthiera.Config{Root: dir, Version: 5, Raised: true,
		Error: "Environment '" + l.o.EnvName + "', cannot find " + setting + " '" + provider + "'"}
}

// DataProvider is the "data_provider" of the metadata.json of the module
// in dir, "" for none.
func DataProvider(dir string) string {
	text, err := os.ReadFile(path.Join(dir, "metadata.json"))
	if err != nil || !strings.Contains(string(text), `"data_provider"`) {
		return ""
	}
	var m struct {
		DataProvider string `json:"data_provider"`
	}
	if json.Unmarshal(text, &m) != nil {
		return ""
	}
	return m.DataProvider
}

// deprecation is the deprecation of a Puppet 4 data provider setting in
// file, logged once per key (warn_once) unless strict is off.
func (l *loader) deprecation(file, key, msg string) rthiera.Warning {
	l.warnf(file, 0, 0, msg)
	return rthiera.Warning{Msg: msg + warnOnceTrace(file), Unless: "off", Key: key, Kind: "deprecations"}
}

// layerConfig reads the hiera.yaml of the environment's or a module's
// layer: the warnings reading it logs are the layer's, logged when a
// lookup first consults it.
func (l *loader) layerConfig(p, owner, module string) *rthiera.Config {
	before := len(l.runtimeWarnings)
	c := l.config(p, owner, module)
	if c != nil && len(l.runtimeWarnings) > before {
		c.Warnings = append([]rthiera.Warning(nil), l.runtimeWarnings[before:]...)
		l.runtimeWarnings = l.runtimeWarnings[:before]
	}
	return c
}

// config reads one hiera.yaml. owner is "global", "environment" or
// "module". It returns nil when Puppet ignores the file (version 3 outside
// the global layer).
func (l *loader) config(p, owner, module string) *rthiera.Config {
	root := path.Dir(p)
	var raw values.Value
	defaultCfg := false
	src, err := os.ReadFile(p)
	switch {
	case err != nil && (owner == "global" || l.defaultIfMissing) && os.IsNotExist(err):
		defaultCfg = true
		raw = defaultV5()
	case err != nil:
		l.errorf(p, 0, 0, "HIERA_CONFIG", err.Error())
		return &rthiera.Config{Path: p, Root: root, Version: 5, Error: err.Error()}
	default:
		r, perr := parseYAML(src)
		if perr != nil {
			// as a data file's: the lookups that reach the layer fail
			ye := perr.(*yamlError)
			l.failsLookups(p, ye.line, ye.column, ye.msg)
			return &rthiera.Config{Path: p, Root: root, Version: 5, Error: "(" + p + "): " + ye.msg, Raised: true}
		}
		raw = r.value
		if _, isHash := raw.(*values.Hash); !isHash {
			l.configWarning(p, p+": File exists but does not contain a valid YAML hash. Falling back to Hiera version 3 default config")
			raw = defaultV3()
		}
	}
	h := raw.(*values.Hash)
	version := 3
	if v, ok := h.GetString("version"); ok && !values.IsUndef(v) {
		version = rubyToI(v)
	}
	cfgPath := p
	if defaultCfg {
		cfgPath = ""
	}
	c := &rthiera.Config{Path: cfgPath, Root: root, Version: version, VarLines: l.varLines(cfgPath, src)}
	fail := func(code, msg string, line int) *rthiera.Config {
		full := msg
		if cfgPath != "" && code != "HIERA_CONFIG_TYPE" { // type assertions carry no location
			full += " " + location(cfgPath, line)
		}
		c.Error, c.Raised = full, code == "HIERA_CONFIG_TYPE"
		l.failsLookups(p, line, 0, msg) // the lookups that reach the layer fail
		return c
	}
	switch version {
	case 5:
		l.v5(c, h, owner, fail, defaultCfg)
	case 4:
		if owner == "global" {
			return fail("HIERA_UNSUPPORTED_VERSION_IN_GLOBAL", "hiera.yaml version 4 cannot be used in the global layer", 0)
		}
		l.v4(c, h, fail)
	case 3:
		if owner != "global" {
			where := "the environment root"
			if owner == "module" {
				where = "module root"
			}
			l.deprecatedVersion(p, 3)
			// Ignored with a warning, but under strict=error, where the
			// layer fails (assert_config_version).
			msg := "hiera.yaml version 3 found at " + where + " was ignored"
			l.warnf(p, 0, 0, msg)
			// warn_once keyed by the file
			l.runtimeWarnings = append(l.runtimeWarnings, rthiera.Warning{Msg: msg + warnOnceTrace(p), Unless: "error", Key: p})
			c.StrictOnly = true
			c.Error = "hiera.yaml version 3 cannot be used in " + map[string]string{"environment": "an environment", "module": "a module"}[owner] +
				" " + location(cfgPath, 0)
			return c
		}
		l.v3(c, h, fail)
	default:
		return fail("HIERA_UNSUPPORTED_VERSION", "This runtime does not support hiera.yaml version "+itoa(version), 0)
	}
	if c.Error == "" {
		l.collect(c)
	}
	return c
}

func location(file string, line int) string {
	if line > 0 {
		return "(file: " + file + ", line: " + itoa(line) + ")"
	}
	return "(file: " + file + ")"
}

func itoa(n int) string { return values.ToString(values.Int(n)) }

func rubyToI(v values.Value) int {
	switch x := v.(type) {
	case values.Int:
		return int(x)
	case values.Float:
		return int(x)
	case values.String:
		n := 0
		s := strings.TrimSpace(string(x))
		for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			n = n*10 + int(s[i]-'0')
		}
		return n
	}
	return 0
}

func str(s string) values.Value { return values.String(s) }

func defaultV5() *values.Hash {
	return values.NewHashFromPairs(
		str("version"), values.Int(5),
		str("defaults"), values.NewHashFromPairs(str("datadir"), str("data"), str("data_hash"), str("yaml_data")),
		str("hierarchy"), values.NewArray(values.NewHashFromPairs(str("name"), str("Common"), str("path"), str("common.yaml"))),
	)
}

func defaultV3() *values.Hash {
	return values.NewHashFromPairs(
		str("backends"), values.NewArray(str("yaml")),
		str("hierarchy"), values.NewArray(str("nodes/%{::trusted.certname}"), str("common")),
		str("merge_behavior"), str("native"),
	)
}

var (
	nes                = `String[1]`
	optionNameT        = `Pattern[/\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\z/]`
	hierarchyEntryText = `Struct[{name=>` + nes + `,Optional[options]=>Hash[` + optionNameT + `,Data],Optional[data_hash]=>` + nes +
		`,Optional[lookup_key]=>` + nes + `,Optional[hiera3_backend]=>` + nes + `,Optional[v4_data_hash]=>` + nes +
		`,Optional[data_dig]=>` + nes + `,Optional[path]=>` + nes + `,Optional[paths]=>Array[` + nes + `,1]` +
		`,Optional[glob]=>` + nes + `,Optional[globs]=>Array[` + nes + `,1],Optional[uri]=>` + nes +
		`,Optional[uris]=>Array[` + nes + `,1],Optional[mapped_paths]=>Array[` + nes + `,3,3],Optional[datadir]=>` + nes + `}]`
	v5Type = values.MustParseType(`Struct[{version=>Integer[5,5],Optional[defaults]=>Struct[{Optional[data_hash]=>` + nes +
		`,Optional[lookup_key]=>` + nes + `,Optional[data_dig]=>` + nes + `,Optional[datadir]=>` + nes +
		`,Optional[options]=>Hash[` + optionNameT + `,Data]}],Optional[hierarchy]=>Array[` + hierarchyEntryText +
		`],Optional[plan_hierarchy]=>Array[` + hierarchyEntryText + `],Optional[default_hierarchy]=>Array[` + hierarchyEntryText + `]}]`)
	v4Type = values.MustParseType(`Struct[{version=>Integer[4,4],Optional[datadir]=>` + nes + `,Optional[hierarchy]=>Array[Struct[{backend=>` + nes +
		`,name=>` + nes + `,Optional[datadir]=>` + nes + `,Optional[path]=>` + nes + `,Optional[paths]=>Array[` + nes + `]}]]}]`)
	v3Type = `Struct[{Optional[version]=>Integer[3,3],Optional[backends]=>Variant[` + nes + `,Array[` + nes + `]],Optional[logger]=>` + nes +
		`,Optional[merge_behavior]=>Enum['deep','deeper','native'],Optional[deep_merge_options]=>Hash[` + nes + `,Variant[String,Boolean]]` +
		`,Optional[hierarchy]=>Variant[` + nes + `,Array[` + nes + `]]`
)

var functionKeys = []string{"data_hash", "lookup_key", "data_dig", "hiera3_backend"}
var allFunctionKeys = append(append([]string{}, functionKeys...), "v4_data_hash")
var locationKeys = []string{"path", "paths", "glob", "globs", "uri", "uris", "mapped_paths"}

func get(h *values.Hash, k string) (values.Value, bool) {
	if h == nil {
		return nil, false
	}
	v, ok := h.GetString(k)
	if ok && values.IsUndef(v) {
		return nil, false
	}
	return v, ok
}

func getStr(h *values.Hash, k string) string {
	if v, ok := get(h, k); ok {
		return values.ToString(v)
	}
	return ""
}

func getStrs(h *values.Hash, k string) []string {
	v, ok := get(h, k)
	if !ok {
		return nil
	}
	if a, isArr := v.(*values.Array); isArr {
		out := make([]string, a.Len())
		for i, e := range a.Elems() {
			out[i] = values.ToString(e)
		}
		return out
	}
	return []string{values.ToString(v)}
}

func withDefault(h *values.Hash, k string, v values.Value) *values.Hash {
	if _, ok := get(h, k); ok {
		return h
	}
	b := values.NewHashBuilder(h.Len() + 1)
	for i := 0; i < h.Len(); i++ {
		b.Put(h.KeyAt(i), h.ValueAt(i))
	}
	b.Put(values.String(k), v)
	return b.Build()
}

type failFunc func(code, msg string, line int) *rthiera.Config

func (l *loader) v5(c *rthiera.Config, h *values.Hash, owner string, fail failFunc, defaultCfg bool) {
	dv := defaultV5()
	h = withDefault(h, "defaults", must(dv.GetString("defaults")))
	h = withDefault(h, "hierarchy", must(dv.GetString("hierarchy")))
	if err := values.AssertInstance("The Lookup Configuration at '"+c.Path+"'", v5Type, h); err != nil {
		fail("HIERA_CONFIG_TYPE", err.Error(), 0)
		return
	}
	defaults, _ := must(h.GetString("defaults")).(*values.Hash)
	if n := countKeys(defaults, functionKeys); n > 1 {
		fail("HIERA_MULTIPLE_DATA_PROVIDER_FUNCTIONS_IN_DEFAULT", "Only one of "+combine(functionKeys)+" can be defined in defaults", 0)
		return
	}
	if opts, ok := get(defaults, "options"); ok {
		for _, k := range []string{"path", "uri"} {
			if opts.(*values.Hash).Has(values.String(k)) {
				fail("HIERA_DEFAULT_OPTION_RESERVED_BY_PUPPET", "Option key '"+k+"' used in defaults is reserved by Puppet", 0)
				return
			}
		}
	}
	datadir := getStr(defaults, "datadir")
	if datadir == "" {
		datadir = "data"
	}
	for _, which := range []string{"hierarchy", "default_hierarchy"} {
		hv, ok := get(h, which)
		if !ok {
			continue
		}
		if which == "default_hierarchy" && owner != "module" {
			fail("HIERA_DEFAULT_HIERARCHY_NOT_IN_MODULE", "'default_hierarchy' is only allowed in the module layer", l.findLine(c.Path, regexp.MustCompile(`(?:^|\s+)default_hierarchy:`), 1))
			return
		}
		seen := map[string]bool{}
		var entries []*rthiera.Entry
		for _, ev := range hv.(*values.Array).Elems() {
			he := ev.(*values.Hash)
			name := getStr(he, "name")
			if seen[name] {
				l.multiplyDefined(c, name, fail)
				return
			}
			seen[name] = true
			switch n := countKeys(he, allFunctionKeys); {
			case n == 0 && countKeys(defaults, functionKeys) == 0:
				fail("HIERA_MISSING_DATA_PROVIDER_FUNCTION", "One of "+combine(functionKeys)+" must be defined in hierarchy '"+name+"'", 0)
				return
			case n > 1:
				fail("HIERA_MULTIPLE_DATA_PROVIDER_FUNCTIONS", "Only one of "+combine(functionKeys)+" can be defined in hierarchy '"+name+"'", 0)
				return
			}
			if b := getStr(he, "hiera3_backend"); b != "" {
				if owner != "global" {
					fail("HIERA_V3_BACKEND_NOT_GLOBAL", "'hiera3_backend' is only allowed in the global layer", l.findLine(c.Path, regexp.MustCompile(`\s+hiera3_backend:`), 1))
					return
				}
				if b == "json" || b == "yaml" || b == "hocon" {
					fail("HIERA_V3_BACKEND_REPLACED_BY_DATA_HASH", `Use "data_hash: `+b+`_data" instead of "hiera3_backend: `+b+`"`,
						l.findLine(c.Path, regexp.MustCompile(`\s+hiera3_backend:\s*['"]?`+regexp.QuoteMeta(b)+`(?:[^\w]|$)`), 1))
					return
				}
			}
			if countKeys(he, locationKeys) > 1 {
				fail("HIERA_MULTIPLE_LOCATION_SPECS", "Only one of "+combine(locationKeys)+" can be defined in hierarchy '"+name+"'", 0)
				return
			}
			if opts, ok := get(he, "options"); ok {
				for _, k := range []string{"path", "uri"} {
					if opts.(*values.Hash).Has(values.String(k)) {
						fail("HIERA_OPTION_RESERVED_BY_PUPPET", "Option key '"+k+"' used in hierarchy '"+name+"' is reserved by Puppet", 0)
						return
					}
				}
			}
			e := &rthiera.Entry{Name: name, DefaultConfig: defaultCfg}
			for _, k := range allFunctionKeys {
				if f := getStr(he, k); f != "" {
					e.Kind, e.Function = k, f
					break
				}
			}
			if e.Kind == "" {
				for _, k := range functionKeys {
					if f := getStr(defaults, k); f != "" {
						e.Kind, e.Function = k, f
						break
					}
				}
			}
			dd := getStr(he, "datadir")
			if dd == "" {
				dd = datadir
			}
			e.Datadir = joinRoot(c.Root, dd)
			for _, k := range locationKeys {
				if _, ok := get(he, k); ok {
					e.LocationKind = k
					e.Locations = getStrs(he, k)
					break
				}
			}
			if o, ok := get(he, "options"); ok {
				e.Options = o.(*values.Hash)
			} else if o, ok := get(defaults, "options"); ok {
				e.Options = o.(*values.Hash)
			}
			if e.Kind == "v4_data_hash" {
				l.errorf(c.Path, 0, 0, "HIERA_DATA_PROVIDER_FUNCTION_NOT_FOUND", "Unable to find 'v4_data_hash' function named '"+e.Function+"'")
			} else if e.Kind != "hiera3_backend" && !rthiera.KnownFunction(e.Kind, e.Function) &&
				(l.o.HasFunction == nil || !l.o.HasFunction(e.Function)) {
				// a lookup that reaches the level fails, as in Puppet when
				// the function is not there (rt/hiera's functionNotFound):
				// the build goes on
				l.warnf(c.Path, 0, 0, "Unable to find '"+e.Kind+"' function named '"+e.Function+"' (hierarchy level '"+e.Name+
					"'): the lookups that reach the level fail")
			}
			entries = append(entries, e)
		}
		if which == "hierarchy" {
			c.Hierarchy = entries
		} else {
			c.DefaultHierarchy = entries
		}
	}
}

func must(v values.Value, _ bool) values.Value { return v }

func countKeys(h *values.Hash, keys []string) int {
	n := 0
	for _, k := range keys {
		if _, ok := get(h, k); ok {
			n++
		}
	}
	return n
}

// combine is Puppet's label.combine_strings: a, b, or c.
func combine(keys []string) string {
	if len(keys) == 1 {
		return keys[0]
	}
	return strings.Join(keys[:len(keys)-1], ", ") + ", or " + keys[len(keys)-1]
}

func joinRoot(root, p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Clean(root + "/" + p)
}

func (l *loader) v4(c *rthiera.Config, h *values.Hash, fail failFunc) {
	h = withDefault(h, "datadir", str("data"))
	h = withDefault(h, "hierarchy", values.NewArray(values.NewHashFromPairs(str("name"), str("common"), str("backend"), str("yaml"))))
	if err := values.AssertInstance("The Lookup Configuration at '"+c.Path+"'", v4Type, h); err != nil {
		fail("HIERA_CONFIG_TYPE", err.Error(), 0)
		return
	}
	l.deprecatedVersion(c.Path, 4)
	datadir := getStr(h, "datadir")
	seen := map[string]bool{}
	for _, ev := range must(h.GetString("hierarchy")).(*values.Array).Elems() {
		he := ev.(*values.Hash)
		name := getStr(he, "name")
		if seen[name] {
			l.multiplyDefined(c, name, fail)
			return
		}
		seen[name] = true
		paths := getStrs(he, "paths")
		if paths == nil {
			p := getStr(he, "path")
			if p == "" {
				p = name
			}
			paths = []string{p}
		}
		dd := getStr(he, "datadir")
		if dd == "" {
			dd = datadir
		}
		e := &rthiera.Entry{Name: name, Kind: "data_hash", Datadir: joinRoot(c.Root, dd), LocationKind: "paths", Locations: paths}
		switch b := getStr(he, "backend"); b {
		case "yaml", "json":
			e.Function, e.Extension = b+"_data", "."+b
		case "hocon":
			e.Function, e.Extension = "hocon_data", ".conf"
		default:
			fail("HIERA_NO_PROVIDER_FOR_BACKEND", "No data provider is registered for backend '"+b+"'", 0)
			return
		}
		c.Hierarchy = append(c.Hierarchy, e)
	}
}

func (l *loader) v3(c *rthiera.Config, h *values.Hash, fail failFunc) {
	dv := defaultV3()
	for _, k := range []string{"backends", "hierarchy", "merge_behavior"} {
		h = withDefault(h, k, must(dv.GetString(k)))
	}
	h = withDefault(h, "version", values.Int(3))
	h = withDefault(h, "deep_merge_options", values.NewHash())
	backends := getStrs(h, "backends")
	tt := v3Type
	for _, b := range backends {
		tt += ",Optional[" + values.PuppetQuote(b) + "]=>Hash[" + nes + ",Any]"
	}
	tt += "}]"
	t, err := values.ParseType(tt, nil)
	if err == nil {
		if err := values.AssertInstance("The Lookup Configuration at '"+c.Path+"'", t, h); err != nil {
			fail("HIERA_CONFIG_TYPE", err.Error(), 0)
			return
		}
	}
	if c.Path != "" {
		l.deprecatedVersion(c.Path, 3)
	}
	c.MergeBehavior = getStr(h, "merge_behavior")
	if o, ok := get(h, "deep_merge_options"); ok {
		if oh := o.(*values.Hash); oh.Len() > 0 {
			c.DeepMergeOptions = oh
		}
	}
	hierarchy := getStrs(h, "hierarchy")
	seen := map[string]bool{}
	for _, b := range backends {
		if seen[b] {
			fail("HIERA_BACKEND_MULTIPLY_DEFINED", "Backend '"+b+"' is defined more than once.", 0)
			return
		}
		seen[b] = true
		bc, _ := get(h, b)
		bh, _ := bc.(*values.Hash)
		datadir := getStr(bh, "datadir")
		if datadir == "" {
			datadir = path.Join(l.o.Codedir, "environments", "%{::environment}", "hieradata")
		}
		ext := getStr(bh, "extension")
		if ext == "" {
			ext = b
			if b == "hocon" {
				ext = "conf"
			}
		}
		e := &rthiera.Entry{Name: b, Datadir: datadir, LocationKind: "paths", Locations: hierarchy, Extension: "." + ext, DefaultConfig: c.Path == ""}
		switch b {
		case "yaml", "json":
			e.Kind, e.Function = "v3_data_hash", b+"_data"
		case "hocon":
			e.Kind, e.Function = "v3_data_hash", "hocon_data"
		case "eyaml":
			e.Kind, e.Function = "v3_lookup_key", "eyaml_lookup_key"
			if bh != nil {
				ob := values.NewHashBuilder(bh.Len())
				for i := 0; i < bh.Len(); i++ {
					if k := values.ToString(bh.KeyAt(i)); k != "datadir" {
						ob.Put(bh.KeyAt(i), bh.ValueAt(i))
					}
				}
				e.Options = ob.Build()
			}
		default:
			e.Kind, e.Function = "hiera3_backend", b
		}
		c.Hierarchy = append(c.Hierarchy, e)
	}
}

// findLine is the line, from start on, of the first match of re in file,
// comments left out (Puppet points some configuration errors there); 0
// when none.
func (l *loader) findLine(file string, re *regexp.Regexp, start int) int {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	for i, line := range strings.Split(string(b), "\n") {
		if i+1 < start {
			continue
		}
		if re.MatchString(stripComment(line)) {
			return i + 1
		}
	}
	return 0
}

// stripComment drops an unquoted '#' and what follows.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '"' || c == '\'':
			if quote == c {
				quote = 0
			} else if quote == 0 {
				quote = c
			}
		case c == '#' && quote == 0:
			return line[:i]
		}
	}
	return line
}

// interpolationRE matches an interpolation expression (interpolation.rb).
var interpolationRE = regexp.MustCompile(`%\{([^}]*)\}`)

// methodCallRE matches an interpolation method's call (lookup('k')).
var methodCallRE = regexp.MustCompile(`^\w+\((?:"[^"]+"|'[^']+')\)$`)

// varLines maps the names under which Puppet can report a variable the
// configuration interpolates that does not exist (the expression's first
// segment, and a qualified one with and without its leading "::") to the
// line find_line_matching finds for HIERA_UNDEFINED_VARIABLE: the first
// that interpolates exactly that name (/%\{['"]?NAME['"]?}/), comments
// skipped.
func (l *loader) varLines(file string, src []byte) map[string]int {
	if file == "" {
		return nil
	}
	var out map[string]int
	for _, m := range interpolationRE.FindAllSubmatch(src, -1) {
		expr := strings.TrimSpace(string(m[1]))
		if methodCallRE.MatchString(expr) {
			continue // lookup('k') and the like: no variable
		}
		root := rootSegment(expr)
		names := []string{root}
		if strings.Contains(root, "::") {
			bare := strings.TrimPrefix(root, "::")
			names = []string{bare, "::" + bare}
		}
		for _, name := range names {
			if _, done := out[name]; done || name == "" {
				continue
			}
			if out == nil {
				out = map[string]int{}
			}
			out[name] = l.findLine(file, regexp.MustCompile(`%\{['"]?`+regexp.QuoteMeta(name)+`['"]?\}`), 1)
		}
	}
	for name, line := range out {
		if line == 0 {
			delete(out, name)
		}
	}
	return out
}

// rootSegment is the first segment of an interpolated key (split_key): a
// quoted one's text, else what comes before the first dot.
func rootSegment(expr string) string {
	if expr != "" && (expr[0] == '"' || expr[0] == '\'') {
		if i := strings.IndexByte(expr[1:], expr[0]); i >= 0 {
			return expr[1 : i+1]
		}
		return ""
	}
	root, _, _ := strings.Cut(expr, ".")
	return root
}

// multiplyDefined fails for a hierarchy name given twice, pointing at both
// definitions as Puppet does.
func (l *loader) multiplyDefined(c *rthiera.Config, name string, fail failFunc) {
	re := regexp.MustCompile(`\s+name:\s+['"]?` + regexp.QuoteMeta(name) + `(?:[^\w]|$)`)
	first := l.findLine(c.Path, re, 1)
	line := 0
	if first > 0 {
		line = l.findLine(c.Path, re, first+1)
	}
	if line == 0 {
		line, first = first, 0
	}
	msg := "Hierarchy name '" + name + "' defined more than once."
	if first > 0 {
		msg += " First defined at (line: " + itoa(first) + ")"
	}
	fail("HIERA_HIERARCHY_NAME_MULTIPLY_DEFINED", msg, line)
}

// ---- data files ----

// collect finds every file the configuration's hierarchies can reach and
// parses it.
func (l *loader) collect(c *rthiera.Config) {
	for _, e := range append(append([]*rthiera.Entry{}, c.Hierarchy...), c.DefaultHierarchy...) {
		format := formatOf(e.Function)
		// a backend function of the environment may read its files
		// (cached_file_data): their text is kept
		l.keepText = format == "" && !rthiera.KnownFunction(e.Kind, e.Function)
		var patterns []string
		switch e.LocationKind {
		case "path", "paths", "glob", "globs":
			for _, loc := range e.Locations {
				p := joinPattern(e.Datadir, loc)
				if e.Extension != "" {
					p = strings.TrimSuffix(p, e.Extension) + e.Extension
				}
				patterns = append(patterns, p)
			}
		case "mapped_paths":
			if len(e.Locations) == 3 {
				patterns = append(patterns, joinPattern(e.Datadir, e.Locations[2]))
			}
		}
		for _, p := range patterns {
			l.collectPattern(p, format, e.LocationKind == "glob" || e.LocationKind == "globs")
		}
		if strings.HasPrefix(e.Kind, "v3_") {
			// hiera()'s override argument may name any level of the datadir
			l.collectPattern(joinPattern(e.Datadir, "**/*"+e.Extension), format, true)
		}
	}
	l.keepText = false
}

func formatOf(function string) string {
	switch function {
	case "yaml_data", "eyaml_lookup_key":
		return "yaml"
	case "json_data":
		return "json"
	case "hocon_data":
		return "hocon"
	}
	return ""
}

func joinPattern(dir, p string) string {
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "%{") && dir == "" {
		return p
	}
	return dir + "/" + p
}

var interpInPattern = regexp.MustCompile(`%\{[^}]*\}`)

// collectPattern adds the files that pattern (a path with interpolations,
// or a glob) can name.
func (l *loader) collectPattern(pattern, format string, isGlob bool) {
	if !strings.Contains(pattern, "%{") && !isGlob {
		p := path.Clean(pattern)
		if st, err := os.Stat(p); err == nil {
			l.addFile(p, format, st.IsDir())
		}
		return
	}
	// The static directory before the first interpolation or glob character.
	cut := len(pattern)
	if i := strings.Index(pattern, "%{"); i >= 0 {
		cut = i
	}
	if isGlob {
		if i := strings.IndexAny(pattern, "*?[{"); i >= 0 && i < cut {
			cut = i
		}
	}
	dir := path.Dir(pattern[:cut] + "x")
	// A regexp that accepts what the pattern can produce.
	var re strings.Builder
	re.WriteString("^")
	if isGlob {
		// every file under the glob's static directory
		re.WriteString(regexp.QuoteMeta(dir) + "/.*")
	}
	rest := pattern
	for !isGlob {
		loc := interpInPattern.FindStringIndex(rest)
		if loc == nil {
			re.WriteString(regexp.QuoteMeta(rest))
			break
		}
		re.WriteString(regexp.QuoteMeta(rest[:loc[0]]))
		re.WriteString(".*")
		rest = rest[loc[1]:]
	}
	re.WriteString("$")
	globExt := ""
	if isGlob {
		if e := path.Ext(pattern); !strings.ContainsAny(e, "*?[]{}%") {
			globExt = e
		}
	}
	rx, err := regexp.Compile(re.String())
	if err != nil {
		return
	}
	walkRoot := dir
	if st, err := os.Lstat(dir); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		walkRoot = dir + "/" // follow a symlinked data directory
	}
	_ = filepath.WalkDir(walkRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		p = filepath.ToSlash(p)
		if rx.MatchString(p) || rx.MatchString(path.Clean(p)) {
			f := format
			if isGlob && globExt != "" && !strings.HasSuffix(p, globExt) {
				f = "" // present, but not a file the glob names
			}
			l.addFile(path.Clean(p), f, d.IsDir())
		}
		return nil
	})
}

// richDataKeys reports whether every hash in v has only String and Numeric
// keys, as Puppet's RichData requires.
func richDataKeys(v values.Value) bool {
	switch x := v.(type) {
	case *values.Hash:
		for i := 0; i < x.Len(); i++ {
			switch x.KeyAt(i).(type) {
			case values.String, values.Int, values.Float:
			default:
				return false
			}
			if !richDataKeys(x.ValueAt(i)) {
				return false
			}
		}
	case *values.Array:
		for _, e := range x.Elems() {
			if !richDataKeys(e) {
				return false
			}
		}
	}
	return true
}

func (l *loader) addFile(p, format string, dir bool) {
	if f, ok := l.files[p]; ok {
		if f.Format == "" && format != "" && !dir {
			l.parseInto(f, format)
		}
		if !dir && l.keepText && f.Text == "" {
			if text, err := os.ReadFile(p); err == nil {
				f.Text = string(text)
			}
		}
		return
	}
	f := &rthiera.File{Path: p, Dir: dir}
	l.files[p] = f
	if !dir && format != "" {
		l.parseInto(f, format)
	}
	if !dir && l.keepText {
		if text, err := os.ReadFile(p); err == nil {
			f.Text = string(text)
		}
	}
}

func (l *loader) parseInto(f *rthiera.File, format string) {
	f.Format = format
	src, err := os.ReadFile(f.Path)
	if err != nil {
		f.Error = "Unable to parse (" + f.Path + "): " + err.Error()
		l.failsLookups(f.Path, 0, 0, err.Error())
		return
	}
	var v values.Value
	switch format {
	case "yaml":
		r, err := parseYAML(src)
		if err != nil {
			ye := err.(*yamlError)
			f.Error = "Unable to parse (" + f.Path + "): " + ye.msg
			l.failsLookups(f.Path, ye.line, ye.column, ye.msg)
			return
		}
		v = r.value
		if _, ok := v.(*values.Hash); ok {
			for _, k := range slices.Sorted(maps.Keys(r.symbolKeys)) {
				if f.Invalid == nil {
					f.Invalid = map[string]string{}
				}
				f.Invalid[k] = r.symbolType(k)
				l.warnf(f.Path, 0, 0, "the value of '"+k+"' holds a Ruby symbol: Puppet fails to look it up")
			}
		}
		if _, ok := v.(*values.Hash); !ok {
			// An empty file too. Puppet warns when a lookup reads the file,
			// which the compile does; no build diagnostic (Debian's modules
			// ship comment-only data files).
			f.Warning = f.Path + ": file does not contain a valid yaml hash"
			// an error under strict=error, unless the file holds false (or
			// nothing, which Puppet's safe_load makes false)
			f.StrictError = v != nil && !values.IsUndef(v) && v != values.Bool(false)
			v = values.NewHash()
		}
	case "json":
		jv, err := parseJSON(src)
		if err != nil {
			ye := err.(*yamlError)
			f.Error = "Unable to parse (" + f.Path + "): " + ye.msg
			l.failsLookups(f.Path, ye.line, ye.column, ye.msg)
			return
		}
		v = jv
	case "hocon":
		hv, err := hocon.Parse(string(src))
		if err != nil {
			line := 0
			if he, ok := err.(*hocon.Error); ok {
				line = he.Line
			}
			f.Error = "Unable to parse (" + f.Path + "): " + err.Error()
			l.failsLookups(f.Path, line, 0, err.Error())
			return
		}
		v = hv
	}
	h, ok := v.(*values.Hash)
	if ok {
		for i := 0; i < h.Len(); i++ {
			k, isStr := h.KeyAt(i).(values.String)
			if !isStr || !richDataKeys(h.ValueAt(i)) {
				if f.Invalid == nil {
					f.Invalid = map[string]string{}
				}
				if _, done := f.Invalid[values.ToString(h.KeyAt(i))]; !done && isStr {
					f.Invalid[string(k)] = values.TypeString(values.Infer(h.ValueAt(i)))
					l.warnf(f.Path, 0, 0, "the value of '"+string(k)+"' has hash keys that are not strings or numbers: Puppet fails to look it up")
				}
			}
		}
	}
	if !ok {
		f.Error = values.AssertInstance("Value returned from data_hash function '"+format+"_data', when using location '"+f.Path+"',", values.MustParseType("Hash"), v).Error()
		l.failsLookups(f.Path, 1, 1, f.Error)
		return
	}
	f.Data = h
}
