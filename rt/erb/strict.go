package erb

// StrictScope is a scope that knows Puppet's strict setting: a lookup of
// a variable that does not exist (scope.lookupvar, scope['x']) then does
// what Puppet's Scope#variable_not_found does.
type StrictScope interface {
	Strict() string // off, warning or error
	// WarnOnceUnlocated logs msg once per compile and key, without a
	// position (Puppet.warn_once with no file and line).
	WarnOnceUnlocated(key, msg string)
}

// variableNotFound is Scope#variable_not_found for a template's lookup:
// nothing with strict=off, a warning with warning (unless disable_warnings
// holds undefined_variables), an ArgumentError with
// error (Puppet 8's default). Built-in and numeric variables always exist.
func (r *R) variableNotFound(name string) {
	if name == "module_name" || name == "caller_module_name" || numericVar(name) {
		return
	}
	if r.catching(Symbol("undefined_variable")) {
		// Puppet throws :undefined_variable before it looks at strict
		panic(&throwSignal{tag: Symbol("undefined_variable")})
	}
	ss, ok := r.scope.(StrictScope)
	if !ok {
		return
	}
	strict := ss.Strict()
	if r.rare != nil {
		if v, set := r.rare.settings["strict"]; set { // Puppet[:strict] = v
			strict = ToS(v)
		}
	}
	switch strict {
	case "error":
		raise(ClassArgumentError, "Undefined variable '%s'; ", name)
	case "warning":
		if r.warningsDisabled("undefined_variables") {
			return
		}
		ss.WarnOnceUnlocated("Variable: "+name, "Undefined variable '"+name+"'; ")
	}
}

// numericVar reports whether name is a match variable ($0, $1, ...).
func numericVar(name string) bool {
	if name == "" || (name[0] == '0' && name != "0") {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}
