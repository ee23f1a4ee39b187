package values

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDisjoint: types of different kinds share no value; Disjoint does not
// claim it for types it cannot tell apart by kind.
func TestDisjoint(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"String", "Integer", true},
		{"Enum['a']", "Integer[1, 2]", true},
		{"Variant[String, Integer]", "Array", true},
		{"Optional[String]", "Hash[String, String]", true},
		{"NotUndef[String]", "Undef", true},
		{"Numeric", "String", true},
		{"Collection", "Boolean", true},
		{"Type[String]", "String", true},
		{"Integer", "Float", true},
		{"String", "Enum['a']", false},
		{"String[1]", "String[0, 0]", false}, // one kind: not told apart
		{"Optional[String]", "Undef", false},
		{"Numeric", "Float", false},
		{"Collection", "Hash[String, String]", false},
		{"Any", "String", false},
		{"Scalar", "Array", false},
		{"Iterable", "String", false},
		{"Data", "Sensitive", false},
	} {
		a, err := ParseType(c.a, nil)
		require.NoError(t, err)
		b, err := ParseType(c.b, nil)
		require.NoError(t, err)
		assert.Equal(t, c.want, Disjoint(a, b), "%s, %s", c.a, c.b)
		assert.Equal(t, c.want, Disjoint(b, a), "%s, %s", c.b, c.a)
	}
}
