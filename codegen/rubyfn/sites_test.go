package rubyfn

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestFunctionSites: a function file's calls of Puppet functions by a
// literal name the 3.x way are r.FunctionAt of a package variable, one
// erb.Site3x for each name however often the file calls it, which binds
// the name at the first call.
func TestFunctionSites(t *testing.T) {
	src := `module Puppet::Parser::Functions
  newfunction(:sites, :type => :rvalue) do |args|
    a = function_defined_with_params([args[0]])
    b = scope.function_create_resources(['file', {}])
    function_defined_with_params([args[1]]) ? a : b
  end
end
`
	fun, err := Translate("/m/lib/puppet/parser/functions/sites.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := jen.NewFile("translated")
	fun.Emit(f, "rbfnSites", "m")
	got := f.GoString()
	for want, n := range map[string]int{
		`r.FunctionAt(rbfnSitesF1, `: 2,
		`r.FunctionAt(rbfnSitesF2, `: 1,
		`rbfnSitesF1 = &erb.Site3x{Name: "defined_with_params", Cell: &rbfnSitesCells[0]}`: 1,
		`rbfnSitesF2 = &erb.Site3x{Name: "create_resources", Cell: &rbfnSitesCells[1]}`:    1,
		`var rbfnSitesCells [2]erb.Cell`: 1,
		`r.Function(`:                    0,
	} {
		if c := strings.Count(got, want); c != n {
			t.Errorf("%d of %s, want %d, in:\n%s", c, want, n, got)
		}
	}
}

// TestConstSites: a function file's constants of Ruby's are the Value of
// a package variable, one erb.ConstRef for each constant however often
// the file names it, which looks the constant up at its first use.
func TestConstSites(t *testing.T) {
	src := `module Puppet::Parser::Functions
  newfunction(:consts, :type => :rvalue) do |args|
    raise(ArgumentError, 'no hash') unless args[0].is_a?(Hash)
    args[1].is_a?(Hash) || args[1].is_a?(String)
  end
end
`
	fun, err := Translate("/m/lib/puppet/parser/functions/consts.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := jen.NewFile("translated")
	fun.Emit(f, "rbfnConsts", "m")
	got := f.GoString()
	for want, n := range map[string]int{
		`rbfnConstsK1.Value()`: 2,
		`rbfnConstsK2.Value()`: 1,
		`rbfnConstsK3.Value()`: 1,
		`rbfnConstsK1 = &erb.ConstRef{Path: "Hash", Cell: &rbfnConstsCells[0]}`:          1,
		`rbfnConstsK2 = &erb.ConstRef{Path: "ArgumentError", Cell: &rbfnConstsCells[1]}`: 1,
		`rbfnConstsK3 = &erb.ConstRef{Path: "String", Cell: &rbfnConstsCells[2]}`:        1,
		`erb.Const(`: 0,
	} {
		if c := strings.Count(got, want); c != n {
			t.Errorf("%d of %s, want %d, in:\n%s", c, want, n, got)
		}
	}
}
