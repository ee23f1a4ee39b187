package resolve

import (
	"cmp"
	"errors"
	"slices"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Operations that fail on every node that reaches them: the runtime's own
// operation (values.Arithmetic, Negate, Access, Match) runs at build time
// on values standing for the operands' (operandValue), their values where
// the build knows them (a literal, a type of one value or of a few, each
// tried), else a value of their kind where the error depends on the kind
// alone; Puppet's message names the value otherwise, which the build does
// not know. Each is reported in Puppet's words where Puppet reports it:
//
//   - arithmetic on a kind the operator does not take ("Operator '<<' is
//     not applicable to a Hash.", a Float's remainder), on a value that is
//     no number and converts to none ("The value 'true' cannot be
//     converted to Numeric.": undef, a Boolean, 'abc'), an Integer divided
//     by zero; a String that converts to a number is left alone (Puppet 8
//     fails it first, for the conversion: strict);
//   - an access of a value that takes no [] (an Integer, a Boolean, undef),
//     or of a String or an Array with more than two keys;
//   - a resource title that is no String (an Integer, a Boolean, undef);
//   - a selector none of whose literal options matches the test's value.

// arithmeticOperands reports x when its operation fails for every value
// its operands can have, where Puppet reports it (the operand at fault).
func (c *checker) arithmeticOperands(x *ast.ArithmeticExpression, s *scope) {
	l, lst, lexact := c.operandValue(x.Left, s)
	r, rst, rexact := c.operandValue(x.Right, s)
	if l == nil || r == nil {
		return
	}
	code, msgs := "", []string(nil)
	var at ast.Expr
	for _, l := range alternatives(l, lst) {
		for _, r := range alternatives(r, rst) {
			_, err := values.Arithmetic(x.Op, l, r)
			k, m := issueOf(err)
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
			code, msgs = cmp.Or(code, k), append(msgs, m)
		}
	}
	c.operationFails(code, at, msgs, lst, rst)
}

// negatedOperand reports a unary minus of a value that is no number and
// converts to none, at the minus, as Puppet does.
func (c *checker) negatedOperand(x *ast.UnaryMinusExpression, s *scope) {
	v, st, exact := c.operandValue(x.Expr, s)
	if v == nil || !exact {
		return
	}
	var msgs []string
	for _, v := range alternatives(v, st) {
		_, err := values.Negate(v)
		k, m := issueOf(err)
		if k != values.IssueNotNumeric {
			return
		}
		msgs = append(msgs, m)
	}
	c.operationFails(NotNumeric, x, msgs, st)
}

// operandValue is a value standing for e's in an operation, with what it
// stands for, and whether it is e's value (exact: a literal or a value
// the build knows, or one of the few values of e's type, each tried: a Boolean's, an Enum's) or only
// of its kind (a value of its type's one kind: Integer, Float, Array,
// Hash, and those of kinds: a String where its value cannot count). nil
// when the build knows neither, or e may be a String that converts to a
// number (Puppet 8 fails arithmetic on it first, for the conversion).
func (c *checker) operandValue(e ast.Expr, s *scope, kinds ...kindStandIn) (v values.Value, st stand, exact bool) {
	v = literal(e)
	if v == nil {
		v = c.constant(e, s) // a local assigned a known value (constants.go)
	}
	if v != nil {
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
	for _, k := range append(kinds, operandKinds...) {
		if values.IsAssignable(k.t, t) {
			return k.v, stand{}, false
		}
	}
	return nil, stand{}, false
}

// A kindStandIn stands for every value of type t where only its kind counts.
type kindStandIn struct {
	t values.Type
	v values.Value
}

// operandKinds are the kinds operandValue stands for always; a String
// only where its value cannot count (stringKind).
var (
	operandKinds = []kindStandIn{{values.IntegerT, values.Int(0)}, {values.FloatT, values.Float(0)}, {values.ArrayT, values.EmptyArray}, {values.HashT, values.EmptyHash}}
	stringKind   = kindStandIn{values.StringT, values.String("")}
)

// selectorOperand reports a selector none of whose options matches any
// value its test can have: each option a literal (none default), the test
// a literal or one of a few values (each tried, as values.Match matches
// them), as Puppet fails it ("No matching entry for selector parameter
// with value 'true'"), at the test.
func (c *checker) selectorOperand(x *ast.SelectorExpression, s *scope) {
	options := make([]values.Value, len(x.Selectors))
	for i, e := range x.Selectors {
		if options[i] = literal(e.Match); options[i] == nil {
			return // default, undef, or known at run time
		}
	}
	v, st, exact := c.operandValue(x.Left, s)
	if v == nil || !exact {
		return
	}
	var msgs []string
	for _, v := range alternatives(v, st) {
		for _, o := range options {
			if values.Match(v, o).Matched {
				return
			}
		}
		msgs = append(msgs, "No matching entry for selector parameter with value '"+fn.RubyToS(v)+"'")
	}
	c.operationFails(UnmatchedSelector, x.Left, msgs, st)
}

// operationFails reports an operation at n that failed with msgs, one for
// each value its operands' stand-ins stand for (standInFails): the first,
// and, where they differ (Puppet names the value), that it is one of them.
func (c *checker) operationFails(code string, n ast.Positioned, msgs []string, stands ...stand) {
	if !slices.ContainsFunc(msgs, func(m string) bool { return m != msgs[0] }) {
		for i := range stands {
			stands[i].oneOf = nil // the same message for each: Puppet's
		}
	}
	c.standInFails(code, n, msgs[0], stands...)
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

// issueOf is err's Puppet issue code and message ("" for none).
func issueOf(err error) (string, string) {
	var verr *values.Error
	if errors.As(err, &verr) {
		return verr.Code, verr.Message
	}
	return "", ""
}

// accessOperand reports an access (x[k]) that fails on every value its
// left side can have, for its kind alone: a value that takes no [] (an
// Integer, a Float, a Boolean, undef: "Operator '[]' is not applicable to
// an Integer."), a String or an Array given more than two keys (when no
// key can be an Array, which the access would flatten). Puppet reports it
// at the access.
func (c *checker) accessOperand(x *ast.AccessExpression, s *scope) {
	if _, isType := x.Left.(*ast.QualifiedReference); isType {
		return
	}
	v, st, _ := c.operandValue(x.Left, s, stringKind)
	if v == nil {
		return
	}
	// a key stands in for each, when none can be an Array; else one,
	// where only the left side's kind counts (not applicable)
	keys, counted := make([]values.Value, len(x.Keys)), true
	for i, k := range x.Keys {
		keys[i] = values.Int(0)
		canBeArray := false
		if lit := literal(k); lit != nil {
			_, canBeArray = lit.(*values.Array)
		} else if t := c.typeOf(k, s); t == nil || !values.Disjoint(values.ArrayT, t) {
			canBeArray = true
		}
		if canBeArray {
			counted = false
			break
		}
	}
	if !counted {
		keys = keys[:1]
	}
	code, msgs := "", []string(nil)
	for _, v := range alternatives(v, st) {
		_, err := values.Access(v, keys)
		k, m := issueOf(err)
		switch {
		case k == values.IssueOperatorNotApplicable:
		case counted && (k == values.IssueBadStringSliceArity || k == values.IssueBadArraySliceArity):
		default:
			return
		}
		code, msgs = cmp.Or(code, k), append(msgs, m)
	}
	c.operationFails(code, x, msgs, st)
}

// titleOperand reports a resource title that is never a String nor a list
// of them, by its first value: an Integer, a Float, a Boolean ("Illegal
// title type at index 0. Expected String, got Integer") or undef
// ("Missing title. ...", of a list "Missing title at index 0. ..."). Puppet
// reports it at the title.
func (c *checker) titleOperand(title ast.Expr, s *scope) {
	first, missing := title, "Missing title. The title expression resulted in undef"
	if l, ok := title.(*ast.LiteralList); ok {
		if len(l.Values) == 0 {
			return
		}
		first, missing = l.Values[0], "Missing title at index 0. The title expression resulted in an undef title"
	}
	v, st, exact := c.operandValue(first, s)
	if v == nil {
		return
	}
	code, msgs := "", []string(nil)
	for _, v := range alternatives(v, st) {
		switch v.(type) {
		case values.UndefValue:
			if !exact {
				return
			}
			code, msgs = MissingTitle, append(msgs, missing)
		case values.Int, values.Float, values.Bool:
			code, msgs = IllegalTitleType, append(msgs, "Illegal title type at index 0. Expected String, got "+values.TypeString(values.Generalize(values.Infer(v))))
		default:
			return
		}
	}
	c.operationFails(code, title, msgs, st)
}

// operandTypes records in Result.Operands the types inferred for
// operands that are not literal (codegen lowers the literal ones itself).
// An expression checked in more than one scope keeps a type only when
// every scope infers the same one.
func (c *checker) operandTypes(s *scope, es ...ast.Expr) {
	for _, e := range es {
		if e == nil || literal(e) != nil {
			continue
		}
		t := c.typeOf(e, s)
		if old, seen := c.res.Operands[e]; seen && (old == nil || t == nil || old.String() != t.String()) {
			t = nil
		}
		c.res.Operands[e] = t
	}
}
