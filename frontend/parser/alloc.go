package parser

import "github.com/pp2go/pp2go/frontend/ast"

// slab hands out zeroed T values from chunks: one allocation per chunk
// rather than per node, for the node types every file has many of. Slabs
// belong to pooled parser state and carry on from file to file, so a chunk
// is shared by the trees of several files; trees are kept whole anyway.
type slab[T any] struct{ free []T }

const slabChunk = 128

func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.free = make([]T, slabChunk)
	}
	n := &s.free[0]
	s.free = s.free[1:]
	return n
}

// varNode is a variable with its name, allocated together.
type varNode struct {
	v    ast.VariableExpression
	name ast.QualifiedName
}

// nodeSlabs holds the slabs of the commonest nodes.
type nodeSlabs struct {
	strings slab[ast.LiteralString]
	names   slab[ast.QualifiedName]
	refs    slab[ast.QualifiedReference]
	vars    slab[varNode]
	attrOps slab[ast.AttributeOperation]
	params  slab[ast.Parameter]
	entries slab[ast.KeyedEntry]
}

func (p *parser) str(t symbol) *ast.LiteralString {
	n := p.nodes.strings.new()
	n.Value, n.Loc = t.value, tloc(t)
	return n
}

// qname is Factory.QNAME_OR_NUMBER for a NAME token. A NAME starts with a
// letter (or "::" and a letter), so it is never a number.
func (p *parser) qname(t symbol) *ast.QualifiedName {
	n := p.nodes.names.new()
	n.Value, n.Loc = t.value, tloc(t)
	return n
}

func (p *parser) qref(t symbol) *ast.QualifiedReference {
	n := p.nodes.refs.new()
	n.CasedValue, n.Loc = t.value, tloc(t)
	return n
}

// variable makes `$name`. A VARIABLE that the lexer made from `true` or
// `false` in "${true}" (a rewritten token has no '$', so its length is its
// name's) names the Boolean itself, as in Puppet, whose validator then fails.
func (p *parser) variable(t symbol) ast.Expr {
	if int(t.length) == len(t.value) && (t.value == "true" || t.value == "false") {
		return &ast.VariableExpression{Expr: &ast.LiteralBoolean{Value: t.value == "true", Loc: tloc(t)}, Loc: tloc(t)}
	}
	n := p.nodes.vars.new()
	n.name = ast.QualifiedName{Value: t.value, Loc: ast.Loc{Offset: t.offset + 1, Length: t.length - 1}}
	n.v = ast.VariableExpression{Expr: &n.name, Loc: tloc(t)}
	return &n.v
}

func (p *parser) attributeOp(name symbol, op string, value ast.Expr) *ast.AttributeOperation {
	n := p.nodes.attrOps.new()
	*n = ast.AttributeOperation{Name: name.value, Op: op, Value: value, Loc: span(tloc(name), value.Span())}
	return n
}

func (p *parser) param(name symbol, value ast.Expr) *ast.Parameter {
	n := p.nodes.params.new()
	n.Name, n.Value, n.Loc = name.value, value, tloc(name)
	return n
}

func (p *parser) keyedEntry(key, value ast.Expr, arrow symbol) *ast.KeyedEntry {
	n := p.nodes.entries.new()
	n.Key, n.Value, n.Loc = key, value, tloc(arrow)
	return n
}
