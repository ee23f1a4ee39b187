package rt

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestBindingTypeChecks checks the type checks binding makes as it gives
// the parameters their values (bindParameters with the definition's
// typeFacts): a literal default that is no instance of its type, a
// default evaluated to one that is not, a required parameter of type Any
// not given, a local variable's name given as a parameter all fail with
// Puppet's text, in a program's first compile and its next.
func TestBindingTypeChecks(t *testing.T) {
	p := NewProgram("production")
	integer, str := &TypeRef{Text: "Integer"}, &TypeRef{Text: "String"}
	p.AddDefine(&Define{Name: "d", Locals: []string{"loc"}, Params: func() []*Parameter {
		return []*Parameter{
			{Name: "i", Type: integer, Const: values.String("a")},
			{Name: "s", Type: str, Default: func(s *Scope) values.Value {
				return s.Var(SiteRef{}, "n")
			}},
			{Name: "n"},
			{Name: "any"},
			{Name: "opt", Const: values.Undef},
		}
	}})
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	compile := func(title string, attrs ...any) *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			d := s.Declare(SiteRefOf(site), "d", Regular).Body(SiteRefOf(site), values.String(title))
			for i := 0; i < len(attrs); i += 2 {
				d.Attr(SiteRefOf(site), attrs[i].(string), attrs[i+1].(values.Value))
			}
			d.Exec()
		}})
	}
	for round := range 2 {
		res := compile("ok", "i", values.Int(1), "n", values.String("x"), "any", values.Undef)
		require.NoError(t, res.Err, "round %d", round)
		r := res.Catalog.Resource("D", "ok")
		require.Equal(t, values.Value(values.String("x")), r.Get("s"))
		res.Release()

		for _, c := range []struct {
			attrs []any
			want  string
		}{
			{[]any{"n", values.String("x"), "any", values.Int(1)}, "D[t]: parameter 'i' expects an Integer value, got String"},
			{[]any{"i", values.Int(1), "n", values.Int(2), "any", values.Int(1)}, "D[t]: parameter 's' expects a String value, got Integer"},
			{[]any{"i", values.Int(1), "n", values.String("x")}, "D[t]: expects a value for parameter 'any'"},
			{[]any{"i", values.Int(1), "n", values.String("x"), "any", values.Int(1), "loc", values.Int(1)}, "D[t]: has no parameter named 'loc'"},
		} {
			res := compile("t", c.attrs...)
			require.Error(t, res.Err, "round %d: %v", round, c.attrs)
			require.Contains(t, res.Err.Error(), c.want, "round %d", round)
		}
	}
}
