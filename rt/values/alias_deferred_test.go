package values

import (
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deferredRegistry defines each alias as the build would register it:
// deferred when its definition resolves whatever its names name.
func deferredRegistry(t *testing.T, defs ...string) *AliasRegistry {
	t.Helper()
	r := NewAliasRegistry()
	for i := 0; i < len(defs); i += 2 {
		require.True(t, DefinitionResolves(defs[i+1]), defs[i+1])
		r.DefineDeferred(defs[i], defs[i+1])
	}
	return r
}

func TestDefinitionResolves(t *testing.T) {
	assert.True(t, DefinitionResolves("Integer[0, 65535]"))
	assert.True(t, DefinitionResolves("Variant[String, Stdlib::Port, Array[Self]]"))
	assert.True(t, DefinitionResolves("Struct[{Optional[key] => Other, value => Optional[Other]}]"))
	// an alias takes no parameters: Foo[1] resolves only if Foo is no alias
	assert.False(t, DefinitionResolves("Foo[1]"))
	// a string is no type
	assert.False(t, DefinitionResolves("'x'"))
}

// A deferred alias is not parsed until it is used, and then is the alias
// the eager registry makes.
func TestDeferredAliasParsedOnFirstUse(t *testing.T) {
	r := deferredRegistry(t, "Big", "Struct[{a => Integer, Optional[b] => Small}]", "Small", "Enum[x, y]")
	opt, err := ParseType("Optional[Big]", r)
	require.NoError(t, err)
	assert.Empty(t, r.aliases, "parsing a type that names a deferred alias resolves no definition")
	assert.True(t, IsInstance(opt, Undef), "Optional accepts undef without the alias")
	assert.Empty(t, r.aliases)
	assert.True(t, IsInstance(opt, mustValue(t, "{a => 1, b => 'x'}")))
	assert.False(t, IsInstance(opt, mustValue(t, "{a => 1, b => 'z'}")))
	assert.Contains(t, r.aliases, "big")
	assert.Equal(t, "Optional[Big]", TypeString(opt))
	big, err := ParseType("Big", r)
	require.NoError(t, err)
	// expanded, an alias prints its aliases expanded too (Puppet's
	// TypeFormatter#format_type_alias_type)
	assert.Equal(t, "Big = Struct[{'a' => Integer, Optional['b'] => Small = Enum['x', 'y']}]", TypeString(big))
}

// Aliases that refer to themselves, directly or through others, resolve
// when first used as Puppet resolves them.
func TestDeferredRecursiveAliases(t *testing.T) {
	r := deferredRegistry(t,
		"Tree", "Array[Variant[Integer, Tree]]",
		"Nested", "Variant[Integer, Array[Nested]]",
		"Self", "Variant[Self, String]",
		"Ping", "Variant[String, Array[Pong]]",
		"Pong", "Variant[Integer, Array[Ping]]",
	)
	parse := func(s string) Type {
		typ, err := ParseType(s, r)
		require.NoError(t, err)
		return typ
	}
	tree := parse("Tree")
	assert.True(t, IsInstance(tree, mustValue(t, "[1, [2, [3, []]]]")))
	assert.False(t, IsInstance(tree, mustValue(t, "[1, [2, ['x']]]")))
	assert.Equal(t, "Tree = Array[Variant[Integer, Tree]]", TypeString(tree))

	nested := parse("Optional[Nested]")
	assert.True(t, IsInstance(nested, Int(1)))
	assert.True(t, IsInstance(nested, mustValue(t, "[1, [2, [[]]]]")))
	assert.False(t, IsInstance(nested, mustValue(t, "[1, ['x']]")))
	assert.Equal(t, "Nested = Variant[Integer, Array[Nested]]", TypeString(parse("Nested")))

	// a Variant drops its references to the alias it defines
	assert.Equal(t, "Self = String", TypeString(parse("Self")))

	ping := parse("Array[Ping]")
	assert.True(t, IsInstance(ping, mustValue(t, "['a', [1, ['b', [2]]]]")))
	assert.False(t, IsInstance(ping, mustValue(t, "[1]")), "an Integer is a Pong, not a Ping")
	assert.False(t, IsInstance(ping, mustValue(t, "[['a']]")), "a String in an Array is no Pong")
	assert.True(t, IsAssignable(parse("Ping"), parse("Array[Pong]")))
	assert.False(t, IsAssignable(parse("Pong"), parse("Ping")))
}

// Concurrent first uses of recursive aliases resolve each once, without
// a deadlock or a race (go test -race).
func TestDeferredAliasConcurrentFirstUse(t *testing.T) {
	for round := 0; round < 20; round++ {
		r := deferredRegistry(t,
			"Ping", "Variant[String, Array[Pong]]",
			"Pong", "Variant[Integer, Array[Ping]]",
			"Tree", "Array[Variant[Integer, Tree]]",
		)
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				names := []string{"Ping", "Pong", "Tree"}
				typ, err := ParseType("Optional["+names[g%3]+"]", r)
				if err != nil {
					errs[g] = err
					return
				}
				v := map[int]string{0: "[1, ['b']]", 1: "['b', [3]]", 2: "[1, [2, [3]]]"}[g%3]
				if !IsInstance(typ, mustValue(t, v)) {
					errs[g] = fmt.Errorf("%s is not an instance of %s", v, TypeString(typ))
				}
				if IsInstance(typ, mustValue(t, "[[[true]]]")) {
					errs[g] = fmt.Errorf("[[[true]]] is an instance of %s", TypeString(typ))
				}
			}(g)
		}
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
		}
	}
}

// DefineKeyed's aliases are found whatever the case of the name's letters,
// as Puppet's loaders find them, and keep the name they were defined with;
// deferred or not, they are the types Define and DefineDeferred make.
func TestDefineKeyedFindsAnyCase(t *testing.T) {
	r := NewAliasRegistry()
	r.DefineKeyed("m::portno", "M::PortNo", "Integer[1, 65535]", true)
	r.DefineKeyed("m::ports", "M::Ports", "Array[M::Portno]", false)
	for _, name := range []string{"M::PortNo", "m::portno", "M::PORTNO"} {
		typ, ok := r.ResolveType(name)
		require.True(t, ok, name)
		alias, isAlias := typ.(*TypeAliasType)
		require.True(t, isAlias, name)
		assert.Equal(t, "M::PortNo", alias.AliasName, name)
		assert.True(t, IsInstance(typ, Int(80)), name)
		assert.False(t, IsInstance(typ, Int(0)), name)
	}
	typ, ok := r.ResolveType("m::PORTS")
	require.True(t, ok)
	assert.True(t, IsInstance(typ, NewArray(Int(22))))
	assert.False(t, IsInstance(typ, NewArray(Int(70000))))
}
