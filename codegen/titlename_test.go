package codegen_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTitleNameByNumber: a class's or define's body reads $title and
// $name, which every instance's scope binds before its parameters, by
// their numbers after the parameters and the locals (rt's paramLayout
// numbers them alike), except where a lambda's parameter of the name
// hides them, and in a parameter's default (which runs over the
// parameter table).
func TestTitleNameByNumber(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": "m::d { 'a': }\n",
		"modules/m/manifests/d.pp": `define m::d ($p = $name) {
  $x = "${title}/${name}"
  [1].each |$name| { notice($name) }
  notice($p, $x)
}
`,
	}
	m := generatedGo(t, files, "modules/m/")
	for _, want := range []string{
		`s\.Local\(sites\.Ref\(\d+\), 2, "title"\)`,
		`s\.Local\(sites\.Ref\(\d+\), 3, "name"\)`,
		`fnNotice\w*, nil, s\.Var\(sites\.Ref\(\d+\), "name"\)`,
		`Default: func\(s \*rt\.Scope\) v\.Value \{\s+return s\.Var\(sites\.Ref\(\d+\), "name"\)`,
	} {
		require.Regexp(t, want, m)
	}
}
