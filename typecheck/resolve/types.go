package resolve

import (
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/static"
)

// Type checking of what the build can know: a literal value given to a
// class or defined type parameter whose declared type is made of Puppet's
// own types, and a literal default of such a parameter, which Puppet checks
// when it evaluates the declaration (or uses the default), with the
// messages of values.ValidateParameterList; the literal arguments of a
// function call, which its dispatcher checks (calls.go: argTypes); the
// Hiera values automatic parameter lookup gives a class's parameters, and
// those lookup() asks for with a value type (hieratypes.go). A local
// variable assigned a literal before its use counts as that literal
// (assignedBefore); a value whose type only the build knows (infer.go)
// counts where every value of that type gets the same answer. Types are
// Puppet's own and the environment's type aliases (envType).

// staticType is the type a parameter declares when the build knows it:
// nil when there is none, or when it names anything but Puppet's own types
// (a type alias, a resource type) or is computed at run time.
func (c *checker) staticType(t ast.Expr) values.Type {
	if t == nil {
		return nil
	}
	if typ, ok := c.types[t]; ok {
		return typ
	}
	var typ values.Type
	if text, ok := static.Text(t); ok {
		typ = c.envType(text)
	}
	if c.types == nil {
		c.types = map[ast.Expr]values.Type{}
	}
	c.types[t] = typ
	return typ
}

// paramType is staticType of a Puppet-language function's parameter
// (Any when it declares none).
func (c *checker) paramType(t ast.Expr) values.Type {
	if t == nil {
		return values.AnyT
	}
	return c.staticType(t)
}

// builtinType is the type a text spells when it names Puppet's own types
// only, else nil.
func builtinType(text string) values.Type {
	r := &builtinOnly{}
	if t, err := values.ParseType(text, r); err == nil && !r.other {
		return t
	}
	return nil
}

// envType is the type a text spells when it names Puppet's own types and
// the environment's type aliases (type NAME = TYPE, whose definitions name
// the same) only, else nil.
func (c *checker) envType(text string) values.Type {
	r := &envAliases{c: c}
	if t, err := values.ParseType(text, r); err == nil && !r.other {
		return t
	}
	return nil
}

// envAliases resolves the environment's type aliases, and remembers that
// a name was something else (a resource type, a Ruby data type, an Object
// definition, nothing).
type envAliases struct {
	c     *checker
	other bool
}

func (r *envAliases) ResolveType(name string) (values.Type, bool) {
	c := r.c
	if c.aliases == nil {
		c.aliases = values.NewAliasRegistry()
		for name := range c.env.Index.TypeAliases {
			d := c.env.FindTypeAlias(name)
			if d == nil {
				continue
			}
			if a, ok := d.Node.(*ast.TypeAlias); ok {
				if text, ok := static.Text(a.TypeExpr); ok {
					c.aliases.Define(a.Name, text)
				}
			}
		}
	}
	if t, ok := c.aliases.ResolveType(name); ok {
		return t, true
	}
	r.other = true
	return nil, false
}

// builtinOnly is a type resolver that resolves nothing and remembers
// that it was asked: the type names something not built in.
type builtinOnly struct{ other bool }

func (r *builtinOnly) ResolveType(string) (values.Type, bool) {
	r.other = true
	return nil, false
}

// literal is the value of an expression the build knows (a string,
// number, boolean, regexp, type, or an array or hash of those); nil for
// anything evaluated at run time, and for undef and default, which a
// declaration gives to ask for the parameter's default.
func literal(e ast.Expr) values.Value {
	switch e.(type) {
	case *ast.LiteralUndef, *ast.LiteralDefault:
		return nil
	}
	text, ok := static.Text(e)
	if !ok {
		return nil
	}
	r := &builtinOnly{}
	v, err := values.ParseLiteral(text, r)
	if err != nil || r.other {
		return nil
	}
	return v
}

// mismatch is Puppet's error for a value of parameter p of subject that
// its declared type rejects, "" when the build cannot tell or the type
// accepts it.
func (c *checker) mismatch(subject string, p *ast.Parameter, v values.Value) string {
	t := c.staticType(p.Type)
	if t == nil || v == nil {
		return ""
	}
	return values.ValidateParameterList(subject, []values.ParamType{{Name: p.Name, Type: t}}, []string{p.Name}, []values.Value{v}, true)
}

// typedAttributes reports the literal attribute values of a class or
// defined type declaration (or local variables in s assigned a literal
// before, assignedBefore), and values of an inferred type (typeOf), that
// their parameters' declared types reject: Puppet fails to declare the
// resource, and reports it at the resource expression (at). A fact of a
// kind, as Facter gives it, that the type rejects is a warning.
func (c *checker) typedAttributes(b *ast.ResourceBody, tgt target, typeName string, s *scope, at ast.Positioned) {
	params := tgt.params()
	if len(params) == 0 {
		return
	}
	for _, o := range b.Operations {
		a, ok := o.(*ast.AttributeOperation)
		if !ok || a.Op != "=>" {
			continue
		}
		for _, p := range params {
			if p.Name == a.Name {
				v := literal(a.Value)
				if x, ok := a.Value.(*ast.VariableExpression); ok {
					v = assignedBefore(x, s)
				}
				var st stand
				pt := c.staticType(p.Type)
				if v == nil && pt != nil {
					v, st = c.standInFor(a.Value, s, pt)
				}
				if msg := c.mismatch(label(typeName, b.Title), p, v); msg != "" {
					c.standInFails(TypeMismatch, at, msg, st)
				}
				if !tgt.several && c.proves(a.Value, s, pt) {
					c.res.ProvenAttrs[a] = true
				}
				if key, ok := dataKey(a.Value, s); ok {
					c.lookedUpValues(key, label(typeName, b.Title), p, "in the declaration")
				}
				break
			}
		}
	}
}

// proves reports whether the value of e in scope s is one that a
// parameter's declared type pt (staticType; nil: none known) accepts on
// every node: a literal it accepts, or an expression of an inferred type
// (typeOf) assignable to it.
func (c *checker) proves(e ast.Expr, s *scope, pt values.Type) bool {
	if pt == nil {
		return false
	}
	if v := literal(e); v != nil {
		return values.IsInstance(pt, v)
	}
	t := c.typeOf(e, s)
	return t != nil && values.IsAssignable(pt, t)
}

// typedDefaults reports the defaults of a class's or defined type's
// parameters that their declared types reject, literal or of a type the
// build infers (in the definition's scope s, where the parameters before
// are known: standIn): Puppet fails every declaration that leaves such a
// parameter to its default, so this is a warning. A class parameter that
// Hiera data may set (class is the class's name) is not reported.
func (c *checker) typedDefaults(subject string, params []*ast.Parameter, class string, s *scope) {
	before := &scope{vars: s.vars, parent: s.parent, types: map[string]values.Type{}, class: s.class}
	for i, p := range params {
		if i > 0 {
			if prev := params[i-1].Name; s.types[prev] != nil {
				before.types[prev] = s.types[prev]
			}
		}
		if p.Value == nil || class != "" && c.hieraMentions(class+"::"+p.Name) {
			continue
		}
		v := literal(p.Value)
		if pt := c.staticType(p.Type); v == nil && pt != nil {
			// a default read from a fact is left out: no stand-in of facts here
			if sv, st := c.standInFor(p.Value, before, pt); st.fact == "" {
				v = sv
			}
		}
		if msg := c.mismatch(subject, p, v); msg != "" {
			c.report(diag.Warning, TypeMismatch, p.Value, "when a declaration leaves the parameter to its default", "%s", msg)
		}
		if key, ok := lookedUpKey(p.Value); ok {
			c.lookedUpValues(key, subject, p, "as its default")
		}
	}
}

// lookedUpValues reports the Hiera values of key, which lookup() gives
// parameter p of subject, when p's declared type rejects them: a warning
// where the data is (hieraValues), as for automatic parameter lookup.
func (c *checker) lookedUpValues(key, subject string, p *ast.Parameter, when string) {
	if c.staticType(p.Type) == nil {
		return
	}
	c.hieraValues(key, func(f *rthiera.File, v values.Value) {
		if msg := c.mismatch(subject, p, v); msg != "" {
			c.hieraWarning(f, key, msg, "the lookup of '"+key+"' gives "+subject+"'s parameter '"+p.Name+"' this value "+when+": a node whose lookup finds it fails")
		}
	})
}

// lookedUpKey is the key of e when e is a lookup() of a literal key
// without a value type, merge or other option but a default
// (lookup(NAME), lookup({'name' => NAME, 'default_value' => ...})), or
// hiera(NAME[, DEFAULT]): its value is what the data gives the key,
// unchanged.
func lookedUpKey(e ast.Expr) (string, bool) {
	call, ok := e.(*ast.CallNamedFunctionExpression)
	if !ok || len(call.Args) == 0 || call.Lambda != nil {
		return "", false
	}
	f, ok := call.Functor.(*ast.QualifiedName)
	if !ok {
		return "", false
	}
	switch fn := strings.TrimPrefix(f.Value, "::"); {
	case fn == "hiera" && len(call.Args) <= 2: // a third is an override level
	case fn != "lookup" || len(call.Args) != 1:
		return "", false
	}
	name := call.Args[0]
	if h, ok := name.(*ast.LiteralHash); ok {
		name = nil
		for _, en := range h.Entries {
			switch k := literalStrings(en.Key); {
			case len(k) == 1 && k[0] == "name":
				name = en.Value
			case len(k) != 1 || k[0] != "default_value":
				return "", false // a value type, a merge, ...
			}
		}
	}
	keys := literalStrings(name)
	if len(keys) != 1 {
		return "", false
	}
	return strings.TrimPrefix(keys[0], "::"), true
}
