package hiera

import (
	"testing"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// optionsData is an environment whose node files set lookup_options of
// their own: node a's merge "m" uniquely, node b's not at all, node c's
// with an interpolation (%{facts.strategy}), which a compile may not keep.
func optionsData() *Data {
	arr := func(s ...string) values.Value {
		var out []values.Value
		for _, e := range s {
			out = append(out, str(e))
		}
		return values.NewArray(out...)
	}
	opts := func(strategy string) values.Value {
		return values.NewHashFromPairs(str("m"), values.NewHashFromPairs(str("merge"), str(strategy)))
	}
	file := func(path string, kv ...values.Value) *File {
		return &File{Path: path, Format: "yaml", Data: values.NewHashFromPairs(kv...)}
	}
	return &Data{
		EnvName: "production",
		Env: &Config{Path: "/env/hiera.yaml", Root: "/env", Version: 5, Hierarchy: []*Entry{
			{Name: "node", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"nodes/%{trusted.certname}.yaml"}},
			{Name: "common", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"common.yaml"}},
		}},
		Files: []*File{
			file("/env/data/common.yaml", str("m"), arr("c")),
			file("/env/data/nodes/a.yaml", str(lookupOptionsKey), opts("unique"), str("m"), arr("a")),
			file("/env/data/nodes/b.yaml", str("m"), arr("b")),
			file("/env/data/nodes/c.yaml", str(lookupOptionsKey), opts("%{facts.strategy}"), str("m"), arr("c1")),
		},
	}
}

// optionsScope is node certname's variables, facts.strategy among them.
func optionsScope(certname, strategy string) mapScope {
	return mapScope{
		"trusted": values.NewHashFromPairs(str("certname"), str(certname)),
		"facts":   values.NewHashFromPairs(str("strategy"), str(strategy)),
	}
}

// TestKeptLookupOptions: compiles of nodes whose hierarchies reach
// different files, one after another, each merge "m" as their own
// lookup_options say (node a's unique merge, node b's first found, node
// c's as its interpolated strategy says), whether the layer's options
// were kept by an earlier compile or not; a compile keeps what a plain
// layer found, and not what interpolates.
func TestKeptLookupOptions(t *testing.T) {
	d := optionsData()
	compile := func(certname, strategy string) (string, *keptOptions) {
		s := NewSession(d, optionsScope(certname, strategy))
		v := s.Lookup(&LookupArgs{Name: str("m")})
		return values.ToString(v), atomicptr.Load(&d.Env.kept().opts)
	}
	want := map[string]string{"a": "[a, c]", "b": "[b]"}
	var keptA *keptOptions
	for round := 0; round < 2; round++ {
		for _, node := range []string{"a", "b", "a"} {
			got, k := compile(node, "")
			if got != want[node] {
				t.Errorf("round %d, node %s: m = %s, want %s", round, node, got, want[node])
			}
			if k == nil || !k.found && node == "a" || k.found && node == "b" {
				t.Fatalf("round %d, node %s: kept %+v, want the node's", round, node, k)
			}
			if node == "a" {
				if keptA != nil && round == 0 && k == keptA {
					t.Errorf("node a after node b: options kept for b taken")
				}
				keptA = k
			}
		}
	}
	// an interpolated lookup_options value is the scope's: not kept
	before := atomicptr.Load(&d.Env.kept().opts)
	for _, c := range []struct{ strategy, want string }{{"unique", "[c1, c]"}, {"first", "[c1]"}} {
		if got, k := compile("c", c.strategy); got != c.want || k != before {
			t.Errorf("node c, strategy %s: m = %s (kept %p, before %p), want %s and nothing kept", c.strategy, got, k, before, c.want)
		}
	}
}

// TestKeptLookupOptionsExplained: a compile whose layer's options are kept
// explains the search for lookup_options as a first compile does.
func TestKeptLookupOptionsExplained(t *testing.T) {
	d := optionsData()
	explain := func() string {
		s := NewSession(d, optionsScope("a", ""))
		_, text, err := s.Explain(&LookupArgs{Name: str("m")})
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	first := explain()
	if atomicptr.Load(&d.Env.kept().opts) != nil {
		t.Fatalf("an explained lookup kept its options")
	}
	NewSession(d, optionsScope("a", "")).Lookup(&LookupArgs{Name: str("m")})
	if atomicptr.Load(&d.Env.kept().opts) == nil {
		t.Fatalf("no options kept")
	}
	if again := explain(); again != first {
		t.Errorf("explained with options kept:\n%s\nwant:\n%s", again, first)
	}
}

// TestFileInterpolates: a data file's values are interpolated where they
// hold an expression, with each compile's variables, and found as they are
// otherwise.
func TestFileInterpolates(t *testing.T) {
	d := resolutionData()
	common := d.Files[0]
	common.Data = values.NewHashFromPairs(str("c"), str("common"),
		str("i"), values.NewArray(str("x"), values.NewHashFromPairs(str("k"), str("on %{facts.os.family}"))))
	if common.interpolates("c") || !common.interpolates("i") || common.interpolates("z") {
		t.Errorf("interpolates: c %v, i %v, z %v; want i only", common.interpolates("c"), common.interpolates("i"), common.interpolates("z"))
	}
	for _, family := range []string{"Debian", "RedHat"} {
		s := NewSession(d, nodeScope("a", family, "gold", "x"))
		if got, want := values.ToString(s.Lookup(&LookupArgs{Name: str("i")})), "[x, {k => on "+family+"}]"; got != want {
			t.Errorf("%s: i = %s, want %s", family, got, want)
		}
		if v := s.Lookup(&LookupArgs{Name: str("c")}); v != common.Data.ValueAt(0) {
			t.Errorf("%s: c = %v, not the file's value", family, v)
		}
	}
}

// TestKeptKeys: automatic lookups of nodes in turn find the keys of their
// own files only, whether the layer's keys were kept by an earlier compile
// or not; nodes whose hierarchies read the same files (nodes a and b have
// no node file of their own) share the keys kept.
func TestKeptKeys(t *testing.T) {
	d := resolutionData()
	d.Files = append(d.Files, yamlFile("/env/data/nodes/c.yaml", "only_c", "c"))
	d.Files[1].Path, d.Files[2].Path = "/env/data/nodes/x.yaml", "/env/data/nodes/y.yaml" // a and b have none
	var shared *keptKeys
	for round := 0; round < 2; round++ {
		for _, node := range []string{"a", "b", "c"} {
			s := NewSession(d, nodeScope(node, "Debian", "gold", "x"))
			for key, want := range map[string]bool{"only_c": node == "c", "o": true, "c": true, "zz": false} {
				if _, found := s.AutomaticParameterKey(NewKey(key)); found != want {
					t.Errorf("round %d, node %s: %s found %v, want %v", round, node, key, found, want)
				}
			}
			k := atomicptr.Load(&d.Env.kept().keys)
			if k == nil {
				t.Fatalf("round %d, node %s: no keys kept", round, node)
			}
			hasC := k.keys.has(NewKey("only_c").lk)
			switch {
			case hasC != (node == "c"):
				t.Fatalf("round %d, node %s: kept keys %v", round, node, k)
			case node == "b" && k != shared:
				t.Errorf("round %d: node b did not take node a's keys", round)
			case node == "a":
				shared = k
			}
		}
	}
}
