package erb

import "github.com/pp2go/pp2go/rt/values"

// InstanceVariables is instance_variables in a template: the template
// wrapper's ivars in the order Ruby keeps them, the order they were first
// set. Puppet's TemplateWrapper sets @__scope__ when it is made, @__file__
// for a template file (not for inline_template()), then one ivar per
// visible variable of scope.to_hash (undef ones left out, non-word
// characters of the name replaced by "_"), before the template runs; the
// template's own new ivars follow.
func (r *R) InstanceVariables(file bool) Value {
	if !r.loaded {
		r.loadIVars()
	}
	names := []string{"__scope__"}
	if file {
		names = append(names, "__file__")
	}
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if r.scope != nil {
		if vars := r.scope.Vars(); vars != nil {
			for i := 0; i < vars.Len(); i++ {
				k, ok := vars.KeyAt(i).(values.String)
				if !ok || values.IsUndef(vars.ValueAt(i)) {
					continue
				}
				add(ivarName(string(k)))
			}
		}
	}
	for _, n := range r.setOrder {
		add(n)
	}
	out := make([]Value, len(names))
	for i, n := range names {
		out[i] = Sym("@" + n)
	}
	return &Array{A: out}
}
