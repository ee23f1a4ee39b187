package hiera

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// The Hiera data of the conformance scenarios (../shared/conformance) loads
// without diagnostics, and automatic parameter lookup gives the class
// parameters Puppet put in the scenarios' catalogs.

const scenarioRoot = "../../../shared/conformance/scenarios"
const systemModules = "/usr/share/puppet/modules"

func scenarioNames(t *testing.T) []string {
	if _, err := os.Stat(scenarioRoot); err != nil {
		t.Skipf("scenarios not available: %v", err)
	}
	if _, err := os.Stat(systemModules); err != nil {
		t.Skipf("Debian's Puppet modules not installed: %v", err)
	}
	names := []string{"lang_hiera_apl"}
	mods, _ := filepath.Glob(filepath.Join(scenarioRoot, "mod_*"))
	for _, m := range mods {
		if _, err := os.Stat(filepath.Join(m, "hiera.yaml")); err == nil {
			names = append(names, filepath.Base(m))
		}
	}
	return names
}

// modulesOf lists the modules on the scenario's modulepath (modules, then
// the system modules), the first of a name winning.
func modulesOf(dir string) map[string]string {
	mods := map[string]string{}
	for _, root := range []string{filepath.Join(dir, "modules"), systemModules} {
		entries, _ := os.ReadDir(root)
		for _, e := range entries {
			p := filepath.Join(root, e.Name())
			if st, err := os.Stat(p); err != nil || !st.IsDir() {
				continue
			}
			if _, dup := mods[e.Name()]; !dup {
				mods[e.Name()] = p
			}
		}
	}
	return mods
}

// toJSON is a value as the catalog's JSON shows it.
func toJSON(v values.Value) any {
	switch x := v.(type) {
	case values.String:
		return string(x)
	case values.Int:
		return float64(x)
	case values.Float:
		return float64(x)
	case values.Bool:
		return bool(x)
	case *values.Array:
		out := make([]any, x.Len())
		for i, e := range x.Elems() {
			out[i] = toJSON(e)
		}
		return out
	case *values.Hash:
		m := map[string]any{}
		for i := 0; i < x.Len(); i++ {
			m[values.ToString(x.KeyAt(i))] = toJSON(x.ValueAt(i))
		}
		return m
	}
	return nil
}

type factScope struct {
	facts *values.Hash
	vars  map[string]values.Value
}

func (s *factScope) LookupVar(name string) (values.Value, bool) {
	name = strings.TrimPrefix(name, "::")
	if v, ok := s.vars[name]; ok {
		return v, true
	}
	return s.facts.GetString(name)
}

func nodeScope(t *testing.T, factsFile, node string) *factScope {
	b, err := os.ReadFile(factsFile)
	if err != nil {
		t.Fatal(err)
	}
	// facts keep their order and number types, as Puppet reads them
	parsed, err := parseJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	facts := parsed.(*values.Hash)
	if v, ok := facts.GetString("values"); ok {
		if h, isHash := v.(*values.Hash); isHash {
			facts = h
		}
	}
	host, domain, _ := strings.Cut(node, ".")
	trusted := values.NewHashFromPairs(values.String("authenticated"), values.String("remote"), values.String("certname"), values.String(node),
		values.String("extensions"), values.NewHash(), values.String("hostname"), values.String(host), values.String("domain"), values.String(domain))
	return &factScope{facts: facts, vars: map[string]values.Value{"facts": facts, "trusted": trusted, "environment": values.String("production")}}
}

func classTitle(name string) string {
	parts := strings.Split(name, "::")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "::")
}

func TestScenarios(t *testing.T) {
	checked := 0
	for _, name := range scenarioNames(t) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(scenarioRoot, name)
			d, diags := Load(Options{EnvDir: dir, Modules: modulesOf(dir)})
			for _, dg := range diags {
				t.Errorf("diagnostic: %s", dg.Short())
			}
			// the keys bound in the environment's and the modules' data
			keys := map[string]bool{}
			for _, f := range d.Files {
				if h := f.Hash(); h != nil {
					for _, k := range h.Keys() {
						keys[values.ToString(k)] = true
					}
				}
			}
			expected, _ := filepath.Glob(filepath.Join(dir, "expected", "*.json"))
			for _, cat := range expected {
				node := strings.TrimSuffix(filepath.Base(cat), ".json")
				b, _ := os.ReadFile(cat)
				var c struct {
					Resources []struct {
						Type, Title string
						Parameters  map[string]any
					}
				}
				if err := json.Unmarshal(b, &c); err != nil {
					t.Fatal(err)
				}
				classes := map[string]map[string]any{}
				for _, r := range c.Resources {
					if r.Type == "Class" {
						classes[r.Title] = r.Parameters
					}
				}
				s := rthiera.NewSession(d, nodeScope(t, filepath.Join(dir, "nodes", node+".json"), node))
				for key := range keys {
					i := strings.LastIndex(key, "::")
					if i < 0 {
						continue
					}
					params, declared := classes[classTitle(key[:i])]
					if !declared {
						continue
					}
					want, has := params[key[i+2:]]
					if !has {
						continue
					}
					got, found := s.AutomaticParameter(key[:i], key[i+2:])
					checked++
					if !found || !reflect.DeepEqual(toJSON(got), want) {
						t.Errorf("%s %s: APL gives %s (found %v), the catalog has %v", node, key, values.ToString(got), found, want)
					}
				}
			}
		})
	}
	t.Logf("%d class parameters checked against Puppet's catalogs", checked)
	if checked == 0 {
		t.Error("nothing checked")
	}
}
