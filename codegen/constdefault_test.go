package codegen_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConstDefaults: a class's or define's parameter whose default is a
// scalar literal has it as rt.Parameter.Const, a value given without
// evaluating code, written as a conversion of a constant (which Go
// initializes statically); one that is a qualified variable has it as
// DefaultVar, read at DefaultAt, without a function; the others, lists and
// hashes included, have a Default function evaluated in the definition's
// scope.
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
		`Const:\s+v\.String\("x"\),\s+ConstFits:\s+true,\s+Name:\s+"a",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return rt\.InterpolateAt\(&interps\[\d+\], sites\.Ref\(\d+\), s\.Var\(sites\.Ref\(\d+\), "a"\), v\.String\("!"\)\)\s+\},\s+Name:\s+"b",`,
		`Const:\s+v\.Int\(-3\),\s+Name:\s+"c",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return &lit\d+\s+\},\s+Name:\s+"d",`,
		`Const:\s+v\.UndefValue\{\},\s+Name:\s+"e",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+if .*\{\s+return v\.Int\(1\)`,
		`DefaultAt:\s+sites\.Ref\(\d+\),\s+DefaultVar:\s+varMA,\s+Name:\s+"g",`,
		`\{Name: "h"\}`,
		`Const:\s+v\.Bool\(true\),\s+Name:\s+"p",`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return s\.Var\(sites\.Ref\(\d+\), "title"\)\s+\},\s+Name:\s+"q",`,
	} {
		require.Regexp(t, want, m)
	}
	// a variable named by a Const would make its definition's literal
	// code that runs at start
	require.NotRegexp(t, `Const:\s+(v\.(True|False|Undef|Default)|&?lit\d+),`, m)
	require.NotContains(t, m, "return s.Qualified")
}

// TestParamsFunction: a class's or define's parameters are made by a
// function of their own (rt.Class.Params), not written as a literal in
// the definition's variable, whose pointers would be static data that
// each process pays for at start: one array, set element by element (a
// literal of the array would be such data too); a definition without
// parameters has no such function. A class named like another's function (m::params,
// whose variable is then classMParams2) does not clash with it.
func TestParamsFunction(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp":             "include m\n",
		"modules/m/manifests/init.pp":   "class m (String $a = 'x', $b = $m::params::c) inherits m::params { m::d { 't': } }\n",
		"modules/m/manifests/params.pp": "class m::params { $c = 1 }\n",
		"modules/m/manifests/d.pp":      "define m::d ($p = true) { notice($p) }\n",
	}
	m := generatedGo(t, files, "modules/m/")
	require.Regexp(t, `var classM = rt\.Class\{[^}]*\n\tParams: classMParams,\n`, m)
	require.Regexp(t, `func classMParams\(\) \[\]\*rt\.Parameter \{\s+var ps \[2\]rt\.Parameter\s+ps\[0\] = rt\.Parameter\{\s+Const:\s+v\.String\("x"\),\s+ConstFits:\s+true,\s+Name:\s+"a",\s+Type:\s+&tString,\s+\}\s+ps\[1\] = rt\.Parameter\{\s+DefaultAt:\s+sites\.Ref\(\d+\),\s+DefaultVar:\s+varMParamsC,\s+Name:\s+"b",\s+\}\s+return rt\.ParamsOf\(ps\[:\]\)\s+\}`, m)
	require.Regexp(t, `var defineMD = rt\.Define\{[^}]*\n\tParams: defineMDParams,\n`, m)
	require.Regexp(t, `func defineMDParams\(\) \[\]\*rt\.Parameter \{\s+var ps \[1\]rt\.Parameter\s+ps\[0\] = rt\.Parameter\{\s+Const:\s+v\.Bool\(true\),\s+Name:\s+"p",`, m)
	require.Regexp(t, `var classMParams2 = rt\.Class\{`, m)
	require.NotContains(t, m, "classMParamsParams")
	require.NotRegexp(t, `Params: \[\]\*rt\.Parameter`, m)
}

// TestConstFits: the build checks a literal default against its
// parameter's type, as Puppet's type system does (values.IsInstance), and
// records a default that fits (rt.Parameter.ConstFits) through the
// environment's type aliases, recursive ones included; a default that
// does not fit, or whose type names what may resolve otherwise at run
// time (a resource type, an unknown name, an alias whose definition
// fails), is left to the runtime's check.
func TestConstFits(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp":         "include m\n",
		"modules/m/types/ip.pp":     "type M::Ip = Pattern[/\\A\\d+(\\.\\d+){3}\\z/]\n",
		"modules/m/types/tree.pp":   "type M::Tree = Variant[String, Array[M::Tree]]\n",
		"modules/m/types/broken.pp": "type M::Broken = Variant[M::Ip, Nope::Missing]\n",
		"modules/m/manifests/d.pp":  "define m::d { }\n",
		"modules/m/manifests/init.pp": `class m (
  Optional[M::Ip] $ip = '127.0.0.1',
  M::Ip $bad = 'localhost',
  M::Tree $tree = 'leaf',
  Integer[1, 9] $small = 10,
  Enum['a', 'b'] $word = a,
  Boolean $flag = false,
  M::Broken $broken = '10.0.0.1',
  Variant[Type[M::D], String] $res = 'x',
  $untyped = 'x',
  String $computed = "${ip}",
) { }
`,
	}
	m := generatedGo(t, files, "modules/m/")
	fits := func(name string) string {
		return `Const:\s+[^\n]+,\s+ConstFits:\s+true,\s+Name:\s+"` + name + `",`
	}
	for _, name := range []string{"ip", "tree", "word", "flag"} {
		require.Regexp(t, fits(name), m)
	}
	for _, name := range []string{"bad", "small", "broken", "res", "untyped", "computed"} {
		require.NotRegexp(t, fits(name), m)
		require.Regexp(t, `\s+Name:\s+"`+name+`",`, m)
	}
}
