package resolve

import (
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
