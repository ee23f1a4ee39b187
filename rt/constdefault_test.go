package rt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestConstDefaults checks parameters whose default is a literal
// (Parameter.Const): binding gives the value where the resource sets none
// (or sets undef), a default evaluated after it reads it, the parameter is
// optional, its type is checked, and a required parameter without a value
// still fails.
func TestConstDefaults(t *testing.T) {
	p := NewProgram("production")
	str := &TypeRef{Text: "String"}
	p.AddDefine(&Define{Name: "d", Params: func() []*Parameter {
		return []*Parameter{
			{Name: "a", Type: str, Const: values.String("x")},
			{Name: "b", Default: func(s *Scope) values.Value {
				return values.String(values.ToString(s.Var(SiteRef{}, "a")) + "!")
			}},
			{Name: "u", Const: values.Undef},
			{Name: "c"},
		}
	}})
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	declare := func(title string, attrs ...any) func(s *Scope) {
		return func(s *Scope) {
			d := s.Declare(SiteRefOf(site), "d", Regular).Body(SiteRefOf(site), values.String(title))
			for i := 0; i < len(attrs); i += 2 {
				d.Attr(SiteRefOf(site), attrs[i].(string), attrs[i+1].(values.Value))
			}
			d.Exec()
		}
	}
	compile := func(bodies ...func(s *Scope)) *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			for _, b := range bodies {
				b(s)
			}
		}})
	}
	for round := range 2 { // a program's second compile as its first
		res := compile(declare("t1", "c", values.Int(1)), declare("t2", "c", values.Int(2), "a", values.String("y")),
			declare("t3", "c", values.Int(3), "a", values.Undef))
		require.NoError(t, res.Err, "round %d", round)
		for title, want := range map[string][2]string{"t1": {"x", "x!"}, "t2": {"y", "y!"}, "t3": {"x", "x!"}} {
			r := res.Catalog.Resource("D", title)
			require.NotNil(t, r, title)
			require.Equal(t, values.Value(values.String(want[0])), r.Get("a"), title)
			require.Equal(t, values.Value(values.String(want[1])), r.Get("b"), title)
			require.True(t, values.IsUndef(r.Get("u")), title)
		}
		res.Release()

		res = compile(declare("t4", "a", values.String("z")))
		require.Error(t, res.Err)
		require.Contains(t, res.Err.Error(), "D[t4]: expects a value for parameter 'c'")
		require.NotContains(t, res.Err.Error(), "'a'")

		res = compile(declare("t5", "c", values.Int(1), "a", values.Int(5)))
		require.Error(t, res.Err)
		require.True(t, strings.Contains(res.Err.Error(), "D[t5]: parameter 'a' expects a String value, got Integer"), res.Err.Error())
	}
}

// TestDefaultErrors checks the errors of defaults' code, which binding
// catches in one place for all of a definition's defaults: a default that
// reads a parameter declared after it (Puppet's "illegally access"), one
// that reads a required parameter before it that has no value (Puppet's
// "expects a value"), and another error, which goes on as it is; a
// resource whose defaults evaluate after them still binds.
func TestDefaultErrors(t *testing.T) {
	p := NewProgram("production")
	read := func(name string) func(s *Scope) values.Value {
		return func(s *Scope) values.Value { return s.Var(SiteRef{}, name) }
	}
	p.AddDefine(&Define{Name: "d", Params: func() []*Parameter {
		return []*Parameter{
			{Name: "req"},
			{Name: "a", Default: read("b")},
			{Name: "b", Const: values.String("x")},
			{Name: "c", Default: read("req")},
			{Name: "boom", Default: func(s *Scope) values.Value { Fail("no default today"); return nil }},
		}
	}})
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	compile := func(attrs ...any) *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			d := s.Declare(SiteRefOf(site), "d", Regular).Body(SiteRefOf(site), values.String("t"))
			for i := 0; i < len(attrs); i += 2 {
				d.Attr(SiteRefOf(site), attrs[i].(string), attrs[i+1].(values.Value))
			}
			d.Exec()
		}})
	}
	ok, one := values.String("ok"), values.Int(1)
	for _, tc := range []struct {
		attrs []any
		err   string
	}{
		{[]any{"req", one, "boom", ok}, "D[t]: default expression for $a tries to illegally access not yet evaluated $b"},
		{[]any{"a", ok, "boom", ok}, "D[t]: expects a value for parameter $req"},
		{[]any{"req", one, "a", ok}, "no default today"},
		{[]any{"req", one, "a", ok, "boom", ok}, ""},
	} {
		res := compile(tc.attrs...)
		if tc.err == "" {
			require.NoError(t, res.Err, "%v", tc.attrs)
			r := res.Catalog.Resource("D", "t")
			require.Equal(t, values.Value(one), r.Get("c"))
			require.Equal(t, values.Value(values.String("x")), r.Get("b"))
			res.Release()
			continue
		}
		require.Error(t, res.Err, "%v", tc.attrs)
		require.Contains(t, res.Err.Error(), tc.err)
	}
}

// TestVarDefaults checks parameters whose default is a qualified variable
// (Parameter.DefaultVar), as Puppet binds `$p = $::v`: the variable's value
// where the resource sets none (or sets undef), the resource's value
// otherwise, undef for an unknown variable (strict_variables off), the
// parameter's type checked against the variable's value; the parameter is
// optional.
func TestVarDefaults(t *testing.T) {
	p := NewProgram("production")
	p.strict, p.strictVariables = "off", false
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	str := &TypeRef{Text: "String"}
	p.AddDefine(&Define{Name: "d", Params: func() []*Parameter {
		return []*Parameter{
			{Name: "a", DefaultVar: QualifiedVar("::top_a", -1), DefaultAt: SiteRefOf(site)},
			{Name: "n", DefaultVar: QualifiedVar("::nope", -1), DefaultAt: SiteRefOf(site)},
			{Name: "s", Type: str, DefaultVar: QualifiedVar("::top_s", -1), DefaultAt: SiteRefOf(site)},
		}
	}})
	compile := func(topS values.Value, attrs ...any) *Result {
		top := func(s *Scope) { // top-scope variables, as site.pp's
			s.Assign(site, "top_a", values.String("from top"))
			s.Assign(site, "top_s", topS)
		}
		return CompileWith(p, &Node{Name: "n1.example.com", Pre: top, Main: func(s *Scope) {
			d := s.Declare(SiteRefOf(site), "d", Regular).Body(SiteRefOf(site), values.String("t"))
			for i := 0; i < len(attrs); i += 2 {
				d.Attr(SiteRefOf(site), attrs[i].(string), attrs[i+1].(values.Value))
			}
			d.Exec()
		}})
	}
	for round := range 2 { // a program's second compile as its first
		for _, c := range []struct {
			attrs []any
			a     string
		}{{nil, "from top"}, {[]any{"a", values.String("given")}, "given"}, {[]any{"a", values.Undef}, "from top"}} {
			res := compile(values.String("s"), c.attrs...)
			require.NoError(t, res.Err, "round %d", round)
			r := res.Catalog.Resource("D", "t")
			require.Equal(t, values.Value(values.String(c.a)), r.Get("a"), "round %d %v", round, c.attrs)
			require.True(t, values.IsUndef(r.Get("n")))
			require.Equal(t, values.Value(values.String("s")), r.Get("s"))
			res.Release()
		}
		res := compile(values.Int(5))
		require.Error(t, res.Err)
		require.Contains(t, res.Err.Error(), "D[t]: parameter 's' expects a String value, got Integer")
	}
}
