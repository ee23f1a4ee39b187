package codegen_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHoistedLiterals: constant array literals, and constant hashes of a
// few distinct string keys, are package variables holding the value
// (v.ArrayLit, v.HashLit), used by their address; an empty array, a hash
// with a repeated key or with nine entries is built by NewArray or HashOf.
func TestHoistedLiterals(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": `$a = ['x', [1, 2]]
$b = {'k' => 'v', l => ['x', [1, 2]]}
$c = {'k' => 1, 'k' => 2}
$d = {a => 1, b => 2, c => 3, d => 4, e => 5, f => 6, g => 7, h => 8, i => 9}
$e = []
notice($a, $b, $c, $d, $e)
`,
	}
	site := generatedGo(t, files, "site")
	for _, want := range []string{
		`lit1 = v.ArrayLit(v.Int(1), v.Int(2))`,
		`lit2 = v.ArrayLit(v.String("x"), &lit1)`,
		`lit3 = v.HashLit([]v.Value{v.String("k"), v.String("l")}, []v.Value{v.String("v"), &lit2})`,
		`lit4 = rt.HashOf(v.String("k"), v.Int(1), v.String("k"), v.Int(2))`,
		`lit5 = rt.HashOf(v.String("a"), v.Int(1)`,
		`lit6 = v.NewArray()`,
		`s.Assign(pos(0), "a", &lit2)`,
		`"b", &lit3)`,
		`"c", lit4)`,
		`"e", lit6)`,
	} {
		require.Contains(t, site, want)
	}
}

// TestStaticTables: a module tree holds the package's embed.FS by its
// address and the directory in it, and the site table lists its files'
// addresses and its labels (not slices of arrays, files[:], which make the
// table a variable that code initializes at start-up), so that Go's
// staticinit lays them out.
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
		`Files: \[\]\*rt\.File\{\s+&files\[0\],\s+\},`,
		`Labels: \[\]string\{\s+"Resource Statement",`,
	} {
		require.Regexp(t, want, m)
	}
}
