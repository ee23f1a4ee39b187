package all

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// TestStaticSignatures checks that the signature the build wrote for a
// spec of the library's functions (fn.StaticSignature) is the one Puppet's
// type syntax gives it (fn.ParseSpec, as a first call parses it), and that
// the build wrote one for the common specs of Puppet's own types.
func TestStaticSignatures(t *testing.T) {
	parse := func(text string) (values.Type, error) { return values.ParseType(text, nil) }
	made := 0
	for _, name := range fn.Names() {
		for _, d := range fn.Lookup(name).Dispatches {
			s := fn.StaticSignature(d.Spec())
			if s == nil {
				continue
			}
			made++
			want, err := fn.ParseSpec(d.Spec(), parse)
			if assert.NoError(t, err, d.Spec()) {
				assert.Equal(t, want, s, "%s: %s", name, d.Spec())
			}
		}
	}
	assert.Greater(t, made, 50)
	for _, spec := range []string{"Iterable enumerable, Callable[1,1] &block", "Any a, Any b, Any ignore_case*"} {
		assert.NotNil(t, fn.StaticSignature(spec), spec)
	}
	assert.Nil(t, fn.StaticSignature("Stdlib::Port p"), "an alias resolves in the program")
	assert.Nil(t, fn.StaticSignature("String unknown_spec_of_no_function"))
}
