package resolve

import "github.com/pp2go/pp2go/frontend/ast"

// children calls f with each expression directly contained in n. Lambdas,
// parameters, attribute operations and the parts of case and selector
// expressions are passed as the nodes they are.
func children(n ast.Expr, f func(ast.Expr)) {
	opt := func(e ast.Expr) {
		if e != nil {
			f(e)
		}
	}
	list := func(es []ast.Expr) {
		for _, e := range es {
			opt(e)
		}
	}
	switch x := n.(type) {
	case *ast.LiteralList:
		list(x.Values)
	case *ast.LiteralHash:
		for _, e := range x.Entries {
			f(e)
		}
	case *ast.KeyedEntry:
		opt(x.Key)
		opt(x.Value)
	case *ast.ConcatenatedString:
		list(x.Segments)
	case *ast.HeredocExpression:
		opt(x.Text)
	case *ast.ParenthesizedExpression:
		opt(x.Expr)
	case *ast.NotExpression:
		opt(x.Expr)
	case *ast.UnaryMinusExpression:
		opt(x.Expr)
	case *ast.UnfoldExpression:
		opt(x.Expr)
	case *ast.VariableExpression:
		// the name is not an expression to resolve
	case *ast.TextExpression:
		opt(x.Expr)
	case *ast.RenderExpression:
		opt(x.Expr)
	case *ast.AssignmentExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.ArithmeticExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.RelationshipExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.ComparisonExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.MatchExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.InExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.AndExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.OrExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.NamedAccessExpression:
		opt(x.Left)
		opt(x.Right)
	case *ast.AccessExpression:
		opt(x.Left)
		list(x.Keys)
	case *ast.BlockExpression:
		list(x.Statements)
	case *ast.ApplyBlockExpression:
		list(x.Statements)
	case *ast.IfExpression:
		opt(x.Test)
		opt(x.Then)
		opt(x.Else)
	case *ast.UnlessExpression:
		opt(x.Test)
		opt(x.Then)
		opt(x.Else)
	case *ast.CaseExpression:
		opt(x.Test)
		for _, o := range x.Options {
			f(o)
		}
	case *ast.CaseOption:
		list(x.Values)
		opt(x.Then)
	case *ast.SelectorExpression:
		opt(x.Left)
		for _, s := range x.Selectors {
			opt(s.Match)
			opt(s.Value)
		}
	case *ast.CallNamedFunctionExpression:
		opt(x.Functor)
		list(x.Args)
		if x.Lambda != nil {
			f(x.Lambda)
		}
	case *ast.CallMethodExpression:
		opt(x.Functor)
		list(x.Args)
		if x.Lambda != nil {
			f(x.Lambda)
		}
	case *ast.LambdaExpression:
		for _, p := range x.Params {
			opt(p.Type)
			opt(p.Value)
		}
		opt(x.ReturnType)
		opt(x.Body)
	case *ast.EppExpression:
		opt(x.Body)
	case *ast.ResourceExpression:
		opt(x.TypeName)
		for _, b := range x.Bodies {
			opt(b.Title)
			ops(b.Operations, f)
		}
	case *ast.ResourceDefaultsExpression:
		opt(x.TypeRef)
		ops(x.Operations, f)
	case *ast.ResourceOverrideExpression:
		opt(x.Resources)
		ops(x.Operations, f)
	case *ast.CollectExpression:
		opt(x.TypeExpr)
		opt(x.Query)
		ops(x.Operations, f)
	case *ast.VirtualQuery:
		opt(x.Expr)
	case *ast.ExportedQuery:
		opt(x.Expr)
	case *ast.ApplyExpression:
		list(x.Args)
		opt(x.Body)
	case *ast.HostClassDefinition:
		params(x.Params, f)
		opt(x.Body)
	case *ast.ResourceTypeDefinition:
		params(x.Params, f)
		opt(x.Body)
	case *ast.FunctionDefinition:
		params(x.Params, f)
		opt(x.ReturnType)
		opt(x.Body)
	case *ast.PlanDefinition:
		params(x.Params, f)
		opt(x.ReturnType)
		opt(x.Body)
	case *ast.NodeDefinition:
		list(x.HostMatches)
		opt(x.Parent)
		opt(x.Body)
	case *ast.TypeAlias:
		opt(x.TypeExpr)
	case *ast.TypeMapping:
		opt(x.TypeExpr)
		opt(x.MappingExpr)
	case *ast.TypeDefinition:
		opt(x.Body)
	}
}

func params(ps []*ast.Parameter, f func(ast.Expr)) {
	for _, p := range ps {
		if p.Type != nil {
			f(p.Type)
		}
		if p.Value != nil {
			f(p.Value)
		}
	}
}

func ops(os []ast.AttributeOp, f func(ast.Expr)) {
	for _, o := range os {
		switch x := o.(type) {
		case *ast.AttributeOperation:
			if x.Value != nil {
				f(x.Value)
			}
		case *ast.AttributesOperation:
			if x.Expr != nil {
				f(x.Expr)
			}
		}
	}
}

// assignedNames lists the variables that body assigns in its own scope:
// assignments anywhere in it except inside lambdas and nested definitions,
// which have scopes of their own.
func assignedNames(body ast.Expr, into map[string]bool) {
	var walk func(n ast.Expr)
	walk = func(n ast.Expr) {
		switch x := n.(type) {
		case nil:
			return
		case *ast.LambdaExpression, ast.Definition:
			return
		case *ast.AssignmentExpression:
			targets(x.Left, into)
			walk(x.Right)
			return
		}
		children(n, walk)
	}
	walk(body)
}

// targets records the variables an assignment's left side names ($x, or
// [$a, $b] destructuring).
func targets(left ast.Expr, into map[string]bool) {
	switch x := left.(type) {
	case *ast.VariableExpression:
		if q, ok := x.Expr.(*ast.QualifiedName); ok {
			into[q.Value] = true
		}
	case *ast.LiteralList:
		for _, v := range x.Values {
			targets(v, into)
		}
	}
}
