package values

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Nanosecond multiples used by Timespan and Timestamp.
const (
	nsecsPerUsec = 1000
	nsecsPerMsec = nsecsPerUsec * 1000
	nsecsPerSec  = nsecsPerMsec * 1000
	nsecsPerMin  = nsecsPerSec * 60
	nsecsPerHour = nsecsPerMin * 60
	nsecsPerDay  = nsecsPerHour * 24
)

// Timespan is a Puppet Timespan: a signed duration in nanoseconds.
type Timespan int64

func (Timespan) puppetValue() {}

// Nanoseconds returns the duration in nanoseconds.
func (t Timespan) Nanoseconds() int64 { return int64(t) }

func (t Timespan) abs() int64 {
	if t < 0 {
		return -int64(t)
	}
	return int64(t)
}

// String formats with Puppet's default format '%D-%H:%M:%S.%-N'.
func (t Timespan) String() string {
	f, _ := parseTimespanFormat(timespanDefaultFormats[0])
	return f.format(t)
}

// Format formats t with a Timespan format string ('%D', '%H', ...).
func (t Timespan) Format(format string) (string, error) {
	f, err := parseTimespanFormat(format)
	if err != nil {
		return "", err
	}
	return f.format(t), nil
}

// ParseTimespan parses s with the given formats (Puppet's defaults when
// none are given).
func ParseTimespan(s string, formats ...string) (Timespan, error) {
	useDefaults := len(formats) == 0
	if useDefaults {
		formats = timespanDefaultFormats
	}
	for _, fs := range formats {
		f, err := parseTimespanFormat(fs)
		if err != nil {
			return 0, err
		}
		if t, ok, err := f.parse(s); err != nil {
			return 0, err
		} else if ok {
			return t, nil
		}
	}
	if len(formats) == 1 && !useDefaults {
		return 0, newError("", fmt.Sprintf("Unable to parse '%s' using format '%s'", s, formats[0]))
	}
	return 0, newError("", fmt.Sprintf("Unable to parse '%s' using any of the formats %s", s, strings.Join(formats, ", ")))
}

var timespanDefaultFormats = []string{"%D-%H:%M:%S.%-N", "%H:%M:%S.%-N", "%M:%S.%-N", "%S.%-N", "%D-%H:%M:%S", "%H:%M:%S", "%D-%H:%M", "%S"}

type tsSegKind int

const (
	tsLiteral tsSegKind = iota
	tsNano
	tsMilli
	tsSecond
	tsMinute
	tsHour
	tsDay
)

type tsSegment struct {
	kind     tsSegKind
	literal  string
	padchar  byte // 0 = none ('-'), ' ' or '0'
	width    int  // 0 = default
	useTotal bool
}

func (s *tsSegment) defaultWidth() int {
	switch s.kind {
	case tsDay:
		return 1
	case tsMilli:
		return 3
	case tsNano:
		return 9
	}
	return 2
}

func (s *tsSegment) w() int {
	if s.width > 0 {
		return s.width
	}
	return s.defaultWidth()
}

type timespanFormat struct {
	src  string
	segs []*tsSegment
}

var tsFormatCache sync.Map

func parseTimespanFormat(str string) (*timespanFormat, error) {
	if f, ok := tsFormatCache.Load(str); ok {
		return f.(*timespanFormat), nil
	}
	var segs []*tsSegment
	highest := tsLiteral
	state := 0 // 0 literal, 1 pad, 2 width
	var padchar byte = '0'
	width := 0
	fstart := 0
	bad := func(pos int) error {
		return newError("", fmt.Sprintf("Bad format specifier '%s' in '%s', at position %d", str[fstart:pos], str, pos))
	}
	appendLit := func(r rune) {
		if n := len(segs); n > 0 && segs[n-1].kind == tsLiteral {
			segs[n-1].literal += string(r)
		} else {
			segs = append(segs, &tsSegment{kind: tsLiteral, literal: string(r)})
		}
	}
	pos := -1
	for _, r := range str {
		pos++
		if state == 0 {
			if r == '%' {
				state, fstart, padchar, width = 1, pos, '0', 0
			} else {
				appendLit(r)
			}
			continue
		}
		var kind tsSegKind
		switch r {
		case '%':
			appendLit(r)
			state = 0
			continue
		case '-':
			if state != 1 {
				return nil, bad(pos)
			}
			padchar, state = 0, 2
			continue
		case '_':
			if state != 1 {
				return nil, bad(pos)
			}
			padchar, state = ' ', 2
			continue
		case 'D':
			kind = tsDay
		case 'H':
			kind = tsHour
		case 'M':
			kind = tsMinute
		case 'S':
			kind = tsSecond
		case 'L':
			kind = tsMilli
		case 'N':
			kind = tsNano
		default:
			if r < '0' || r > '9' {
				return nil, bad(pos)
			}
			if state == 1 && r == '0' {
				padchar = '0'
			} else {
				width = width*10 + int(r-'0')
			}
			state = 2
			continue
		}
		if kind > highest {
			highest = kind
		}
		segs = append(segs, &tsSegment{kind: kind, padchar: padchar, width: width})
		state = 0
	}
	if state != 0 {
		return nil, bad(pos)
	}
	if highest != tsLiteral {
		for _, s := range segs {
			if s.kind == highest {
				s.useTotal = true
				break
			}
		}
	}
	f := &timespanFormat{src: str, segs: segs}
	tsFormatCache.Store(str, f)
	return f, nil
}

func (f *timespanFormat) format(t Timespan) string {
	var b strings.Builder
	if t < 0 {
		b.WriteByte('-')
	}
	ns := t.abs()
	for _, s := range f.segs {
		var n int64
		switch s.kind {
		case tsLiteral:
			b.WriteString(s.literal)
			continue
		case tsDay:
			n = ns / nsecsPerDay
		case tsHour:
			n = ns / nsecsPerHour
			if !s.useTotal {
				n %= 24
			}
		case tsMinute:
			n = ns / nsecsPerMin
			if !s.useTotal {
				n %= 60
			}
		case tsSecond:
			n = ns / nsecsPerSec
			if !s.useTotal {
				n %= 60
			}
		case tsMilli:
			n = ns / nsecsPerMsec
			if !s.useTotal {
				n %= 1000
			}
		case tsNano:
			w := s.w()
			n = ns
			if w < 9 {
				n /= pow10(9 - w)
				if !s.useTotal {
					n %= pow10(w)
				}
			} else if !s.useTotal {
				n %= nsecsPerSec
			}
		}
		fragment := s.kind == tsMilli || s.kind == tsNano
		if fragment && !s.useTotal && s.padchar != '0' {
			// fractions drop trailing zeroes unless zero padded
			d := strconv.FormatInt(n, 10)
			for len(d) > 1 && d[len(d)-1] == '0' {
				d = d[:len(d)-1]
			}
			n, _ = strconv.ParseInt(d, 10, 64)
		}
		d := strconv.FormatInt(n, 10)
		switch {
		case s.padchar == 0:
			b.WriteString(d)
		case fragment:
			b.WriteString(d)
			for i := len(d); i < s.w(); i++ {
				b.WriteByte(' ')
			}
		default:
			for i := len(d); i < s.w(); i++ {
				b.WriteByte(s.padchar)
			}
			b.WriteString(d)
		}
	}
	return b.String()
}

func pow10(n int) int64 {
	r := int64(1)
	for ; n > 0; n-- {
		r *= 10
	}
	return r
}

// parse returns ok=false when s does not match the format.
func (f *timespanFormat) parse(s string) (Timespan, bool, error) {
	rest := s
	neg := false
	if strings.HasPrefix(rest, "-") {
		neg = true
		rest = rest[1:]
	}
	var total int64
	overflow := false
	for _, seg := range f.segs {
		if seg.kind == tsLiteral {
			if !strings.HasPrefix(rest, seg.literal) {
				return 0, false, nil
			}
			rest = rest[len(seg.literal):]
			continue
		}
		// digits (and spaces for space padding), bounded by width
		maxw := seg.w()
		if seg.width == 0 && seg.useTotal {
			maxw = 1 << 30
		}
		j := 0
		for j < len(rest) && j < maxw && (rest[j] >= '0' && rest[j] <= '9' || seg.padchar == ' ' && rest[j] == ' ') {
			j++
		}
		if seg.width > 0 && seg.padchar != 0 && j != seg.width || j == 0 {
			return 0, false, nil
		}
		group := strings.TrimLeft(rest[:j], " ")
		rest = rest[j:]
		if group == "" {
			return 0, false, nil
		}
		n, err := strconv.ParseInt(group, 10, 64)
		fits := err == nil // digits beyond int64 are beyond what pp2go holds
		unit := int64(1)
		switch seg.kind {
		case tsDay:
			unit = nsecsPerDay
		case tsHour:
			unit = nsecsPerHour
		case tsMinute:
			unit = nsecsPerMin
		case tsSecond:
			unit = nsecsPerSec
		case tsMilli, tsNano:
			if seg.useTotal {
				return 0, false, newError("", "Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude")
			}
			if p := 9 - len(group); p > 0 {
				unit = pow10(p)
			}
		}
		sum, ok := nanosMulAdd(total, n, unit)
		total, overflow = sum, overflow || !fits || !ok
	}
	if rest != "" {
		return 0, false, nil
	}
	if overflow {
		return 0, false, ErrTimeRange()
	}
	if neg {
		total = -total
	}
	return Timespan(total), true, nil
}
