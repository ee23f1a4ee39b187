package rt

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// TestHieraWarnOnce: the warnings Hiera logs with Puppet's warn_once (a
// hiera.yaml's deprecation) are logged once per compilation and carry
// their key (LogEntry.Once), so that serve logs them once per process; a
// warning of Puppet.warning carries none.
func TestHieraWarnOnce(t *testing.T) {
	p := NewProgram("production")
	p.Hiera = &hiera.Data{EnvName: "production", Env: &hiera.Config{
		Path: "/env/hiera.yaml", Root: "/env", Version: 5,
		Warnings: []hiera.Warning{
			{Msg: "deprecated", Key: "hiera.yaml", Unless: "off"},
			{Msg: "plain"},
		},
	}}
	c := &Ctx{prog: p}
	c.top = newScope(c, nil, nil, nil)
	s := c.top.HieraSession()
	for range 2 {
		s.Lookup(&hiera.LookupArgs{Name: values.String("k"), DefaultValue: values.Undef, HasDefault: true})
	}
	var got []string
	for _, l := range c.Logs() {
		got = append(got, l.Message+"/"+l.Once)
	}
	assert.Equal(t, []string{"deprecated/hiera.yaml", "plain/"}, got)
}
