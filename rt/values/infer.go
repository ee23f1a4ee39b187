package values

// Infer returns the type of v as TypeCalculator#infer does: value-specific
// for scalars (Integer[3, 3], String with its value) and the common type of
// the elements for arrays and hashes.
func Infer(v Value) Type {
	switch x := v.(type) {
	case nil, UndefValue:
		return UndefT
	case DefaultValue:
		return DefaultT
	case String:
		return stringValueType(string(x))
	case Int:
		return &IntegerType{From: int64(x), To: int64(x)}
	case Float:
		return &FloatType{From: float64(x), To: float64(x)}
	case Bool:
		if x {
			return trueT
		}
		return falseT
	case *Regexp:
		return NewRegexpType(x.source)
	case *Array:
		if x.Len() == 0 {
			return emptyArrayT
		}
		var common Type
		for _, e := range x.elems {
			common = commonType(common, Infer(e))
		}
		n := int64(x.Len())
		return &ArrayType{Elem: common, Size: &IntegerType{From: n, To: n}}
	case *Hash:
		if x.Len() == 0 {
			return emptyHashT
		}
		var kt, vt Type
		for i, k := range x.keys {
			kt = commonType(kt, Infer(k))
			vt = commonType(vt, Infer(x.vals[i]))
		}
		n := int64(x.Len())
		return &HashType{Key: kt, Value: vt, Size: &IntegerType{From: n, To: n}}
	case *Sensitive:
		return NewSensitiveType(Infer(x.value))
	case Timespan:
		return &TimespanType{From: int64(x), To: int64(x)}
	case Timestamp:
		return &TimestampType{From: int64(x), To: int64(x)}
	case *Binary:
		return BinaryT
	case *SemVer:
		return SemVerT
	case *SemVerRange:
		return SemVerRangeT
	case *Deferred:
		return DeferredT
	case *ObjectValue:
		if len(x.Type.TypeParams) > 0 {
			// create_from_instance: every parameter set to the attribute
			e := &ObjectTypeExtension{Base: x.Type}
			for _, n := range x.Type.TypeParams {
				e.Params, e.Set = append(e.Params, x.Attr(n)), append(e.Set, true)
			}
			return e
		}
		return x.Type
	case ObjectInstance:
		return x.ObjectType()
	case CallableValue:
		return x.CallableType()
	case IteratorValue:
		return NewIteratorType(x.ElementType())
	case Type:
		return &TypeType{Type: x}
	case RubyObject:
		return &RuntimeType{Runtime: "ruby", RuntimeName: x.RubyClass()}
	}
	return &RuntimeType{Runtime: "ruby"}
}

// RubyObject is an External value that stands for an object of a Ruby
// class Puppet has no type for (a Symbol in YAML data): it infers as
// Runtime[ruby, 'Class'].
type RubyObject interface {
	Value
	RubyClass() string
}

// InferSet returns the type of v keeping every detail (TypeCalculator#
// infer_set): arrays become Tuples and hashes with string keys Structs.
func InferSet(v Value) Type {
	switch x := v.(type) {
	case *Array:
		if x.Len() == 0 {
			return emptyArrayT
		}
		ts := make([]Type, x.Len())
		for i, e := range x.elems {
			ts[i] = InferSet(e)
		}
		return &TupleType{Types: ts}
	case *Hash:
		if x.Len() == 0 {
			return emptyHashT
		}
		allStrings := true
		for _, k := range x.keys {
			if s, ok := k.(String); !ok || s == "" {
				allStrings = false
				break
			}
		}
		if allStrings {
			els := make([]*StructElement, x.Len())
			for i, k := range x.keys {
				els[i] = &StructElement{Key: stringValueType(string(k.(String))), Value: InferSet(x.vals[i])}
			}
			return &StructType{Elements: els}
		}
		ks := make([]Type, x.Len())
		vs := make([]Type, x.Len())
		for i, k := range x.keys {
			ks[i] = InferSet(k)
			vs[i] = InferSet(x.vals[i])
		}
		n := int64(x.Len())
		return &HashType{Key: VariantOf(ks...), Value: VariantOf(vs...), Size: &IntegerType{From: n, To: n}}
	case *SemVer:
		return &SemVerType{Ranges: []*SemVerRange{NewSemVerRangeBetween(x, x, false)}}
	}
	return Infer(v)
}

// commonType is TypeCalculator#common_type: the narrowest type both t1 and
// t2 are assignable to, as Puppet computes it for inference.
func commonType(t1, t2 Type) Type {
	if t1 == nil {
		return t2
	}
	if t2 == nil {
		return t1
	}
	if _, ok := t1.(*UndefType); ok {
		return t2
	}
	if _, ok := t2.(*UndefType); ok {
		return t1
	}
	if _, ok := t1.(*UnitType); ok {
		return t2
	}
	if _, ok := t2.(*UnitType); ok {
		return t1
	}
	if IsAssignable(t1, t2) {
		return t1
	}
	if IsAssignable(t2, t1) {
		return t2
	}
	switch a := t1.(type) {
	case *ArrayType:
		if b, ok := t2.(*ArrayType); ok {
			return NewArrayType(commonType(a.Elem, b.Elem), nil)
		}
	case *HashType:
		if b, ok := t2.(*HashType); ok {
			return NewHashType(commonType(a.Key, b.Key), commonType(a.Value, b.Value), nil)
		}
	case *ClassType:
		if _, ok := t2.(*ClassType); ok {
			return ClassT
		}
	case *ResourceType:
		if b, ok := t2.(*ResourceType); ok {
			if a.TypeName == b.TypeName {
				return NewResourceType(a.TypeName, "", false)
			}
			return ResourceT
		}
	case *IntegerType:
		if b, ok := t2.(*IntegerType); ok {
			return NewIntegerType(min64(a.From, b.From), max64(a.To, b.To))
		}
	case *FloatType:
		if b, ok := t2.(*FloatType); ok {
			from, to := a.From, a.To
			if b.From < from {
				from = b.From
			}
			if b.To > to {
				to = b.To
			}
			return NewFloatType(from, to)
		}
	case *StringType:
		switch b := t2.(type) {
		case *EnumType:
			if !a.HasValue {
				return EnumT
			}
			return NewEnumType(append(append([]string(nil), b.Values...), a.Value), false)
		case *StringType:
			if a.Size == nil || b.Size == nil {
				if !a.HasValue || !b.HasValue {
					return StringT
				}
				return NewEnumType([]string{a.Value, b.Value}, false)
			}
			return NewStringType(commonType(a.Size, b.Size).(*IntegerType))
		}
	case *PatternType:
		if b, ok := t2.(*PatternType); ok {
			return NewPatternType(append(append([]*RegexpType(nil), a.Patterns...), b.Patterns...))
		}
	case *EnumType:
		switch b := t2.(type) {
		case *EnumType:
			return NewEnumType(append(append([]string(nil), a.Values...), b.Values...), false)
		case *StringType:
			if !b.HasValue {
				return EnumT
			}
			return NewEnumType(append(append([]string(nil), a.Values...), b.Value), false)
		}
	case *VariantType:
		if b, ok := t2.(*VariantType); ok {
			return VariantOf(append(append([]Type(nil), a.Types...), b.Types...)...)
		}
	case *RegexpType:
		if _, ok := t2.(*RegexpType); ok {
			return RegexpT
		}
	case *CallableType:
		if _, ok := t2.(*CallableType); ok {
			return CallableT
		}
	}
	if IsAssignable(NumericT, t1) && IsAssignable(NumericT, t2) {
		return NumericT
	}
	if IsAssignable(ScalarDataT, t1) && IsAssignable(ScalarDataT, t2) {
		return ScalarDataT
	}
	if IsAssignable(ScalarT, t1) && IsAssignable(ScalarT, t2) {
		return ScalarT
	}
	if IsAssignable(DataT, t1) && IsAssignable(DataT, t2) {
		return DataT
	}
	if a, ok := t1.(*TypeType); ok {
		if b, ok := t2.(*TypeType); ok {
			return NewTypeType(commonType(a.Type, b.Type))
		}
	}
	if IsAssignable(RichDataT, t1) && IsAssignable(RichDataT, t2) {
		return RichDataT
	}
	return AnyT
}
