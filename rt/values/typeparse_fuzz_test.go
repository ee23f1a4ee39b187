package values

import "testing"

// FuzzParseType: a type expression or literal (a module's Ruby dispatch,
// a type alias, a type string at run time) parses to a value or an error,
// never a panic, and a type parsed formats to text
// (go test ./rt/values -run '^$' -fuzz FuzzParseType).
func FuzzParseType(f *testing.F) {
	for _, s := range []string{
		"String", "Hash[String, Optional[Integer[0]]]", "Variant[Enum['a', 'b'], Pattern[/x\\d+/]]",
		"Struct[{name => String[1], Optional[value] => Array[Data, 1, 3]}]", "Tuple[Integer, Float[0.5], 1, default]",
		"Optional[Sensitive[String]]", "Callable[[String, Integer], Boolean]", "Resource['file', '/tmp']",
		"Class[apache]", "Iterable[Tuple[String, Any]]", "Timespan['1-00:00:00']", "Object[{name => 'X'}]",
		"Type[Variant[Undef, NotUndef[Scalar]]]", "Init[Integer, 16]", "SemVerRange['>=1.0.0']",
		"Runtime[ruby, 'Puppet::LookupContext']", "Stdlib::Absolutepath", "Integer[default, 10]",
		"Sensitive('x')", "{'a' => [1, 2.5, true, undef, default, /re/]}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ParseLiteral(src, nil)
		ParseExpression(src, nil)
		if typ, err := ParseType(src, nil); err == nil && typ.String() == "" {
			t.Fatalf("%q parses to a type with no text", src)
		}
	})
}
