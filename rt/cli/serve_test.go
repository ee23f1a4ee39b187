package cli

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

func TestServeErrors(t *testing.T) {
	p := rt.NewProgram("production")
	p.Finish()
	empty := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "give --ssldir"},
		{[]string{"--ssldir", empty + "/none", "--certname", "puppet.test"}, "the CA certificate: open " + empty + "/none/certs/ca.pem: no such file or directory"},
		{[]string{"extra", "--ssldir", empty}, `unknown command "extra"`},
	} {
		cmd := serveCommand(func() *rt.Program { return p })
		cmd.SetArgs(c.args)
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		err := cmd.Execute()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("serve %v: %v, want an error with %q", c.args, err, c.want)
		}
	}
}

func TestServerFacts(t *testing.T) {
	host := values.NewHashFromPairs(values.String("serverversion"), values.String("7.23.0"), values.String("servername"), values.String("h"), values.String("serverip"), values.String("192.0.2.1"))
	got := serverFacts(host, "h.example.com")
	if v, _ := got.GetString("servername"); v != values.String("h.example.com") {
		t.Errorf("servername %v", v)
	}
	if got.Len() != 3 {
		t.Errorf("facts %v", values.ToString(got))
	}
	if name := hostFQDN(); name == "" || strings.ToLower(name) != name {
		t.Errorf("hostFQDN() = %q", name)
	}
}
