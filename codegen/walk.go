package codegen

import "github.com/pp2go/pp2go/frontend/ast"

// inspect calls f for e and, while f returns true, for its descendants,
// depth first in source order.
func inspect(e ast.Expr, f func(ast.Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	for _, c := range children(e) {
		inspect(c, f)
	}
}

// children lists an expression's sub-expressions.
func children(e ast.Expr) []ast.Expr {
	switch x := e.(type) {
	case *ast.LiteralList:
		return x.Values
	case *ast.LiteralHash:
		out := make([]ast.Expr, 0, 2*len(x.Entries))
		for _, en := range x.Entries {
			out = append(out, en.Key, en.Value)
		}
		return out
	case *ast.ConcatenatedString:
		return x.Segments
	case *ast.HeredocExpression:
		return []ast.Expr{x.Text}
	case *ast.ParenthesizedExpression:
		return []ast.Expr{x.Expr}
	case *ast.NotExpression:
		return []ast.Expr{x.Expr}
	case *ast.UnaryMinusExpression:
		return []ast.Expr{x.Expr}
	case *ast.UnfoldExpression:
		return []ast.Expr{x.Expr}
	case *ast.TextExpression:
		return []ast.Expr{x.Expr}
	case *ast.RenderExpression:
		return []ast.Expr{x.Expr}
	case *ast.AssignmentExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.ArithmeticExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.RelationshipExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.ComparisonExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.MatchExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.InExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.AndExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.OrExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.NamedAccessExpression:
		return []ast.Expr{x.Left, x.Right}
	case *ast.AccessExpression:
		return append([]ast.Expr{x.Left}, x.Keys...)
	case *ast.BlockExpression:
		return x.Statements
	case *ast.IfExpression:
		return []ast.Expr{x.Test, x.Then, x.Else}
	case *ast.UnlessExpression:
		return []ast.Expr{x.Test, x.Then, x.Else}
	case *ast.CaseExpression:
		out := []ast.Expr{x.Test}
		for _, o := range x.Options {
			out = append(out, o.Values...)
			out = append(out, o.Then)
		}
		return out
	case *ast.SelectorExpression:
		out := []ast.Expr{x.Left}
		for _, en := range x.Selectors {
			out = append(out, en.Match, en.Value)
		}
		return out
	case *ast.CallNamedFunctionExpression:
		out := append([]ast.Expr{x.Functor}, x.Args...)
		if x.Lambda != nil {
			out = append(out, x.Lambda)
		}
		return out
	case *ast.CallMethodExpression:
		out := append([]ast.Expr{x.Functor}, x.Args...)
		if x.Lambda != nil {
			out = append(out, x.Lambda)
		}
		return out
	case *ast.LambdaExpression:
		return []ast.Expr{x.Body}
	case *ast.ResourceExpression:
		out := []ast.Expr{x.TypeName}
		for _, b := range x.Bodies {
			out = append(out, b.Title)
			out = append(out, attrExprs(b.Operations)...)
		}
		return out
	case *ast.ResourceDefaultsExpression:
		return attrExprs(x.Operations)
	case *ast.ResourceOverrideExpression:
		return append([]ast.Expr{x.Resources}, attrExprs(x.Operations)...)
	case *ast.CollectExpression:
		out := []ast.Expr{x.TypeExpr}
		switch q := x.Query.(type) {
		case *ast.VirtualQuery:
			out = append(out, q.Expr)
		case *ast.ExportedQuery:
			out = append(out, q.Expr)
		}
		return append(out, attrExprs(x.Operations)...)
	case *ast.EppExpression:
		return []ast.Expr{x.Body}
	}
	return nil
}

func attrExprs(ops []ast.AttributeOp) []ast.Expr {
	out := make([]ast.Expr, 0, len(ops))
	for _, op := range ops {
		switch o := op.(type) {
		case *ast.AttributeOperation:
			out = append(out, o.Value)
		case *ast.AttributesOperation:
			out = append(out, o.Expr)
		}
	}
	return out
}
