package resolve

import (
	"cmp"
	"errors"
	"slices"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
)

// Arithmetic that fails on every node that reaches it: an operand of a
// kind the operator does not take (a Hash shifted, a Float's remainder:
// "Operator '<<' is not applicable to a Hash."), a value that is no number
// and converts to none (undef, a Boolean, 'abc': "The value 'true' cannot
// be converted to Numeric."), an Integer divided by zero. The runtime's
// own arithmetic (values.Arithmetic, Negate) runs on the operands' values
// where the build knows them (a literal, a type of one value or of a few,
// each tried), else on a value of their kind where the error depends on
// the kind alone (not applicable); Puppet's message names the value
// otherwise, which the build does not know. A String operand that
// converts to a number is left alone: Puppet 8 fails it first, for the
// conversion (strict).

// arithmeticOperands reports x when its operation fails for every value
// its operands can have, where Puppet reports it (the operand at fault).
func (c *checker) arithmeticOperands(x *ast.ArithmeticExpression, s *scope) {
	l, lst, lexact := c.arithmeticOperand(x.Left, s)
	r, rst, rexact := c.arithmeticOperand(x.Right, s)
	if l == nil || r == nil {
		return
	}
	code, msg := "", ""
	var at ast.Expr
	for _, l := range alternatives(l, lst) {
		for _, r := range alternatives(r, rst) {
			_, err := values.Arithmetic(x.Op, l, r)
			k, m := arithmeticIssue(err)
			switch {
			case k == values.IssueOperatorNotApplicable || k == values.IssueOperatorNotApplicableWhen:
				at = x.Left
			case k == values.IssueNotNumeric && values.ToNumber(l) == nil && lexact:
				at = x.Left
			case k == values.IssueNotNumeric && values.ToNumber(l) != nil && rexact:
				at = x.Right
			case k == values.IssueDivByZero && rexact && (lexact || isInt(l)):
				at = x.Right
			default:
				return // it may not fail, or says what the build does not know
			}
			if code == "" {
				code, msg = k, m
			}
		}
	}
	c.standInFails(code, at, msg, lst, rst)
}

// negatedOperand reports a unary minus of a value that is no number and
// converts to none, at the minus, as Puppet does.
func (c *checker) negatedOperand(x *ast.UnaryMinusExpression, s *scope) {
	v, st, exact := c.arithmeticOperand(x.Expr, s)
	if v == nil || !exact {
		return
	}
	msg := ""
	for _, v := range alternatives(v, st) {
		_, err := values.Negate(v)
		k, m := arithmeticIssue(err)
		if k != values.IssueNotNumeric {
			return
		}
		msg = cmp.Or(msg, m)
	}
	c.standInFails(NotNumeric, x, msg, st)
}

// arithmeticOperand is a value standing for e's in arithmetic, with what
// it stands for, and whether it is e's value (exact: a literal, or one of
// the few values of e's type, each tried: a Boolean's, an Enum's) or only of its kind (a value of
// its type's one kind: String, Integer, Float, Boolean, Array, Hash). nil
// when the build knows neither, or e may be a String that converts to a
// number.
func (c *checker) arithmeticOperand(e ast.Expr, s *scope) (v values.Value, st stand, exact bool) {
	if v := literal(e); v != nil {
		if convertsToNumber(v) {
			return nil, stand{}, false
		}
		return v, stand{}, true
	}
	t := c.typeOf(e, s)
	if t == nil {
		return nil, stand{}, false
	}
	vs := memberValues(t, singleValue)
	switch x := t.(type) {
	case *values.BooleanType:
		if vs == nil {
			vs = []values.Value{values.Bool(true), values.Bool(false)}
		}
	case *values.EnumType:
		if len(x.Values) <= maxOneOf {
			vs = vs[:0]
			for _, v := range x.Values {
				vs = append(vs, values.String(v))
			}
		}
	}
	switch {
	case slices.ContainsFunc(vs, convertsToNumber):
		return nil, stand{}, false
	case len(vs) == 1:
		return vs[0], stand{}, true
	case len(vs) > 1:
		return vs[0], stand{oneOf: vs}, true
	}
	for _, k := range []struct {
		t values.Type
		v values.Value
	}{{values.IntegerT, values.Int(0)}, {values.FloatT, values.Float(0)}, {values.ArrayT, values.EmptyArray}, {values.HashT, values.EmptyHash}} {
		if values.IsAssignable(k.t, t) {
			return k.v, stand{}, false
		}
	}
	return nil, stand{}, false
}

// convertsToNumber says whether v is a String Puppet converts to a number.
func convertsToNumber(v values.Value) bool {
	_, ok := v.(values.String)
	return ok && values.ToNumber(v) != nil
}

func isInt(v values.Value) bool {
	_, ok := v.(values.Int)
	return ok
}

// arithmeticIssue is err's Puppet issue code and message ("" for none).
func arithmeticIssue(err error) (string, string) {
	var verr *values.Error
	if errors.As(err, &verr) {
		return verr.Code, verr.Message
	}
	return "", ""
}
