package resolve

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
)

// Constants: the value of an expression the build knows, a String,
// Integer or Boolean, recorded in Result.Constants as go/types records a
// constant expression's value. Its leaves are literals and the reads of
// local variables whose value is known: the scope that binds the name
// assigns it once, an expression of known value, and that assignment runs
// before the read on every path (assignedOnPath) in the body that holds
// the read. Puppet's variables cannot be assigned again (a second
// assignment fails before any read after it), so every such read sees
// that value. Over them, interpolation, Integer arithmetic, comparisons of
// two Integers, two Strings or two Booleans, and !, and, or of Booleans
// are evaluated with the functions rt evaluates them with at run time, and
// Puppet's join of an array of known Strings (grafana's inline_template of
// a text joined from literal lines). An array is known on the way (a list
// of known values), never recorded. An operation Puppet fails (an
// overflow, a comparison of a String with an Integer) has no value here:
// it fails at run time, where Puppet fails it.

// recordConstant records e's value, when known, in Result.Constants; an
// expression checked in scopes that disagree keeps none.
func (c *checker) recordConstant(e ast.Expr, s *scope) {
	v := c.constant(e, s)
	if !scalar(v) {
		v = nil
	}
	if old, seen := c.res.Constants[e]; seen && (old == nil || v == nil || !values.Equals(old, v)) {
		v = nil
	}
	c.res.Constants[e] = v
}

// foldable reports whether an expression's value may be known without
// being a literal: a read, an interpolation or an operation constant
// evaluates.
func foldable(e ast.Expr) bool {
	switch e.(type) {
	case *ast.VariableExpression, *ast.ConcatenatedString, *ast.ArithmeticExpression,
		*ast.ComparisonExpression, *ast.NotExpression, *ast.AndExpression, *ast.OrExpression,
		*ast.CallNamedFunctionExpression, *ast.CallMethodExpression:
		return true
	}
	return false
}

// scalar says whether v is a String, Integer or Boolean.
func scalar(v values.Value) bool {
	switch v.(type) {
	case values.String, values.Int, values.Bool:
		return true
	}
	return false
}

// known says whether v is a value constant evaluates: a scalar, or an
// array of them.
func known(v values.Value) bool {
	if a, ok := v.(*values.Array); ok {
		return !slices.ContainsFunc(a.Elems(), func(e values.Value) bool { return !scalar(e) })
	}
	return scalar(v)
}

// constant is e's value in scope s when the build knows it, nil
// otherwise. Each is evaluated once.
func (c *checker) constant(e ast.Expr, s *scope) values.Value {
	if v := literal(e); v != nil {
		if known(v) {
			return v
		}
		return nil
	}
	k := exprIn{e, s}
	if v, ok := c.constants[k]; ok {
		return v
	}
	if c.constants == nil {
		c.constants = map[exprIn]values.Value{}
	}
	c.constants[k] = nil // not known while it is evaluated
	v := c.evalConstant(e, s)
	c.constants[k] = v
	return v
}

func (c *checker) evalConstant(e ast.Expr, s *scope) values.Value {
	switch x := e.(type) {
	case *ast.ParenthesizedExpression:
		return c.constant(x.Expr, s)
	case *ast.TextExpression:
		return c.constant(x.Expr, s)
	case *ast.VariableExpression:
		return c.variableConstant(x, s)
	case *ast.ConcatenatedString:
		var b []byte
		for _, seg := range x.Segments {
			v := c.constant(seg, s)
			if !scalar(v) {
				return nil
			}
			b = append(b, values.ToString(v)...) // as rt's interpolation
		}
		return values.String(b)
	case *ast.ArithmeticExpression:
		a, aok := c.constant(x.Left, s).(values.Int)
		b, bok := c.constant(x.Right, s).(values.Int)
		if aok && bok {
			if v, err := values.IntArithmetic(x.Op, a, b); err == nil {
				return v
			}
		}
	case *ast.ComparisonExpression:
		if v, ok := compareConstants(x.Op, c.constant(x.Left, s), c.constant(x.Right, s)); ok {
			return values.Bool(v)
		}
	case *ast.NotExpression:
		if v, ok := c.constant(x.Expr, s).(values.Bool); ok {
			return !v
		}
	case *ast.AndExpression:
		return c.booleans(x.Left, x.Right, s, func(a, b values.Bool) values.Bool { return a && b })
	case *ast.OrExpression:
		return c.booleans(x.Left, x.Right, s, func(a, b values.Bool) values.Bool { return a || b })
	case *ast.LiteralList: // some element not a literal
		elems := make([]values.Value, len(x.Values))
		for i, el := range x.Values {
			if elems[i] = c.constant(el, s); !scalar(elems[i]) {
				return nil
			}
		}
		return values.NewArray(elems...)
	case *ast.CallNamedFunctionExpression:
		if f, ok := x.Functor.(*ast.QualifiedName); ok && x.Lambda == nil {
			return c.callConstant(f.Value, x.Args, s)
		}
	case *ast.CallMethodExpression:
		if na, ok := x.Functor.(*ast.NamedAccessExpression); ok && x.Lambda == nil {
			if m, ok := na.Right.(*ast.QualifiedName); ok {
				return c.callConstant(m.Value, append([]ast.Expr{na.Left}, x.Args...), s)
			}
		}
	}
	return nil
}

// callConstant is the value of a call of Puppet's function name (no
// module's: Puppet's own come first) with these arguments, when the
// build knows them and the function is join: Array#join of Strings.
func (c *checker) callConstant(name string, args []ast.Expr, s *scope) values.Value {
	name = strings.TrimPrefix(name, "::")
	if name != "join" || len(args) == 0 || len(args) > 2 {
		return nil
	}
	if _, _, core := c.opts.Core.Signatures(name); !core {
		return nil
	}
	list, ok := c.constant(args[0], s).(*values.Array)
	if !ok {
		return nil
	}
	var sep values.String
	if len(args) == 2 {
		if sep, ok = c.constant(args[1], s).(values.String); !ok {
			return nil
		}
	}
	parts := make([]string, list.Len())
	for i, e := range list.Elems() {
		str, ok := e.(values.String)
		if !ok {
			return nil // Ruby's to_s of an Integer, a Boolean: not needed so far
		}
		parts[i] = string(str)
	}
	return values.String(strings.Join(parts, string(sep)))
}

// booleans is op of two operands whose values are known Booleans, nil
// otherwise.
func (c *checker) booleans(left, right ast.Expr, s *scope, op func(a, b values.Bool) values.Bool) values.Value {
	a, aok := c.constant(left, s).(values.Bool)
	b, bok := c.constant(right, s).(values.Bool)
	if aok && bok {
		return op(a, b)
	}
	return nil
}

// variableConstant is the value of a read of a local variable whose only
// assignment, which runs before it, assigns a value the build knows.
func (c *checker) variableConstant(x *ast.VariableExpression, s *scope) values.Value {
	q, ok := x.Expr.(*ast.QualifiedName)
	if !ok {
		return nil
	}
	for t := s; t != nil; t = t.parent {
		if t.skip {
			return nil // a template's scope: its caller's, not known here
		}
	}
	a, b := assignment(x, s)
	if a == nil || b.body == nil || endOf(a) > x.Span().Offset || !b.holds(x) {
		return nil
	}
	if _, typed := b.types[q.Value]; typed || (b.class != nil && !c.ownVariable(b.class, q.Value)) {
		return nil
	}
	if !assignedOnPath(b.body, x.Span().Offset, q.Value) {
		return nil
	}
	return c.constant(a.Right, b)
}

// compareConstants is a comparison of two known values of one kind, as rt
// compares them: ok is false for the others.
func compareConstants(op string, a, b values.Value) (result, ok bool) {
	eq := op == "==" || op == "!="
	switch a := a.(type) {
	case values.Int:
		b, ok := b.(values.Int)
		if !ok {
			return false, false
		}
		switch op {
		case "==":
			return a == b, true
		case "!=":
			return a != b, true
		case "<":
			return a < b, true
		case "<=":
			return a <= b, true
		case ">":
			return a > b, true
		case ">=":
			return a >= b, true
		}
	case values.String:
		if b, ok := b.(values.String); ok && eq {
			return values.EqualsString(string(a), string(b)) == (op == "=="), true
		}
	case values.Bool:
		if b, ok := b.(values.Bool); ok && eq {
			return (a == b) == (op == "=="), true
		}
	}
	return false, false
}

// holds reports whether the scope's body holds read x (a lambda's
// included): offsets alone would match a node of another file. The
// body's reads are collected once, on first use.
func (s *scope) holds(x *ast.VariableExpression) bool {
	if s.reads == nil {
		s.reads = map[*ast.VariableExpression]bool{}
		var walk func(n ast.Expr)
		walk = func(n ast.Expr) {
			if v, ok := n.(*ast.VariableExpression); ok {
				s.reads[v] = true
			}
			children(n, walk)
		}
		walk(s.body)
	}
	return s.reads[x]
}
