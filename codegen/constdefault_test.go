package codegen_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConstDefaults: a class's or define's parameter whose default is a
// scalar literal has it as rt.Parameter.Const, a value given without
// evaluating code, written as a conversion of a constant (which Go
// initializes statically); the others, lists and hashes included, have a
// Default function evaluated in the definition's scope.
func TestConstDefaults(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m (
  String $a = 'x',
  $b = "${a}!",
  $c = -3,
  $d = [1, 2],
  $e = undef,
  $f = if $a == 'x' { 1 } else { 2 },
  $g = $m::a,
  $h,
) {
  m::d { 't': }
}
`,
		"modules/m/manifests/d.pp": "define m::d ($p = true, $q = $title) { notice($p, $q) }\n",
	}
	m := generatedGo(t, files, "modules/m/")
	for _, want := range []string{
		`Const:\s+v\.String\("x"\),\s+Name:\s+"a",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return rt\.Interpolate\(s\.Var\(sites\.Ref\(\d+\), "a"\), v\.String\("!"\)\)\s+\},\s+Name:\s+"b",`,
		`Const:\s+v\.Int\(-3\),\s+Name:\s+"c",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return &lit\d+\s+\},\s+Name:\s+"d",`,
		`Const:\s+v\.UndefValue\{\},\s+Name:\s+"e",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+if .*\{\s+return v\.Int\(1\)`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return s\.Qualified\(sites\.Ref\(\d+\), \w+\)\s+\},\s+Name:\s+"g",`,
		`\{Name: "h"\}`,
		`Const:\s+v\.Bool\(true\),\s+Name:\s+"p",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return s\.Var\(sites\.Ref\(\d+\), "title"\)\s+\},\s+Name:\s+"q",`,
	} {
		require.Regexp(t, want, m)
	}
	// a variable named by a Const would make its definition's literal
	// code that runs at start
	require.NotRegexp(t, `Const:\s+(v\.(True|False|Undef|Default)|&?lit\d+),`, m)
}
