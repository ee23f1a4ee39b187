package values

import (
	"strconv"
	"strings"
	"time"
)

// rubyTime is a time as Ruby's Time#strftime formats it: the time at its
// offset, and the zone's name ("UTC" for a UTC time, "" for a time at a
// fixed offset, as Time#localtime("+01:00") gives).
type rubyTime struct {
	t    time.Time
	zone string
}

// RubyStrftime is Ruby's Time#strftime of t, at t's offset, whose zone is
// named zone (%Z): Timestamp's formats, and templates' and functions'
// Time objects (rt/erb).
func RubyStrftime(format string, t time.Time, zone string) (string, error) {
	return strftime(format, rubyTime{t, zone})
}

// strftime is Ruby's Time#strftime (strftime.c): flags - _ 0 ^ # and :,
// a width, and Ruby's conversions; an unknown one is written as it is,
// and a format that ends within one is Ruby's ArgumentError.
func strftime(format string, t rubyTime) (string, error) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		start := i
		var s spec
		i++
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '-':
				s.pad, s.noPad = 0, true
			case '_':
				s.pad, s.noPad = ' ', false
			case '0':
				s.pad, s.noPad = '0', false
			case '^':
				s.upper = true
			case '#':
				s.swap = true
			case ':':
				s.colons++
			default:
				break flags
			}
		}
		for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
			s.width = s.width*10 + int(format[i]-'0')
			if s.width > 1<<16 {
				s.width = 1 << 16
			}
			s.hasWidth = true
		}
		for ; i < len(format) && format[i] == ':'; i++ {
			s.colons++ // %10:z
		}
		if i >= len(format) {
			if s.colons == 0 {
				return "", newError("", "invalid format: "+format)
			}
			b.WriteString(format[start:])
			break
		}
		if s.colons > 0 && format[i] != 'z' {
			b.WriteString(format[start : i+1])
			continue
		}
		if !s.conv(&b, format[i], t) {
			b.WriteString(format[start : i+1])
		}
	}
	return b.String(), nil
}

// spec is one conversion's flags and width.
type spec struct {
	pad      byte // '0' or ' ' when a flag chose it, 0 otherwise
	noPad    bool // '-'
	upper    bool // '^'
	swap     bool // '#'
	colons   int
	width    int
	hasWidth bool
}

// num writes n at least digits wide (the width when one is given),
// padded with defPad unless a flag chose otherwise.
func (s spec) num(b *strings.Builder, n int64, digits int, defPad byte) {
	neg := n < 0
	if neg {
		n = -n
	}
	text := strconv.FormatInt(n, 10)
	w := digits
	if s.hasWidth {
		w = s.width
	}
	if s.noPad {
		w = 0
	}
	pad := defPad
	if s.pad != 0 {
		pad = s.pad
	}
	if neg {
		w--
		if pad == ' ' {
			writePad(b, ' ', w-len(text))
			b.WriteByte('-')
			b.WriteString(text)
			return
		}
		b.WriteByte('-')
	}
	writePad(b, pad, w-len(text))
	b.WriteString(text)
}

// year writes a year, four digits at least (five with a minus sign).
func (s spec) year(b *strings.Builder, y int) {
	if y < 0 {
		s.num(b, int64(y), 5, '0')
	} else {
		s.num(b, int64(y), 4, '0')
	}
}

// text writes a name, padded on the left with spaces (or zeros with
// the 0 flag) to the width; ^ upcases it, and # upcases a name (lower
// when lowerOnSwap, as %p's).
func (s spec) text(b *strings.Builder, str string, lowerOnSwap bool) {
	switch {
	case s.swap && lowerOnSwap:
		str = strings.ToLower(str)
	case s.upper || s.swap:
		str = strings.ToUpper(str)
	}
	if s.hasWidth && !s.noPad {
		pad := byte(' ')
		if s.pad == '0' {
			pad = '0'
		}
		writePad(b, pad, s.width-len(str))
	}
	b.WriteString(str)
}

func writePad(b *strings.Builder, pad byte, n int) {
	for ; n > 0; n-- {
		b.WriteByte(pad)
	}
}

// composites are the conversions that are formats of others.
var composites = map[byte]string{'c': "%a %b %e %H:%M:%S %Y", 'x': "%m/%d/%y", 'X': "%H:%M:%S", 'D': "%m/%d/%y",
	'F': "%Y-%m-%d", 'T': "%H:%M:%S", 'R': "%H:%M", 'r': "%I:%M:%S %p", 'v': "%e-%^b-%4Y"}

var (
	weekdays = [...]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	months   = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// conv writes conversion c; false for a letter Ruby does not know.
func (s spec) conv(b *strings.Builder, c byte, rt rubyTime) bool {
	t := rt.t
	switch c {
	case 'Y':
		s.year(b, t.Year())
	case 'C':
		s.num(b, floorDiv(int64(t.Year()), 100), 2, '0')
	case 'y':
		s.num(b, int64(floorMod(t.Year(), 100)), 2, '0')
	case 'm':
		s.num(b, int64(t.Month()), 2, '0')
	case 'd':
		s.num(b, int64(t.Day()), 2, '0')
	case 'e':
		s.num(b, int64(t.Day()), 2, ' ')
	case 'j':
		s.num(b, int64(t.YearDay()), 3, '0')
	case 'H':
		s.num(b, int64(t.Hour()), 2, '0')
	case 'k':
		s.num(b, int64(t.Hour()), 2, ' ')
	case 'I', 'l':
		h := t.Hour() % 12
		if h == 0 {
			h = 12
		}
		if c == 'I' {
			s.num(b, int64(h), 2, '0')
		} else {
			s.num(b, int64(h), 2, ' ')
		}
	case 'M':
		s.num(b, int64(t.Minute()), 2, '0')
	case 'S':
		s.num(b, int64(t.Second()), 2, '0')
	case 'L', 'N':
		// the fraction's first digits (3 for L, 9 for N, or the width),
		// zeros after the ninth
		n := 9
		if c == 'L' {
			n = 3
		}
		if s.hasWidth {
			n = s.width
		}
		frac := strconv.Itoa(t.Nanosecond() + 1e9)[1:]
		if n <= 9 {
			b.WriteString(frac[:n])
		} else {
			b.WriteString(frac)
			writePad(b, '0', n-9)
		}
	case 'z':
		s.zone(b, t, rt.zone == "UTC")
	case 'Z':
		if rt.zone != "" { // a time at a fixed offset has none, nor padding
			s.text(b, rt.zone, true)
		}
	case 'A':
		s.text(b, weekdays[t.Weekday()], false)
	case 'a':
		s.text(b, weekdays[t.Weekday()][:3], false)
	case 'B':
		s.text(b, months[t.Month()-1], false)
	case 'b', 'h':
		s.text(b, months[t.Month()-1][:3], false)
	case 'p', 'P':
		// # changes the case: %p's AM to am, %P's am to AM
		m := "AM"
		if t.Hour() >= 12 {
			m = "PM"
		}
		if c == 'P' && !s.upper && !s.swap {
			m = strings.ToLower(m)
		}
		s.text(b, m, c == 'p')
	case 'u':
		wd := int64(t.Weekday())
		if wd == 0 {
			wd = 7
		}
		s.num(b, wd, 1, '0')
	case 'w':
		s.num(b, int64(t.Weekday()), 1, '0')
	case 'U':
		s.num(b, int64((t.YearDay()+6-int(t.Weekday()))/7), 2, '0')
	case 'W':
		s.num(b, int64((t.YearDay()+6-(int(t.Weekday())+6)%7)/7), 2, '0')
	case 'G', 'g', 'V':
		y, w := t.ISOWeek()
		switch c {
		case 'G':
			s.year(b, y)
		case 'g':
			s.num(b, int64(floorMod(y, 100)), 2, '0')
		default:
			s.num(b, int64(w), 2, '0')
		}
	case 's':
		s.num(b, t.Unix(), 1, '0')
	case 'n':
		s.text(b, "\n", false)
	case 't':
		s.text(b, "\t", false)
	case '%':
		s.text(b, "%", false)
	case 'c', 'x', 'X', 'D', 'F', 'T', 'R', 'r', 'v':
		// a format of formats: ^ upcases it, a width pads it on the
		// left (spaces, zeros with 0), whatever the - flag
		str, _ := strftime(composites[c], rt)
		if s.upper {
			str = strings.ToUpper(str)
		}
		pad := byte(' ')
		if s.pad == '0' {
			pad = '0'
		}
		writePad(b, pad, s.width-len(str))
		b.WriteString(str)
	default:
		return false
	}
	return true
}

// zone writes %z: +hhmm, %:z +hh:mm, %::z +hh:mm:ss, %:::z +hh and
// what is not zero of :mm:ss; a width widens the hours (zeros, or spaces
// before the sign with _), and a UTC time's is -0000 with the - flag.
func (s spec) zone(b *strings.Builder, t time.Time, utc bool) {
	_, off := t.Zone()
	sign := byte('+')
	if off < 0 || utc && s.noPad {
		sign, off = '-', -off
	}
	extra := [...]int{3, 4, 7, 4}[min(s.colons, 3)] // the text beside the hours
	prec := 2
	if s.hasWidth && s.width > extra+2 {
		prec = s.width - extra
	}
	hours := strconv.Itoa(off / 3600)
	if s.pad == ' ' {
		writePad(b, ' ', prec-len(hours))
		b.WriteByte(sign)
	} else {
		b.WriteByte(sign)
		writePad(b, '0', prec-len(hours))
	}
	b.WriteString(hours)
	m, sec := off/60%60, off%60
	switch s.colons {
	case 0:
		b.WriteString(pad2(m))
	case 1:
		b.WriteString(":" + pad2(m))
	case 2:
		b.WriteString(":" + pad2(m) + ":" + pad2(sec))
	default:
		if m != 0 || sec != 0 {
			b.WriteString(":" + pad2(m))
		}
		if sec != 0 {
			b.WriteString(":" + pad2(sec))
		}
	}
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func floorMod(a, b int) int {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// zoneOffset is Timestamp.utc_offset: the offset in seconds of a
// timezone as Ruby's Date._strptime(tz, '%z') reads it, or the local
// one for "current" (any case); an error for one it does not know.
func zoneOffset(tz string) (int, error) {
	if strings.EqualFold(tz, "current") {
		_, off := time.Now().Zone()
		return off, nil
	}
	if off, ok := rubyZoneToDiff(zonePrefix(tz)); ok {
		return off, nil
	}
	return 0, newError("", "Illegal timezone '"+tz+"'")
}

// zonePrefix is the start of s that Date._strptime's %z takes:
// (gmt|utc?)?[-+]digits[[,.:]digits[:digits]], words before "standard
// time" or "daylight time", or a word and " dst".
func zonePrefix(s string) string {
	lower := strings.ToLower(s)
	i := 0
	for _, p := range []string{"gmt", "utc", "ut"} {
		if strings.HasPrefix(lower, p) {
			i = len(p)
			break
		}
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		j := digitsEnd(s, i+1)
		if j == i+1 {
			return ""
		}
		if j < len(s) && (s[j] == ',' || s[j] == '.' || s[j] == ':') {
			if k := digitsEnd(s, j+1); k > j+1 {
				j = k
				if s[j-1] >= '0' && j < len(s) && s[j] == ':' {
					if k := digitsEnd(s, j+1); k > j+1 {
						j = k
					}
				}
			}
		}
		return s[:j]
	}
	// words of letters, dots and spaces ending in "standard time" or
	// "daylight time"
	end := 0
	for end < len(s) && (isAlpha(s[end]) || s[end] == '.' || isSpace(s[end])) {
		end++
	}
	for _, suffix := range []string{"standard", "daylight"} {
		for at := strings.LastIndex(lower[:end], suffix); at > 0; at = strings.LastIndex(lower[:at], suffix) {
			rest := s[at+len(suffix):]
			n := 0
			for n < len(rest) && isSpace(rest[n]) {
				n++
			}
			if n > 0 && strings.HasPrefix(strings.ToLower(rest[n:]), "time") && !wordContinues(rest, n+4) {
				return s[:at+len(suffix)+n+4]
			}
		}
	}
	j := 0
	for j < len(s) && isAlpha(s[j]) {
		j++
	}
	if j == 0 || wordContinues(s, j) {
		return ""
	}
	if j+4 <= len(s) && isSpace(s[j]) && strings.EqualFold(s[j+1:j+4], "dst") && !wordContinues(s, j+4) {
		return s[:j+4]
	}
	return s[:j]
}

func digitsEnd(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// wordContinues says whether s[i] continues a word (no \b there).
func wordContinues(s string, i int) bool {
	return i < len(s) && (isAlpha(s[i]) || s[i] >= '0' && s[i] <= '9' || s[i] == '_')
}

// rubyZoneToDiff is Ruby's date_zone_to_diff: a zone's offset in
// seconds, by name (rubyZones, " standard time", " daylight time" or
// " dst" after it) or as a signed number of hours (h, hh, hhmm, hmmss,
// hh:mm[:ss], fractional h.f), after gmt or utc.
func rubyZoneToDiff(zone string) (int, bool) {
	s := strings.ToLower(strings.Join(strings.Fields(zone), " "))
	dst := false
	switch {
	case strings.HasSuffix(s, " standard time"):
		s = strings.TrimSuffix(s, " standard time")
	case strings.HasSuffix(s, " daylight time"):
		s, dst = strings.TrimSuffix(s, " daylight time"), true
	case strings.HasSuffix(s, " dst"):
		s, dst = strings.TrimSuffix(s, " dst"), true
	}
	if off, ok := rubyZones[s]; ok {
		if dst {
			off += 3600
		}
		return int(off), true
	}
	if len(s) > 3 && (strings.HasPrefix(s, "gmt") || strings.HasPrefix(s, "utc")) {
		s = s[3:]
	}
	if s == "" || s[0] != '+' && s[0] != '-' {
		return 0, false
	}
	neg := s[0] == '-'
	s = s[1:]
	j := digitsEnd(s, 0)
	hour, _ := strconv.Atoi(s[:j])
	var secs float64
	switch {
	case j < len(s) && s[j] == ':':
		k := digitsEnd(s, j+1)
		min, _ := strconv.Atoi(s[j+1 : k])
		sec := 0
		if k < len(s) && s[k] == ':' {
			sec, _ = strconv.Atoi(s[k+1 : digitsEnd(s, k+1)])
		}
		secs = float64(hour*3600 + min*60 + sec)
	case j < len(s) && (s[j] == ',' || s[j] == '.'):
		f, _ := strconv.ParseFloat("0."+s[j+1:digitsEnd(s, j+1)], 64)
		secs = (float64(hour) + f) * 3600
	case len(s) > 2:
		odd := len(s) % 2
		digits := func(at, n int) int {
			if at >= len(s) {
				return 0
			}
			v, _ := strconv.Atoi(s[at:digitsEnd(s[:min(at+n, len(s))], at)])
			return v
		}
		h := digits(0, 2-odd)
		m := 0
		if len(s) >= 3 {
			m = digits(2-odd, 2)
		}
		sec := 0
		if len(s) >= 5 {
			sec = digits(4-odd, 2)
		}
		secs = float64(h*3600 + m*60 + sec)
	default:
		secs = float64(hour * 3600)
	}
	if neg {
		secs = -secs
	}
	return int(secs), true
}
