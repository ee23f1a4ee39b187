package values

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTimeRange checks that a Timestamp or Timespan beyond what an int64
// of nanoseconds holds fails with ErrTimeRange where it is made, where it
// wrapped around before (Timestamp('1500-01-01T00:00:00.000 UTC') was
// 2084-07-20T23:34:33.709551616 UTC; Puppet 8.10 gives 1500-01-01), and
// that values within, to the last nanosecond, are unchanged.
func TestTimeRange(t *testing.T) {
	rangeErr := ErrTimeRange().Message

	// parsed
	_, err := ParseTimestamp("1500-01-01T00:00:00.000 UTC", "")
	require.Error(t, err)
	assert.Equal(t, rangeErr, err.Error())
	_, err = ParseTimestamp("2262-04-12", "")
	assert.Error(t, err)
	last, err := ParseTimestamp("2262-04-11T23:47:16.854775807 UTC", "")
	require.NoError(t, err)
	assert.Equal(t, Timestamp(math.MaxInt64), last)
	first, err := ParseTimestamp("1677-09-21T00:12:43.145224192 UTC", "")
	require.NoError(t, err)
	assert.Equal(t, Timestamp(math.MinInt64), first)

	span, err := ParseTimespan("106751-00:00:00")
	require.NoError(t, err)
	assert.Equal(t, Timespan(106751*24*3600*nsecsPerSec), span)
	_, err = ParseTimespan("106752-00:00:00")
	assert.Error(t, err)
	_, err = ParseTimespan("99999999999999999999")
	assert.Error(t, err)

	// converted from seconds
	_, err = construct("Timestamp", []Value{Int(10_000_000_000)})
	assert.Error(t, err)
	_, err = construct("Timespan", []Value{Float(1e19)})
	assert.Error(t, err)
	_, err = construct("Timespan", []Value{Float(math.NaN())})
	assert.Error(t, err)
	ts, err := construct("Timestamp", []Value{Int(86400)})
	require.NoError(t, err)
	assert.Equal(t, Timestamp(86400*nsecsPerSec), ts)

	// arithmetic
	for _, c := range []struct {
		op   string
		l, r Value
	}{
		{"+", last, Timespan(1)},
		{"+", Timespan(1), last},
		{"-", first, Timespan(1)},
		{"-", last, first},
		{"+", last, Int(1)},
		{"-", first, Float(0.5)},
		{"*", Timespan(math.MaxInt64 / 2), Int(3)},
		{"*", Timespan(math.MaxInt64 / 2), Float(2.5)},
		{"/", Timespan(math.MaxInt64), Float(0.5)},
		{"+", Timespan(math.MaxInt64), Timespan(1)},
		{"-", Int(-10_000_000_000), Timespan(0)},
	} {
		_, err := Arithmetic(c.op, c.l, c.r)
		if assert.Error(t, err, "%v %s %v", c.l, c.op, c.r) {
			assert.Equal(t, rangeErr, err.Error())
		}
	}
	_, err = Negate(Timespan(math.MinInt64))
	assert.Error(t, err)

	// within the range, as before
	day := Timespan(24 * 3600 * nsecsPerSec)
	for _, c := range []struct {
		op   string
		l, r Value
		want Value
	}{
		{"+", Timestamp(0), day, Timestamp(day)},
		{"+", Timestamp(0), Int(86400), Timestamp(day)},
		{"-", last, first, nil}, // overflows: checked above
		{"-", Timestamp(day), Timestamp(0), day},
		{"*", day, Int(3), 3 * day},
		{"*", day, Float(0.5), day / 2},
		{"/", day, Int(2), day / 2},
		{"/", day, day, Float(1)},
		{"-", day, Float(43200), day / 2},
		{"-", Float(86400), day, Timespan(0)},
	} {
		if c.want == nil {
			continue
		}
		got, err := Arithmetic(c.op, c.l, c.r)
		require.NoError(t, err, "%v %s %v", c.l, c.op, c.r)
		assert.Equal(t, c.want, got, "%v %s %v", c.l, c.op, c.r)
	}
}

// TestNanosArithmetic checks the overflow checks at int64's edges.
func TestNanosArithmetic(t *testing.T) {
	for _, c := range []struct {
		a, b int64
		add  bool
		sub  bool
		mul  bool
		what string
	}{
		{math.MaxInt64, 1, false, true, true, "max, 1"},
		{math.MinInt64, -1, false, true, false, "min, -1"},
		{math.MinInt64, 1, true, false, true, "min, 1"},
		{-1, math.MinInt64, false, true, false, "-1, min"},
		{0, math.MinInt64, true, false, true, "0, min"},
		{3, 4, true, true, true, "3, 4"},
		{1 << 31, 1 << 31, true, true, true, "2^31, 2^31"},
		{1 << 32, 1 << 31, true, true, false, "2^32, 2^31"},
		{-1 << 32, 1 << 31, true, true, true, "-2^32, 2^31"},
	} {
		_, ok := addInt64(c.a, c.b)
		assert.Equal(t, c.add, ok, "add %s", c.what)
		_, ok = subInt64(c.a, c.b)
		assert.Equal(t, c.sub, ok, "sub %s", c.what)
		_, ok = mulInt64(c.a, c.b)
		assert.Equal(t, c.mul, ok, "mul %s", c.what)
	}
}
