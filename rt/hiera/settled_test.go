package hiera

import (
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// settledData is an environment whose layer reads the node's own file
// (nodes/%{trusted.certname}.yaml) and, with hierarchy "role", a file
// named by the top scope variable $role, which code may set or shadow;
// module m has data and lookup_options of its own, module k none, module
// d a default_hierarchy.
func settledData(hierarchy string) *Data {
	arr := func(v ...string) values.Value {
		var a []values.Value
		for _, s := range v {
			a = append(a, str(s))
		}
		return values.NewArray(a...)
	}
	entry := func(name, location string) *Entry {
		return &Entry{Name: name, Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{location}}
	}
	env := []*Entry{entry("node", "nodes/%{trusted.certname}.yaml"), entry("common", "common.yaml")}
	if hierarchy == "role" {
		env = []*Entry{entry("role", "roles/%{role}.yaml"), entry("common", "common.yaml")}
	}
	return &Data{
		EnvName: "production",
		Env:     &Config{Path: "/env/hiera.yaml", Root: "/env", Version: 5, Hierarchy: env},
		Modules: map[string]*Config{"m": {Path: "/env/modules/m/hiera.yaml", Root: "/env/modules/m", Version: 5, Hierarchy: []*Entry{
			{Name: "common", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/modules/m/data", LocationKind: "path", Locations: []string{"common.yaml"}},
		}}, "d": {Path: "/env/modules/d/hiera.yaml", Root: "/env/modules/d", Version: 5, Hierarchy: []*Entry{
			{Name: "common", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/modules/d/data", LocationKind: "path", Locations: []string{"common.yaml"}},
		}, DefaultHierarchy: []*Entry{
			{Name: "defaults", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/modules/d/data", LocationKind: "path", Locations: []string{"defaults.yaml"}},
		}}},
		ModuleNames: []string{"d", "k", "m"},
		Files: []*File{
			yamlFile("/env/data/common.yaml", "m::a", "common", "m::i", "%{trusted.certname}-i", "m::both", "env"),
			yamlFile("/env/data/nodes/a.yaml", "m::n", "node-a", "k::n", "node-a"),
			{Path: "/env/data/nodes/b.yaml", Format: "yaml", Data: values.NewHashFromPairs(str("m::merged"), arr("node-b"))},
			yamlFile("/env/data/roles/web.yaml", "m::r", "web"),
			yamlFile("/env/modules/d/data/common.yaml", "d::a", "common"),
			yamlFile("/env/modules/d/data/defaults.yaml", "d::b", "default"),
			{Path: "/env/modules/m/data/common.yaml", Format: "yaml", Data: values.NewHashFromPairs(str("m::c"), str("module"), str("m::both"), str("module"),
				str("m::merged"), arr("m"), str("lookup_options"), values.NewHashFromPairs(str("m::merged"), values.NewHashFromPairs(str("merge"), str("unique"))))},
		},
	}
}

// automatic is one automatic parameter lookup of a compile: what it finds
// ("" for nothing) and whether the compile's lookups before it settled
// what it finds (settledLookup).
type automatic struct {
	key, want string
	settled   bool
}

func checkAutomatic(t *testing.T, s *Session, node string, lookups []automatic) {
	t.Helper()
	for _, l := range lookups {
		k := NewKey(l.key)
		if _, _, got := s.settledLookup(k.lk); got != l.settled {
			t.Errorf("node %s: %s settled: %v, want %v", node, l.key, got, l.settled)
		}
		v, found := s.AutomaticParameterKey(k)
		got := ""
		if found {
			got = values.ToString(v)
		}
		if got != l.want {
			t.Errorf("node %s: %s = %q, want %q", node, l.key, got, l.want)
		}
	}
}

// TestSettledLookup: a compile's automatic lookups find what the layers
// have (the node's file, common data, the module's data merged as its
// lookup_options say, a value interpolated); once the module's first
// lookup has found its options and layer, a key is settled, found as it
// is in the first file that has it or missing from all the files the
// node reaches, the files of another node's hierarchy playing no part.
func TestSettledLookup(t *testing.T) {
	d := settledData("node")
	for round := 0; round < 2; round++ {
		s := NewSession(d, nodeVars("a", ""))
		checkAutomatic(t, s, "a", []automatic{
			{"m::x", "", false}, // the compile's first lookup
			{"m::y", "", true},
			{"m::a", "common", true},
			{"m::n", "node-a", true},
			{"m::c", "module", true},
			{"m::i", "a-i", false}, // a value to interpolate
			{"m::both", "env", true},
			{"m::merged", "[m]", false}, // lookup_options of its own
			{"k::x", "", false},         // module k's first
			{"k::y", "", true},
			{"k::n", "node-a", true},
			{"m::z", "", false}, // module m's again
			{"m::w", "", true},
			{"d::a", "common", false},
			{"d::x", "", false}, // module d's default_hierarchy consulted
			{"d::b", "default", false},
		})
		s = NewSession(d, nodeVars("b", ""))
		checkAutomatic(t, s, "b", []automatic{
			{"m::n", "", false},
			{"k::n", "", false},
			{"k::y", "", true},
			{"m::n", "", false},
			{"m::merged", "[node-b, m]", false},
			{"m::n", "", true},
			{"m::a", "common", true},
			{"m::i", "b-i", false},
		})
	}
}

// TestSettledLookupVariable: a hierarchy that interpolates a variable code
// may set ($role) is resolved again when it has changed, as Puppet
// recreates it: nothing is settled, and the lookup after $role is set
// finds the file it names.
func TestSettledLookupVariable(t *testing.T) {
	d := settledData("role")
	vars := nodeVars("a", "db")
	s := NewSession(d, vars)
	checkAutomatic(t, s, "a", []automatic{
		{"m::r", "", false},
		{"m::y", "", false},
	})
	vars["role"] = str("web")
	checkAutomatic(t, s, "a", []automatic{
		{"m::r", "web", false},
		{"m::y", "", false},
	})
}

// nodeVars is the variables of node certname, with $role unless it is "".
func nodeVars(certname, role string) mapScope {
	m := mapScope{"trusted": values.NewHashFromPairs(str("certname"), str(certname))}
	if role != "" {
		m["role"] = str(role)
	}
	return m
}

// TestSettledLookupInvalid: a value Puppet rejects (File.Invalid) fails the
// lookup that finds it, settled or not.
func TestSettledLookupInvalid(t *testing.T) {
	d := settledData("node")
	d.Files[0].Invalid = map[string]string{"m::a": "Object"}
	s := NewSession(d, nodeVars("a", ""))
	checkAutomatic(t, s, "a", []automatic{{"m::x", "", false}, {"m::c", "module", true}})
	defer func() {
		e, _ := recover().(*values.Error)
		if want := "Value for key 'm::a', in hash returned from data_hash function 'yaml_data', when using location '/env/data/common.yaml', has wrong type, expects Puppet::LookupValue, got Object"; e == nil || e.Message != want {
			t.Errorf("error %v, want %s", e, want)
		}
	}()
	if _, _, settled := s.settledLookup(NewKey("m::a").lk); settled {
		t.Errorf("m::a settled")
	}
	s.AutomaticParameterKey(NewKey("m::a"))
}
