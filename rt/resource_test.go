package rt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt/values"
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

// TestNotTagASCII: a string notTagASCII rejects is no valid tag, and the
// tags titleTagsOf gives are validTag's.
func TestNotTagASCII(t *testing.T) {
	cases := []string{"", "a", "A", "_", "0", "keystone", "apache::mod::ssl", "a.b-c:d", "/etc/x", "DEFAULT/admin_token",
		"keystone-manage bootstrap", ":a", ".a", "-a", "a b", "a\n", "\n", "a\nb", "é", "aé", "a/é", "é/", "Ⅻ", "a\x00", "a[b]", "ÀB::c"}
	for _, s := range cases {
		if notTagASCII(s) && validTag(s) {
			t.Errorf("notTagASCII(%q) rejects a valid tag", s)
		}
		if values.IsASCII(s) && !strings.Contains(s, "\n") && notTagASCII(s) == validTag(s) {
			t.Errorf("notTagASCII(%q) disagrees with validTag on an ASCII string", s)
		}
		var want []string
		if validTag(s) {
			want = []string{strings.ToLower(s)}
			if strings.Contains(want[0], "::") {
				want = append(want, strings.Split(want[0], "::")...)
			}
		}
		if got := titleTagsOf(s); strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("titleTagsOf(%q) = %q, want %q", s, got, want)
		}
	}
}
