package hiera

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// mapScope is a compile's variables: names as LookupVar takes them.
type mapScope map[string]values.Value

func (m mapScope) LookupVar(name string) (values.Value, bool) {
	v, ok := m[name]
	return v, ok
}

func str(v string) values.Value { return values.String(v) }

func yamlFile(path string, kv ...string) *File {
	var pairs []values.Value
	for i := 0; i < len(kv); i += 2 {
		pairs = append(pairs, str(kv[i]), str(kv[i+1]))
	}
	return &File{Path: path, Format: "yaml", Data: values.NewHashFromPairs(pairs...)}
}

// resolutionData is an environment layer whose levels read a trusted fact,
// a fact, a top scope variable (::tier), a variable of the lookup's scope
// (site) and a mapped fact.
func resolutionData(extra ...*Entry) *Data {
	entry := func(name, path string) *Entry {
		return &Entry{Name: name, Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{path}}
	}
	h := []*Entry{
		entry("node", "nodes/%{trusted.certname}.yaml"),
		entry("os", "os/%{facts.os.family}.yaml"),
		entry("tier", "tier/%{::tier}.yaml"),
		entry("site", "site/%{site}.yaml"),
		{Name: "svc", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "mapped_paths",
			Locations: []string{"facts.svcs", "svc", "svc/%{svc}.yaml"}},
		entry("common", "common.yaml"),
	}
	h = append(h, extra...)
	return &Data{
		EnvName: "production",
		Env:     &Config{Path: "/env/hiera.yaml", Root: "/env", Version: 5, Hierarchy: h},
		Files: []*File{
			yamlFile("/env/data/common.yaml", "c", "common"),
			yamlFile("/env/data/nodes/a.yaml", "n", "node-a"),
			yamlFile("/env/data/nodes/b.yaml", "n", "node-b"),
			yamlFile("/env/data/os/Debian.yaml", "o", "debian"),
			yamlFile("/env/data/os/RedHat.yaml", "o", "redhat"),
			yamlFile("/env/data/site/x.yaml", "s", "site-x"),
			yamlFile("/env/data/site/y.yaml", "s", "site-y"),
			yamlFile("/env/data/svc/db.yaml", "v", "db"),
			yamlFile("/env/data/svc/web.yaml", "v", "web"),
			yamlFile("/env/data/tier/gold.yaml", "t", "gold"),
			yamlFile("/env/data/tier/silver.yaml", "t", "silver"),
		},
	}
}

// nodeScope is a node's variables, each hash made anew (as each compile
// makes its facts).
func nodeScope(certname, family, tier, site string, svcs ...string) mapScope {
	var sv []values.Value
	for _, s := range svcs {
		sv = append(sv, str(s))
	}
	return mapScope{
		"trusted": values.NewHashFromPairs(str("certname"), str(certname)),
		"facts": values.NewHashFromPairs(str("os"), values.NewHashFromPairs(str("family"), str(family)),
			str("svcs"), values.NewArray(sv...)),
		"::tier": str(tier),
		"site":   str(site),
	}
}

func lookupString(t *testing.T, s *Session, key string) string {
	t.Helper()
	return values.ToString(s.Lookup(&LookupArgs{Name: str(key), HasDefault: true, DefaultValue: str("-")}))
}

// kept is each entry's kept resolution.
func kept(d *Data) []*entryResolution {
	var out []*entryResolution
	for _, e := range d.Env.Hierarchy {
		out = append(out, atomicptr.Load(e.res()))
	}
	return out
}

// freshInterps resolves the layer of s again without reuse: the
// interpolations a resolution of this compile gives.
func freshInterps(s *Session) []scopeInterp {
	slc := &invocation{s: s, collect: &scopeCollector{}}
	l := &layer{s: s, cfg: s.d.Env, place: "Environment"}
	l.resolveAll(slc, nil, 0)
	return slc.collect.list
}

func sameInterps(t *testing.T, what string, got, want []scopeInterp) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: interps %v, want %v", what, got, want)
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.key != w.key || g.root != w.root || !reflect.DeepEqual(g.segments, w.segments) || !rubyEql(g.value, w.value) {
			t.Errorf("%s: interp %d = %+v, want %+v", what, i, g, w)
		}
	}
}

// TestResolutionReused: a second compile whose variables read the same
// values reuses every entry's resolution (the same locations), with
// providers of its own, and the layer's interpolations as a resolution
// gives them.
func TestResolutionReused(t *testing.T) {
	d := resolutionData()
	s1 := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db", "web"))
	if got := lookupString(t, s1, "o"); got != "debian" {
		t.Fatalf("o = %s", got)
	}
	first := kept(d)
	for i, r := range first {
		if r == nil {
			t.Fatalf("entry %d: no resolution kept", i)
		}
	}
	if len(first[4].reads) != 1 || first[4].reads[0].name != "facts" {
		t.Errorf("mapped_paths reads %+v, want facts.svcs only (svc is local)", first[4].reads)
	}

	s2 := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db", "web"))
	for key, want := range map[string]string{"o": "debian", "n": "node-a", "t": "gold", "s": "site-x", "v": "db", "c": "common"} {
		if got := lookupString(t, s2, key); got != want {
			t.Errorf("%s = %s, want %s", key, got, want)
		}
	}
	for i, r := range kept(d) {
		if r != first[i] {
			t.Errorf("entry %d: resolution replaced, want reused", i)
		}
	}
	p1, p2 := s1.env.resolved, s2.env.resolved
	if len(p1) != len(p2) {
		t.Fatalf("providers %d and %d", len(p1), len(p2))
	}
	for i := range p2 {
		if p1[i] == p2[i] || p2[i].l != s2.env {
			t.Errorf("provider %d: not the session's own", i)
		}
		if &p1[i].locations[0] != &p2[i].locations[0] {
			t.Errorf("provider %d: locations resolved again", i)
		}
	}
	sameInterps(t, "reused", s2.env.interps, freshInterps(s2))
	sameInterps(t, "first", s1.env.interps, s2.env.interps)
}

// TestResolutionInvalidated: an entry is resolved again, and its new
// resolution kept, when a variable it read differs (a trusted fact, a
// fact, a :: variable, a local one, a mapped fact); the others are reused.
func TestResolutionInvalidated(t *testing.T) {
	for _, c := range []struct {
		name  string
		scope mapScope
		entry int
		key   string
		want  string
	}{
		{"trusted", nodeScope("b", "Debian", "gold", "x", "db", "web"), 0, "n", "node-b"},
		{"fact", nodeScope("a", "RedHat", "gold", "x", "db", "web"), 1, "o", "redhat"},
		{"top scope", nodeScope("a", "Debian", "silver", "x", "db", "web"), 2, "t", "silver"},
		{"local", nodeScope("a", "Debian", "gold", "y", "db", "web"), 3, "s", "site-y"},
		{"mapped", nodeScope("a", "Debian", "gold", "x", "web"), 4, "v", "web"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := resolutionData()
			s1 := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db", "web"))
			lookupString(t, s1, c.key)
			first := kept(d)
			s2 := NewSession(d, c.scope)
			if got := lookupString(t, s2, c.key); got != c.want {
				t.Errorf("%s = %s, want %s", c.key, got, c.want)
			}
			for i, r := range kept(d) {
				if (i == c.entry) == (r == first[i]) {
					t.Errorf("entry %d: replaced %v", i, r != first[i])
				}
			}
			sameInterps(t, "after", s2.env.interps, freshInterps(s2))
			// and the first node's values again: its resolutions, which
			// the layer kept
			s3 := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db", "web"))
			if got := lookupString(t, s3, c.key); got == c.want {
				t.Errorf("first node's %s = %s", c.key, got)
			}
			for _, p := range s3.env.resolved {
				if i := slices.Index(d.Env.Hierarchy, p.e); p.res != first[i] {
					t.Errorf("first node's entry %s resolved afresh", p.e.Name)
				}
			}
		})
	}
}

// TestResolutionRecreatedInSession: within a compile, a change of a
// variable the resolution interpolated recreates the hierarchy as Puppet
// does, and says so in the explanation, whether or not the resolutions
// are of earlier compiles.
func TestResolutionRecreatedInSession(t *testing.T) {
	const recreated = "Hiera configuration recreated due to change of scope variables used in interpolation expressions"
	d := resolutionData()
	for _, warm := range []bool{false, true} {
		sc := nodeScope("a", "Debian", "gold", "x", "db")
		s := NewSession(d, sc)
		if got := lookupString(t, s, "s"); got != "site-x" {
			t.Fatalf("s = %s", got)
		}
		if _, ex, _ := s.Explain(&LookupArgs{Name: str("s")}); strings.Contains(ex, recreated) {
			t.Errorf("warm %v: nothing changed, explanation says recreated:\n%s", warm, ex)
		}
		sc["site"] = str("y")
		v, ex, err := s.Explain(&LookupArgs{Name: str("s")})
		if err != nil || values.ToString(v) != "site-y" || !strings.Contains(ex, recreated) {
			t.Errorf("warm %v: site changed: %v %v, explanation:\n%s", warm, v, err, ex)
		}
		// a fact is the compile's constant: not checked again
		sc["site"] = str("x")
		lookupString(t, s, "s")
		sc["facts"] = values.NewHashFromPairs(str("os"), values.NewHashFromPairs(str("family"), str("RedHat")))
		if _, ex, _ := s.Explain(&LookupArgs{Name: str("o")}); strings.Contains(ex, recreated) {
			t.Errorf("warm %v: a fact changed in the compile, explanation says recreated:\n%s", warm, ex)
		}
	}
}

// TestResolutionNotKept: a resolution that reads a variable that does not
// exist (under strict=off too), logs a warning, fails, or is made for an
// explained lookup is not kept; an explained lookup does not reuse one.
func TestResolutionNotKept(t *testing.T) {
	undef := &Entry{Name: "undef", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"u/%{nosuch}.yaml"}}
	for _, strict := range []string{"off", "warning"} {
		d := resolutionData(undef)
		s := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
		s.SetStrict(strict)
		var warnings []string
		s.Warn = func(m string) { warnings = append(warnings, m) }
		lookupString(t, s, "c")
		if atomicptr.Load(undef.res()) != nil {
			t.Errorf("strict=%s: an undefined variable's resolution kept", strict)
		}
		if kept(d)[0] == nil {
			t.Errorf("strict=%s: the other entries' not kept", strict)
		}
		if (strict == "warning") != (len(warnings) == 1) {
			t.Errorf("strict=%s: warnings %q", strict, warnings)
		}
		atomicptr.Store(undef.res(), nil)
	}

	method := &Entry{Name: "method", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"m/%{lookup('c')}.yaml"}}
	d := resolutionData(method)
	for i := 0; i < 2; i++ {
		_, _, err := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db")).Explain(&LookupArgs{Name: str("c")})
		if err == nil || !strings.Contains(err.Error(), "Interpolation using method syntax is not allowed") {
			t.Errorf("method syntax: %v", err)
		}
		if atomicptr.Load(method.res()) != nil {
			t.Errorf("a failed resolution kept")
		}
	}

	d = resolutionData()
	s := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
	if _, _, err := s.Explain(&LookupArgs{Name: str("c")}); err != nil {
		t.Fatal(err)
	}
	for i, r := range kept(d) {
		if r != nil {
			t.Errorf("entry %d: an explained lookup's resolution kept", i)
		}
	}
	lookupString(t, NewSession(d, nodeScope("a", "Debian", "gold", "x", "db")), "c")
	first := kept(d)
	s = NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
	if _, _, err := s.Explain(&LookupArgs{Name: str("c")}); err != nil {
		t.Fatal(err)
	}
	for i, p := range s.env.resolved {
		if len(p.locations) > 0 && len(first[i].locations) > 0 && p.locations[0] == first[i].locations[0] {
			t.Errorf("entry %d: an explained lookup reused a resolution", i)
		}
	}
}

// TestResolutionSettings: a resolution is reused only under the settings
// it was made under (Puppet's version, strict).
func TestResolutionSettings(t *testing.T) {
	d := resolutionData()
	lookupString(t, NewSession(d, nodeScope("a", "Debian", "gold", "x", "db")), "c")
	first := kept(d)
	s := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
	s.Puppet = 8
	lookupString(t, s, "c")
	for i, r := range kept(d) {
		if r == first[i] || r.puppet != 8 {
			t.Errorf("entry %d: reused under another Puppet", i)
		}
	}
}

// TestStableConstant: a layer whose interpolations are all of compile
// constants is stable without reading them again; one that reads another
// variable reads it.
func TestStableConstant(t *testing.T) {
	entry := func(path string) *Entry {
		return &Entry{Name: path, Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{path}}
	}
	for _, c := range []struct {
		path     string
		constant bool
	}{
		{"os/%{facts.os.family}.yaml", true},
		{"nodes/%{trusted.certname}.yaml", true},
		{"tier/%{::tier}.yaml", true}, // a :: variable that exists is not remembered
		{"site/%{site}.yaml", false},
		{"common.yaml", true},
	} {
		d := resolutionData()
		d.Env.Hierarchy = []*Entry{entry(c.path)}
		s := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
		lookupString(t, s, "c")
		if s.env.constant != c.constant {
			t.Errorf("%s: constant %v, interps %+v", c.path, s.env.constant, s.env.interps)
		}
	}
}

// TestMissingPlain: missingEverywhere reads the hashes of a kept
// resolution's files when reading them is reading their data, and reads
// the files otherwise, logging their warnings in every compile.
func TestMissingPlain(t *testing.T) {
	d := resolutionData(&Entry{Name: "warn", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"warn.yaml"}})
	d.Files = append(d.Files, &File{Path: "/env/data/warn.yaml", Format: "yaml", Warning: "warn.yaml is not a hash"})
	d.Modules = map[string]*Config{"m": {Path: "/env/modules/m/hiera.yaml", Root: "/env/modules/m", Version: 5, Hierarchy: []*Entry{
		{Name: "m", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/modules/m/data", LocationKind: "path", Locations: []string{"m.yaml"}},
	}}}
	d.Files = append(d.Files, yamlFile("/env/modules/m/data/m.yaml", "m::a", "ma", "other", "o"))
	d.ModuleNames = []string{"m"}
	for i := 0; i < 2; i++ {
		s := NewSession(d, nodeScope("a", "Debian", "gold", "x", "db"))
		var warnings []string
		s.Warn = func(m string) { warnings = append(warnings, m) }
		if v, found := s.AutomaticParameterKey(NewKey("m::zz")); found {
			t.Errorf("compile %d: m::zz found: %v", i, v)
		}
		if len(warnings) != 2 || warnings[0] != "warn.yaml is not a hash" || !strings.Contains(warnings[1], "must use keys qualified with the name of the module") {
			t.Errorf("compile %d: warnings %q", i, warnings)
		}
		for key, want := range map[string]string{"m::a": "ma", "c": "common", "o": "debian"} {
			lk := NewKey(key)
			if v, found := s.AutomaticParameterKey(lk); !found || values.ToString(v) != want {
				t.Errorf("compile %d: %s = %v, %v", i, key, v, found)
			}
		}
		plain := map[string]bool{}
		for _, p := range s.env.resolved {
			if p.res != nil {
				_, plain[p.e.Name] = p.res.dataHashes(p)
			}
		}
		if !plain["common"] || !plain["os"] || plain["warn"] || len(plain) != 7 {
			t.Errorf("compile %d: plain %v", i, plain)
		}
		if p := s.modules["m"].resolved[0]; p.res == nil {
			t.Errorf("compile %d: module's resolution not kept", i)
		} else if _, plain := p.res.dataHashes(p); plain {
			t.Errorf("compile %d: a module's file binding another's key is plain", i)
		}
	}
}

// TestAlternatingModules: lookups of keys of two modules in turn each get
// their module's layer and lookup_options.
func TestAlternatingModules(t *testing.T) {
	arr := func(v ...string) values.Value {
		var a []values.Value
		for _, s := range v {
			a = append(a, str(s))
		}
		return values.NewArray(a...)
	}
	mod := func(name string) *Config {
		return &Config{Path: "/env/modules/" + name + "/hiera.yaml", Root: "/env/modules/" + name, Version: 5, Hierarchy: []*Entry{
			{Name: "common", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/modules/" + name + "/data", LocationKind: "path", Locations: []string{"common.yaml"}},
		}}
	}
	d := &Data{
		EnvName: "production",
		Env: &Config{Path: "/env/hiera.yaml", Root: "/env", Version: 5, Hierarchy: []*Entry{
			{Name: "common", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"common.yaml"}},
		}},
		Modules:     map[string]*Config{"m": mod("m"), "n": mod("n")},
		ModuleNames: []string{"m", "n"},
		Files: []*File{
			{Path: "/env/data/common.yaml", Format: "yaml", Data: values.NewHashFromPairs(str("m::a"), arr("env"), str("n::a"), arr("env"))},
			{Path: "/env/modules/m/data/common.yaml", Format: "yaml", Data: values.NewHashFromPairs(str("m::a"), arr("m"),
				str("lookup_options"), values.NewHashFromPairs(str("m::a"), values.NewHashFromPairs(str("merge"), str("unique"))))},
			{Path: "/env/modules/n/data/common.yaml", Format: "yaml", Data: values.NewHashFromPairs(str("n::a"), arr("n"), str("n::b"), arr("nb"),
				str("lookup_options"), values.NewHashFromPairs(str("n::a"), values.NewHashFromPairs(str("merge"), str("unique"))))},
		},
	}
	for c := 0; c < 2; c++ {
		s := NewSession(d, mapScope{})
		for i := 0; i < 2; i++ {
			for _, k := range []struct{ key, want string }{{"m::a", "[env, m]"}, {"n::a", "[env, n]"}, {"n::b", "[nb]"}, {"m::a", "[env, m]"}} {
				v, found := s.AutomaticParameterKey(NewKey(k.key))
				if !found || values.ToString(v) != k.want {
					t.Errorf("compile %d: %s = %v, %v; want %s", c, k.key, v, found, k.want)
				}
			}
		}
	}
}

// TestResolutionConcurrent: compiles of several nodes at once (a server, a
// batch) share the kept resolutions and each gets its own node's data.
func TestResolutionConcurrent(t *testing.T) {
	d := resolutionData()
	nodes := []struct {
		scope mapScope
		want  map[string]string
	}{
		{nodeScope("a", "Debian", "gold", "x", "db"), map[string]string{"n": "node-a", "o": "debian", "t": "gold", "s": "site-x", "v": "db"}},
		{nodeScope("b", "RedHat", "silver", "y", "web"), map[string]string{"n": "node-b", "o": "redhat", "t": "silver", "s": "site-y", "v": "web"}},
		{nodeScope("c", "Debian", "silver", "x", "web"), map[string]string{"n": "-", "o": "debian", "t": "silver", "s": "site-x", "v": "web"}},
	}
	errs := make(chan string, 64)
	var wg sync.WaitGroup
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				n := nodes[(g+i)%len(nodes)]
				// each compile's variables made anew, as each compile makes them
				sc := mapScope{}
				for k, v := range n.scope {
					sc[k] = v
				}
				s := NewSession(d, sc)
				for key, want := range n.want {
					if got := values.ToString(s.Lookup(&LookupArgs{Name: str(key), HasDefault: true, DefaultValue: str("-")})); got != want {
						select {
						case errs <- key + " = " + got + ", want " + want:
						default:
						}
					}
				}
				if _, found := s.AutomaticParameterKey(NewKey("m::zz")); found {
					errs <- "m::zz found"
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestHashKeys: the set layer.missing asks holds a key exactly when one of
// the files' hashes finds it with GetString (a key of another type, or a
// key of a nested hash, is not one).
func TestHashKeys(t *testing.T) {
	a := values.NewHashBuilder(4)
	a.Put(str("m::a"), str("x"))
	a.Put(values.Int(1), str("one"))
	nested := values.NewHashBuilder(1)
	nested.Put(str("inner"), str("y"))
	a.Put(str("m::h"), nested.Build())
	b := values.NewHashBuilder(2)
	b.Put(str("m::b"), values.UndefValue{})
	b.Put(str("m::a"), str("again"))
	hs := []*values.Hash{a.Build(), b.Build(), values.NewHashBuilder(0).Build()}
	keys := hashKeys(hs)
	for _, k := range []string{"m::a", "m::b", "m::h", "1", "inner", "m::c", ""} {
		want := false
		for _, h := range hs {
			if _, ok := h.GetString(k); ok {
				want = true
			}
		}
		if got := keys.has(NewKey(k).lk); got != want {
			t.Errorf("%q in the set: %v, GetString finds it in a hash: %v", k, got, want)
		}
	}
	n := 0
	for _, s := range keys.slots {
		if s.hash != 0 {
			n++
		}
	}
	if n != 3 {
		t.Errorf("set %v, want m::a, m::b and m::h", keys)
	}
}

// countingScope counts the lookups of each variable.
type countingScope struct {
	mapScope
	n map[string]int
}

func (c countingScope) LookupVar(name string) (values.Value, bool) {
	c.n[name]++
	return c.mapScope.LookupVar(name)
}

// TestLayerResolutionKept: a compile whose variables read what a layer's
// entries read takes the layer's kept resolution, looking each variable
// up once (the hierarchy reads facts twice), with the interpolations a
// resolution gives. One whose variables differ takes the resolutions of
// the entries that read none that differ, still looking each variable up
// once; it resolves afresh an entry whose own kept resolution does not
// stand either, and then leaves the layer's kept resolution as it was (a
// fleet's next node differs again), or else makes its own the layer's.
// Each finds its node's data.
func TestLayerResolutionKept(t *testing.T) {
	d := resolutionData()
	lookupString(t, NewSession(d, nodeScope("a", "Debian", "gold", "x", "db")), "c")
	k := atomicptr.Load(&d.Env.kept().resolution)
	if k == nil {
		t.Fatal("no layer resolution kept")
	}
	var names []string
	for _, rd := range k.reads {
		names = append(names, rd.name)
	}
	if want := []string{"::tier", "facts", "facts", "site", "trusted"}; !reflect.DeepEqual(names, want) {
		t.Errorf("reads %v, want %v", names, want)
	}
	entry := map[*Entry]int{}
	for i, e := range d.Env.Hierarchy {
		entry[e] = i
	}
	const (
		taken    = iota // the layer's kept resolution, whole
		kept            // left as it was, entries resolved afresh
		replaced        // by the entries' own kept resolutions
	)
	for _, c := range []struct {
		scope   mapScope
		key     string
		want    string
		layer   int
		changed []string // the entries whose reads changed
	}{
		{nodeScope("a", "Debian", "gold", "x", "db"), "v", "db", taken, nil},
		{nodeScope("a", "Debian", "gold", "y", "db"), "s", "site-y", kept, []string{"site"}},
		{nodeScope("a", "Debian", "gold", "y", "db"), "n", "node-a", replaced, []string{"site"}},
		{nodeScope("a", "Debian", "gold", "y", "db"), "c", "common", taken, nil},
		{nodeScope("b", "RedHat", "gold", "y", "db"), "o", "redhat", kept, []string{"node", "os"}},
	} {
		before := atomicptr.Load(&d.Env.kept().resolution)
		sc := countingScope{c.scope, map[string]int{}}
		s := NewSession(d, sc)
		if got := lookupString(t, s, c.key); got != c.want {
			t.Errorf("%s = %s, want %s", c.key, got, c.want)
		}
		after := atomicptr.Load(&d.Env.kept().resolution)
		if (after == before) != (c.layer != replaced) {
			t.Errorf("%s: layer's kept resolution replaced %v, want %v", c.key, after != before, c.layer == replaced)
		}
		if c.layer != kept && (sc.n["facts"] != 1 || sc.n["trusted"] != 1) {
			t.Errorf("%s: variables looked up again (lookups %v)", c.key, sc.n)
		}
		for _, p := range s.env.resolved {
			i := entry[p.e]
			own := atomicptr.Load(p.e.res())
			switch changed := slices.Contains(c.changed, p.e.Name); {
			case !changed && p.res != before.all[i]:
				t.Errorf("%s: entry %s's resolution not the layer's kept one", c.key, p.e.Name)
			case changed && c.layer == replaced && (p.res != own || p.res != after.all[i]):
				t.Errorf("%s: entry %s's resolution not its own kept one, made the layer's", c.key, p.e.Name)
			case changed && c.layer == kept && p.res == before.all[i]:
				t.Errorf("%s: entry %s's reads changed, its resolution the layer's kept one", c.key, p.e.Name)
			}
			if p.l != s.env {
				t.Errorf("%s: provider of entry %s not the session's", c.key, p.e.Name)
			}
		}
		sameInterps(t, c.key, s.env.interps, freshInterps(s))
	}
}

// TestRecentResolutions: the nodes of a fleet, compiled in turn, each
// find their own resolution of the entries whose reads differ between
// them (the node's own level, and its OS's in a mixed fleet) among the
// entries' recent ones, resolving nothing afresh once each was compiled;
// the layer's kept resolution stays the first node's. An entry keeps at
// most maxRecentResolutions.
func TestRecentResolutions(t *testing.T) {
	d := resolutionData()
	type node struct{ name, family string }
	fleet := []node{{"a", "Debian"}, {"b", "RedHat"}, {"c", "Debian"}}
	want := map[string]string{"a": "node-a", "b": "node-b", "c": "-"}
	first := map[string]map[*Entry]*entryResolution{}
	var layer *keptLayer
	for round := range 3 {
		for _, n := range fleet {
			s := NewSession(d, nodeScope(n.name, n.family, "gold", "x", "db"))
			if got := lookupString(t, s, "n"); got != want[n.name] {
				t.Errorf("round %d, node %s: n = %s, want %s", round, n.name, got, want[n.name])
			}
			if got, w := lookupString(t, s, "o"), strings.ToLower(n.family); got != w {
				t.Errorf("round %d, node %s: o = %s, want %s", round, n.name, got, w)
			}
			res := map[*Entry]*entryResolution{}
			for _, p := range s.env.resolved {
				res[p.e] = p.res
			}
			if round == 0 {
				first[n.name] = res
				if layer == nil {
					layer = atomicptr.Load(&d.Env.kept().resolution)
				}
				continue
			}
			for e, r := range res {
				if r != first[n.name][e] {
					t.Errorf("round %d, node %s: entry %s resolved afresh", round, n.name, e.Name)
				}
			}
			if k := atomicptr.Load(&d.Env.kept().resolution); k != layer {
				t.Errorf("round %d, node %s: layer's kept resolution replaced", round, n.name)
			}
		}
	}

	e := d.Env.Hierarchy[0] // nodes/%{trusted.certname}.yaml
	for i := range maxRecentResolutions + 1 {
		lookupString(t, NewSession(d, nodeScope(fmt.Sprint("n", i), "Debian", "gold", "x", "db")), "n")
	}
	if n := len(e.recent().byKey); n < 1 || n > maxRecentResolutions {
		t.Errorf("entry keeps %d recent resolutions, want at most %d", n, maxRecentResolutions)
	}
}
