package values

// Generalize returns t without its value-specific parts (ranges, string
// values, sizes), as PAnyType#generalize.
func Generalize(t Type) Type {
	switch x := t.(type) {
	case nil:
		return nil
	case *IntegerType:
		return IntegerT
	case *FloatType:
		return FloatT
	case *StringType:
		return StringT
	case *BooleanType:
		return BooleanT
	case *EnumType:
		if len(x.Values) == 0 {
			return StringT
		}
		min, max := enumLengthRange(x.Values)
		return &StringType{Size: &IntegerType{From: min, To: max}}
	case *CollectionType:
		return CollectionT
	case *TimespanType:
		return TimespanT
	case *TimestampType:
		return TimestampT
	case *ArrayType:
		if TypeEqual(x.Elem, AnyT) {
			return ArrayT
		}
		ge := Generalize(x.Elem)
		if x.Size == nil && ge == x.Elem {
			return x
		}
		return NewArrayType(ge, nil)
	case *HashType:
		if TypeEqual(x, HashT) || x.isEmptyHash() {
			return x
		}
		k, v := Generalize(x.Key), Generalize(x.Value)
		if x.Size == nil && k == x.Key && v == x.Value {
			return x
		}
		return NewHashType(k, v, nil)
	case *TupleType:
		if len(x.Types) == 0 && x.Size == nil {
			return x
		}
		ts, changed := mapTypes(x.Types, Generalize)
		if !changed {
			return x
		}
		return &TupleType{Types: ts, Size: x.Size}
	case *StructType:
		if len(x.Elements) == 0 {
			return StructT
		}
		changed := false
		els := make([]*StructElement, len(x.Elements))
		for i, e := range x.Elements {
			gv := Generalize(e.Value)
			if gv != e.Value {
				changed = true
				els[i] = &StructElement{Key: e.Key, Value: gv}
			} else {
				els[i] = e
			}
		}
		if !changed {
			return x
		}
		return &StructType{Elements: els}
	case *VariantType:
		if len(x.Types) == 0 {
			return x
		}
		ts, changed := mapTypes(x.Types, Generalize)
		if !changed {
			return x
		}
		return VariantOf(ts...)
	case *OptionalType:
		return containedGeneralize(x.Type, func(c Type) Type { return &OptionalType{Type: c} }, x, OptionalT)
	case *NotUndefType:
		return containedGeneralize(x.Type, func(c Type) Type { return &NotUndefType{Type: c} }, x, NotUndefT)
	case *TypeType:
		return containedGeneralize(x.Type, func(c Type) Type { return &TypeType{Type: c} }, x, TypeT)
	case *IterableType:
		return containedGeneralize(x.Type, func(c Type) Type { return &IterableType{Type: c} }, x, IterableT)
	case *IteratorType:
		return containedGeneralize(x.Type, func(c Type) Type { return &IteratorType{Type: c} }, x, IteratorT)
	case *SensitiveType:
		return containedGeneralize(x.Type, func(c Type) Type { return &SensitiveType{Type: c} }, x, SensitiveT)
	case *CallableType:
		if x == CallableT {
			return x
		}
		var p *TupleType
		if x.Params != nil {
			p = Generalize(x.Params).(*TupleType)
		}
		return &CallableType{Params: p, Block: Generalize(x.Block), Return: Generalize(x.Return)}
	}
	return t
}

func containedGeneralize(c Type, mk func(Type) Type, self, dflt Type) Type {
	if c == nil {
		return dflt
	}
	g := Generalize(c)
	if g == c {
		return self
	}
	return mk(g)
}

func mapTypes(ts []Type, f func(Type) Type) ([]Type, bool) {
	out := make([]Type, len(ts))
	changed := false
	for i, t := range ts {
		out[i] = f(t)
		if out[i] != t {
			changed = true
		}
	}
	return out, changed
}

// Normalize simplifies t without changing what it describes, as Puppet
// does before describing mismatches and when resolving aliases: Variants
// are flattened and their enums, patterns and ranges merged, Optional and
// NotUndef are simplified.
func Normalize(t Type) Type {
	switch x := t.(type) {
	case *VariantType:
		return normalizeVariant(x)
	case *OptionalType:
		if x.Type == nil {
			return OptionalT
		}
		n := Normalize(x.Type)
		if nu, ok := n.(*NotUndefType); ok {
			return Normalize(NewOptionalType(nu.Type))
		}
		if IsAssignable(n, UndefT) {
			return n
		}
		if n == x.Type {
			return x
		}
		return &OptionalType{Type: n}
	case *NotUndefType:
		if x.Type == nil {
			return NotUndefT
		}
		n := Normalize(x.Type)
		if o, ok := n.(*OptionalType); ok {
			return Normalize(NewNotUndefType(o.Type))
		}
		if !IsAssignable(n, UndefT) {
			return n
		}
		if n == x.Type {
			return x
		}
		return NewNotUndefType(n)
	case *TypeType:
		if x.Type == nil {
			return TypeT
		}
		if n := Normalize(x.Type); n != x.Type {
			return &TypeType{Type: n}
		}
	case *IterableType:
		if x.Type != nil {
			if n := Normalize(x.Type); n != x.Type {
				return &IterableType{Type: n}
			}
		}
	case *IteratorType:
		if x.Type != nil {
			if n := Normalize(x.Type); n != x.Type {
				return &IteratorType{Type: n}
			}
		}
	case *SensitiveType:
		if n := Normalize(x.Type); n != x.Type {
			return &SensitiveType{Type: n}
		}
	case *CollectionType:
		return CollectionT
	case *ArrayType:
		if TypeEqual(x.Elem, AnyT) {
			return ArrayT
		}
		if n := Normalize(x.Elem); n != x.Elem {
			return NewArrayType(n, x.Size)
		}
	case *HashType:
		if TypeEqual(x, HashT) || x.isEmptyHash() {
			return x
		}
		k, v := Normalize(x.Key), Normalize(x.Value)
		if x.Size == nil && k == x.Key && v == x.Value {
			return x
		}
		return NewHashType(k, v, x.Size)
	case *TupleType:
		if len(x.Types) == 0 && x.Size == nil {
			return x
		}
		if ts, changed := mapTypes(x.Types, Normalize); changed {
			return &TupleType{Types: ts, Size: x.Size}
		}
	case *StructType:
		if len(x.Elements) == 0 {
			return StructT
		}
		changed := false
		els := make([]*StructElement, len(x.Elements))
		for i, e := range x.Elements {
			nv := Normalize(e.Value)
			if nv != e.Value {
				changed = true
				els[i] = &StructElement{Key: e.Key, Value: nv}
			} else {
				els[i] = e
			}
		}
		if changed {
			return &StructType{Elements: els}
		}
	case *CallableType:
		if x == CallableT || TypeEqual(x, CallableT) {
			return CallableT
		}
		var p *TupleType
		if x.Params != nil {
			p = Normalize(x.Params).(*TupleType)
		}
		var b, r Type
		if x.Block != nil {
			b = Normalize(x.Block)
		}
		if x.Return != nil {
			r = Normalize(x.Return)
		}
		if p == x.Params && b == x.Block && r == x.Return {
			return x
		}
		return &CallableType{Params: p, Block: b, Return: r}
	}
	return t
}

func normalizeVariant(v *VariantType) Type {
	if len(v.Types) == 0 {
		return v
	}
	types, modified := mapTypes(v.Types, Normalize)
	if !modified {
		types = v.Types
	}
	if len(types) == 1 {
		return types[0]
	}
	hasUndef := false
	for _, t := range types {
		switch t.(type) {
		case *UndefType, *OptionalType:
			hasUndef = true
		}
	}
	if hasUndef {
		var rest []Type
		for _, t := range types {
			switch x := t.(type) {
			case *UndefType:
				continue
			case *OptionalType:
				rest = append(rest, x.Type)
			default:
				rest = append(rest, t)
			}
		}
		var inner Type
		if len(rest) == 0 {
			inner = NewVariantType(nil)
		} else {
			inner = VariantOf(rest...)
		}
		return Normalize(NewOptionalType(inner))
	}
	types = flattenVariants(types)
	before := len(types)
	types = swapNotUndefs(types)
	types = mergeEnums(types)
	types = mergePatterns(types)
	types = mergeSemVers(types)
	types = mergeRanges(types)
	if len(types) == 1 {
		return types[0]
	}
	if modified || len(types) != before {
		return VariantOf(types...)
	}
	return v
}

func partition(types []Type, pred func(Type) bool) (yes, no []Type) {
	for _, t := range types {
		if pred(t) {
			yes = append(yes, t)
		} else {
			no = append(no, t)
		}
	}
	return
}

func swapNotUndefs(types []Type) []Type {
	if len(types) < 2 {
		return types
	}
	nus, others := partition(types, func(t Type) bool { _, ok := t.(*NotUndefType); return ok })
	if len(nus) < 2 {
		return types
	}
	inner := make([]Type, len(nus))
	for i, n := range nus {
		inner[i] = n.(*NotUndefType).Type
	}
	return append(others, NewNotUndefType(Normalize(VariantOf(inner...))))
}

func mergeEnums(types []Type) []Type {
	if len(types) > 1 {
		enums, others := partition(types, func(t Type) bool {
			switch x := t.(type) {
			case *EnumType:
				return len(x.Values) > 0 && !x.CaseInsensitive
			case *StringType:
				return x.HasValue
			}
			return false
		})
		if len(enums) > 1 {
			var vals []string
			for _, e := range enums {
				if s, ok := e.(*StringType); ok {
					vals = append(vals, s.Value)
				} else {
					vals = append(vals, e.(*EnumType).Values...)
				}
			}
			types = append(others, NewEnumType(vals, false))
		}
	}
	if len(types) > 1 {
		enums, others := partition(types, func(t Type) bool {
			x, ok := t.(*EnumType)
			return ok && len(x.Values) > 0 && x.CaseInsensitive
		})
		if len(enums) > 1 {
			var vals []string
			for _, e := range enums {
				for _, v := range e.(*EnumType).Values {
					vals = append(vals, toLowerASCII(v))
				}
			}
			types = append(others, NewEnumType(vals, true))
		}
	}
	return types
}

func mergePatterns(types []Type) []Type {
	if len(types) < 2 {
		return types
	}
	pats, others := partition(types, func(t Type) bool { _, ok := t.(*PatternType); return ok })
	if len(pats) < 2 {
		return types
	}
	var all []*RegexpType
	for _, p := range pats {
		all = append(all, p.(*PatternType).Patterns...)
	}
	return append(others, NewPatternType(all))
}

func mergeSemVers(types []Type) []Type {
	if len(types) < 2 {
		return types
	}
	svs, others := partition(types, func(t Type) bool { _, ok := t.(*SemVerType); return ok })
	if len(svs) < 2 {
		return types
	}
	var ranges []*SemVerRange
	for _, s := range svs {
		ranges = append(ranges, s.(*SemVerType).Ranges...)
	}
	return append([]Type{&SemVerType{Ranges: ranges}}, others...)
}

// mergeRanges merges overlapping or adjacent Integer ranges, then Float,
// Timespan and Timestamp ranges, in Puppet's order.
func mergeRanges(types []Type) []Type {
	types = mergeKind(types, func(t Type) bool { _, ok := t.(*IntegerType); return ok }, func(a, b Type) Type {
		x, y := a.(*IntegerType), b.(*IntegerType)
		intersect := !(x.To < y.From || y.To < x.From)
		adjacent := (x.To != maxInt && x.To+1 == y.From) || (y.To != maxInt && y.To+1 == x.From)
		if !intersect && !adjacent {
			return nil
		}
		return NewIntegerType(min64(x.From, y.From), max64(x.To, y.To))
	})
	types = mergeKind(types, func(t Type) bool { _, ok := t.(*FloatType); return ok }, func(a, b Type) Type {
		x, y := a.(*FloatType), b.(*FloatType)
		if x.To < y.From || y.To < x.From {
			return nil
		}
		from, to := x.From, x.To
		if y.From < from {
			from = y.From
		}
		if y.To > to {
			to = y.To
		}
		return NewFloatType(from, to)
	})
	types = mergeKind(types, func(t Type) bool { _, ok := t.(*TimespanType); return ok }, func(a, b Type) Type {
		x, y := a.(*TimespanType), b.(*TimespanType)
		if x.To < y.From || y.To < x.From {
			return nil
		}
		return &TimespanType{From: min64(x.From, y.From), To: max64(x.To, y.To)}
	})
	types = mergeKind(types, func(t Type) bool { _, ok := t.(*TimestampType); return ok }, func(a, b Type) Type {
		x, y := a.(*TimestampType), b.(*TimestampType)
		if x.To < y.From || y.To < x.From {
			return nil
		}
		return &TimestampType{From: min64(x.From, y.From), To: max64(x.To, y.To)}
	})
	return types
}

func mergeKind(types []Type, is func(Type) bool, merge func(a, b Type) Type) []Type {
	if len(types) < 2 {
		return types
	}
	ranges, others := partition(types, is)
	if len(ranges) < 2 {
		return types
	}
	var result []Type
	for len(ranges) > 0 {
		x := ranges[len(ranges)-1]
		ranges = ranges[:len(ranges)-1]
		var unmerged []Type
		memo := x
		for _, y := range ranges {
			if m := merge(memo, y); m == nil {
				unmerged = append(unmerged, y)
			} else {
				memo = m
			}
		}
		result = append(result, memo)
		ranges = unmerged
	}
	return append(result, others...)
}

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

func toLowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
