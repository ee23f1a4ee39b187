package values

// EqualsString is Equals of two strings, without boxing them.
func EqualsString(a, b string) bool { return asciiEqualFold(a, b) }

// Equals is Puppet's == (CompareOperator#equals): strings compare
// case-insensitively (ASCII folding, like Ruby's casecmp), numbers by value
// across Integer and Float, arrays and hashes deeply. Types compare as the
// type calculator does (mutually assignable types are equal).
func Equals(a, b Value) bool {
	if a == nil {
		a = Undef
	}
	if b == nil {
		b = Undef
	}
	switch x := a.(type) {
	case String:
		y, ok := b.(String)
		return ok && asciiEqualFold(string(x), string(y))
	case Int:
		switch y := b.(type) {
		case Int:
			return x == y
		case Float:
			return float64(x) == float64(y)
		case Timespan:
			return int64(x) == floorDiv(int64(y), nsecsPerSec)
		case Timestamp:
			return int64(x) == floorDiv(int64(y), nsecsPerSec)
		}
		return false
	case Float:
		switch y := b.(type) {
		case Int:
			return float64(x) == float64(y)
		case Float:
			return x == y
		case Timespan:
			return float64(x) == float64(y)/nsecsPerSec
		case Timestamp:
			return float64(x) == float64(y)/nsecsPerSec
		}
		return false
	case Bool:
		y, ok := b.(Bool)
		return ok && x == y
	case UndefValue:
		_, ok := b.(UndefValue)
		return ok
	case DefaultValue:
		_, ok := b.(DefaultValue)
		return ok
	case *Array:
		y, ok := b.(*Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, e := range x.elems {
			if !Equals(e, y.elems[i]) {
				return false
			}
		}
		return true
	case *Hash:
		y, ok := b.(*Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.keys {
			// b[ak] is nil for a missing key, which equals an undef value
			bv, _ := y.Get(k)
			if bv == nil {
				bv = Undef
			}
			if !Equals(bv, x.vals[i]) {
				return false
			}
		}
		return true
	case Timespan:
		switch y := b.(type) {
		case Timespan:
			return x == y
		case Int:
			return floorDiv(int64(x), nsecsPerSec) == int64(y)
		case Float:
			return float64(x)/nsecsPerSec == float64(y)
		}
		return false
	case Timestamp:
		switch y := b.(type) {
		case Timestamp:
			return x == y
		case Int:
			return floorDiv(int64(x), nsecsPerSec) == int64(y)
		case Float:
			return float64(x)/nsecsPerSec == float64(y)
		}
		return false
	case Type:
		y, ok := b.(Type)
		return ok && TypesEqual(x, y)
	}
	return Eql(a, b)
}

// TypesEqual is TypeCalculator#equals: equal types, or types that are
// assignable to each other.
func TypesEqual(a, b Type) bool {
	return TypeEqual(a, b) || (IsAssignable(a, b) && IsAssignable(b, a))
}

// Eql is Ruby's eql?, which identifies hash keys: same kind and same value,
// strings compared exactly.
func Eql(a, b Value) bool {
	if a == nil {
		a = Undef
	}
	if b == nil {
		b = Undef
	}
	switch x := a.(type) {
	case String:
		y, ok := b.(String)
		return ok && x == y
	case Int:
		y, ok := b.(Int)
		return ok && x == y
	case Float:
		y, ok := b.(Float)
		return ok && x == y
	case Bool:
		y, ok := b.(Bool)
		return ok && x == y
	case UndefValue:
		_, ok := b.(UndefValue)
		return ok
	case DefaultValue:
		_, ok := b.(DefaultValue)
		return ok
	case *Array:
		y, ok := b.(*Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, e := range x.elems {
			if !Eql(e, y.elems[i]) {
				return false
			}
		}
		return true
	case *Hash:
		y, ok := b.(*Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.keys {
			bv, found := y.Get(k)
			if !found || !Eql(x.vals[i], bv) {
				return false
			}
		}
		return true
	case *Regexp:
		y, ok := b.(*Regexp)
		return ok && x.source == y.source
	case Timespan:
		y, ok := b.(Timespan)
		return ok && x == y
	case Timestamp:
		y, ok := b.(Timestamp)
		return ok && x == y
	case *SemVer:
		y, ok := b.(*SemVer)
		return ok && x.Equal(y)
	case *SemVerRange:
		y, ok := b.(*SemVerRange)
		return ok && x.Equal(y)
	case *Binary:
		y, ok := b.(*Binary)
		return ok && string(x.bytes) == string(y.bytes)
	case *Sensitive:
		y, ok := b.(*Sensitive)
		return ok && (x == y || Eql(x.value, y.value))
	case *Deferred:
		y, ok := b.(*Deferred)
		return ok && x.Name == y.Name && Eql(arrayOrEmpty(x.Arguments), arrayOrEmpty(y.Arguments))
	case *ObjectValue:
		y, ok := b.(*ObjectValue)
		return ok && x.Type.Name() == y.Type.Name() && Eql(x.Attrs, y.Attrs)
	case Type:
		y, ok := b.(Type)
		return ok && TypeEqual(x, y)
	}
	return a == b
}

func arrayOrEmpty(a *Array) *Array {
	if a == nil {
		return EmptyArray
	}
	return a
}

// rubyEqual is Ruby's == as Array#delete and Array#- use it: numbers across
// Integer and Float, strings exactly.
func rubyEqual(a, b Value) bool {
	switch x := a.(type) {
	case Int:
		if y, ok := b.(Float); ok {
			return float64(x) == float64(y)
		}
	case Float:
		if y, ok := b.(Int); ok {
			return float64(x) == float64(y)
		}
	case *Array:
		y, ok := b.(*Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, e := range x.elems {
			if !rubyEqual(e, y.elems[i]) {
				return false
			}
		}
		return true
	case *Hash:
		y, ok := b.(*Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.keys {
			bv, found := y.Get(k)
			if !found || !rubyEqual(x.vals[i], bv) {
				return false
			}
		}
		return true
	}
	return Eql(a, b)
}
