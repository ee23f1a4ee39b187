package values

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Timestamp is a Puppet Timestamp: nanoseconds since the Unix epoch (UTC).
type Timestamp int64

func (Timestamp) puppetValue() {}

// Time returns t as a Go time in UTC.
func (t Timestamp) Time() time.Time {
	return time.Unix(0, int64(t)).UTC()
}

// TimestampOf converts a Go time.
func TimestampOf(t time.Time) Timestamp { return Timestamp(t.UnixNano()) }

// String formats with Puppet's default format '%FT%T.%N %Z' in UTC.
func (t Timestamp) String() string {
	s, _ := t.Format("%FT%T.%N %Z", "")
	return s
}

// Format formats t with a strftime format (Ruby's Time#strftime) in
// the given timezone: UTC for "", else at the zone's offset in whole
// minutes, as Timestamp.convert_timezone makes it (a "+hh:mm" it passes
// on as it is reads as the same offset), a time whose zone has no name.
func (t Timestamp) Format(format, timezone string) (string, error) {
	if timezone == "" {
		return strftime(format, rubyTime{t.Time(), "UTC"})
	}
	secs, err := zoneOffset(timezone)
	if err != nil {
		return "", err
	}
	off := int(floorDiv(int64(secs), 60)) * 60 // utc_offset(tz) / 60, Integer division
	return strftime(format, rubyTime{t.Time().In(time.FixedZone("", off)), ""})
}

var timestampDefaultFormatsWithoutTZ = []string{"%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"}
var timestampDefaultFormats = append([]string{"%FT%T.%N %Z", "%FT%T %Z", "%F %T.%N %Z", "%F %T %Z", "%F %Z"}, timestampDefaultFormatsWithoutTZ...)

// ParseTimestamp is Timestamp.parse: s read with the given formats
// (Puppet's defaults when none are given) by Ruby's Date._strptime, the
// first that reads it whole (and names no zone when tz is given), its
// fields taken as UTC (Time.utc: a year is needed) less the offset of tz
// or of the zone it read.
func ParseTimestamp(s string, tz string, formats ...string) (Timestamp, error) {
	explicit := len(formats) > 0
	if !explicit {
		if tz != "" {
			formats = timestampDefaultFormatsWithoutTZ
		} else {
			formats = timestampDefaultFormats
		}
	}
	var p *parsedTime
	if explicit && len(formats) == 1 {
		if p = rubyStrptime(s, formats[0]); p == nil || p.leftover {
			return 0, newError("", fmt.Sprintf("Unable to parse '%s' using format '%s'", s, formats[0]))
		}
		if tz != "" && p.set[fZone] {
			return 0, newError("", "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument")
		}
	} else {
		for _, f := range formats {
			if p = rubyStrptime(s, f); p != nil && !p.leftover && !(tz != "" && p.set[fZone]) {
				break
			}
			p = nil
		}
		if p == nil {
			return 0, newError("", fmt.Sprintf("Unable to parse '%s' using any of the formats %s", s, strings.Join(formats, ", ")))
		}
	}
	if tz == "" {
		tz = p.zone
	}
	if !p.set[fYear] {
		return 0, newError("", "no implicit conversion of nil into Integer")
	}
	or1 := func(f int) int { // Time.utc's month and day default to 1
		if !p.set[f] {
			return 1
		}
		return p.v[f]
	}
	var nsec int64
	if p.set[fFrac] {
		nsec = p.fracNum * 1e9 / p.fracDen
	}
	tm := time.Date(p.v[fYear], time.Month(or1(fMon)), or1(fMday), p.v[fHour], p.v[fMin], p.v[fSec], 0, time.UTC).Add(time.Duration(nsec))
	if tz != "" {
		off, err := zoneOffset(tz)
		if err != nil {
			return 0, err
		}
		tm = tm.Add(-time.Duration(off) * time.Second)
	}
	if tm.Before(time.Unix(0, math.MinInt64)) || tm.After(time.Unix(0, math.MaxInt64)) {
		return 0, ErrTimeRange()
	}
	return TimestampOf(tm), nil
}
