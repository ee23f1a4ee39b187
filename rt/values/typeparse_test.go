package values

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestBuiltinType checks the lookup without allocation against the
// lookup of the strings.ToLower'd name, for names of every case, lengths
// around the buffer's, non-ASCII names and aliases.
func TestBuiltinType(t *testing.T) {
	names := []string{"Integer", "integer", "INTEGER", "iNtEgEr", "CatalogEntry", "catalogentry", "SemVerRange",
		"URI", "Uri", "NotUndef", "TypeSet", "Typeset", "Data", "Stdlib::Absolutepath", "Integerx", "",
		"Abcdefghijklmnop", "Abcdefghijklmnopq", "\u212Aey", "Str\u0130ng", "String\u212A", "Strıng", "Any"}
	for k := range builtinTypes {
		names = append(names, k, strings.ToUpper(k), strings.ToUpper(k[:1])+k[1:])
	}
	for _, n := range names {
		want, wok := builtinTypes[strings.ToLower(n)]
		got, ok := builtinType(n)
		if ok != wok || got != want {
			t.Errorf("builtinType(%q) = %v, %v; want %v, %v", n, got, ok, want, wok)
		}
	}
	if n := testing.AllocsPerRun(100, func() { builtinType("CatalogEntry") }); n != 0 {
		t.Errorf("builtinType allocates %v times", n)
	}
}

// typeTexts are type expressions as modules write them (keystone's
// environment's parameter types and aliases).
var typeTexts = []string{
	"String", "Boolean", "Optional[String]", "Integer[0, 65535]", "Stdlib::Absolutepath",
	"Enum['present', 'absent', 'latest']", "Variant[Boolean, Enum['true', 'false']]",
	"Optional[Variant[String[1], Array[String[1]]]]", "Hash[String, Variant[String, Integer]]",
	"Array[Collectd::Bind::View]", "Pattern[/^\\d+$/]", "Optional[Integer[1]]",
	"Struct[{name => String, Optional[port] => Integer[0, 65535], ensure => Enum['present', 'absent']}]",
	"Variant[Stdlib::Windowspath, Stdlib::Unixpath]", "Tuple[String, Integer, 2, 3]",
	"Class['keystone::db::postgresql']", "Anchor['nova::install::begin']", "Integer[49152, 65535]",
	"Optional[Variant[Integer[0], Pattern[/^[0-9]+[kKmMgG]?$/]]]", "Array[String[1], 1]",
}

func BenchmarkParseTypes(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range typeTexts {
			if _, err := ParseLiteral(s, nil); err != nil {
				b.Fatal(s, err)
			}
		}
	}
}

// TestDecimalInt checks decimalInt against ToNumber for the texts it
// takes, and that it leaves the others to ToNumber.
func TestDecimalInt(t *testing.T) {
	for _, s := range []string{"0", "7", "65535", "123456789012345678", "1234567890123456789", "007", "0x1F", "1e3", "1.5", "", "12a", "-1"} {
		got, ok := decimalInt(s)
		if !ok {
			continue
		}
		if want := ToNumber(String(s)); want == nil || !Equals(got, want) || fmt.Sprintf("%T", got) != fmt.Sprintf("%T", want) {
			t.Errorf("decimalInt(%q) = %v (%T), ToNumber: %v (%T)", s, got, got, want, want)
		}
	}
	for _, s := range []string{"007", "0x1F", "1e3", "1.5", "", "12a", "1234567890123456789"} {
		if _, ok := decimalInt(s); ok {
			t.Errorf("decimalInt(%q) takes it", s)
		}
	}
}

// TestQuotedStrings checks the strings of a type, quoted with and without
// escapes: single-quoted Puppet strings take \' and \\ only (other
// backslashes stay), double-quoted ones \n, \t, \r, \s, \", \\, \$ and \'.
func TestQuotedStrings(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`Enum['present', 'absent']`, []string{"present", "absent"}},
		{`Enum["a b", '']`, []string{"a b", ""}},
		{`Enum['it\'s', 'a\\b', 'c\d', 'e"f']`, []string{"it's", `a\b`, `c\d`, `e"f`}},
		{`Enum["x\ty", "q\"r", "s'u", "v\w"]`, []string{"x\ty", `q"r`, "s'u", `v\w`}},
		{`Enum['\'', 'z']`, []string{"'", "z"}},
	} {
		v, err := ParseType(c.src, nil)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		e, ok := v.(*EnumType)
		slices.Sort(c.want) // an Enum's values are sorted
		if !ok || fmt.Sprint(e.Values) != fmt.Sprint(c.want) {
			t.Errorf("%s = %#v, want Enum of %q", c.src, v, c.want)
		}
	}
	for _, src := range []string{`Enum['abc]`, `Enum['abc\']`} {
		if _, err := ParseType(src, nil); err == nil {
			t.Errorf("%s parses", src)
		}
	}
}

// TestTypeKeys checks a hash of more keys than it searches without an
// index, each a type (a Struct's, as a type alias's definition writes
// them): each key is found by an equal type, and putting a key again
// replaces its value in place.
func TestTypeKeys(t *testing.T) {
	src := "{"
	for i := range indexThreshold + 3 {
		src += fmt.Sprintf("Optional['k%d'] => %d, ", i, i)
	}
	src += "Optional['k1'] => 100}"
	v, err := ParseLiteral(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := v.(*Hash)
	if h.Len() != indexThreshold+3 || h.index == nil {
		t.Fatalf("%d entries (indexed: %v), want %d", h.Len(), h.index != nil, indexThreshold+3)
	}
	for i := range indexThreshold + 3 {
		k, err := ParseType(fmt.Sprintf("Optional['k%d']", i), nil)
		if err != nil {
			t.Fatal(err)
		}
		want := Value(Int(i))
		if i == 1 {
			want = Int(100)
		}
		if got, ok := h.Get(k); !ok || !Equals(got, want) {
			t.Errorf("Get(%s) = %v, %v; want %v", k, got, ok, want)
		}
		if !Equals(h.KeyAt(i), k) {
			t.Errorf("key %d = %s, want %s", i, h.KeyAt(i), k)
		}
	}
}
