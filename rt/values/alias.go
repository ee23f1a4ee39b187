package values

import "github.com/pp2go/pp2go/rt/internal/atomicptr"

// TypeAliasType is a named alias (type Foo = ...). Aliases may be recursive:
// create the alias first, then Resolve it with a type that refers to it.
type TypeAliasType struct {
	AliasName string
	resolved  Type
	builtin   bool // Data, RichData, ... print without their definition
	// deferred is set on an alias an AliasRegistry gives out before its
	// definition is resolved (DefineDeferred): the alias stands for the
	// registry's, resolved when first used.
	deferred *deferredAlias
	// strings are the answers the resolved alias gave whether a String is
	// an instance (stringInstance)
	strings stringVerdicts
}

// deferredAlias is the resolution, on first use, of an alias whose
// definition is known to resolve: the registry's alias of that name, made
// and resolved under the registry's lock (AliasRegistry.resolveLocked) as
// ResolveType would have made it, then kept.
//
// The resolution never comes back to a deferred alias: a definition is
// parsed with the registry's locked resolver, which gives the registry's
// own aliases (resolved, or, for an alias whose definition is being
// resolved further up, unresolved: Any while it is, as an eager
// resolution sees it). So a use that the resolution makes of an alias
// (Normalize, a Struct's optional keys) cannot wait for the lock it holds,
// and two concurrent first uses are serialized by the one lock.
type deferredAlias struct {
	reg    *AliasRegistry
	key    string
	target atomicptr.Pointer[TypeAliasType]
}

// canonical is the alias t stands for: the registry's, resolving it,
// for a deferred alias; t itself otherwise.
func (t *TypeAliasType) canonical() *TypeAliasType {
	if t.deferred == nil {
		return t
	}
	return t.deferred.resolve()
}

func (d *deferredAlias) resolve() *TypeAliasType {
	if a := atomicptr.Load(&d.target); a != nil {
		return a
	}
	d.reg.mu.Lock()
	defer d.reg.mu.Unlock()
	if a := atomicptr.Load(&d.target); a != nil {
		return a
	}
	name := d.reg.defs[d.key].name
	a, ok := d.reg.resolveLocked(name, d.key)
	if !ok {
		// the build found that the definition resolves
		// (DefineDeferred); should it not, the alias is Any
		a = NewTypeAlias(name)
	}
	t := a.(*TypeAliasType) // the definition of key is an alias's
	atomicptr.Store(&d.target, t)
	return t
}

func (*TypeAliasType) puppetValue() {}

// Name returns the alias name.
func (t *TypeAliasType) Name() string { return t.AliasName }

// NewTypeAlias returns an unresolved alias.
func NewTypeAlias(name string) *TypeAliasType { return &TypeAliasType{AliasName: name} }

// Resolve sets the aliased type. Puppet normalizes the type of an alias and
// drops self references from a variant (type A = Variant[A, Integer] is
// Integer).
func (t *TypeAliasType) Resolve(target Type) {
	target = Normalize(target)
	if v, ok := target.(*VariantType); ok {
		var real []Type
		for _, m := range v.Types {
			if m == Type(t) {
				continue
			}
			real = append(real, m)
		}
		if len(real) != len(v.Types) {
			target = VariantOf(real...)
		}
	}
	t.resolved = target
}

// ResolvedType returns the aliased type (Any when never resolved).
func (t *TypeAliasType) ResolvedType() Type {
	t = t.canonical()
	if t.resolved == nil {
		return AnyT
	}
	return t.resolved
}

func (t *TypeAliasType) instanceOf(v Value, g *guard) bool {
	if s, ok := v.(String); ok && g == nil {
		return t.canonical().stringInstance(string(s))
	}
	if !g.enter() {
		return false
	}
	defer g.leave()
	return t.ResolvedType().instanceOf(v, g)
}

// stringInstance is instanceOf(String(s), nil) of a canonical alias: an
// answer kept once the alias is resolved and the process compiles again
// (KeepsCopies). Whether a String is an instance of a resolved type
// depends on the string alone, and each compile, on every node of a
// fleet, checks most of the same strings (a module's default paths,
// ports and modes) against the same aliases, where an alias of patterns
// (Stdlib::Absolutepath, Stdlib::Host) tries its variants in turn.
func (t *TypeAliasType) stringInstance(s string) bool {
	keep := t.resolved != nil && KeepsCopies()
	if keep {
		if ok, found := t.strings.load(s); found {
			return ok
		}
	}
	ok := t.ResolvedType().instanceOf(String(s), nil)
	if keep {
		t.strings.store(s, ok)
	}
	return ok
}

func (t *TypeAliasType) assignableFrom(o Type, g *guard) bool {
	return isAssignable(t.ResolvedType(), o, g)
}

// builtinAliases are the aliases Puppet's static loader defines.
var builtinAliases = map[string]*TypeAliasType{}

// DataT, RichDataT and RichDataKeyT are Puppet's built-in aliases.
var (
	DataT        = &TypeAliasType{AliasName: "Data", builtin: true}
	RichDataKeyT = &TypeAliasType{AliasName: "RichDataKey", builtin: true}
	RichDataT    = &TypeAliasType{AliasName: "RichData", builtin: true}
)

// ObjectType is an Object type. Only what real modules and Puppet's own
// Deferred and Error use is modelled: a name, a parent and typed attributes.
type ObjectType struct {
	TypeName   string
	Parent     *ObjectType
	Attributes []*ObjectAttribute
	// TypeParams are the attributes the type is parameterized by
	// (Error[kind, issue_code]: ObjectTypeExtension), in order, each
	// parameter's value one of TypeParamT's.
	TypeParams []string
	// Functions are the type's functions that read an attribute
	// (Error's message, its msg): name -> attribute.
	Functions map[string]string
	InitHash  *Hash // the hash the type was created from, for printing
}

// ObjectAttribute is one attribute of an Object type.
type ObjectAttribute struct {
	Name       string
	Type       Type
	Value      Value // default value
	HasDefault bool
}

func (*ObjectType) puppetValue() {}

// Name returns the object type's name (Object when anonymous).
func (t *ObjectType) Name() string {
	if t.TypeName == "" {
		return "Object"
	}
	return t.TypeName
}

func (t *ObjectType) isA(o *ObjectType) bool {
	for x := t; x != nil; x = x.Parent {
		if x == o || (x.TypeName != "" && x.TypeName == o.TypeName) {
			return true
		}
	}
	return false
}

// attribute is the attribute of t (or of a parent) named name, or nil.
func (t *ObjectType) attribute(name string) *ObjectAttribute {
	for x := t; x != nil; x = x.Parent {
		for _, a := range x.Attributes {
			if a.Name == name {
				return a
			}
		}
	}
	return nil
}

func (t *ObjectType) instanceOf(v Value, g *guard) bool {
	if t == ObjectT {
		switch v.(type) {
		case *ObjectValue, *Deferred, ObjectInstance:
			return true
		}
		return false
	}
	switch x := v.(type) {
	case *ObjectValue:
		return x.Type.isA(t)
	case *Deferred:
		return t == DeferredT
	case ObjectInstance:
		return x.ObjectType().isA(t)
	}
	return false
}

// LookupContextMember reports whether name is one of
// Puppet::LookupContext's attributes or functions: a method call of such
// a name may be a member's call (rt.Scope.Member).
func LookupContextMember(name string) bool {
	switch name {
	case "environment_name", "module_name", "not_found", "explain", "interpolate", "cache", "cache_all",
		"cache_has_key", "cached_value", "cached_entries", "cached_file_data":
		return true
	}
	return false
}

// MemberType is the Object type Puppet defines whose instances have a
// member (attribute or function) of that name, which a method call of
// the name may call (rt.Scope.Member), or nil: Puppet::LookupContext's
// (LookupContextMember), Error's.
func MemberType(name string) *ObjectType {
	if LookupContextMember(name) {
		return LookupContextT
	}
	if ErrorT.memberAttribute(name) != "" {
		return ErrorT
	}
	return nil
}

// ObjectInstance is a value defined outside this package that is an
// instance of an Object type Puppet defines (Puppet::LookupContext).
type ObjectInstance interface {
	Value
	ObjectType() *ObjectType
}

func (t *ObjectType) assignableFrom(o Type, g *guard) bool {
	if e, ok := o.(*ObjectTypeExtension); ok {
		o = e.Base
	}
	ot, ok := o.(*ObjectType)
	if !ok {
		return false
	}
	if t == ObjectT {
		return true
	}
	return ot.isA(t)
}

// TypeSetType is a TypeSet; kept as its defining hash.
type TypeSetType struct {
	InitHash *Hash
}

func (*TypeSetType) puppetValue() {}

// IsDefault reports whether t is the bare TypeSet type.
func (t *TypeSetType) IsDefault() bool { return t.InitHash == nil }

func (*TypeSetType) Name() string { return "TypeSet" }
func (t *TypeSetType) instanceOf(v Value, g *guard) bool {
	_, ok := v.(*TypeSetType)
	return ok
}
func (t *TypeSetType) assignableFrom(o Type, g *guard) bool {
	_, ok := o.(*TypeSetType)
	return ok
}

// Object types Puppet defines itself.
var (
	ObjectT   = &ObjectType{}
	TypeSetT  = &TypeSetType{}
	DeferredT = &ObjectType{TypeName: "Deferred", Attributes: []*ObjectAttribute{
		{Name: "name", Type: &PatternType{Patterns: []*RegexpType{NewRegexpType(`\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z`)}}},
		{Name: "arguments", Type: NewOptionalType(NewArrayType(AnyT, nil)), HasDefault: true, Value: Undef},
	}}
	// ErrorT is Puppet's Error (puppet/datatypes/error.rb): its attributes
	// in the order its init hash and string form give them.
	ErrorT = &ObjectType{TypeName: "Error", Attributes: []*ObjectAttribute{
		{Name: "msg", Type: NonEmptyStrT},
		{Name: "kind", Type: NewOptionalType(NonEmptyStrT), HasDefault: true, Value: Undef},
		{Name: "details", Type: NewOptionalType(NewHashType(NonEmptyStrT, DataT, nil)), HasDefault: true, Value: Undef},
		{Name: "issue_code", Type: NewOptionalType(NonEmptyStrT), HasDefault: true, Value: Undef},
	}, TypeParams: []string{"kind", "issue_code"}, Functions: map[string]string{"message": "msg"}}
	// LookupContextT is what a Hiera backend function written in Puppet
	// or Ruby gets as its context (lookup/context.rb): its attributes; its
	// functions (not_found, cache, explain...) are its instances' members
	// (rt/fn.Members).
	LookupContextT = &ObjectType{TypeName: "Puppet::LookupContext", Attributes: []*ObjectAttribute{
		{Name: "environment_name", Type: NonEmptyStrT},
		{Name: "module_name", Type: NewOptionalType(NonEmptyStrT)},
	}}
)

func init() {
	// The definitions refer to each other, so they are set after all
	// exist. They are written as Resolve normalizes Puppet's
	//
	//	Data = Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]
	//	RichDataKey = Variant[String, Numeric]
	//	RichData = Variant[Scalar, SemVerRange, Binary, Sensitive, Type, TypeSet,
	//	  URI, Object, Undef, Default, Hash[RichDataKey, RichData], Array[RichData]]
	//
	// (Undef makes the variant Optional), which TestBuiltinAliasesNormal
	// checks: normalizing them at each process's start cost ~54k
	// instructions.
	DataT.resolved = &OptionalType{Type: &VariantType{Types: []Type{ScalarDataT, NewHashType(StringT, DataT, nil), NewArrayType(DataT, nil)}}}
	RichDataKeyT.resolved = &VariantType{Types: []Type{StringT, NumericT}}
	RichDataT.resolved = &OptionalType{Type: &VariantType{Types: []Type{ScalarT, SemVerRangeT, BinaryT, SensitiveT, TypeT, TypeSetT, URIT, ObjectT, DefaultT,
		NewHashType(RichDataKeyT, RichDataT, nil), NewArrayType(RichDataT, nil)}}}
	for _, a := range []*TypeAliasType{DataT, RichDataKeyT, RichDataT} {
		builtinAliases[a.AliasName] = a
	}
	builtinAliases["Puppet::LookupKey"] = &TypeAliasType{AliasName: "Puppet::LookupKey", resolved: RichDataKeyT, builtin: true}
	builtinAliases["Puppet::LookupValue"] = &TypeAliasType{AliasName: "Puppet::LookupValue", resolved: RichDataT, builtin: true}
}
