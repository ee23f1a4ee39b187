package pn

import (
	"fmt"
	"math/big"

	"github.com/pp2go/pp2go/frontend/ast"
)

// Transform turns a program into PN, as Puppet's PNTransformer does.
func Transform(p *ast.Program) Node { return transform(p.Body) }

func transform(e ast.Expr) Node {
	switch x := e.(type) {
	case nil, *ast.Nop:
		return call("nop")
	case *ast.AccessExpression:
		return append(List{transform(x.Left)}, list(x.Keys)...).asCall("access")
	case *ast.AndExpression:
		return call("and", transform(x.Left), transform(x.Right))
	case *ast.OrExpression:
		return call("or", transform(x.Left), transform(x.Right))
	case *ast.InExpression:
		return call("in", transform(x.Left), transform(x.Right))
	case *ast.ArithmeticExpression:
		return call(x.Op, transform(x.Left), transform(x.Right))
	case *ast.AssignmentExpression:
		return call(x.Op, transform(x.Left), transform(x.Right))
	case *ast.ComparisonExpression:
		return call(x.Op, transform(x.Left), transform(x.Right))
	case *ast.MatchExpression:
		return call(x.Op, transform(x.Left), transform(x.Right))
	case *ast.RelationshipExpression:
		return call(x.Op, transform(x.Left), transform(x.Right))
	case *ast.NamedAccessExpression:
		return call(".", transform(x.Left), transform(x.Right))
	case *ast.BlockExpression:
		return list(x.Statements).asCall("block")
	case *ast.ApplyBlockExpression:
		return list(x.Statements).asCall("block")
	case *ast.CallNamedFunctionExpression:
		return callToPN(x.Functor, x.Args, x.Lambda, x.RvalRequired, "call", "invoke")
	case *ast.CallMethodExpression:
		return callToPN(x.Functor, x.Args, x.Lambda, x.RvalRequired, "call-method", "invoke-method")
	case *ast.CaseExpression:
		opts := make(List, len(x.Options))
		for i, o := range x.Options {
			opts[i] = transform(o)
		}
		return call("case", transform(x.Test), opts)
	case *ast.CaseOption:
		return Map{{"when", list(x.Values)}, blockAsEntry("then", x.Then)}
	case *ast.CollectExpression:
		m := Map{{"type", transform(x.TypeExpr)}, {"query", transform(x.Query)}}
		if len(x.Operations) > 0 {
			m = append(m, Entry{"ops", ops(x.Operations)})
		}
		return call("collect", m)
	case *ast.ConcatenatedString:
		return list(x.Segments).asCall("concat")
	case *ast.EppExpression:
		if x.Body == nil {
			return call("epp")
		}
		return &Call{Name: "epp", Elements: transform(x.Body).(*Call).Elements}
	case *ast.ExportedQuery:
		return query("exported-query", x.Expr)
	case *ast.VirtualQuery:
		return query("virtual-query", x.Expr)
	case *ast.FunctionDefinition:
		return definition("function", x.Name, "", x.Params, x.Body, x.ReturnType)
	case *ast.PlanDefinition:
		return definition("plan", x.Name, "", x.Params, x.Body, x.ReturnType)
	case *ast.HostClassDefinition:
		return definition("class", x.Name, x.ParentClass, x.Params, x.Body, nil)
	case *ast.ResourceTypeDefinition:
		return definition("define", x.Name, "", x.Params, x.Body, nil)
	case *ast.HeredocExpression:
		var m Map
		if x.Syntax != "" {
			m = append(m, Entry{"syntax", Literal{x.Syntax}})
		}
		return call("heredoc", append(m, Entry{"text", transform(x.Text)}))
	case *ast.IfExpression:
		return ifToPN("if", x.Test, x.Then, x.Else)
	case *ast.UnlessExpression:
		return ifToPN("unless", x.Test, x.Then, x.Else)
	case *ast.KeyedEntry:
		return call("=>", transform(x.Key), transform(x.Value))
	case *ast.LambdaExpression:
		var m Map
		if len(x.Params) > 0 {
			m = append(m, params(x.Params))
		}
		if x.ReturnType != nil {
			m = append(m, Entry{"returns", transform(x.ReturnType)})
		}
		if x.Body != nil {
			m = append(m, blockAsEntry("body", x.Body))
		}
		return call("lambda", m)
	case *ast.LiteralBoolean:
		return Literal{x.Value}
	case *ast.LiteralDefault:
		return call("default")
	case *ast.LiteralFloat:
		return Literal{x.Value}
	case *ast.LiteralHash:
		entries := make(List, len(x.Entries))
		for i, en := range x.Entries {
			entries[i] = transform(en)
		}
		return entries.asCall("hash")
	case *ast.LiteralInteger:
		v := intValue(x)
		if x.Radix == 10 {
			return v
		}
		return call("int", Map{{"radix", Literal{int64(x.Radix)}}, {"value", v}})
	case *ast.LiteralList:
		return list(x.Values).asCall("array")
	case *ast.LiteralRegularExpression:
		return call("regexp", Literal{x.Pattern})
	case *ast.LiteralString:
		return Literal{x.Value}
	case *ast.LiteralUndef:
		return Literal{nil}
	case *ast.NodeDefinition:
		m := Map{{"matches", list(x.HostMatches)}}
		if x.Parent != nil {
			m = append(m, Entry{"parent", transform(x.Parent)})
		}
		if x.Body != nil {
			m = append(m, blockAsEntry("body", x.Body))
		}
		return call("node", m)
	case *ast.NotExpression:
		return call("!", transform(x.Expr))
	case *ast.ParenthesizedExpression:
		return call("paren", transform(x.Expr))
	case *ast.QualifiedName:
		return call("qn", Literal{x.Value})
	case *ast.QualifiedReference:
		return call("qr", Literal{x.CasedValue})
	case *ast.RenderExpression:
		return call("render", transform(x.Expr))
	case *ast.RenderStringExpression:
		return call("render-s", Literal{x.Value})
	case *ast.ReservedWord:
		return call("reserved", Literal{x.Word})
	case *ast.ResourceDefaultsExpression:
		m := Map{{"type", transform(x.TypeRef)}, {"ops", ops(x.Operations)}}
		return call("resource-defaults", withForm(m, x.Form))
	case *ast.ResourceExpression:
		bodies := make(List, len(x.Bodies))
		for i, b := range x.Bodies {
			bodies[i] = Map{{"title", transform(b.Title)}, {"ops", ops(b.Operations)}}
		}
		m := Map{{"type", transform(x.TypeName)}, {"bodies", bodies}}
		return call("resource", withForm(m, x.Form))
	case *ast.ResourceOverrideExpression:
		m := Map{{"resources", transform(x.Resources)}, {"ops", ops(x.Operations)}}
		return call("resource-override", withForm(m, x.Form))
	case *ast.SelectorExpression:
		sels := make(List, len(x.Selectors))
		for i, s := range x.Selectors {
			sels[i] = call("=>", transform(s.Match), transform(s.Value))
		}
		return call("?", transform(x.Left), sels)
	case *ast.TextExpression:
		return call("str", transform(x.Expr))
	case *ast.TypeAlias:
		return call("type-alias", Literal{x.Name}, transform(x.TypeExpr))
	case *ast.TypeDefinition:
		var parent Literal
		if x.Parent != "" {
			parent = Literal{x.Parent}
		}
		return call("type-definition", Literal{x.Name}, parent, transform(x.Body))
	case *ast.TypeMapping:
		return call("type-mapping", transform(x.TypeExpr), transform(x.MappingExpr))
	case *ast.UnaryMinusExpression:
		switch v := x.Expr.(type) {
		case *ast.LiteralInteger:
			if v.Big != nil {
				return Literal{new(big.Int).Neg(v.Big)}
			}
			return Literal{-v.Value}
		case *ast.LiteralFloat:
			return Literal{-v.Value}
		}
		return call("-", transform(x.Expr))
	case *ast.UnfoldExpression:
		return call("unfold", transform(x.Expr))
	case *ast.VariableExpression:
		if q, ok := x.Expr.(*ast.QualifiedName); ok {
			return call("var", Literal{q.Value})
		}
		return call("var", transform(x.Expr))
	}
	panic(fmt.Sprintf("pn: no transformation for %T", e))
}

func intValue(x *ast.LiteralInteger) Literal {
	if x.Big != nil {
		return Literal{x.Big}
	}
	return Literal{x.Value}
}

func list(es []ast.Expr) List {
	l := make(List, len(es))
	for i, e := range es {
		l[i] = transform(e)
	}
	return l
}

func ops(os []ast.AttributeOp) List {
	l := make(List, len(os))
	for i, o := range os {
		switch x := o.(type) {
		case *ast.AttributeOperation:
			l[i] = call(x.Op, Literal{x.Name}, transform(x.Value))
		case *ast.AttributesOperation:
			l[i] = call("splat-hash", transform(x.Expr))
		}
	}
	return l
}

func query(name string, e ast.Expr) Node {
	if _, nop := e.(*ast.Nop); e == nil || nop {
		return call(name)
	}
	return call(name, transform(e))
}

func withForm(m Map, form string) Map {
	if form != ast.Regular {
		m = append(m, Entry{"form", Literal{form}})
	}
	return m
}

// blockAsEntry is a body as a list of statements.
func blockAsEntry(name string, e ast.Expr) Entry {
	if b, ok := e.(*ast.BlockExpression); ok {
		return Entry{name, list(b.Statements)}
	}
	return Entry{name, List{transform(e)}}
}

func callToPN(functor ast.Expr, args []ast.Expr, lambda *ast.LambdaExpression, rval bool, r, nr string) Node {
	m := Map{{"functor", transform(functor)}, {"args", list(args)}}
	if lambda != nil {
		m = append(m, Entry{"block", transform(lambda)})
	}
	if rval {
		return call(r, m)
	}
	return call(nr, m)
}

func ifToPN(name string, test, then, els ast.Expr) Node {
	m := Map{{"test", transform(test)}}
	if !isNop(then) {
		m = append(m, blockAsEntry("then", then))
	}
	if !isNop(els) {
		m = append(m, blockAsEntry("else", els))
	}
	return call(name, m)
}

func isNop(e ast.Expr) bool {
	_, nop := e.(*ast.Nop)
	return e == nil || nop
}

func params(ps []*ast.Parameter) Entry {
	m := make(Map, len(ps))
	for i, p := range ps {
		var pm Map
		if p.Type != nil {
			pm = append(pm, Entry{"type", transform(p.Type)})
		}
		if p.CapturesRest {
			pm = append(pm, Entry{"splat", Literal{true}})
		}
		if p.Value != nil {
			pm = append(pm, Entry{"value", transform(p.Value)})
		}
		m[i] = Entry{p.Name, pm}
	}
	return Entry{"params", m}
}

func definition(kind, name, parent string, ps []*ast.Parameter, body, returns ast.Expr) Node {
	m := Map{{"name", Literal{name}}}
	if parent != "" {
		m = append(m, Entry{"parent", Literal{parent}})
	}
	if len(ps) > 0 {
		m = append(m, params(ps))
	}
	if body != nil {
		m = append(m, blockAsEntry("body", body))
	}
	if returns != nil {
		m = append(m, Entry{"returns", transform(returns)})
	}
	return call(kind, m)
}
