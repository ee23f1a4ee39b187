package values

import "strings"

// Compare orders a and b as Puppet's <, <=, > and >= do
// (CompareOperator#compare): strings case-insensitively, numbers by value,
// Timespans and Timestamps with each other and with numbers, SemVers with
// SemVers. Other combinations are errors with Puppet's wording; the caller
// wraps them with CompareError for the operator's message.
func Compare(a, b Value) (int, error) {
	switch x := a.(type) {
	case String:
		if y, ok := b.(String); ok {
			return casecmp(string(x), string(y)), nil
		}
		return 0, newError("", "A String is not comparable to a non String")
	case Int, Float:
		switch y := b.(type) {
		case Int, Float:
			return cmpNumbers(x, y), nil
		case Timespan:
			return -cmpTimeNumber(int64(y), x), nil
		case Timestamp:
			return -cmpTimeNumber(int64(y), x), nil
		}
		return 0, newError("", "A Numeric is not comparable to non Numeric")
	case Timespan:
		switch y := b.(type) {
		case Timespan:
			return cmpInt(int64(x), int64(y)), nil
		case Int, Float:
			return cmpTimeNumber(int64(x), y), nil
		}
		return 0, newError("", "Timespans are only comparable to Timespans, Integers, and Floats")
	case Timestamp:
		switch y := b.(type) {
		case Timestamp:
			return cmpInt(int64(x), int64(y)), nil
		case Int, Float:
			return cmpTimeNumber(int64(x), y), nil
		}
		return 0, newError("", "Timestamps are only comparable to Timestamps, Integers, and Floats")
	case *SemVer:
		if y, ok := b.(*SemVer); ok {
			return x.Compare(y), nil
		}
		return 0, newError("", "Versions not comparable to non Versions")
	}
	return 0, newError("", "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable")
}

// CompareOp evaluates a comparison operator (==, !=, <, <=, >, >=) as
// Puppet's evaluator does, including the type-calculator semantics when the
// left side is a type, and returns COMPARISON_NOT_POSSIBLE errors.
func CompareOp(op string, a, b Value) (bool, error) {
	if lt, ok := a.(Type); ok {
		rt, _ := b.(Type)
		switch op {
		case "==":
			return rt != nil && TypesEqual(lt, rt), nil
		case "!=":
			return !(rt != nil && TypesEqual(lt, rt)), nil
		}
		if rt == nil {
			return false, nil
		}
		switch op {
		case "<":
			return IsAssignable(rt, lt) && !TypesEqual(lt, rt), nil
		case "<=":
			return IsAssignable(rt, lt), nil
		case ">":
			return IsAssignable(lt, rt) && !TypesEqual(lt, rt), nil
		case ">=":
			return IsAssignable(lt, rt), nil
		}
		return false, newError("UNSUPPORTED_OPERATOR", "Unsupported operator '"+op+"'")
	}
	switch op {
	case "==":
		return Equals(a, b), nil
	case "!=":
		return !Equals(a, b), nil
	}
	c, err := Compare(a, b)
	if err != nil {
		return false, newError(IssueComparisonNotPossible, "Comparison of: "+comparisonLabel(a)+" "+op+" "+comparisonLabel(b)+
			", is not possible. Caused by '"+err.Error()+"'.")
	}
	switch op {
	case "<":
		return c < 0, nil
	case "<=":
		return c <= 0, nil
	case ">":
		return c > 0, nil
	case ">=":
		return c >= 0, nil
	}
	return false, newError("UNSUPPORTED_OPERATOR", "Unsupported operator '"+op+"'")
}

// comparisonLabel is the label provider's label(value) used in the
// comparison message.
func comparisonLabel(v Value) string {
	return valueLabel(v)
}

// casecmp is Ruby's String#casecmp: ASCII case folding, then bytes.
func casecmp(a, b string) int {
	n := len(a)
	if len(b) < n {
		n = len(b)
	}
	for i := 0; i < n; i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return cmpInt(int64(len(a)), int64(len(b)))
}

func cmpNumbers(a, b Value) int {
	if x, ok := a.(Int); ok {
		if y, ok := b.(Int); ok {
			return cmpInt(int64(x), int64(y))
		}
	}
	fa, fb := toFloat(a), toFloat(b)
	switch {
	case fa < fb:
		return -1
	case fa > fb:
		return 1
	}
	return 0
}

func toFloat(v Value) float64 {
	switch x := v.(type) {
	case Int:
		return float64(x)
	case Float:
		return float64(x)
	}
	return 0
}

// cmpTimeNumber compares a time in nanoseconds with a number of seconds
// (TimeData#<=>: Integer compares whole seconds, Float fractional ones).
func cmpTimeNumber(ns int64, n Value) int {
	switch y := n.(type) {
	case Int:
		return cmpInt(floorDiv(ns, nsecsPerSec), int64(y))
	case Float:
		f := float64(ns) / nsecsPerSec
		switch {
		case f < float64(y):
			return -1
		case f > float64(y):
			return 1
		}
	}
	return 0
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

var _ = strings.ToLower
