package values

import (
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
