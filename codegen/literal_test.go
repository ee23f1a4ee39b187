package codegen_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHoistedLiterals: constant array literals, and constant hashes of
// distinct string or integer keys (any number, none included), are package variables
// holding the value (v.ArrayLit, v.HashLit), used by their address, their
// scalar elements conversions of constants (v.Bool(true), not v.True):
// Go's static initialization lays them out, no code makes them at
// start-up. Only a hash with a repeated key (1 and 0x1 are one) is built
// by HashOf; the string '1' and the integer 1 are different keys.
func TestHoistedLiterals(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": `$a = ['x', [1, 2]]
$b = {'k' => 'v', l => ['x', [1, 2]]}
$c = {'k' => 1, 'k' => 2}
$d = {a => 1, b => 2, c => 3, d => 4, e => 5, f => 6, g => 7, h => 8, i => 9}
$e = []
$f = [true, undef, false, {}, {'t' => true, 'u' => undef, 'd' => default}]
$g = {1 => 'a', '1' => 'b', 0x10 => 'c'}
$h = {1 => 'a', 0x1 => 'b'}
notice($a, $b, $c, $d, $e, $f, $g, $h)
`,
	}
	// one space for gofmt's alignment of the variables
	site := regexp.MustCompile(` +`).ReplaceAllString(generatedGo(t, files, "site"), " ")
	for _, want := range []string{
		`lit1 = v.ArrayLit(v.Int(1), v.Int(2))`,
		`lit2 = v.ArrayLit(v.String("x"), &lit1)`,
		`lit3 = v.HashLit([]v.Value{v.String("k"), v.String("l")}, []v.Value{v.String("v"), &lit2})`,
		`lit4 = rt.HashOf(v.String("k"), v.Int(1), v.String("k"), v.Int(2))`,
		`lit5 = v.HashLit([]v.Value{v.String("a"), v.String("b"), v.String("c"), v.String("d"), v.String("e"), v.String("f"), v.String("g"), v.String("h"), v.String("i")}, []v.Value{v.Int(1), v.Int(2), v.Int(3), v.Int(4), v.Int(5), v.Int(6), v.Int(7), v.Int(8), v.Int(9)})`,
		`lit6 = v.ArrayLit()`,
		`lit7 = v.HashLit([]v.Value{}, []v.Value{})`,
		`lit8 = v.HashLit([]v.Value{v.String("t"), v.String("u"), v.String("d")}, []v.Value{v.Bool(true), v.UndefValue{}, v.DefaultValue{}})`,
		`lit9 = v.ArrayLit(v.Bool(true), v.UndefValue{}, v.Bool(false), &lit7, &lit8)`,
		`lit10 = v.HashLit([]v.Value{v.Int(1), v.String("1"), v.Int(16)}, []v.Value{v.String("a"), v.String("b"), v.String("c")})`,
		`lit11 = rt.HashOf(v.Int(1), v.String("a"), v.Int(1), v.String("b"))`,
		`s.Assign(pos(0), "a", &lit2)`,
		`"b", &lit3)`,
		`"c", lit4)`,
		`"d", &lit5)`,
		`"e", &lit6)`,
		`"f", &lit9)`,
		`"g", &lit10)`,
		`"h", lit11)`,
	} {
		require.Contains(t, site, want)
	}
}

// TestStaticTables: a module tree holds the package's embed.FS by its
// address and the directory in it, and the site table gives its files by
// the first one's address and their number and has its labels in one
// string (not slices of arrays, files[:], which make the table a variable
// that code initializes at start-up, nor a static list of addresses),
// so that Go's
// staticinit lays them out; so does the package's Module, which the
// modulepath package's Modules list by address: no code of the package
// runs as the program is built.
func TestStaticTables(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp":           "include m\n",
		"modules/m/manifests/init.pp": "class m { file { '/x': source => 'puppet:///modules/m/a.txt' } }\n",
		"modules/m/files/a.txt":       "A\n",
	}
	m := generatedGo(t, files, "modules/m/")
	for _, want := range []string{
		`FS:\s+&moduleFiles,`,
		`Dir:\s+"files",`,
		`FileCount: 1,\s+Files:\s+&files\[0\],`,
		`Labels:\s+"Resource Statement\\nString\\n'=>' expression",`,
		// what the package gives the program is a table, rt.Module, which it
		// exports as an untyped handle
		`var Module any = &module\n`,
		`var module = rt\.Module\{\s+Classes: \[\]\*rt\.Class\{\s+&classM,\s+\},\s+Dir:\s+"[^"]+/modules/m",\s+Files:\s+&moduleFiles,\s+FilesDir:\s+"files",\s+Name:\s+"m",\s+NameValue: v\.String\("m"\),\s+Trees: \[\]rt\.TreeDef\{\s+\{Dir: "files", Tree: &filesTree\},\s+\},\s+\}`,
	} {
		require.Regexp(t, want, m)
	}
	require.NotContains(t, m, "func Register")
	require.NotContains(t, m, "func register")
	// the modulepath package lists the module path's modules by address,
	// the environment package the main manifests' after them, both in
	// its table (rt.Environment), which it exports as an untyped handle;
	// the catalog binary's main package hands it rt/cli, the catalog
	// package's Program builds it
	mp := generatedGo(t, files, "modulepath/")
	require.Regexp(t, `var Modules = \[\.\.\.\]\*any\{\s+&m\.Module,\s+\}`, mp)
	env := generatedGo(t, files, "environment/")
	require.Regexp(t, `var modules = \[\.\.\.\]\*any\{\s+&site\.Module,\s+\}`, env)
	require.Regexp(t, `(?s)var environment = rt\.Environment\{\n.*\n\tModules: +\[\]\[\]\*any\{modulepath\.Modules\[:\], modules\[:\]\},\n`, env)
	require.Contains(t, env, "var Handle any = &environment\n")
	require.Contains(t, generatedGo(t, files, "catalog/"), "return rt.Build(environment.Handle)")
	main := generatedGo(t, files, "main.go")
	require.Contains(t, main, "cli.Main(environment.Handle)")
	require.NotContains(t, main, "pp2go.local/catalog/catalog")
}

// TestModuleHandleFirst: a module's package declares its Module before its
// tables, which grow with its code, so that an edit of a body leaves the
// handle's line as it was: that line is in the package's export data, whose
// fingerprint the compiled forms of its importers (the modulepath package)
// record, and go build compiles a package again when an import's compiled
// form changed (so the environment package after every edit of a module).
func TestModuleHandleFirst(t *testing.T) {
	pp2goGo := func(body string) string {
		return generatedGo(t, map[string]string{
			"manifests/site.pp":           "include m\n",
			"modules/m/manifests/init.pp": "class m {\n" + body + "}\n",
		}, "modules/m/pp2go.go")
	}
	before := pp2goGo("notify { 'a': }\n")
	after := pp2goGo("$x = 'b'\nnotify { 'a': }\nnotify { $x: }\n")
	require.NotEqual(t, before, after) // the sites table grew
	const handle = "var Module any = &module\n"
	require.Contains(t, before, handle)
	upTo := func(text string) string { return text[:strings.Index(text, handle)+len(handle)] }
	require.Equal(t, upTo(before), upTo(after))
	require.NotContains(t, upTo(before), "var sites")
}

// TestCaseTables: a case expression or selector whose values are all
// string literals (quoted or bare words) switches over the option a table
// of them finds (rt.CaseIndex), each literal with the first option whose
// literal compares equal ignoring case; a default stays the switch's
// default. One value of another kind (a regexp, a variable) keeps the
// options' conditions, tried in turn.
func TestCaseTables(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": `case $facts['os'] {
  'RedHat', centos: { notice(1) }
  'Debian', 'REDHAT': { notice(2) }
  default: { notice(3) }
}
$x = $facts['y'] ? { 'a' => 1, 'A' => 2, default => 3 }
case $facts['z'] {
  'a': { notice(4) }
  /b/: { notice(5) }
}
`,
	}
	site := regexp.MustCompile(` +`).ReplaceAllString(generatedGo(t, files, "site"), " ")
	for _, want := range []string{
		`rt.CaseTable{Lits: []string{"RedHat", "centos", "Debian", "REDHAT"}, Option: []int32{0, 0, 1, 0}}`,
		`rt.CaseTable{Lits: []string{"a", "A"}, Option: []int32{0, 0}}`,
		`switch rt.CaseIndex(t, &lit`,
		`s.CaseMatch(t, v.String("a"))`,
	} {
		require.Contains(t, site, want)
	}
	require.Equal(t, 2, strings.Count(site, "rt.CaseIndex("), "the case with a regexp tries its options in turn")
}
