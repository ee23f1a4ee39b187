package erb

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// Puppet's resources as module functions see them: Puppet::Resource (a
// reference a 3.x function is given, Puppet::Resource.new), its subclass
// Puppet::Parser::Resource (a resource of the catalog: findresource,
// catalog.resources, scope.resource), the catalog (Scope#catalog) and the
// resource types (Puppet::Resource::Type, Puppet::Type classes) that
// Runtime3ResourceSupport.find_resource_type_or_class finds.

// PuppetResource is what Ruby functions see of a catalog resource.
type PuppetResource = fn.Resource

// CatalogScope is implemented by scopes that give Ruby the catalog being
// compiled.
type CatalogScope interface {
	// FindResource is Catalog#resource of a type name ("File", "Class",
	// "Foo::Bar") and a title.
	FindResource(typeName, title string) (PuppetResource, bool)
	// CatalogResources are Catalog#resources, in the catalog's order.
	CatalogResources() []PuppetResource
	// CatalogClasses are Catalog#classes: the names of the classes
	// declared so far, in order.
	CatalogClasses() []string
	// CurrentResource is Scope#resource: the class or defined type
	// instance whose body calls, nil when there is none.
	CurrentResource() PuppetResource
	// ResourceTypeKind says what Runtime3ResourceSupport.
	// find_resource_type_or_class finds for a lower-case name: "type" (a
	// resource type), "define", "class", or "" (nothing).
	ResourceTypeKind(name string) string
	// ScopeSource is Scope#source: the class or defined type whose code
	// calls the function, and whether it is a class.
	ScopeSource() (name string, isClass bool)
}

// catalogScope is the scope's CatalogScope; what names the call is in the
// error when the scope has none.
func (r *R) catalogScope(what string) CatalogScope {
	c, ok := r.scope.(CatalogScope)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: this scope gives %s no access to the catalog", what)
	}
	return c
}

// ClassPuppetResource is Puppet::Resource, ClassParserResource the class
// of the catalog's resources.
var (
	ClassPuppetResource = newClass("Puppet::Resource", ClassObject)
	ClassParserResource = newClass("Puppet::Parser::Resource", ClassPuppetResource)
	ClassCatalog        = newClass("Puppet::Resource::Catalog", ClassObject)
	ClassResourceType   = newClass("Puppet::Resource::Type", ClassObject)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassPuppetResource, ClassParserResource, ClassCatalog, ClassResourceType} {
			g.class(c.Name, c)
		}
	})
	plain([]plainMethod{
		{"lookupvar", (*R).Lookupvar},
		{"type", (*R).Type},
		{"title", (*R).Title},
		{"ref", (*R).Ref},
		{"resource", (*R).Resource},
		{"resources", (*R).Resources},
		{"classes", (*R).Classes},
		{"catalog", (*R).Catalog},
		{"findresource", (*R).Findresource},
		{"find_global_scope", (*R).FindGlobalScope},
		{"parameters", (*R).Parameters},
		{"resource_type", (*R).ResourceType},
	})
}

// resourceObject is a Puppet::Resource: a catalog resource (parser: a
// Puppet::Parser::Resource), or a reference.
type resourceObject struct {
	res    PuppetResource
	parser bool
}

// reference is a resource reference as a PuppetResource: a type and title
// as Puppet::Resource munges them ("File", "Class" and "Foo::Bar"), no
// parameters.
type reference struct{ typ, title string }

func (x reference) Type() string                      { return x.typ }
func (x reference) Title() string                     { return x.title }
func (x reference) Param(string) (values.Value, bool) { return nil, false }

// ToHash is Puppet::Resource#to_hash of a reference: its title as the
// name (parse_title without the type's title patterns).
func (x reference) ToHash() *values.Hash {
	return values.NewHashFromPairs(values.String("name"), values.String(x.title))
}

func newReference(typ, title string) *resourceObject {
	return &resourceObject{res: reference{typ: typ, title: title}}
}

func (x *resourceObject) rubyClass() *Class {
	if x.parser {
		return ClassParserResource
	}
	return ClassPuppetResource
}

// rubyToS is Puppet::Resource#to_s: "Type[title]".
func (x *resourceObject) rubyToS() string { return x.res.Type() + "[" + x.res.Title() + "]" }

// rubyInspect is Puppet::Resource#inspect: to_s and to_hash's inspect.
func (x *resourceObject) rubyInspect() string { return x.rubyToS() + Inspect(x.toHash()) }

// toHash is to_hash: the title's fields and the parameters, by Symbol.
func (x *resourceObject) toHash() *Hash {
	h := NewHash()
	ph := x.res.ToHash()
	for i := 0; i < ph.Len(); i++ {
		h.Set(Symbol(values.ToString(ph.KeyAt(i))), FromPuppet3x(ph.ValueAt(i)))
	}
	return h
}

// rubyEqual is Puppet::Resource#==: the same type, title and to_hash.
func (x *resourceObject) rubyEqual(b Value) bool {
	y, ok := b.(*resourceObject)
	return ok && x.res.Type() == y.res.Type() && x.res.Title() == y.res.Title() && Equal(x.toHash(), y.toHash())
}

// toPuppet is the value Puppet sees of a Puppet::Resource a function
// returns: the reference.
func (x *resourceObject) toPuppet() values.Value {
	if x.res.Type() == "Class" {
		return values.NewClassType(strings.ToLower(x.res.Title()))
	}
	ref := values.NewResourceType(x.res.Type(), x.res.Title(), true)
	ref.Ruby = true
	return ref
}

// name is Puppet::Parser::Resource#name, a catalog resource's name
// parameter or else its title, and Puppet::Resource#name, a reference's
// type and title joined by a slash.
func (x *resourceObject) name() Value {
	if !x.parser {
		return S(x.res.Type() + "/" + x.res.Title())
	}
	if v, ok := x.res.Param("name"); ok && !values.IsUndef(v) {
		return FromPuppet3x(v)
	}
	return S(x.res.Title())
}

// aref is Puppet::Resource#[](param): the parameter's value, nil when it
// is not set. A catalog resource's (Puppet::Parser::Resource#[]) interns
// the name as it is (title: the title); a reference has no parameters.
func (r *R) resourceAref(x *resourceObject, args []Value) Value {
	arity(args, 1, 1)
	if !x.parser {
		ToS(args[0])
		return nil
	}
	var name string
	switch k := args[0].(type) {
	case *Str:
		name = k.S
	case Symbol:
		name = string(k)
	default:
		return r.NoMethod(k, "intern")
	}
	if name == "title" {
		return S(x.res.Title())
	}
	v, ok := x.res.Param(name)
	if !ok {
		return nil
	}
	return FromPuppet3x(v)
}

// FromPuppet3x is an argument of a 3.x function as Puppet's
// Runtime3Converter gives it: FromPuppet, except that resource and class
// references, in collections too, are Puppet::Resource values (whose to_s
// is "File[/tmp]", "Class[Foo]").
func FromPuppet3x(v values.Value) Value {
	switch x := v.(type) {
	case *values.ResourceType:
		if x.TypeName == "" {
			break
		}
		typ := strings.ToLower(strings.TrimPrefix(x.TypeName, "::"))
		if typ == "class" {
			return classReference(x.Title)
		}
		return newReference(values.CapitalizeSegments(typ), x.Title)
	case *values.ClassType:
		if x.ClassName == "" {
			break
		}
		return classReference(x.ClassName)
	case *values.Array:
		return arrayFrom(x.Elems(), FromPuppet3x)
	case *values.Hash:
		return lazyHashOf(x, FromPuppet3x)
	}
	return FromPuppet(v)
}

// classReference is Puppet::Resource.new('class', name).
func classReference(name string) *resourceObject {
	return newReference("Class", mungeTypeName(strings.TrimPrefix(name, "::")))
}

// mungeTypeName is Puppet::Resource.munge_type_name of a String: Class
// for "" and "component", else capitalize_segments, kept for the process
// (mungedNames).
func mungeTypeName(s string) string {
	if s == "" || strings.EqualFold(s, "component") {
		return "Class"
	}
	if m, ok := readmap.Load(mungedNames, s); ok {
		return m
	}
	s = strings.Clone(s) // a part of a reference's text, perhaps
	return readmap.Store(mungedNames, s, values.CapitalizeSegments(s))
}

// mungedNames are the munged type names (and class titles) by the name:
// each compile munges the same few again (stdlib's defined_with_params,
// findresource), and capitalize_segments made each a new string, from
// several.
var mungedNames = readmap.New[string](1<<14, 0)

// splitRef splits Puppet::Resource's "Type[title]" as its pattern
// /^([^\[\]]+)\[(.+)\]$/m does in Ruby, where ^ and $ are a line's
// start and end and . matches newlines: from the first line start where
// the text up to the first bracket is not empty and the bracket an
// opening one, the type up to that bracket and the title up to the last
// closing bracket that ends a line; ok is false when s is no reference.
func splitRef(s string) (typ, title string, ok bool) {
	for p := 0; p < len(s); p++ {
		if p > 0 && s[p-1] != '\n' {
			continue
		}
		q := p + strings.IndexAny(s[p:], "[]")
		if q <= p || s[q] != '[' {
			continue
		}
		for e := len(s) - 1; e > q+1; e-- {
			if s[e] == ']' && (e+1 == len(s) || s[e+1] == '\n') {
				return s[p:q], s[q+1 : e], true
			}
		}
	}
	return "", "", false
}

// refPart is a part of Puppet::Resource.type_and_title's result: the
// text of a String it makes (str), or a value it keeps as it was given
// or :main (v, when !isStr). Its Strings are made, when wanted, all at
// once (typeAndTitle), or never (refArgs wants the text).
type refPart struct {
	str   string
	v     Value
	isStr bool
}

func strPart(s string) refPart { return refPart{str: s, isStr: true} }

// text is the part's to_s.
func (p refPart) text() string {
	if p.isStr {
		return p.str
	}
	return ToS(p.v)
}

// value is the part as a Ruby value, a String from room when it is one.
func (p refPart) value(room *Str) Value {
	if !p.isStr {
		return p.v
	}
	room.S = p.str
	return room
}

// munged is munge_type_name of the part: :main stays, nil is Class.
func (p refPart) munged() refPart {
	switch {
	case p.isStr:
		return strPart(mungeTypeName(p.str))
	case p.v == Symbol("main"):
		return p
	case p.v == nil:
		return strPart("Class")
	}
	return strPart(mungeTypeName(ToS(p.v)))
}

// typeAndTitle is Puppet::Resource.type_and_title(type, title): the
// munged type name and title (Class titles munged too, "" being :main).
func typeAndTitle(typ, title Value) (t, ti refPart) {
	ref := func(v Value) (string, string, bool) {
		if s, ok := v.(*Str); ok {
			return splitRef(s.S)
		}
		return "", "", false
	}
	if tn, n, ok := ref(title); ok && (typ == nil || typ == Symbol("component") || typ == Symbol("whit")) {
		t, ti = strPart(tn), strPart(n)
	} else if tn, n, ok := ref(typ); ok && title == nil {
		t, ti = strPart(tn), strPart(n)
	} else if !Truthy(title) {
		raise(ClassArgumentError, "No title provided and %s is not a valid resource reference", Inspect(typ))
	} else {
		t, ti = refPart{v: typ}, refPart{v: title}
	}
	t = t.munged()
	if t.isStr && t.str == "Class" {
		if s, ok := ti.v.(*Str); ok && s.S == "" {
			ti = refPart{v: Symbol("main")}
		} else {
			ti = ti.munged()
		}
	}
	return t, ti
}

// PuppetResourceTypeAndTitle is Puppet::Resource.type_and_title(type,
// title): [type, title], one allocation with its Strings.
func (r *R) PuppetResourceTypeAndTitle(typ, title Value) Value {
	t, ti := typeAndTitle(typ, title)
	b := &struct {
		a    Array
		el   [2]Value
		strs [2]Str
	}{}
	b.el = [2]Value{t.value(&b.strs[0]), ti.value(&b.strs[1])}
	b.a.A = b.el[:]
	return &b.a
}

// NewPuppetResource is Puppet::Resource.new(type[, title]): a reference.
func (r *R) NewPuppetResource(args ...Value) Value {
	t, ti := refArgs(args)
	return newReference(t, ti)
}

// refArgs are the type and title of the arguments (type[, title]) of
// Puppet::Resource.new and Catalog#resource, as type_and_title munges
// them: type may be a resource type (its name), title a part of type
// ("File[/tmp]").
func refArgs(args []Value) (typ, title string) {
	arity(args, 1, 2)
	var t, ti Value = args[0], nil
	if len(args) == 2 {
		ti = args[1]
	}
	if rt, ok := t.(*resourceType); ok {
		if typ, ok := rt.typeName(ti); ok {
			return typ, ToS(ti)
		}
		t = rt.nameValue()
	}
	tp, tip := typeAndTitle(t, ti)
	return tp.text(), tip.text()
}

// FindResource is findresource(type[, title]) (Scope#findresource,
// Catalog#resource): the catalog's resource, nil when there is none.
func (r *R) FindResource(args ...Value) Value {
	t, ti := refArgs(args)
	var res PuppetResource
	var found bool
	if fs := r.fs; fs != nil {
		res, found = fs.FindResource(t, ti)
	} else {
		res, found = r.catalogScope("findresource").FindResource(t, ti)
	}
	if !found {
		return nil
	}
	return &resourceObject{res: res, parser: true}
}

// Findresource is scope.findresource(type[, title]).
func (r *R) Findresource(recv Value, args ...Value) Value {
	if _, ok := recv.(*scopeObject); ok {
		return r.FindResource(args...)
	}
	return r.NoMethod(recv, "findresource", args...)
}

// Resource is scope.resource (the resource whose body calls, nil when
// there is none) and catalog.resource(type[, title]).
func (r *R) Resource(recv Value, args ...Value) Value {
	switch recv.(type) {
	case *scopeObject:
		arity(args, 0, 0)
		res := r.catalogScope("scope.resource").CurrentResource()
		if res == nil {
			return nil
		}
		return &resourceObject{res: res, parser: true}
	case *catalogObject:
		return r.FindResource(args...)
	}
	return r.NoMethod(recv, "resource", args...)
}

// ParameterLister is implemented by catalog resources that list their
// parameters (Puppet::Parser::Resource#parameters).
type ParameterLister interface {
	// Parameters are the parameters set, undef too, by name.
	Parameters() *values.Hash
}

// Parameters is Puppet::Resource#parameters: a Hash of each parameter's
// Symbol to its Puppet::Parser::Resource::Param; a reference has none.
func (r *R) Parameters(recv Value, args ...Value) Value {
	x, ok := recv.(*resourceObject)
	if !ok {
		return r.NoMethod(recv, "parameters", args...)
	}
	arity(args, 0, 0)
	h := NewHash()
	if l, ok := x.res.(ParameterLister); ok && x.parser {
		ps := l.Parameters()
		for i := 0; i < ps.Len(); i++ {
			name := values.ToString(ps.KeyAt(i))
			h.Set(Symbol(name), &resourceParam{name: name, value: ps.ValueAt(i)})
		}
	}
	return h
}

// catalogObject is the catalog being compiled (Scope#catalog).
type catalogObject struct{}

func (*catalogObject) rubyClass() *Class     { return ClassCatalog }
func (*catalogObject) rubyToS() string       { return "#<Puppet::Resource::Catalog>" }
func (x *catalogObject) rubyInspect() string { return x.rubyToS() }

// Catalog is scope.catalog.
func (r *R) Catalog(recv Value, args ...Value) Value {
	if _, ok := recv.(*scopeObject); ok {
		arity(args, 0, 0)
		return &catalogObject{}
	}
	return r.NoMethod(recv, "catalog", args...)
}

// Resources is catalog.resources: an Array of the catalog's resources.
func (r *R) Resources(recv Value, args ...Value) Value {
	if _, ok := recv.(*catalogObject); ok {
		arity(args, 0, 0)
		out := NewArray()
		for _, res := range r.catalogScope("catalog.resources").CatalogResources() {
			out.A = append(out.A, &resourceObject{res: res, parser: true})
		}
		return out
	}
	return r.NoMethod(recv, "resources", args...)
}

// Classes is catalog.classes: an Array of the names of the classes the
// catalog has so far.
func (r *R) Classes(recv Value, args ...Value) Value {
	if _, ok := recv.(*catalogObject); ok {
		arity(args, 0, 0)
		out := NewArray()
		for _, name := range r.catalogScope("catalog.classes").CatalogClasses() {
			out.A = append(out.A, S(name))
		}
		return out
	}
	return r.NoMethod(recv, "classes", args...)
}

// Title is Puppet::Resource#title.
func (r *R) Title(recv Value, args ...Value) Value {
	if x, ok := recv.(*resourceObject); ok {
		arity(args, 0, 0)
		return S(x.res.Title())
	}
	return r.NoMethod(recv, "title", args...)
}

// Ref is Puppet::Resource#ref: to_s.
func (r *R) Ref(recv Value, args ...Value) Value {
	if x, ok := recv.(*resourceObject); ok {
		arity(args, 0, 0)
		return S(x.rubyToS())
	}
	return r.NoMethod(recv, "ref", args...)
}

// Type is Puppet::Resource#type ("File") and Puppet::Resource::Type#type
// (:hostclass, :definition).
func (r *R) Type(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *resourceObject:
		arity(args, 0, 0)
		return S(x.res.Type())
	case *resourceType:
		if x.kind != "type" {
			arity(args, 0, 0)
			if x.kind == "class" {
				return Symbol("hostclass")
			}
			return Symbol("definition")
		}
	}
	return r.NoMethod(recv, "type", args...)
}

// ResourceType is Puppet::Resource#resource_type: the class a Class
// reference's title names, else the resource type or defined type of
// its type (resource.rb self.resource_type), nil for none.
func (r *R) ResourceType(recv Value, args ...Value) Value {
	x, ok := recv.(*resourceObject)
	if !ok {
		return r.NoMethod(recv, "resource_type", args...)
	}
	arity(args, 0, 0)
	name, want := strings.ToLower(x.res.Type()), ""
	switch name {
	case "class":
		name, want = strings.ToLower(strings.TrimPrefix(x.res.Title(), "::")), "class"
	case "node":
		return nil // pp2go's nodes are no resource types Ruby sees
	}
	var kind string
	if fs := r.fs; fs != nil {
		kind = fs.ResourceTypeKind(name)
	} else {
		kind = r.catalogScope("resource_type").ResourceTypeKind(name)
	}
	if kind == "" || (want != "" && kind != want) || (want == "" && kind == "class") {
		return nil
	}
	return &resourceType{name: name, kind: kind}
}

// resourceType is a type of resources: a class or defined type (a
// Puppet::Resource::Type: kind "class", "define"), or a resource type
// (kind "type", a Puppet::Type class).
type resourceType struct {
	name string
	kind string
}

func (x *resourceType) rubyClass() *Class {
	if x.kind == "type" {
		return ClassClass
	}
	return ClassResourceType
}

func (x *resourceType) rubyToS() string {
	switch x.kind {
	case "type":
		return "Puppet::Type::" + values.CapitalizeSegments(x.name)
	case "class":
		return "Class[" + values.CapitalizeSegments(x.name) + "]"
	}
	return values.CapitalizeSegments(x.name)
}
func (x *resourceType) rubyInspect() string { return x.rubyToS() }

// nameValue is name: a Puppet::Type's is a Symbol.
func (x *resourceType) nameValue() Value {
	if x.kind == "type" {
		return Symbol(x.name)
	}
	return S(x.name)
}

// typeName is typeAndTitle's type name of x given with title ti, when
// x is a resource type and ti a title of it that typeAndTitle keeps as
// it is: the type's name munged, as the name's Symbol (nameValue) would
// be, without making the Symbol a value (stdlib's defined_with_params
// finds the resource of the type find_resource_type_or_class found).
// ok is false for the others (a component's or whit's reference, no
// title, :main, which stays, a type that munges to Class, a class or
// define).
func (x *resourceType) typeName(ti Value) (string, bool) {
	switch {
	case x.kind != "type", x.name == "component", x.name == "whit", x.name == "main", !Truthy(ti):
		return "", false
	}
	if t := mungeTypeName(x.name); t != "Class" {
		return t, true
	}
	return "", false
}

// ScopeSource is scope.source.
func (r *R) ScopeSource() Value {
	name, isClass := r.catalogScope("scope.source").ScopeSource()
	if isClass {
		return &resourceType{name: name, kind: "class"}
	}
	return &resourceType{name: name, kind: "define"}
}

// PuppetFindResourceTypeOrClass is Puppet::Pops::Evaluator::
// Runtime3ResourceSupport.find_resource_type_or_class(scope, name): the
// resource type, defined type or class of that name, nil when there is
// none.
func (r *R) PuppetFindResourceTypeOrClass(scope, name Value) Value {
	s, ok := name.(*Str)
	if !ok {
		return r.NoMethod(name, "include?", S(":"))
	}
	if _, ok := scope.(*scopeObject); !ok {
		return r.NoMethod(scope, "environment")
	}
	var kind string
	if fs := r.fs; fs != nil {
		kind = fs.ResourceTypeKind(s.S)
	} else {
		kind = r.catalogScope("find_resource_type_or_class").ResourceTypeKind(s.S)
	}
	if kind == "" {
		return nil
	}
	return &resourceType{name: s.S, kind: kind}
}

// PuppetWarnOnce is Puppet.warn_once(kind, key, message) (no file and
// line): the warning logged once per key, with "(file & line not
// available)", unless the disable_warnings setting holds kind.
func (r *R) PuppetWarnOnce(kind, key, msg Value) Value {
	if r.warningsDisabled(ToS(kind)) {
		return nil
	}
	if s, ok := r.scope.(StrictScope); ok {
		s.WarnOnceUnlocated(ToS(key), ToS(msg))
	}
	return nil
}
