package rt

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// capitalizeTypeName returns most names unchanged; the answers are those of
// Puppet's munge_type_name (split on "::", each segment capitalized).
func TestCapitalizeTypeName(t *testing.T) {
	for in, want := range map[string]string{
		"File":                          "File",
		"file":                          "File",
		"apache::vhost":                 "Apache::Vhost",
		"Apache::Vhost":                 "Apache::Vhost",
		"::apache::vhost":               "Apache::Vhost",
		"APACHE::VHOST":                 "Apache::Vhost",
		"Apache::vhost":                 "Apache::Vhost",
		"ApacHe":                        "Apache",
		"a:::b":                         "A::" + ":b",
		"Keystone::Resource::Authtoken": "Keystone::Resource::Authtoken",
		"_private::x1":                  "_private::X1",
		"Élan":                          "Élan",
		"élan::x":                       "Élan::X",
		"":                              "",
	} {
		assert.Equal(t, want, capitalizeTypeName(in), in)
	}
}
