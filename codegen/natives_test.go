package codegen_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNativesPackage: the module path's resource types written in Ruby are
// a package of their own, natives, which the catalog package hands the
// program; modulepath, compiled again after every module's edit, holds
// none of them, and an edit of a module's manifest leaves natives as it
// was (go build then compiles it no more).
func TestNativesPackage(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp":           "node default { include m }\n",
		"modules/m/manifests/init.pp": "class m { widget { 'w': size => 1 } }\n",
		"modules/m/lib/puppet/type/widget.rb": "Puppet::Type.newtype(:widget) do\n" +
			"  newparam(:name, :namevar => true)\n  newproperty(:size)\nend\n",
	}
	dir := t.TempDir()
	first := generateIn(t, dir, files).Files

	natives := string(first["natives/natives.go"])
	require.Contains(t, natives, "package natives")
	require.Regexp(t, `var Types = \[\]\*restype\.Type\{\{\s+Attrs: \[\]restype\.Attr\{\{\s+Kind:\s+restype\.Param,\s+Name:\s+"name",\s+Namevar: true,`, natives)
	require.Contains(t, natives, `Name:       "widget",`)
	mp := string(first["modulepath/modulepath.go"])
	require.Contains(t, mp, "&m.Module")
	require.NotContains(t, mp, "restype")
	require.NotContains(t, mp, "widget")
	require.Regexp(t, `\n\tNatives: +&natives\.Types,\n`, string(first["environment/environment.go"]))

	second := generateIn(t, dir, map[string]string{"modules/m/manifests/init.pp": "class m { widget { 'w': size => 2 } }\n"}).Files
	var changed []string
	for _, name := range slices.Sorted(maps.Keys(second)) {
		if string(first[name]) != string(second[name]) {
			changed = append(changed, name)
		}
	}
	require.Contains(t, changed, "modules/m/manifests_init_pp.go")
	require.NotContains(t, changed, "natives/natives.go")
	require.Equal(t, natives, string(second["natives/natives.go"]))
}
