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
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return rt\.InterpolateAt\(&interps\[\d+\], s\.Var\(sites\.Ref\(\d+\), "a"\), v\.String\("!"\)\)\s+\},\s+Name:\s+"b",`,
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

// TestParamsFunction: a class's or define's parameters are made by a
// function of their own (rt.Class.Params), not written as a literal in
// the definition's variable, whose pointers would be static data that
// each process pays for at start: one array, set element by element (a
// literal of the array would be such data too); a definition without
// parameters has no such function. A class named like another's function (m::params,
// whose variable is ClassMParams) does not clash with it.
func TestParamsFunction(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp":             "include m\n",
		"modules/m/manifests/init.pp":   "class m (String $a = 'x', $b = $m::params::c) inherits m::params { m::d { 't': } }\n",
		"modules/m/manifests/params.pp": "class m::params { $c = 1 }\n",
		"modules/m/manifests/d.pp":      "define m::d ($p = true) { notice($p) }\n",
	}
	m := generatedGo(t, files, "modules/m/")
	require.Regexp(t, `var ClassM = rt\.Class\{[^}]*\n\tParams: classMParams,\n`, m)
	require.Regexp(t, `func classMParams\(\) \[\]\*rt\.Parameter \{\s+var ps \[2\]rt\.Parameter\s+ps\[0\] = rt\.Parameter\{\s+Const:\s+v\.String\("x"\),\s+Name:\s+"a",\s+Type:\s+&tString,\s+\}\s+ps\[1\] = rt\.Parameter\{\s+Default: func[^}]+\},\s+Name: "b",\s+\}\s+return rt\.ParamsOf\(ps\[:\]\)\s+\}`, m)
	require.Regexp(t, `var DefineMD = rt\.Define\{[^}]*\n\tParams: defineMDParams,\n`, m)
	require.Regexp(t, `func defineMDParams\(\) \[\]\*rt\.Parameter \{\s+var ps \[1\]rt\.Parameter\s+ps\[0\] = rt\.Parameter\{\s+Const:\s+v\.Bool\(true\),\s+Name:\s+"p",`, m)
	require.Regexp(t, `var ClassMParams = rt\.Class\{`, m)
	require.NotContains(t, m, "classMParamsParams")
	require.NotRegexp(t, `Params: \[\]\*rt\.Parameter`, m)
}
