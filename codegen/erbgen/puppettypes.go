package erbgen

import (
	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/erb"
)

// typesPkg is where Puppet's type system classes live in Ruby.
const typesPkg = "Puppet::Pops::Types::"

// puppetTypesCall translates the calls of Puppet's type system that
// module functions make (stdlib's validate_legacy), ok false for any
// other call: TypeParser.new.parse(s[, loader]) (or .singleton),
// TypeCalculator.instance?(t, v), .infer_set(v), .infer(v), and
// TypeMismatchDescriber.new.describe_mismatch(name, expected, actual).
func (t *translator) puppetTypesCall(x *erb.Call) (*jen.Statement, bool) {
	if t.api == 0 || x.Block != nil || x.Recv == nil {
		return nil, false
	}
	class := ""
	switch r := x.Recv.(type) {
	case *erb.Const:
		class = constPath(r)
	case *erb.Call:
		// TypeParser.new, TypeParser.singleton: the instance
		if c, ok := r.Recv.(*erb.Const); ok && len(r.Args) == 0 && r.Block == nil && (r.Name == "new" || r.Name == "singleton") {
			class = constPath(c) + "#"
		}
	}
	method := map[string]string{
		typesPkg + "TypeParser#parse":                        "PuppetTypeParse",
		typesPkg + "TypeCalculator.instance?":                "PuppetTypeInstance",
		typesPkg + "TypeCalculator.infer_set":                "PuppetTypeInferSet",
		typesPkg + "TypeCalculator.infer":                    "PuppetTypeInfer",
		typesPkg + "TypeMismatchDescriber#describe_mismatch": "PuppetDescribeMismatch",
	}
	sep := "."
	if len(class) > 0 && class[len(class)-1] == '#' {
		sep = ""
	}
	goName, ok := method[class+sep+x.Name]
	if !ok {
		return nil, false
	}
	args, blk := t.callArgs(x.Args)
	if blk != nil {
		t.unsupported(x, "a block argument to %s", x.Name)
	}
	return t.lineFor(x).call(goName, args...), true
}
