package codegen_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAliasKeys: a module's type alias is laid out with its name in
// lowercase (rt.TypeAliasDef.Key), the key Puppet's loaders find it by
// whatever the case of the letters it is named with.
func TestAliasKeys(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp":         "node default { }\n",
		"modules/m/types/portno.pp": "type M::PortNo = Integer[1, 65535]\n",
		"modules/m/types/ports.pp":  "type M::Ports = Array[M::Portno]\n",
	}
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	m := words(generatedGo(t, files, "m/"))
	require.Regexp(t, `\{\s+Definition: "Integer\[1, 65535\]",\s+Key:\s+"m::portno",\s+Name:\s+"M::PortNo",\s+Resolves:\s+true,\s+\}`, m)
	require.Regexp(t, `\{\s+Definition: "Array\[M::Portno\]",\s+Key:\s+"m::ports",\s+Name:\s+"M::Ports",\s+Resolves:\s+true,\s+\}`, m)
}
