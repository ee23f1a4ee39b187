package ast

// EachChild calls f with each node contained in n, in the order of the
// attributes of Puppet's model (pops/model/ast.pp): the order in which
// Puppet visits, and so reports, them.
func EachChild(n any, f func(any)) {
	exprs := func(es []Expr) {
		for _, e := range es {
			f(e)
		}
	}
	opt := func(e Expr) {
		if e != nil {
			f(e)
		}
	}
	params := func(ps []*Parameter) {
		for _, p := range ps {
			f(p)
		}
	}
	ops := func(os []AttributeOp) {
		for _, o := range os {
			f(o)
		}
	}
	switch x := n.(type) {
	case *AccessExpression:
		f(x.Left)
		exprs(x.Keys)
	case *AssignmentExpression:
		f(x.Left)
		f(x.Right)
	case *ArithmeticExpression:
		f(x.Left)
		f(x.Right)
	case *RelationshipExpression:
		f(x.Left)
		f(x.Right)
	case *ComparisonExpression:
		f(x.Left)
		f(x.Right)
	case *MatchExpression:
		f(x.Left)
		f(x.Right)
	case *InExpression:
		f(x.Left)
		f(x.Right)
	case *AndExpression:
		f(x.Left)
		f(x.Right)
	case *OrExpression:
		f(x.Left)
		f(x.Right)
	case *NamedAccessExpression:
		f(x.Left)
		f(x.Right)
	case *ParenthesizedExpression:
		f(x.Expr)
	case *NotExpression:
		f(x.Expr)
	case *UnaryMinusExpression:
		f(x.Expr)
	case *UnfoldExpression:
		f(x.Expr)
	case *VariableExpression:
		f(x.Expr)
	case *TextExpression:
		f(x.Expr)
	case *RenderExpression:
		f(x.Expr)
	case *LiteralList:
		exprs(x.Values)
	case *KeyedEntry:
		f(x.Key)
		f(x.Value)
	case *LiteralHash:
		for _, e := range x.Entries {
			f(e)
		}
	case *BlockExpression:
		exprs(x.Statements)
	case *ApplyBlockExpression:
		exprs(x.Statements)
	case *CaseOption:
		exprs(x.Values)
		opt(x.Then)
	case *CaseExpression:
		f(x.Test)
		for _, o := range x.Options {
			f(o)
		}
	case *VirtualQuery:
		opt(x.Expr)
	case *ExportedQuery:
		opt(x.Expr)
	case *AttributeOperation:
		f(x.Value)
	case *AttributesOperation:
		f(x.Expr)
	case *CollectExpression:
		f(x.TypeExpr)
		f(x.Query)
		ops(x.Operations)
	case *Parameter:
		opt(x.Value)
		opt(x.Type)
	case *FunctionDefinition:
		params(x.Params)
		opt(x.Body)
		opt(x.ReturnType)
	case *PlanDefinition:
		params(x.Params)
		opt(x.Body)
		opt(x.ReturnType)
	case *ResourceTypeDefinition:
		params(x.Params)
		opt(x.Body)
	case *HostClassDefinition:
		params(x.Params)
		opt(x.Body)
	case *TypeAlias:
		opt(x.TypeExpr)
	case *TypeMapping:
		opt(x.TypeExpr)
		opt(x.MappingExpr)
	case *TypeDefinition:
		opt(x.Body)
	case *NodeDefinition:
		opt(x.Parent)
		exprs(x.HostMatches)
		opt(x.Body)
	case *HeredocExpression:
		f(x.Text)
	case *LambdaExpression:
		params(x.Params)
		opt(x.Body)
		opt(x.ReturnType)
	case *ApplyExpression:
		exprs(x.Args)
		opt(x.Body)
	case *IfExpression:
		f(x.Test)
		opt(x.Then)
		opt(x.Else)
	case *UnlessExpression:
		f(x.Test)
		opt(x.Then)
		opt(x.Else)
	case *CallNamedFunctionExpression:
		f(x.Functor)
		exprs(x.Args)
		if x.Lambda != nil {
			f(x.Lambda)
		}
	case *CallMethodExpression:
		f(x.Functor)
		exprs(x.Args)
		if x.Lambda != nil {
			f(x.Lambda)
		}
	case *ConcatenatedString:
		exprs(x.Segments)
	case *EppExpression:
		opt(x.Body)
	case *ResourceBody:
		opt(x.Title)
		ops(x.Operations)
	case *ResourceExpression:
		f(x.TypeName)
		for _, b := range x.Bodies {
			f(b)
		}
	case *ResourceDefaultsExpression:
		opt(x.TypeRef)
		ops(x.Operations)
	case *ResourceOverrideExpression:
		f(x.Resources)
		ops(x.Operations)
	case *SelectorEntry:
		f(x.Match)
		f(x.Value)
	case *SelectorExpression:
		f(x.Left)
		for _, s := range x.Selectors {
			f(s)
		}
	}
}

// Inspect calls f for n and, depth first in the order EachChild gives, for
// every node within it.
func Inspect(n any, f func(any)) {
	f(n)
	EachChild(n, func(c any) { Inspect(c, f) })
}
