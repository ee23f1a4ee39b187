package resolve

import (
	"slices"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/rt/restype"
)

// target is what a resource expression declares: a class, a defined type
// or a native type, with the attributes it accepts.
type target struct {
	class  *env.Def
	define *env.Def
	native *env.ResourceType
	// several: the body declares several classes (a title that lists
	// them), class the last
	several bool
}

// params returns the declared parameters of a class or defined type.
func (t target) params() []*ast.Parameter {
	switch {
	case t.class != nil:
		if x, ok := t.class.Node.(*ast.HostClassDefinition); ok {
			return x.Params
		}
	case t.define != nil:
		if x, ok := t.define.Node.(*ast.ResourceTypeDefinition); ok {
			return x.Params
		}
	}
	return nil
}

// accepts reports whether the attribute may be set.
func (t target) accepts(name string) bool {
	if t.native != nil {
		return t.native.ValidAttr(name)
	}
	if isMetaparamOrName(name) {
		return true
	}
	for _, p := range t.params() {
		if p.Name == name {
			return true
		}
	}
	return false
}

// attrNames are the attributes a target accepts, for suggestions.
func (t target) attrNames() []string {
	if t.native != nil {
		return t.native.AttrNames()
	}
	out := append([]string{"name"}, restype.Metaparams...)
	for _, p := range t.params() {
		out = append(out, p.Name)
	}
	sort.Strings(out)
	return out
}

// label writes a resource as Puppet does in messages: Type[title], with
// Class[Name] for classes.
func label(typeName string, title ast.Expr) string {
	if typeName == "class" {
		if t := literalStrings(title); len(t) == 1 {
			return "Class[" + capitalize(strings.TrimPrefix(strings.ToLower(t[0]), "::")) + "]"
		}
		return "Class"
	}
	t := capitalize(typeName)
	if ts := literalStrings(title); len(ts) == 1 {
		return t + "[" + ts[0] + "]"
	}
	return t
}

// resource checks a resource expression: the type, each body's attribute
// names, and the parameters a defined type or class requires.
func (c *checker) resource(x *ast.ResourceExpression, s *scope) {
	q, ok := x.TypeName.(*ast.QualifiedName)
	if !ok {
		children(x, func(ch ast.Expr) { c.expr(ch, s) })
		return
	}
	typeName := strings.TrimPrefix(strings.ToLower(q.Value), "::")
	c.duplicateAttributes(x)
	shared := defaultBody(x)
	for _, b := range x.Bodies {
		c.expr(b.Title, s)
		if typeName != "class" {
			c.titleOperand(b.Title, s)
		}
		var tgt target
		var known bool
		if typeName == "class" {
			names := literalStrings(b.Title)
			for _, n := range names {
				if d := c.classExists(n, x, "Could not find declared class %s"); d != nil {
					tgt.class, known = d, true
				}
			}
			// the attributes of a body that declares several classes
			// are each class's: their checks are the last one's only
			tgt.several = len(names) > 1
		} else {
			native, define := c.env.FindResourceType(typeName)
			c.reach(define)
			tgt = target{native: native, define: define}
			known = native != nil || define != nil
			if !known && b == x.Bodies[0] && !c.byChance(env.Define, typeName, x) {
				c.errorf(UnknownResourceType, x, c.suggestResourceType(typeName), "Unknown resource type: '%s'", typeName)
			}
			if b == x.Bodies[0] {
				c.typeLoads(native, x)
			}
		}
		c.attributes(b.Operations, s, tgt, known, label(typeName, b.Title), x)
		if known {
			if b != shared {
				c.required(b, shared, tgt, typeName)
			}
			c.typedAttributes(b, tgt, typeName, s, x)
		}
	}
}

// defaultBody is the body of x titled default (`default: attr => v;`),
// whose attributes Puppet gives each of the expression's other bodies
// that does not set them itself, and which declares no resource; nil
// when x has none.
func defaultBody(x *ast.ResourceExpression) *ast.ResourceBody {
	for _, b := range x.Bodies {
		if _, ok := b.Title.(*ast.LiteralDefault); ok {
			return b
		}
	}
	return nil
}

// attributes checks attribute operations against a target; unknown
// targets only have their values checked.
//
// Puppet reports an unknown attribute at the resource (at), not at the
// attribute.
func (c *checker) attributes(ops []ast.AttributeOp, s *scope, tgt target, known bool, label string, at ast.Positioned) {
	for _, o := range ops {
		switch a := o.(type) {
		case *ast.AttributeOperation:
			c.attrValue(a, s)
			if !known || tgt.accepts(a.Name) {
				continue
			}
			hint := suggest(a.Name, tgt.attrNames())
			if tgt.native != nil {
				c.errorf(UnknownParameter, at, hint, "no parameter named '%s' on %s", a.Name, label)
			} else {
				c.errorf(UnknownParameter, at, hint, "%s: has no parameter named '%s'", label, a.Name)
			}
		case *ast.AttributesOperation:
			c.expr(a.Expr, s)
		}
	}
}

// attrValue checks an attribute's value; Class['x'] in a relationship
// metaparameter is reported as Puppet reports it when it links resources.
func (c *checker) attrValue(a *ast.AttributeOperation, s *scope) {
	switch a.Name {
	case "require", "before", "notify", "subscribe":
		var visit func(v ast.Expr)
		visit = func(v ast.Expr) {
			switch x := v.(type) {
			case *ast.LiteralList:
				for _, e := range x.Values {
					visit(e)
				}
				return
			case *ast.AccessExpression:
				if c.access(x, s, a.Name) {
					return
				}
			}
			c.expr(v, s)
		}
		visit(a.Value)
	default:
		c.expr(a.Value, s)
	}
}

// required reports the parameters without a default that a resource body
// leaves unset, it or its expression's default body (shared, nil for
// none): Puppet fails to declare such a resource. A class's parameters
// may come from Hiera (automatic parameter lookup) and a defined type's
// from resource defaults, so those are not reported when some data or
// default could provide them.
func (c *checker) required(b, shared *ast.ResourceBody, tgt target, typeName string) {
	if tgt.native != nil {
		return
	}
	set := map[string]bool{}
	var ops []ast.AttributeOp
	if shared != nil {
		ops = shared.Operations
	}
	for _, o := range slices.Concat(b.Operations, ops) {
		switch a := o.(type) {
		case *ast.AttributeOperation:
			set[a.Name] = true
		case *ast.AttributesOperation:
			return // `* => $hash` may set anything
		}
	}
	var owner string
	if tgt.class != nil {
		owner = tgt.class.Name
	} else {
		owner = tgt.define.Name
	}
	for _, p := range tgt.params() {
		if p.Value != nil || set[p.Name] {
			continue
		}
		if tgt.class != nil && c.hieraMentions(owner+"::"+p.Name) {
			continue
		}
		if tgt.define != nil && c.provided(owner, p.Name) {
			continue
		}
		sev := diag.Error
		if tgt.class != nil && !c.siteCode() {
			// a module's class { 'x': } may rely on the user's Hiera data
			sev = diag.Warning
		}
		c.report(sev, MissingParameter, b, "", "%s: expects a value for parameter '%s'", label(typeName, b.Title), p.Name)
	}
}

// siteCode reports whether the code being checked is the environment's
// own main manifest, which the environment's nodes evaluate: what module
// code leaves to the user (Hiera data, an earlier resource-like class
// declaration) is then known to be missing.
func (c *checker) siteCode() bool {
	return c.file != nil && c.file.Role == env.MainManifest
}

// includeRequired reports a class declared with include (or require,
// contain) that has parameters without defaults which no Hiera data and
// no resource-like declaration could set.
func (c *checker) includeRequired(d *env.Def, at ast.Positioned) {
	x, ok := d.Node.(*ast.HostClassDefinition)
	if !ok || c.declared[d.Name] {
		return
	}
	sev := diag.Error
	if !c.siteCode() {
		// module code may include a class that the user is expected to
		// declare with parameters first, or to give Hiera data
		sev = diag.Warning
	}
	for _, p := range x.Params {
		if p.Value == nil && !c.hieraMentions(d.Name+"::"+p.Name) {
			c.report(sev, MissingParameter, at, "", "Class[%s]: expects a value for parameter '%s'", capitalize(d.Name), p.Name)
		}
	}
}

// typeOfRef resolves the capitalized type name of defaults, overrides and
// collectors to a target.
func (c *checker) typeOfRef(ref *ast.QualifiedReference) (target, bool) {
	t := c.resolveType(ref.CasedValue)
	if t == nil {
		return target{}, false
	}
	c.res.Types[ref] = t
	c.reach(t.Define)
	c.reach(t.Alias)
	c.typeLoads(t.Native, ref)
	return target{native: t.Native, define: t.Define}, t.Native != nil || t.Define != nil
}

// defaults checks `Type { attr => value }`.
func (c *checker) resourceDefaults(x *ast.ResourceDefaultsExpression, s *scope) {
	ref, ok := x.TypeRef.(*ast.QualifiedReference)
	if !ok {
		children(x, func(ch ast.Expr) { c.expr(ch, s) })
		return
	}
	tgt, known := c.typeOfRef(ref)
	if !known {
		if t := c.resolveType(ref.CasedValue); t == nil {
			c.typeRef(ref) // reports it
		}
	}
	c.attributes(x.Operations, s, tgt, known, capitalize(ref.CasedValue), x)
}

// override checks `Type[title] { attr => value }`.
func (c *checker) override(x *ast.ResourceOverrideExpression, s *scope) {
	acc, ok := x.Resources.(*ast.AccessExpression)
	var ref *ast.QualifiedReference
	if ok {
		ref, _ = acc.Left.(*ast.QualifiedReference)
	}
	if ref == nil {
		children(x, func(ch ast.Expr) { c.expr(ch, s) })
		return
	}
	var tgt target
	known := false
	var title ast.Expr
	if len(acc.Keys) == 1 {
		title = acc.Keys[0]
	}
	if ref.Value() == "class" {
		c.access(acc, s, "")
		if names := literalStrings(title); len(names) == 1 {
			if d := c.env.FindClass(names[0]); d != nil {
				c.reach(d)
				tgt, known = target{class: d}, true
			}
		}
	} else {
		tgt, known = c.typeOfRef(ref)
		if !known && c.resolveType(ref.CasedValue) == nil {
			c.typeRef(ref)
		}
		for _, k := range acc.Keys {
			c.expr(k, s)
		}
	}
	c.attributes(x.Operations, s, tgt, known, label(ref.Value(), title), x)
}

// collect checks `Type <| query |> { attr => value }`.
func (c *checker) collect(x *ast.CollectExpression, s *scope) {
	ref, ok := x.TypeExpr.(*ast.QualifiedReference)
	if !ok {
		children(x, func(ch ast.Expr) { c.expr(ch, s) })
		return
	}
	tgt, known := c.typeOfRef(ref)
	if !known && !c.byChance(env.Define, ref.Value(), x) {
		c.errorf(UnknownResourceType, x, c.suggestResourceType(ref.Value()), "Resource type %s doesn't exist", ref.Value())
	}
	c.expr(x.Query, s)
	c.attributes(x.Operations, s, tgt, known, capitalize(ref.CasedValue), x)
}
