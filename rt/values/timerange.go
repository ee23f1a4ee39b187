package values

import "math"

// pp2go holds a Timestamp or a Timespan in an int64 of nanoseconds: about
// 292 years either side of 1970 (1677-09-21 to 2262-04-11), or 106,751
// days. Puppet's are Ruby Integers, unbounded. A value beyond fails with
// ErrTimeRange where it is made (parsed, converted from seconds, or the
// result of arithmetic), rather than wrapping around to another time.

// ErrTimeRange is the error of a time value pp2go cannot hold.
func ErrTimeRange() *Error {
	return newError("", "pp2go holds Timestamps between 1677-09-21T00:12:43.145224192 UTC and 2262-04-11T23:47:16.854775807 UTC and Timespans of up to 106751 days (64 bits of nanoseconds); this value lies beyond, where Puppet has no limit")
}

// nanosOf is f truncated, ok false when it is not a number or lies
// beyond int64.
func nanosOf(f float64) (int64, bool) {
	if !(f >= math.MinInt64 && f < math.MaxInt64) { // false for NaN too
		return 0, false
	}
	return int64(f), true
}

// SecondsToNanos is seconds (an Int or a Float) in nanoseconds, ok false
// when pp2go cannot hold them (ErrTimeRange) or x is neither.
func SecondsToNanos(x Value) (int64, bool) {
	switch n := x.(type) {
	case Int:
		return mulInt64(int64(n), nsecsPerSec)
	case Float:
		return nanosOf(float64(n) * nsecsPerSec)
	}
	return 0, false
}

// nanosMulAdd is acc + n*unit, ok false when it overflows.
func nanosMulAdd(acc, n, unit int64) (int64, bool) {
	p, ok1 := mulInt64(n, unit)
	s, ok2 := addInt64(acc, p)
	return s, ok1 && ok2
}

// TimespanOfFields is the Timespan of f's days, hours, minutes, seconds,
// milliseconds, microseconds and nanoseconds (new's forms), negated when
// negative; ok false when pp2go cannot hold it (ErrTimeRange).
func TimespanOfFields(negative bool, f [7]int64) (Timespan, bool) {
	units := [7]int64{nsecsPerDay, nsecsPerHour, nsecsPerMin, nsecsPerSec, nsecsPerMsec, nsecsPerUsec, 1}
	var ns int64
	for i, n := range f {
		var ok bool
		if ns, ok = nanosMulAdd(ns, n, units[i]); !ok {
			return 0, false
		}
	}
	if negative {
		ns = -ns
	}
	return Timespan(ns), true
}
