package restype_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/restype"
)

// TestComputedTitlePatterns checks the ported title patterns against the
// installed module sources they were read from, and the namevars they
// parse out of titles against what Puppet put in the module sweep's
// catalogs (magnum::keystone::domain, swift::keystone::dispersion).
func TestComputedTitlePatterns(t *testing.T) {
	dir := "/usr/share/puppet/modules/keystone/lib/puppet/type"
	if d := os.Getenv("PUPPET_MODULES"); d != "" {
		dir = filepath.Join(d, "keystone", "lib", "puppet", "type")
	}
	cases := []struct {
		typ, title string
		want       map[string]string
	}{
		{"keystone_user_role", "magnum_admin::magnum@::magnum", map[string]string{"user": "magnum_admin", "user_domain": "magnum", "domain": "magnum"}},
		{"keystone_user_role", "dispersion@services", map[string]string{"user": "dispersion", "project": "services"}},
		{"keystone_user", "magnum_admin::magnum", map[string]string{"name": "magnum_admin", "domain": "magnum"}},
		{"keystone_user", "admin", map[string]string{"name": "admin"}},
		{"keystone_tenant", "services::Default", map[string]string{"name": "services", "domain": "Default"}},
		{"keystone_service", "swift::object-store", map[string]string{"name": "swift", "type": "object-store"}},
		{"keystone_endpoint", "RegionOne/swift::object-store", map[string]string{"region": "RegionOne", "name": "swift", "type": "object-store"}},
		{"keystone_endpoint", "swift", map[string]string{"name": "swift"}},
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join(dir, c.typ+".rb"))
		if err != nil {
			t.Skipf("keystone module not installed: %v", err)
		}
		tp, ok := restype.ComputedTitlePatterns(c.typ, string(src))
		if !ok {
			t.Errorf("%s: the installed source is not the one ported", c.typ)
			continue
		}
		n := rt.Native(&restype.Type{Name: c.typ, TitlePatterns: tp})
		fields, ok := n.(interface {
			ParseTitle(string) ([]rt.TitleField, bool)
		}).ParseTitle(c.title)
		got := map[string]string{}
		for _, f := range fields {
			got[f.Name] = f.Value
		}
		if !ok || len(got) != len(c.want) {
			t.Errorf("%s[%s]: %v, want %v", c.typ, c.title, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s[%s]: %v, want %v", c.typ, c.title, got, c.want)
			}
		}
	}
	if _, ok := restype.ComputedTitlePatterns("keystone_user", "def self.title_patterns\n  something else\nend"); ok {
		t.Error("patterns applied to a source they were not read from")
	}
}
