package rt

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// A TypeRef the build laid out is its Static type, never its text parsed;
// another is its text parsed in the program.
func TestTypeRefStatic(t *testing.T) {
	p := NewProgram("production")
	static := &values.OptionalType{Type: &values.IntegerType{From: 0, To: 9}}
	v, err := (&TypeRef{Text: "not a type[", Static: static}).typeIn(p)
	require.NoError(t, err)
	assert.Same(t, static, v)
	assert.True(t, values.IsInstance(v.(values.Type), values.Undef))
	assert.False(t, values.IsInstance(v.(values.Type), values.Int(10)))

	v, err = (&TypeRef{Text: "Optional[Integer[0, 9]]"}).typeIn(p)
	require.NoError(t, err)
	assert.Equal(t, "Optional[Integer[0, 9]]", values.TypeString(v.(values.Type)))
	assert.True(t, values.TypeEqual(static, v.(values.Type)))
	_, err = (&TypeRef{Text: "not a type["}).typeIn(p)
	assert.Error(t, err)
}

// The default instances are the fields of values.Builtin that static data
// takes the addresses of.
func TestBuiltinTypesAreAddressable(t *testing.T) {
	assert.Same(t, values.AnyT, &values.Builtin.Any)
	assert.Same(t, values.StringT, &values.Builtin.String)
	assert.Same(t, values.HashT, &values.BuiltinOfAny.Hash)
	assert.Same(t, values.AnyT, values.ArrayT.Elem)
}
