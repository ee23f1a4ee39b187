package rt

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// TestHieraWarnOnce: the warnings Hiera logs with Puppet's warn_once (a
// hiera.yaml's deprecation, a variable its hierarchy interpolates that
// does not exist) are logged once per compilation and carry their key
// (LogEntry.Once), so that serve logs them once per process; a warning of
// Puppet.warning carries none.
func TestHieraWarnOnce(t *testing.T) {
	p := NewProgram("production")
	p.Hiera = &hiera.Data{EnvName: "production", Env: &hiera.Config{
		Path: "/env/hiera.yaml", Root: "/env", Version: 5,
		Hierarchy: []*hiera.Entry{{Name: "x", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data",
			LocationKind: "path", Locations: []string{"%{nosuch}.yaml"}}},
		Warnings: []hiera.Warning{
			{Msg: "deprecated", Key: "hiera.yaml", Unless: "off"},
			{Msg: "plain"},
		},
	}}
	for _, c := range []struct {
		puppet *Release
		want   []string
	}{
		{Puppet7, []string{"deprecated/hiera.yaml", "plain/", "Undefined variable 'nosuch'; \n   (file & line not available)/Variable: nosuch"}},
		{Puppet8, []string{"deprecated/hiera.yaml", "plain/", "Interpolation failed with 'nosuch', but compilation continuing; \n   (file & line not available)/Variable: nosuch"}},
	} {
		p.SetPuppet(c.puppet)
		c8 := &Ctx{prog: p}
		c8.top = newScope(c8, nil, nil, nil)
		s := c8.top.HieraSession()
		for range 2 {
			s.Lookup(&hiera.LookupArgs{Name: values.String("k"), DefaultValue: values.Undef, HasDefault: true})
		}
		var got []string
		for _, l := range c8.Logs() {
			got = append(got, l.Message+"/"+l.Once)
		}
		assert.Equal(t, c.want, got, c.puppet.Version)
	}
}
