package values

import (
	"reflect"
	"testing"
)

// TestBuiltinAliasesNormal: the built-in aliases Data, RichDataKey and
// RichData, which the package writes in their normal form, are what
// resolving Puppet's definitions of them makes.
func TestBuiltinAliasesNormal(t *testing.T) {
	for _, c := range []struct {
		alias *TypeAliasType
		def   Type
	}{
		{DataT, NewVariantType([]Type{ScalarDataT, UndefT, NewHashType(StringT, DataT, nil), NewArrayType(DataT, nil)})},
		{RichDataKeyT, NewVariantType([]Type{StringT, NumericT})},
		{RichDataT, NewVariantType([]Type{ScalarT, SemVerRangeT, BinaryT, SensitiveT, TypeT, TypeSetT, URIT, ObjectT, UndefT, DefaultT,
			NewHashType(RichDataKeyT, RichDataT, nil), NewArrayType(RichDataT, nil)})},
	} {
		resolved := &TypeAliasType{AliasName: c.alias.AliasName, builtin: true}
		resolved.Resolve(c.def)
		if !reflect.DeepEqual(resolved.resolved, c.alias.resolved) {
			t.Errorf("%s is %s, resolving its definition makes %s", c.alias.AliasName,
				TypeString(c.alias.resolved), TypeString(resolved.resolved))
		}
	}
}
