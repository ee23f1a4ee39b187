package codegen_test

import (
	"testing"

	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestConstantFolding: a local variable assigned a known value once, before
// a read on every path, is that value where it is read, and operations on
// known values are evaluated at build time; a variable assigned in one
// branch, read before its assignment, or shadowed by a lambda's parameter
// is read at run time, and an operation Puppet fails (an overflow) is left
// to fail there.
func TestConstantFolding(t *testing.T) {
	e := loadTree(t, map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m($p = 1) {
  notify { "early ${dir}": }
  $dir = '/etc/m'
  $port = 80
  $on = true
  notify { "${dir}/m.conf": }
  if $port * 2 + 1 > 100 and $on { notify { 'big': } }
  if $dir == '/ETC/M' { notify { 'same': } }
  $max = 9223372036854775807 + $port
  if $p == 1 { $maybe = 'x' }
  notify { "maybe ${maybe}": }
  [1].each |$dir| { notify { "lambda ${dir}": } }
  notify { 'up': message => upcase($dir) }
  $twice = $port * 2
  notify { "twice ${twice}": }
  notify { "port ${port}": message => $port < $p }
}
`,
	})
	m := moduleMWords(t, e, typecheck.Check(e, 7))
	for _, want := range []string{
		`v.String("/etc/m/m.conf")`, // interpolation of a constant
		`if true {`,                 // 80 * 2 + 1 > 100 and true
		`v.String("port 80")`,       // an Integer interpolated
		`v.String("twice 160")`,     // a read of a folded assignment
		`rt.IntArith(`,              // the overflow, left to run time
		`s.Fn(sites.Ref(`,           // a call with a known argument: bound to its dispatch
		`fnUpcaseD2, nil, v.String("/etc/m"))`,
	} {
		require.Contains(t, m, want)
	}
	// a constant in place of its read where the other operand is not known
	require.Regexp(t, `rt.Compare\(sites.Ref\(\d+\), "<", v.Int\(80\), s.Param\(`, m)
	require.NotContains(t, m, `"/ETC/M"`, "a comparison of constants is folded")
	require.Regexp(t, `"early "\), s.Local\(`, m, "a read before the assignment")
	require.Regexp(t, `"maybe "\), s.Local\(`, m, "assigned in one branch")
	require.Regexp(t, `"lambda "\), s.Var\(`, m, "a lambda's parameter")
}

// TestJoinFolding: Puppet's join of an array of known Strings is known at
// build time (a literal list, or a local assigned one), and so is a
// template text made by it, which inline_template() then translates as a
// literal one; an array with a value not known stays a call.
func TestJoinFolding(t *testing.T) {
	e := loadTree(t, map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m($p = 'p') {
  $lines = ['a', 'b']
  $sep = '-'
  notify { 'j': message => $lines.join($sep) }
  notify { 'k': message => join(['x', 'y']) }
  $body = ['<% [1, 2].each do |v| %>', '<%= v %>', '<% end %>']
  notify { 't': message => inline_template($body.join('')) }
  notify { 'u': message => join([$p, 'q'], '+') }
}
`,
	})
	m := moduleMWords(t, e, typecheck.Check(e, 7))
	require.Contains(t, m, `v.String("a-b")`)
	require.Contains(t, m, `v.String("xy")`)
	require.NotContains(t, m, `this template text is only known`)
	require.Regexp(t, `s.Fn\(sites.Ref\(\d+\), fnJoin`, m, "join of a parameter's value")
	require.NotContains(t, m, `"p+q"`)
}
