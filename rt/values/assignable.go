package values

// guard protects checks against endless recursion through recursive type
// aliases. Assignability is coinductive: a pair (alias, other) seen again on
// the same path is taken as assignable, as Puppet's RecursionGuard does once
// recursion shows on both sides.
type guard struct {
	depth int
	pairs map[guardKey]bool
}

// guardKey identifies the expansion of an alias on one side of a check.
type guardKey struct {
	this, that Type
	thatSide   bool
}

// seen records the expansion and reports whether it was already under way.
func (g *guard) seen(k guardKey) bool {
	if g.pairs == nil {
		g.pairs = map[guardKey]bool{}
	}
	if g.pairs[k] {
		return true
	}
	g.pairs[k] = true
	return false
}

const maxGuardDepth = 400

func (g *guard) enter() bool {
	if g == nil {
		return true
	}
	g.depth++
	return g.depth < maxGuardDepth
}

func (g *guard) leave() {
	if g != nil {
		g.depth--
	}
}

// IsAssignable reports whether every value of type o is also a value of
// type t (TypeCalculator.assignable?).
func IsAssignable(t, o Type) bool { return isAssignable(t, o, nil) }

func isAssignable(t, o Type, g *guard) bool {
	if t == o {
		return true
	}
	switch tt := t.(type) {
	case *UnitType:
		return true
	case *VariantType:
		return variantAssignable(tt, o, g)
	case *TypeAliasType:
		if g == nil {
			g = &guard{}
		}
		key := guardKey{this: t, that: o}
		if g.seen(key) {
			return true
		}
		defer delete(g.pairs, key)
		return anyAssignable(t, o, g)
	}
	return anyAssignable(t, o, g)
}

// anyAssignable is PAnyType#assignable?: the generic handling of the other
// side before the per-type rule.
func anyAssignable(t, o Type, g *guard) bool {
	switch ot := o.(type) {
	case *UnitType:
		return true
	case *TypeAliasType:
		if g == nil {
			g = &guard{}
		}
		key := guardKey{this: t, that: o, thatSide: true}
		if g.seen(key) {
			return true
		}
		defer delete(g.pairs, key)
		return isAssignable(t, ot.ResolvedType(), g)
	case *VariantType:
		if _, ok := t.(*AnyType); ok {
			return true
		}
		if _, ok := t.(*NotUndefType); ok && len(ot.Types) == 0 {
			return t.assignableFrom(o, g)
		}
		if len(ot.Types) == 0 {
			return false
		}
		for _, vt := range ot.Types {
			if !isAssignable(t, vt, g) {
				return false
			}
		}
		return true
	case *OptionalType:
		return isAssignable(t, UndefT, g) && (ot.Type == nil || isAssignable(t, ot.Type, g))
	case *NotUndefType:
		if !(ot.Type == nil || isAssignable(ot.Type, UndefT, g)) {
			return isAssignable(t, ot.Type, g)
		}
		return t.assignableFrom(o, g)
	}
	return t.assignableFrom(o, g)
}

func variantAssignable(t *VariantType, o Type, g *guard) bool {
	if _, ok := o.(*UndefType); ok && len(t.Types) == 0 {
		return false
	}
	ov, ok := o.(*VariantType)
	if !ok {
		return anyAssignable(t, o, g)
	}
	if len(t.Types) == 0 {
		return true
	}
	if len(ov.Types) == 0 {
		return false
	}
	for _, vt := range ov.Types {
		if !anyAssignable(t, vt, g) {
			return false
		}
	}
	return true
}

func (t *AnyType) assignableFrom(o Type, g *guard) bool  { return true }
func (t *UnitType) assignableFrom(o Type, g *guard) bool { return true }

func (t *UndefType) assignableFrom(o Type, g *guard) bool {
	_, ok := o.(*UndefType)
	return ok
}

func (t *DefaultType) assignableFrom(o Type, g *guard) bool {
	_, ok := o.(*DefaultType)
	return ok
}

func (t *NotUndefType) assignableFrom(o Type, g *guard) bool {
	return !isAssignable(o, UndefT, g) && (t.Type == nil || isAssignable(t.Type, o, g))
}

func (t *ScalarType) assignableFrom(o Type, g *guard) bool {
	switch o.(type) {
	case *ScalarType, *ScalarDataType, *StringType, *EnumType, *PatternType, *IntegerType, *FloatType, *NumericType,
		*BooleanType, *RegexpType, *SemVerType, *SemVerRangeType, *TimespanType, *TimestampType:
		return true
	}
	return false
}

func (t *ScalarDataType) assignableFrom(o Type, g *guard) bool {
	switch o.(type) {
	case *ScalarDataType, *StringType, *EnumType, *PatternType, *IntegerType, *FloatType, *NumericType, *BooleanType:
		return true
	}
	return false
}

func (t *NumericType) assignableFrom(o Type, g *guard) bool {
	switch o.(type) {
	case *NumericType, *IntegerType, *FloatType:
		return true
	}
	return false
}

func (t *IntegerType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*IntegerType)
	return ok && t.From <= ot.From && t.To >= ot.To
}

func (t *FloatType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*FloatType)
	return ok && t.From <= ot.From && t.To >= ot.To
}

func (t *StringType) assignableFrom(o Type, g *guard) bool {
	if t.Size != nil {
		switch ot := o.(type) {
		case *StringType:
			return isAssignable(t.Size, ot.derivedSize(), g)
		case *EnumType:
			if len(ot.Values) == 0 {
				return isAssignable(t.Size, defaultSize, g)
			}
			min, max := enumLengthRange(ot.Values)
			return t.Size.From <= min && t.Size.To >= max
		case *PatternType:
			return isAssignable(t.Size, defaultSize, g)
		}
		return false
	}
	switch ot := o.(type) {
	case *StringType:
		if !t.HasValue {
			return true
		}
		return ot.HasValue && ot.Value == t.Value && ot.Size == nil
	case *EnumType:
		if !t.HasValue {
			return true
		}
		return len(ot.Values) == 1 && !ot.CaseInsensitive && ot.Values[0] != ""
	case *PatternType:
		return !t.HasValue
	}
	return false
}

func enumLengthRange(values []string) (int64, int64) {
	min, max := int64(maxInt), int64(0)
	for _, v := range values {
		n := int64(len([]rune(v)))
		if n < min {
			min = n
		}
		if n > max {
			max = n
		}
	}
	return min, max
}

func (t *EnumType) assignableFrom(o Type, g *guard) bool {
	if TypeEqual(t, o) {
		return true
	}
	if len(t.Values) == 0 {
		switch o.(type) {
		case *StringType, *EnumType, *PatternType:
			return true
		}
	}
	switch ot := o.(type) {
	case *StringType:
		return ot.HasValue && t.instanceOf(String(ot.Value), g)
	case *EnumType:
		if len(ot.Values) == 0 || (!t.CaseInsensitive && ot.CaseInsensitive) {
			return false
		}
		for _, s := range ot.Values {
			if !t.instanceOf(String(s), g) {
				return false
			}
		}
		return true
	}
	return false
}

func (t *PatternType) assignableFrom(o Type, g *guard) bool {
	if TypeEqual(t, o) {
		return true
	}
	switch ot := o.(type) {
	case *StringType:
		if !ot.HasValue {
			return len(t.Patterns) == 0
		}
		return len(t.Patterns) == 0 || t.matchesAny(ot.Value)
	case *EnumType:
		if len(ot.Values) == 0 {
			return len(t.Patterns) == 0
		}
		if len(t.Patterns) == 0 {
			return true
		}
		for _, s := range ot.Values {
			if !t.matchesAny(s) {
				return false
			}
		}
		return true
	case *PatternType:
		return len(t.Patterns) == 0
	}
	return false
}

func (t *PatternType) matchesAny(s string) bool {
	for _, p := range t.Patterns {
		if p.regexp().MatchString(s) {
			return true
		}
	}
	return false
}

func (t *RegexpType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*RegexpType)
	return ok && (!t.HasPattern || ot.HasPattern && t.Pattern == ot.Pattern)
}

func (t *BooleanType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*BooleanType)
	return ok && (!t.HasValue || ot.HasValue && t.Value == ot.Value)
}

func (t *CollectionType) assignableFrom(o Type, g *guard) bool {
	return collectionAssignable(sizeOr(t.Size), o, g)
}

func collectionAssignable(size *IntegerType, o Type, g *guard) bool {
	switch ot := o.(type) {
	case *CollectionType:
		return isAssignable(size, sizeOr(ot.Size), g)
	case *ArrayType:
		return isAssignable(size, sizeOr(ot.Size), g)
	case *HashType:
		return isAssignable(size, sizeOr(ot.Size), g)
	case *TupleType:
		so := ot.Size
		if so == nil {
			n := int64(len(ot.Types))
			so = &IntegerType{From: n, To: n}
		}
		return isAssignable(size, so, g)
	case *StructType:
		n := int64(len(ot.Elements))
		return isAssignable(size, &IntegerType{From: n, To: n}, g)
	}
	return false
}

func (t *ArrayType) assignableFrom(o Type, g *guard) bool {
	switch ot := o.(type) {
	case *TupleType:
		ss := sizeOr(t.Size)
		so := ot.Size
		if so == nil {
			n := int64(len(ot.Types))
			so = &IntegerType{From: n, To: n}
		}
		if !isAssignable(ss, so, g) {
			return false
		}
		for _, e := range ot.Types {
			if !isAssignable(t.Elem, e, g) {
				return false
			}
		}
		return true
	case *ArrayType:
		return collectionAssignable(sizeOr(t.Size), o, g) && isAssignable(t.Elem, ot.Elem, g)
	}
	return false
}

func (t *HashType) assignableFrom(o Type, g *guard) bool {
	switch ot := o.(type) {
	case *HashType:
		if (t.Size == nil || t.Size.From == 0) && ot.isEmptyHash() {
			return true
		}
		if !isAssignable(t.Key, ot.Key, g) || !isAssignable(t.Value, ot.Value, g) {
			return false
		}
		return collectionAssignable(sizeOr(t.Size), o, g)
	case *StructType:
		if !sizeOr(t.Size).instanceOf(Int(len(ot.Elements)), g) {
			return false
		}
		for _, e := range ot.Elements {
			if !t.Key.instanceOf(String(e.elementName()), g) || !isAssignable(t.Value, e.Value, g) {
				return false
			}
		}
		return true
	}
	return false
}

func (t *HashType) isEmptyHash() bool {
	if t.Size == nil || t.Size.From != 0 || t.Size.To != 0 {
		return false
	}
	_, k := t.Key.(*UnitType)
	_, v := t.Value.(*UnitType)
	return k && v
}

func (t *TupleType) assignableFrom(o Type, g *guard) bool {
	if TypeEqual(t, o) {
		return true
	}
	sizeS := t.sizeType()
	switch ot := o.(type) {
	case *TupleType:
		if !isAssignable(sizeS, ot.sizeType(), g) {
			return false
		}
		if len(t.Types) > 0 {
			if len(ot.Types) == 0 {
				return sizeS.From == 0
			}
			for i, e := range ot.Types {
				if !isAssignable(t.typeAt(i), e, g) {
					return false
				}
			}
		}
		return true
	case *ArrayType:
		sizeO := sizeOr(ot.Size)
		if !isAssignable(sizeS, sizeO, g) {
			return false
		}
		if len(t.Types) > 0 {
			n := int64(len(t.Types))
			if sizeO.To < n {
				n = sizeO.To
			}
			for i := int64(0); i < n; i++ {
				if !isAssignable(t.typeAt(int(i)), ot.Elem, g) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// typeAt is the type for element i (the last type repeats).
func (t *TupleType) typeAt(i int) Type {
	if i < len(t.Types) {
		return t.Types[i]
	}
	return t.Types[len(t.Types)-1]
}

func (t *StructType) assignableFrom(o Type, g *guard) bool {
	switch ot := o.(type) {
	case *StructType:
		matched := 0
		for _, e1 := range t.Elements {
			e2 := ot.element(e1.elementName())
			if e2 == nil {
				if !e1.keyOptional(g) {
					return false
				}
				continue
			}
			matched++
			if !isAssignable(e1.Key, e2.Key, g) || !isAssignable(e1.Value, e2.Value, g) {
				return false
			}
		}
		return matched == len(ot.Elements)
	case *HashType:
		required := int64(0)
		for _, e := range t.Elements {
			if isAssignable(e.Key, UndefT, nil) {
				continue
			}
			required++
			if !isAssignable(e.Value, ot.Value, g) || !isAssignable(Generalize(e.Key), ot.Key, nil) {
				return false
			}
		}
		return isAssignable(&IntegerType{From: required, To: int64(len(t.Elements))}, sizeOr(ot.Size), g)
	}
	return false
}

func (t *OptionalType) assignableFrom(o Type, g *guard) bool {
	if _, ok := o.(*UndefType); ok {
		return true
	}
	if t.Type == nil {
		return true
	}
	if ot, ok := o.(*OptionalType); ok {
		if ot.Type == nil {
			return isAssignable(t.Type, AnyT, g)
		}
		return isAssignable(t.Type, ot.Type, g)
	}
	return isAssignable(t.Type, o, g)
}

func (t *VariantType) assignableFrom(o Type, g *guard) bool {
	for _, vt := range t.Types {
		if isAssignable(vt, o, g) {
			return true
		}
	}
	return false
}

func (t *CallableType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*CallableType)
	if !ok {
		return false
	}
	if t.Return != nil {
		r := ot.Return
		if r == nil {
			r = AnyT
		}
		if !isAssignable(t.Return, r, g) {
			return false
		}
	}
	if t.Params == nil {
		return true
	}
	if ot.Params == nil || !isAssignable(ot.Params, t.Params, g) {
		return false
	}
	var thisBlock, thatBlock Type = UndefT, UndefT
	if t.Block != nil {
		thisBlock = t.Block
	}
	if ot.Block != nil {
		thatBlock = ot.Block
	}
	return isAssignable(thatBlock, thisBlock, g)
}

func (t *TypeType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*TypeType)
	if !ok {
		return false
	}
	if t.Type == nil {
		return true
	}
	if ot.Type == nil {
		return false
	}
	return isAssignable(t.Type, ot.Type, g)
}

func (t *CatalogEntryType) assignableFrom(o Type, g *guard) bool {
	switch o.(type) {
	case *CatalogEntryType, *ClassType, *ResourceType:
		return true
	}
	return false
}

func (t *ClassType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*ClassType)
	return ok && (t.ClassName == "" || t.ClassName == ot.ClassName)
}

func (t *ResourceType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*ResourceType)
	if !ok {
		return false
	}
	if t.TypeName == "" {
		return true
	}
	return t.downcasedName() == ot.downcasedName() && (!t.HasTitle || ot.HasTitle && t.Title == ot.Title)
}

func (t *IterableType) assignableFrom(o Type, g *guard) bool {
	if t.Type == nil || isAssignable(t.Type, AnyT, g) {
		return isIterableType(o, g)
	}
	it := iterableTypeOf(o, g)
	if it == nil || it.Type == nil {
		return false
	}
	return isAssignable(t.Type, it.Type, g)
}

func (t *IteratorType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*IteratorType)
	if !ok {
		return false
	}
	if t.Type == nil {
		return true
	}
	e := ot.Type
	if e == nil {
		e = AnyT
	}
	return isAssignable(t.Type, e, g)
}

func (t *RuntimeType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*RuntimeType)
	if !ok {
		return false
	}
	if t.Runtime == "" {
		return true
	}
	if t.Runtime != ot.Runtime {
		return false
	}
	return t.RuntimeName == "" || t.RuntimeName == ot.RuntimeName
}

func (t *SensitiveType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*SensitiveType)
	return ok && isAssignable(t.Type, ot.Type, g)
}

func (t *TimespanType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*TimespanType)
	return ok && t.From <= ot.From && t.To >= ot.To
}

func (t *TimestampType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*TimestampType)
	return ok && t.From <= ot.From && t.To >= ot.To
}

func (t *BinaryType) assignableFrom(o Type, g *guard) bool {
	_, ok := o.(*BinaryType)
	return ok
}

func (t *SemVerType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*SemVerType)
	if !ok {
		return false
	}
	if len(t.Ranges) == 0 {
		return true
	}
	if len(ot.Ranges) == 0 {
		return false
	}
	for _, or := range ot.Ranges {
		covered := false
		for _, r := range t.Ranges {
			if semverRangeCoveredBy(or, r) {
				covered = true
				break
			}
		}
		if !covered {
			return false
		}
	}
	return true
}

func semverRangeCoveredBy(a, b *SemVerRange) bool {
	as, bs := a.single(), b.single()
	if as == nil || bs == nil {
		return false
	}
	ce := bs.end().Compare(as.end())
	return bs.begin().Compare(as.begin()) <= 0 && (ce > 0 || ce == 0 && (!bs.excludeEnd() || as.excludeEnd()))
}

func (t *SemVerRangeType) assignableFrom(o Type, g *guard) bool {
	_, ok := o.(*SemVerRangeType)
	return ok
}

func (t *InitType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*InitType)
	if !ok {
		return false
	}
	if t.Type == nil {
		return true
	}
	return ot.Type != nil && isAssignable(t.Type, ot.Type, g)
}

func (t *URIType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*URIType)
	if !ok {
		return false
	}
	return t.Params == nil || ot.Params != nil && Equals(t.Params, ot.Params)
}

func (t *TypeReferenceType) assignableFrom(o Type, g *guard) bool {
	ot, ok := o.(*TypeReferenceType)
	return ok && ot.TypeString == t.TypeString
}

// isIterableType reports whether instances of t can be iterated.
func isIterableType(t Type, g *guard) bool {
	switch tt := t.(type) {
	case *StringType, *EnumType, *IntegerType, *CollectionType, *ArrayType, *HashType, *TupleType, *StructType,
		*IterableType, *IteratorType:
		return true
	case *TypeType:
		switch it := tt.Type.(type) {
		case *EnumType:
			return true
		case *IntegerType:
			return it.finite()
		}
	case *TypeAliasType:
		if !g.enter() {
			return false
		}
		defer g.leave()
		return isIterableType(tt.ResolvedType(), g)
	}
	return false
}

// iterableTypeOf returns the Iterable type that t is assignable to, or nil.
func iterableTypeOf(t Type, g *guard) *IterableType {
	switch tt := t.(type) {
	case *StringType, *EnumType:
		return &IterableType{Type: NewStringType(&IntegerType{From: 1, To: 1})}
	case *IntegerType:
		return &IterableType{Type: IntegerT}
	case *CollectionType:
		return IterableT
	case *ArrayType:
		if tt.Elem == AnyT {
			return IterableT
		}
		return &IterableType{Type: tt.Elem}
	case *HashType:
		if TypeEqual(tt, HashT) || tt.isEmptyHash() {
			return &IterableType{Type: defaultKVPair}
		}
		return &IterableType{Type: &TupleType{Types: []Type{tt.Key, tt.Value}, Size: pairSize}}
	case *TupleType:
		return &IterableType{Type: VariantOf(tt.Types...)}
	case *StructType:
		if len(tt.Elements) == 0 {
			return &IterableType{Type: defaultKVPair}
		}
		ks := make([]Type, len(tt.Elements))
		vs := make([]Type, len(tt.Elements))
		for i, e := range tt.Elements {
			ks[i], vs[i] = e.Key, e.Value
		}
		return &IterableType{Type: &TupleType{Types: []Type{VariantOf(ks...), VariantOf(vs...)}, Size: pairSize}}
	case *IterableType:
		return tt
	case *IteratorType:
		if tt.Type == nil {
			return IterableT
		}
		return &IterableType{Type: tt.Type}
	case *TypeType:
		switch it := tt.Type.(type) {
		case *EnumType:
			return &IterableType{Type: it}
		case *IntegerType:
			if it.finite() {
				return &IterableType{Type: it}
			}
		}
	case *TypeAliasType:
		if !g.enter() {
			return nil
		}
		defer g.leave()
		return iterableTypeOf(tt.ResolvedType(), g)
	}
	return nil
}
