package rt

import (
	"fmt"
	"strings"
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
	p.AddDefine(&Define{Name: "d", Locals: "loc", Params: func() []*Parameter {
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

// TestResourceParameters checks $module_name, $caller_module_name,
// $title and $name in the scope of a define (a new scope, whose table
// setResourceParameters fills without setvar's checks) and of a class:
// their values, set first in to_hash's order, and a body that assigns
// one of them failing as Puppet fails.
func TestResourceParameters(t *testing.T) {
	p := NewProgram("production")
	p.AddModule("m", "/e/modules/m", nil)
	p.AddModule("top", "/e/modules/top", nil)
	var seen []string
	// the scope's own names in their order, then what to_hash has of
	// them (where the top scope's $title, $name and $module_name have
	// their places)
	record := func(s *Scope) {
		h := s.ToHash(false)
		kv := []string{strings.Join(s.symtable.names, " ") + ":"}
		for i := 0; i < h.Len(); i++ {
			switch k := values.ToString(h.KeyAt(i)); k {
			case "module_name", "caller_module_name", "title", "name", "x":
				kv = append(kv, k+"="+values.ToString(h.ValueAt(i)))
			}
		}
		seen = append(seen, strings.Join(kv, " "))
	}
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	p.AddDefine(&Define{Name: "m::d", Module: "m", Params: func() []*Parameter {
		return []*Parameter{{Name: "x", Const: values.Int(1)}}
	}, Body: func(s *Scope) { record(s) }})
	p.AddClass(&Class{Name: "top::k", Module: "top", Body: func(s *Scope) {
		record(s)
		d := s.Declare(SiteRefOf(site), "m::d", Regular).Body(SiteRefOf(site), values.String("t1"))
		d.Attr(SiteRefOf(site), "name", values.String("n1"))
		d.Exec()
		s.Declare(SiteRefOf(site), "m::d", Regular).Body(SiteRefOf(site), values.String("t2")).Exec()
	}})
	p.AddDefine(&Define{Name: "m::bad", Module: "m", Body: func(s *Scope) {
		s.Assign(site, "title", values.String("again"))
	}})
	for round := range 2 {
		require.Equal(t, []string{
			"module_name caller_module_name title name: module_name=top title=top::k name=top::k caller_module_name=",
			"module_name caller_module_name title name x: module_name=m title=t1 name=n1 caller_module_name=top x=1",
			"module_name caller_module_name title name x: module_name=m title=t2 name=t2 caller_module_name=top x=1",
		}, recordIncluding(t, p, "top::k", &seen), "round %d", round)

		res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			s.Declare(SiteRefOf(site), "m::bad", Regular).Body(SiteRefOf(site), values.String("b")).Exec()
		}})
		require.Error(t, res.Err)
		require.Contains(t, res.Err.Error(), "Cannot reassign variable '$title'")
	}
}

// TestTableStart: start gives an empty table the variables setvar would,
// in its order, leaving out a nil module name.
func TestTableStart(t *testing.T) {
	for _, mod := range []values.Value{nil, values.String("m")} {
		for _, caller := range []values.Value{nil, values.String("c")} {
			title, name := values.String("t"), values.String("n")
			got := &varTable{kind: localTable}
			got.start(mod, caller, title, name)
			want := newScope(&Ctx{}, nil, nil, nil)
			want.setStart(mod, caller, title, name) // setvar, one by one
			require.Equal(t, want.symtable.names, got.names)
			require.Equal(t, want.symtable.vals, got.vals)
		}
	}
}

// TestAdoptedScopeVariables: a define's scope that took its parameter
// table (adoptParameters) reads its parameters, given (setParam) or
// defaults, and $module_name and $caller_module_name, which scopes of
// no other extra name share a list of the positions of (leadExtra);
// each instance's body assigns a local of its own after them, which
// the others do not see, and the shared lists stay as they were.
func TestAdoptedScopeVariables(t *testing.T) {
	p := NewProgram("production")
	p.AddModule("m", "/e/modules/m", nil)
	p.AddModule("top", "/e/modules/top", nil)
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	var seen []string
	p.AddDefine(&Define{Name: "m::d", Module: "m", Params: func() []*Parameter {
		return []*Parameter{{Name: "x", Const: values.Int(1)}, {Name: "z"}}
	}, Body: func(s *Scope) {
		_, before := s.visibleVar("own")
		s.Assign(site, "own", values.String(s.resource.Title))
		var kv []string
		for _, n := range []string{"module_name", "caller_module_name", "x", "z", "own"} {
			kv = append(kv, n+"="+values.ToString(s.Var(SiteRefOf(site), n)))
		}
		seen = append(seen, fmt.Sprintf("%s before=%v", strings.Join(kv, " "), before))
	}})
	p.AddClass(&Class{Name: "top::k", Module: "top", Body: func(s *Scope) {
		for i, title := range []string{"t1", "t2"} {
			d := s.Declare(SiteRefOf(site), "m::d", Regular).Body(SiteRefOf(site), values.String(title))
			d.Attr(SiteRefOf(site), "z", values.Int(int64(10+i)))
			if i == 1 {
				d.Attr(SiteRefOf(site), "x", values.Int(2))
			}
			d.Exec()
		}
	}})
	for round := range 2 {
		require.Equal(t, []string{
			"module_name=m caller_module_name=top x=1 z=10 own=t1 before=false",
			"module_name=m caller_module_name=top x=2 z=11 own=t2 before=false",
		}, recordIncluding(t, p, "top::k", &seen), "round %d", round)
		require.Equal(t, [...][]int32{nil, {0}, {0, 1}}, leadExtra, "round %d", round)
		for _, l := range leadExtra {
			require.Equal(t, len(l), cap(l))
		}
	}
}

// TestConstDefaultRuns: runs of literal defaults (bindConstRun) bind as
// one by one: the resource's parameters and the scope's variables in the
// definition's order after those given, a given parameter or one named
// tag breaking a run, a default's code reading the literal defaults
// before it; and a default reading a later one, not evaluated yet, fails
// with Puppet's words.
func TestConstDefaultRuns(t *testing.T) {
	p := NewProgram("production")
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	var seen []string
	p.AddDefine(&Define{Name: "d", Params: func() []*Parameter {
		return []*Parameter{
			{Name: "a", Const: values.Int(1)},
			{Name: "b", Const: values.String("b")},
			{Name: "c", Const: values.Undef},
			{Name: "sum", Default: func(s *Scope) values.Value {
				return values.String(values.ToString(s.Var(SiteRefOf(site), "a")) + values.ToString(s.Var(SiteRefOf(site), "b")))
			}},
			{Name: "e", Const: values.Int(5)},
			{Name: "f", Const: values.Int(6)},
			{Name: "tag", Const: values.String("t1")},
			{Name: "g", Const: values.Int(7)},
			{Name: "h", Const: values.Int(8)},
		}
	}, Body: func(s *Scope) {
		seen = append(seen, strings.Join(s.symtable.names, " "))
	}})
	p.AddDefine(&Define{Name: "early", Params: func() []*Parameter {
		return []*Parameter{
			{Name: "x", Default: func(s *Scope) values.Value { return s.Var(SiteRefOf(site), "y") }},
			{Name: "y", Const: values.Int(1)},
			{Name: "z", Const: values.Int(2)},
		}
	}})
	for round := range 2 {
		seen = nil
		res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			d := s.Declare(SiteRefOf(site), "d", Regular).Body(SiteRefOf(site), values.String("x"))
			d.Attr(SiteRefOf(site), "f", values.Int(60))
			d.Exec()
		}})
		require.NoError(t, res.Err, "round %d", round)
		r := res.Catalog.Resource("D", "x")
		var got []string
		for _, p := range r.Params {
			got = append(got, p.Name+"="+values.ToString(p.Value))
			require.Equal(t, "/e/site.pp", p.File())
			require.Equal(t, int32(3), p.Line)
		}
		require.Equal(t, []string{"f=60", "a=1", "b=b", "c=", "sum=1b", "e=5", "tag=t1", "g=7", "h=8"}, got, "round %d", round)
		require.Equal(t, []string{"module_name caller_module_name title name f a b c sum e tag g h"}, seen, "round %d", round)
		require.Contains(t, r.Tags, "t1")
		res.Release()

		res = CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			s.Declare(SiteRefOf(site), "early", Regular).Body(SiteRefOf(site), values.String("e")).Exec()
		}})
		require.Error(t, res.Err)
		require.Contains(t, res.Err.Error(), "Early[e]: default expression for $x tries to illegally access not yet evaluated $y")
	}
}

// recordIncluding is what a compile of a node whose main code includes
// class records in *seen, which it empties first; the compile must
// succeed.
func recordIncluding(t *testing.T, p *Program, class string, seen *[]string) []string {
	*seen = nil
	res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.c.Include(s, []values.Value{values.String(class)})
	}})
	require.NoError(t, res.Err)
	res.Release()
	return *seen
}

// TestOwnParamTable: a define's scope whose own table is its parameter
// table while the defaults evaluate (ownParamTable) behaves as Puppet's
// ParameterScope over it. A default reads $title, $name, $module_name
// and the parameters before it; assigning a parameter, set or not, is
// "Cannot reassign", assigning any other name (the scope's $title too)
// is "Attempt to assign ... when evaluating parameters". The body sees
// the parameters and a given metaparameter as variables in to_hash's
// order, and assigns its own; a given name setvar treats apart
// ($module_name) fails as Puppet's validation does.
func TestOwnParamTable(t *testing.T) {
	p := NewProgram("production")
	p.AddModule("m", "/e/modules/m", nil)
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	var seen []string
	assignIn := func(name string) func(s *Scope) values.Value {
		return func(s *Scope) values.Value { return s.Assign(site, name, values.Int(0)) }
	}
	p.AddDefine(&Define{Name: "m::d", Module: "m", Locals: "loc", Params: func() []*Parameter {
		return []*Parameter{
			{Name: "a"},
			{Name: "b", Default: func(s *Scope) values.Value {
				var parts []string
				for _, n := range []string{"title", "name", "module_name", "a"} {
					parts = append(parts, values.ToString(s.Var(SiteRefOf(site), n)))
				}
				return values.String(strings.Join(parts, ","))
			}},
			{Name: "c", Const: values.Int(3)},
		}
	}, Body: func(s *Scope) {
		s.Assign(site, "loc", values.String("l"))
		h := s.ToHash(false)
		kv := []string{}
		for i := 0; i < h.Len(); i++ {
			switch k := values.ToString(h.KeyAt(i)); k {
			case "module_name", "title", "name", "loglevel", "a", "b", "c", "loc":
				kv = append(kv, k+"="+values.ToString(h.ValueAt(i)))
			}
		}
		seen = append(seen, strings.Join(kv, " "))
		require.NotNil(t, s.symtable.layout, "the scope's table is not its parameter table")
	}})
	for _, name := range []string{"a", "later", "title", "other"} {
		p.AddDefine(&Define{Name: "m::assign_" + name, Module: "m", Params: func() []*Parameter {
			return []*Parameter{{Name: "a", Const: values.Int(1)}, {Name: "x", Default: assignIn(name)}, {Name: "later"}}
		}})
	}
	declare := func(typ string, attrs ...any) *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			d := s.Declare(SiteRefOf(site), typ, Regular).Body(SiteRefOf(site), values.String("t"))
			for i := 0; i < len(attrs); i += 2 {
				d.Attr(SiteRefOf(site), attrs[i].(string), attrs[i+1].(values.Value))
			}
			d.Exec()
		}})
	}
	for round := range 2 {
		seen = nil
		res := declare("m::d", "loglevel", values.String("info"), "a", values.String("x"), "name", values.String("n"))
		require.NoError(t, res.Err, "round %d", round)
		require.Equal(t, []string{"module_name=m title=t name=n loglevel=info a=x b=t,n,m,x c=3 loc=l"}, seen, "round %d", round)
		res.Release()
		for _, c := range []struct{ typ, want string }{
			{"m::assign_a", "Cannot reassign variable '$a'"},
			{"m::assign_later", "Cannot reassign variable '$later'"},
			{"m::assign_title", "Attempt to assign variable title when evaluating parameters"},
			{"m::assign_other", "Attempt to assign variable other when evaluating parameters"},
		} {
			res := declare(c.typ, "later", values.Int(2))
			require.Error(t, res.Err, "round %d: %s", round, c.typ)
			require.Contains(t, res.Err.Error(), c.want, "round %d", round)
		}
		res = declare("m::d", "a", values.Int(1), "module_name", values.String("x"))
		require.Error(t, res.Err, "round %d", round)
		require.Contains(t, res.Err.Error(), "M::D[t]: has no parameter named 'module_name'", "round %d", round)
	}
}

// TestConstRunEnds: a layout's runs of literal defaults (runEnd) end at a
// parameter with code, at one named tag and after a chunk of
// parameters; a define of more literal defaults than a chunk binds them
// all, in order.
func TestConstRunEnds(t *testing.T) {
	one := values.Int(1)
	var params []*Parameter
	for _, n := range []string{"a", "b", "-c", "d", "tag", "e", "f", "g", "-h"} {
		p := &Parameter{Name: strings.TrimPrefix(n, "-"), Const: one}
		if n[0] == '-' {
			p.Const = nil
		}
		params = append(params, p)
	}
	l := newParamLayout(params, "")
	require.Equal(t, []int32{2, 2, 2, 4, 4, 8, 8, 8, 8}, l.runEnd)

	params = nil
	var want []string
	for i := range paramChunk + 5 {
		name := fmt.Sprintf("p%d", i)
		params = append(params, &Parameter{Name: name, Const: values.Int(int64(i))})
		want = append(want, fmt.Sprintf("%s=%d", name, i))
	}
	l = newParamLayout(params, "")
	require.Equal(t, int32(paramChunk), l.runEnd[0])
	require.Equal(t, int32(paramChunk+5), l.runEnd[paramChunk])
	p := NewProgram("production")
	p.AddDefine(&Define{Name: "long", Params: func() []*Parameter { return params }})
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.Declare(SiteRefOf(site), "long", Regular).Body(SiteRefOf(site), values.String("x")).Exec()
	}})
	require.NoError(t, res.Err)
	var got []string
	for _, q := range res.Catalog.Resource("Long", "x").Params {
		got = append(got, q.Name+"="+values.ToString(q.Value))
	}
	require.Equal(t, want, got)
}

// TestOwnParamTableBegun: a scope's table is its parameter table only as
// start began it: not once a variable was set since, nor a second time.
func TestOwnParamTableBegun(t *testing.T) {
	layout := newParamLayout([]*Parameter{{Name: "a"}}, "")
	for _, set := range []bool{false, true} {
		c := &Ctx{prog: NewProgram("production")}
		c.top = newScope(c, nil, nil, nil)
		d, r := &Define{Name: "d"}, &Resource{Type: "D", Title: "t"}
		s := newScope(c, c.top, d, r)
		c.setResourceParameters(r, s, d, false)
		if set {
			s.setvar("x", values.Int(1), false)
		}
		require.Equal(t, !set, s.ownParamTable(layout, 1), "a variable set since start: %v", set)
		require.False(t, s.ownParamTable(layout, 1), "taken twice")
	}
}

// TestReplacedParamChecked: a define's parameters checked as they were
// bound are checked again at finish only where a template changed a
// value in place (updateVar, Param.replaced): a replaced value of the
// parameter's type passes, and shows in the catalog; one that is not
// fails with Puppet's text, as a check of all of them would.
func TestReplacedParamChecked(t *testing.T) {
	p := NewProgram("production")
	strs := &TypeRef{Text: "Array[String]"}
	var replacement values.Value
	p.AddDefine(&Define{Name: "d",
		Params: func() []*Parameter {
			return []*Parameter{{Name: "a", Type: strs}, {Name: "b", Type: &TypeRef{Text: "Integer"}, Const: values.Int(1)}}
		},
		Body: func(s *Scope) { s.updateVar("a", replacement) },
	})
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	compile := func() *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			s.Declare(SiteRefOf(site), "d", Regular).Body(SiteRefOf(site), values.String("t")).
				Attr(SiteRefOf(site), "a", values.NewArray(values.String("x"))).Exec()
		}})
	}
	for round := range 2 {
		replacement = values.NewArray(values.String("x"), values.String("y"))
		res := compile()
		require.NoError(t, res.Err, "round %d", round)
		require.Same(t, replacement, res.Catalog.Resource("D", "t").Get("a"), "round %d", round)
		res.Release()

		replacement = values.NewArray(values.String("x"), values.Int(2))
		res = compile()
		require.Error(t, res.Err, "round %d", round)
		require.Contains(t, res.Err.Error(), "D[t]: parameter 'a' index 1 expects a String value, got Integer", "round %d", round)
	}
}

// TestProvenAttr: a value the build proved its parameter's type accepts
// (Declaration.ProvenAttr) is bound without a check of its type; the
// same value given with Attr is checked. (A proof the checker gets wrong
// would let such a value through: typecheck's TestProvenAttrs and the
// conformance suites guard the proofs.)
func TestProvenAttr(t *testing.T) {
	p := NewProgram("production")
	p.AddDefine(&Define{Name: "d",
		Params: func() []*Parameter {
			return []*Parameter{{Name: "i", Type: &TypeRef{Text: "Integer"}}, {Name: "s", Type: &TypeRef{Text: "String"}, Const: values.String("")}}
		},
		Body: func(s *Scope) {},
	})
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 3}
	compile := func(proven bool, i values.Value) *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			d := s.Declare(SiteRefOf(site), "d", Regular).Body(SiteRefOf(site), values.String("t")).
				Attr(SiteRefOf(site), "s", values.String("x"))
			if proven {
				d.ProvenAttr(SiteRefOf(site), "i", i).Exec()
			} else {
				d.Attr(SiteRefOf(site), "i", i).Exec()
			}
		}})
	}
	for _, proven := range []bool{false, true} {
		res := compile(proven, values.Int(1))
		require.NoError(t, res.Err, "proven %v", proven)
		require.Equal(t, values.Int(1), res.Catalog.Resource("D", "t").Get("i"))
		res.Release()
	}
	res := compile(false, values.String("one"))
	require.ErrorContains(t, res.Err, "D[t]: parameter 'i' expects an Integer value, got String")
	res = compile(true, values.String("one")) // trusted: not checked
	require.NoError(t, res.Err)
}
