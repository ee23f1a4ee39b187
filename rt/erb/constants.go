package erb

// Constants a function file assigns itself (RESOURCE_TESTS = [...] in a
// 3.x function's block, which defines it in Puppet::Parser::Functions).
// They live as long as the function call: each call assigns them again
// from the same literal, so a file that only reads them after it assigns
// them (defined?(X) or X = ...) sees what Ruby keeps for the process.

func init() {
	defineConsts(func(g *constGroup) {
		// Puppet's own class, which functions test values against
		g.class(ClassSensitive.Name, ClassSensitive)
	})
}

// SetFileConst is NAME = v.
func (r *R) SetFileConst(name string, v Value) Value {
	return setIn(&r.rareState().fileConsts, name, v)
}

// FileConst reads a constant the file assigns: NameError before the
// assignment has run.
func (r *R) FileConst(name string) Value {
	var v Value
	ok := false
	if r.rare != nil {
		v, ok = r.rare.fileConsts[name]
	}
	if !ok {
		raise(ClassNameError, "uninitialized constant %s", name)
	}
	return v
}

// FileConstDefined is defined?(NAME) of a constant the file assigns.
func (r *R) FileConstDefined(name string) Value {
	if r.rare == nil {
		return nil
	}
	if _, ok := r.rare.fileConsts[name]; ok {
		return Defined("constant")
	}
	return nil
}
