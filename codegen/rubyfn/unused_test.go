package rubyfn

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// Puppet::Parser::Functions.function(:x) as a statement is PuppetLoad3x,
// which makes no method name; as a value it is PuppetFunction3x.
func TestUnusedValues(t *testing.T) {
	src := `module Puppet::Parser::Functions
  newfunction(:unused, :type => :rvalue) do |args|
    Puppet::Parser::Functions.function(:notice)
    f = Puppet::Parser::Functions.function(:warning)
    [f]
  end
end
`
	fun, err := Translate("/m/lib/puppet/parser/functions/unused.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := jen.NewFile("translated")
	fun.Emit(f, "rbfnUnused", "m")
	got := f.GoString()
	for _, want := range []string{
		`r.PuppetLoad3x(erb.Symbol("notice"))`,
		`f = r.PuppetFunction3x(erb.Symbol("warning"))`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in:\n%s", want, got)
		}
	}
}
