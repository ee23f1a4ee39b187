package resolve

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/rt/values"
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

// TestFactKinds: an operation Puppet fails for a fact of the kind
// Facter's schema gives it is a warning, with Puppet's message (Puppet
// 7.23's for cases t51 and t52 of ../testdata/puppet-messages, and the
// Debian 12 sweep's outcome for monit's params.pp:26:35, which compares
// $::lsbmajdistrelease with 8; t54 and t55 for a function's argument and a
// class parameter) at Puppet's position, and a hint naming the fact; a
// local of a fact's name is no fact.
func TestFactKinds(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"manifests/site.pp": `if $facts['os']['release']['major'] >= 12 { notice('new') }
if $::processorcount =~ /^[0-9]+$/ { notice('cpus') }
if $facts['processors']['count'] > $facts['os']['release']['major'] { notice('many') }
notice(split($facts['processors']['count'], ''))
class cpus(String $cpus) {}
class { 'cpus': cpus => $facts['processors']['count'] }
class d {
  $processorcount = '4'
  if $processorcount =~ /^[0-9]+$/ { notice('cpus') }
}
include d
`,
	})
	res := check(t, dir, env.Options{BaseModulePath: filepath.Join(dir, "none")}, Options{})
	var got []string
	for _, d := range res.Diags {
		assert.Equal(t, diag.Warning, d.Severity, d.Message)
		got = append(got, fmt.Sprintf("%d:%d: %s (%s)", d.Line, d.Column, d.Message, d.Hint))
	}
	assert.Equal(t, []string{
		"1:37: Comparison of: String >= Integer, is not possible. Caused by 'A String is not comparable to a non String'. (Facter's os.release.major fact is a String: a node whose facts have it so fails here)",
		"2:4: Left match operand must result in a String value. Got an Integer. (Facter's processorcount fact is an Integer: a node whose facts have it so fails here)",
		"3:34: Comparison of: Integer > String, is not possible. Caused by 'A Numeric is not comparable to non Numeric'. (Facter's processors.count fact is an Integer: a node whose facts have it so fails here)",
		"4:8: 'split' parameter 'str' expects a String value, got Integer (Facter's processors.count fact is an Integer: a node whose facts have it so fails here)",
		"6:1: Class[Cpus]: parameter 'cpus' expects a String value, got Integer (Facter's processors.count fact is an Integer: a node whose facts have it so fails here)",
	}, got)
}

// TestConverted3x checks what a 3.x function may return of an argument
// of each type. Puppet 7.23 gives back (type(pick(v, 'x'))) an undef as
// an empty string, a Regexp, SemVer, SemVerRange, Timestamp or Timespan
// as a String, Class['c'] as Class['C'], an array's or hash's undef as
// undef, the rest as it was, but that the function may change a String,
// an Array's or a Hash's contents in place (t89) (cases t85-t89 compile
// under 7.23 and 8.10).
func TestConverted3x(t *testing.T) {
	cases := []struct {
		typ     string
		noEmpty bool
		want    string // "-": not known; "": none of it
	}{
		{"Undef", false, "String"},
		{"Undef", true, ""},
		{"Optional[String]", false, "String"},
		{"Optional[Integer]", false, "Variant[Integer, String]"},
		{"Optional[Integer]", true, "Integer"},
		{"Integer[1, 1]", false, "Integer[1, 1]"},
		{"Enum['a', 'b']", false, "String"},
		{"Array[Optional[Integer]]", false, "Array"},
		{"Struct[{'a' => String}]", false, "Hash"},
		{"Data", false, "Variant[Numeric, Boolean, String, Array, Hash]"},
		{"Regexp", false, "String"},
		{"Variant[SemVer, Timespan]", false, "String"},
		{"Type[Class['c']]", false, "Type"},
		{"Array[Regexp]", false, "-"},
		{"Hash[Integer, String]", false, "-"},
		{"Sensitive[String]", false, "-"},
		{"Any", false, "-"},
		{"Default", false, "-"},
	}
	for _, c := range cases {
		typ, err := values.ParseLiteral(c.typ, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.typ, err)
		}
		got, known := converted3x(typ.(values.Type), c.noEmpty)
		s := "-"
		if known {
			s = ""
			if got != nil {
				s = got.String()
			}
		}
		assert.Equal(t, c.want, s, "%s (noEmpty %v)", c.typ, c.noEmpty)
	}
}
