package erb

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// A Ruby hash made from a Puppet hash is the Ruby object Puppet would
// give: its values keep their identity however they are reached, a
// change in place shows in what goes back to Puppet, and the Puppet hash
// it came from never changes.
func TestHashFromPuppet(t *testing.T) {
	for _, n := range []int{3, 20} { // searched linearly, indexed
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			b := values.NewHashBuilder(n)
			b.Put(values.String("a"), values.String("x"))
			b.Put(values.String("b"), values.NewArray(values.Int(1)))
			b.Put(values.String("c"), values.NewHashFromPairs(values.String("d"), values.String("e")))
			for i := 3; i < n; i++ {
				b.Put(values.String(fmt.Sprint("k", i)), values.Int(i))
			}
			p := b.Build()
			want := values.ToString(p)

			h := FromPuppet(p).(*Hash)
			if h.Len() != n {
				t.Fatalf("len %d", h.Len())
			}
			if ToPuppet(h) != values.Value(p) {
				t.Errorf("a hash Ruby only read is not the Puppet hash it came from")
			}
			a1, _ := h.Lookup(S("a"))
			a2, _ := h.Lookup(S("a"))
			if a1 != a2 {
				t.Errorf("h['a'] is a new object each time")
			}
			if _, ok := h.Lookup(S("zz")); ok {
				t.Errorf("found a missing key")
			}
			if got := ToPuppet(h); got != values.Value(p) {
				t.Errorf("a value read, unchanged, made a new hash")
			}
			a1.(*Str).S += "y" // h['a'] << 'y'
			got := values.ToString(ToPuppet(h))
			if got == want || values.ToString(p) != want {
				t.Errorf("after h['a'] << 'y': %s (Puppet's hash %s)", got, values.ToString(p))
			}
			if v, _ := h.Values()[0].(*Str); v != a1 {
				t.Errorf("converting the entries made h['a'] a new object")
			}
			if k := h.Keys()[0].(*Str); !k.Frozen || k.S != "a" {
				t.Errorf("key %#v", k)
			}
			h.Set(S("b"), int64(2))
			h.Set(Symbol("default"), nil)
			if _, ok := h.Delete(S("c")); !ok {
				t.Errorf("delete c")
			}
			if v, _ := h.Lookup(S("b")); v != int64(2) {
				t.Errorf("h['b'] = %v", v)
			}
			if _, ok := h.Lookup(Symbol("default")); !ok || h.Len() != n {
				t.Errorf("h[:default] / len %d", h.Len())
			}
			if values.ToString(p) != want {
				t.Errorf("the Puppet hash changed: %s", values.ToString(p))
			}
		})
	}
}

// Keys are compared with eql?: 1 and 1.0 differ, strings by content,
// arrays by their elements, small hashes and indexed ones alike.
func TestHashKeys(t *testing.T) {
	for _, n := range []int{0, 20} {
		h := NewHash()
		for i := range n {
			h.Set(S(fmt.Sprint("k", i)), int64(i))
		}
		h.Set(int64(1), "int")
		h.Set(1.0, "float")
		h.Set(NewArray(S("x"), int64(2)), "array")
		h.Set(S("s"), "str")
		h.Set(Symbol("s"), "sym")
		for _, c := range []struct {
			k    Value
			want Value
		}{
			{int64(1), "int"}, {1.0, "float"}, {NewArray(S("x"), int64(2)), "array"},
			{S("s"), "str"}, {Symbol("s"), "sym"}, {int64(2), nil}, {NewArray(S("x")), nil},
		} {
			if got, _ := h.Lookup(c.k); got != c.want {
				t.Errorf("%d: h[%s] = %v, want %v", n, Inspect(c.k), got, c.want)
			}
		}
		h.Delete(int64(1))
		if v, _ := h.Lookup(1.0); v != "float" || h.Len() != n+4 {
			t.Errorf("%d: after delete(1): h[1.0] = %v, len %d", n, v, h.Len())
		}
	}
}

// inspect reads a hash made from a Puppet hash without converting it.
func TestHashInspectLazy(t *testing.T) {
	p := values.NewHashFromPairs(values.String("a"), values.NewArray(values.String("x"), values.Undef), values.Default, values.Int(1))
	h := FromPuppet(p).(*Hash)
	if got := Inspect(h); got != `{"a"=>["x", nil], :default=>1}` {
		t.Errorf("inspect: %s", got)
	}
	if h.lazy == nil || ToPuppet(h) != values.Value(p) {
		t.Errorf("inspect converted the hash")
	}
}

// A hash made from a Puppet hash is eql? to the same hash made by Ruby,
// as a key too, before and after its entries are converted.
func TestHashLazyAsKey(t *testing.T) {
	p := values.NewHashFromPairs(values.String("a"), values.Int(1))
	h := NewHash()
	h.Set(FromPuppet(p), "found")
	for _, k := range []*Hash{HashOf(S("a"), int64(1)), FromPuppet(p).(*Hash)} {
		if v, _ := h.Lookup(k); v != "found" || !Equal(k, h.Keys()[0]) {
			t.Errorf("h[%s] = %v", Inspect(k), v)
		}
	}
	l := FromPuppet(p).(*Hash)
	h2 := NewHash()
	h2.Set(HashOf(S("a"), int64(1)), "found")
	if v, _ := h2.Lookup(l); v != "found" {
		t.Errorf("h2[lazy] = %v", v)
	}
}

// recv['key'] with a literal key (ArefStr) is recv[String.new('key')]
// (Aref) for every receiver: hashes small and indexed, converted or not,
// with a default or a default proc, and the other receivers of [].
func TestArefStr(t *testing.T) {
	big := values.NewHashBuilder(20)
	for i := range 20 {
		big.Put(values.String(fmt.Sprint("k", i)), values.Int(i))
	}
	big.Put(values.Int(7), values.String("int key"))
	small := values.NewHashFromPairs(values.String("k1"), values.String("v"), values.Int(1), values.String("w"))
	withDefault := HashOf(S("k1"), int64(1))
	withDefault.Default = S("dflt")
	withProc := HashOf(S("k1"), int64(1))
	withProc.DefaultProc = Blk2(func(h, k Value) Value { return NewArray(S("proc"), k) })
	converted := FromPuppet(big.Build()).(*Hash)
	converted.load()
	recvs := []Value{
		FromPuppet(big.Build()), converted, FromPuppet(small), FromPuppet3x(small),
		HashOf(S("k1"), S("v"), Symbol("k2"), S("sym")), withDefault, withProc, NewHash(),
		S("ak1k2"), Symbol("k1k2"),
	}
	for _, recv := range recvs {
		for _, key := range []string{"k1", "k2", "k19", "7", "missing", ""} {
			r := New(nil)
			want := Inspect(r.Aref(recv, S(key)))
			if got := Inspect(r.ArefStr(recv, key)); got != want {
				t.Errorf("%s[%q]: %s, want %s", Inspect(recv), key, got, want)
			}
		}
	}
	for _, recv := range []Value{NewArray(int64(1)), int64(3), nil} {
		want := rubyErr(func() { New(nil).Aref(recv, S("k")) })
		if got := rubyErr(func() { New(nil).ArefStr(recv, "k") }); got != want || got == "" {
			t.Errorf("%s['k'] raised %q, want %q", Inspect(recv), got, want)
		}
	}
}

// The Strings a conversion makes (from one block, strBlock) are each an
// object of their own, as Ruby's: equal strings are not the same object,
// a change to one leaves the others, a hash's keys are frozen and its
// values are not, and a value handed out before the hash is converted
// keeps its identity.
func TestConvertedStringsDistinct(t *testing.T) {
	a := FromPuppet(values.NewArray(values.String("s"), values.Int(1), values.String("s"))).(*Array)
	s0, s2 := a.A[0].(*Str), a.A[2].(*Str)
	if s0 == s2 || s0.S != "s" || s2.S != "s" {
		t.Fatalf("array strings: %p %q, %p %q", s0, s0.S, s2, s2.S)
	}
	s0.S += "x"
	if s2.S != "s" {
		t.Errorf("a change to one String shows in another: %q", s2.S)
	}

	h := FromPuppet(values.NewHashFromPairs(values.String("k"), values.String("k"), values.String("j"), values.String("v"))).(*Hash)
	got, _ := h.Lookup(S("j"))
	keys, vals := h.Keys(), h.Values()
	if vals[1] != got {
		t.Errorf("h['j'] handed out before the conversion is not the converted hash's value")
	}
	k0, v0 := keys[0].(*Str), vals[0].(*Str)
	if k0 == v0 || !k0.Frozen || v0.Frozen || v0.S != "k" {
		t.Errorf("hash strings: key %p frozen %v, value %p frozen %v %q", k0, k0.Frozen, v0, v0.Frozen, v0.S)
	}
	v0.S = "changed"
	if k0.S != "k" || keys[1].(*Str).S != "j" {
		t.Errorf("a change to a value shows in the keys: %q %q", k0.S, keys[1].(*Str).S)
	}
}

// The [key, value] pairs of a hash's each and to_a (from one block,
// pairBlock) are Arrays of their own: a change to one, an append among
// them, leaves the next pair and the hash.
func TestHashPairsDistinct(t *testing.T) {
	h := HashOf(S("a"), int64(1), S("b"), int64(2))
	pairs := hashPairs(h).A
	p0 := pairs[0].(*Array)
	p0.A = append(p0.A, S("x"))
	p0.A[0] = S("changed")
	if got := Inspect(pairs[1]); got != `["b", 2]` {
		t.Errorf("second pair after a change to the first: %s", got)
	}
	if got := Inspect(h); got != `{"a"=>1, "b"=>2}` {
		t.Errorf("hash after a change to a pair: %s", got)
	}
	var kept []*Array
	r := New(nil)
	r.Each(h, Blk1(func(v Value) Value {
		kept = append(kept, v.(*Array))
		return nil
	}))
	if len(kept) != 2 || kept[0] == kept[1] || Inspect(kept[0]) != `["a", 1]` || Inspect(kept[1]) != `["b", 2]` {
		t.Errorf("each's pairs: %v", kept)
	}
}

// A hash's keys and values share an allocation (entryLists); setting more
// entries than its room moves the lists and keeps every entry, and a
// converted lazy hash (a Puppet hash's) grows the same way.
func TestHashEntryListsGrow(t *testing.T) {
	h := newHashSized(2)
	lazy := FromPuppet(values.NewHashFromPairs(values.String("a"), values.Int(1))).(*Hash)
	for i := range int64(5) {
		h.Set(i, i*10)
		lazy.Set(i, i*10)
	}
	for i := range int64(5) {
		if v := get(h, i); v != i*10 {
			t.Errorf("sized: %d => %v", i, v)
		}
		if v := get(lazy, i); v != i*10 {
			t.Errorf("lazy: %d => %v", i, v)
		}
	}
	if h.Len() != 5 || lazy.Len() != 6 || get(lazy, S("a")) != int64(1) {
		t.Errorf("sized %d entries, lazy %d, a => %v", h.Len(), lazy.Len(), get(lazy, S("a")))
	}
}

func get(h *Hash, k Value) Value {
	v, _ := h.Lookup(k)
	return v
}

// TestHashOfRoom: a hash literal of up to 4 entries is one allocation
// with its lists and its String keys' frozen copies; the keys are copies
// (the literal's Strings stay unfrozen), and the hash grows past its
// room as any Hash.
func TestHashOfRoom(t *testing.T) {
	k1, k2 := S("a"), S("b")
	for _, c := range []struct {
		kv   []Value
		want string
	}{
		{[]Value{k1, int64(1)}, `{"a"=>1}`},
		{[]Value{k1, int64(1), k2, int64(2)}, `{"a"=>1, "b"=>2}`},
		{[]Value{k1, int64(1), Symbol("s"), nil, k2, int64(3)}, `{"a"=>1, :s=>nil, "b"=>3}`},
		{[]Value{k1, int64(1), k2, int64(2), int64(3), k1, k1, int64(4)}, `{"a"=>4, "b"=>2, 3=>"a"}`},
	} {
		var h *Hash
		if n := testing.AllocsPerRun(10, func() { h = HashOf(c.kv...) }); n != 1 {
			t.Errorf("HashOf%s made %v allocations, want 1", Inspect(NewArray(c.kv...)), n)
		}
		if got := Inspect(h); got != c.want {
			t.Errorf("HashOf: %s, want %s", got, c.want)
		}
		if k := h.Keys()[0].(*Str); k == k1 || !k.Frozen || k1.Frozen {
			t.Errorf("the key is not a frozen copy")
		}
		for i := range 10 {
			h.Set(int64(100+i), int64(i))
		}
		h.Set(S("c"), int64(5))
		got := Inspect(h)
		if !strings.HasPrefix(got, c.want[:len(c.want)-1]+", 100=>0, ") || !strings.HasSuffix(got, `, 109=>9, "c"=>5}`) {
			t.Errorf("after growing: %s", got)
		}
	}
	if got := Inspect(HashOf(k1, int64(1), k2, int64(2), S("c"), int64(3), S("d"), int64(4), S("e"), int64(5))); got != `{"a"=>1, "b"=>2, "c"=>3, "d"=>4, "e"=>5}` {
		t.Errorf("HashOf of 5: %s", got)
	}
}

// A hash made from a Puppet hash finds each of its String keys, and no
// other (keys of the same length, first and last bytes among them), in
// the Puppet hash itself, without converting it; an Integer key is found
// as it was.
func TestLazyHashStringKeys(t *testing.T) {
	var pairs []values.Value
	keys := []string{"path", "provider", "options", "", "a", "allow_override", "x-y", "パス"}
	for i, k := range keys {
		pairs = append(pairs, values.String(k), values.Int(i))
	}
	pairs = append(pairs, values.Int(7), values.String("seven"))
	h := FromPuppet(values.NewHashFromPairs(pairs...)).(*Hash)
	for range 2 { // before and after the keys it lacks are many
		for i, k := range keys {
			if v, ok := h.lookupStr(k); !ok || v != int64(i) {
				t.Errorf("%q: %v %v, want %d", k, v, ok, i)
			}
		}
		for _, k := range []string{"pith", "poth", "provides", "b", "allow", "deny", "x_y", "パ", "7", "options "} {
			if v, ok := h.lookupStr(k); ok {
				t.Errorf("%q: found %v", k, v)
			}
			if v := get(h, S(k)); v != nil {
				t.Errorf("h[%q] = %v", k, v)
			}
		}
	}
	if h.lazy == nil {
		t.Errorf("the lookups converted the hash")
	}
	if v := get(h, int64(7)); Inspect(v) != `"seven"` {
		t.Errorf("h[7] = %s", Inspect(v))
	}
}
