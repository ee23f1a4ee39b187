package resolve

import (
	"os"
	"regexp"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck/facts"
)

// variable checks a variable reference: a qualified $a::b::x must name a
// class that sets x (an error: it is always undef otherwise); an
// unqualified one must be set in its scope, an enclosing one, top scope
// or node scope, or be a fact or one of Puppet's variables (a warning, as
// Puppet's strict_variables=false reports it; an error with
// Options.StrictVariables).
func (c *checker) variable(x *ast.VariableExpression, s *scope) {
	q, ok := x.Expr.(*ast.QualifiedName)
	if !ok || s.skip {
		return // $0, $1...: match variables
	}
	name := q.Value
	if name == "" || (name[0] >= '0' && name[0] <= '9') {
		return
	}
	if strings.Contains(name, "::") {
		c.qualifiedVariable(x, name, s)
		return
	}
	if s.has(name) || c.globallyKnown(name) {
		return
	}
	sev := diag.Warning
	if c.opts.StrictVariables {
		sev = diag.Error
	}
	c.report(sev, UnknownVariable, x, "", "Unknown variable: '%s'.", name)
}

// globallyKnown reports whether a variable exists at top or node scope
// without the code at hand assigning it.
func (c *checker) globallyKnown(name string) bool {
	return c.topVars[name] || c.nodeVars[name] || facts.Known(name) || c.moduleFact[name]
}

func (c *checker) qualifiedVariable(x *ast.VariableExpression, name string, s *scope) {
	i := strings.LastIndex(name, "::")
	class, v := strings.TrimPrefix(name[:i], "::"), name[i+2:]
	if class == "" { // $::x, a top-scope variable
		if c.globallyKnown(v) {
			return
		}
		sev := diag.Warning
		if c.opts.StrictVariables {
			sev = diag.Error
		}
		c.report(sev, UnknownVariable, x, "", "Unknown variable: '%s'.", name)
		return
	}
	if class == "settings" {
		return // every Puppet setting is a variable of class settings
	}
	d := c.env.FindClass(class)
	if d == nil {
		if c.byChance(env.Class, class, x) {
			return
		}
		hint := "no class " + class + " exists"
		if h := c.suggestClass(class); h != "" {
			hint += "; " + h
		}
		c.errorf(UnknownVariable, x, hint, "Unknown variable: '%s'.", strings.TrimPrefix(name, "::"))
		return
	}
	c.reach(d)
	hc, ok := d.Node.(*ast.HostClassDefinition)
	if !ok {
		return
	}
	vars := c.classVariables(d, hc)
	if vars[v] {
		return
	}
	var names []string
	for n := range vars {
		names = append(names, class+"::"+n)
	}
	// A qualified lookup sees the class's own and inherited variables only,
	// never top scope: the reference is always undef (Puppet warns, or
	// fails with strict_variables).
	hint := "class " + class + " does not set it"
	if h := suggest(class+"::"+v, names); h != "" {
		hint += "; " + h
	}
	c.errorf(UnknownVariable, x, hint, "Unknown variable: '%s'.", strings.TrimPrefix(name, "::"))
}

var factAdd = regexp.MustCompile(`Facter\.add\(\s*['":]([A-Za-z0-9_]+)`)

// factNames are the facts a Ruby file of lib/facter adds.
func factNames(path string) []string {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	for _, m := range factAdd.FindAllStringSubmatch(string(text), -1) {
		out = append(out, m[1])
	}
	return out
}
