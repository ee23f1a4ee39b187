package resolve

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
)

// TestHieraTypes checks the Hiera values that typed class parameters,
// lookup()'s value types, typed parameters given a lookup() or hiera() (as
// a default or in a declaration) and functions given one (or a local
// variable assigned one) reject, reported where the data is. The messages
// are Puppet 7.23's for the same data (cases h01, h05, h06, h09, h10, h11 and h12 of
// ../testdata/puppet-messages: "Class[Foo]: parameter 'p' expects an
// Integer value, got String" at the include, "Found value has wrong type,
// expects an Integer value, got String" at the lookup).
func TestHieraTypes(t *testing.T) {
	dir := t.TempDir()
	hieraYAML := "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n"
	tree(t, dir, map[string]string{
		"manifests/site.pp": `
class foo(Integer $p = 1, Array[String] $a = [], String $s = '', Unknown::Alias $aliased = 1) { }
class conv(Integer $p = 1) { }
include foo, conv, bar
$port = lookup('app::port', Integer)
$name = lookup('app::name', String)
$merged = lookup('app::merged', Integer, 'deep')
class dflt(Integer $p = lookup('app::name'), String $q = lookup('app::name')) { }
define takes(Integer $p) { }
include dflt
takes { 'one': p => lookup({'name' => 'app::port', 'default_value' => 1}) }
$joined = join(lookup('app::name'), ',')
$fine = join(lookup('app::list'), ',')
$made = join(Array('a'), ',') # a call of a type, not of a function
class legacy(Integer $p = hiera('app::name', 1)) { }
include legacy
class uses {
  $v = lookup('app::name')
  $w = join($v, ',')
  takes { 'two': p => $v }
}
include uses
`,
		"hiera.yaml": hieraYAML,
		"data/common.yaml": `---
foo::p: "80"
foo::a: [1]
foo::s: "%{alias('other')}"
foo::aliased: "not checked"
other: 1
lookup_options:
  conv::p:
    convert_to: Integer
conv::p: "80"
bar::b: "yes"
app::port: "80"
app::name: "x"
app::merged: "1"
app::list: ["a"]
`,
		"modules/bar/manifests/init.pp": "class bar(Boolean $b = true, Integer $i = 1) { }\n",
		"modules/bar/hiera.yaml":        hieraYAML,
		"modules/bar/data/common.yaml":  "---\nbar::i: \"1\"\nfoo::p: 'module data binds its own classes only'\n",
	})
	res := check(t, dir, env.Options{BaseModulePath: filepath.Join(dir, "none")}, Options{})
	var got []string
	for _, d := range res.Diags {
		if d.Code == TypeMismatch {
			assert.Equal(t, diag.Warning, d.Severity, d.Message)
			rel, _ := filepath.Rel(dir, d.File)
			got = append(got, fmt.Sprintf("%s:%d: %s", rel, d.Line, d.Message))
		}
	}
	assert.ElementsMatch(t, []string{
		"data/common.yaml:2: Class[Foo]: parameter 'p' expects an Integer value, got String",
		"data/common.yaml:3: Class[Foo]: parameter 'a' index 0 expects a String value, got Integer",
		"data/common.yaml:11: Class[Bar]: parameter 'b' expects a Boolean value, got String",
		"modules/bar/data/common.yaml:2: Class[Bar]: parameter 'i' expects an Integer value, got String",
		"data/common.yaml:12: Found value has wrong type, expects an Integer value, got String",
		"data/common.yaml:13: Class[Dflt]: parameter 'p' expects an Integer value, got String",
		"data/common.yaml:12: Takes[one]: parameter 'p' expects an Integer value, got String",
		"data/common.yaml:13: 'join' parameter 'arg' expects an Array value, got String",
		"data/common.yaml:13: 'join' parameter 'arg' expects an Array value, got String",
		"data/common.yaml:13: Takes[two]: parameter 'p' expects an Integer value, got String",
		"data/common.yaml:13: Class[Legacy]: parameter 'p' expects an Integer value, got String",
	}, got)
}

// TestHieraGlobalLayer: the global layer's data (Options.HieraConfig)
// binds class parameters as the environment's does: a value a typed
// parameter rejects is a warning where it is, and a required parameter it
// sets is not reported missing.
func TestHieraGlobalLayer(t *testing.T) {
	dir, global := t.TempDir(), t.TempDir()
	tree(t, dir, map[string]string{
		"manifests/site.pp": "class foo(Integer $p = 1) { }\nclass bar(String $q) { }\ninclude foo, bar\n",
	})
	tree(t, global, map[string]string{
		"hiera.yaml":       "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
		"data/common.yaml": "---\nfoo::p: \"80\"\nbar::q: \"x\"\n",
	})
	for _, config := range []string{"", filepath.Join(global, "hiera.yaml")} {
		res := check(t, dir, env.Options{BaseModulePath: filepath.Join(dir, "none")}, Options{HieraConfig: config})
		var got []string
		for _, d := range res.Diags {
			rel, _ := filepath.Rel(global, d.File)
			got = append(got, fmt.Sprintf("%s:%d: %s", rel, d.Line, d.Message))
		}
		if config == "" {
			assert.Len(t, got, 1, "without the global layer, bar's q has no value: %q", got)
			continue
		}
		assert.Equal(t, []string{"data/common.yaml:2: Class[Foo]: parameter 'p' expects an Integer value, got String"}, got)
	}
}

// TestHieraConfigAsParsed: the checker and the reach read the Hiera
// layers' configurations as the build does (frontend/hiera), whatever
// the YAML's style: a flow mapping's datadir holds the data that binds
// bar's q, its data_hash function's hash binds baz's r, and nodes reach
// that function.
func TestHieraConfigAsParsed(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"manifests/site.pp": "class bar(String $q) { }\nclass baz(String $r) { }\ninclude bar, baz\n",
		"hiera.yaml": "{version: 5, defaults: {datadir: store, data_hash: yaml_data}, hierarchy: [{name: fn, data_hash: mymod::params}," +
			" {name: common, path: common.yaml}]}\n",
		"store/common.yaml":                 "---\nbar::q: x\n",
		"modules/mymod/functions/params.pp": "function mymod::params($options, $context) { { 'baz::r' => 'y' } }\n",
	})
	res := check(t, dir, env.Options{BaseModulePath: filepath.Join(dir, "none")}, Options{})
	assert.Empty(t, res.Diags)

	e, err := env.Load(dir, env.Options{BaseModulePath: filepath.Join(dir, "none")})
	if err != nil {
		t.Fatal(err)
	}
	ref := e.FindFunction("mymod::params", nil)
	if assert.NotNil(t, ref) && assert.NotNil(t, ref.Def) {
		assert.True(t, Reachable(e, "").defs[ref.Def.Node], "the level's function is reached")
	}
}
