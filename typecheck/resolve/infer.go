package resolve

import (
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
)

// Type inference: the type of an expression's value when the build can
// know it without knowing the value. Puppet guarantees a typed parameter's
// type inside the body it binds (a class, defined type, function, lambda
// or EPP template fails before its body runs when a value does not
// match), a string interpolation is a String, a comparison a Boolean, a
// Puppet-language function's result its declared return type. A use of a
// value whose type can never match what receives it (a function's
// signature, a typed parameter) fails on every node that reaches it.

// typeOf is the type of e's value in scope s, nil when only run time
// knows it. A literal is not typed here (literal gives its value).
func (c *checker) typeOf(e ast.Expr, s *scope) values.Type {
	switch x := e.(type) {
	case *ast.ParenthesizedExpression:
		return c.typeOf(x.Expr, s)
	case *ast.ConcatenatedString, *ast.HeredocExpression:
		return values.StringT
	case *ast.ComparisonExpression, *ast.MatchExpression, *ast.InExpression,
		*ast.AndExpression, *ast.OrExpression, *ast.NotExpression:
		return values.BooleanT
	case *ast.ArithmeticExpression:
		return c.arithmeticType(x, s)
	case *ast.UnaryMinusExpression:
		if t := c.typeOf(x.Expr, s); numberKind(t) != 0 {
			return values.Generalize(t)
		}
	case *ast.VariableExpression:
		return c.variableType(x, s, 0)
	case *ast.CallNamedFunctionExpression:
		return c.returnType(x)
	}
	return nil
}

// variableType is the type of a variable's value: the declared type of the
// parameter it names, or the type of what its one assignment before the
// use gives it (assignedExprBefore). depth bounds chains of assignments.
func (c *checker) variableType(x *ast.VariableExpression, s *scope, depth int) values.Type {
	q, ok := x.Expr.(*ast.QualifiedName)
	if !ok || depth > 8 {
		return nil
	}
	for b := s; b != nil; b = b.parent {
		if b.vars[q.Value] {
			if t, ok := b.types[q.Value]; ok {
				return t
			}
			break
		}
	}
	e := assignedExprBefore(x, s)
	if e == nil {
		return nil
	}
	if v := literal(e); v != nil {
		return values.Infer(v)
	}
	if y, ok := e.(*ast.VariableExpression); ok {
		return c.variableType(y, s, depth+1)
	}
	return c.typeOf(e, s)
}

// arithmeticType is Integer for + - * / % << >> of two Integers, Float for
// + - * / of two numbers one of which is a Float: Puppet's arithmetic on
// numbers (a String operand is converted to a number of either kind, an
// Array or Hash operand concatenates, appends or removes).
func (c *checker) arithmeticType(x *ast.ArithmeticExpression, s *scope) values.Type {
	l, r := numberKind(c.operandType(x.Left, s)), numberKind(c.operandType(x.Right, s))
	switch {
	case l == 0 || r == 0:
		return nil
	case l == kInteger && r == kInteger:
		return values.IntegerT
	case x.Op == "+" || x.Op == "-" || x.Op == "*" || x.Op == "/":
		return values.FloatT
	}
	return nil
}

func (c *checker) operandType(e ast.Expr, s *scope) values.Type {
	if v := literal(e); v != nil {
		return values.Infer(v)
	}
	return c.typeOf(e, s)
}

// numberKind is kInteger or kFloat when t is all of one of them, else 0.
func numberKind(t values.Type) kinds {
	switch k := kindsOf(t); k {
	case kInteger, kFloat:
		return k
	}
	return 0
}

// returnType is the declared return type of the Puppet-language function
// a call names, which Puppet checks its result against.
func (c *checker) returnType(x *ast.CallNamedFunctionExpression) values.Type {
	f, ok := x.Functor.(*ast.QualifiedName)
	if !ok || x.Lambda != nil {
		return nil
	}
	name := strings.TrimPrefix(f.Value, "::")
	if _, _, core := c.opts.Core.Signatures(name); core {
		return nil
	}
	ref := c.env.FindFunction(name, c.mod)
	if ref == nil || ref.Def == nil {
		return nil
	}
	fd, ok := ref.Def.Node.(*ast.FunctionDefinition)
	if !ok || fd.ReturnType == nil {
		return nil
	}
	return c.staticType(fd.ReturnType)
}

// kinds is a set of the kinds of values Puppet's types sort values into.
type kinds uint32

const (
	kUndef kinds = 1 << iota
	kDefault
	kString
	kInteger
	kFloat
	kBoolean
	kRegexp
	kArray
	kHash
	kType
	kSensitive
	kBinary
	kTimespan
	kTimestamp
	kSemVerRange

	kAll kinds = 1<<32 - 1 // not known: any kind
)

var kindTypes = []struct {
	k kinds
	t values.Type
}{
	{kUndef, values.UndefT}, {kDefault, values.DefaultT}, {kString, values.StringT},
	{kInteger, values.IntegerT}, {kFloat, values.FloatT}, {kBoolean, values.BooleanT},
	{kRegexp, values.RegexpT}, {kArray, values.ArrayT}, {kHash, values.HashT},
	{kType, values.TypeT}, {kSensitive, values.SensitiveT}, {kBinary, values.BinaryT},
	{kTimespan, values.TimespanT}, {kTimestamp, values.TimestampT}, {kSemVerRange, values.SemVerRangeT},
}

// kindsOf is the kinds of the values of t: exactly those of a type made of
// one kind, Variant and Optional of such types, Numeric and Collection;
// kAll for any other type (Any, Scalar, Data, Iterable, an alias...) and
// for nil.
func kindsOf(t values.Type) kinds {
	if t == nil {
		return kAll
	}
	if a, ok := t.(*values.TypeAliasType); ok {
		return kindsOf(a.ResolvedType())
	}
	for _, kt := range kindTypes {
		if values.IsAssignable(kt.t, t) {
			return kt.k
		}
	}
	switch x := t.(type) {
	case *values.VariantType:
		var k kinds
		for _, m := range x.Types {
			k |= kindsOf(m)
		}
		return k
	case *values.OptionalType:
		if x.Type == nil {
			return kAll
		}
		return kUndef | kindsOf(x.Type)
	case *values.NotUndefType:
		if x.Type == nil {
			return kAll
		}
		return kindsOf(x.Type) &^ kUndef
	}
	switch {
	case values.IsAssignable(values.NumericT, t):
		return kInteger | kFloat
	case values.IsAssignable(values.CollectionT, t):
		return kArray | kHash
	}
	return kAll
}

// representative is a value of type t, which stands for any value of t
// where the outcome of a check cannot depend on which one it is (settled):
// t is of one scalar kind, and the check takes all its values or none.
// nil when t has no obvious value (a Pattern, a Variant...).
func representative(t values.Type) values.Value {
	var v values.Value
	switch x := t.(type) {
	case *values.TypeAliasType:
		return representative(x.ResolvedType())
	case *values.StringType:
		n := int64(0)
		if x.HasValue {
			v = values.String(x.Value)
			break
		}
		if x.Size != nil && x.Size.From > 0 {
			n = x.Size.From
		}
		v = values.String(strings.Repeat("x", int(min(n, 64))))
	case *values.EnumType:
		if len(x.Values) > 0 {
			v = values.String(x.Values[0])
		}
	case *values.IntegerType:
		v = values.Int(min(max(0, x.From), x.To))
	case *values.FloatType:
		v = values.Float(min(max(0, x.From), x.To))
	case *values.BooleanType:
		v = values.Bool(x.HasValue && x.Value)
	}
	if v == nil || !values.IsInstance(t, v) {
		return nil
	}
	return v
}

// settled reports whether every value of type actual gets the same answer
// from a check against expected: expected takes them all, or none (their
// kinds differ), and then Puppet's mismatch message names actual's kind
// only ("got String").
func settled(expected, actual values.Type) bool {
	if values.IsAssignable(expected, actual) {
		return true
	}
	e, a := kindsOf(expected), kindsOf(actual)
	return e != kAll && a != kAll && e&a == 0
}

// typedParams are the types of parameters whose declared type the build
// knows (staticType): Puppet checks each value before the body runs. A
// captures-rest parameter is left out (its values are an Array of the type).
func (c *checker) typedParams(ps []*ast.Parameter) map[string]values.Type {
	types := map[string]values.Type{}
	for _, p := range ps {
		if t := c.staticType(p.Type); t != nil && !p.CapturesRest {
			types[p.Name] = t
		}
	}
	return types
}
