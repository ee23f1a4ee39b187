package resolve

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
)

// TestTypeMismatch checks the literal values and defaults that declared
// parameter types reject (an alias the environment defines stands for its
// definition; an unknown one is not checked). The messages are Puppet 7.23's for the same
// code (puppet apply: "Evaluation Error: Error while evaluating a Resource
// Statement, Foo[one]: parameter 'port' expects an Integer value, got
// String", and likewise for the others).
func TestTypeMismatch(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"manifests/site.pp": `
define foo(Integer $port = 1, Enum['a','b'] $mode = 'a', Array[String] $names = [], Stdlib::Port $aliased = 1, Unknown::Alias $unknown = 1) { }
class bar(Integer $p = 1, Optional[String] $o = undef) { }
class baz(Integer $p = 'x') { }
class inhiera(Integer $p = 'x') { }
define quux(Boolean $b = 'yes') { }
foo { 'one': port => '80' }
foo { 't': mode => 'c' }
foo { 'fine': port => 80, mode => b, names => ['x'], unknown => 'not checked' }
foo { 'alias': aliased => 'eighty' }
foo { 'var': port => $facts['x'], mode => "${facts['y']}" }
foo { 'undef': port => undef }
class { 'bar': p => [1] }
class { 'bar': p => 2, o => undef }
`,
		"modules/stdlib/types/port.pp": "type Stdlib::Port = Integer[0, 65535]\n",
		"hiera.yaml":                   "---\nversion: 5\n",
		"data/common.yaml":             "inhiera::p: 3\n",
	})
	res := check(t, dir, env.Options{BaseModulePath: filepath.Join(dir, "none")}, Options{})
	var mismatches diag.List
	for _, d := range res.Diags {
		if d.Code == TypeMismatch {
			mismatches = append(mismatches, d)
		}
	}
	assert.ElementsMatch(t, []string{
		"Foo[one]: parameter 'port' expects an Integer value, got String",
		"Foo[t]: parameter 'mode' expects a match for Enum['a', 'b'], got 'c'",
		"Class[Bar]: parameter 'p' expects an Integer value, got Tuple",
		"Foo[alias]: parameter 'aliased' expects a Stdlib::Port = Integer[0, 65535] value, got String",
	}, messages(mismatches, diag.Error))
	assert.ElementsMatch(t, []string{
		"Class[Baz]: parameter 'p' expects an Integer value, got String",
		"Quux: parameter 'b' expects a Boolean value, got String",
	}, messages(mismatches, diag.Warning))
}
