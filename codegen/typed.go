package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
)

// Typed lowering: a comparison, condition or arithmetic whose operands are
// literals or values the checker proved to be Booleans, Integers or Strings
// (typecheck's Result.Operands) becomes Go's operation on their Go types.
// rt/values represents every value of those types by one Go type (a
// Boolean is a v.Bool, an Integer a v.Int, a String a v.String:
// values.instanceOf), so the assertion to it holds. `$port < 1024` of an
// `Integer $port` is `s.Param(...).(v.Int) < 1024`, `if $manage` of a
// `Boolean $manage` is `if bool(s.Param(...).(v.Bool))`, `$i + 1` of
// Integers is rt.IntArith(..., s.Param(...).(v.Int), 1), and
// `$ensure == 'present'` of an Enum is v.EqualsString(string(...),
// "present") (Puppet compares strings ignoring ASCII case). An operand of
// another type or of one not known is compared as rt does at run time.

// goKind is the Go type an operand's values have.
type goKind int

const (
	dynamicKind goKind = iota // a values.Value of any type
	boolKind                  // v.Bool
	intKind                   // v.Int
	stringKind                // v.String
)

// kindOf is the Go type every value of e has: a known value's (a
// literal's, constValue), or that of the type the checker proved e's value
// has.
func (l *lowerer) kindOf(e ast.Expr) goKind {
	if isCondition(e) {
		return boolKind
	}
	switch l.constValue(e).(type) {
	case values.Bool:
		return boolKind
	case values.Int:
		return intKind
	case values.String:
		return stringKind
	}
	var t values.Type
	if l.g != nil && l.g.opts.Checked != nil {
		t = l.g.opts.Checked.Operands[e]
	}
	switch {
	case t == nil:
		return dynamicKind
	case values.IsAssignable(values.BooleanT, t):
		return boolKind
	case values.IsAssignable(values.IntegerT, t):
		return intKind
	case values.IsAssignable(values.StringT, t):
		return stringKind
	}
	return dynamicKind
}

// isCondition reports whether e is an operation whose value is a Boolean
// that cond lowers to a Go bool: a comparison, and, or, !.
func isCondition(e ast.Expr) bool {
	switch unparen(e).(type) {
	case *ast.ComparisonExpression, *ast.AndExpression, *ast.OrExpression, *ast.NotExpression:
		return true
	}
	return false
}

// typed lowers e, whose values are of kind k, to a Go value of the kind's
// Go type: bool, v.Int or string.
func (l *lowerer) typed(e ast.Expr, k goKind) *jen.Statement {
	switch lit := l.constValue(e).(type) {
	case values.Bool:
		return jen.Lit(bool(lit))
	case values.Int:
		return jen.Lit(int(lit))
	case values.String:
		return jen.Lit(string(lit))
	}
	switch k {
	case boolKind:
		if isCondition(e) {
			return l.cond(e)
		}
		return jen.Bool().Call(jen.Add(l.expr(e)).Assert(v("Bool")))
	case intKind:
		if x, ok := unparen(e).(*ast.ArithmeticExpression); ok {
			if c, ok := l.intArith(x); ok {
				return c // a v.Int already
			}
		}
		return jen.Add(l.expr(e)).Assert(v("Int"))
	default:
		return jen.String().Call(jen.Add(l.expr(e)).Assert(v("String")))
	}
}

// comparison lowers a comparison, or with negate its negation, to a Go
// bool: of operands of one kind (typed), to Go's operator, except strings'
// ordering (of Puppet's collation) and booleans' (an error); otherwise
// `==` and `!=` to values.Equals. ok is false for the others, which
// rt.Compare evaluates (compareValue): it fails where Puppet's comparison
// fails.
func (l *lowerer) comparison(x *ast.ComparisonExpression, negate bool) (c *jen.Statement, ok bool) {
	op := x.Op
	if negate {
		op = opposite[op]
	}
	k := l.kindOf(x.Left)
	if k != dynamicKind && k == l.kindOf(x.Right) {
		eq := op == "==" || op == "!="
		switch {
		case k == intKind:
			return jen.Parens(jen.Add(l.typed(x.Left, k)).Op(op).Add(l.typed(x.Right, k))), true
		case k == stringKind && eq:
			return negateIf(op == "!=", v("EqualsString").Call(l.typed(x.Left, k), l.typed(x.Right, k))), true
		case k == boolKind && eq:
			return l.boolEquals(x, op), true
		}
	}
	switch op {
	case "==":
		return v("Equals").Call(l.expr(x.Left), l.expr(x.Right)), true
	case "!=":
		return jen.Op("!").Add(v("Equals").Call(l.expr(x.Left), l.expr(x.Right))), true
	}
	return nil, false
}

// opposite is each comparison operator's negation over the values Go
// compares (Integers are totally ordered).
var opposite = map[string]string{"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}

// notCond lowers the negation of a condition: a negation's operand, a
// comparison's opposite, else !cond.
func (l *lowerer) notCond(e ast.Expr) *jen.Statement {
	switch x := unparen(e).(type) {
	case *ast.NotExpression:
		return l.cond(x.Expr)
	case *ast.ComparisonExpression:
		if c, ok := l.comparison(x, true); ok {
			return c
		}
	}
	return jen.Op("!").Add(l.cond(e))
}

// boolEquals lowers two booleans' == or != (op); against a literal, to the
// other operand (or its negation).
func (l *lowerer) boolEquals(x *ast.ComparisonExpression, op string) *jen.Statement {
	a, b := x.Left, x.Right
	lit, ok := l.constValue(a).(values.Bool)
	if ok {
		a, b = b, a
	} else {
		lit, ok = l.constValue(b).(values.Bool)
	}
	if ok && l.constValue(a) == nil {
		return negateIf(bool(lit) == (op == "!="), l.typed(a, boolKind))
	}
	return jen.Parens(jen.Add(l.typed(a, boolKind)).Op(op).Add(l.typed(b, boolKind)))
}

// intArith lowers arithmetic of two Integers to rt.IntArith, of
// v.Int operands and result (Puppet's overflow and division errors at
// the operation's site, built only for one).
func (l *lowerer) intArith(x *ast.ArithmeticExpression) (*jen.Statement, bool) {
	if l.kindOf(x.Left) != intKind || l.kindOf(x.Right) != intKind {
		return nil, false
	}
	site := l.u.lazyBinarySite(l.f, x, x.Left, x.Right, label(x))
	return rt("IntArith").Call(site, jen.Lit(x.Op), l.typed(x.Left, intKind), l.typed(x.Right, intKind)), true
}

// compareValue is a comparison as rt.Compare evaluates it, to a value.
func (l *lowerer) compareValue(x *ast.ComparisonExpression) *jen.Statement {
	return rt("Compare").Call(l.lazyPos(x), jen.Lit(x.Op), l.expr(x.Left), l.expr(x.Right))
}

func negateIf(negate bool, c *jen.Statement) *jen.Statement {
	if negate {
		return jen.Op("!").Add(c)
	}
	return c
}
