package erbgen

import (
	"reflect"

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
			walkNodes(reflect.ValueOf(n), func(n erb.Node) {
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

var nodeType = reflect.TypeOf((*erb.Node)(nil)).Elem()

// WalkNodes calls f for every syntax node in n and below it.
func WalkNodes(n erb.Node, f func(erb.Node)) { walkNodes(reflect.ValueOf(n), f) }

// walkNodes calls f for every syntax node in v (a node, a slice of them, a
// struct holding them: blocks, rescue clauses, string parts, hash pairs).
func walkNodes(v reflect.Value, f func(erb.Node)) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Type().Implements(nodeType) {
			f(v.Interface().(erb.Node))
		}
		walkNodes(v.Elem(), f)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkNodes(v.Index(i), f)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walkNodes(v.Field(i), f)
			}
		}
	}
}
