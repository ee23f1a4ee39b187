package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

// unknownVarProgram is site.pp's
//
//	class a {
//	  $v = "x${nosuch}y"
//	  notify { 'n': message => $v }
//	}
//	node default { include a }
//
// reduced to its read of $nosuch (line 2, column 12).
func unknownVarProgram() *rt.Program {
	p := rt.NewProgram("production")
	p.AddCoreTypes()
	site := &rt.Site{File: &rt.File{Path: "/env/manifests/site.pp"}, Line: 2, Column: 12}
	p.AddMain(func(s *rt.Scope) { s.Var(rt.SiteRefOf(site), "nosuch") })
	p.Finish()
	return p
}

// The check: --puppet 7 --setting strict_variables=true gives
// Puppet 7.23's error, Puppet 8's defaults give it with no flags; Puppet
// 7's defaults warn. The texts are Puppet's for that manifest
// (../shared/conformance/oracle/compile-catalog, with --set
// strict_variables=true for 7.23, and under puppet8/oracle8 for 8.10).
func TestPuppetFlags(t *testing.T) {
	const unknown = "Evaluation Error: Unknown variable: 'nosuch'. (file: /env/manifests/site.pp, line: 2, column: 12) on node n1"
	compile := func(pf puppetFlags) *rt.Result {
		p := unknownVarProgram()
		require.NoError(t, pf.apply(p))
		return rt.CompileWith(p, &rt.Node{Name: "n1", Facts: values.NewHashBuilder(0).Build()})
	}
	res := compile(puppetFlags{})
	require.Error(t, res.Err, "Puppet 8's defaults: strict_variables=true")
	assert.Equal(t, unknown, res.Err.Error())

	res = compile(puppetFlags{puppet: "7"})
	require.NoError(t, res.Err, "Puppet 7's defaults warn")
	require.Len(t, res.Logs, 1)
	assert.Equal(t, "Unknown variable: 'nosuch'.", res.Logs[0].Message)

	res = compile(puppetFlags{puppet: "7", settings: []string{"strict_variables=true"}})
	require.Error(t, res.Err)
	assert.Equal(t, unknown, res.Err.Error())

	res = compile(puppetFlags{puppet: "7", settings: []string{"strict=error"}})
	require.Error(t, res.Err, "strict=error alone makes it an error too")
	assert.Equal(t, unknown, res.Err.Error())

	res = compile(puppetFlags{settings: []string{"strict_variables=false", "strict=off"}})
	require.NoError(t, res.Err)
	assert.Empty(t, res.Logs, "strict=off says nothing")

	p := unknownVarProgram()
	assert.ErrorContains(t, (&puppetFlags{puppet: "9"}).apply(p), `--puppet: unknown Puppet version "9"`)
	assert.ErrorContains(t, (&puppetFlags{settings: []string{"strict"}}).apply(p), `--setting "strict": give NAME=VALUE`)
	assert.ErrorContains(t, (&puppetFlags{settings: []string{"environment_timeout=0"}}).apply(p), `setting "environment_timeout" cannot be set`)
}

// The binary's --setting takes each setting the compiler acts on, and
// refuses a value as Puppet does, in its words (Puppet 7.23's and 8.10's
// Puppet[NAME] = VALUE).
func TestSettingFlags(t *testing.T) {
	p := unknownVarProgram()
	require.NoError(t, (&puppetFlags{settings: []string{"digest_algorithm=sha512", "disable_warnings=deprecations,undefined_variables", "data_binding_terminus=none"}}).apply(p))
	assert.Equal(t, "sha512", p.DigestAlgorithm())
	assert.True(t, p.WarningsDisabled("undefined_variables"))
	assert.False(t, p.WarningsDisabled("undefined_resources"))
	assert.EqualError(t, (&puppetFlags{settings: []string{"disable_warnings=deprecation"}}).apply(p),
		"Cannot disable unrecognized warning types 'deprecation'. Valid values are 'deprecations, undefined_variables, undefined_resources'.")
	assert.EqualError(t, (&puppetFlags{settings: []string{"digest_algorithm=sha1"}}).apply(p),
		"Invalid value 'sha1' for parameter digest_algorithm. Allowed values are 'sha256', 'sha384', 'sha512', 'sha224', 'md5'")
	assert.EqualError(t, (&puppetFlags{settings: []string{"strict_variables=yes"}}).apply(p),
		`Invalid value '"yes"' for boolean parameter: strict_variables`)
	require.True(t, p.RichData())
	require.NoError(t, (&puppetFlags{settings: []string{"rich_data=false"}}).apply(p))
	assert.False(t, p.RichData())
	assert.EqualError(t, (&puppetFlags{settings: []string{"rich_data=no"}}).apply(p),
		`Invalid value '"no"' for boolean parameter: rich_data`)
}
