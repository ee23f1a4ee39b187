package codegen_test

import (
	"testing"

	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestTypedOperations: with the checker's result, comparisons and
// conditions of values it proved Integers, Strings or Booleans are Go's
// operations on v.Int, string and bool; an Optional or untyped value is
// compared with values.Equals, and ordered by rt.Compare (which fails
// where Puppet fails: strings with numbers, booleans); Integers' arithmetic
// is rt.IntArith of v.Int; a comparison of literals is folded. Without the
// result, only literals are typed.
func TestTypedOperations(t *testing.T) {
	e := loadTree(t, map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m(Integer $i = 1, Enum['a', 'b'] $e = 'a', Boolean $b = true, Optional[Integer] $o = undef, $u = 1) {
  if $i < 10 { notify { 'lt': } }
  if $e == 'A' { notify { 'eq': } }
  if $b and $i != $o { notify { 'and': } }
  unless $b == false { notify { 'unless': } }
  $x = $u < 2
  $y = versioncmp('1', '2') >= 0
  if 1 == 2 { notify { 'lit': } }
  if $i > -1 { notify { 'neg': } }
  $z = $i * 2 + $u
}
`,
	})
	typed := moduleMWords(t, e, typecheck.Check(e, 7))
	for _, want := range []string{
		`if s.Param(sites.Ref(0), 0, "i").(v.Int) < 10 {`,
		`if v.EqualsString(string(s.Param(sites.Ref(3), 1, "e").(v.String)), "A") {`,
		`if bool(s.Param(sites.Ref(6), 2, "b").(v.Bool)) && !v.Equals(s.Param(sites.Ref(7), 0, "i"), s.Param(sites.Ref(8), 3, "o")) {`,
		`if bool(s.Param(sites.Ref(11), 2, "b").(v.Bool)) {`, // unless $b == false
		`s.SetLocal(sites.Ref(14), 5, "x", rt.Compare(sites.Ref(15), "<", s.Param(sites.Ref(16), 4, "u"), v.Int(2)))`,
		`v.BoolOf((s.Fn(sites.Ref(18), fnVersioncmpD1, nil, v.String("1"), v.String("2")).(v.Int) >= 0))`,
		`if false {`, // 1 == 2, folded (fold.go)
		`if s.Param(sites.Ref(21), 0, "i").(v.Int) > -1 {`,
	} {
		require.Contains(t, typed, want)
	}
	// Integers' arithmetic is rt.IntArith's; with an untyped operand, s.Arith's
	require.Regexp(t, `s.Arith\(pos\(\d+\), "\+", rt.IntArith\(sites.Ref\(\d+\), "\*", s.Param\(sites.Ref\(\d+\), 0, "i"\).\(v.Int\), 2\), s.Param\(`, typed)
	untyped := moduleMWords(t, e, nil)
	for _, want := range []string{
		`if rt.Truthy(rt.Compare(sites.Ref(0), "<", s.Param(sites.Ref(1), 0, "i"), v.Int(10))) {`,
		`if v.Equals(s.Param(sites.Ref(4), 1, "e"), v.String("A")) {`,
		`if rt.Truthy(s.Param(sites.Ref(7), 2, "b")) && !v.Equals(`,
		`if !v.Equals(s.Param(sites.Ref(12), 2, "b"), v.False) {`,
		`if 1 == 2 {`,
	} {
		require.Contains(t, untyped, want)
	}
	require.NotContains(t, untyped, ".(v.")
}
