package resolve

import (
	"maps"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/source"
)

// duplicateDeclarations reports the declarations of a block that declare
// a resource a statement of the block declared before it, by the same
// type and literal title: the block runs its statements one after the
// other, so whatever runs the second has run the first, and Puppet fails
// it ("Duplicate declaration: File[/tmp/a] is already declared at (file:
// f, line: 2); cannot redeclare (file: f, line: 3)"), at the second.
// Only plain declarations of one body are compared (not virtual, exported
// or class ones, whose titles Puppet treats apart), titles as written (a
// type may make two different titles one resource, which is not
// reported), and a statement that may end the block (return, next,
// break) ends the comparison.
func (c *checker) duplicateDeclarations(b *ast.BlockExpression) {
	if c.file == nil || c.file.Program == nil {
		return
	}
	seen := map[string]*ast.ResourceExpression{}
	for _, st := range b.Statements {
		if endsBlock(st) {
			return
		}
		x, ok := st.(*ast.ResourceExpression)
		if !ok || x.Form != ast.Regular || len(x.Bodies) != 1 {
			continue
		}
		q, ok := x.TypeName.(*ast.QualifiedName)
		if !ok {
			continue
		}
		typeName := strings.TrimPrefix(strings.ToLower(q.Value), "::")
		titles := literalStrings(x.Bodies[0].Title)
		if typeName == "class" || typeName == "resource" || len(titles) != 1 {
			continue
		}
		native, define := c.env.FindResourceType(typeName)
		if native == nil && define == nil {
			continue // reported as unknown
		}
		key := typeName + "\x00" + titles[0]
		first, dup := seen[key]
		if !dup {
			seen[key] = x
			continue
		}
		f := c.file.Program.File
		c.errorf(DuplicateDeclaration, x, "", "Duplicate declaration: %s[%s] is already declared at %s; cannot redeclare %s",
			capitalize(typeName), titles[0],
			source.PuppetLocation(f.Name, f.Line(int(first.Span().Offset)), 0),
			source.PuppetLocation(f.Name, f.Line(int(x.Span().Offset)), 0))
	}
}

// endsBlock says whether a statement may end its block's evaluation
// before the statements after it: a call of return, next or break.
func endsBlock(st ast.Expr) bool {
	if call, ok := st.(*ast.CallNamedFunctionExpression); ok {
		if name, ok := call.Functor.(*ast.QualifiedName); ok {
			switch name.Value {
			case "return", "next", "break":
				return true
			}
		}
	}
	ends := false
	children(st, func(ch ast.Expr) { ends = ends || endsBlock(ch) })
	return ends
}

// reassignments reports the assignments of a body's variables that Puppet
// fails wherever they run ("Cannot reassign variable '$x'"): of a name the
// scope binds already, a parameter of the class, defined type, function or
// lambda (bound), or a variable a statement of an enclosing block assigned
// before it (a block runs its statements in order; an assignment nested in
// a branch binds its name for what follows in that branch only). A
// lambda's body is a scope of its own, and a definition's another: neither
// is entered.
func (c *checker) reassignments(body ast.Expr, bound map[string]bool) {
	block, ok := body.(*ast.BlockExpression)
	if !ok {
		c.reassigned(body, bound)
		return
	}
	seen := maps.Clone(bound)
	if seen == nil {
		seen = map[string]bool{}
	}
	for _, st := range block.Statements {
		if endsBlock(st) {
			return
		}
		c.reassigned(st, seen)
		if name, ok := assignedName(st); ok {
			seen[name] = true
		}
	}
}

// reassigned reports the assignments in e of names bound binds, e's
// blocks each with what its own statements assign (reassignments).
func (c *checker) reassigned(e ast.Expr, bound map[string]bool) {
	switch x := e.(type) {
	case nil, *ast.LambdaExpression, ast.Definition:
		return
	case *ast.BlockExpression:
		c.reassignments(x, bound)
		return
	case *ast.AssignmentExpression:
		c.reassigned(x.Right, bound)
		if name, ok := assignedName(x); ok && bound[name] {
			c.errorf(IllegalReassignment, x, "", "Cannot reassign variable '$%s'", name)
		}
		return
	}
	children(e, func(ch ast.Expr) { c.reassigned(ch, bound) })
}

// assignedName is the local variable `$name = value` assigns.
func assignedName(e ast.Expr) (string, bool) {
	x, ok := e.(*ast.AssignmentExpression)
	if !ok || x.Op != "=" {
		return "", false
	}
	v, ok := x.Left.(*ast.VariableExpression)
	if !ok {
		return "", false
	}
	q, ok := v.Expr.(*ast.QualifiedName)
	if !ok || strings.Contains(q.Value, "::") {
		return "", false
	}
	return q.Value, true
}

// paramNames are the names of parameters.
func paramNames(ps []*ast.Parameter) map[string]bool {
	out := make(map[string]bool, len(ps))
	for _, p := range ps {
		out[p.Name] = true
	}
	return out
}

// duplicateAttributes reports a body of a resource expression that sets
// an attribute twice, by name or by the literal keys of a `*` hash:
// Puppet fails the expression ("The attribute 'ensure' has already been
// set"), at the expression, for whatever body.
func (c *checker) duplicateAttributes(x *ast.ResourceExpression) {
	for _, b := range x.Bodies {
		set := map[string]bool{}
		for _, op := range b.Operations {
			var names []string
			switch o := op.(type) {
			case *ast.AttributeOperation:
				names = []string{o.Name}
			case *ast.AttributesOperation:
				if h, ok := o.Expr.(*ast.LiteralHash); ok {
					for _, e := range h.Entries {
						if keys := literalStrings(e.Key); len(keys) == 1 {
							names = append(names, keys[0])
						}
					}
				}
			}
			for _, n := range names {
				if set[n] {
					c.errorf(DuplicateAttribute, x, "", "The attribute '%s' has already been set", n)
					return
				}
				set[n] = true
			}
		}
	}
}
