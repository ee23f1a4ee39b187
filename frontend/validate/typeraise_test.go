package validate_test

import (
	"testing"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/frontend/validate"
)

// TestTypeRaise checks the Ruby errors of Puppet's type parser at a unary
// minus against what Puppet::Pops::Types::TypeParser.singleton.parse(T)
// raised: Puppet 7.23 on this machine (Ruby 3.1), Puppet 8.10 through
// oracle8 (Ruby 3.3).
func TestTypeRaise(t *testing.T) {
	const hl = "\n\n    -@type_transformer.visit_this_1(self, o.expr, context)\n    ^"
	for _, c := range []struct{ src, p7, p8 string }{
		{`Variant[Integer, -default]`, "undefined method `-@' for :default:Symbol" + hl, "undefined method `-@' for an instance of Symbol"},
		{`Variant[Integer, -undef]`, "undefined method `-@' for nil:NilClass" + hl, "undefined method `-@' for nil"},
		{`Variant[Integer, -true]`, "undefined method `-@' for true:TrueClass" + hl, "undefined method `-@' for true"},
		{`Variant[Integer, -[1, "a"]]`, "undefined method `-@' for [1, \"a\"]:Array" + hl + "\nDid you mean?  -", "undefined method `-@' for an instance of Array"},
		{`Variant[Integer, -{a => 1}]`, "undefined method `-@' for {\"a\"=>1}:Hash" + hl, "undefined method `-@' for an instance of Hash"},
		{`Variant[Integer, -/x/]`, "undefined method `-@' for /x/:Regexp" + hl, "undefined method `-@' for an instance of Regexp"},
		{`Variant[-default, -undef]`, "undefined method `-@' for :default:Symbol" + hl, "undefined method `-@' for an instance of Symbol"},
		{`Integer[-1, 2]`, "", ""},
		{`Variant[Integer, String]`, "", ""},
	} {
		res, err := parser.ParseFile(source.NewFile("t.pp", "type T = "+c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		x := res.Program.Definitions[0].(*ast.TypeAlias).TypeExpr
		if got := validate.TypeRaise(x, 7); got != c.p7 {
			t.Errorf("%s, Puppet 7: got %q, want %q", c.src, got, c.p7)
		}
		if got := validate.TypeRaise(x, 8); got != c.p8 {
			t.Errorf("%s, Puppet 8: got %q, want %q", c.src, got, c.p8)
		}
	}
}
