package rt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
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
	layout := atomicptr.Load(&p.nodeLayout)
	require.NotNil(t, layout)

	// the same names: the same layout, this compile's values, no $z
	res = compile(strs("a", "10", "environment", "x", "trusted", "t", "b", "20"), nil)
	require.NoError(t, res.Err)
	assert.Same(t, layout, atomicptr.Load(&p.nodeLayout))
	assert.Equal(t, []string{"a", "b", "c", "environment", "trusted", "server_facts", "facts", "module_name", "title", "name"}, keys())
	assert.Equal(t, []string{"10", "20", "3"}, []string{get("a"), get("b"), get("c")})

	// a fact is a variable set: assigning it fails as Puppet fails
	res = compile(strs("a", "10", "environment", "x", "trusted", "t", "b", "20"), func(s *Scope) { s.Assign(nil, "a", values.String("x")) })
	require.Error(t, res.Err)
	assert.Contains(t, res.Err.Error(), "Cannot reassign variable '$a'")

	// other names: another layout
	res = compile(strs("d", "4"), nil)
	require.NoError(t, res.Err)
	assert.NotSame(t, layout, atomicptr.Load(&p.nodeLayout))
	assert.Equal(t, []string{"d", "b", "c", "environment", "trusted", "server_facts", "facts", "module_name", "title", "name"}, keys())

	// names setvar refuses: setNodeParameters' own loop fails on them
	for _, name := range []string{"facts", "server_facts", "12"} {
		res = compile(strs("a", "1", name, "x"), nil)
		require.Error(t, res.Err, name)
		assert.Contains(t, res.Err.Error(), "variable '$"+name+"'", name)
	}
}

// TestVarTableBase checks a table whose first names are indexed by a
// shared base map (the top scope's, a nodeLayout's index): names found
// in the base and among those set after it, with few (searched) and many
// (indexed) of its own, a base name set again in place, reserve indexing
// only its own names, and the base never written.
func TestVarTableBase(t *testing.T) {
	base := map[string]int{"a": 0, "b": 1, "c": 2}
	names := []string{"a", "b", "c"}
	tab := &varTable{kind: localTable, names: names[:3:3], vals: []values.Value{values.Int(0), values.Int(1), values.Int(2)}, base: base}
	for i := 0; i < 20; i++ {
		name := string(rune('d' + i))
		tab.set(name, values.Int(int64(3+i)))
		for j, n := range tab.names {
			require.Equal(t, j, tab.find(n), "%s after %d set", n, i+1)
		}
		assert.Equal(t, -1, tab.find("zz"))
		assert.Equal(t, i+1 > 8, tab.index != nil, "own names indexed once more than 8")
	}
	tab.set("b", values.Int(10))
	v, ok := tab.get("b")
	assert.True(t, ok)
	assert.Equal(t, values.Int(10), v)
	assert.Equal(t, 23, len(tab.names), "set in place")
	assert.Equal(t, map[string]int{"a": 0, "b": 1, "c": 2}, base, "the base is not written")
	assert.Equal(t, []string{"a", "b", "c"}, names, "nor its names")
	for _, n := range []string{"a", "b", "c"} {
		_, own := tab.index[n]
		assert.False(t, own, n)
	}

	few := &varTable{kind: localTable, names: names[:3:3], vals: make([]values.Value, 3), base: base}
	few.reserve(4)
	assert.Nil(t, few.index, "3 own names to come: searched")
	few.reserve(20)
	require.NotNil(t, few.index)
	assert.Empty(t, few.index, "no own name yet")
	few.set("x", values.Undef)
	assert.Equal(t, map[string]int{"x": 3}, few.index)
	assert.Equal(t, 3, few.find("x"))
	assert.Equal(t, 0, few.find("a"))
}

// TestServerFactsVar checks $server_facts: the node's server facts and
// the environment, made once for the compiles whose server facts are the
// same hash, anew for other ones; and $trusted of an agent with no
// extensions or external data.
func TestServerFactsVar(t *testing.T) {
	p := NewProgram("production")
	var top *values.Hash
	compile := func(sf *values.Hash) *values.Hash {
		res := CompileWith(p, &Node{Name: "n1.example.com", Facts: strs("a", "1"), ServerFacts: sf,
			Main: func(s *Scope) { top = s.c.top.ToHash(true) }})
		require.NoError(t, res.Err)
		v, _ := top.GetString("server_facts")
		return v.(*values.Hash)
	}
	sf := strs("serverversion", "8.10.0")
	first := compile(sf)
	assert.Equal(t, []string{"serverversion", "environment"}, keysOf(first))
	env, _ := first.GetString("environment")
	assert.Equal(t, values.String("production"), env)
	assert.Same(t, first, compile(sf), "the same server facts: the same $server_facts")
	other := compile(strs("servername", "s1"))
	assert.Equal(t, []string{"servername", "environment"}, keysOf(other))
	v, _ := top.GetString("environment")
	assert.Equal(t, values.String("production"), v)
	trusted, _ := top.GetString("trusted")
	for _, k := range []string{"extensions", "external"} {
		h, _ := trusted.(*values.Hash).GetString(k)
		assert.Equal(t, 0, h.(*values.Hash).Len(), k)
	}
}

func keysOf(h *values.Hash) []string {
	var ks []string
	for i := 0; i < h.Len(); i++ {
		ks = append(ks, values.ToString(h.KeyAt(i)))
	}
	return ks
}

// TestNodeLayoutLearnsTopNames checks the names a nodeLayout learns from
// the top scope of its first compile that adds any: the compiles after it
// list their top scope variables as Puppet does (the node's, then those
// the compile added, in its order), over the learned list while they add
// the same names, in a list of their own once they add another, and the
// learned list is never written.
func TestNodeLayoutLearnsTopNames(t *testing.T) {
	p := NewProgram("production")
	var top *values.Hash
	var topNames []string
	compile := func(code func(s *Scope)) []string {
		res := CompileWith(p, &Node{Name: "n1.example.com", Facts: strs("a", "1", "b", "2"), ServerFacts: strs("c", "3"), Top: code,
			Main: func(s *Scope) { top = s.c.top.ToHash(true); topNames = s.c.top.symtable.names }})
		require.NoError(t, res.Err)
		var ks []string
		for i := 0; i < top.Len(); i++ {
			ks = append(ks, values.ToString(top.KeyAt(i)))
		}
		return ks
	}
	assign := func(kv ...string) func(s *Scope) {
		return func(s *Scope) {
			for i := 0; i < len(kv); i += 2 {
				s.Assign(nil, kv[i], values.String(kv[i+1]))
			}
		}
	}
	node := []string{"a", "b", "c", "environment", "trusted", "server_facts", "facts"}
	withOwn := func(own ...string) []string { return append(append([]string{}, node...), own...) }

	assert.Equal(t, withOwn("module_name", "title", "name", "x", "y"), compile(assign("x", "1", "y", "2")))
	l := atomicptr.Load(&p.nodeLayout)
	require.NotNil(t, l)
	learned := atomicptr.Load(&l.learned)
	require.NotNil(t, learned)
	want := withOwn("module_name", "title", "name", "x", "y")
	assert.Equal(t, want, *learned)

	// the same names: the learned list itself, extended
	assert.Equal(t, want, compile(assign("x", "3", "y", "4")))
	assert.Same(t, &(*learned)[0], &topNames[0])
	v, _ := top.GetString("y")
	assert.Equal(t, values.String("4"), v)

	// other names: a list of the compile's own, the learned one as it was
	assert.Equal(t, withOwn("module_name", "title", "name", "x", "z", "y"), compile(assign("x", "5", "z", "6", "y", "7")))
	assert.NotSame(t, &(*learned)[0], &topNames[0])
	assert.Equal(t, want, *learned)
	assert.Same(t, learned, atomicptr.Load(&l.learned), "learned once")
	v, _ = top.GetString("z")
	assert.Equal(t, values.String("6"), v)

	// fewer names: the learned list, no name of it the compile lacks
	assert.Equal(t, withOwn("module_name", "title", "name", "x"), compile(assign("x", "8")))
	_, ok := top.GetString("y")
	assert.False(t, ok)
	assert.Equal(t, want, *learned)
}

// TestVarTableSharedRoom checks a table whose room after its names is
// shared: a name that is the one already there extends the names over
// it, another name moves them to a list of the table's own, and the
// shared list is never written; nor is it lent.
func TestVarTableSharedRoom(t *testing.T) {
	shared := []string{"a", "b", "c", "d"}
	tab := &varTable{kind: localTable, names: shared[:2], vals: []values.Value{values.Int(0), values.Int(1)}, sharedRoom: true}
	names, _, _ := tab.lend(1)
	assert.Nil(t, names, "no room lent")
	tab.set("c", values.Int(2))
	assert.Equal(t, []string{"a", "b", "c"}, tab.names)
	assert.Same(t, &shared[0], &tab.names[0])
	tab.set("x", values.Int(3))
	assert.Equal(t, []string{"a", "b", "c", "x"}, tab.names)
	assert.NotSame(t, &shared[0], &tab.names[0])
	assert.False(t, tab.sharedRoom)
	assert.Equal(t, []string{"a", "b", "c", "d"}, shared)
	v, ok := tab.get("x")
	assert.True(t, ok)
	assert.Equal(t, values.Int(3), v)
	v, _ = tab.get("c")
	assert.Equal(t, values.Int(2), v)
}

// TestTrustedVar checks $trusted of nodes with no trusted information of
// their own, as Puppet's TrustedInformation makes it for an authenticated
// agent (authenticated remote, certname, hostname and domain split at the
// first dot, no domain for a name without one): made once for the compiles
// of one node, anew for another node, and a node's own trusted hash used
// as given.
func TestTrustedVar(t *testing.T) {
	p := NewProgram("production")
	var top *values.Hash
	compile := func(name string, trusted *values.Hash) *values.Hash {
		res := CompileWith(p, &Node{Name: name, Facts: strs("a", "1"), ServerFacts: strs("c", "3"), Trusted: trusted,
			Main: func(s *Scope) { top = s.c.top.ToHash(true) }})
		require.NoError(t, res.Err)
		v, _ := top.GetString("trusted")
		return v.(*values.Hash)
	}
	get := func(h *values.Hash, k string) values.Value { v, _ := h.GetString(k); return v }
	first := compile("web1.example.com", nil)
	assert.Equal(t, []string{"authenticated", "certname", "extensions", "hostname", "domain", "external"}, keysOf(first))
	assert.Equal(t, values.String("remote"), get(first, "authenticated"))
	assert.Equal(t, values.String("web1.example.com"), get(first, "certname"))
	assert.Equal(t, values.String("web1"), get(first, "hostname"))
	assert.Equal(t, values.String("example.com"), get(first, "domain"))
	assert.Same(t, first, compile("web1.example.com", nil), "the same node: the same $trusted")

	other := compile("db1", nil)
	assert.NotSame(t, first, other)
	assert.Equal(t, values.String("db1"), get(other, "certname"))
	assert.Equal(t, values.String("db1"), get(other, "hostname"))
	assert.True(t, values.IsUndef(get(other, "domain")))
	assert.Equal(t, values.String("web1.example.com"), get(compile("web1.example.com", nil), "certname"))

	own := strs("authenticated", "local")
	assert.Same(t, own, compile("web1.example.com", own))
}

// TestNodeLayoutFits: a layout fits facts with its names in its order,
// the same bytes or copies of them (another node's facts file), not
// names of the same lengths that differ, nor fewer or more names, nor a
// key that is no string; its runs give each variable its fact's value.
func TestNodeLayoutFits(t *testing.T) {
	server := strs("b", "9", "c", "3")
	l := newNodeLayout(strs("a", "1", "trusted", "t", "bb", "2", "b", "3"), server)
	require.NotNil(t, l)
	assert.Equal(t, []valueRun{{at: 0, src: 0, n: 1}, {at: 1, src: 2, n: 2}, {at: 3, src: 1, n: 1, server: true}}, l.runs)
	copied := func(kv ...string) *values.Hash {
		for i := range kv {
			kv[i] = strings.Clone(kv[i])
		}
		return strs(kv...)
	}
	assert.True(t, l.fits(strs("a", "x", "trusted", "x", "bb", "x", "b", "x"), server))
	assert.True(t, l.fits(copied("a", "x", "trusted", "x", "bb", "x", "b", "x"), copied("b", "x", "c", "x")))
	assert.False(t, l.fits(copied("a", "x", "trusted", "x", "bc", "x", "b", "x"), server), "bc is not bb")
	assert.False(t, l.fits(strs("a", "x", "trusted", "x", "bb", "x"), server), "fewer")
	assert.False(t, l.fits(strs("a", "x", "trusted", "x", "bb", "x", "b", "x"), strs("b", "x", "c", "x", "d", "x")), "more")
	assert.False(t, l.fits(values.NewHashFromPairs(values.String("a"), values.String("x"), values.String("trusted"), values.String("x"),
		values.String("bb"), values.String("x"), values.Int(1), values.String("x")), server), "a key that is no string")

	// a fleet's next node's facts share the keys' list of the last's: they
	// fit at once, as the layout found that list fits (fitKeys)
	facts := strs("a", "x", "trusted", "x", "bb", "x", "b", "x")
	require.True(t, l.fits(facts, server))
	assert.Same(t, &facts.Keys()[0], atomicptr.Load(&l.fitKeys[0]))
	next := facts.WithValues([]values.Value{values.String("y"), values.String("y"), values.String("y"), values.String("y")})
	assert.True(t, l.fits(next, server))
	assert.Same(t, &facts.Keys()[0], atomicptr.Load(&l.fitKeys[0]), "the same list")
	assert.False(t, l.fits(copied("a", "x", "trusted", "x", "bc", "x", "b", "x"), server), "bc is not bb")
	assert.Same(t, &facts.Keys()[0], atomicptr.Load(&l.fitKeys[0]), "a list that does not fit is not kept")
}

// TestTrustedFor: $trusted as Puppet's TrustedInformation#to_h makes it
// (context/trusted_information.rb): its keys in that order, the hostname
// and domain split at the certname's first dot, no domain (undef) for a
// name without one.
func TestTrustedFor(t *testing.T) {
	ext := strs("pp_role", "web")
	for _, c := range []struct {
		certname, host string
		domain         values.Value
	}{
		{"web1.example.com", "web1", values.String("example.com")},
		{"web1", "web1", values.Undef},
		{"web1.", "web1", values.String("")},
	} {
		h := TrustedFor(c.certname, ext, nil)
		var keys []string
		for i := 0; i < h.Len(); i++ {
			keys = append(keys, values.ToString(h.KeyAt(i)))
		}
		assert.Equal(t, []string{"authenticated", "certname", "extensions", "hostname", "domain", "external"}, keys)
		for key, want := range map[string]values.Value{"authenticated": values.String("remote"), "certname": values.String(c.certname),
			"extensions": ext, "hostname": values.String(c.host), "domain": c.domain, "external": values.EmptyHash} {
			got, ok := h.GetString(key)
			if assert.True(t, ok, key) {
				assert.True(t, values.Eql(want, got), "%s: %s = %v, want %v", c.certname, key, got, want)
			}
		}
	}
}
