package rt

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// $settings::* of a program, against `puppet config print NAME --certname
// web1.example.com` of Debian 12's puppet 7.23 run as root.
func TestSettings(t *testing.T) {
	p := NewProgram("production")
	require.NoError(t, p.SetSetting("certname", "web1.example.com"))
	require.NoError(t, p.SetSetting("modulepath", "/srv/env/modules:/usr/share/puppet/modules"))
	tab := p.settingsTable(&varTable{kind: localTable})
	get := func(name string) values.Value {
		i := tab.find(name)
		require.GreaterOrEqual(t, i, 0, name)
		return tab.vals[i]
	}
	assert.Equal(t, values.String("/var/lib/puppet/ssl/certs/web1.example.com.pem"), get("hostcert"))
	assert.Equal(t, values.String("Puppet CA: web1.example.com"), get("ca_name"))
	assert.Equal(t, values.String("/var/cache/puppet/lib/facter:/var/cache/puppet/facts"), get("factpath"))
	assert.Equal(t, values.String("/var/cache/puppet/state"), get("statedir"))
	assert.Equal(t, values.String("/etc/puppet"), get("confdir"))
	assert.Equal(t, values.String("production"), get("environment"))
	assert.Equal(t, values.String("warning"), get("strict"))
	assert.Equal(t, values.Bool(false), get("strict_variables"))
	assert.Equal(t, values.Int(8140), get("serverport"))
	assert.Equal(t, values.Float(math.Inf(1)), get("maxwaitforcert"))
	assert.Equal(t, values.String("/srv/env/modules:/usr/share/puppet/modules"), get("modulepath"))
	all, ok := get("all_local").(*values.Hash)
	require.True(t, ok)
	assert.Equal(t, 232, all.Len(), "every setting but name")

	err := p.SetSetting("strict", "error")
	assert.ErrorContains(t, err, `setting "strict" cannot be set`)
}
