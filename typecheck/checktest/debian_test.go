// Package checktest runs the checker (frontend/env + typecheck/resolve)
// over real code: the Debian-packaged modules, whose every error must be a
// real defect, and the conformance scenarios, which Puppet compiled and so
// must have none.
package checktest

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

var update = flag.Bool("update", false, "rewrite testdata/debian-errors.txt from the checker's output")

const debianModules = "/usr/share/puppet/modules"

// defect says why the errors whose "file:line:col: message" matches re
// are real. Each was checked against Puppet 7.23: the sweep of every
// class (../shared/conformance/sweep/expected-*.tsv records Puppet's own
// error) or a small environment run through the oracle
// (typecheck/testdata/puppet-messages).
type defect struct {
	re     *regexp.Regexp
	reason string
}

var defects = []defect{
	{regexp.MustCompile(`yumrepo|Yumrepo`),
		"Puppet 7 ships yumrepo in the yumrepo_core module, which is not installed; the sweep records Puppet's error for apache, ceph, filebeat, galera, mongodb and openstack_extras"},
	{regexp.MustCompile(`zypprepo|Zypprepo`),
		"zypprepo is the type of a SUSE module that is not installed"},
	{regexp.MustCompile(`portage::makeconf`),
		"portage::makeconf is a define of the Gentoo portage module, which is not installed"},
	{regexp.MustCompile(`^augeas_core/manifests/.*Unacceptable location`),
		"Debian installs the augeas module (classes augeas*) in the directory augeas_core, so Puppet's validator rejects every file of it and no name of it can be loaded (oracle case m03)"},
	{regexp.MustCompile(`^postfix/.*(augeas::lens|Augeas::Lens)`),
		"augeas::lens is in augeas_core/, where Puppet cannot load it (see augeas_core); the sweep records postfix's 'Unknown resource type: 'augeas::lens''"},
	{regexp.MustCompile(`(::epel|Class\[Epel\])`),
		"no epel module is installed; the sweep records collectd's 'Could not find class ::epel'"},
	{regexp.MustCompile(`cpan`),
		"no cpan module is installed (class cpan, type cpan)"},
	{regexp.MustCompile(`^collectd/manifests/plugin/write_network.pp:.*Collectd::Plugin::Network\]: has no parameter named '(server|serverport)'`),
		"collectd::plugin::network takes a Hash $servers; server and serverport were removed"},
	{regexp.MustCompile(`Oslo::Messaging::Amqp\[congress_config\]: has no parameter named 'allow_insecure_clients'`),
		"the installed oslo::messaging::amqp has no allow_insecure_clients; the sweep records this error"},
	{regexp.MustCompile(`^galera/manifests/debian.pp:.*Unknown function: 'warn'`),
		"warn is not a Puppet function (warning is); the sweep records this error"},
	{regexp.MustCompile(`^ipaclient/manifests/sudoers.pp:.*Resource type not found: (RedHat|Debian)`),
		"bare capitalized case options are type references since Puppet 4, and no type RedHat/Debian exists (oracle: 'Resource type not found: RedHat')"},
	{regexp.MustCompile(`registry_value|svcprop`),
		"registry_value (puppetlabs-registry, Windows) and svcprop (a Solaris module) are types of modules that are not installed"},
	{regexp.MustCompile(`Apt::Source\[.*has no parameter named '(key_server|include_src)'`),
		"the installed apt::source has no key_server or include_src (replaced by the key and include hashes)"},
	{regexp.MustCompile(`Concat::Fragment.*has no parameter named 'ensure'`),
		"the installed concat::fragment has no ensure parameter (removed from puppetlabs-concat)"},
	{regexp.MustCompile(`Stdlib::(Ipv4|Ipv6|Ip_address)`),
		"the installed stdlib has no Stdlib::Ipv4, Stdlib::Ipv6 or Stdlib::Ip_address (now Stdlib::IP::Address::*); the sweep records quagga's 'Resource type not found: Stdlib::Ip_address'"},
	{regexp.MustCompile(`nagios_service`),
		"Puppet 6 moved the nagios types to the nagios_core module, which is not installed"},
	{regexp.MustCompile(`no parameter named 'value' on Sysctl\[`),
		"the installed sysctl type has name, val and target, no value; the sweep records redis's error"},
	{regexp.MustCompile(`^keystone/manifests/federation/openidc\.pp:\d+:\d+: The value '[^']*' cannot be converted to Numeric\.`),
		"keystone::federation::openidc joins the messages it fails with by +, which Puppet's arithmetic takes for numbers: a node that reaches one of those fail() calls fails with this error instead (oracle, same position)"},
	{regexp.MustCompile(`^cloudkitty/manifests/processor\.pp:\d+:\d+: Cannot reassign variable '\$collector'`),
		"cloudkitty::processor assigns its own parameter $collector in its body when it is not 'gnocchi', meaning to correct it: Puppet fails every node that gives another collector with this error (oracle: class { 'cloudkitty::processor': collector => 'prometheus' } fails so, at this position)"},
	{regexp.MustCompile(`Unknown variable: '[a-z0-9_:]+::[a-z0-9_]+'`),
		"a qualified variable names a class (or its inherited classes) that does not set it: Puppet never falls back to top scope for those (oracle), so each is undef with a warning, or an error with strict_variables (apt meant the fact $::apt_update_last_success, nova misspells tls_priority, the others name parameters their class no longer has)"},
}

// knownMissing are real defects the checker does not report yet; the
// test tolerates their absence and says when they are found.
var knownMissing = []string{}

func TestDebianModules(t *testing.T) {
	if _, err := os.Stat(debianModules); err != nil {
		t.Skip("Debian puppet-module-* packages not installed")
	}
	got := debianErrors(t)
	if *update {
		writeExpected(t, got)
	}
	data, err := os.ReadFile("testdata/debian-errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			want[l] = true
		}
	}
	gotSet := map[string]bool{}
	for _, l := range got {
		gotSet[l] = true
		if !want[l] {
			t.Errorf("new error (a false error, or a real defect to add with -update and a reason):\n  %s", l)
		}
	}
	missing := map[string]bool{}
	for _, l := range knownMissing {
		missing[l] = true
		if gotSet[l] {
			t.Logf("now found (move it from knownMissing to the expected file): %s", l)
		}
	}
	for l := range want {
		if !gotSet[l] && !missing[l] {
			t.Errorf("no longer reported: %s", l)
		}
	}
	for _, l := range got {
		if reasonOf(l) == "" {
			t.Errorf("error without a reason why it is real: %s", l)
		}
	}
}

// debianErrors checks the Debian module path and returns its errors as
// "relative/path:line:col: message [CODE]", sorted.
func debianErrors(t testing.TB) []string {
	e, err := env.LoadModulePath(debianModules, env.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res := resolve.Check(e, resolve.Options{})
	var out []string
	for _, d := range res.Diags {
		if d.Severity != diag.Error {
			continue
		}
		out = append(out, fmt.Sprintf("%s:%d:%d: %s [%s]", strings.TrimPrefix(d.File, debianModules+"/"), d.Line, d.Column, d.Message, d.Code))
	}
	sort.Strings(out)
	return out
}

func reasonOf(line string) string {
	for _, d := range defects {
		if d.re.MatchString(line) {
			return d.reason
		}
	}
	return ""
}

// writeExpected writes the errors grouped by the reason they are real.
func writeExpected(t *testing.T, errs []string) {
	var b strings.Builder
	b.WriteString("# Errors `pp2go check --modulepath /usr/share/puppet/modules` reports, grouped by why each\n")
	b.WriteString("# is a real defect (see debian_test.go). Regenerate: go test ./typecheck/checktest -run Debian -update\n")
	for _, d := range append(defects, defect{reason: "UNTRIAGED: say why it is real, or fix the checker"}) {
		var lines []string
		for _, l := range errs {
			r := reasonOf(l)
			if r == d.reason || (d.re == nil && r == "") {
				lines = append(lines, l)
			}
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n# %s\n", d.reason)
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
	}
	if err := os.WriteFile("testdata/debian-errors.txt", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCheckDebianModules is load, parse and check of the Debian
// module path, the work of `pp2go check --modulepath /usr/share/puppet/modules`.
func BenchmarkCheckDebianModules(b *testing.B) {
	if _, err := os.Stat(debianModules); err != nil {
		b.Skip("Debian puppet-module-* packages not installed")
	}
	for i := 0; i < b.N; i++ {
		e, err := env.LoadModulePath(debianModules, env.Options{})
		if err != nil {
			b.Fatal(err)
		}
		resolve.Check(e, resolve.Options{})
	}
}
