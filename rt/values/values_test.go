package values

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Unit tests for behaviour that the Puppet-generated tables do not reach
// (Go API details). Puppet semantics are tested in conformance_test.go.

func TestHashKeepsInsertionOrderAndIndexes(t *testing.T) {
	b := NewHashBuilder(0)
	for i := 20; i > 0; i-- {
		b.Put(String(fmt.Sprint(i)), Int(i))
	}
	b.Put(String("5"), Int(50)) // replaces in place
	b.Put(Int(5), Int(-5))      // a different key from "5"
	b.Put(Float(5), Int(-6))    // and from 5
	h := b.Build()
	require.Equal(t, 22, h.Len())
	assert.Equal(t, String("20"), h.KeyAt(0))
	v, ok := h.GetString("5")
	assert.True(t, ok)
	assert.Equal(t, Int(50), v)
	v, _ = h.Get(Int(5))
	assert.Equal(t, Int(-5), v)
	v, _ = h.Get(Float(5))
	assert.Equal(t, Int(-6), v)
	_, ok = h.Get(NewArray(Int(1)))
	assert.False(t, ok)

	b.Delete(String("20"))
	assert.Equal(t, String("19"), h.KeyAt(0))
	_, ok = h.GetString("20")
	assert.False(t, ok)
}

func TestHashCompositeKeys(t *testing.T) {
	b := NewHashBuilder(0)
	for i := 0; i < 12; i++ {
		b.Put(NewArray(String("k"), Int(i)), Int(i))
	}
	h := b.Build()
	v, ok := h.Get(NewArray(String("k"), Int(7)))
	assert.True(t, ok)
	assert.Equal(t, Int(7), v)
	_, ok = h.Get(NewArray(String("K"), Int(7)))
	assert.False(t, ok)
}

func TestRecursiveAliasRegistry(t *testing.T) {
	r := NewAliasRegistry()
	r.Define("Tree", "Array[Variant[Integer, Tree]]")
	r.Define("Self", "Variant[Self, String]")
	tree, err := ParseType("Tree", r)
	require.NoError(t, err)
	assert.True(t, IsInstance(tree, mustValue(t, "[1, [2, [3, []]]]")))
	assert.False(t, IsInstance(tree, mustValue(t, "[1, [2, ['x']]]")))
	assert.Equal(t, "Tree = Array[Variant[Integer, Tree]]", TypeString(tree))
	self, err := ParseType("Self", r)
	require.NoError(t, err)
	assert.Equal(t, "Self = String", TypeString(self))
}

// A hidden alias (of a module Puppet leaves out) names no type: another
// alias's definition that names it holds a type reference.
func TestAliasHidden(t *testing.T) {
	r := NewAliasRegistry()
	r.Define("Bad::Alias", "Integer")
	r.Define("Good::Chain", "Variant[String, Bad::Alias]")
	r.Hidden = func(name string) bool { return name == "bad::alias" }
	_, ok := r.ResolveType("Bad::Alias")
	assert.False(t, ok)
	chain, err := ParseType("Good::Chain", r)
	require.NoError(t, err)
	assert.Equal(t, "Good::Chain = Variant[String, TypeReference['Bad::Alias']]", TypeString(chain))
	assert.False(t, IsInstance(chain, Int(1)))
}

func TestCatalogAccessIsLeftToTheRuntime(t *testing.T) {
	ref, err := Parameterize(NewResourceType("file", "", false), []Value{String("/tmp")})
	require.NoError(t, err)
	_, err = Access(ref, []Value{String("mode")})
	var ca *CatalogAccessError
	require.True(t, errors.As(err, &ca))
	assert.Equal(t, "File['/tmp']", TypeString(ca.Ref))
	assert.Equal(t, []Value{String("mode")}, ca.Keys)
}

// TestAccessOfUnknownType: a reference to a resource type no module defines
// (selinux's Selmodule[$title] under Puppet 7, which has no selinux_core)
// fails as Puppet 7.23 fails `before => Nosuchtype['x']`: "Evaluation Error:
// Resource type not found: Nosuchtype (file: ..., line: 2, column: 27)".
func TestAccessOfUnknownType(t *testing.T) {
	_, err := Access(&TypeReferenceType{TypeString: "Nosuchtype"}, []Value{String("x")})
	var ve *Error
	if !errors.As(err, &ve) || ve.Code != IssueUnknownResourceType || ve.Message != "Resource type not found: Nosuchtype" {
		t.Fatalf("got %#v", err)
	}
}

func TestRubyRegexpTranslation(t *testing.T) {
	for src, want := range map[string]string{
		`\d+`:          `[0-9]+`,
		`[\w.]`:        `[a-zA-Z0-9_.]`,
		`(?m:a.b)`:     `(?s:a.b)`,
		`(?mi)x`:       `(?si)x`,
		`a{,3}`:        `a{0,3}`,
		`[[:xdigit:]]`: `[0-9A-Fa-f]`,
		`\h\H`:         `[0-9a-fA-F][^0-9a-fA-F]`,
		`\u{41}`:       `A`,
		`[]a]`:         `[\]a]`,
		`^a[^^]`:       OnigmoCaret + `a[^^]`,
	} {
		got, _, err := TranslateRuby(src)
		require.NoError(t, err, src)
		assert.Equal(t, want, got, src)
	}
}

func TestParseTypeErrors(t *testing.T) {
	for _, src := range []string{"Integer[", "Integer[1,", "Hash[String => 1]", "'x'", "Integer]"} {
		_, err := ParseType(src, nil)
		assert.Error(t, err, src)
	}
}

func TestSignatureAccepts(t *testing.T) {
	sig := &Signature{Params: []SignatureParam{
		{Name: "x", Type: StringT},
		{Name: "n", Type: IntegerT, Kind: ParamOptional},
	}}
	assert.True(t, sig.Accepts([]Value{String("a")}, nil))
	assert.True(t, sig.Accepts([]Value{String("a"), Int(1)}, nil))
	assert.False(t, sig.Accepts([]Value{Int(1)}, nil))
	assert.False(t, sig.Accepts([]Value{String("a"), Int(1), Int(2)}, nil))
	assert.Equal(t, "String x, Integer n?", signatureString(sig))
}

// The default formats are written out; they must be what parsing their
// directives gives.
func TestDefaultFormatsAsParsed(t *testing.T) {
	for _, f := range []*Format{formatP, formatF, formatD, formatB, formatS} {
		parsed, err := ParseFormat(f.Orig)
		if err != nil {
			t.Fatal(err)
		}
		if *parsed != *f {
			t.Errorf("%s: written %+v, parsed %+v", f.Orig, *f, *parsed)
		}
	}
}

// TestHashIn: a hash built in given room has its keys and values there,
// each half with its own capacity, and is the hash NewHashBuilder builds.
func TestHashIn(t *testing.T) {
	room := make([]Value, 6)
	var h Hash
	b := HashIn(&h, room[:4])
	b.Put(String("a"), Int(1))
	b.Put(String("b"), Int(2))
	b.Put(String("a"), Int(3))
	want := NewHashBuilder(2)
	want.Put(String("a"), Int(3))
	want.Put(String("b"), Int(2))
	if !Equals(b.Build(), want.Build()) {
		t.Fatalf("HashIn: %s, want %s", ToString(b.Build()), ToString(want.Build()))
	}
	if &h.Keys()[0] != &room[0] || &h.Values()[0] != &room[2] {
		t.Errorf("HashIn: entries not in the room")
	}
	b.Put(String("c"), Int(4)) // past the room: grows out of it
	if room[4] != nil || room[2] != Int(3) || h.Len() != 3 {
		t.Errorf("HashIn: a hash grown past its room wrote into the room's rest: %v", room)
	}
}

// TestStringAt: a String boxed in place is the String: equal to another
// box of the same text, a String to type switches and assertions, its text
// kept alive by the box alone (through a GC), and boxed without an
// allocation.
func TestStringAt(t *testing.T) {
	chunk := make([]String, 4)
	chunk[1] = String("rendered " + fmt.Sprint(42))
	v := StringAt(&chunk[1])
	chunk = nil
	runtime.GC()
	if v != Value(String("rendered 42")) || !Equals(v, String("rendered 42")) {
		t.Fatalf("StringAt: %v", v)
	}
	switch x := v.(type) {
	case String:
		if string(x) != "rendered 42" {
			t.Errorf("type switch: %q", x)
		}
	default:
		t.Errorf("type switch: %T", v)
	}
	if ToString(v) != "rendered 42" {
		t.Errorf("ToString: %q", ToString(v))
	}
	room := make([]String, 1)
	room[0] = "x"
	if n := testing.AllocsPerRun(100, func() { v = StringAt(&room[0]) }); n != 0 {
		t.Errorf("StringAt: %v allocations, want 0", n)
	}
}

// TestEnumOfStringsIsKept: Enum[$list] of strings, as pg_hba_rule's
// assert_type(Enum[$allowed_auth_methods], ...) gives it for each rule, is
// the type Puppet makes (its values unique and sorted: Puppet 7 notices
// Enum[['md5', 'trust', 'md5']] as Enum['md5', 'trust']), made once and
// kept (enumCache): the same lists give the same type, other lists (one
// value different, a case-insensitive flag) their own, and arguments that
// are not strings fail as before.
func TestEnumOfStringsIsKept(t *testing.T) {
	enum := func(args ...Value) Value {
		t.Helper()
		v, err := Parameterize(EnumT, args)
		require.NoError(t, err)
		return v
	}
	list := func(s ...string) *Array {
		vs := make([]Value, len(s))
		for i, x := range s {
			vs[i] = String(x)
		}
		a := ArrayLit(vs...)
		return &a
	}
	for round := 0; round < 2; round++ {
		a := enum(list("md5", "trust", "md5"))
		assert.Equal(t, "Enum['md5', 'trust']", TypeString(a.(Type)))
		assert.Same(t, a, enum(list("md5", "trust", "md5")))
		b := enum(list("md5", "trusT", "md5"))
		assert.Equal(t, "Enum['md5', 'trusT']", TypeString(b.(Type)))
		c := enum(list("md5", "trust", "md5"), Bool(true))
		assert.Equal(t, "Enum['md5', 'trust', true]", TypeString(c.(Type)))
		assert.Equal(t, "Enum['a', 'b']", TypeString(enum(String("b"), String("a")).(Type)))
		assert.Equal(t, "Enum['a', 'b']", TypeString(enum(list("b"), String("a")).(Type)))
		assert.Same(t, a, enum(list("md5", "trust", "md5")))
	}
	_, err := Parameterize(EnumT, []Value{list()})
	assert.Error(t, err)
	_, err = Parameterize(EnumT, []Value{NewArray(String("a"), Int(1))})
	assert.Error(t, err)
}

// TestSprintfDecimalOfInt: %d, %i and %u of an Int, formatted without a
// big.Int (fmtSpec.decimal), give what Ruby's format gives (format('%03d',
// 7) is "007", format('%.3d', -5) "-005", format('%05d', -42) "-0042"),
// the same as the number given as a String, which takes the big.Int path.
func TestSprintfDecimalOfInt(t *testing.T) {
	for _, c := range []struct {
		format string
		n      int64
		want   string
	}{
		{"%03d", 7, "007"}, {"%d", 0, "0"}, {"%+d", 5, "+5"}, {"% d", 5, " 5"},
		{"%.3d", -5, "-005"}, {"%-5d|", -42, "-42  |"}, {"%05d", -42, "-0042"},
		{"%5.3d", 7, "  007"}, {"%+05i", 12, "+0012"}, {"%u", -3, "-3"},
		{"%d", -9223372036854775808, "-9223372036854775808"}, {"%#d", 9, "9"},
	} {
		got, err := Sprintf(c.format, Int(c.n))
		require.NoError(t, err)
		assert.Equal(t, c.want, got, c.format)
		viaBig, err := Sprintf(c.format, String(strconv.FormatInt(c.n, 10)))
		require.NoError(t, err)
		assert.Equal(t, viaBig, got, c.format)
	}
}

// TestMatchDataInOneRoom: Match's match data ($0, $1, ...), its Strings
// boxed in the list's own allocation for up to 4 values, is what Ruby's
// MatchData gives ('pg_hba' =~ /(p)(g)?(x)?_(h)(b)(a)/ sets $0 to the
// string, $3 to nil), however many groups.
func TestMatchDataInOneRoom(t *testing.T) {
	for _, c := range []struct {
		re, s string
		want  []Value
	}{
		{`_`, "pg_hba", []Value{String("_")}},
		{`[a-z]+`, "pg_hba", []Value{String("pg")}},
		{`^(\w+)_`, "pg_hba", []Value{String("pg_"), String("pg")}},
		{`(p)(x)?(g)`, "pg_hba", []Value{String("pg"), String("p"), Undef, String("g")}},
		{`(p)(g)?(x)?_(h)(b)(a)`, "pg_hba", []Value{String("pg_hba"), String("p"), String("g"), Undef, String("h"), String("b"), String("a")}},
		{`(p)(g)?(x)?_(h)(b)(a)`, "no", nil},
	} {
		re, err := NewRegexp(c.re)
		require.NoError(t, err)
		got, err := re.Match(c.s)
		require.NoError(t, err)
		require.Equal(t, len(c.want), len(got), c.re)
		for i := range c.want {
			assert.True(t, Equals(c.want[i], got[i]), "%s: $%d = %v", c.re, i, got[i])
		}
	}
}

// TestHashWithValues: a hash made with another's keys finds each key's
// own value, through the index it shares (ten keys: one is made), and
// leaves the other's values as they were.
func TestHashWithValues(t *testing.T) {
	var kv []Value
	for i := range 10 {
		kv = append(kv, String(fmt.Sprint("k", i)), Int(i))
	}
	h := NewHashFromPairs(kv...)
	vals := make([]Value, 10)
	for i := range vals {
		vals[i] = Int(100 + i)
	}
	vals[3] = nil
	g := h.WithValues(vals)
	for i := range 10 {
		k := String(fmt.Sprint("k", i))
		want := Value(Int(100 + i))
		if i == 3 {
			want = Undef
		}
		if v, ok := g.Get(k); !ok || v != want || g.KeyAt(i) != k {
			t.Errorf("%s: %v %v at %v, want %v", k, v, ok, g.KeyAt(i), want)
		}
		if v, _ := h.Get(k); v != Int(i) {
			t.Errorf("the first hash's %s is %v, want %d", k, v, i)
		}
	}
	if _, ok := g.Get(String("k10")); ok {
		t.Errorf("k10 found")
	}
}

// A negative precision from an argument (%.*) is no precision, as in
// Ruby: format("%*.*s|", 5, -42, "abcdef") is "abcdef|".
func TestSprintfNegativePrecisionArg(t *testing.T) {
	for format, want := range map[string]string{"%*.*s|": "abcdef|", "%.*s|": "abcdef|"} {
		args := []Value{Int(5), Int(-42), String("abcdef")}
		if format == "%.*s|" {
			args = args[1:]
		}
		got, err := Sprintf(format, args...)
		if err != nil || got != want {
			t.Errorf("Sprintf(%q): %q, %v; want %q", format, got, err, want)
		}
	}
	if got, _ := Sprintf("%.*d|", Int(-3), Int(5)); got != "5|" {
		t.Errorf(`Sprintf("%%.*d|", -3, 5): %q, want "5|"`, got)
	}
	if got, _ := Sprintf("%.*f|", Int(-3), Float(1.5)); got != "1.500000|" {
		t.Errorf(`Sprintf("%%.*f|", -3, 1.5): %q, want "1.500000|"`, got)
	}
}
