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

// Format formats t with a strftime format in the given timezone ("" = UTC).
func (t Timestamp) Format(format, timezone string) (string, error) {
	tm := t.Time()
	if timezone != "" {
		loc, err := timezoneLocation(timezone)
		if err != nil {
			return "", err
		}
		tm = tm.In(loc)
	}
	return strftime(format, tm), nil
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
			loc, err := timezoneLocation(zone)
			if err != nil {
				return 0, err
			}
			tm = time.Date(tm.Year(), tm.Month(), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), loc)
		}
		return TimestampOf(tm), nil
	}
	if explicit && len(formats) == 1 {
		return 0, newError("", fmt.Sprintf("Unable to parse '%s' using format '%s'", s, formats[0]))
	}
	return 0, newError("", fmt.Sprintf("Unable to parse '%s' using any of the formats %s", s, strings.Join(formats, ", ")))
}

func timezoneLocation(tz string) (*time.Location, error) {
	switch strings.ToUpper(tz) {
	case "UTC", "GMT", "Z", "UT":
		return time.UTC, nil
	case "CURRENT":
		return time.Local, nil
	}
	if len(tz) >= 3 && (tz[0] == '+' || tz[0] == '-') {
		d := strings.ReplaceAll(tz[1:], ":", "")
		if n, err := strconv.Atoi(d); err == nil && len(d) == 4 {
			off := (n/100)*3600 + (n%100)*60
			if tz[0] == '-' {
				off = -off
			}
			return time.FixedZone(tz, off), nil
		}
	}
	if loc, err := time.LoadLocation(tz); err == nil {
		return loc, nil
	}
	return nil, newError("", fmt.Sprintf("Illegal timezone '%s'", tz))
}

// strftime implements the Ruby directives Puppet's formats use.
func strftime(format string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 >= len(format) {
			b.WriteByte(c)
			continue
		}
		i++
		switch format[i] {
		case 'Y':
			b.WriteString(strconv.Itoa(t.Year()))
		case 'C':
			fmt.Fprintf(&b, "%02d", t.Year()/100)
		case 'y':
			fmt.Fprintf(&b, "%02d", t.Year()%100)
		case 'm':
			fmt.Fprintf(&b, "%02d", int(t.Month()))
		case 'd':
			fmt.Fprintf(&b, "%02d", t.Day())
		case 'e':
			fmt.Fprintf(&b, "%2d", t.Day())
		case 'j':
			fmt.Fprintf(&b, "%03d", t.YearDay())
		case 'H':
			fmt.Fprintf(&b, "%02d", t.Hour())
		case 'k':
			fmt.Fprintf(&b, "%2d", t.Hour())
		case 'I':
			h := t.Hour() % 12
			if h == 0 {
				h = 12
			}
			fmt.Fprintf(&b, "%02d", h)
		case 'M':
			fmt.Fprintf(&b, "%02d", t.Minute())
		case 'S':
			fmt.Fprintf(&b, "%02d", t.Second())
		case 'L':
			fmt.Fprintf(&b, "%03d", t.Nanosecond()/1e6)
		case 'N':
			fmt.Fprintf(&b, "%09d", t.Nanosecond())
		case 'z':
			_, off := t.Zone()
			sign := '+'
			if off < 0 {
				sign, off = '-', -off
			}
			fmt.Fprintf(&b, "%c%02d%02d", sign, off/3600, off/60%60)
		case 'Z':
			name, _ := t.Zone()
			b.WriteString(name)
		case 'A':
			b.WriteString(t.Weekday().String())
		case 'a':
			b.WriteString(t.Weekday().String()[:3])
		case 'B':
			b.WriteString(t.Month().String())
		case 'b', 'h':
			b.WriteString(t.Month().String()[:3])
		case 'p':
			if t.Hour() < 12 {
				b.WriteString("AM")
			} else {
				b.WriteString("PM")
			}
		case 'P':
			if t.Hour() < 12 {
				b.WriteString("am")
			} else {
				b.WriteString("pm")
			}
		case 'u':
			wd := int(t.Weekday())
			if wd == 0 {
				wd = 7
			}
			b.WriteString(strconv.Itoa(wd))
		case 'w':
			b.WriteString(strconv.Itoa(int(t.Weekday())))
		case 's':
			b.WriteString(strconv.FormatInt(t.Unix(), 10))
		case 'F':
			b.WriteString(strftime("%Y-%m-%d", t))
		case 'T', 'X':
			b.WriteString(strftime("%H:%M:%S", t))
		case 'D', 'x':
			b.WriteString(strftime("%m/%d/%y", t))
		case 'R':
			b.WriteString(strftime("%H:%M", t))
		case 'c':
			b.WriteString(strftime("%a %b %e %H:%M:%S %Y", t))
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(format[i])
		}
	}
	return b.String()
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
