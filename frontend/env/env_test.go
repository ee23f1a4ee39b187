package env

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// expected is what Puppet 7.23 made of testdata/fx (testdata/gen-expected.rb).
type expected struct {
	ModulePath    []string    `json:"modulepath"`
	Manifest      string      `json:"manifest"`
	Modules       [][2]string `json:"modules"`
	ManifestFiles []string    `json:"manifest_files"`
	Classes       [][2]any    `json:"classes"`
	Defines       [][2]any    `json:"defines"`
	Functions     [][3]any    `json:"functions"`
	TypeAliases   [][2]any    `json:"type_aliases"`
	Validation    string      `json:"validation"`
}

func loadFixture(t *testing.T) (*Env, *expected, string) {
	t.Helper()
	root, err := filepath.Abs("testdata/fx")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var want expected
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	e, err := Load(filepath.Join(root, "envs", "production"), Options{BaseModulePath: filepath.Join(root, "base")})
	if err != nil {
		t.Fatal(err)
	}
	return e, &want, root
}

func relTo(root, p string) any {
	if p == "" {
		return nil
	}
	return strings.TrimPrefix(p, root+"/")
}

func TestFixtureLayout(t *testing.T) {
	e, want, root := loadFixture(t)
	var mp []string
	for _, p := range e.ModulePath {
		mp = append(mp, relTo(root, p).(string))
	}
	if !reflect.DeepEqual(mp, want.ModulePath) {
		t.Errorf("module path %v, want %v", mp, want.ModulePath)
	}
	if got := relTo(root, e.Manifest); got != want.Manifest {
		t.Errorf("manifest %v, want %v", got, want.Manifest)
	}
	// Puppet lists a directory's modules in the file system's order; the
	// loader sorts them. Which modules, and which directory wins, must agree.
	var mods [][2]string
	for _, m := range e.Modules {
		mods = append(mods, [2]string{m.Name, relTo(root, m.Dir).(string)})
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i][0] < mods[j][0] })
	if !reflect.DeepEqual(mods, want.Modules) {
		t.Errorf("modules\n got  %v\n want %v", mods, want.Modules)
	}
	var files []string
	for _, f := range e.Manifests {
		files = append(files, relTo(root, f.Path).(string))
	}
	if !reflect.DeepEqual(files, want.ManifestFiles) {
		t.Errorf("main manifest files\n got  %v\n want %v", files, want.ManifestFiles)
	}
}

func TestFixtureAutoload(t *testing.T) {
	e, want, root := loadFixture(t)
	defPath := func(d *Def) any {
		if d == nil {
			return nil
		}
		return relTo(root, d.File.Path)
	}
	for _, c := range want.Classes {
		if got := defPath(e.FindClass(c[0].(string))); got != c[1] {
			t.Errorf("class %v: found in %v, Puppet: %v", c[0], got, c[1])
		}
	}
	for _, c := range want.Defines {
		if got := defPath(e.FindDefine(c[0].(string))); got != c[1] {
			t.Errorf("define %v: found in %v, Puppet: %v", c[0], got, c[1])
		}
	}
	for _, c := range want.TypeAliases {
		if got := defPath(e.FindTypeAlias(c[0].(string))); got != c[1] {
			t.Errorf("type alias %v: found in %v, Puppet: %v", c[0], got, c[1])
		}
	}
	for _, c := range want.Functions {
		from, name := c[0].(string), c[1].(string)
		if from == "" && name == "dupfn" {
			// Two modules define it and the environment's code searches
			// them in Puppet's module order, which is the file system's.
			continue
		}
		wantPath, _ := c[2].(string)
		var fromMod *Module
		if from != "" {
			fromMod = e.Module(from)
		}
		r := e.FindFunction(name, fromMod)
		var got any
		switch {
		case strings.HasPrefix(wantPath, "error: "):
			// Puppet fails to load the file: the loader must report it.
			f := e.File(filepath.Join(root, "envs/production/modules/a/functions/misnamed.pp"))
			msg := strings.TrimPrefix(wantPath, "error: ")
			msg = msg[:strings.Index(msg, " (file:")]
			if f == nil || len(f.Diags.Errors()) != 1 || strings.ReplaceAll(f.Diags.Errors()[0].Message, root+"/", "") != msg {
				t.Errorf("function %s: want the error %q, got %v", name, msg, f.Diags)
			}
			continue
		case r == nil:
		case r.LoadedWith != nil:
			// found only once its manifest is loaded: Puppet does not find
			// it by name alone
		case r.Def != nil:
			got = relTo(root, r.Def.File.Path)
		default:
			got = relTo(root, r.Ruby.Path)
		}
		if got != c[2] {
			t.Errorf("function %s from %q: found %v, Puppet: %v", name, from, got, c[2])
		}
	}
}

func TestFixtureValidation(t *testing.T) {
	e, want, root := loadFixture(t)
	f := e.File(filepath.Join(root, "envs/production/modules/wrongloc/manifests/init.pp"))
	if f == nil || len(f.Diags.Errors()) != 1 {
		t.Fatalf("wrongloc: %v", f)
	}
	d := f.Diags.Errors()[0]
	if got := strings.ReplaceAll(d.Error(), root+"/", ""); got != want.Validation {
		t.Errorf("got  %s\nwant %s", got, want.Validation)
	}
	if d.Code != "ILLEGAL_DEFINITION_LOCATION" {
		t.Errorf("code %s", d.Code)
	}
	// A main manifest file may define anything.
	for _, f := range e.Manifests {
		if len(f.Diags.Errors()) > 0 {
			t.Errorf("%s: %v", f.Path, f.Diags)
		}
	}
}

func TestFixtureIndex(t *testing.T) {
	e, _, _ := loadFixture(t)
	if len(e.Index.Nodes) != 2 || e.Index.Nodes[0].File.Path >= e.Index.Nodes[1].File.Path {
		t.Errorf("nodes in main manifest order: %v", e.Index.Nodes)
	}
	if d := e.Index.Classes["a::bx"]; d != nil {
		t.Errorf("a::bx is defined in a file Puppet does not autoload for it: %v", d.File.Path)
	}
	if len(e.Index.Lookup(Class, "a::bx")) != 1 {
		t.Error("Lookup lists every definition")
	}
	if d := e.Index.Classes["a"]; d == nil || d.Module != e.Module("a") {
		t.Errorf("class a: %v", d)
	}
	if e.Index.Functions["a::f"] == nil || e.Index.TypeAliases["maint"] == nil {
		t.Error("functions and type aliases by name")
	}
	if e.Module("a").Metadata == nil || e.Module("nometa").Metadata != nil {
		t.Error("metadata")
	}
	if !e.Module("c").DependsOn("e") || e.Module("c").DependsOn("d") {
		t.Error("dependencies")
	}
}
