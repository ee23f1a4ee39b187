package values

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

// CatalogAccessError is returned by Access and Parameterize for
// File['x']['param'] and Class['x']['param']: reading a parameter of a
// declared resource is the runtime's job (it owns the catalog).
type CatalogAccessError struct {
	Ref  Type // *ResourceType with a title, or *ClassType with a name
	Keys []Value
}

func (e *CatalogAccessError) Error() string {
	return "resource parameter access needs the catalog: " + TypeString(e.Ref)
}

// Parameterize applies [] to a type with evaluated arguments, as Puppet's
// access operator does (Integer[1, 10], Hash[String, Data], Enum[a, b],
// Resource['file', 'x'], Class['x'], ...). The result is usually a Type;
// Resource and Class give an array of types for several titles, and undef
// or [] for only undef titles.
func Parameterize(t Type, args []Value) (Value, error) {
	switch x := t.(type) {
	case *ResourceType:
		return accessResource(x, args)
	case *ClassType:
		return accessClass(x, args)
	case *StructType:
		if len(args) != 1 {
			return nil, sliceArity(t, 1, 1, len(args))
		}
		h, ok := args[0].(*Hash)
		if !ok {
			return nil, badSpecialization(t, args[0], "Hash")
		}
		return structOf(h)
	case *CallableType:
		return callableOf(args)
	}
	if _, ok := t.(*EnumType); ok {
		if e := EnumOf(args); e != nil {
			return e, nil
		}
	}
	keys := flatten(args)
	switch x := t.(type) {
	case *IntegerType:
		if len(keys) < 1 || len(keys) > 2 {
			return nil, newError(IssueBadIntegerSliceArity, fmt.Sprintf("Integer-Type supports [] with one or two arguments (from, to). Got %d", len(keys)))
		}
		bounds := [2]int64{minInt, maxInt}
		for i, k := range keys {
			switch v := k.(type) {
			case Int:
				bounds[i] = int64(v)
			case DefaultValue:
			default:
				e := newError(IssueBadIntegerSliceType, "Integer-Type [] requires all arguments to be integers (or default). Got "+rubyClass(k))
				e.Key = i + 1
				return nil, e
			}
		}
		return rangeOf(bounds[0], bounds[1])
	case *FloatType:
		if len(keys) < 1 || len(keys) > 2 {
			return nil, newError(IssueBadIntegerSliceArity, fmt.Sprintf("Float-Type supports [] with one or two arguments (from, to). Got %d", len(keys)))
		}
		bounds := [2]float64{FloatT.From, FloatT.To}
		for i, k := range keys {
			switch v := k.(type) {
			case Int:
				bounds[i] = float64(v)
			case Float:
				bounds[i] = float64(v)
			case DefaultValue:
			default:
				e := newError(IssueBadIntegerSliceType, "Float-Type [] requires all arguments to be floats, or integers (or default). Got "+rubyClass(k))
				e.Key = i + 1
				return nil, e
			}
		}
		if bounds[0] > bounds[1] {
			return nil, accessRuntimeError(fmt.Sprintf("'from' must be less or equal to 'to'. Got (%s, %s", rubyFloatToS(bounds[0]), rubyFloatToS(bounds[1])))
		}
		return NewFloatType(bounds[0], bounds[1]), nil
	case *StringType:
		if len(keys) < 1 || len(keys) > 2 {
			return nil, newError(IssueBadStringSliceArity, fmt.Sprintf("String supports [] with one or two arguments. Got %d", len(keys)))
		}
		size, err := collectionSize(0, keys)
		if err != nil {
			return nil, err
		}
		return NewStringType(size), nil
	case *CollectionType:
		if len(keys) < 1 || len(keys) > 2 {
			return nil, typeSliceArity("Collection-Type", 1, 2, len(keys))
		}
		size, err := collectionSize(0, keys)
		if err != nil {
			return nil, err
		}
		return NewCollectionType(size), nil
	case *ArrayType:
		return arrayOf(keys)
	case *HashType:
		return hashOf(keys)
	case *EnumType:
		ci := false
		if n := len(keys); n > 0 {
			if b, ok := keys[n-1].(Bool); ok {
				ci = bool(b)
				keys = keys[:n-1]
			}
		}
		if len(keys) < 1 {
			return nil, sliceArity(t, 1, -1, len(keys))
		}
		vals := make([]string, len(keys))
		for i, k := range keys {
			s, ok := k.(String)
			if !ok {
				return nil, badSpecialization(t, k, "String")
			}
			vals[i] = string(s)
		}
		return NewEnumType(vals, ci), nil
	case *PatternType:
		if len(keys) < 1 {
			return nil, sliceArity(t, 1, -1, len(keys))
		}
		var pats []*RegexpType
		for _, k := range keys {
			switch v := k.(type) {
			case String:
				if _, err := NewRegexp(string(v)); err != nil {
					return nil, accessRuntimeError(err.Error())
				}
				pats = append(pats, NewRegexpType(string(v)))
			case *Regexp:
				pats = append(pats, NewRegexpType(v.source))
			case *RegexpType:
				pats = append(pats, v)
			case *PatternType:
				pats = append(pats, v.Patterns...)
			default:
				return nil, badSpecialization(t, k, "String", "Regexp", "Pattern-Type", "Regexp-Type")
			}
		}
		return NewPatternType(pats), nil
	case *RegexpType:
		if len(keys) != 1 {
			return nil, sliceArity(t, 1, 1, len(keys))
		}
		switch v := keys[0].(type) {
		case String:
			return NewRegexpType(string(v)), nil
		case *Regexp:
			return NewRegexpType(v.source), nil
		}
		return nil, badSpecialization(t, keys[0], "String", "Regexp")
	case *BooleanType:
		if len(keys) != 1 {
			return nil, sliceArity(t, 1, 1, len(keys))
		}
		b, ok := keys[0].(Bool)
		if !ok {
			return nil, badSpecialization(t, keys[0], "TrueClass", "FalseClass")
		}
		return NewBooleanType(bool(b)), nil
	case *VariantType:
		if len(keys) < 1 {
			return nil, sliceArity(t, 1, -1, len(keys))
		}
		ts := make([]Type, len(keys))
		for i, k := range keys {
			kt, ok := k.(Type)
			if !ok {
				return nil, badSpecialization(t, k, "Any-Type")
			}
			ts[i] = kt
		}
		return VariantOf(ts...), nil
	case *TupleType:
		var size *IntegerType
		n := len(keys)
		if n >= 2 && isRangeParam(keys[n-2]) && isRangeParam(keys[n-1]) {
			s, err := rangeOf(rangeBound(keys[n-2], minInt), rangeBound(keys[n-1], maxInt))
			if err != nil {
				return nil, err
			}
			size, keys = s, keys[:n-2]
		} else if n >= 1 && isRangeParam(keys[n-1]) {
			s, err := rangeOf(rangeBound(keys[n-1], minInt), maxInt)
			if err != nil {
				return nil, err
			}
			size, keys = s, keys[:n-1]
		}
		if len(keys) < 1 {
			return nil, sliceArity(t, 1, -1, len(keys))
		}
		ts := make([]Type, len(keys))
		for i, k := range keys {
			kt, ok := k.(Type)
			if !ok {
				return nil, badSpecialization(t, k, "Any-Type")
			}
			ts[i] = kt
		}
		return NewTupleType(ts, size), nil
	case *OptionalType:
		if len(keys) != 1 {
			return nil, typeSliceArity("Optional-Type", 1, 1, len(keys))
		}
		switch v := keys[0].(type) {
		case Type:
			return NewOptionalType(v), nil
		case String:
			return NewOptionalType(stringValueType(string(v))), nil
		}
		return nil, newError(IssueBadTypeSliceType, "Optional-Type[] arguments must be types. Got "+rubyClass(keys[0]))
	case *NotUndefType:
		switch len(keys) {
		case 0:
			return NotUndefT, nil
		case 1:
			switch v := keys[0].(type) {
			case String:
				return NewNotUndefType(stringValueType(string(v))), nil
			case Type:
				return NewNotUndefType(v), nil
			}
			return nil, newError(IssueBadNotUndefSliceType, "NotUndef-Type[] argument must be a Type or a String. Got "+rubyClass(keys[0]))
		}
		return nil, typeSliceArity("NotUndef-Type", 0, 1, len(keys))
	case *TypeType, *SensitiveType, *IterableType, *IteratorType:
		name := t.Name() + "-Type"
		if len(keys) != 1 {
			return nil, typeSliceArity(name, 1, 1, len(keys))
		}
		kt, ok := keys[0].(Type)
		if !ok {
			return nil, newError(IssueBadTypeSliceType, name+"[] arguments must be types. Got "+rubyClass(keys[0]))
		}
		switch t.(type) {
		case *TypeType:
			return NewTypeType(kt), nil
		case *SensitiveType:
			return NewSensitiveType(kt), nil
		case *IterableType:
			return NewIterableType(kt), nil
		default:
			return NewIteratorType(kt), nil
		}
	case *RuntimeType:
		if len(keys) != 2 {
			return nil, sliceArity(t, 2, 2, len(keys))
		}
		for _, k := range keys {
			if _, ok := k.(String); !ok {
				return nil, badSpecialization(t, k, "String", "String")
			}
		}
		return &RuntimeType{Runtime: string(keys[0].(String)), RuntimeName: string(keys[1].(String))}, nil
	case *TimespanType, *TimestampType:
		if len(keys) > 2 {
			return nil, sliceArity(t, 0, 2, len(keys))
		}
		return timeRangeOf(t, keys)
	case *SemVerType:
		if len(keys) < 1 {
			return nil, sliceArity(t, 1, -1, len(keys))
		}
		var ranges []*SemVerRange
		for _, k := range keys {
			switch v := k.(type) {
			case String:
				r, err := ParseSemVerRange(string(v))
				if err != nil {
					return nil, accessRuntimeError(err.Error())
				}
				ranges = append(ranges, r)
			case *SemVerRange:
				ranges = append(ranges, v)
			default:
				return nil, badSpecialization(t, k, "String", "SemanticPuppet::VersionRange")
			}
		}
		return &SemVerType{Ranges: mergeSemVerRanges(ranges)}, nil
	case *InitType:
		if len(keys) == 0 {
			return InitT, nil
		}
		kt, ok := keys[0].(Type)
		if !ok {
			return nil, newError(IssueBadTypeSliceType, "Init-Type[] arguments must be types. Got "+rubyClass(keys[0]))
		}
		return &InitType{Type: kt, Args: keys[1:]}, nil
	case *URIType:
		if len(keys) != 1 {
			return nil, typeSliceArity("URI-Type", 1, 1, len(keys))
		}
		switch k := keys[0].(type) {
		case String:
			h, err := uriToHash(string(k))
			if err != nil {
				return nil, accessRuntimeError(err.Error())
			}
			return &URIType{Params: h}, nil
		case *Hash:
			if k.Len() == 0 {
				return URIT, nil
			}
			return &URIType{Params: k}, nil
		}
		return nil, newError(IssueBadTypeSliceType, "URI-Type[] arguments must be types. Got "+rubyClass(keys[0]))
	case *ObjectType:
		if len(x.TypeParams) > 0 && len(keys) > 0 {
			return parameterizeObject(x, keys)
		}
		if x != ObjectT || len(keys) != 1 {
			break
		}
		if h, ok := keys[0].(*Hash); ok {
			return objectTypeOf(h)
		}
	case *TypeSetType:
		if len(keys) == 1 {
			if h, ok := keys[0].(*Hash); ok {
				return &TypeSetType{InitHash: h}, nil
			}
		}
	case *TypeReferenceType:
		// a name that names no type (AccessOperator#access_PTypeReferenceType)
		return nil, newError(IssueUnknownResourceType, "Resource type not found: "+x.TypeString)
	}
	return nil, notApplicable("[]", t)
}

func flatten(vs []Value) []Value {
	need := false
	for _, v := range vs {
		if _, ok := v.(*Array); ok {
			need = true
			break
		}
	}
	if !need {
		return vs
	}
	var out []Value
	var walk func([]Value)
	walk = func(xs []Value) {
		for _, x := range xs {
			if a, ok := x.(*Array); ok {
				walk(a.elems)
			} else {
				out = append(out, x)
			}
		}
	}
	walk(vs)
	return out
}

func accessRuntimeError(detail string) error {
	return newError(IssueRuntimeError, "Error while evaluating a '[]' expression, "+detail)
}

// rangeOf is PIntegerType.new with Puppet's bounds check.
func rangeOf(from, to int64) (*IntegerType, error) {
	if from > to {
		return nil, accessRuntimeError(fmt.Sprintf("'from' must be less or equal to 'to'. Got (%s, %s", boundString(from), boundString(to)))
	}
	return NewIntegerType(from, to), nil
}

func boundString(n int64) string {
	switch n {
	case minInt:
		return "-Infinity"
	case maxInt:
		return "Infinity"
	}
	return fmt.Sprint(n)
}

func isRangeParam(v Value) bool {
	switch x := v.(type) {
	case Int, DefaultValue:
		return true
	case String:
		return x == "default"
	}
	return false
}

func rangeBound(v Value, dflt int64) int64 {
	if i, ok := v.(Int); ok {
		return int64(i)
	}
	return dflt
}

// collectionSize is AccessOperator#collection_size_t: keys are the
// access's keys from index start on (a bad one is reported at its key).
func collectionSize(start int, keys []Value) (*IntegerType, error) {
	if len(keys) == 1 {
		if it, ok := keys[0].(*IntegerType); ok {
			return it, nil
		}
	}
	bounds := [2]int64{minInt, maxInt}
	for i, k := range keys {
		switch v := k.(type) {
		case Int:
			bounds[i] = int64(v)
		case DefaultValue:
		default:
			e := newError(IssueBadCollectionSliceType, "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got "+aAn(rubyClassLabel(k)))
			e.Key = start + i + 1
			return nil, e
		}
	}
	return rangeOf(bounds[0], bounds[1])
}

func arrayOf(keys []Value) (Value, error) {
	switch len(keys) {
	case 1:
		t, ok := keys[0].(Type)
		if !ok {
			return nil, newError(IssueBadTypeSliceType, "Array-Type[] arguments must be types. Got "+rubyClass(keys[0]))
		}
		return NewArrayType(t, nil), nil
	case 2:
		if t, ok := keys[0].(Type); ok {
			size, err := collectionSize(1, keys[1:])
			if err != nil {
				return nil, err
			}
			return NewArrayType(t, size), nil
		}
		size, err := collectionSize(0, keys)
		if err != nil {
			return nil, err
		}
		return NewArrayType(nil, size), nil
	case 3:
		t, ok := keys[0].(Type)
		if !ok {
			return nil, newError(IssueBadTypeSliceType, "Array-Type[] arguments must be types. Got "+rubyClass(keys[0]))
		}
		size, err := collectionSize(1, keys[1:])
		if err != nil {
			return nil, err
		}
		return NewArrayType(t, size), nil
	}
	return nil, typeSliceArity("Array-Type", 1, 3, len(keys))
}

func hashOf(keys []Value) (Value, error) {
	if len(keys) == 2 {
		a, ok1 := keys[0].(Int)
		b, ok2 := keys[1].(Int)
		if ok1 && ok2 {
			size, err := rangeOf(int64(a), int64(b))
			if err != nil {
				return nil, err
			}
			return NewHashType(nil, nil, size), nil
		}
	}
	for i := 0; i < 2 && i < len(keys); i++ {
		if _, ok := keys[i].(Type); !ok {
			return nil, newError(IssueBadTypeSliceType, "Hash-Type[] arguments must be types. Got "+rubyClass(keys[i]))
		}
	}
	var size *IntegerType
	switch len(keys) {
	case 2:
	case 3:
		switch v := keys[2].(type) {
		case *IntegerType:
			size = v
		case Int:
			size = NewIntegerType(int64(v), maxInt)
		case DefaultValue:
			size = IntegerT
		default:
			return nil, accessRuntimeError("comparison of " + rubyClass(keys[2]) + " with Float failed")
		}
	case 4:
		s, err := collectionSize(2, keys[2:])
		if err != nil {
			return nil, err
		}
		size = s
	default:
		return nil, typeSliceArity("Hash-Type", 2, 4, len(keys))
	}
	return NewHashType(keys[0].(Type), keys[1].(Type), size), nil
}

// typeOf is TypeFactory.type_of for parameters given as values.
func typeOf(v Value) Type {
	switch x := v.(type) {
	case Type:
		return x
	case String:
		return &RuntimeType{Runtime: "ruby", RuntimeName: string(x)}
	}
	return Generalize(Infer(v))
}

func structOf(h *Hash) (Value, error) {
	els := make([]*StructElement, 0, h.Len())
	for i, k := range h.keys {
		vt := typeOf(h.vals[i])
		var kt Type
		switch key := k.(type) {
		case String:
			if key == "" {
				return nil, accessRuntimeError("Struct element key cannot be an empty String")
			}
			kt = stringValueType(string(key))
			if IsAssignable(vt, UndefT) {
				kt = NewOptionalType(kt)
			}
		default:
			var s Type
			switch kx := k.(type) {
			case *NotUndefType:
				kt = kx.Type
				s = kt
			case *OptionalType:
				kt = kx
				s = kx.Type
			case *StringType:
				kt, s = kx, kx
			case *EnumType:
				kt = kx
				if len(kx.Values) == 1 {
					s = stringValueType(kx.Values[0])
				}
			default:
				return nil, accessRuntimeError("Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: " + rubyTypeClass(k))
			}
			if st, ok := s.(*StringType); !ok || !st.HasValue {
				return nil, accessRuntimeError("Unable to extract a non-empty literal string from Struct member key type " + TypeString(kt.(Type)))
			}
		}
		els = append(els, &StructElement{Key: kt, Value: vt})
	}
	return &StructType{Elements: els}, nil
}

func callableOf(args []Value) (Value, error) {
	params := args
	var ret Type
	if len(args) > 0 {
		if a, ok := args[0].(*Array); ok {
			if len(args) != 2 {
				return nil, sliceArity(CallableT, 2, 2, len(args))
			}
			rt, ok := args[1].(Type)
			if !ok {
				return nil, badSpecialization(CallableT, args[1], "Any-Type")
			}
			params, ret = a.elems, rt
		}
	}
	var block Type
	if n := len(params); n > 0 {
		if t, ok := params[n-1].(Type); ok && kindOfCallable(t) {
			block, params = t, params[:n-1]
		}
	}
	var size *IntegerType
	n := len(params)
	var err error
	if n >= 2 && isRangeParam(params[n-2]) && isRangeParam(params[n-1]) {
		size, err = rangeOf(rangeBound(params[n-2], minInt), rangeBound(params[n-1], maxInt))
		params = params[:n-2]
	} else if n >= 1 && isRangeParam(params[n-1]) {
		size, err = rangeOf(rangeBound(params[n-1], minInt), maxInt)
		params = params[:n-1]
	}
	if err != nil {
		return nil, err
	}
	types := make([]Type, len(params))
	for i, p := range params {
		types[i] = typeOf(p)
	}
	if len(types) == 0 && size != nil && size.toSize().To > 0 {
		types = append(types, UnitT)
	}
	return &CallableType{Params: NewTupleType(types, size), Block: block, Return: nilIfAny(ret)}, nil
}

func nilIfAny(t Type) Type {
	if t == nil || TypeEqual(t, AnyT) {
		return nil
	}
	return t
}

// kindOfCallable reports whether t is a Callable, or an Optional or Variant
// of callables (a block parameter).
func kindOfCallable(t Type) bool {
	switch x := t.(type) {
	case *CallableType:
		return true
	case *OptionalType:
		return x.Type != nil && kindOfCallable(x.Type)
	case *VariantType:
		for _, m := range x.Types {
			if !kindOfCallable(m) {
				return false
			}
		}
		return true
	case *TypeAliasType:
		return kindOfCallable(x.ResolvedType())
	}
	return false
}

func timeRangeOf(t Type, keys []Value) (Value, error) {
	_, span := t.(*TimespanType)
	bound := func(v Value, min bool) (int64, error) {
		switch x := v.(type) {
		case nil, UndefValue, DefaultValue:
			if min {
				return minInt, nil
			}
			return maxInt, nil
		case Int:
			return int64(x) * nsecsPerSec, nil
		case Float:
			return int64(float64(x) * nsecsPerSec), nil
		case String:
			if span {
				ts, err := ParseTimespan(string(x))
				return int64(ts), err
			}
			ts, err := ParseTimestamp(string(x), "")
			return int64(ts), err
		case Timespan:
			if span {
				return int64(x), nil
			}
		case Timestamp:
			if !span {
				return int64(x), nil
			}
		}
		name := "Timestamp"
		if span {
			name = "Timespan"
		}
		return 0, newError("", fmt.Sprintf("Unable to create a Puppet::Pops::Time::%s from a %s", name, rubyClass(v)))
	}
	from, to := int64(minInt), int64(maxInt)
	var err error
	if len(keys) > 0 {
		if from, err = bound(keys[0], true); err != nil {
			return nil, accessRuntimeError(err.Error())
		}
	}
	if len(keys) > 1 {
		if to, err = bound(keys[1], false); err != nil {
			return nil, accessRuntimeError(err.Error())
		}
	}
	if from > to {
		show := func(n int64) string {
			if span {
				return Timespan(n).String()
			}
			return Timestamp(n).String()
		}
		return nil, accessRuntimeError(fmt.Sprintf("'from' must be less or equal to 'to'. Got (%s, %s", show(from), show(to)))
	}
	if span {
		return &TimespanType{From: from, To: to}, nil
	}
	return &TimestampType{From: from, To: to}, nil
}

func mergeSemVerRanges(ranges []*SemVerRange) []*SemVerRange {
	if len(ranges) < 2 {
		return ranges
	}
	var result []*SemVerRange
	for len(ranges) > 0 {
		x := ranges[len(ranges)-1]
		ranges = ranges[:len(ranges)-1]
		var unmerged []*SemVerRange
		memo := x
		for _, y := range ranges {
			if m := mergeSemVerRange(memo, y); m == nil {
				unmerged = append(unmerged, y)
			} else {
				memo = m
			}
		}
		result = append(result, memo)
		ranges = unmerged
	}
	for i, j := 0, len(result)-1; i < j; i, j = i+1, j-1 {
		result[i], result[j] = result[j], result[i]
	}
	return result
}

// mergeSemVerRange is PSemVerRangeType.merge for single ranges.
func mergeSemVerRange(a, b *SemVerRange) *SemVerRange {
	as, bs := a.single(), b.single()
	if as == nil || bs == nil {
		return nil
	}
	switch {
	case a.Includes(bs.begin()) || b.Includes(as.begin()):
		max := as.end()
		if bs.end().Compare(max) > 0 {
			max = bs.end()
		}
		excl := false
		if as.excludeEnd() {
			excl = max.Compare(as.end()) == 0 && (max.Compare(bs.end()) > 0 || bs.excludeEnd())
		} else if bs.excludeEnd() {
			excl = max.Compare(bs.end()) == 0 && (max.Compare(as.end()) > 0 || as.excludeEnd())
		}
		min := as.begin()
		if bs.begin().Compare(min) < 0 {
			min = bs.begin()
		}
		return NewSemVerRangeBetween(min, max, excl)
	case as.excludeEnd() && as.end().Compare(bs.begin()) == 0:
		return NewSemVerRangeBetween(as.begin(), bs.end(), bs.excludeEnd())
	case bs.excludeEnd() && bs.end().Compare(as.begin()) == 0:
		return NewSemVerRangeBetween(bs.begin(), as.end(), as.excludeEnd())
	}
	return nil
}

func objectTypeOf(h *Hash) (Value, error) {
	ot := &ObjectType{InitHash: h}
	if n, ok := h.GetString("name"); ok {
		ot.TypeName = ToString(n)
	}
	if p, ok := h.GetString("parent"); ok {
		if pt, ok := p.(*ObjectType); ok {
			ot.Parent = pt
		}
	}
	if attrs, ok := h.GetString("attributes"); ok {
		if ah, ok := attrs.(*Hash); ok {
			for i, k := range ah.keys {
				a := &ObjectAttribute{Name: ToString(k), Type: AnyT}
				switch d := ah.vals[i].(type) {
				case Type:
					a.Type = d
				case *Hash:
					if t, ok := d.GetString("type"); ok {
						if tt, ok := t.(Type); ok {
							a.Type = tt
						}
					}
					if v, ok := d.GetString("value"); ok {
						a.Value, a.HasDefault = v, true
					}
				}
				ot.Attributes = append(ot.Attributes, a)
			}
		}
	}
	return ot, nil
}

// QualifiedNameLen is the length of the longest prefix of s of the form
// (::)?X\w*(::X\w*)*, where X is a byte first accepts and \w is ASCII's
// (0 when s has no such prefix): Puppet's patterns of type references
// (/^((::)?[A-Z]\w*)+$/), class names (/^((::)?[a-z]\w*)(::[a-z]\w*)*$/)
// and variable names, scanned without a regexp.
func QualifiedNameLen(s string, first func(byte) bool) int {
	i, end := 0, 0
	if strings.HasPrefix(s, "::") {
		i = 2
	}
	for i < len(s) && first(s[i]) {
		i++
		for i < len(s) && isWordByte(s[i]) {
			i++
		}
		end = i
		if !strings.HasPrefix(s[i:], "::") {
			break
		}
		i += 2
	}
	return end
}

// isQualified reports whether all of s is a qualified name whose segments
// start with a byte first accepts (QualifiedNameLen).
func isQualified(s string, first func(byte) bool) bool {
	n := QualifiedNameLen(s, first)
	return n > 0 && n == len(s)
}

func isUpperByte(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLowerByte(c byte) bool { return c >= 'a' && c <= 'z' }

// TitleReferences says whether o[title], a String title, is a reference
// to one resource of o's type, which Access makes as
// &ResourceType{TypeName: o.TypeName, Title: title, HasTitle: true}.
func TitleReferences(o *ResourceType) bool {
	return o.TypeName != "" && !o.HasTitle && isQualified(o.TypeName, isUpperByte)
}

func accessResource(o *ResourceType, keys []Value) (Value, error) {
	if len(keys) == 0 {
		return nil, typeSliceArity(TypeString(o), 1, -1, 0)
	}
	if o.TypeName == "" && len(keys) == 1 {
		if rt, ok := keys[0].(*ResourceType); ok {
			return rt, nil
		}
	}
	typeName := o.TypeName
	if typeName == "" {
		switch v := keys[0].(type) {
		case *ResourceType:
			typeName = v.TypeName
		case String:
			typeName = CapitalizeSegments(string(v))
		default:
			return nil, newError(IssueIllegalResourceSpecial, fmt.Sprintf("First argument to Resource[] must be a resource type or a String. Got %s.", badKeyTypeName(keys[0])))
		}
		keys = keys[1:]
	}
	if !isQualified(typeName, isUpperByte) { // /^((::)?[A-Z]\w*)+$/
		return nil, newError(IssueIllegalClassref, fmt.Sprintf("Illegal type reference. The given name '%s' does not conform to the naming rule", typeName))
	}
	resultArray := len(keys) > 1
	if len(keys) == 1 {
		_, resultArray = keys[0].(*Array)
	}
	origSize := len(keys)
	titles := compact(flatten(keys))
	if len(titles) == 0 && origSize > 0 {
		if resultArray {
			return EmptyArray, nil
		}
		return Undef, nil
	}
	if o.HasTitle {
		return nil, &CatalogAccessError{Ref: o, Keys: slices.Clone(titles)}
	}
	if len(titles) == 0 {
		return NewResourceType(typeName, "", false), nil
	}
	ref := func(t Value) (Value, error) {
		s, ok := t.(String)
		if !ok {
			return nil, newError(IssueBadTypeSpecialization, fmt.Sprintf("Error creating type specialization of %s, Cannot use %s where a resource title String is expected", aAn(valueLabel(o)), badKeyTypeName(t)))
		}
		return &ResourceType{TypeName: typeName, Title: string(s), HasTitle: true}, nil
	}
	return references(titles, resultArray, ref)
}

// references are the references ref makes of keys: an Array of them, or
// the one reference as it is (no list made for it) unless array.
func references(keys []Value, array bool, ref func(Value) (Value, error)) (Value, error) {
	if !array {
		return ref(keys[0])
	}
	out := make([]Value, len(keys))
	for i, k := range keys {
		r, err := ref(k)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return NewArray(out...), nil
}

func accessClass(o *ClassType, keys []Value) (Value, error) {
	if len(keys) == 0 {
		return nil, typeSliceArity(TypeString(o), 1, -1, 0)
	}
	resultArray := len(keys) > 1
	if len(keys) == 1 {
		_, resultArray = keys[0].(*Array)
	}
	origSize := len(keys)
	names := compact(flatten(keys))
	if len(names) == 0 && origSize > 0 {
		if resultArray {
			return EmptyArray, nil
		}
		return Undef, nil
	}
	if o.ClassName != "" {
		return nil, &CatalogAccessError{Ref: o, Keys: slices.Clone(names)}
	}
	ref := func(c Value) (Value, error) {
		s, ok := c.(String)
		if !ok {
			return nil, newError(IssueIllegalHostclassName, fmt.Sprintf("Illegal Class name in class reference. %s cannot be used where a String is expected", aAnUC(valueLabel(c))))
		}
		name := strings.TrimPrefix(strings.ToLower(string(s)), "::")
		if !isQualified(name, isLowerByte) { // /^((::)?[a-z]\w*)(::[a-z]\w*)*$/
			return nil, newError(IssueIllegalName, fmt.Sprintf("Illegal name. The given name '%s' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/", string(s)))
		}
		return &ClassType{ClassName: name}, nil
	}
	return references(names, resultArray, ref)
}

// compact is vs without its undef values: vs itself when it has none (the
// caller does not change it).
func compact(vs []Value) []Value {
	if !slices.ContainsFunc(vs, IsUndef) {
		return vs
	}
	out := make([]Value, 0, len(vs))
	for _, v := range vs {
		if !IsUndef(v) {
			out = append(out, v)
		}
	}
	return out
}

// badKeyTypeName is AccessOperator#bad_key_type_name.
func badKeyTypeName(v Value) string {
	switch v.(type) {
	case nil, UndefValue:
		return "Undef"
	case DefaultValue:
		return "Default"
	}
	return TypeString(Generalize(Infer(v)))
}

func sliceArity(t Type, min, max, actual int) error {
	return typeSliceArity(aAnUC(TypeString(t)+"-Type"), min, max, actual)
}

// typeSliceArity is the BAD_TYPE_SLICE_ARITY message; max -1 is unlimited.
func typeSliceArity(base string, min, max, actual int) error {
	var msg string
	switch {
	case max == -1:
		msg = fmt.Sprintf("%s[] accepts %d or more arguments. Got %d", base, min, actual)
	case max != min:
		msg = fmt.Sprintf("%s[] accepts %d to %d arguments. Got %d", base, min, max, actual)
	default:
		arg := "arguments"
		if min == 1 {
			arg = "argument"
		}
		msg = fmt.Sprintf("%s[] accepts %d %s. Got %d", base, min, arg, actual)
	}
	return newError(IssueBadTypeSliceArity, msg)
}

func badSpecialization(t Type, key Value, expected ...string) error {
	return newError(IssueBadTypeSpecialization, fmt.Sprintf("Error creating type specialization of %s, Cannot use %s where %s is expected",
		aAn(TypeString(t)+"-Type"), badKeyTypeName(key), strings.Join(expected, " or ")))
}

// rubyClass is the Ruby class name of the object Puppet holds for v, as
// some messages print it.
func rubyClass(v Value) string {
	switch x := v.(type) {
	case nil, UndefValue:
		return "NilClass"
	case DefaultValue:
		return "Symbol"
	case String:
		return "String"
	case Int:
		return "Integer"
	case Float:
		return "Float"
	case Bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case *Array:
		return "Array"
	case *Hash:
		return "Hash"
	case *Regexp:
		return "Regexp"
	case Type:
		return rubyTypeClass(x)
	}
	return "Object"
}

func rubyTypeClass(v Value) string {
	t, ok := v.(Type)
	if !ok {
		return rubyClass(v)
	}
	switch t.(type) {
	case *TypeAliasType:
		return "Puppet::Pops::Types::PTypeAliasType"
	case *ResourceType:
		return "Puppet::Pops::Types::PResourceType"
	case *ClassType:
		return "Puppet::Pops::Types::PClassType"
	}
	return "Puppet::Pops::Types::P" + t.Name() + "Type"
}

// rubyClassLabel is the label provider's label of a Ruby class.
func rubyClassLabel(v Value) string {
	if t, ok := v.(Type); ok {
		return t.Name() + "-Type"
	}
	return rubyClass(v)
}

// enumCache holds the Enum types Enum[...] made of strings, by the strings
// as given (a slot of a few, found by a digest of them): a defined type's
// Enum[$list] of a literal list (postgresql's pg_hba_rule asserts
// Enum[$allowed_auth_methods] of 16 methods for each rule) makes the same
// type each time, which NewEnumType makes by copying, sorting and
// deduplicating its strings. A type is immutable, so the program's
// compiles share it.
var enumCache [32]atomicptr.Pointer[enumEntry]

// enumEntry is a type of enumCache and the arguments it was made of.
type enumEntry struct {
	vals []string
	ci   bool
	t    *EnumType
}

// EnumOf is Enum[args...] when args are strings, or one array of
// strings, with an optional Boolean last (case-insensitive): the type
// enumCache holds for them, else one made and kept there. It is nil for
// other arguments (no strings, a nested array, a value of another type),
// which Parameterize takes as it does all others. It keeps nothing of
// args but their strings' text.
func EnumOf(args []Value) *EnumType {
	ci := false
	if n := len(args); n > 0 {
		if b, ok := args[n-1].(Bool); ok {
			ci, args = bool(b), args[:n-1]
		}
	}
	if len(args) == 1 {
		if a, ok := args[0].(*Array); ok {
			args = a.elems
		}
	}
	if len(args) == 0 {
		return nil
	}
	h := uint32(len(args))
	if ci {
		h ^= 0x9e3779b9
	}
	for _, v := range args {
		s, ok := v.(String)
		if !ok {
			return nil
		}
		h = h*31 + uint32(len(s))
		if len(s) > 0 {
			h = h*31 + uint32(s[0]) + uint32(s[len(s)-1])<<8
		}
	}
	slot := &enumCache[(h^h>>16)%uint32(len(enumCache))]
	if e := atomicptr.Load(slot); e != nil && e.ci == ci && len(e.vals) == len(args) {
		same := true
		for i, v := range args {
			if e.vals[i] != string(v.(String)) {
				same = false
				break
			}
		}
		if same {
			return e.t
		}
	}
	vals := make([]string, len(args))
	for i, v := range args {
		vals[i] = string(v.(String))
	}
	t := NewEnumType(vals, ci)
	atomicptr.Store(slot, &enumEntry{vals: vals, ci: ci, t: t})
	return t
}
