package rt

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestAccessKeys: Scope.Access answers as values.Access (Enum[$list] of
// strings as the type kept for them), and a hash's one key does not leave
// the caller's stack.
func TestAccessKeys(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	s := newScope(c, nil, nil, nil)
	inner := values.NewHashFromPairs(values.String("user"), values.String("mysql"))
	h := values.NewHashFromPairs(values.String("mysqld"), inner, values.Int(1), values.Undef)
	arr := values.NewArray(values.String("a"), values.String("b"), values.String("c"))
	for _, tc := range []struct {
		v    values.Value
		keys []values.Value
	}{
		{h, []values.Value{values.String("mysqld")}},
		{h, []values.Value{values.String("none")}},
		{h, []values.Value{values.Int(1)}},
		{h, []values.Value{values.String("mysqld"), values.String("none")}},
		{arr, []values.Value{values.Int(1)}},
		{arr, []values.Value{values.Int(1), values.Int(2)}},
		{values.String("abc"), []values.Value{values.Int(-1)}},
		{values.EnumT, []values.Value{values.NewArray(values.String("md5"), values.String("trust"), values.String("md5"))}},
		{values.EnumT, []values.Value{values.String("b"), values.String("a"), values.Bool(true)}},
	} {
		want, err := values.Access(tc.v, tc.keys)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Access(SiteRef{}, tc.v, tc.keys...); !values.Equals(got, want) {
			t.Errorf("%v%v = %v, want %v", tc.v, tc.keys, got, want)
		}
	}
	key := values.Value(values.String("mysqld"))
	if n := testing.AllocsPerRun(100, func() { _ = s.Access(SiteRef{}, h, key) }); n != 0 {
		t.Errorf("$h[k]: %v allocations, want 0", n)
	}
}

// TestParseTypeKept checks that a program parses a type's text once: the
// second parse of a text is the first's value, and a text that does not
// parse is not kept.
func TestParseTypeKept(t *testing.T) {
	p := NewProgram("production")
	p.AddTypeAlias("Port", "Integer[1, 65535]")
	a, err := p.parseType("Optional[Port]")
	require.NoError(t, err)
	b, err := p.parseType("Optional[Port]")
	require.NoError(t, err)
	assert.Same(t, a, b)
	assert.Equal(t, "Optional[Port]", values.ToString(a))
	_, err = p.parseType("Integer[")
	assert.Error(t, err)
	assert.NotContains(t, p.parsedTypes, "Integer[")
}

// TestCaseIndex: a table of string literals finds the option CaseMatch
// finds trying each in turn (EvaluatorImpl#eval_CaseExpression: strings
// compare ignoring ASCII case), the first of an option repeated under
// another case, and none for a value of another type.
func TestCaseIndex(t *testing.T) {
	tab := &CaseTable{Lits: []string{"RedHat", "CentOS", "debian", "Ubuntu", "DEBIAN", "5"}, Option: []int32{0, 0, 1, 1, 1, 2}}
	s := &Scope{}
	for _, test := range []values.Value{values.String("RedHat"), values.String("redhat"), values.String("Debian"),
		values.String("DEBIAN"), values.String("ubuntu"), values.String("Gentoo"), values.String(""), values.String("5"),
		values.Int(5), values.Undef, values.NewArray(values.String("RedHat"))} {
		want := -1
		for i, l := range tab.Lits {
			if s.CaseMatch(test, values.String(l)) {
				want = int(tab.Option[i])
				break
			}
		}
		assert.Equal(t, want, CaseIndex(test, tab), "%v", test)
	}
	assert.Equal(t, 1, CaseIndex(values.String("debian"), tab))
	assert.Equal(t, -1, CaseIndex(values.Int(5), tab), "an Integer is no String")
}
