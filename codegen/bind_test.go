package codegen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestBoundCalls: a call of a core function whose dispatch the literal
// arguments prove is bound to it at build time (a FuncRef with its
// Dispatch), with the arguments known at run time that it checks when the
// dispatch is the only one that may accept the call (Check: versioncmp's
// first); a call whose dispatch depends on a value known at run time
// (empty's), a call that no dispatch accepts (it fails at run time, if it
// runs), a call with a lambda or a splat, and a module's function are
// not.
func TestBoundCalls(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": `node default {
  include m
  $a = versioncmp('1', '2')
  $b = versioncmp($a, '2')
  $c = [1].map |$x| { $x }
  $d = versioncmp(*['1', '2'])
  $e = m::f(1)
  $f = versioncmp(1, '2')
  $g = empty($a)
}
`,
		"modules/m/manifests/init.pp": "class m { }\n",
		"modules/m/functions/f.pp":    "function m::f(Any $x) { $x }\n",
	}
	// spaces as one: gofmt aligns the references' block
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	site := words(generatedGo(t, files, "site"))
	for _, want := range []string{
		`fnIncludeD1 = &rt.FuncRef{Name: "include", Dispatch: 1, Cell: &cells[0]}`,
		`s.Fn(sites.Ref(0), fnIncludeD1, nil, v.String("m"))`,
		`s.Fn(sites.Ref(2), fnVersioncmpD1, nil, v.String("1"), v.String("2"))`,
		`fnVersioncmpD1Check1 = &rt.FuncRef{Name: "versioncmp", Dispatch: 1, Check: 0x1, Cell: &cells[2]}`,
		`s.Fn(sites.Ref(4), fnVersioncmpD1Check1, nil, s.Var(sites.Ref(5), "a"), v.String("2"))`,
		`s.Fn(sites.Ref(9), fnMap, s.Lambda(`,
		`s.Fn(sites.Ref(11), fnVersioncmp, nil, rt.Args(rt.Splat(&lit3))...)`,
		`s.Fn(sites.Ref(13), fnMF, nil, v.Int(1))`,
		`s.Fn(sites.Ref(15), fnVersioncmp, nil, v.Int(1), v.String("2"))`,
		`s.Fn(sites.Ref(17), fnEmpty, nil, s.Var(sites.Ref(18), "a"))`,
	} {
		require.Contains(t, site, words(want))
	}
}

// TestTypedBoundCalls: with the checker's result, the types it proved
// arguments have bind calls too: a parameter that takes every value of its
// argument's type checks nothing at run time (join's Array of an
// Array[String] parameter, versioncmp's String of a String one), and a
// dispatch whose parameter takes no value of that type is passed over
// (empty's Collection dispatch for a String). A defined type's $title is
// not typed. Without the result, the same calls check their arguments or
// are not bound.
func TestTypedBoundCalls(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m(Array[String] $names = [], String $s = '1') {
  $j = join($names, ',')
  $k = versioncmp($s, '2')
  $l = empty($s)
  $u = join($facts['x'], ',')
}
`,
		"modules/m/manifests/t.pp": `define m::t() {
  $v = versioncmp($title, '1')
}
`,
	}
	e := loadTree(t, files)
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	gen := func(checked *typecheck.Result) string { return moduleMWords(t, e, checked) }
	typed := gen(typecheck.Check(e, 7))
	for _, want := range []string{
		`s.Fn(sites.Ref(1), fnJoinD1, nil, s.Param(sites.Ref(2), 0, "names"), v.String(","))`,
		`s.Fn(sites.Ref(4), fnVersioncmpD1, nil, s.Param(sites.Ref(5), 1, "s"), v.String("2"))`,
		`s.Fn(sites.Ref(7), fnEmptyD3, nil, s.Param(sites.Ref(8), 1, "s"))`,
		`fnJoinD1Check1, nil, s.Access(`, // $facts['x'] may be anything
		// create_resources gives $title a hash's Integer key as it is
		`fnVersioncmpD1Check1, nil, s.Local(`,
	} {
		require.Contains(t, typed, words(want))
	}
	untyped := gen(nil)
	for _, want := range []string{
		`s.Fn(sites.Ref(1), fnJoinD1Check1, nil, s.Param(sites.Ref(2), 0, "names"), v.String(","))`,
		`s.Fn(sites.Ref(4), fnVersioncmpD1Check1, nil, s.Param(sites.Ref(5), 1, "s"), v.String("2"))`,
		`s.Fn(sites.Ref(7), fnEmpty, nil, s.Param(sites.Ref(8), 1, "s"))`,
	} {
		require.Contains(t, untyped, words(want))
	}
}

// generate writes files (as writeTree) to a new directory and generates the
// environment's Go for Puppet 7, failing the test on any error.
func generate(t *testing.T, files map[string]string) *codegen.Result {
	t.Helper()
	return generateIn(t, t.TempDir(), files)
}

// generateIn is generate with the files written under dir.
func generateIn(t *testing.T, dir string, files map[string]string) *codegen.Result {
	t.Helper()
	writeTree(t, dir, files)
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Puppet: 7})
	require.NoError(t, err)
	require.Empty(t, res.Diags.Errors())
	return res
}

// generatedGo is the text of the Go files generate makes whose path
// contains part, concatenated.
func generatedGo(t *testing.T, files map[string]string, part string) string {
	t.Helper()
	var text string
	for name, b := range generate(t, files).Files {
		if strings.Contains(name, part) && strings.HasSuffix(name, ".go") {
			text += string(b)
		}
	}
	return text
}

// writeTree writes files (slash-separated paths relative to dir, and their
// text) under dir, making their directories.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// TestInferredBoundCalls: the types the checker infers for a local
// assigned on every path before its use, a literal array, an if's value
// and a Hash's value bind calls to the dispatch that takes them, checking
// nothing at run time where every value of the type is taken.
func TestInferredBoundCalls(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m(Array[String] $names = [], String $s = '1', Hash[String, Array[String]] $h = {}) {
  if $facts['x'] { $list = $names } else { $list = [$s, 'b'] }
  $a = join($list, '1')
  $b = join([$s, 'c'], '2')
  $iv = if $facts['y'] { $s } else { 'z' }
  $c = empty($iv)
  $d = join($h['k'], '3')
  if $facts['z'] { $maybe = $names }
  $e = join($maybe, '4')
}
`,
	}
	e := loadTree(t, files)
	text := moduleMWords(t, e, typecheck.Check(e, 7))
	for _, want := range []string{
		`fnJoinD1, nil, s.Local(sites.Ref(`, // $list: Array[String] or Tuple[String, String]
		`fnJoinD1, nil, s.ArrayCopy(`,       // [$s, 'c']
		`fnEmptyD3, nil, s.Local(`,          // $iv: String
		`fnJoinD1Check1, nil, s.Access(`,    // $h['k'] may be undef
	} {
		require.Contains(t, text, want)
	}
	require.Regexp(t, `fnJoinD1Check1, nil, s.Local\(sites.Ref\(\d+\), \d+, "maybe"\)`, text) // $maybe may not be assigned
}

// TestArgumentResultBoundCalls: a 3.x Ruby function that returns one of
// its arguments (stdlib's pick) gives a value of the arguments' kinds,
// which binds calls; an Array argument's elements may change in place,
// so a parameter that wants Strings in it still checks them.
func TestArgumentResultBoundCalls(t *testing.T) {
	files := map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m(String $s = 'a') {
  $u = upcase(m_pick($s, 'b'))
  $r = regsubst(m_pick([$s], ['b']), 'a', 'c')
}
`,
		"modules/m/lib/puppet/parser/functions/m_pick.rb": `module Puppet::Parser::Functions
  newfunction(:m_pick, :type => :rvalue) do |args|
    args = args.compact
    args.delete('')
    raise Puppet::ParseError, 'm_pick(): none' if args[0].to_s.empty?
    return args[0]
  end
end
`,
	}
	e := loadTree(t, files)
	text := moduleMWords(t, e, typecheck.Check(e, 7))
	require.Contains(t, text, `fnUpcaseD2, nil, s.Fn(`)         // a String: upcase's String dispatch
	require.Contains(t, text, `fnRegsubstD1Check1, nil, s.Fn(`) // an Array: its elements checked
}

// loadTree loads an environment of files, without a base module path.
func loadTree(t *testing.T, files map[string]string) *env.Env {
	dir := t.TempDir()
	writeTree(t, dir, files)
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	return e
}

// moduleMWords is the Go that codegen generates for module m of e, as
// Puppet 7 with the checker's result checked (nil: none), its words
// separated by one space.
func moduleMWords(t *testing.T, e *env.Env, checked *typecheck.Result) string {
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Puppet: 7, Checked: checked})
	require.NoError(t, err)
	var text string
	for name, b := range res.Files {
		if strings.Contains(name, "modules/m") && strings.HasSuffix(name, ".go") {
			text += string(b)
		}
	}
	return strings.Join(strings.Fields(text), " ")
}

// TestProvenAttrs: an attribute whose value the checker proves its
// parameter's type accepts is declared with ProvenAttr, which binding
// does not check again; the others with Attr.
func TestProvenAttrs(t *testing.T) {
	e := loadTree(t, map[string]string{
		"manifests/site.pp": "include m\n",
		"modules/m/manifests/init.pp": `class m(String $s = 'a') {
  m::d { 't': i => 1, s => $s, p => $s }
}
`,
		"modules/m/manifests/d.pp": "define m::d(Integer $i, String $s, Pattern[/^a/] $p) { }\n",
	})
	text := moduleMWords(t, e, typecheck.Check(e, 7))
	require.Contains(t, text, `ProvenAttr(sites.Ref(`)
	require.Regexp(t, `ProvenAttr\(sites.Ref\(\d+\), "i", v.Int\(1\)\)`, text)
	require.Regexp(t, `ProvenAttr\(sites.Ref\(\d+\), "s", s.Param\(`, text)
	require.Regexp(t, `\bAttr\(sites.Ref\(\d+\), "p", s.Param\(`, text) // a String may not match
	require.NotContains(t, moduleMWords(t, e, nil), "ProvenAttr(")
}
