package values

import "math"

func isInf(f float64) bool { return math.IsInf(f, 0) }

// TypeEqual is structural type equality (Ruby's eql? on types): Variant and
// Pattern compare their members as sets.
func TypeEqual(a, b Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	switch x := a.(type) {
	case *AnyType, *UndefType, *DefaultType, *UnitType, *ScalarType, *ScalarDataType, *NumericType,
		*CatalogEntryType, *BinaryType, *SemVerRangeType:
		return sameKind(a, b)
	case *IntegerType:
		y, ok := b.(*IntegerType)
		return ok && x.From == y.From && x.To == y.To
	case *FloatType:
		y, ok := b.(*FloatType)
		return ok && x.From == y.From && x.To == y.To
	case *StringType:
		y, ok := b.(*StringType)
		return ok && sizeEqual(x.Size, y.Size) && x.HasValue == y.HasValue && x.Value == y.Value
	case *EnumType:
		y, ok := b.(*EnumType)
		return ok && x.CaseInsensitive == y.CaseInsensitive && stringsEqual(x.Values, y.Values)
	case *PatternType:
		y, ok := b.(*PatternType)
		if !ok || len(x.Patterns) != len(y.Patterns) {
			return false
		}
		for _, p := range x.Patterns {
			found := false
			for _, q := range y.Patterns {
				if p.Pattern == q.Pattern {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	case *RegexpType:
		y, ok := b.(*RegexpType)
		return ok && x.HasPattern == y.HasPattern && x.Pattern == y.Pattern
	case *BooleanType:
		y, ok := b.(*BooleanType)
		return ok && x.HasValue == y.HasValue && x.Value == y.Value
	case *CollectionType:
		y, ok := b.(*CollectionType)
		return ok && sizeEqual(x.Size, y.Size)
	case *ArrayType:
		y, ok := b.(*ArrayType)
		return ok && sizeEqual(x.Size, y.Size) && TypeEqual(x.Elem, y.Elem)
	case *HashType:
		y, ok := b.(*HashType)
		return ok && sizeEqual(x.Size, y.Size) && TypeEqual(x.Key, y.Key) && TypeEqual(x.Value, y.Value)
	case *TupleType:
		y, ok := b.(*TupleType)
		return ok && sizeEqual(x.Size, y.Size) && typesEqual(x.Types, y.Types)
	case *StructType:
		y, ok := b.(*StructType)
		if !ok || len(x.Elements) != len(y.Elements) {
			return false
		}
		for i, e := range x.Elements {
			if !TypeEqual(e.Key, y.Elements[i].Key) || !TypeEqual(e.Value, y.Elements[i].Value) {
				return false
			}
		}
		return true
	case *OptionalType:
		y, ok := b.(*OptionalType)
		return ok && TypeEqual(x.Type, y.Type)
	case *NotUndefType:
		y, ok := b.(*NotUndefType)
		return ok && TypeEqual(x.Type, y.Type)
	case *VariantType:
		y, ok := b.(*VariantType)
		if !ok || len(x.Types) != len(y.Types) {
			return false
		}
		for _, t := range x.Types {
			found := false
			for _, u := range y.Types {
				if TypeEqual(t, u) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	case *CallableType:
		y, ok := b.(*CallableType)
		return ok && TypeEqual(nilTuple(x.Params), nilTuple(y.Params)) && TypeEqual(x.Block, y.Block) && TypeEqual(x.Return, y.Return)
	case *TypeType:
		y, ok := b.(*TypeType)
		return ok && TypeEqual(x.Type, y.Type)
	case *ClassType:
		y, ok := b.(*ClassType)
		return ok && x.ClassName == y.ClassName
	case *ResourceType:
		y, ok := b.(*ResourceType)
		return ok && x.downcasedName() == y.downcasedName() && x.HasTitle == y.HasTitle && x.Title == y.Title
	case *IterableType:
		y, ok := b.(*IterableType)
		return ok && TypeEqual(x.Type, y.Type)
	case *IteratorType:
		y, ok := b.(*IteratorType)
		return ok && TypeEqual(x.Type, y.Type)
	case *RuntimeType:
		y, ok := b.(*RuntimeType)
		return ok && x.Runtime == y.Runtime && x.RuntimeName == y.RuntimeName
	case *SensitiveType:
		y, ok := b.(*SensitiveType)
		return ok && TypeEqual(x.Type, y.Type)
	case *TimespanType:
		y, ok := b.(*TimespanType)
		return ok && x.From == y.From && x.To == y.To
	case *TimestampType:
		y, ok := b.(*TimestampType)
		return ok && x.From == y.From && x.To == y.To
	case *SemVerType:
		y, ok := b.(*SemVerType)
		if !ok || len(x.Ranges) != len(y.Ranges) {
			return false
		}
		for i, r := range x.Ranges {
			if !r.Equal(y.Ranges[i]) {
				return false
			}
		}
		return true
	case *InitType:
		y, ok := b.(*InitType)
		if !ok || !TypeEqual(x.Type, y.Type) || len(x.Args) != len(y.Args) {
			return false
		}
		for i := range x.Args {
			if !Eql(x.Args[i], y.Args[i]) {
				return false
			}
		}
		return true
	case *URIType:
		y, ok := b.(*URIType)
		return ok && (x.Params == nil && y.Params == nil || x.Params != nil && y.Params != nil && Eql(x.Params, y.Params))
	case *TypeAliasType:
		y, ok := b.(*TypeAliasType)
		return ok && x.AliasName == y.AliasName
	case *TypeReferenceType:
		y, ok := b.(*TypeReferenceType)
		return ok && x.TypeString == y.TypeString
	case *ObjectType:
		y, ok := b.(*ObjectType)
		return ok && x.TypeName != "" && x.TypeName == y.TypeName
	case *ObjectTypeExtension:
		y, ok := b.(*ObjectTypeExtension)
		return ok && x.typeEqual(y)
	case *TypeSetType:
		_, ok := b.(*TypeSetType)
		return ok
	}
	return false
}

func nilTuple(t *TupleType) Type {
	if t == nil {
		return nil
	}
	return t
}

func sameKind(a, b Type) bool { return a.Name() == b.Name() && sameGoType(a, b) }

func sameGoType(a, b Type) bool {
	switch a.(type) {
	case *AnyType:
		_, ok := b.(*AnyType)
		return ok
	case *UndefType:
		_, ok := b.(*UndefType)
		return ok
	case *DefaultType:
		_, ok := b.(*DefaultType)
		return ok
	case *UnitType:
		_, ok := b.(*UnitType)
		return ok
	case *ScalarType:
		_, ok := b.(*ScalarType)
		return ok
	case *ScalarDataType:
		_, ok := b.(*ScalarDataType)
		return ok
	case *NumericType:
		_, ok := b.(*NumericType)
		return ok
	case *CatalogEntryType:
		_, ok := b.(*CatalogEntryType)
		return ok
	case *BinaryType:
		_, ok := b.(*BinaryType)
		return ok
	case *SemVerRangeType:
		_, ok := b.(*SemVerRangeType)
		return ok
	}
	return false
}

func sizeEqual(a, b *IntegerType) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.From == b.From && a.To == b.To
}

func stringsEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func typesEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !TypeEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}
