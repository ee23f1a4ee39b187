package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPuppet8ScenarioExpectations checks, without building anything, that
// Puppet 8.10's expectations of the scenarios are complete and current:
// every node of ../shared/conformance/scenarios has its line in
// testdata/puppet8/scenarios/index.txt, made against the Puppet 7.23 file
// there now, with its own file where it differs, and nothing is left of a
// scenario or node that is gone.
func TestPuppet8ScenarioExpectations(t *testing.T) {
	scs, err := LoadScenarios(sharedPath(t, "conformance", "scenarios"))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := puppet8Index()
	if err != nil {
		t.Fatal(err)
	}
	nodes := map[string]bool{}
	for _, sc := range scs {
		for _, n := range sc.Nodes {
			nodes[sc.Name+"/"+n.Name] = true
			p, err := sc.expectedFile(8, n.Name)
			if err != nil {
				t.Error(err)
				continue
			}
			if e := idx[sc.Name+"/"+n.Name]; e.same != strings.HasPrefix(p, sc.Dir+"/") {
				t.Errorf("%s/%s: index.txt says same=%v, but the expectation is %s", sc.Name, n.Name, e.same, p)
			}
		}
	}
	for k := range idx {
		if !nodes[k] {
			t.Errorf("index.txt lists %s, which is no scenario node: run conformance/testdata/puppet8/regen-scenarios", k)
		}
	}
	files, _ := filepath.Glob(filepath.Join(Puppet8ScenariosDir(), "*", "*"))
	for _, f := range files {
		rel, _ := filepath.Rel(Puppet8ScenariosDir(), f)
		k := strings.TrimSuffix(strings.TrimSuffix(rel, ".json"), ".error")
		if e, ok := idx[k]; !ok || e.same {
			t.Errorf("%s: no node of index.txt differs from Puppet 7.23 there", rel)
		}
	}
}

// TestLangPuppet8Expectations checks that every case of the language
// corpus has Puppet 8.10's outcome: listed in want8/same, or a want8/NODE
// catalog or error, never both, and no want8/ section of a node that the
// archive does not compile.
func TestLangPuppet8Expectations(t *testing.T) {
	archives, err := LoadLangArchives(LangDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range archives {
		listed := map[string]bool{}
		for _, n := range a.Nodes {
			listed[n] = true
			_, own := a.expected(8, n)
			if a.Same8[n] {
				if _, ok := a.Want8[n+".json"]; ok || a.Want8[n+".error"] != nil {
					t.Errorf("%s/%s: in want8/same and with a want8/ outcome of its own", a.Name, n)
				}
				continue
			}
			if !own {
				t.Errorf("%s/%s: no Puppet 8.10 outcome (run conformance/testdata/lang/regen)", a.Name, n)
			}
		}
		for n := range a.Same8 {
			if !listed[n] {
				t.Errorf("%s: want8/same lists %s, which the archive does not compile", a.Name, n)
			}
		}
		for name := range a.Want8 {
			n := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, ".json"), ".error"), ".warnings")
			if !listed[n] {
				t.Errorf("%s: want8/%s is of no node the archive compiles", a.Name, name)
			}
		}
	}
}

// TestLangExpected checks which sections give a node's outcome per
// version.
func TestLangExpected(t *testing.T) {
	dir := t.TempDir()
	src := `nodes: a b c
-- manifests/site.pp --
notify { $facts['x']: }
-- want/a.json --
{"7": "a"}
-- want/a.warnings --
w7
-- want/b.error --
e7
-- want/c.json --
{"7": "c"}
-- want8/same --
a
-- want8/b.json --
{"8": "b"}
`
	if err := os.WriteFile(filepath.Join(dir, "x.txtar"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	archives, err := LoadLangArchives(dir)
	if err != nil {
		t.Fatal(err)
	}
	a := archives[0]
	if _, ok := a.Files["want8/same"]; ok {
		t.Error("want8/same is taken for a file of the environment")
	}
	got := func(puppet int, node string) string {
		m, ok := a.expected(puppet, node)
		if !ok {
			return "none"
		}
		var parts []string
		for _, ext := range []string{".json", ".error", ".warnings"} {
			if b, ok := m[ext]; ok {
				parts = append(parts, ext+"="+strings.TrimSpace(string(b)))
			}
		}
		return strings.Join(parts, " ")
	}
	for _, c := range []struct {
		puppet     int
		node, want string
	}{
		{7, "a", `.json={"7": "a"} .warnings=w7`},
		{8, "a", `.json={"7": "a"} .warnings=w7`}, // same as 7.23
		{7, "b", ".error=e7"},
		{8, "b", `.json={"8": "b"}`}, // 8.10's own, with no warnings
		{8, "c", "none"},             // neither same nor its own: regen not run
	} {
		if g := got(c.puppet, c.node); g != c.want {
			t.Errorf("Puppet %d, %s: got %s, want %s", c.puppet, c.node, g, c.want)
		}
	}
}
