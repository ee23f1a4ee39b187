package hiera

import "testing"

// TestTemplateScopeNames: a template's expressions carry the recursion
// guard's name of their scope lookup, made once with the template.
func TestTemplateScopeNames(t *testing.T) {
	tp := parseTemplate("a/%{facts.os.family}/%{ trusted.certname }.yaml")
	var names []string
	for _, p := range tp.parts {
		if p.isExpr {
			names = append(names, p.scopeName)
		}
	}
	if len(names) != 2 || names[0] != "scope:facts.os.family" || names[1] != "scope:trusted.certname" {
		t.Errorf("scope names %q", names)
	}
}

// TestPlainStrategies: a merge strategy named without options is the one
// of its name, shared (no allocation), with that name.
func TestPlainStrategies(t *testing.T) {
	for k := range strategyKeys {
		s := strategyOf(k)
		if s.key != k || s.options != nil || s != strategyOf(k) {
			t.Errorf("strategyOf(%q) = %+v", k, s)
		}
	}
	if strategyOf("default") != defaultStrategy {
		t.Errorf("default: not defaultStrategy")
	}
	if strategyOf("hash") != hashStrategy {
		t.Errorf("hash: not hashStrategy")
	}
	if n := testing.AllocsPerRun(100, func() { strategyOf("deep") }); n != 0 {
		t.Errorf("strategyOf(\"deep\"): %v allocations, want 0", n)
	}
}
