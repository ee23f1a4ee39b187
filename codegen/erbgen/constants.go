package erbgen

import (
	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/erb"
)

// fileConst reports whether the file assigns the constant name itself
// (NAME = value, not qualified): reading it, defined? of it and assigning
// it use the call's own table (erb.R's SetFileConst, FileConst).
func (t *translator) fileConst(c *erb.Const) bool {
	if c.Scope != nil || t.selfObj {
		// (a module class's constants are its own: userConst)
		return false
	}
	if t.consts == nil {
		t.consts = map[string]bool{}
		for _, n := range t.t.Body {
			erb.Walk(n, func(n erb.Node) {
				if a, ok := n.(*erb.Assign); ok {
					if k, ok := a.Target.(*erb.Const); ok && k.Scope == nil {
						t.consts[k.Name] = true
					}
				}
			})
		}
	}
	return t.consts[c.Name]
}

// setFileConst translates NAME = v.
func (t *translator) setFileConst(c *erb.Const, v jen.Code) *jen.Statement {
	if !t.fileConst(c) {
		t.unsupported(c, "assignment to a constant")
	}
	return rcall("SetFileConst", jen.Lit(c.Name), v)
}
