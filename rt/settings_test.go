package rt

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// $settings::* of a program, against `puppet config print NAME --certname
// web1.example.com` of Debian 12's puppet 7.23 run as root.
func TestSettings(t *testing.T) {
	p := NewProgram("production")
	p.SetPuppet(Puppet7)
	require.NoError(t, p.SetSetting("certname", "web1.example.com"))
	require.NoError(t, p.SetSetting("modulepath", "/srv/env/modules:/usr/share/puppet/modules"))
	tab := p.settingsTable()
	get := func(name string) values.Value {
		i := tab.find(name)
		require.GreaterOrEqual(t, i, 0, name)
		return tab.vals[i]
	}
	assert.Equal(t, values.String("/var/lib/puppet/ssl/certs/web1.example.com.pem"), get("hostcert"))
	assert.Equal(t, values.String("Puppet CA: web1.example.com"), get("ca_name"))
	assert.Equal(t, values.String("/var/cache/puppet/lib/facter:/var/cache/puppet/facts"), get("factpath"))
	assert.Equal(t, values.String("/var/cache/puppet/state"), get("statedir"))
	assert.Equal(t, values.String("/etc/puppet"), get("confdir"))
	assert.Equal(t, values.String("production"), get("environment"))
	assert.Equal(t, values.String("warning"), get("strict"))
	assert.Equal(t, values.String("notice"), get("log_level"))
	assert.Equal(t, values.String("daemon"), get("syslogfacility"))
	assert.Equal(t, values.Bool(false), get("strict_variables"))
	assert.Equal(t, values.Int(8140), get("serverport"))
	assert.Equal(t, values.Float(math.Inf(1)), get("maxwaitforcert"))
	assert.Equal(t, values.String("/srv/env/modules:/usr/share/puppet/modules"), get("modulepath"))
	all, ok := get("all_local").(*values.Hash)
	require.True(t, ok)
	assert.Equal(t, 232, all.Len(), "every setting but name")

	err := p.SetSetting("ordering", "random")
	assert.ErrorContains(t, err, `setting "ordering" cannot be set`)
}

// SetSetting munges each setting pp2go acts on as Puppet's setting class
// does and refuses what Puppet refuses, in its words: the errors and
// values are Puppet 7.23's and 8.10's (the same) for Puppet[NAME] = VALUE
// after Puppet.initialize_settings.
func TestSettableErrors(t *testing.T) {
	p := NewProgram("production")
	for _, c := range []struct{ name, value, err string }{
		{"strict_variables", "yes", `Invalid value '"yes"' for boolean parameter: strict_variables`},
		{"strict_variables", "#{x}\"\x7f\r\x02", `Invalid value '"\#{x}\"\u007F\r\u0002"' for boolean parameter: strict_variables`},
		{"strict", "x", `Invalid value 'x' for parameter strict. Allowed values are 'off', 'warning', 'error'`},
		{"digest_algorithm", "sha1", `Invalid value 'sha1' for parameter digest_algorithm. Allowed values are 'sha256', 'sha384', 'sha512', 'sha224', 'md5'`},
		{"disable_warnings", "foo,deprecations", `Cannot disable unrecognized warning types 'foo'. Valid values are 'deprecations, undefined_variables, undefined_resources'.`},
		{"data_binding_terminus", "foo", `setting data_binding_terminus=foo cannot be set: pp2go has Puppet's termini hiera and none, not a custom one`},
		{"max_errors", "x", `Cannot convert '"x"' to an integer for parameter: max_errors`},
		{"max_warnings", "08", `Cannot convert '"08"' to an integer for parameter: max_warnings`},
		{"max_errors", "1__0", `Cannot convert '"1__0"' to an integer for parameter: max_errors`},
		{"max_errors", "_1", `Cannot convert '"_1"' to an integer for parameter: max_errors`},
		{"max_errors", "0x-5", `Cannot convert '"0x-5"' to an integer for parameter: max_errors`},
		{"max_deprecations", "", `Cannot convert '""' to an integer for parameter: max_deprecations`},
		{"max_errors", "1.5", `Cannot convert '"1.5"' to an integer for parameter: max_errors`},
		{"max_errors", "12abc", `Cannot convert '"12abc"' to an integer for parameter: max_errors`},
	} {
		err := p.SetSetting(c.name, c.value)
		if assert.Error(t, err, c.name) {
			assert.Equal(t, c.err, err.Error(), c.name)
		}
	}
	err := p.SetSetting("ordering", "random")
	assert.ErrorContains(t, err, `setting "ordering" cannot be set: pp2go compiles with Puppet's default settings but for `)
	assert.ErrorContains(t, err, "data_binding_terminus, digest_algorithm, disable_warnings,", "names the settings it takes")
	for _, c := range []struct {
		name, value string
		want        values.Value
	}{
		{"disable_warnings", "deprecations , undefined_variables,", values.NewArray(values.String("deprecations"), values.String("undefined_variables"))},
		{"disable_warnings", "", values.NewArray()},
		{"data_binding_terminus", "", values.Undef},
		{"data_binding_terminus", "none", values.String("none")},
		{"digest_algorithm", "md5", values.String("md5")},
		{"max_errors", " 12 ", values.Int(12)},
		{"max_errors", "0x1A", values.Int(26)},
		{"max_errors", "0b11", values.Int(3)},
		{"max_errors", "017", values.Int(15)},
		{"max_errors", "0o17", values.Int(15)},
		{"max_errors", "1_000", values.Int(1000)},
		{"max_warnings", "-3", values.Int(-3)},
		{"max_deprecations", "+4", values.Int(4)},
	} {
		require.NoError(t, p.SetSetting(c.name, c.value), c.name)
		tab := p.settingsTable()
		assert.Equal(t, c.want, tab.vals[tab.find(c.name)], c.name+"="+c.value)
	}
	assert.Equal(t, "md5", p.DigestAlgorithm())
	assert.False(t, p.WarningsDisabled("deprecations"), "disable_warnings is empty again")
	require.NoError(t, p.SetSetting("disable_warnings", "deprecations"))
	assert.True(t, p.WarningsDisabled("deprecations"))
}

// The settings pp2go acts on show in $settings::* as set, over the
// release's defaults, and a later SetPuppet keeps them.
func TestSettableSettings(t *testing.T) {
	p := NewProgram("production")
	assert.Equal(t, "error", p.StrictMode(), "Puppet 8's default")
	assert.True(t, p.StrictVariables(), "Puppet 8's default")
	require.NoError(t, p.SetSetting("strict_variables", "false"))
	p.SetPuppet(Puppet7)
	assert.Equal(t, "warning", p.StrictMode(), "Puppet 7's default")
	require.NoError(t, p.SetSetting("strict", "off"))
	p.SetPuppet(Puppet8)
	assert.Equal(t, "off", p.StrictMode())
	assert.False(t, p.StrictVariables())
	tab := p.settingsTable()
	assert.Equal(t, values.String("off"), tab.vals[tab.find("strict")])
	assert.Equal(t, values.Bool(false), tab.vals[tab.find("strict_variables")])
	assert.Equal(t, "8.10.0", p.Puppet().Version)
	v, _ := p.serverFacts().Get(values.String("serverversion"))
	assert.Equal(t, values.String("8.10.0"), v)
}

// environment.conf's rich_data decides the format over --setting's
// (Environment#rich_data? reads it first); $settings::rich_data shows the
// command line's (Settings#searchpath puts :cli before the environment).
func TestEnvironmentConfRichData(t *testing.T) {
	p := NewProgram("production")
	assert.True(t, p.RichData(), "Puppet's default")
	require.NoError(t, p.SetSetting("rich_data", "false"))
	assert.False(t, p.RichData())
	require.NoError(t, p.SetEnvironmentConf("rich_data", "true"))
	assert.True(t, p.RichData())
	require.NoError(t, p.SetSetting("rich_data", "false"))
	assert.True(t, p.RichData(), "environment.conf's wins over a later --setting")
	tab := p.settingsTable()
	assert.Equal(t, values.Bool(false), tab.vals[tab.find("rich_data")])
	assert.EqualError(t, p.SetEnvironmentConf("rich_data", "maybe"),
		`Invalid value '"maybe"' for boolean parameter: rich_data`)
	assert.Error(t, p.SetEnvironmentConf("static_catalogs", "false"))
}

func TestParsePuppet(t *testing.T) {
	for in, want := range map[string]*Release{"8": Puppet8, "7": Puppet7, "8.10": Puppet8, "7.23.0": Puppet7, "openvox8": Puppet8, "OpenVox 8": nil, "6": nil, "8.9": nil, "openvox7": nil} {
		r, err := ParsePuppet(in)
		if want == nil {
			assert.Error(t, err, in)
			continue
		}
		assert.Same(t, want, r, in)
	}
}

// $settings::* of a Puppet 8 program, against `puppet config print` of
// Debian 13's puppet 8.10 (strict = error, strict_variables = true,
// include_legacy_facts = false, preprocess_deferred = false).
func TestSettings8(t *testing.T) {
	p := NewProgram("production")
	require.NoError(t, p.SetSetting("certname", "web1.example.com"))
	tab := p.settingsTable()
	get := func(name string) values.Value {
		i := tab.find(name)
		require.GreaterOrEqual(t, i, 0, name)
		return tab.vals[i]
	}
	assert.Equal(t, values.String("error"), get("strict"))
	assert.Equal(t, values.Bool(true), get("strict_variables"))
	assert.Equal(t, values.Bool(false), get("include_legacy_facts"))
	assert.Equal(t, values.Bool(false), get("preprocess_deferred"))
	assert.Equal(t, values.String("/var/lib/puppet/ssl/certs/web1.example.com.pem"), get("hostcert"))
	all, ok := get("all_local").(*values.Hash)
	require.True(t, ok)
	assert.Equal(t, 237, all.Len(), "every setting but name")
}

// settings_table.go holds what settings.json and settings8.json say (go
// generate rewrites it from them).
func TestSettingsTableIsGenerated(t *testing.T) {
	for file, table := range map[string][]setting{"settings.json": settings7, "settings8.json": settings8} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var pairs [][2]any
		require.NoError(t, dec.Decode(&pairs), file)
		require.Len(t, table, len(pairs), file)
		for i, p := range pairs {
			assert.Equal(t, p[0], table[i].name, file)
			assert.Equal(t, jsonSetting(p[1]), table[i].value, "%s: %s", file, p[0])
		}
	}
}

// jsonSetting is a settings file's value as settings_table.go holds it:
// numbers as written (4 and 4.0 stay apart), {"__float": "Infinity"} an
// infinite float.
func jsonSetting(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonSetting(e)
		}
		return out
	case map[string]any:
		if f, ok := x["__float"].(string); ok && len(x) == 1 {
			if strings.HasPrefix(f, "-") {
				return math.Inf(-1)
			}
			return math.Inf(1)
		}
	}
	return v
}

// TestSettingsScope checks the settings scope each compile makes from the
// program's one table: Class[Settings] as Puppet's catalogs have it (tags
// class and settings, contained by Stage[main], "settings" first among
// the classes: the conformance scenarios' catalogs), $settings::title and
// $settings::name the class's name (Resource::Type#set_resource_parameters),
// a setting's value, and the same in a second compile, which takes the
// table its first built.
func TestSettingsScope(t *testing.T) {
	p := NewProgram("production")
	p.SetPuppet(Puppet7)
	require.NoError(t, p.SetSetting("certname", "web1.example.com"))
	var got []string
	node := &Node{Name: "n1.example.com", Facts: strs("a", "1"), Main: func(s *Scope) {
		got = got[:0]
		for _, name := range []string{"settings::title", "settings::name", "settings::certname"} {
			got = append(got, values.ToString(s.Var(SiteRef{}, name)))
		}
	}}
	var tables []*varTable
	for range 2 {
		res := CompileWith(p, node)
		require.NoError(t, res.Err)
		assert.Equal(t, []string{"settings", "settings", "web1.example.com"}, got)
		var doc struct {
			Resources []struct {
				Type, Title string
				Tags        []string
			}
			Edges   []struct{ Source, Target string }
			Classes []string
		}
		require.NoError(t, json.Unmarshal(res.JSON, &doc))
		require.GreaterOrEqual(t, len(doc.Resources), 2)
		assert.Equal(t, "Class", doc.Resources[1].Type)
		assert.Equal(t, "Settings", doc.Resources[1].Title)
		assert.Equal(t, []string{"class", "settings"}, doc.Resources[1].Tags)
		assert.Contains(t, doc.Edges, struct{ Source, Target string }{"Stage[main]", "Class[Settings]"})
		require.NotEmpty(t, doc.Classes)
		assert.Equal(t, "settings", doc.Classes[0])
		tables = append(tables, res.Catalog.resources[1].scope.classScope("settings").symtable)
		res.Release()
	}
	assert.Same(t, tables[0], tables[1], "the program's table, in each compile")
}

// TestPrefetchServerFacts checks that the server facts found on another
// goroutine are this host's, as found where a compile needs them, and the
// same for each compile (one-shot compiles prefetch them).
func TestPrefetchServerFacts(t *testing.T) {
	PrefetchServerFacts()
	got := HostServerFacts()
	want := hostServerFacts(Puppet8)
	if !values.Equals(got, want) {
		t.Errorf("prefetched %v, want %v", got, want)
	}
	if HostServerFacts() != got {
		t.Error("found again")
	}
}

// TestSettingsScopeLazy checks that a compile whose code reads no
// $settings:: variable builds no settings table (its catalog has
// Class[Settings] all the same), and that each way code reads the settings
// scope (a qualified variable by name, by reference, the scope of the
// class) finds its variables when it is the compile's first.
func TestSettingsScopeLazy(t *testing.T) {
	p := NewProgram("production")
	p.SetPuppet(Puppet7)
	require.NoError(t, p.SetSetting("certname", "web1.example.com"))
	res := CompileWith(p, &Node{Name: "n1.example.com", Facts: strs("a", "1"), Main: func(s *Scope) {}})
	require.NoError(t, res.Err)
	assert.Contains(t, string(res.JSON), `"Class[Settings]"`)
	assert.Nil(t, p.settings, "no table built")
	res.Release()

	reads := map[string]func(s *Scope) values.Value{
		"by name":      func(s *Scope) values.Value { return s.Var(SiteRef{}, "settings::certname") },
		"by reference": func(s *Scope) values.Value { return s.Qualified(SiteRef{}, QualifiedVar("settings::certname", -1)) },
		"class scope": func(s *Scope) values.Value {
			return s.classScope("settings").localValue("certname")
		},
	}
	for what, read := range reads {
		p := NewProgram("production")
		p.SetPuppet(Puppet7)
		require.NoError(t, p.SetSetting("certname", "web1.example.com"))
		var got values.Value
		res := CompileWith(p, &Node{Name: "n1.example.com", Facts: strs("a", "1"), Main: func(s *Scope) { got = read(s) }})
		require.NoError(t, res.Err, what)
		assert.Equal(t, "web1.example.com", values.ToString(got), what)
		res.Release()
	}
}
