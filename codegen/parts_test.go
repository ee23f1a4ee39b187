package codegen_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestManifestParts: a module with more manifests than a package holds
// puts them in parts of 16 (ERB templates in parts of 8), in path order,
// each a package of its own that the module path's index names; an edit
// of one manifest changes the files of its part alone (and the catalog's
// version). The module's package lists its parts' templates and, for the
// index, their classes and defined types.
func TestManifestParts(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp":               "node default { include big::c05, big::c20, small }\n",
		"modules/big/manifests/init.pp":   "class big { }\n",
		"modules/small/manifests/init.pp": "class small { }\n",
	}
	for i := 1; i <= 20; i++ {
		files[fmt.Sprintf("modules/big/manifests/c%02d.pp", i)] = fmt.Sprintf("class big::c%02d { notify { 'c%02d': } }\n", i, i)
	}
	for i := 1; i <= 17; i++ {
		files[fmt.Sprintf("modules/big/templates/e%02d.erb", i)] = fmt.Sprintf("erb <%%= %d %%>\n", i)
		files[fmt.Sprintf("modules/big/templates/p%02d.epp", i)] = fmt.Sprintf("<%%- | $x = %d | -%%>\nepp <%%= $x %%>\n", i)
	}
	dir := t.TempDir()
	first := generateIn(t, dir, files).Files

	// in path order: c01-c16 in manifests1, c17-c20 and init in manifests2
	for _, name := range []string{"modules/big/manifests1/manifests_c01_pp.go", "modules/big/manifests1/manifests_c16_pp.go",
		"modules/big/manifests2/manifests_c17_pp.go", "modules/big/manifests2/manifests_init_pp.go", "modules/small/manifests_init_pp.go"} {
		require.True(t, first[name] != nil, "no %s", name)
	}
	require.True(t, first["modules/big/manifests_c01_pp.go"] == nil)
	require.Contains(t, string(first["modules/big/manifests2/pp2go.go"]),
		"// Package manifests2 holds the Go of module big's manifests/c17.pp to manifests/init.pp.\npackage manifests2")
	// the module path's index names a part's definitions by their place in
	// the module package's table, which lists the parts' in order: it does
	// not import the parts
	mp := string(first["modulepath/modulepath.go"])
	require.NotContains(t, mp, "manifests1")
	require.Contains(t, mp, `{Name: "big::c01", In: &big.Module, At: 0}`)
	require.Contains(t, mp, `{Name: "big::c20", In: &big.Module, At: 19}`)
	require.Contains(t, mp, `{Name: "big", In: &big.Module, At: 20}`)
	require.Contains(t, mp, `{Name: "small", In: &small.Module, At: 0}`)
	root := string(first["modules/big/pp2go.go"])
	require.Contains(t, root, "var module = rt.Module{\n\tClasses: []*rt.Class{\n\t\t&manifests1.ClassBigC01,")
	require.Contains(t, root, "\t\t&manifests2.ClassBigC20,\n\t\t&manifests2.ClassBig,\n\t},")
	require.Contains(t, root, "var Module any = &module\n")
	// templates: the module's package lists those of its parts
	require.Contains(t, root, `Render: erb1.ErbE01Erb,`)
	require.Contains(t, root, `Render: erb1.ErbE08Erb,`) // ERB templates go 8 to a part
	require.Contains(t, root, `Render: erb2.ErbE09Erb,`)
	require.Contains(t, root, `Render: erb3.ErbE17Erb,`)
	require.Contains(t, root, `EPP:  &epp2.EppBigP17EppDef,`)
	require.Contains(t, string(first["modules/big/epp2/templates_p17_epp.go"]), "var EppBigP17EppDef = rt.EPP{")
	// a part has no Module: the module's package registers the module
	require.NotContains(t, string(first["modules/big/manifests1/pp2go.go"]), "var Module")
	require.Contains(t, mp, "&big.Module")

	// (only the edited file written again: the module's tree records the
	// others' modification times)
	second := generateIn(t, dir, map[string]string{"modules/big/manifests/c05.pp": "class big::c05 { notify { 'c05 edited': } }\n"}).Files
	var changed []string
	for _, name := range slices.Sorted(maps.Keys(second)) {
		if string(first[name]) != string(second[name]) {
			changed = append(changed, name)
		}
	}
	for _, name := range changed {
		require.True(t, strings.HasPrefix(name, "modules/big/manifests1/") || name == "environment/environment.go", "changed: %v", changed)
	}
	require.Contains(t, changed, "modules/big/manifests1/manifests_c05_pp.go")

	// the module's files are a part too: an edit of a template changes
	// its part and the tree's (its copy, its modification time), not the
	// module's package
	require.Contains(t, root, "Trees: []rt.TreeDef{\n\t\t{Dir: \"templates\", Tree: &tree.TemplatesTree},")
	require.True(t, second["modules/big/tree/templates/e05.erb"] != nil)
	third := generateIn(t, dir, map[string]string{"modules/big/templates/e05.erb": "edited <%= 5 %>\n"}).Files
	changed = nil
	for _, name := range slices.Sorted(maps.Keys(third)) {
		if string(second[name]) != string(third[name]) {
			changed = append(changed, name)
		}
	}
	for _, name := range changed {
		require.True(t, strings.HasPrefix(name, "modules/big/tree/") || name == "modules/big/erb1/templates_e05_erb.go" || name == "environment/environment.go", "changed: %v", changed)
	}
	require.Contains(t, changed, "modules/big/erb1/templates_e05_erb.go")
	require.Contains(t, changed, "modules/big/tree/templates/e05.erb")
}

// TestBodyChunks: a body of many statements runs them in functions of
// bodyChunk (8) statements, in order; a short body stays one function.
func TestBodyChunks(t *testing.T) {
	var body strings.Builder
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&body, "  notify { 'n%02d': }\n", i)
	}
	files := map[string]string{
		"manifests/site.pp":            "include m, m::short\n",
		"modules/m/manifests/init.pp":  "class m {\n" + body.String() + "}\n",
		"modules/m/manifests/short.pp": "class m::short { notify { 'x': } }\n",
	}
	m := generatedGo(t, files, "modules/m/")
	require.Contains(t, m, "func classMBody(s *rt.Scope) {\n\tclassMBody1(s)\n\tclassMBody2(s)\n\tclassMBody3(s)\n}")
	require.Regexp(t, `func classMBody1\(s \*rt.Scope\) \{\n\ts.DeclareType\([^\n]*\n\t\tBody\([^\n]*"n01"`, m)
	require.Regexp(t, `func classMBody3\(s \*rt.Scope\) \{\n\ts.DeclareType\([^\n]*\n\t\tBody\([^\n]*"n17"`, m)
	require.Equal(t, 21, strings.Count(m, "Exec()")) // and m::short's
	require.Contains(t, m, "func classMShortBody(s *rt.Scope) {\n\ts.DeclareType(")
}
