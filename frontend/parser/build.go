package parser

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
)

// This file builds the tree the way Puppet's Model::Factory and its parser
// support do, including where nodes are located. A node that Puppet creates
// without a position takes its container's offset and a zero length; the
// actions pass the container's span to the helpers that create such nodes.

func tloc(t symbol) ast.Loc { return ast.Loc{Offset: t.offset, Length: t.length} }

// span runs from the start of a to the end of b.
func span(a, b ast.Loc) ast.Loc { return ast.Loc{Offset: a.Offset, Length: b.End() - a.Offset} }

// at is the position Puppet gives a node created without one inside c.
func at(c ast.Loc) ast.Loc { return ast.Loc{Offset: c.Offset} }

// endOf is the span of e, or of t when e is absent.
func endOf(e ast.Expr, t symbol) ast.Loc {
	if e != nil {
		return e.Span()
	}
	return tloc(t)
}

// argList is a statement followed by comma separated expressions: the
// arguments of a call without parentheses (`include a, b`).
type argList struct {
	items  []ast.Expr
	commas []symbol
}

// commaList appends `, e` to a statement (Parser#aryfy and push).
func commaList(first any, comma symbol, e ast.Expr) *argList {
	l, ok := first.(*argList)
	if !ok {
		l = &argList{items: []ast.Expr{first.(ast.Expr)}}
	}
	l.items = append(l.items, e)
	l.commas = append(l.commas, comma)
	return l
}

// list accumulates the items of a left-recursive rule. The grammar keeps a
// pointer to it: an interface holds a pointer without allocating, where it
// would box a fresh slice header on every append.
type list[T any] struct{ items []T }

func newList[T any](first T) *list[T] {
	l := &list[T]{items: make([]T, 1, 4)}
	l.items[0] = first
	return l
}

// add appends x; a nil list (an empty rule, as in `{ , a => 1 }`) starts one.
func (l *list[T]) add(x T) *list[T] {
	if l == nil {
		return newList(x)
	}
	l.items = append(l.items, x)
	return l
}

// get returns the items; a nil list (an empty rule) has none.
func (l *list[T]) get() []T {
	if l == nil {
		return nil
	}
	return l.items
}

// appendArgument adds an argument, merging adjacent unbraced hash entries
// (`f(a => 1, b => 2)`) into one hash (Factory.ARGUMENTS).
func appendArgument(args *list[ast.Expr], arg ast.Expr) *list[ast.Expr] {
	if h, ok := arg.(*ast.LiteralHash); ok && h.Unfolded && len(args.items) > 0 {
		if last, ok := args.items[len(args.items)-1].(*ast.LiteralHash); ok && last.Unfolded {
			last.Entries = append(last.Entries, h.Entries...)
			return args
		}
	}
	return args.add(arg)
}

// blockOrExpression is a block of several statements located from the first
// to the last, or the single statement.
func blockOrExpression(stmts []ast.Expr) ast.Expr {
	if len(stmts) > 1 {
		return &ast.BlockExpression{Statements: stmts, Loc: span(stmts[0].Span(), stmts[len(stmts)-1].Span())}
	}
	return stmts[0]
}

// blockOrExpressionIn is a block located at its braces, or the single statement.
func blockOrExpressionIn(stmts []ast.Expr, lbrace, rbrace symbol) ast.Expr {
	if len(stmts) > 1 {
		return &ast.BlockExpression{Statements: stmts, Loc: span(tloc(lbrace), tloc(rbrace))}
	}
	return stmts[0]
}

// buildBody is the body of a definition, lambda or case option: always a
// block (located in its container c) when there are statements.
func buildBody(stmts []ast.Expr, c ast.Loc) ast.Expr {
	if stmts == nil {
		return nil
	}
	return &ast.BlockExpression{Statements: stmts, Loc: at(c)}
}

type lambdaStart struct {
	tok    symbol
	params []*ast.Parameter
}

type lambdaRest struct {
	tok  symbol
	body []ast.Expr
}

type eppParams struct {
	specified bool
	params    []*ast.Parameter
}

// eppTemplate is an EPP program: a lambda whose body is the template.
func eppTemplate(p eppParams, body []ast.Expr, start ast.Loc) ast.Expr {
	epp := &ast.EppExpression{ParamsSpecified: p.specified, Loc: at(start)}
	epp.Body = buildBody(body, epp.Loc)
	return &ast.LambdaExpression{Params: p.params, Body: epp, Loc: start}
}

// ---- numbers and names ----

// number makes the literal of a NUMBER token (Factory.NUMBER). The lexer
// has checked its form.
func (p *parser) number(t symbol) ast.Expr {
	e, ok := numberLiteral(t.value, tloc(t))
	if !ok {
		panic(lexError{internalError("Internal Error, NUMBER token does not contain a valid number, " + t.value)})
	}
	return e
}

// numberLiteral converts a number the way Puppet's Utils.to_n_with_radix
// does. It fails where Puppet does: on a float that overflows, and on a zero
// with an exponent and no other digits (Puppet takes such as 0e5 for no
// number at all).
func numberLiteral(v string, l ast.Loc) (ast.Expr, bool) {
	radix, digits := 10, v
	switch {
	case strings.HasPrefix(v, "0x") || strings.HasPrefix(v, "0X"):
		radix, digits = 16, v[2:]
	case strings.ContainsAny(v, ".eE"):
		intPart := v[:leadingDigits(v)]
		if strings.Trim(intPart, "0") == "" && zeroExponent(v[len(intPart):]) {
			return nil, false
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, false
		}
		return &ast.LiteralFloat{Value: f, Loc: l}, true
	case len(v) > 1 && v[0] == '0':
		radix, digits = 8, v[1:]
	}
	lit := &ast.LiteralInteger{Radix: radix, Loc: l}
	if n, err := strconv.ParseInt(digits, radix, 64); err == nil {
		lit.Value = n
	} else {
		lit.Big, _ = new(big.Int).SetString(digits, radix)
	}
	return lit, true
}

// zeroExponent matches /\A\.?0*[eE]/: a fraction of zeros, then an exponent.
func zeroExponent(frac string) bool {
	frac = strings.TrimPrefix(frac, ".")
	frac = strings.TrimLeft(frac, "0")
	return frac != "" && (frac[0] == 'e' || frac[0] == 'E')
}

// ---- strings ----

// concatenated is a double quoted string, without its empty literal parts.
func concatenated(parts []ast.Expr, l ast.Loc) ast.Expr {
	segs := parts[:0]
	for _, p := range parts {
		if s, ok := p.(*ast.LiteralString); ok && s.Value == "" {
			continue
		}
		if t, ok := p.(*ast.TextExpression); ok {
			t.Loc = at(l)
			locateInterpolated(t.Expr, t.Loc)
		}
		segs = append(segs, p)
	}
	return &ast.ConcatenatedString{Segments: segs, Loc: l}
}

// unlocated marks the nodes interpolate creates; concatenated locates them.
const unlocated = -1

// interpolate rewrites an interpolated expression so that a leading bare name
// or decimal number is a variable: "${x[1]}" reads $x (Factory#interpolate).
func interpolate(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.LiteralInteger:
		return &ast.VariableExpression{Expr: x, Loc: ast.Loc{Offset: unlocated}}
	case *ast.QualifiedName:
		return &ast.VariableExpression{Expr: x, Loc: ast.Loc{Offset: unlocated}}
	case *ast.AccessExpression:
		if rewritable(x.Left) {
			x.Left = interpolate(x.Left)
		}
	case *ast.NamedAccessExpression:
		if rewritable(x.Left) {
			x.Left = interpolate(x.Left)
		}
	case *ast.CallMethodExpression:
		if rewritable(x.Functor) {
			x.Functor = interpolate(x.Functor)
		}
	}
	return e
}

func rewritable(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.AccessExpression, *ast.QualifiedName, *ast.NamedAccessExpression, *ast.CallMethodExpression:
		return true
	case *ast.LiteralInteger:
		return x.Radix == 10
	}
	return false
}

// locateInterpolated gives the variables interpolate created their
// container's offset.
func locateInterpolated(e ast.Expr, c ast.Loc) {
	switch x := e.(type) {
	case *ast.VariableExpression:
		if x.Offset == unlocated {
			x.Loc = at(c)
		}
	case *ast.AccessExpression:
		locateInterpolated(x.Left, x.Loc)
	case *ast.NamedAccessExpression:
		locateInterpolated(x.Left, x.Loc)
	case *ast.CallMethodExpression:
		locateInterpolated(x.Functor, x.Loc)
	}
}

// ---- resources ----

// resourceForm applies `@` or `@@` to a resource expression.
func (p *parser) resourceForm(at symbol, e ast.Expr, form, msg string) ast.Expr {
	r, ok := e.(ast.AbstractResource)
	if !ok {
		p.errorAtToken(at, msg)
	}
	r.SetResourceForm(form)
	r.SetSpan(span(tloc(at), r.Span()))
	return r
}

// titledResource builds `type { title: attrs; ... }`; bodies are located in
// the resource expression.
func titledResource(typeName ast.Expr, bodies []*ast.ResourceBody, l ast.Loc) ast.Expr {
	for _, b := range bodies {
		b.Loc = at(l)
	}
	return &ast.ResourceExpression{Form: ast.Regular, TypeName: typeName, Bodies: bodies, Loc: l}
}

// resourceWithoutTitle handles `left { attrs }`: resource defaults for a
// type reference, an override for an access expression, and for a bare name
// a name followed by a hash (a statement call like `notice {a => 1}`, or the
// block that the validator reports as a resource without a title).
func (p *parser) resourceWithoutTitle(left ast.Expr, ops []ast.AttributeOp, lbrace, rbrace symbol) ast.Expr {
	l := span(left.Span(), tloc(rbrace))
	var result ast.Expr
	switch x := left.(type) {
	case *ast.QualifiedName:
		entries := make([]*ast.KeyedEntry, 0, len(ops))
		hash := &ast.LiteralHash{Loc: span(tloc(lbrace), tloc(rbrace))}
		for _, op := range ops {
			switch o := op.(type) {
			case *ast.AttributeOperation:
				if o.Op == "+>" {
					p.errorAtToken(lbrace, "Syntax error resource body without title or hash with +>")
				}
				entries = append(entries, &ast.KeyedEntry{Key: &ast.LiteralString{Value: o.Name, Loc: at(hash.Loc)}, Value: o.Value, Loc: at(hash.Loc)})
			case *ast.AttributesOperation:
				entries = append(entries, &ast.KeyedEntry{Key: &ast.Nop{Loc: at(hash.Loc)}, Value: &ast.Nop{Loc: at(hash.Loc)}, Loc: at(hash.Loc)})
			}
		}
		hash.Entries = entries
		result = blockOrExpression(p.transformCalls([]any{x, hash}))
	case *ast.QualifiedReference:
		result = &ast.ResourceDefaultsExpression{Form: ast.Regular, TypeRef: left, Operations: ops}
	case *ast.AccessExpression:
		// Puppet means `Resource[x] { }` to set defaults, but its test reads
		// a key the model does not have: every access expression overrides.
		result = &ast.ResourceOverrideExpression{Form: ast.Regular, Resources: left, Operations: ops}
	default:
		p.errorAtOffset(int(left.Span().Offset), "Expression is not valid as a resource, resource-default, or resource-override")
	}
	result.SetSpan(l)
	return result
}

// ---- statements ----

// statementCalls are the functions that may be called without parentheses.
var statementCalls = map[string]bool{
	"require": true, "realize": true, "include": true, "contain": true, "tag": true,
	"debug": true, "info": true, "notice": true, "warning": true, "err": true,
	"fail": true, "import": true, "break": true, "next": true, "return": true,
}

// transformCalls turns a statement-call name followed by an expression (or a
// comma separated list) into a call, and marks other calls as statements.
func (p *parser) transformCalls(stmts []any) []ast.Expr {
	out := make([]ast.Expr, 0, len(stmts))
	for _, s := range stmts {
		var name *ast.QualifiedName
		if len(out) > 0 {
			name, _ = out[len(out)-1].(*ast.QualifiedName)
		}
		if name != nil && statementCalls[name.Value] {
			var args []ast.Expr
			if l, ok := s.(*argList); ok {
				args = l.items
			} else {
				args = []ast.Expr{s.(ast.Expr)}
			}
			out[len(out)-1] = &ast.CallNamedFunctionExpression{Functor: name, Args: args,
				Loc: span(name.Loc, args[len(args)-1].Span())}
			continue
		}
		if l, ok := s.(*argList); ok {
			if name != nil {
				p.errorAtToken(l.commas[0], fmt.Sprintf("attempt to pass argument list to the function '%s' which cannot be called without parentheses", name.Value))
			}
			p.errorAtToken(l.commas[0], "illegal comma separated argument list")
		}
		e := s.(ast.Expr)
		if c, ok := e.(*ast.CallNamedFunctionExpression); ok {
			c.RvalRequired = false
		}
		out = append(out, e)
	}
	return out
}

// ---- definitions ----

func (p *parser) addDefinition(d ast.Definition) ast.Expr {
	p.definitions = append(p.definitions, d)
	return d
}

func (p *parser) namestack(name string) { p.names = append(p.names, name) }
func (p *parser) namepop()              { p.names = p.names[:len(p.names)-1] }

// classname qualifies a name with the names of the enclosing classes.
func (p *parser) classname(name string) string {
	full := strings.Join(append(append([]string(nil), p.names...), name), "::")
	return strings.TrimPrefix(full, "::")
}

// typeAssignment builds `type X = ...`: a type alias, or a type mapping when
// the left side is parameterized.
func (p *parser) typeAssignment(lhs, rhs ast.Expr, l ast.Loc) ast.Expr {
	if a, ok := rhs.(*ast.AccessExpression); ok && a.Offset == unlocated {
		a.Loc = at(l)
	}
	if _, ok := lhs.(*ast.AccessExpression); ok {
		if e, ok := rhs.(*ast.KeyedEntry); ok {
			e.Loc = at(l)
		}
		return p.addDefinition(&ast.TypeMapping{TypeExpr: lhs, MappingExpr: rhs, Loc: l})
	}
	switch x := rhs.(type) {
	case *ast.KeyedEntry:
		// `type X = Parent { ... }` is Object[{ ..., parent => Parent }].
		parent, hash := x.Key, x.Value.(*ast.LiteralHash)
		if name := parent.(*ast.QualifiedReference).CasedValue; name != "Object" && name != "TypeSet" {
			hash.Entries = append(hash.Entries, &ast.KeyedEntry{
				Key: &ast.QualifiedName{Value: "parent", Loc: at(hash.Loc)}, Value: parent, Loc: at(hash.Loc)})
			parent = &ast.QualifiedReference{CasedValue: "Object", Loc: at(l)}
		}
		rhs = &ast.AccessExpression{Left: parent, Keys: []ast.Expr{hash}, Loc: at(l)}
	case *ast.LiteralHash:
		// `type X = { ... }` is Object[{ ... }].
		rhs = &ast.AccessExpression{Left: &ast.QualifiedReference{CasedValue: "Object", Loc: at(l)}, Keys: []ast.Expr{x}, Loc: at(l)}
	}
	return p.addDefinition(&ast.TypeAlias{Name: lhs.(*ast.QualifiedReference).CasedValue, TypeExpr: rhs, Loc: l})
}

// ---- errors ----

// errorAtToken raises a parse error located at a token (Parser#error).
func (p *parser) errorAtToken(t symbol, msg string) {
	p.errorAtOffset(int(t.offset), msg)
}

func (p *parser) errorAtOffset(off int, msg string) {
	d := &diag.Diagnostic{Severity: diag.Error, Code: "PARSE_ERROR", Message: msg}
	panic(lexError{d.At(p.lx.file, off)})
}
