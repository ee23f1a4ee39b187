package codegen

import (
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/pn"
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

// staticText returns the Puppet text of an expression whose value is
// known at build time (literals, type references, parameterized types and
// literal arrays and hashes of them), in the syntax values.ParseLiteral
// reads; ok is false for anything that must be evaluated.
func staticText(e ast.Expr) (string, bool) {
	var b strings.Builder
	if !writeStatic(&b, e) {
		return "", false
	}
	return b.String(), true
}

func writeStatic(b *strings.Builder, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.LiteralString:
		b.WriteString(quote(x.Value))
	case *ast.LiteralInteger:
		if x.Big != nil {
			return false
		}
		b.WriteString(strconv.FormatInt(x.Value, 10))
	case *ast.LiteralFloat:
		b.WriteString(pn.RubyFloat(x.Value))
	case *ast.LiteralBoolean:
		b.WriteString(strconv.FormatBool(x.Value))
	case *ast.LiteralUndef:
		b.WriteString("undef")
	case *ast.LiteralDefault:
		b.WriteString("default")
	case *ast.LiteralRegularExpression:
		b.WriteString("/" + strings.ReplaceAll(x.Pattern, "/", `\/`) + "/")
	case *ast.QualifiedReference:
		b.WriteString(strings.TrimPrefix(x.CasedValue, "::")) // ::T is T
	case *ast.QualifiedName:
		b.WriteString(quote(x.Value))
	case *ast.ParenthesizedExpression:
		return writeStatic(b, x.Expr)
	case *ast.UnaryMinusExpression:
		switch x.Expr.(type) {
		case *ast.LiteralInteger, *ast.LiteralFloat:
			b.WriteByte('-')
			return writeStatic(b, x.Expr)
		}
		return false
	case *ast.AccessExpression:
		if _, ok := x.Left.(*ast.QualifiedReference); !ok {
			return false
		}
		writeStatic(b, x.Left)
		b.WriteByte('[')
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeStatic(b, k) {
				return false
			}
		}
		b.WriteByte(']')
	case *ast.LiteralList:
		b.WriteByte('[')
		for i, v := range x.Values {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeStatic(b, v) {
				return false
			}
		}
		b.WriteByte(']')
	case *ast.LiteralHash:
		b.WriteByte('{')
		for i, en := range x.Entries {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeStatic(b, en.Key) {
				return false
			}
			b.WriteString(" => ")
			if !writeStatic(b, en.Value) {
				return false
			}
		}
		b.WriteByte('}')
	case *ast.ConcatenatedString:
		if len(x.Segments) == 1 {
			if s, ok := x.Segments[0].(*ast.LiteralString); ok {
				b.WriteString(quote(s.Value))
				return true
			}
		}
		return false
	default:
		return false
	}
	return true
}

// quote quotes a string in single quotes for Puppet's type syntax.
func quote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
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
