package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
)

// Constant folding: an expression whose value the checker knows
// (typecheck's Result.Constants: a read of a local variable assigned a
// known value once before it, and interpolation and operations of known
// values; see typecheck/resolve/constants.go) is lowered to that value.

// constValue is e's value when the build knows it: a literal's, or the
// checker's constant; nil otherwise.
func (l *lowerer) constValue(e ast.Expr) values.Value {
	if v := literalValue(e); v != nil {
		return v
	}
	switch x := e.(type) {
	case *ast.ParenthesizedExpression:
		return l.constValue(x.Expr)
	case *ast.TextExpression:
		return l.constValue(x.Expr)
	}
	if l.g != nil && l.g.opts.Checked != nil {
		return l.g.opts.Checked.Constants[e]
	}
	return nil
}

// folded is the code of an expression that is not a literal but whose
// value the checker knows, nil for any other: literals are lowered as
// they are.
func (l *lowerer) folded(e ast.Expr) *jen.Statement {
	if l.g == nil || l.g.opts.Checked == nil {
		return nil
	}
	switch c := l.g.opts.Checked.Constants[e].(type) {
	case values.String:
		return v("String").Call(jen.Lit(string(c)))
	case values.Int:
		return v("Int").Call(jen.Lit(int(c)))
	case values.Bool:
		if c {
			return v("True")
		}
		return v("False")
	}
	return nil
}

// knownString is the text of a String the build knows (constValue): a
// template text given to inline_template() or inline_epp() as a literal,
// or made of known values.
func (l *lowerer) knownString(e ast.Expr) (string, bool) {
	s, ok := l.constValue(e).(values.String)
	return string(s), ok
}
