package codegen

import (
	"github.com/pp2go/pp2go/frontend/ast"
)

// label is Puppet's name for an expression in "Error while evaluating a
// <label>" (pops/model/model_label_provider.rb).
func label(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.LiteralInteger:
		return "Literal Integer"
	case *ast.LiteralFloat:
		return "Literal Float"
	case *ast.ArithmeticExpression:
		return "'" + x.Op + "' expression"
	case *ast.AccessExpression:
		return "'[]' expression"
	case *ast.MatchExpression:
		return "'" + x.Op + "' expression"
	case *ast.CollectExpression:
		if _, ok := x.Query.(*ast.ExportedQuery); ok {
			return "Exported Query"
		}
		return "Virtual Query"
	case *ast.EppExpression:
		return "Epp Template"
	case *ast.ComparisonExpression:
		return "'" + x.Op + "' expression"
	case *ast.AndExpression:
		return "'and' expression"
	case *ast.OrExpression:
		return "'or' expression"
	case *ast.InExpression:
		return "'in' expression"
	case *ast.AssignmentExpression:
		return "'" + x.Op + "' expression"
	case *ast.LiteralList:
		return "Array Expression"
	case *ast.LiteralHash:
		return "Hash Expression"
	case *ast.LiteralBoolean:
		return "Boolean"
	case *ast.LiteralString:
		return "String"
	case *ast.LambdaExpression:
		return "Lambda"
	case *ast.LiteralDefault:
		return "'default' expression"
	case *ast.LiteralUndef:
		return "'undef' expression"
	case *ast.LiteralRegularExpression:
		return "Regular Expression"
	case *ast.Nop:
		return "Nop Expression"
	case *ast.NamedAccessExpression:
		return "'.' expression"
	case *ast.NotExpression:
		return "'not' expression"
	case *ast.VariableExpression:
		return "Variable"
	case *ast.TextExpression:
		return "Expression in Interpolated String"
	case *ast.UnaryMinusExpression:
		return "Unary Minus"
	case *ast.UnfoldExpression:
		return "Unfold"
	case *ast.BlockExpression:
		return "Block Expression"
	case *ast.ConcatenatedString:
		return "Double Quoted String"
	case *ast.HeredocExpression:
		return "'@(" + x.Syntax + ")' expression"
	case *ast.HostClassDefinition:
		return "Host Class Definition"
	case *ast.FunctionDefinition:
		return "Function Definition"
	case *ast.NodeDefinition:
		return "Node Definition"
	case *ast.ResourceTypeDefinition:
		return "'define' expression"
	case *ast.ResourceOverrideExpression:
		return "Resource Override"
	case *ast.ParenthesizedExpression:
		return "Parenthesized Expression"
	case *ast.IfExpression:
		return "'if' statement"
	case *ast.UnlessExpression:
		return "'unless' Statement"
	case *ast.CallNamedFunctionExpression:
		return "Function Call"
	case *ast.CallMethodExpression:
		return "Method call"
	case *ast.CaseExpression:
		return "'case' statement"
	case *ast.RenderStringExpression:
		return "Epp Text"
	case *ast.RenderExpression:
		return "Epp Interpolated Expression"
	case *ast.RelationshipExpression:
		return "'" + x.Op + "' expression"
	case *ast.ResourceDefaultsExpression:
		return "Resource Defaults Expression"
	case *ast.ResourceExpression:
		return "Resource Statement"
	case *ast.SelectorExpression:
		return "Selector Expression"
	case *ast.QualifiedName:
		return "Name"
	case *ast.QualifiedReference:
		return "Type-Name"
	case *ast.ReservedWord:
		return "Reserved Word '" + x.Word + "'"
	case *ast.TypeAlias:
		return "Type Alias"
	}
	return "Expression"
}

// isType reports whether an expression is a type written with a type
// name at its head (Integer, Array[String], Stdlib::Port).
func isType(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.QualifiedReference:
		return true
	case *ast.AccessExpression:
		_, ok := x.Left.(*ast.QualifiedReference)
		return ok
	case *ast.ParenthesizedExpression:
		return isType(x.Expr)
	}
	return false
}
