package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// strictEnv is an environment whose module 'broken' has errors: a class
// misplaced for its file (Puppet's "Unacceptable location") and a class
// that includes one that does not exist; 'bad' does not parse. The node
// code is site.
func strictEnv(t *testing.T, site string, more map[string]string) string {
	files := map[string]string{
		"environment.conf":                   "modulepath = modules\n",
		"manifests/site.pp":                  site,
		"modules/good/manifests/init.pp":     "class good { notify { 'good': } }\n",
		"modules/broken/manifests/init.pp":   "class broken { }\n",
		"modules/broken/manifests/wrong.pp":  "class broken::elsewhere { }\n",
		"modules/broken/manifests/inc.pp":    "class broken::inc { include nope }\n",
		"modules/bad/manifests/init.pp":      "class bad {\n",
		"modules/viadefine/manifests/d.pp":   "define viadefine::d { include nope2 }\n",
		"modules/viafunction/functions/f.pp": "function viafunction::f() { include nope3 }\n",
	}
	for p, text := range more {
		files[p] = text
	}
	return writeEnv(t, files)
}

// generateStrict runs generate with --strict and returns its output.
func generateStrict(t *testing.T, dir string) (string, error) {
	var out bytes.Buffer
	// The outcomes were checked against Puppet 7.23.
	ef := &envFlags{baseModulePath: t.TempDir(), environment: "production", hieraConfig: "/nonexistent/hiera.yaml", puppetFlags: puppetFlags{puppet: "7"}}
	_, err := generate(&out, dir, ef, true, "")
	return out.String(), err
}

// hieraCommon is a Hiera 5 configuration with one level, common.yaml.
const hieraCommon = "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n"

// --strict fails on the errors of code that nodes can reach, and only on
// those. Puppet 7.23 (the oracle's compile-catalog) compiles the node that
// includes good, and fails as the errors say on the ones that include
// broken::wrong, bad, or broken::inc through Hiera; with a computed name
// ("broken::${...}") it fails on the nodes whose fact names broken::inc,
// so the whole module counts as reached.
func TestStrictJudgesReachableCode(t *testing.T) {
	out, err := generateStrict(t, strictEnv(t, "node default { include good }\nclass unused { include nope4 }\n", nil))
	require.NoError(t, err, out)
	require.Contains(t, out, "Could not find class ::nope4 (in code no node reaches)", "a class of the main manifest no node includes")
	require.Contains(t, out, "Unacceptable location. The name 'broken::elsewhere' is unacceptable in file")
	require.Contains(t, out, "(in code no node reaches)")
	require.Contains(t, out, "Could not find class ::nope (in code no node reaches)")
	require.Contains(t, out, "Note: --strict fails on errors in code that nodes can reach; ")

	for _, tc := range []struct {
		name, site, want string
		more             map[string]string
	}{
		{"include", "node default { include broken::inc }\n", "Could not find class ::nope", nil},
		{"class resource", "class { 'broken::inc': }\n", "Could not find class ::nope", nil},
		{"top-level code", "node default { }\ninclude nope4\n", "Could not find class ::nope4", nil},
		{"contain in a class", "node default { include role }\nclass role { contain 'broken::inc' }\n", "Could not find class ::nope", nil},
		{"misplaced class", "node default { include broken::wrong }\n", "Unacceptable location. The name 'broken::elsewhere'", nil},
		{"file that does not parse", "node /web/ { include bad }\n", "modules/bad/manifests/init.pp: Syntax error at end of input", nil},
		{"defined type", "viadefine::d { 'x': }\n", "Could not find class ::nope2", nil},
		{"function", "$x = viafunction::f()\n", "Could not find class ::nope3", nil},
		{"Hiera classes", "lookup('classes', Array[String], 'unique', []).include\n", "Could not find class ::nope",
			map[string]string{"data/common.yaml": "classes:\n  - good\n  - broken::inc\n", "hiera.yaml": hieraCommon}},
		{"interpolated module prefix", "node default { include \"broken::${facts['x']}\" }\n", "Could not find class ::nope", nil},
		{"computed name", "node default { include $facts['role'] }\n", "Could not find class ::nope", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := generateStrict(t, strictEnv(t, tc.site, tc.more))
			require.Error(t, err, "reachable errors stop --strict:\n%s", out)
			require.Regexp(t, `(?m)^Error: .*`+regexpQuote(tc.want), out)
		})
	}

	out, err = generateStrict(t, strictEnv(t, "node default { include $facts['role'] }\n", nil))
	require.Error(t, err)
	require.Contains(t, out, "Note: --strict judged all code as reachable: a class name is computed at run time at ")
	require.Contains(t, out, "manifests/site.pp:1:24")

	out, err = generateStrict(t, strictEnv(t, "lookup('classes', Array[String], 'unique', []).include\n",
		map[string]string{"data/common.yaml": "classes:\n  - good\n", "hiera.yaml": hieraCommon}))
	require.NoError(t, err, "Hiera lists only good:\n%s", out)
}

func regexpQuote(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		if bytes.ContainsRune([]byte(`\.+*?()|[]{}^$`), r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
