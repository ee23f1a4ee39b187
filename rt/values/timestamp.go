package values

import (
	"fmt"
	"strconv"
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
// the given timezone: UTC for "", else the zone's offset as
// Timestamp.convert_timezone makes it (+hh:mm as it is, another zone's
// offset in whole minutes), a time whose zone has no name.
func (t Timestamp) Format(format, timezone string) (string, error) {
	if timezone == "" {
		return strftime(format, rubyTime{t.Time(), "UTC"})
	}
	var off int
	if len(timezone) == 6 && (timezone[0] == '+' || timezone[0] == '-') && timezone[3] == ':' &&
		digitsEnd(timezone, 1) == 3 && digitsEnd(timezone, 4) == 6 {
		h, _ := strconv.Atoi(timezone[1:3])
		m, _ := strconv.Atoi(timezone[4:6])
		off = h*3600 + m*60
		if timezone[0] == '-' {
			off = -off
		}
	} else {
		secs, err := zoneOffset(timezone)
		if err != nil {
			return "", err
		}
		off = int(floorDiv(int64(secs), 60)) * 60 // utc_offset(tz) / 60, Integer division
	}
	return strftime(format, rubyTime{t.Time().In(time.FixedZone("", off)), ""})
}

var timestampDefaultFormatsWithoutTZ = []string{"%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"}
var timestampDefaultFormats = append([]string{"%FT%T.%N %Z", "%FT%T %Z", "%F %T.%N %Z", "%F %T %Z", "%F %Z"}, timestampDefaultFormatsWithoutTZ...)

// ParseTimestamp parses s with the given formats (Puppet's defaults when
// none are given), in timezone tz ("" = as given by the string, else UTC).
func ParseTimestamp(s string, tz string, formats ...string) (Timestamp, error) {
	explicit := len(formats) > 0
	if !explicit {
		if tz != "" {
			formats = timestampDefaultFormatsWithoutTZ
		} else {
			formats = timestampDefaultFormats
		}
	}
	for _, f := range formats {
		tm, zone, ok := strptime(s, f)
		if !ok || (tz != "" && zone != "") {
			continue
		}
		if zone == "" {
			zone = tz
		}
		if zone != "" {
			// the fields as UTC, less the zone's offset
			off, err := zoneOffset(zone)
			if err != nil {
				return 0, err
			}
			tm = tm.Add(-time.Duration(off) * time.Second)
		}
		return TimestampOf(tm), nil
	}
	if explicit && len(formats) == 1 {
		return 0, newError("", fmt.Sprintf("Unable to parse '%s' using format '%s'", s, formats[0]))
	}
	return 0, newError("", fmt.Sprintf("Unable to parse '%s' using any of the formats %s", s, strings.Join(formats, ", ")))
}

// strptime parses the subset of Ruby's DateTime._strptime that Puppet's
// default formats use. It returns the time (UTC fields) and any zone text.
func strptime(s, format string) (time.Time, string, bool) {
	year, month, day, hour, min, sec, nsec := 1970, 1, 1, 0, 0, 0, 0
	zone := ""
	pos := 0
	num := func(maxDigits int) (int, bool) {
		start := pos
		if pos < len(s) && (s[pos] == '-' || s[pos] == '+') && maxDigits > 4 {
			pos++
		}
		for pos < len(s) && pos-start < maxDigits && s[pos] >= '0' && s[pos] <= '9' {
			pos++
		}
		if pos == start {
			return 0, false
		}
		n, err := strconv.Atoi(s[start:pos])
		return n, err == nil
	}
	var ok bool
	var expand func(f string) bool
	expand = func(f string) bool {
		for i := 0; i < len(f); i++ {
			c := f[i]
			if c != '%' || i+1 >= len(f) {
				if c == ' ' {
					for pos < len(s) && s[pos] == ' ' {
						pos++
					}
					continue
				}
				if pos >= len(s) || s[pos] != c {
					return false
				}
				pos++
				continue
			}
			i++
			switch f[i] {
			case 'Y':
				if year, ok = num(5); !ok {
					return false
				}
			case 'm':
				if month, ok = num(2); !ok {
					return false
				}
			case 'd', 'e':
				if day, ok = num(2); !ok {
					return false
				}
			case 'H', 'k':
				if hour, ok = num(2); !ok {
					return false
				}
			case 'M':
				if min, ok = num(2); !ok {
					return false
				}
			case 'S':
				if sec, ok = num(2); !ok {
					return false
				}
			case 'N', 'L':
				start := pos
				for pos < len(s) && s[pos] >= '0' && s[pos] <= '9' {
					pos++
				}
				if pos == start {
					return false
				}
				digits := s[start:pos]
				if len(digits) > 9 {
					digits = digits[:9]
				}
				for len(digits) < 9 {
					digits += "0"
				}
				nsec, _ = strconv.Atoi(digits)
			case 'z', 'Z':
				start := pos
				for pos < len(s) && s[pos] != ' ' {
					pos++
				}
				if pos == start {
					return false
				}
				zone = s[start:pos]
			case 'F':
				if !expand("%Y-%m-%d") {
					return false
				}
			case 'T':
				if !expand("%H:%M:%S") {
					return false
				}
			case '%':
				if pos >= len(s) || s[pos] != '%' {
					return false
				}
				pos++
			default:
				return false
			}
		}
		return true
	}
	if !expand(format) || pos != len(s) {
		return time.Time{}, "", false
	}
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || min > 59 || sec > 60 {
		return time.Time{}, "", false
	}
	return time.Date(year, time.Month(month), day, hour, min, sec, nsec, time.UTC), zone, true
}
