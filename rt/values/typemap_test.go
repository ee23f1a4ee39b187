package values

import "testing"

// The names Puppet 7's TypeParser#type_map has (and no others) need no
// loader; a text naming anything else (an alias, Data, a resource type)
// does.
func TestTypeMapOnly(t *testing.T) {
	for text, want := range map[string]bool{
		"Integer":                                               true,
		"Array[Variant[String, Integer[0]]]":                    true,
		"Optional[Hash[String, Boolean]]":                       true,
		"Struct[{a => Enum['x', 'Data'], b => Pattern[/Foo/]}]": true,
		"SemVerRange":                                           true,
		"TypeReference":                                         true,
		"Data":                                                  false,
		"RichData":                                              false,
		"Stdlib::Compat::Bool":                                  false,
		"Array[Stdlib::Port]":                                   false,
		"File":                                                  false,
		"NotAType":                                              false,
	} {
		if got := TypeMapOnly(text); got != want {
			t.Errorf("TypeMapOnly(%q) = %v, want %v", text, got, want)
		}
	}
}
