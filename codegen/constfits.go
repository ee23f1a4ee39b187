package codegen

import (
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/static"
)

// Literal defaults checked at build time: a class's or define's parameter
// whose default is a literal (rt.Parameter.Const) is checked against its
// type when a compile first binds the definition. When the type and the
// value are known here, the build does that check and records a default
// that fits (rt.Parameter.ConstFits), so the process does not: checking
// '127.0.0.1' against Stdlib::Compat::Ip_address compiles a dozen
// regexps, ~600k instructions of a one-shot keystone compile. Only a
// verdict that the default fits is recorded; any other is the runtime's
// to reach, with Puppet's error when the default is used.

// constFits reports whether the literal default e is an instance of the
// parameter type of text typeText, as the runtime would find it. false
// when the build cannot tell: e is not a literal value, or the type names
// something other than Puppet's own types and the environment's type
// aliases that resolve the same way on every node.
func (g *generator) constFits(typeText string, e ast.Expr) bool {
	v := literalValue(e)
	if v == nil {
		return false
	}
	t := g.buildType(typeText)
	return t != nil && values.IsInstance(t, v)
}

// builtTypes are the types of buildType by text (nil: no verdict), and
// the aliases they name by lower-case name.
type builtTypes struct {
	byText  map[string]values.Type
	aliases map[string]*values.TypeAliasType
	// raises are typeRaises' verdicts by text
	raises map[string]bool
}

// ready makes the tables.
func (b *builtTypes) ready() {
	if b.byText == nil {
		b.byText = map[string]values.Type{}
		b.aliases = map[string]*values.TypeAliasType{}
		b.raises = map[string]bool{}
	}
}

// buildType is the type of a parameter type's text (rt.TypeRef.Text),
// parsed as the runtime parses it (values.ParseLiteral) with the names
// resolved by aliasResolver; nil when a name does not resolve so.
// Verdicts are kept by text, and resolved aliases by name, so that a
// pattern's regexps are compiled once a build.
func (g *generator) buildType(text string) values.Type {
	if t, ok := g.built.byText[text]; ok {
		return t
	}
	g.built.ready()
	r := &aliasResolver{g: g}
	v, err := values.ParseLiteral(text, r)
	t, _ := v.(values.Type)
	if err != nil || r.failed {
		// an alias made on the way may hold one that did not resolve
		for _, name := range r.made {
			delete(g.built.aliases, name)
		}
		t = nil
	}
	g.built.byText[text] = t
	return t
}

// aliasResolver resolves the names of a type the build checks a literal
// against (buildType): type aliases of the environment whose resolution
// cannot fail or differ at run time (aliasFails), each parsed from its
// definition's text as the runtime's registry does. Any other name (a
// resource type, a reference, an alias Puppet may leave out) fails the
// whole type.
type aliasResolver struct {
	g      *generator
	failed bool     // a name did not resolve
	made   []string // aliases made by this resolver, by lower-case name
}

func (r *aliasResolver) ResolveType(name string) (values.Type, bool) {
	lower := strings.ToLower(strings.TrimPrefix(name, "::"))
	if a, ok := r.g.built.aliases[lower]; ok {
		return a, true // resolved, or being resolved further up (a recursive alias)
	}
	text, ok := r.g.cleanAlias(lower)
	if !ok {
		r.failed = true
		return nil, false
	}
	a := values.NewTypeAlias(name)
	r.g.built.aliases[lower] = a
	r.made = append(r.made, lower)
	t, err := values.ParseType(text, r)
	if err != nil {
		r.failed = true
		return nil, false
	}
	a.Resolve(t)
	return a, true
}

// cleanAlias is the definition's text of the type alias name (lower
// case) when resolving it at run time neither fails nor depends on the
// node or release (aliasFails); ok is false otherwise, and for a name
// that is no alias.
func (g *generator) cleanAlias(name string) (text string, ok bool) {
	d := g.e.FindTypeAlias(name)
	if d == nil || g.aliasFails(name) {
		return "", false
	}
	x, isAlias := d.Node.(*ast.TypeAlias)
	if !isAlias {
		return "", false
	}
	return static.Text(x.TypeExpr)
}
