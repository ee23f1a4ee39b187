package codegen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/stretchr/testify/assert"
)

func renderStatic(t *testing.T, text string) string {
	t.Helper()
	c := staticType(text)
	if c == nil {
		return ""
	}
	f := jen.NewFile("p")
	f.Var().Id("x").Op("=").Add(c)
	return fmt.Sprintf("%#v", f)
}

// A type of Puppet's own types is laid out as the value Puppet gives it.
func TestStaticTypeOfOwnTypes(t *testing.T) {
	for text, want := range map[string]string{
		// the default instances are the runtime's own (compared by identity)
		"String": "&values.Builtin.String",
		"Hash":   "&values.BuiltinOfAny.Hash",
		// Any, Undef and Integer's fields share an address (Any and Undef
		// have no size): each is its own
		"Optional[Any]":                    "&values.OptionalType{Type: &values.Builtin.Any}",
		"Variant[Undef, Default, Integer]": "&values.VariantType{Types: []values.Type{&values.Builtin.Undef, &values.Builtin.Default, &values.Builtin.Integer}}",
		// Integer[0] is 0 up to any size
		"Optional[Integer[0]]": "&values.OptionalType{Type: &values.IntegerType{To: math.MaxInt64}}",
		"Integer[-3, 5]":       "&values.IntegerType{From: -3, To: 5}",
		// String[1] is a String of at least one character
		"Array[String[1]]":         "&values.ArrayType{Elem: &values.StringType{Size: &values.IntegerType{From: 1, To: math.MaxInt64}}}",
		"Boolean[true]":            "&values.BooleanType{Value: true, HasValue: true}",
		"Class['apache']":          "&values.ClassType{ClassName: \"apache\"}",
		"Variant[String, Integer]": "&values.VariantType{Types: []values.Type{&values.Builtin.String, &values.Builtin.Integer}}",
	} {
		got := renderStatic(t, text)
		assert.Contains(t, got, "x = "+want, text)
	}
}

// What names an alias, a resource type or a reference resolves in the
// program, and what static data cannot hold is parsed at run time.
func TestStaticTypeLeavesTheRest(t *testing.T) {
	for _, text := range []string{
		"Stdlib::Port",          // an alias
		"Optional[Foo::Bar]",    // names one
		"File['/tmp']",          // a resource type
		"Data",                  // Puppet's own alias, compared by identity
		"Float[0.0]",            // an infinite bound
		"Optional[Array[Data]]", // holds one
		"'a string'",            // no type
		"Integer[",              // no type either
	} {
		assert.Empty(t, renderStatic(t, text), text)
	}
}

// A dispatch spec of Puppet's own types is made by a function of static
// values, each parameter with its kind; a spec naming anything else (an
// alias, a resource type) or not parsing is left to the runtime.
func TestStaticSignature(t *testing.T) {
	render := func(spec string) string {
		c := staticSignature(spec)
		if c == nil {
			return ""
		}
		f := jen.NewFile("p")
		f.Var().Id("x").Op("=").Add(c)
		return strings.Join(strings.Fields(fmt.Sprintf("%#v", f)), "") // gofmt's layout aside
	}
	got := render("Variant[String[1], Array[String[1]]] packages, Hash default_attributes?, Any args*, Callable[2, 2] &block")
	for _, want := range []string{
		"func()*values.Signature{",
		`{Kind:values.ParamRequired,Name:"packages",Type:&values.VariantType{Types:[]values.Type{&values.StringType{Size:&values.IntegerType{From:1,To:math.MaxInt64}},&values.ArrayType{Elem:&values.StringType{Size:&values.IntegerType{From:1,To:math.MaxInt64}}}}},}`,
		`{Kind:values.ParamOptional,Name:"default_attributes",Type:&values.BuiltinOfAny.Hash,}`,
		`{Kind:values.ParamRepeated,Name:"args",Type:&values.Builtin.Any,}`,
		// Callable[2, 2] as Puppet's type parser makes it
		`Block:&values.CallableType{Params:&values.TupleType{Types:[]values.Type{&values.Builtin.Unit},Size:&values.IntegerType{From:2,To:2}}},BlockName:"block",`,
	} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, "BlockOptional")
	assert.Contains(t, render("String s, &blk?"), `Block:&values.Builtin.Callable,BlockName:"blk",BlockOptional:true,`)
	for _, spec := range []string{"Stdlib::Port p", "Type[File] t", "String", "Integer[ n"} {
		assert.Empty(t, render(spec), spec)
	}
}
