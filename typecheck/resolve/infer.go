package resolve

import (
	"cmp"
	"errors"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/facts"
	"github.com/pp2go/pp2go/typecheck/rubyresult"
)

// Type inference: the type of an expression's value when the build can
// know it without knowing the value. Puppet guarantees a typed parameter's
// type inside the body it binds (a class, defined type, function, lambda
// or EPP template fails before its body runs when a value does not match),
// a string interpolation is a String, a comparison a Boolean, a selector,
// if, unless or case one of its branches' values (those that do not fail),
// a literal array a Tuple and a hash a Struct of their values' types, a
// Struct's member its member's type, a Hash's value or an Array's element
// that or undef, a call of a type (Integer($x), Integer.new($x)) an
// instance of it, a function's result its declared return type (a
// Puppet-language function's, or every dispatch's of a 4.x Ruby function)
// or, for one of Puppet's own, what its implementation returns (join a
// String, split an Array[String], downcase what it was given...), for a
// module's Ruby function without declared return types what its Ruby
// evidently returns, a variable of a class that the reading class
// inherits or a statement before the read includes (what the class gives
// it before it may evaluate another class), a
// local variable assigned on every path before a use what one of those
// assignments gives. A use of a value whose type can never match what
// receives it (a function's signature, a typed parameter) fails on every
// node that reaches it.

// typeOf is the type of e's value in scope s, nil when only run time
// knows it. A literal is not typed here (literal gives its value). Each
// is inferred once.
func (c *checker) typeOf(e ast.Expr, s *scope) values.Type {
	k := exprIn{e, s}
	if t, ok := c.exprTypes[k]; ok {
		return t
	}
	if c.exprTypes == nil {
		c.exprTypes = map[exprIn]values.Type{}
	}
	// not known while it is inferred: a type that depends on itself
	// ($x = pick($x, 'a')) is not known
	c.exprTypes[k] = nil
	t := c.inferType(e, s)
	c.exprTypes[k] = t
	return t
}

// exprIn is an expression in a scope.
type exprIn struct {
	e ast.Expr
	s *scope
}

func (c *checker) inferType(e ast.Expr, s *scope) values.Type {
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
		return numberKind(c.typeOf(x.Expr, s))
	case *ast.VariableExpression:
		return c.variableType(x, s)
	case *ast.CallNamedFunctionExpression:
		if ref, ok := x.Functor.(*ast.QualifiedReference); ok {
			return newType(ref.CasedValue)
		}
		if f, ok := x.Functor.(*ast.QualifiedName); ok {
			if t, core := c.coreResult(f.Value, x.Args, x.Lambda != nil, s); core {
				return t
			}
		}
		return c.returnType(x, s)
	case *ast.CallMethodExpression:
		na, ok := x.Functor.(*ast.NamedAccessExpression)
		if !ok {
			return nil
		}
		method, isName := na.Right.(*ast.QualifiedName)
		if !isName {
			return nil
		}
		// Integer.new($x) is Integer($x)
		if ref, isType := na.Left.(*ast.QualifiedReference); isType && method.Value == "new" && x.Lambda == nil {
			return newType(ref.CasedValue)
		}
		t, _ := c.coreResult(method.Value, append([]ast.Expr{na.Left}, x.Args...), x.Lambda != nil, s)
		return t
	case *ast.AccessExpression:
		if len(x.Keys) != 1 {
			return nil
		}
		return c.accessType(x, s)
	case *ast.LiteralUndef:
		return values.UndefT
	case *ast.LiteralList:
		return c.listType(x, s)
	case *ast.LiteralHash:
		return c.hashType(x, s)
	case *ast.BlockExpression:
		if len(x.Statements) == 0 {
			return values.UndefT
		}
		return c.operandType(x.Statements[len(x.Statements)-1], s)
	case *ast.IfExpression:
		return c.branchesType(s, x.Then, x.Else)
	case *ast.UnlessExpression:
		return c.branchesType(s, x.Then, x.Else)
	case *ast.CaseExpression:
		var branches []ast.Expr
		for _, o := range x.Options {
			branches = append(branches, o.Then)
		}
		if !slices.ContainsFunc(x.Options, isDefault) {
			branches = append(branches, nil) // no option matches: undef
		}
		return c.branchesType(s, branches...)
	case *ast.SelectorExpression:
		// one of its values (none matching fails)
		branches := make([]ast.Expr, len(x.Selectors))
		for i, en := range x.Selectors {
			branches[i] = en.Value
		}
		return c.branchesType(s, branches...)
	}
	return nil
}

// variableType is the type of a variable's value: the declared type of the
// parameter it names, or the type of what the assignments before the use
// give it (assignedType), in the scope that binds it.
func (c *checker) variableType(x *ast.VariableExpression, s *scope) values.Type {
	q, ok := x.Expr.(*ast.QualifiedName)
	if !ok {
		return nil
	}
	for b := s; b != nil; b = b.parent {
		if b.vars[q.Value] {
			if t, ok := b.types[q.Value]; ok {
				return t
			}
			if b.class != nil && !c.ownVariable(b.class, q.Value) {
				return c.inheritedType(b.class, q.Value, 0)
			}
			return c.assignedType(x, q.Value, b)
		}
	}
	i := strings.LastIndex(q.Value, "::")
	if i <= 0 {
		return nil
	}
	// $class::name, read in a class that inherits that class, or after a
	// statement that includes it; or else anywhere
	class, name := strings.TrimPrefix(q.Value[:i], "::"), q.Value[i+2:]
	d, dx := c.classNamed(class)
	if dx == nil {
		return nil
	}
	for b := s; b != nil; b = b.parent {
		if b.body != nil && onPath(b.body, x.Span().Offset, func(st ast.Expr) bool { return includes(st, class) }) {
			if t := c.classVarType(d, dx, name); t != nil {
				return t
			}
			break
		}
		if b.class != nil {
			if t := c.ancestorVarType(b.class, class, name); t != nil {
				return t
			}
			break
		}
	}
	return c.classReadType(d, dx, name)
}

// classReadType is the type of $class::name read where the class may not
// have been evaluated, or only up to where it evaluated another class
// (which reads it): a typed parameter's type or what one of the body's
// assignments gives, or undef, what Puppet gives a variable it does not
// find (with a warning; strict_variables makes it an error instead). nil
// for a variable a parent class has (inheritsVariable), for a parameter
// without a type and for an assignment of a type not known.
func (c *checker) classReadType(def *env.Def, x *ast.HostClassDefinition, name string) values.Type {
	return memoized(&c.classReadTypes, classVar{def, name}, func() values.Type {
		if c.inheritsVariable(x, name) {
			// read while the class is evaluated, before its own
			// assignment, it is the parent's (Puppet looks up a
			// qualified name in the class's scope, then its parents')
			return nil
		}
		s := c.classScope(def, x)
		var t values.Type
		if slices.ContainsFunc(x.Params, func(p *ast.Parameter) bool { return p.Name == name }) {
			t = s.types[name] // nil: untyped
		} else {
			t = c.assignmentsType(s, name)
		}
		if t == nil || c.opts.StrictVariables {
			return t
		}
		// first: a value the class's code gives is read where it has been
		// evaluated, which a statement before would show (an include)
		return values.VariantOf(values.UndefT, t)
	})
}

// inheritsVariable says whether one of class x's parent classes has the
// variable name (or the chain of parents is too long to tell).
func (c *checker) inheritsVariable(x *ast.HostClassDefinition, name string) bool {
	for depth := 0; depth < maxInheritance; depth++ {
		_, px := c.parentOf(x)
		if px == nil {
			return false
		}
		if c.ownVariable(px, name) {
			return true
		}
		x = px
	}
	return true
}

// memoized is f's result for k, kept in *m (nil where f needs it again:
// a cycle).
func memoized(m *map[classVar]values.Type, k classVar, f func() values.Type) values.Type {
	if t, ok := (*m)[k]; ok {
		return t
	}
	if *m == nil {
		*m = map[classVar]values.Type{}
	}
	(*m)[k] = nil
	t := f()
	(*m)[k] = t
	return t
}

// assignmentsType is the type of what one of scope s's assignments of
// name gives (as if each were a branch: branchesType), nil when it has
// none, one is destructured or one's type is not known.
func (c *checker) assignmentsType(s *scope, name string) values.Type {
	as := s.allAssignments()[name]
	rights := make([]ast.Expr, len(as))
	for i, a := range as {
		if a == nil {
			return nil // destructured: not followed
		}
		rights[i] = a.Right
	}
	return c.branchesType(s, rights...)
}

// includes says whether statement st is include, require or contain of
// the class name (a literal): once it ran, the class has been evaluated,
// or is being evaluated, up to where it evaluates another class
// (classVarType).
func includes(st ast.Expr, name string) bool {
	call, ok := st.(*ast.CallNamedFunctionExpression)
	if !ok {
		return false
	}
	f, ok := call.Functor.(*ast.QualifiedName)
	if !ok || f.Value != "include" && f.Value != "require" && f.Value != "contain" {
		return false
	}
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		return slices.ContainsFunc(literalStrings(a), func(n string) bool { return strings.EqualFold(strings.TrimPrefix(n, "::"), name) })
	})
}

// ownVariable says whether a class's own parameters or body have the
// variable name (not only its parent classes).
func (c *checker) ownVariable(x *ast.HostClassDefinition, name string) bool {
	vars, ok := c.ownVars[x]
	if !ok {
		vars = map[string]bool{}
		for _, p := range x.Params {
			vars[p.Name] = true
		}
		assignedNames(x.Body, vars)
		if c.ownVars == nil {
			c.ownVars = map[*ast.HostClassDefinition]map[string]bool{}
		}
		c.ownVars[x] = vars
	}
	return vars[name]
}

// maxInheritance bounds the walk up a chain of parent classes (a cycle
// is an error of its own).
const maxInheritance = 32

// parentOf is the definition of a class's parent class, nil for none.
func (c *checker) parentOf(x *ast.HostClassDefinition) (*env.Def, *ast.HostClassDefinition) {
	if x.ParentClass == "" {
		return nil, nil
	}
	return c.classNamed(x.ParentClass)
}

// classNamed is the definition of the class name, nil for none.
func (c *checker) classNamed(name string) (*env.Def, *ast.HostClassDefinition) {
	d := c.env.FindClass(name)
	if d == nil {
		return nil, nil
	}
	x, _ := d.Node.(*ast.HostClassDefinition)
	if x == nil {
		return nil, nil
	}
	return d, x
}

// inheritedType is the type of variable name in class x's scope that x
// inherits from its parent classes: Puppet evaluates a parent class
// before the class's parameters and body, so it is what the parent's
// variable is when the parent first evaluates another class
// (classVarType).
func (c *checker) inheritedType(x *ast.HostClassDefinition, name string, depth int) values.Type {
	pd, px := c.parentOf(x)
	if px == nil || depth > maxInheritance {
		return nil
	}
	if !c.ownVariable(px, name) {
		return c.inheritedType(px, name, depth+1)
	}
	return c.classVarType(pd, px, name)
}

// ancestorVarType is the type of $class::name read in class x's scope,
// when x inherits class (or one of its parents does): it was evaluated
// before x's parameters and body (classVarType); nil otherwise.
func (c *checker) ancestorVarType(x *ast.HostClassDefinition, class, name string) values.Type {
	for depth := 0; depth < maxInheritance; depth++ {
		pd, px := c.parentOf(x)
		if px == nil {
			return nil
		}
		if strings.EqualFold(strings.TrimPrefix(px.Name, "::"), class) {
			if !c.ownVariable(px, name) {
				return c.inheritedType(px, name, depth+1)
			}
			return c.classVarType(pd, px, name)
		}
		x = px
	}
	return nil
}

// assignedFirst says whether a top-level statement of class x's body
// assigns name on every path (definitelyAssigns) and ends before the
// first expression of its parameters and body that may evaluate another
// class.
func (c *checker) assignedFirst(x *ast.HostClassDefinition, name string) bool {
	first := c.firstEvaluation(x)
	stmts := []ast.Expr{x.Body}
	if b, ok := x.Body.(*ast.BlockExpression); ok {
		stmts = b.Statements
	}
	return slices.ContainsFunc(stmts, func(st ast.Expr) bool {
		return st != nil && endOf(st) <= first && definitelyAssigns(st, name)
	})
}

// firstEvaluation is the offset of the first expression of a class's
// parameters' defaults and body that may evaluate another class: a call
// of a function other than one of Puppet's own that only compute a value
// (those corefn knows the results of), or a resource-like class
// declaration (class { 'x': }). (Defined types' instances and collectors
// are evaluated after.)
func (c *checker) firstEvaluation(x *ast.HostClassDefinition) int32 {
	first := int32(math.MaxInt32)
	var visit func(n ast.Expr)
	visit = func(n ast.Expr) {
		if n.Span().Offset >= first {
			return
		}
		evaluates := false
		switch y := n.(type) {
		case *ast.CallNamedFunctionExpression:
			f, ok := y.Functor.(*ast.QualifiedName)
			evaluates = !ok || !c.valueFunction(f.Value)
		case *ast.CallMethodExpression:
			evaluates = true
			if na, ok := y.Functor.(*ast.NamedAccessExpression); ok {
				if f, ok := na.Right.(*ast.QualifiedName); ok {
					evaluates = !c.valueFunction(f.Value)
				}
			}
		case *ast.ResourceExpression:
			tn, ok := y.TypeName.(*ast.QualifiedName)
			evaluates = ok && strings.EqualFold(tn.Value, "class")
		}
		if evaluates {
			first = n.Span().Offset
			return
		}
		children(n, visit)
	}
	for _, p := range x.Params {
		if p.Value != nil {
			visit(p.Value)
		}
	}
	if x.Body != nil {
		visit(x.Body)
	}
	return first
}

// valueFunction says whether name is one of Puppet's own functions that
// compute a value from their arguments alone (corefn's results).
func (c *checker) valueFunction(name string) bool {
	_, ok := c.opts.Core.Result(strings.TrimPrefix(name, "::"))
	return ok
}

// classVar is a variable of a class's scope.
type classVar struct {
	def  *env.Def
	name string
}

// classVarType is the type of the value a class's own variable has when
// a class that inherits it reads it: a typed parameter's type, or, for a
// variable a top-level statement of its body assigns on every path before
// the body may evaluate another class (firstEvaluation: the parent class
// may include its child, which then reads the parent's variables as they
// are), what one of its assignments gives; nil when not known.
func (c *checker) classVarType(def *env.Def, x *ast.HostClassDefinition, name string) values.Type {
	return memoized(&c.classVarTypes, classVar{def, name}, func() values.Type {
		s := c.classScope(def, x)
		if t, ok := s.types[name]; ok {
			return t
		}
		if slices.ContainsFunc(x.Params, func(p *ast.Parameter) bool { return p.Name == name }) || !c.assignedFirst(x, name) {
			return nil
		}
		return c.assignmentsType(s, name)
	})
}

// assignedType is the type of local variable name at a use x in the body
// of scope b, which binds it, when a statement that runs before the use
// assigns it on every path (assignedOnPath): the use sees the value of the
// one assignment that ran before it (Puppet fails a second), one of those
// that end before it. Otherwise nil: where none ran, the name may be a
// parameter's, an inherited class's or top scope's. Each assignment
// followed ends before the use: the chain ends.
func (c *checker) assignedType(x *ast.VariableExpression, name string, b *scope) values.Type {
	if b.body == nil {
		return nil
	}
	use := x.Span().Offset
	if !assignedOnPath(b.body, use, name) {
		return nil
	}
	var types []values.Type
	for _, a := range b.allAssignments()[name] {
		if a == nil {
			return nil // destructured: not followed
		}
		if endOf(a) > use {
			continue
		}
		t := c.operandType(a.Right, b)
		if t == nil {
			return nil
		}
		types = append(types, t)
	}
	return values.VariantOf(types...)
}

// assignedOnPath reports whether a statement of a block that n is or
// contains, around the offset use, ends before use and assigns name on
// every path (definitelyAssigns): a use there runs after it.
func assignedOnPath(n ast.Expr, use int32, name string) bool {
	return onPath(n, use, func(st ast.Expr) bool { return definitelyAssigns(st, name) })
}

// onPath reports whether a statement of a block that n is or contains,
// around the offset use, ends before use and is what runs says: a use
// there runs after it.
func onPath(n ast.Expr, use int32, runs func(st ast.Expr) bool) bool {
	for n != nil {
		if block, ok := n.(*ast.BlockExpression); ok {
			for _, st := range block.Statements {
				if endOf(st) <= use && runs(st) {
					return true
				}
			}
		}
		var inner ast.Expr
		children(n, func(ch ast.Expr) {
			if sp := ch.Span(); sp.Offset <= use && use < sp.Offset+sp.Length {
				inner = ch
			}
		})
		n = inner
	}
	return false
}

// endOf is the offset where n's source ends.
func endOf(n ast.Positioned) int32 { return n.Span().Offset + n.Span().Length }

// definitelyAssigns reports whether evaluating statement n assigns local
// variable name, or fails, on every path: an assignment of it, a block
// with such a statement, an if or unless whose branches (both present)
// each do, a case with a default whose options each do, a call of fail.
func definitelyAssigns(n ast.Expr, name string) bool {
	all := func(es ...ast.Expr) bool {
		for _, e := range es {
			if e == nil || !definitelyAssigns(e, name) {
				return false
			}
		}
		return true
	}
	switch x := n.(type) {
	case *ast.AssignmentExpression:
		if v, ok := x.Left.(*ast.VariableExpression); ok {
			if q, ok := v.Expr.(*ast.QualifiedName); ok && q.Value == name {
				return true
			}
		}
		return definitelyAssigns(x.Right, name)
	case *ast.BlockExpression:
		return slices.ContainsFunc(x.Statements, func(st ast.Expr) bool { return definitelyAssigns(st, name) })
	case *ast.IfExpression:
		return all(x.Then, x.Else)
	case *ast.UnlessExpression:
		return all(x.Then, x.Else)
	case *ast.CaseExpression:
		for _, o := range x.Options {
			if !all(o.Then) {
				return false
			}
		}
		return slices.ContainsFunc(x.Options, isDefault)
	}
	return fails(n)
}

// arithmeticType is Integer for + - * / % << >> of two Integers, Float for
// + - * / of two numbers one of which is a Float: Puppet's arithmetic on
// numbers (a String operand is converted to a number of either kind, an
// Array or Hash operand concatenates, appends or removes).
func (c *checker) arithmeticType(x *ast.ArithmeticExpression, s *scope) values.Type {
	l, r := numberKind(c.operandType(x.Left, s)), numberKind(c.operandType(x.Right, s))
	switch {
	case l == nil || r == nil:
		return nil
	case l == values.IntegerT && r == values.IntegerT:
		return values.IntegerT
	case x.Op == "+" || x.Op == "-" || x.Op == "*" || x.Op == "/":
		return values.FloatT
	}
	return nil
}

// operandType is the type of e's value: a literal's, or typeOf.
func (c *checker) operandType(e ast.Expr, s *scope) values.Type {
	if v := literal(e); v != nil {
		return values.Infer(v)
	}
	return c.typeOf(e, s)
}

// branchesType is the type of the value of an if, unless, case or
// selector: that of the branch that runs (a nil one, absent or empty,
// gives undef; one that fails, none), nil when one is not known.
func (c *checker) branchesType(s *scope, branches ...ast.Expr) values.Type {
	var types []values.Type
	for _, b := range branches {
		switch {
		case b == nil:
			types = append(types, values.UndefT)
		case fails(b):
			// gives no value
		default:
			t := c.operandType(b, s)
			if t == nil {
				return nil
			}
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return nil
	}
	return values.VariantOf(types...)
}

// isDefault reports whether a case option is the default one.
func isDefault(o *ast.CaseOption) bool {
	return slices.ContainsFunc(o.Values, func(v ast.Expr) bool { _, ok := v.(*ast.LiteralDefault); return ok })
}

// fails reports whether evaluating n always fails: a call of fail, or a
// block with such a statement.
func fails(n ast.Expr) bool {
	switch x := n.(type) {
	case *ast.CallNamedFunctionExpression:
		f, ok := x.Functor.(*ast.QualifiedName)
		return ok && strings.TrimPrefix(f.Value, "::") == "fail"
	case *ast.BlockExpression:
		return slices.ContainsFunc(x.Statements, fails)
	case *ast.ParenthesizedExpression:
		return fails(x.Expr)
	}
	return false
}

// listType is the type of a literal array with values not all literal: a
// Tuple of its values' types (Any for one not known), or an Array when
// it unfolds one (*$x) and its length is not known.
func (c *checker) listType(x *ast.LiteralList, s *scope) values.Type {
	types := make([]values.Type, len(x.Values))
	for i, e := range x.Values {
		if _, ok := e.(*ast.UnfoldExpression); ok {
			return values.ArrayT
		}
		types[i] = values.OrAny(c.operandType(e, s))
	}
	return values.NewTupleType(types, nil)
}

// hashType is the type of a literal hash with values not all literal: a
// Struct of its values' types (Any for one not known) when its keys are
// distinct literal strings, else a Hash.
func (c *checker) hashType(x *ast.LiteralHash, s *scope) values.Type {
	elements := make([]*values.StructElement, len(x.Entries))
	seen := map[string]bool{}
	for i, en := range x.Entries {
		keys := literalStrings(en.Key)
		if len(keys) != 1 || seen[keys[0]] {
			return values.HashT
		}
		seen[keys[0]] = true
		elements[i] = &values.StructElement{Key: &values.StringType{Value: keys[0], HasValue: true}, Value: values.OrAny(c.operandType(en.Value, s))}
	}
	return &values.StructType{Elements: elements}
}

// accessType is the type of $x[key] (one key): a Struct's member's
// (structMember), a Hash's value or undef, an Array's or Tuple's element
// or undef (an index out of its range).
func (c *checker) accessType(x *ast.AccessExpression, s *scope) values.Type {
	left := c.typeOf(x.Left, s)
	if a, ok := left.(*values.TypeAliasType); ok {
		left = a.ResolvedType()
	}
	switch t := left.(type) {
	case *values.StructType:
		if keys := literalStrings(x.Keys[0]); len(keys) == 1 {
			return structMember(t, keys[0])
		}
	case *values.HashType:
		return values.NewOptionalType(values.OrAny(t.Value))
	case *values.ArrayType:
		return values.NewOptionalType(values.OrAny(t.Elem))
	case *values.TupleType:
		if len(t.Types) > 0 {
			return values.NewOptionalType(values.VariantOf(t.Types...))
		}
	}
	return nil
}

// structMember is the type of the value of key in a Hash of type t when t
// is a Struct that names the key: its value type when the key is required
// (the Hash has it), Optional of it otherwise.
func structMember(t values.Type, key string) values.Type {
	if a, ok := t.(*values.TypeAliasType); ok {
		t = a.ResolvedType()
	}
	st, ok := t.(*values.StructType)
	if !ok {
		return nil
	}
	for _, el := range st.Elements {
		k, optional := el.Key, false
		if o, ok := k.(*values.OptionalType); ok {
			k, optional = o.Type, true
		}
		if ks, ok := k.(*values.StringType); ok && ks.HasValue && ks.Value == key {
			if optional {
				return values.NewOptionalType(el.Value)
			}
			return el.Value
		}
	}
	return nil
}

// numberKind is IntegerT or FloatT when every value of t is one, else nil.
func numberKind(t values.Type) values.Type {
	for _, k := range []values.Type{values.IntegerT, values.FloatT} {
		if t != nil && values.IsAssignable(k, t) {
			return k
		}
	}
	return nil
}

// newType is the type of what a call of a type (Integer($x): Puppet's
// new) gives: an instance of the type, for the plain scalar and
// collection types whose conversions pp2go's runtime and Puppet share.
func newType(name string) values.Type {
	switch t := builtinType(name); t {
	case values.StringT, values.IntegerT, values.FloatT, values.NumericT, values.BooleanT, values.ArrayT, values.HashT:
		return t
	}
	return nil
}

// coreResult is the type of what a call of one of Puppet's own functions
// returns (corefn's results), nil when the build cannot know it; core says
// whether name is one of Puppet's own functions.
func (c *checker) coreResult(name string, args []ast.Expr, lambda bool, s *scope) (t values.Type, core bool) {
	name = strings.TrimPrefix(name, "::")
	if _, _, core = c.opts.Core.Signatures(name); !core {
		return nil, false
	}
	r, ok := c.opts.Core.Result(name)
	switch {
	case !ok || lambda && !r.Lambda:
		return nil, true
	case r.Of != "":
		return builtinType(r.Of), true
	case r.TypeArg > 0:
		if len(args) < r.TypeArg || hasUnfold(args[:r.TypeArg]) {
			return nil, true
		}
		return c.staticType(args[r.TypeArg-1]), true
	case len(args) == 0 || hasUnfold(args[:1]):
		return nil, true
	}
	// the first case that takes every value of the first argument's type,
	// or one of the cases before it that take some
	first := c.operandType(args[0], s)
	var maybe []values.Type
	for _, k := range r.ByFirst {
		arg, res := builtinType(k.Arg), builtinType(k.Result)
		if arg == nil || res == nil {
			return nil, true
		}
		if first != nil && values.IsAssignable(arg, first) {
			return values.VariantOf(append(maybe, res)...), true
		}
		if first == nil || !values.Disjoint(arg, first) {
			maybe = append(maybe, res)
		}
	}
	return values.VariantOf(maybe...), true
}

// returnType is the declared return type of the function a call names,
// which Puppet checks its result against: a Puppet-language function's,
// or the one of each dispatch of a module's 4.x Ruby function when every
// dispatch declares one (return_type).
func (c *checker) returnType(x *ast.CallNamedFunctionExpression, s *scope) values.Type {
	f, ok := x.Functor.(*ast.QualifiedName)
	if !ok || x.Lambda != nil {
		return nil
	}
	name := strings.TrimPrefix(f.Value, "::")
	if _, _, core := c.opts.Core.Signatures(name); core {
		return nil
	}
	ref := c.env.FindFunction(name, c.mod)
	if ref == nil {
		return nil
	}
	switch ref.Kind {
	case env.PuppetFunction:
		if ref.Def == nil {
			return nil
		}
		if fd, ok := ref.Def.Node.(*ast.FunctionDefinition); ok && fd.ReturnType != nil {
			return c.staticType(fd.ReturnType)
		}
	case env.Ruby3Function:
		return c.rubyCallType(c.rubyResult(ref.Ruby), x.Args, s)
	case env.Ruby4Function:
		sigs := ref.Signatures()
		types := make([]values.Type, len(sigs))
		for i, sig := range sigs {
			if sig.Return == "" {
				return c.rubyResult(ref.Ruby).Type
			}
			if types[i] = c.envType(sig.Return); types[i] == nil {
				return c.rubyResult(ref.Ruby).Type
			}
		}
		if len(types) > 0 {
			return values.VariantOf(types...)
		}
		return c.rubyResult(ref.Ruby).Type
	}
	return nil
}

// rubyResult is what the Ruby function f (a 4.x one, or a 3.x rvalue
// one) returns, as its Ruby makes it evident (rubyresult), the zero
// Result when not known; read once.
func (c *checker) rubyResult(f *env.RubyFunction) rubyresult.Result {
	if f == nil || f.Scan == nil || f.API == 3 && !f.Scan.Rvalue {
		return rubyresult.Result{}
	}
	if r, ok := c.rubyResults[f]; ok {
		return r
	}
	var r rubyresult.Result
	if src, err := os.ReadFile(f.Path); err == nil {
		if f.API == 3 {
			r = rubyresult.Of3x(f.Path, src, f.Scan.Name)
		} else {
			r.Type = rubyresult.Of4x(f.Path, src, f.Scan.Name)
		}
	}
	if c.rubyResults == nil {
		c.rubyResults = map[*env.RubyFunction]rubyresult.Result{}
	}
	c.rubyResults[f] = r
	return r
}

// rubyCallType is the type of what a call of a Ruby function with result
// r returns: r's Type, or one of the call's arguments as Puppet's 3.x
// calling convention gives them to the function (converted3x); nil when
// not known.
func (c *checker) rubyCallType(r rubyresult.Result, args []ast.Expr, s *scope) values.Type {
	if !r.Arg {
		return r.Type
	}
	if len(args) == 0 || hasUnfold(args) {
		return nil
	}
	types := []values.Type{}
	if r.Type != nil {
		types = append(types, r.Type)
	}
	for _, a := range args {
		t, known := converted3x(c.operandType(a, s), r.NoEmptyString)
		if !known {
			return nil
		}
		if t != nil {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return nil
	}
	return values.VariantOf(types...)
}

// scalars3x are the types whose values a 3.x function receives as their
// strings (Runtime3FunctionArgumentConverter: a Regexp as its source,
// SemVer, Timestamp and Timespan as to_s).
var scalars3x = values.VariantOf(values.RegexpT, values.SemVerT, values.SemVerRangeT, values.TimestampT, values.TimespanT)

// converted3x is the type of what a 3.x function receives for an
// argument of type t, known false for other types and for nil: undef as
// an empty string (map_args' undef value), none with noEmpty (the
// function deletes empty strings before it returns an argument), a
// Regexp, SemVer, Timestamp or Timespan as a String, a type as a type
// (Class['c'] comes back as Class['C']: only Type is known), data as it
// is (an undef in an array or hash as nil, which the function's result
// gives back as undef). A nil type with known true: the function returns
// none of this argument.
func converted3x(t values.Type, noEmpty bool) (values.Type, bool) {
	if t == nil {
		return nil, false
	}
	var members []values.Type
	undef := false
	for _, m := range typeMembers(t, 0) {
		switch {
		case m == nil:
			return nil, false
		case values.IsAssignable(values.UndefT, m):
			undef = true
		case values.IsAssignable(values.DataT, m):
			members = append(members, mutableKind(m))
		case values.IsAssignable(values.TypeT, m):
			members = append(members, values.TypeT)
		case values.IsAssignable(scalars3x, m):
			members = append(members, values.StringT)
		default:
			return nil, false
		}
	}
	if undef && !noEmpty {
		members = append(members, values.StringT)
	}
	if len(members) == 0 {
		return nil, true
	}
	return values.VariantOf(members...), true
}

// mutableKind is t (a type of Data) as far as a Ruby function can keep
// a value of it while changing it in place: a number or Boolean as it
// is, a String as any String (upcase!), an Array or a Hash as any Array
// or Hash (their elements set: monit's monit_validate_tests gives back
// the hashes it is given with a String for a Hash in them).
func mutableKind(t values.Type) values.Type {
	for _, k := range []values.Type{values.NumericT, values.BooleanT} {
		if values.IsAssignable(k, t) {
			return t
		}
	}
	for _, k := range []values.Type{values.StringT, values.ArrayT, values.HashT} {
		if values.IsAssignable(k, t) {
			return k
		}
	}
	return dataKinds
}

// dataKinds are Data's kinds, what mutableKind gives of a type that
// holds values of several (Data, ScalarData).
var dataKinds = values.VariantOf(values.NumericT, values.BooleanT, values.StringT, values.ArrayT, values.HashT)

// typeMembers are the types t's values are of: a Variant's, an
// Optional's and Undef, an alias's type's (nil past a depth of aliases).
func typeMembers(t values.Type, depth int) []values.Type {
	if depth > 8 {
		return []values.Type{nil}
	}
	switch x := t.(type) {
	case *values.VariantType:
		var out []values.Type
		for _, m := range x.Types {
			out = append(out, typeMembers(m, depth+1)...)
		}
		return out
	case *values.OptionalType:
		return append(typeMembers(values.OrAny(x.Type), depth+1), values.UndefT)
	case *values.TypeAliasType:
		return typeMembers(x.ResolvedType(), depth+1)
	}
	return []values.Type{t}
}

// representative is a value of type t of one scalar kind, or a Sensitive
// of one, nil when t has no obvious value (a Pattern, a Variant...).
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
	case *values.SensitiveType:
		// Puppet names a Sensitive by its value's general type
		// ("Sensitive[Array]"), which an empty array stands for
		if inner := representative(x.Type); inner != nil {
			v = values.NewSensitive(inner)
		} else if values.IsInstance(x.Type, values.EmptyArray) {
			v = values.NewSensitive(values.EmptyArray)
		}
	}
	if v == nil || !values.IsInstance(t, v) {
		return nil
	}
	return v
}

// standIn is a value that stands for every value of type t in checks
// against the expected types: each takes all of t's values or none (their
// kinds differ: values.Disjoint), or else nil. When none takes any, a
// value of t's kind will do, whose kind Puppet's mismatch message names
// ("got String"); otherwise it is one of t's own values (representative).
func standIn(t values.Type, expected ...values.Type) values.Value {
	takes := false
	for _, e := range expected {
		switch {
		case values.IsAssignable(e, t):
			takes = true
		case !values.Disjoint(e, t):
			return nil
		}
	}
	if v := kindValue(t); !takes && v != nil {
		return v
	}
	return representative(t)
}

// A stand says what a stand-in value (standInFor) stands for, which the
// report of a check it fails says: a fact of the kind Facter gives it (a
// node's agent may give another: a warning), or one of a few values each
// of which the check rejects (Puppet names the one a node has).
type stand struct {
	fact  string         // the fact's dotted name, or ""
	oneOf []values.Value // the values, when more than one
	kinds bool           // oneOf's values stand for their kinds (kindsOf)
}

// plain says whether the stand-in is e's value or of its inferred type.
func (st stand) plain() bool { return st.fact == "" && st.oneOf == nil }

// standInFor is a value that stands for e's in checks against the
// expected types (standIn): one of its inferred type (typeOf), or else of
// the kind Facter gives the fact it reads (factType); or, when the
// inferred type is a few values (a selector's or an if's literals) of
// which the expected types take none, the first of them. nil when none of
// these settles the checks.
func (c *checker) standInFor(e ast.Expr, s *scope, expected ...values.Type) (values.Value, stand) {
	if t := c.typeOf(e, s); t != nil {
		if v := standIn(t, expected...); v != nil {
			return v, stand{}
		}
		if vs := rejectedValues(t, expected); vs != nil {
			return vs[0], stand{oneOf: vs}
		}
	}
	if t, fact := c.factType(e, s); t != nil {
		if v := standIn(t, expected...); v != nil {
			return v, stand{fact: fact}
		}
	}
	return nil, stand{}
}

// maxOneOf bounds the values rejectedValues tries.
const maxOneOf = 8

// rejectedValues are the values of type t when t is a few of them (each
// member of its Variant one value: String['a'], Integer[1, 1], a Boolean's
// or undef) and the expected types take none of them; nil otherwise.
func rejectedValues(t values.Type, expected []values.Type) []values.Value {
	vs := memberValues(t, singleValue)
	if len(expected) == 0 || len(vs) < 2 || slices.ContainsFunc(vs, func(v values.Value) bool {
		return slices.ContainsFunc(expected, func(e values.Type) bool { return values.IsInstance(e, v) })
	}) {
		return nil
	}
	return vs
}

// memberValues are the distinct values that value gives the members of t
// (typeMembers), nil when it gives none for one or t has more than
// maxOneOf.
func memberValues(t values.Type, value func(values.Type) values.Value) []values.Value {
	if t == nil {
		return nil
	}
	members := typeMembers(t, 0)
	if len(members) > maxOneOf {
		return nil
	}
	var vs []values.Value
	for _, m := range members {
		if m == nil {
			return nil // past a depth of aliases
		}
		v := value(m)
		if v == nil {
			return nil
		}
		if !slices.ContainsFunc(vs, func(w values.Value) bool { return values.Eql(v, w) }) {
			vs = append(vs, v)
		}
	}
	return vs
}

// singleValue is the one value of type t, nil when t has more or none.
func singleValue(t values.Type) values.Value {
	switch x := t.(type) {
	case *values.StringType:
		if x.HasValue {
			return values.String(x.Value)
		}
	case *values.EnumType:
		if len(x.Values) == 1 {
			return values.String(x.Values[0])
		}
	case *values.IntegerType:
		if x.From == x.To {
			return values.Int(x.From)
		}
	case *values.BooleanType:
		if x.HasValue {
			return values.Bool(x.Value)
		}
	}
	if isUndef(t) {
		return values.Undef
	}
	return nil
}

// kindValue is a value of the one scalar kind of t's values (String,
// Integer, Float, Boolean), nil when t is not of one: it stands for any
// of them where only their kind matters.
func kindValue(t values.Type) values.Value {
	for _, k := range []struct {
		t values.Type
		v values.Value
	}{{values.StringT, values.String("")}, {values.IntegerT, values.Int(0)}, {values.FloatT, values.Float(0)}, {values.BooleanT, values.Bool(false)}} {
		if values.IsAssignable(k.t, t) {
			return k.v
		}
	}
	return nil
}

// compareOperands reports an ordering comparison (< <= > >=) of values
// Puppet cannot order, literal or of inferred types: whether it can
// depends on their kinds only (a String with a String, numbers with
// numbers), which kindValue stands for. Puppet fails it ("Comparison of:
// String < Integer, is not possible. ..."). An operand that is a fact
// counts as of the kind Facter gives it: a warning (factOperand).
func (c *checker) compareOperands(x *ast.ComparisonExpression, s *scope) {
	if x.Op == "==" || x.Op == "!=" {
		return
	}
	l, lst := c.kindOperand(x.Left, s)
	r, rst := c.kindOperand(x.Right, s)
	if l == nil || r == nil {
		return
	}
	msg := ""
	for _, l := range alternatives(l, lst) {
		for _, r := range alternatives(r, rst) {
			_, err := values.CompareOp(x.Op, l, r)
			m := issueMessage(err, values.IssueComparisonNotPossible)
			if m == "" {
				return
			}
			msg = cmp.Or(msg, m)
		}
	}
	c.standInFails(ComparisonNotPossible, x, msg, lst, rst)
}

// kindOperand is a value of the kind of e's value where only its kind
// matters: a literal's value, or a stand-in of its kind (standInFor
// against nothing is kindValue), with what it stands for; or, for a value
// of one of a few kinds (an Optional String), a value of the first
// (kindsOf), standing for one of each.
func (c *checker) kindOperand(e ast.Expr, s *scope) (values.Value, stand) {
	if v := literal(e); v != nil {
		return v, stand{}
	}
	if v, st := c.standInFor(e, s); v != nil {
		return v, st
	}
	if vs := kindsOf(c.typeOf(e, s)); vs != nil {
		return vs[0], stand{oneOf: vs, kinds: true}
	}
	return nil, stand{}
}

// kindsOf are values of the kinds of t's values, undef first, when t's
// values are of a few kinds (String, Integer, Float, Boolean, undef) and
// more than one; nil otherwise.
func kindsOf(t values.Type) []values.Value {
	vs := memberValues(t, func(m values.Type) values.Value {
		if isUndef(m) {
			return values.Undef
		}
		return kindValue(m)
	})
	if len(vs) < 2 {
		return nil
	}
	if i := slices.Index(vs, values.Undef); i > 0 {
		vs = slices.Insert(slices.Delete(vs, i, i+1), 0, values.Undef)
	}
	return vs
}

// isUndef says whether t is the type of undef alone.
func isUndef(t values.Type) bool {
	return t != nil && values.IsAssignable(values.UndefT, t) && values.IsAssignable(t, values.UndefT)
}

// valueLabel names v in a hint: a String quoted, undef as undef; by its
// kind for a stand-in of a kind (kindsOf).
func valueLabel(v values.Value, kind bool) string {
	switch x := v.(type) {
	case values.String:
		if kind {
			return "a String"
		}
		return values.PuppetQuote(string(x))
	case values.Int:
		if kind {
			return "an Integer"
		}
	case values.Float:
		if kind {
			return "a Float"
		}
	case values.Bool:
		if kind {
			return "a Boolean"
		}
	}
	return cmp.Or(values.ToString(v), "undef")
}

// issueMessage is err's message when it is Puppet's issue code, "" for
// another error or none.
func issueMessage(err error, code string) string {
	var verr *values.Error
	if errors.As(err, &verr) && verr.Code == code {
		return verr.Message
	}
	return ""
}

// alternatives are the values a stand-in v stands for one of.
func alternatives(v values.Value, st stand) []values.Value {
	if st.oneOf != nil {
		return st.oneOf
	}
	return []values.Value{v}
}

// standInFails reports msg at n, a check that a stand-in value (and the
// others, literal or plain) failed: an error, naming the values it is one
// of where it is one of a few; a warning when it stands for a fact, of the
// kind Facter gives it (a node's agent may give another).
func (c *checker) standInFails(code string, n ast.Positioned, msg string, stands ...stand) {
	for _, st := range stands {
		if st.fact != "" {
			kind, article := facts.Type(strings.Split(st.fact, ".")...), "a"
			if kind == "Integer" || kind == "Array" {
				article = "an"
			}
			c.warnf(code, n, "Facter's "+st.fact+" fact is "+article+" "+kind+": a node whose facts have it so fails here", "%s", msg)
			return
		}
	}
	for _, st := range stands {
		if st.oneOf != nil {
			names := make([]string, len(st.oneOf))
			for i, v := range st.oneOf {
				names[i] = valueLabel(v, st.kinds)
			}
			c.errorf(code, n, "the value is one of "+strings.Join(names, ", ")+", each rejected: Puppet names the one a node has", "%s", msg)
			return
		}
	}
	c.errorf(code, n, "", "%s", msg)
}

// factType is the type Facter gives the fact e reads
// ($facts['os']['release']['major'], $::osfamily, or an unqualified
// $osfamily that no scope assigns), and the fact's dotted name; nil for
// anything else. A node's facts come from its agent: the checker warns
// with it, and codegen never sees it (typeOf does not give it).
func (c *checker) factType(e ast.Expr, s *scope) (values.Type, string) {
	var path []string
	for {
		switch x := e.(type) {
		case *ast.ParenthesizedExpression:
			e = x.Expr
			continue
		case *ast.AccessExpression:
			if len(x.Keys) != 1 {
				return nil, ""
			}
			k := literalStrings(x.Keys[0])
			if len(k) != 1 {
				return nil, ""
			}
			path, e = append([]string{k[0]}, path...), x.Left
			continue
		case *ast.VariableExpression:
			q, ok := x.Expr.(*ast.QualifiedName)
			if !ok {
				return nil, ""
			}
			switch name := q.Value; {
			case name == "facts" || name == "::facts":
			case strings.HasPrefix(name, "::") && !strings.Contains(name[2:], "::"):
				path = append([]string{name[2:]}, path...)
			case !strings.Contains(name, "::") && !s.has(name):
				path = append([]string{name}, path...)
			default:
				return nil, ""
			}
		default:
			return nil, ""
		}
		break
	}
	if len(path) == 0 {
		return nil, ""
	}
	fact := strings.Join(path, ".")
	return builtinType(facts.Type(path...)), fact
}

// matchOperand reports a regexp match (=~, !~ of a literal regexp or
// string) whose left operand is a literal, or of an inferred type, that is
// no String: Puppet fails it ("Left match operand must result in a String
// value. Got an Integer."). A type or SemVerRange on the right matches
// any value.
func (c *checker) matchOperand(x *ast.MatchExpression, s *scope) {
	switch literal(x.Right).(type) {
	case *values.Regexp, values.String:
	default:
		return
	}
	left, st := c.kindOperand(x.Left, s)
	if left == nil {
		return
	}
	msg := ""
	for _, left := range alternatives(left, st) {
		_, err := values.MatchOp(left, literal(x.Right))
		m := issueMessage(err, values.IssueMatchNotString)
		if m == "" {
			return
		}
		msg = cmp.Or(msg, m)
	}
	c.standInFails(MatchNotString, x.Left, msg, st) // where Puppet reports it
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
