package gofuncs

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/rubyscan"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the generated example code")

const (
	exampleDir = "../../examples/gofunc/env/modules/greet/go"
	genFile    = "../../examples/gofunc/gen/greetfn/greet_functions.go"
)

func TestScanExample(t *testing.T) {
	p, err := Scan(exampleDir, "greet")
	require.NoError(t, err)
	assert.Equal(t, "github.com/pp2go/pp2go/examples/gofunc/env/modules/greet/go", p.ImportPath)
	type want struct{ name, sigs string }
	var got []want
	for _, f := range p.Functions {
		var sigs []string
		for _, d := range f.Dispatches {
			s := "(" + d.PuppetSig + ")"
			if d.PuppetReturn != "" {
				s += " >> " + d.PuppetReturn
			}
			sigs = append(sigs, s)
		}
		got = append(got, want{f.Name, strings.Join(sigs, " | ")})
	}
	assert.Equal(t, []want{
		{"greet::shout", "(String text, Integer[1] times?) >> String"},
		{"greet::count_words", "(String text) >> Integer | (Array[String] texts) >> Integer"},
		{"greet::map_words", "(String text, Callable[String] &block) >> Array[Any]"},
		{"greet::min", "(Integer a, Integer b) >> Integer"},
	}, got)
}

// TestEmitExample checks that the example's generated registration code is
// what Emit produces (go test -update rewrites it).
func TestEmitExample(t *testing.T) {
	p, err := Scan(exampleDir, "greet")
	require.NoError(t, err)
	src, err := Emit(p, "greetfn")
	require.NoError(t, err)
	if *update {
		require.NoError(t, os.WriteFile(genFile, src, 0o644))
	}
	want, err := os.ReadFile(genFile)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(src), "run go test ./codegen/gofuncs -update")
}

// TestScanTypes covers the type mapping and its errors on a package
// written for the test.
func TestScanTypes(t *testing.T) {
	// the package must be inside a module that can import pp2go: put it in
	// this module's tree
	dir, err := os.MkdirTemp(".", "scantest")
	require.NoError(t, err)
	defer os.RemoveAll(dir)
	src := `package scantest

import (
	"errors"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Sizes takes sized integers and floats.
func Sizes(a int8, b uint16, c float32, d uint) (int32, error) { return 0, errors.New("x") }

// Coll takes collections and optional values.
func Coll(xs []string, m map[string][]int64, v values.Value, h *values.Hash, o *bool) map[string]bool { return nil }

// Ctx takes the context, a block and repeated values.
//
//puppet:function top_level
//puppet:optional-block
func Ctx(c fn.Context, each func(int64, string), rest ...float64) {}

//puppet:ignore
func Ignored(ch chan int) {}

func unexported() {}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "f.go"), []byte(src), 0o644))
	p, err := Scan(dir, "mymod")
	require.NoError(t, err)
	var sigs []string
	for _, f := range p.Functions {
		for _, d := range f.Dispatches {
			sigs = append(sigs, f.Name+"("+d.PuppetSig+") >> "+d.PuppetReturn)
		}
	}
	assert.Equal(t, []string{
		"mymod::sizes(Integer[-128, 127] a, Integer[0, 65535] b, Numeric c, Integer[0] d) >> Integer[-2147483648, 2147483647]",
		"mymod::coll(Array[String] xs, Hash[String, Array[Integer]] m, Any v, Hash h, Optional[Boolean] o?) >> Hash[String, Boolean]",
		"top_level(Numeric rest*, Callable[Integer, String] &each?) >> ",
	}, sigs)
	_, err = Emit(p, "x")
	require.NoError(t, err)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "f.go"), []byte("package scantest\n\nfunc Bad(ch chan int) {}\n\nfunc Two() (int, int) { return 0, 0 }\n"), 0o644))
	_, err = Scan(dir, "mymod")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "func Bad: parameter ch: type chan int has no Puppet counterpart")
	assert.Contains(t, err.Error(), "func Two: a second result must be an error")
}

func TestMissingError(t *testing.T) {
	src, err := os.ReadFile("../../examples/gofunc/env/modules/greet/lib/puppet/functions/greet/shout.rb")
	require.NoError(t, err)
	fns, _ := rubyscan.Functions4x("shout.rb", string(src))
	require.Len(t, fns, 1)
	m := &Missing{
		Name:     "greet::shout",
		Sites:    []string{"modules/greet/manifests/init.pp:6:12", "manifests/site.pp:3:1"},
		Module:   "greet",
		RubyFile: "modules/greet/lib/puppet/functions/greet/shout.rb",
		Ruby:     fns[0],
	}
	assert.Equal(t, `Function 'greet::shout' has no Go implementation
  called from:
    modules/greet/manifests/init.pp:6:12
    manifests/site.pp:3:1
  it is written in Ruby in modules/greet/lib/puppet/functions/greet/shout.rb, which pp2go does not run
  write it in Go in modules/greet/go/ (package of exported functions, see codegen/gofuncs):
    //puppet:type times Integer[1]
    func Shout(text string, times *int64) string`, m.Error())

	src, err = os.ReadFile("../../examples/gofunc/env/modules/greet/lib/puppet/functions/greet/count_words.rb")
	require.NoError(t, err)
	fns, _ = rubyscan.Functions4x("count_words.rb", string(src))
	m = &Missing{Name: "greet::count_words", Module: "greet", Ruby: fns[0]}
	assert.Equal(t, "func CountWords(text string) values.Value\n\n//puppet:function greet::count_words\nfunc CountWords2(texts []string) values.Value", m.GoSignature())

	m = &Missing{Name: "mysql_password", Module: "mysql", Ruby: &rubyscan.Function{Name: "mysql_password", API: 3}}
	assert.Equal(t, "//puppet:function mysql_password\nfunc MysqlPassword(args ...values.Value) values.Value", m.GoSignature())

	m = &Missing{Name: "m::each_x", Module: "m", Ruby: &rubyscan.Function{Name: "m::each_x", API: 4, Signatures: []rubyscan.Signature{{
		Params: []rubyscan.Param{{Name: "h", Type: "Hash[String, Integer]"}, {Name: "rest", Type: "String", Kind: rubyscan.Repeated}},
		Block:  rubyscan.BlockOptional, BlockName: "blk", BlockType: "Callable[String, Integer]",
	}}}}
	assert.Equal(t, "//puppet:optional-block\nfunc EachX(h map[string]int64, blk func(p0 string, p1 int64) values.Value, rest ...string) values.Value", m.GoSignature())
}
