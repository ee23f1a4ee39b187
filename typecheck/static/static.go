// Package static writes back the Puppet text of expressions whose value is
// known at build time, for the type and literal parsers of rt/values: the
// code generator hoists such values, the checker compares them with
// declared types.
package static

import (
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/pn"
)

// Text returns the Puppet text of an expression whose value is
// known at build time (literals, type references, parameterized types and
// literal arrays and hashes of them), in the syntax values.ParseLiteral
// reads; ok is false for anything that must be evaluated.
func Text(e ast.Expr) (string, bool) {
	var b strings.Builder
	if !write(&b, e) {
		return "", false
	}
	return b.String(), true
}

func write(b *strings.Builder, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.LiteralString:
		b.WriteString(Quote(x.Value))
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
		b.WriteString(Quote(x.Value))
	case *ast.ParenthesizedExpression:
		return write(b, x.Expr)
	case *ast.UnaryMinusExpression:
		switch x.Expr.(type) {
		case *ast.LiteralInteger, *ast.LiteralFloat:
			b.WriteByte('-')
			return write(b, x.Expr)
		}
		return false
	case *ast.AccessExpression:
		if _, ok := x.Left.(*ast.QualifiedReference); !ok {
			return false
		}
		write(b, x.Left)
		b.WriteByte('[')
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			if !write(b, k) {
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
			if !write(b, v) {
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
			if !write(b, en.Key) {
				return false
			}
			b.WriteString(" => ")
			if !write(b, en.Value) {
				return false
			}
		}
		b.WriteByte('}')
	case *ast.ConcatenatedString:
		if len(x.Segments) == 1 {
			if s, ok := x.Segments[0].(*ast.LiteralString); ok {
				b.WriteString(Quote(s.Value))
				return true
			}
		}
		return false
	default:
		return false
	}
	return true
}

// quoteEscapes escapes what Quote quotes (a Replacer builds its tables at
// first use: one per call was a tenth of a generation's allocation).
var quoteEscapes = strings.NewReplacer(`\`, `\\`, `'`, `\'`)

// Quote quotes a string in single quotes for Puppet's type syntax.
func Quote(s string) string {
	return "'" + quoteEscapes.Replace(s) + "'"
}
