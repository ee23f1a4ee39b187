package rt

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

func strs(kv ...string) *values.Hash {
	vs := make([]values.Value, len(kv))
	for i, s := range kv {
		vs[i] = values.String(s)
	}
	return values.NewHashFromPairs(vs...)
}

// TestNodeLayout checks the top scope's variables that facts make
// through the program's nodeLayout: in setNodeParameters' order (facts
// without environment and trusted, server facts not among them, then
// environment, trusted, server_facts and facts), the layout kept while
// the facts' names are the same, a compile's own top scope variables in
// no other compile's, and the names setvar refuses still refused.
func TestNodeLayout(t *testing.T) {
	p := NewProgram("production")
	var top *values.Hash
	compile := func(facts *values.Hash, code func(s *Scope)) *Result {
		top = nil
		return CompileWith(p, &Node{Name: "n1.example.com", Facts: facts, ServerFacts: strs("b", "9", "c", "3"), Top: code,
			Main: func(s *Scope) { top = s.c.top.ToHash(true) }})
	}
	keys := func() []string {
		var ks []string
		for i := 0; i < top.Len(); i++ {
			ks = append(ks, values.ToString(top.KeyAt(i)))
		}
		return ks
	}
	get := func(name string) string { v, _ := top.GetString(name); return values.ToString(v) }

	res := compile(strs("a", "1", "environment", "x", "trusted", "t", "b", "2"), func(s *Scope) { s.Assign(nil, "z", values.String("zz")) })
	require.NoError(t, res.Err)
	assert.Equal(t, []string{"a", "b", "c", "environment", "trusted", "server_facts", "facts", "module_name", "title", "name", "z"}, keys())
	assert.Equal(t, []string{"1", "2", "3", "production", "zz"}, []string{get("a"), get("b"), get("c"), get("environment"), get("z")})
	trusted, _ := top.GetString("trusted")
	certname, _ := trusted.(*values.Hash).GetString("certname")
	assert.Equal(t, "n1.example.com", values.ToString(certname))
	layout := p.nodeLayout.Load()
	require.NotNil(t, layout)

	// the same names: the same layout, this compile's values, no $z
	res = compile(strs("a", "10", "environment", "x", "trusted", "t", "b", "20"), nil)
	require.NoError(t, res.Err)
	assert.Same(t, layout, p.nodeLayout.Load())
	assert.Equal(t, []string{"a", "b", "c", "environment", "trusted", "server_facts", "facts", "module_name", "title", "name"}, keys())
	assert.Equal(t, []string{"10", "20", "3"}, []string{get("a"), get("b"), get("c")})

	// a fact is a variable set: assigning it fails as Puppet fails
	res = compile(strs("a", "10", "environment", "x", "trusted", "t", "b", "20"), func(s *Scope) { s.Assign(nil, "a", values.String("x")) })
	require.Error(t, res.Err)
	assert.Contains(t, res.Err.Error(), "Cannot reassign variable '$a'")

	// other names: another layout
	res = compile(strs("d", "4"), nil)
	require.NoError(t, res.Err)
	assert.NotSame(t, layout, p.nodeLayout.Load())
	assert.Equal(t, []string{"d", "b", "c", "environment", "trusted", "server_facts", "facts", "module_name", "title", "name"}, keys())

	// names setvar refuses: setNodeParameters' own loop fails on them
	for _, name := range []string{"facts", "server_facts", "12"} {
		res = compile(strs("a", "1", name, "x"), nil)
		require.Error(t, res.Err, name)
		assert.Contains(t, res.Err.Error(), "variable '$"+name+"'", name)
	}
}
