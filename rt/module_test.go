package rt

import (
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pp2go/pp2go/rt/values"
)

// TestAddModules: a package's Module registers what its Register's calls
// registered (AddTemplates, AddFunction, AddTypeAlias, AddEPP,
// AddModule, AddModuleMetadata, AddModuleTree), the modules in order, the
// environment (Dir "") as no module, and then runs its register; a
// module's name value is its NameValue, or made from its Name.
func TestAddModules(t *testing.T) {
	files := fstest.MapFS{"files/a.txt": {Data: []byte("A\n")}}
	sig := &Signature{}
	body := func(*Scope) values.Value { return values.Undef }
	tree := &ModuleTree{Dir: "templates"}
	epp := &EPP{Sig: sig, Body: func(*Scope) {}}
	erb := &Templates{ERB: []ERB{{Name: "m/x.erb"}}}
	var order []string
	m := &Module{
		Templates: erb,
		Functions: []FunctionDef{{Name: "m::f", Sig: sig, Body: body}},
		Aliases:   []TypeAliasDef{{"M::Port", "m::port", "Integer[1, 65535]", true}, {"M::Ports", "m::ports", "Array[M::Port]", false}},
		EPP:       []EPPDef{{Name: "m/x.epp", EPP: epp}},
		Name:      "m", NameValue: values.String("m"), Dir: "/modules/m", Files: files, FilesDir: "files",
		Metadata: `{"name": "a-m"}`, HasMetadata: true,
		Trees:    []TreeDef{{Dir: "templates", Tree: tree}},
		Register: func(p *Program) { order = append(order, "m: "+p.modules["m"].dir) },
	}
	n := &Module{Name: "n", Dir: "/modules/n"}
	env := &Module{Functions: []FunctionDef{{Name: "f", Sig: sig, Body: body}}, Register: func(*Program) { order = append(order, "env") }}
	got := NewProgram("production")
	got.AddModules(handles(m, n, env))

	want := NewProgram("production")
	want.AddTemplates(erb)
	want.AddFunction("m::f", "m", sig, body)
	want.AddTypeAlias("M::Port", "Integer[1, 65535]")
	want.AddTypeAlias("M::Ports", "Array[M::Port]")
	want.AddEPP("m/x.epp", epp)
	want.AddModule("m", "/modules/m", SubFS(files, "files"))
	want.AddModuleMetadata("m", `{"name": "a-m"}`)
	want.AddModuleTree("m", "templates", tree)
	want.AddModule("n", "/modules/n", nil)
	want.AddFunction("f", "", sig, body)

	if !reflect.DeepEqual(order, []string{"m: /modules/m", "env"}) {
		t.Errorf("register ran %v", order)
	}
	if !reflect.DeepEqual(got.moduleOrder, want.moduleOrder) || !reflect.DeepEqual(got.epp, want.epp) || !reflect.DeepEqual(got.erb, want.erb) {
		t.Errorf("modules %v, epp %v, erb %v; want %v, %v, %v", got.moduleOrder, got.epp, got.erb, want.moduleOrder, want.epp, want.erb)
	}
	if len(got.functions) != 2 || got.functions[0].name != "m::f" || got.functions[0].module != "m" || got.functions[0].sig != sig ||
		got.functions[1].name != "f" || got.functions[1].module != "" {
		t.Errorf("functions %+v", got.functions)
	}
	for _, name := range []string{"m", "n"} {
		g, w := got.modules[name], want.modules[name]
		if g.name != w.name || g.dir != w.dir || g.metadata != w.metadata || g.hasMetadata != w.hasMetadata || !reflect.DeepEqual(g.trees, w.trees) || (g.files == nil) != (w.files == nil) {
			t.Errorf("module %s: %+v, want %+v", name, g, w)
		}
	}
	if b, err := fs.ReadFile(got.modules["m"].files, "a.txt"); err != nil || string(b) != "A\n" {
		t.Errorf("m's files/a.txt: %q, %v", b, err)
	}
	for _, name := range []string{"M::Port", "M::Ports"} {
		g, ok1 := got.ResolveType(name)
		w, ok2 := want.ResolveType(name)
		if !ok1 || !ok2 || values.TypeString(g) != values.TypeString(w) {
			t.Errorf("alias %s: %v %v, want %v %v", name, g, ok1, w, ok2)
		}
	}
}

// TestAddModulesTwice: the tables AddModules makes at the size of the
// module path's entries take the environment's package's entries after
// them (a catalog's Program adds the two lists in turn), and keep what
// was registered before.
func TestAddModulesTwice(t *testing.T) {
	p := NewProgram("production")
	p.AddERB("early/x.erb", &ERB{Name: "early/x.erb"})
	var mods []*Module
	for _, name := range []string{"a", "b", "c"} {
		mods = append(mods, &Module{
			Name: name, Dir: "/modules/" + name,
			Templates: &Templates{ERB: []ERB{{Name: name + "/x.erb"}, {Name: name + "/y.erb"}}},
			EPP:       []EPPDef{{Name: name + "/x.epp", EPP: &EPP{}}},
			Aliases:   []TypeAliasDef{{strings.ToUpper(name[:1]) + "::Port", name + "::port", "Integer[1, 65535]", true}},
		})
	}
	p.AddModules(handles(mods...))
	p.AddModules(handles(&Module{
		Templates: &Templates{ERB: []ERB{{Name: "site/z.erb"}}},
		EPP:       []EPPDef{{Name: "site/z.epp", EPP: &EPP{}}},
		Aliases:   []TypeAliasDef{{"Site::Name", "site::name", "String[1]", false}},
	}, &Module{Name: "d", Dir: "/modules/d"}))
	var erbs, epps []string
	for name := range p.erb {
		erbs = append(erbs, name)
	}
	for name := range p.epp {
		epps = append(epps, name)
	}
	slices.Sort(erbs)
	slices.Sort(epps)
	if want := []string{"a/x.erb", "a/y.erb", "b/x.erb", "b/y.erb", "c/x.erb", "c/y.erb", "early/x.erb", "site/z.erb"}; !slices.Equal(erbs, want) {
		t.Errorf("erb %v, want %v", erbs, want)
	}
	if want := []string{"a/x.epp", "b/x.epp", "c/x.epp", "site/z.epp"}; !slices.Equal(epps, want) {
		t.Errorf("epp %v, want %v", epps, want)
	}
	if want := []string{"a", "b", "c", "d"}; !slices.Equal(p.moduleOrder, want) || len(p.modules) != 4 {
		t.Errorf("modules %v (%d), want %v", p.moduleOrder, len(p.modules), want)
	}
	for name, want := range map[string]string{"A::Port": "Integer[1, 65535]", "c::port": "Integer[1, 65535]", "Site::Name": "String[1]"} {
		if got, ok := p.ResolveType(name); !ok || values.TypeString(got.(*values.TypeAliasType).ResolvedType()) != want {
			t.Errorf("alias %s: %v %v, want %s", name, got, ok, want)
		}
	}
}

// handles are the modules as generated packages export them: the
// addresses of handles that hold them.
func handles(ms ...*Module) []*any {
	hs := make([]*any, len(ms))
	for i, m := range ms {
		var h any = m
		hs[i] = &h
	}
	return hs
}
