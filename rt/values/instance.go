package values

import "strings"

// IsInstance reports whether v is an instance of t (TypeCalculator.instance?).
func IsInstance(t Type, v Value) bool {
	if v == nil {
		v = Undef
	}
	return t.instanceOf(v, nil)
}

// CallableValue is implemented by runtime values that can be called
// (lambdas, functions) so that Callable types can check them.
type CallableValue interface {
	Value
	CallableType() *CallableType
}

// IteratorValue is implemented by runtime iterators so that Iterator and
// Iterable types can check them.
type IteratorValue interface {
	Value
	ElementType() Type
}

func (t *AnyType) instanceOf(v Value, g *guard) bool  { return true }
func (t *UnitType) instanceOf(v Value, g *guard) bool { return true }

func (t *UndefType) instanceOf(v Value, g *guard) bool {
	_, ok := v.(UndefValue)
	return ok
}

func (t *DefaultType) instanceOf(v Value, g *guard) bool {
	_, ok := v.(DefaultValue)
	return ok
}

func (t *NotUndefType) instanceOf(v Value, g *guard) bool {
	if _, ok := v.(UndefValue); ok {
		return false
	}
	return t.Type == nil || t.Type.instanceOf(v, g)
}

func (t *ScalarType) instanceOf(v Value, g *guard) bool {
	switch v.(type) {
	case String, Int, Float, Bool, *Regexp, Timespan, Timestamp, *SemVer, *SemVerRange:
		return true
	}
	return false
}

func (t *ScalarDataType) instanceOf(v Value, g *guard) bool {
	switch v.(type) {
	case String, Int, Float, Bool:
		return true
	}
	return false
}

func (t *NumericType) instanceOf(v Value, g *guard) bool {
	switch v.(type) {
	case Int, Float:
		return true
	}
	return false
}

func (t *IntegerType) instanceOf(v Value, g *guard) bool {
	i, ok := v.(Int)
	return ok && int64(i) >= t.From && int64(i) <= t.To
}

func (t *FloatType) instanceOf(v Value, g *guard) bool {
	f, ok := v.(Float)
	return ok && float64(f) >= t.From && float64(f) <= t.To
}

func (t *StringType) instanceOf(v Value, g *guard) bool {
	s, ok := v.(String)
	if !ok {
		return false
	}
	if t.Size != nil {
		n := int64(len(s))
		if n > t.Size.To || n < t.Size.From || !IsASCII(string(s)) {
			n = int64(runeCount(string(s)))
		}
		return n >= t.Size.From && n <= t.Size.To
	}
	return !t.HasValue || string(s) == t.Value
}

// IsASCII reports whether s has only ASCII bytes.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func runeCount(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

func (t *EnumType) instanceOf(v Value, g *guard) bool {
	s, ok := v.(String)
	if !ok {
		return false
	}
	if t.CaseInsensitive {
		for _, e := range t.Values {
			if asciiEqualFold(e, string(s)) {
				return true
			}
		}
		return false
	}
	for _, e := range t.Values {
		if e == string(s) {
			return true
		}
	}
	return false
}

// asciiEqualFold is Ruby's casecmp == 0: only ASCII letters fold.
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

func (t *PatternType) instanceOf(v Value, g *guard) bool {
	s, ok := v.(String)
	return ok && (len(t.Patterns) == 0 || t.matchesAny(string(s)))
}

func (t *RegexpType) instanceOf(v Value, g *guard) bool {
	r, ok := v.(*Regexp)
	return ok && (!t.HasPattern || r.source == t.Pattern)
}

func (t *BooleanType) instanceOf(v Value, g *guard) bool {
	b, ok := v.(Bool)
	return ok && (!t.HasValue || bool(b) == t.Value)
}

func (t *CollectionType) instanceOf(v Value, g *guard) bool {
	var n int
	switch x := v.(type) {
	case *Array:
		n = x.Len()
	case *Hash:
		n = x.Len()
	default:
		return false
	}
	return t.Size == nil || t.Size.instanceOf(Int(n), g)
}

func (t *ArrayType) instanceOf(v Value, g *guard) bool {
	a, ok := v.(*Array)
	if !ok {
		return false
	}
	if t.Size != nil && (int64(a.Len()) < t.Size.From || int64(a.Len()) > t.Size.To) {
		return false
	}
	if t.Elem == AnyT {
		return true
	}
	for _, e := range a.elems {
		if !t.Elem.instanceOf(e, g) {
			return false
		}
	}
	return true
}

func (t *HashType) instanceOf(v Value, g *guard) bool {
	h, ok := v.(*Hash)
	if !ok {
		return false
	}
	if t.Size != nil && (int64(h.Len()) < t.Size.From || int64(h.Len()) > t.Size.To) {
		return false
	}
	if t.Key != AnyT {
		for _, k := range h.keys {
			if !t.Key.instanceOf(k, g) {
				return false
			}
		}
	}
	if t.Value != AnyT {
		for _, e := range h.vals {
			if !t.Value.instanceOf(e, g) {
				return false
			}
		}
	}
	return true
}

func (t *TupleType) instanceOf(v Value, g *guard) bool {
	a, ok := v.(*Array)
	if !ok {
		return false
	}
	n := int64(a.Len())
	if t.Size != nil {
		if n < t.Size.From || n > t.Size.To {
			return false
		}
	} else if len(t.Types) > 0 && int64(len(t.Types)) != n {
		return false
	}
	if len(t.Types) == 0 {
		return true
	}
	for i, e := range a.elems {
		if !t.typeAt(i).instanceOf(e, g) {
			return false
		}
	}
	return true
}

func (t *StructType) instanceOf(v Value, g *guard) bool {
	h, ok := v.(*Hash)
	if !ok {
		return false
	}
	matched := 0
	for _, e := range t.Elements {
		ev, present := h.GetString(e.elementName())
		if !present {
			if !e.keyOptional(g) {
				return false
			}
			continue
		}
		matched++
		if !e.Value.instanceOf(ev, g) {
			return false
		}
	}
	return matched == h.Len()
}

func (t *OptionalType) instanceOf(v Value, g *guard) bool {
	if _, ok := v.(UndefValue); ok {
		return true
	}
	return t.Type != nil && t.Type.instanceOf(v, g)
}

func (t *VariantType) instanceOf(v Value, g *guard) bool {
	for _, vt := range t.Types {
		if vt.instanceOf(v, g) {
			return true
		}
	}
	return false
}

func (t *CallableType) instanceOf(v Value, g *guard) bool {
	c, ok := v.(CallableValue)
	return ok && isAssignable(t, c.CallableType(), g)
}

func (t *TypeType) instanceOf(v Value, g *guard) bool {
	vt, ok := v.(Type)
	return ok && (t.Type == nil || isAssignable(t.Type, vt, g))
}

// Catalog entries (resources, classes) are runtime objects, not values of
// this package; types (including resource references) are not instances.
func (t *CatalogEntryType) instanceOf(v Value, g *guard) bool { return false }
func (t *ClassType) instanceOf(v Value, g *guard) bool        { return false }
func (t *ResourceType) instanceOf(v Value, g *guard) bool     { return false }

func (t *IterableType) instanceOf(v Value, g *guard) bool {
	if t.Type == nil || isAssignable(t.Type, AnyT, g) {
		switch x := v.(type) {
		case String, *Hash, *Array, IteratorValue, *EnumType:
			return true
		case Int:
			return x >= 0
		case *IntegerType:
			return x.finite()
		case *TypeAliasType:
			return t.instanceOf(x.ResolvedType(), g)
		}
		return false
	}
	return isAssignable(t, Infer(v), g)
}

func (t *IteratorType) instanceOf(v Value, g *guard) bool {
	it, ok := v.(IteratorValue)
	return ok && (t.Type == nil || isAssignable(t.Type, it.ElementType(), g))
}

func (t *RuntimeType) instanceOf(v Value, g *guard) bool { return false }

func (t *SensitiveType) instanceOf(v Value, g *guard) bool {
	s, ok := v.(*Sensitive)
	return ok && t.Type.instanceOf(s.value, g)
}

func (t *TimespanType) instanceOf(v Value, g *guard) bool {
	x, ok := v.(Timespan)
	return ok && int64(x) >= t.From && int64(x) <= t.To
}

func (t *TimestampType) instanceOf(v Value, g *guard) bool {
	x, ok := v.(Timestamp)
	return ok && int64(x) >= t.From && int64(x) <= t.To
}

func (t *BinaryType) instanceOf(v Value, g *guard) bool {
	_, ok := v.(*Binary)
	return ok
}

func (t *SemVerType) instanceOf(v Value, g *guard) bool {
	sv, ok := v.(*SemVer)
	if !ok {
		return false
	}
	if len(t.Ranges) == 0 {
		return true
	}
	for _, r := range t.Ranges {
		if r.Includes(sv) {
			return true
		}
	}
	return false
}

func (t *SemVerRangeType) instanceOf(v Value, g *guard) bool {
	_, ok := v.(*SemVerRange)
	return ok
}

// An Init type accepts what its type accepts; the conversions `new` would
// make from other values are the runtime's business.
func (t *InitType) instanceOf(v Value, g *guard) bool {
	return t.Type == nil || t.Type.instanceOf(v, g)
}

// URI values are not modelled; Puppet code meets them only through strings.
func (t *URIType) instanceOf(v Value, g *guard) bool { return false }

func (t *TypeReferenceType) instanceOf(v Value, g *guard) bool { return false }

var _ = strings.ToLower
