package values

// kinds is a set of the kinds of values Puppet's types sort values into:
// no value is of two kinds.
type kinds uint32

const (
	kUndef kinds = 1 << iota
	kDefault
	kString
	kInteger
	kFloat
	kBoolean
	kRegexp
	kArray
	kHash
	kType
	kSensitive
	kBinary
	kTimespan
	kTimestamp
	kSemVerRange

	kAll kinds = 1<<32 - 1 // not known: any kind
)

var kindTypes = []struct {
	k kinds
	t Type
}{
	{kUndef, UndefT}, {kDefault, DefaultT}, {kString, StringT},
	{kInteger, IntegerT}, {kFloat, FloatT}, {kBoolean, BooleanT},
	{kRegexp, RegexpT}, {kArray, ArrayT}, {kHash, HashT},
	{kType, TypeT}, {kSensitive, SensitiveT}, {kBinary, BinaryT},
	{kTimespan, TimespanT}, {kTimestamp, TimestampT}, {kSemVerRange, SemVerRangeT},
}

// kindsOf is the kinds of the values of t: exactly those of a type made of
// one kind, of Variant, Optional and NotUndef of such types, of Numeric
// and Collection; of Iterable, those of its values that have a kind; kAll
// for any other type (Any, Scalar, Data, ...) and for nil.
func kindsOf(t Type) kinds {
	if t == nil {
		return kAll
	}
	if a, ok := t.(*TypeAliasType); ok {
		return kindsOf(a.ResolvedType())
	}
	for _, kt := range kindTypes {
		if IsAssignable(kt.t, t) {
			return kt.k
		}
	}
	switch x := t.(type) {
	case *VariantType:
		var k kinds
		for _, m := range x.Types {
			k |= kindsOf(m)
		}
		return k
	case *OptionalType:
		if x.Type == nil {
			return kAll
		}
		return kUndef | kindsOf(x.Type)
	case *NotUndefType:
		if x.Type == nil {
			return kAll
		}
		return kindsOf(x.Type) &^ kUndef
	}
	switch {
	case IsAssignable(NumericT, t):
		return kInteger | kFloat
	case IsAssignable(CollectionT, t):
		return kArray | kHash
	case IsAssignable(IterableT, t):
		// and iterators, of no kind here: a type that holds one is
		// of these kinds too, or of any
		return kString | kInteger | kArray | kHash | kType
	}
	return kAll
}

// Disjoint reports whether no value is an instance of both a and b, as
// their kinds tell (a String is never an Integer, an Array never a Hash):
// false when it cannot tell (Any, Scalar, Data, or types of one
// kind that differ in their parameters).
func Disjoint(a, b Type) bool {
	ka, kb := kindsOf(a), kindsOf(b)
	return ka != kAll && kb != kAll && ka&kb == 0
}

// OrAny is t, or Any when t is nil (a type not known).
func OrAny(t Type) Type {
	if t == nil {
		return AnyT
	}
	return t
}
