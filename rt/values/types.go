package values

import (
	"math"
	"strings"
)

// Type is a Puppet type. Types are values (Type[T] is the type of T) and
// immutable once built; build them with the constructors, Parameterize or
// ParseType.
type Type interface {
	Value
	// Name is the simple name: Integer, Variant, the alias name, ...
	Name() string
	// String prints the type as Puppet does.
	String() string
	instanceOf(v Value, g *guard) bool
	// assignableFrom is Ruby's _assignable?: the per-type rule, applied after
	// the generic handling of Unit, aliases, Variant, Optional and NotUndef.
	assignableFrom(o Type, g *guard) bool
}

// The parameterless types.
type (
	AnyType          struct{}
	UndefType        struct{}
	DefaultType      struct{}
	UnitType         struct{}
	ScalarType       struct{}
	ScalarDataType   struct{}
	NumericType      struct{}
	CatalogEntryType struct{}
	BinaryType       struct{}
	SemVerRangeType  struct{}
)

// IntegerType is Integer[From, To]; math.MinInt64 and math.MaxInt64 stand for
// an open bound.
type IntegerType struct{ From, To int64 }

// FloatType is Float[From, To]; infinities stand for an open bound.
type FloatType struct{ From, To float64 }

// StringType is String[min, max] (Size) or, when inferred from a value, the
// type of exactly one string (Value, with HasValue).
type StringType struct {
	Size     *IntegerType
	Value    string
	HasValue bool
}

// EnumType is Enum[values..., case_insensitive]; Values are sorted and unique.
type EnumType struct {
	Values          []string
	CaseInsensitive bool
}

// PatternType is Pattern[regexps...].
type PatternType struct{ Patterns []*RegexpType }

// RegexpType is Regexp or Regexp[pattern].
type RegexpType struct {
	Pattern    string
	HasPattern bool
}

// BooleanType is Boolean, Boolean[true] or Boolean[false].
type BooleanType struct {
	Value    bool
	HasValue bool
}

// CollectionType is Collection[min, max].
type CollectionType struct{ Size *IntegerType }

// ArrayType is Array[Elem, min, max].
type ArrayType struct {
	Elem Type
	Size *IntegerType
}

// HashType is Hash[Key, Value, min, max].
type HashType struct {
	Key, Value Type
	Size       *IntegerType
}

// TupleType is Tuple[types..., min, max].
type TupleType struct {
	Types []Type
	Size  *IntegerType
}

// StructElement is one member of a Struct: a key type (a String type with a
// value, possibly wrapped in Optional) and a value type.
type StructElement struct {
	Key   Type
	Value Type
}

// StructType is Struct[{key => type, ...}].
type StructType struct{ Elements []*StructElement }

// OptionalType is Optional[T]; Type is nil for plain Optional.
type OptionalType struct{ Type Type }

// NotUndefType is NotUndef[T]; Type is nil for plain NotUndef.
type NotUndefType struct{ Type Type }

// VariantType is Variant[types...].
type VariantType struct{ Types []Type }

// CallableType is Callable[params..., min, max, block] or
// Callable[[params], return]; Params nil means any callable.
type CallableType struct {
	Params *TupleType
	Block  Type
	Return Type
}

// TypeType is Type[T]; Type is nil for plain Type.
type TypeType struct{ Type Type }

// ClassType is Class or Class[name]; a class reference value.
type ClassType struct{ ClassName string }

// ResourceType is Resource, a resource type (File) or a resource reference
// (File['/tmp']).
type ResourceType struct {
	TypeName string // "" for plain Resource
	Title    string
	HasTitle bool
	// Ruby marks the reference a Ruby function returned as a
	// Puppet::Resource (stdlib::str2resource's result): Puppet keeps that
	// object, whose string form is its to_s, File[/tmp] (not File['/tmp']).
	Ruby bool
}

// IterableType is Iterable[T].
type IterableType struct{ Type Type }

// IteratorType is Iterator[T].
type IteratorType struct{ Type Type }

// RuntimeType is Runtime[runtime, name].
type RuntimeType struct{ Runtime, RuntimeName string }

// SensitiveType is Sensitive[T].
type SensitiveType struct{ Type Type }

// TimespanType is Timespan[from, to]; open bounds are math.MinInt64/MaxInt64.
type TimespanType struct{ From, To int64 }

// TimestampType is Timestamp[from, to]; open bounds are math.MinInt64/MaxInt64.
type TimestampType struct{ From, To int64 }

// SemVerType is SemVer[ranges...].
type SemVerType struct{ Ranges []*SemVerRange }

// InitType is Init[T, args...].
type InitType struct {
	Type Type
	Args []Value
}

// URIType is URI or URI[parameters].
type URIType struct{ Params Value }

// TypeReferenceType is a reference to a type that could not be resolved.
type TypeReferenceType struct{ TypeString string }

func (*AnyType) puppetValue()           {}
func (*UndefType) puppetValue()         {}
func (*DefaultType) puppetValue()       {}
func (*UnitType) puppetValue()          {}
func (*ScalarType) puppetValue()        {}
func (*ScalarDataType) puppetValue()    {}
func (*NumericType) puppetValue()       {}
func (*CatalogEntryType) puppetValue()  {}
func (*BinaryType) puppetValue()        {}
func (*SemVerRangeType) puppetValue()   {}
func (*IntegerType) puppetValue()       {}
func (*FloatType) puppetValue()         {}
func (*StringType) puppetValue()        {}
func (*EnumType) puppetValue()          {}
func (*PatternType) puppetValue()       {}
func (*RegexpType) puppetValue()        {}
func (*BooleanType) puppetValue()       {}
func (*CollectionType) puppetValue()    {}
func (*ArrayType) puppetValue()         {}
func (*HashType) puppetValue()          {}
func (*TupleType) puppetValue()         {}
func (*StructType) puppetValue()        {}
func (*OptionalType) puppetValue()      {}
func (*NotUndefType) puppetValue()      {}
func (*VariantType) puppetValue()       {}
func (*CallableType) puppetValue()      {}
func (*TypeType) puppetValue()          {}
func (*ClassType) puppetValue()         {}
func (*ResourceType) puppetValue()      {}
func (*IterableType) puppetValue()      {}
func (*IteratorType) puppetValue()      {}
func (*RuntimeType) puppetValue()       {}
func (*SensitiveType) puppetValue()     {}
func (*TimespanType) puppetValue()      {}
func (*TimestampType) puppetValue()     {}
func (*SemVerType) puppetValue()        {}
func (*InitType) puppetValue()          {}
func (*URIType) puppetValue()           {}
func (*TypeReferenceType) puppetValue() {}

func (*AnyType) Name() string           { return "Any" }
func (*UndefType) Name() string         { return "Undef" }
func (*DefaultType) Name() string       { return "Default" }
func (*UnitType) Name() string          { return "Unit" }
func (*ScalarType) Name() string        { return "Scalar" }
func (*ScalarDataType) Name() string    { return "ScalarData" }
func (*NumericType) Name() string       { return "Numeric" }
func (*CatalogEntryType) Name() string  { return "CatalogEntry" }
func (*BinaryType) Name() string        { return "Binary" }
func (*SemVerRangeType) Name() string   { return "SemVerRange" }
func (*IntegerType) Name() string       { return "Integer" }
func (*FloatType) Name() string         { return "Float" }
func (*StringType) Name() string        { return "String" }
func (*EnumType) Name() string          { return "Enum" }
func (*PatternType) Name() string       { return "Pattern" }
func (*RegexpType) Name() string        { return "Regexp" }
func (*BooleanType) Name() string       { return "Boolean" }
func (*CollectionType) Name() string    { return "Collection" }
func (*ArrayType) Name() string         { return "Array" }
func (*HashType) Name() string          { return "Hash" }
func (*TupleType) Name() string         { return "Tuple" }
func (*StructType) Name() string        { return "Struct" }
func (*OptionalType) Name() string      { return "Optional" }
func (*NotUndefType) Name() string      { return "NotUndef" }
func (*VariantType) Name() string       { return "Variant" }
func (*CallableType) Name() string      { return "Callable" }
func (*TypeType) Name() string          { return "Type" }
func (*ClassType) Name() string         { return "Class" }
func (*ResourceType) Name() string      { return "Resource" }
func (*IterableType) Name() string      { return "Iterable" }
func (*IteratorType) Name() string      { return "Iterator" }
func (*RuntimeType) Name() string       { return "Runtime" }
func (*SensitiveType) Name() string     { return "Sensitive" }
func (*TimespanType) Name() string      { return "Timespan" }
func (*TimestampType) Name() string     { return "Timestamp" }
func (*SemVerType) Name() string        { return "SemVer" }
func (*InitType) Name() string          { return "Init" }
func (*URIType) Name() string           { return "URI" }
func (*TypeReferenceType) Name() string { return "TypeReference" }

const (
	minInt = math.MinInt64
	maxInt = math.MaxInt64
)

// Builtin holds the default instances of Puppet's types that hold no
// other type: AnyT is &Builtin.Any. A field's address is a constant that
// the linker lays out, so that generated code gives types as static data
// (rt.TypeRef.Static) with them, where reading a variable such as AnyT
// would be code run as the program starts.
var Builtin = struct {
	Any          AnyType
	Undef        UndefType
	Default      DefaultType
	Unit         UnitType
	Scalar       ScalarType
	ScalarData   ScalarDataType
	Numeric      NumericType
	CatalogEntry CatalogEntryType
	Binary       BinaryType
	SemVerRange  SemVerRangeType
	Integer      IntegerType
	String       StringType
	Enum         EnumType
	Pattern      PatternType
	Regexp       RegexpType
	Boolean      BooleanType
	Collection   CollectionType
	Tuple        TupleType
	Struct       StructType
	Optional     OptionalType
	NotUndef     NotUndefType
	Variant      VariantType
	Callable     CallableType
	Type         TypeType
	Class        ClassType
	Resource     ResourceType
	Iterable     IterableType
	Iterator     IteratorType
	Runtime      RuntimeType
	SemVer       SemVerType
	Init         InitType
	URI          URIType
}{Integer: IntegerType{From: minInt, To: maxInt}}

// BuiltinOfAny holds the default instances of the types that hold Any, as
// Builtin does: ArrayT is &BuiltinOfAny.Array.
var BuiltinOfAny = struct {
	Array     ArrayType
	Hash      HashType
	Sensitive SensitiveType
}{
	Array:     ArrayType{Elem: &Builtin.Any},
	Hash:      HashType{Key: &Builtin.Any, Value: &Builtin.Any},
	Sensitive: SensitiveType{Type: &Builtin.Any},
}

// The default (unparameterized) instance of each type. Constructors return
// these where the result equals them, so that pointer comparison is a fast
// path.
var (
	AnyT          = &Builtin.Any
	UndefT        = &Builtin.Undef
	DefaultT      = &Builtin.Default
	UnitT         = &Builtin.Unit
	ScalarT       = &Builtin.Scalar
	ScalarDataT   = &Builtin.ScalarData
	NumericT      = &Builtin.Numeric
	CatalogEntryT = &Builtin.CatalogEntry
	BinaryT       = &Builtin.Binary
	SemVerRangeT  = &Builtin.SemVerRange
	IntegerT      = &Builtin.Integer
	FloatT        = &FloatType{From: math.Inf(-1), To: math.Inf(1)}
	StringT       = &Builtin.String
	EnumT         = &Builtin.Enum
	PatternT      = &Builtin.Pattern
	RegexpT       = &Builtin.Regexp
	BooleanT      = &Builtin.Boolean
	CollectionT   = &Builtin.Collection
	ArrayT        = &BuiltinOfAny.Array
	HashT         = &BuiltinOfAny.Hash
	TupleT        = &Builtin.Tuple
	StructT       = &Builtin.Struct
	OptionalT     = &Builtin.Optional
	NotUndefT     = &Builtin.NotUndef
	VariantT      = &Builtin.Variant
	CallableT     = &Builtin.Callable
	TypeT         = &Builtin.Type
	ClassT        = &Builtin.Class
	ResourceT     = &Builtin.Resource
	IterableT     = &Builtin.Iterable
	IteratorT     = &Builtin.Iterator
	RuntimeT      = &Builtin.Runtime
	SensitiveT    = &BuiltinOfAny.Sensitive
	TimespanT     = &TimespanType{From: minInt, To: maxInt}
	TimestampT    = &TimestampType{From: minInt, To: maxInt}
	SemVerT       = &Builtin.SemVer
	InitT         = &Builtin.Init
	URIT          = &Builtin.URI

	// Frequently used specialisations.
	defaultSize   = &IntegerType{From: 0, To: maxInt}
	zeroSize      = &IntegerType{From: 0, To: 0}
	notEmptySize  = &IntegerType{From: 1, To: maxInt}
	NonEmptyStrT  = &StringType{Size: notEmptySize}
	emptyArrayT   = &ArrayType{Elem: UnitT, Size: zeroSize}
	emptyHashT    = &HashType{Key: UnitT, Value: UnitT, Size: zeroSize}
	pairSize      = &IntegerType{From: 2, To: 2}
	defaultKVPair = &TupleType{Types: []Type{UnitT, UnitT}, Size: pairSize}
	trueT         = &BooleanType{Value: true, HasValue: true}
	falseT        = &BooleanType{Value: false, HasValue: true}
)

// NewIntegerType returns Integer[from, to]; use math.MinInt64/MaxInt64 for
// open bounds. from must not exceed to.
func NewIntegerType(from, to int64) *IntegerType {
	if from == minInt && to == maxInt {
		return IntegerT
	}
	return &IntegerType{From: from, To: to}
}

// NewFloatType returns Float[from, to]; use infinities for open bounds.
func NewFloatType(from, to float64) *FloatType {
	if math.IsInf(from, -1) && math.IsInf(to, 1) {
		return FloatT
	}
	return &FloatType{From: from, To: to}
}

// NewStringType returns String[size].
func NewStringType(size *IntegerType) *StringType {
	if size == nil {
		return StringT
	}
	return &StringType{Size: size.toSize()}
}

// stringValueType is the type of exactly the string s (inference result).
func stringValueType(s string) *StringType { return &StringType{Value: s, HasValue: true} }

// NewEnumType returns Enum[values..., caseInsensitive]; values are sorted and
// made unique as Puppet does.
func NewEnumType(values []string, caseInsensitive bool) *EnumType {
	if len(values) == 0 && !caseInsensitive {
		return EnumT
	}
	vs := append([]string(nil), values...)
	sortStrings(vs)
	out := vs[:0]
	for i, v := range vs {
		if i == 0 || v != vs[i-1] {
			out = append(out, v)
		}
	}
	return &EnumType{Values: out, CaseInsensitive: caseInsensitive}
}

// NewRegexpType returns Regexp[pattern].
func NewRegexpType(pattern string) *RegexpType {
	return &RegexpType{Pattern: pattern, HasPattern: true}
}

func (t *RegexpType) regexp() *Regexp { return RegexpOf(t.Pattern) }

// NewPatternType returns Pattern[...] of the given Regexp types (duplicates
// removed).
func NewPatternType(patterns []*RegexpType) *PatternType {
	var out []*RegexpType
	for _, p := range patterns {
		dup := false
		for _, q := range out {
			if q.Pattern == p.Pattern {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return PatternT
	}
	return &PatternType{Patterns: out}
}

// NewBooleanType returns Boolean[b].
func NewBooleanType(b bool) *BooleanType {
	if b {
		return trueT
	}
	return falseT
}

// NewCollectionType returns Collection[size].
func NewCollectionType(size *IntegerType) *CollectionType {
	if size == nil {
		return CollectionT
	}
	return &CollectionType{Size: size.toSize()}
}

// NewArrayType returns Array[elem, size]; an Array[0, 0] has element type
// Unit, as in Puppet.
func NewArrayType(elem Type, size *IntegerType) *ArrayType {
	if size != nil {
		size = size.toSize()
		if size.From == 0 && size.To == 0 {
			return &ArrayType{Elem: UnitT, Size: size}
		}
	}
	if elem == nil {
		elem = AnyT
	}
	if size == nil && elem == AnyT {
		return ArrayT
	}
	return &ArrayType{Elem: elem, Size: size}
}

// NewHashType returns Hash[key, value, size].
func NewHashType(key, value Type, size *IntegerType) *HashType {
	if size != nil {
		size = size.toSize()
		if size.From == 0 && size.To == 0 {
			return &HashType{Key: UnitT, Value: UnitT, Size: size}
		}
	}
	if key == nil {
		key = AnyT
	}
	if value == nil {
		value = AnyT
	}
	if size == nil && key == AnyT && value == AnyT {
		return HashT
	}
	return &HashType{Key: key, Value: value, Size: size}
}

// NewTupleType returns Tuple[types..., size].
func NewTupleType(types []Type, size *IntegerType) *TupleType {
	if size != nil {
		size = size.toSize()
	}
	return &TupleType{Types: types, Size: size}
}

// NewOptionalType returns Optional[t].
func NewOptionalType(t Type) *OptionalType {
	if t == nil {
		return OptionalT
	}
	return &OptionalType{Type: t}
}

// NewNotUndefType returns NotUndef[t]; NotUndef[Any] is NotUndef.
func NewNotUndefType(t Type) *NotUndefType {
	if t == nil || t == AnyT {
		return NotUndefT
	}
	if _, ok := t.(*AnyType); ok {
		return NotUndefT
	}
	return &NotUndefType{Type: t}
}

// NewVariantType returns Variant[types...] without the flattening and
// de-duplication that VariantOf does.
func NewVariantType(types []Type) *VariantType {
	if len(types) == 0 {
		return VariantT
	}
	return &VariantType{Types: types}
}

// VariantOf is Puppet's Variant creation (maybe_create): nested variants are
// flattened, duplicates removed, and a single type is returned as is.
func VariantOf(types ...Type) Type {
	flat := flattenVariants(types)
	uniq := uniqueTypes(flat)
	if len(uniq) == 1 {
		return uniq[0]
	}
	return NewVariantType(uniq)
}

func flattenVariants(types []Type) []Type {
	has := false
	for _, t := range types {
		if _, ok := t.(*VariantType); ok {
			has = true
			break
		}
	}
	if !has {
		return types
	}
	var out []Type
	for _, t := range types {
		if v, ok := t.(*VariantType); ok {
			out = append(out, v.Types...)
		} else {
			out = append(out, t)
		}
	}
	return out
}

func uniqueTypes(types []Type) []Type {
	out := make([]Type, 0, len(types))
	for _, t := range types {
		dup := false
		for _, o := range out {
			if TypeEqual(o, t) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

// NewTypeType returns Type[t].
func NewTypeType(t Type) *TypeType {
	if t == nil {
		return TypeT
	}
	return &TypeType{Type: t}
}

// NewClassType returns Class[name] (a leading :: is dropped).
func NewClassType(name string) *ClassType {
	if name == "" {
		return ClassT
	}
	return &ClassType{ClassName: strings.TrimPrefix(name, "::")}
}

// NewResourceType returns the resource type typeName (capitalized per
// segment as Puppet prints it), or a reference when hasTitle.
func NewResourceType(typeName, title string, hasTitle bool) *ResourceType {
	if typeName == "" {
		return ResourceT
	}
	return &ResourceType{TypeName: CapitalizeSegments(typeName), Title: title, HasTitle: hasTitle}
}

func (t *ResourceType) downcasedName() string { return strings.ToLower(t.TypeName) }

// NewSensitiveType returns Sensitive[t] (t is generalized, as in Puppet).
func NewSensitiveType(t Type) *SensitiveType {
	if t == nil {
		return SensitiveT
	}
	return &SensitiveType{Type: Generalize(t)}
}

// NewIterableType returns Iterable[t].
func NewIterableType(t Type) *IterableType {
	if t == nil {
		return IterableT
	}
	return &IterableType{Type: t}
}

// NewIteratorType returns Iterator[t].
func NewIteratorType(t Type) *IteratorType {
	if t == nil {
		return IteratorT
	}
	return &IteratorType{Type: t}
}

// NewCallableType returns a Callable with the given parts.
func NewCallableType(params *TupleType, block, ret Type) *CallableType {
	if ret == AnyT {
		ret = nil
	}
	if params == nil && block == nil && ret == nil {
		return CallableT
	}
	return &CallableType{Params: params, Block: block, Return: ret}
}

// toSize clamps a range to non-negative sizes (Integer#to_size).
func (t *IntegerType) toSize() *IntegerType {
	if t.From >= 0 {
		return t
	}
	to := t.To
	if to < 0 {
		to = 0
	}
	return &IntegerType{From: 0, To: to}
}

func (t *IntegerType) unbounded() bool { return t.From == minInt && t.To == maxInt }
func (t *IntegerType) finite() bool    { return t.From != minInt && t.To != maxInt }

func sizeOr(s *IntegerType) *IntegerType {
	if s == nil {
		return defaultSize
	}
	return s
}

// StringValue returns the string value of a String type inferred from a
// string (String with a value), if any.
func (t *StringType) StringValue() (string, bool) { return t.Value, t.HasValue }

// derivedSize is the size range of the strings the type describes.
func (t *StringType) derivedSize() *IntegerType {
	if t.Size != nil {
		return t.Size
	}
	if t.HasValue {
		n := int64(len([]rune(t.Value)))
		return &IntegerType{From: n, To: n}
	}
	return defaultSize
}

// elementName is the literal key of a struct element.
func (e *StructElement) elementName() string {
	k := e.Key
	if o, ok := k.(*OptionalType); ok {
		k = o.Type
	}
	if s, ok := k.(*StringType); ok {
		return s.Value
	}
	return ""
}

// Name returns the key of the element.
func (e *StructElement) Name() string { return e.elementName() }

// keyOptional reports whether the key may be missing (its key type accepts
// undef).
func (e *StructElement) keyOptional(g *guard) bool { return isAssignable(e.Key, UndefT, g) }

func (t *StructType) element(name string) *StructElement {
	for _, e := range t.Elements {
		if e.elementName() == name {
			return e
		}
	}
	return nil
}

// tupleSizeRange is [min, max] number of elements of the tuple.
func (t *TupleType) sizeRange() (int64, int64) {
	if t.Size == nil {
		n := int64(len(t.Types))
		if n == 0 {
			return 0, maxInt
		}
		return n, n
	}
	return t.Size.From, t.Size.To
}

func (t *TupleType) sizeType() *IntegerType {
	if t.Size != nil {
		return t.Size
	}
	f, to := t.sizeRange()
	return &IntegerType{From: f, To: to}
}

func sortStrings(s []string) {
	// insertion sort keeps this file free of sort's reflection-based API for
	// the short lists enums have
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
