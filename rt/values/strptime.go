package values

import (
	"strconv"
	"strings"
)

// parsedTime is what Ruby's Date._strptime finds in a text (its hash):
// the fields a format read (v[f], set[f] telling which), the fraction of
// a second, the zone's text, and whether text was left over.
type parsedTime struct {
	v                [fieldCount]int
	set              [fieldCount]bool
	fracNum, fracDen int64 // sec_fraction, fracNum/fracDen
	zone             string
	leftover         bool
}

const (
	fYear = iota
	fMon
	fMday
	fHour
	fMin
	fSec
	fFrac
	fCent  // _cent: %C's or %y's century
	fMerid // _merid: 0 or 12
	fZone
	fOther // wday, yday, seconds, ...: read, not used by Puppet
	fieldCount
)

// rubyStrptime is Date._strptime(s, format) (date_strptime.c), nil where
// it gives nil; leftover says text was left after the format.
func rubyStrptime(s, format string) *parsedTime {
	p := &parsedTime{}
	si, ok := p.scan(s, 0, format)
	if !ok {
		return nil
	}
	if si < len(s) {
		p.leftover = true
	}
	if p.set[fCent] && p.set[fYear] {
		p.v[fYear] += p.v[fCent] * 100
	}
	if p.set[fMerid] && p.set[fHour] {
		p.v[fHour] = p.v[fHour]%12 + p.v[fMerid]
	}
	return p
}

// numericConversions are the conversions that read digits: a number
// before one of them is read to its width (NUM_PATTERN_P).
const numericConversions = "CDdeFGgHIjkLlMmNQRrSsTUuVvWwXxYy"

// numPattern says whether the format at fi starts a number: a digit, or
// a numeric conversion.
func numPattern(format string, fi int) bool {
	if fi >= len(format) {
		return false
	}
	c := format[fi]
	if c >= '0' && c <= '9' {
		return true
	}
	if c == '%' && fi+1 < len(format) {
		n := format[fi+1]
		if n == 'E' || n == 'O' {
			if fi+2 >= len(format) {
				return false
			}
			n = format[fi+2]
		}
		return strings.IndexByte(numericConversions, n) >= 0 || n >= '0' && n <= '9'
	}
	return false
}

// digits reads up to width digits (any number when width is 0) at si.
func digits(s string, si, width int) (int64, int, bool) {
	j := si
	for j < len(s) && s[j] >= '0' && s[j] <= '9' && (width == 0 || j-si < width) {
		j++
	}
	if j == si {
		return 0, si, false
	}
	n, err := strconv.ParseInt(s[si:min(j, si+18)], 10, 64)
	return n, j, err == nil
}

// scan matches format against s from si and returns where it stopped.
func (p *parsedTime) scan(s string, si int, format string) (int, bool) {
	for fi := 0; fi < len(format); fi++ {
		c := format[fi]
		if isSpace(c) {
			for si < len(s) && isSpace(s[si]) {
				si++
			}
			continue
		}
		if c != '%' || fi+1 >= len(format) {
			if si >= len(s) || s[si] != c {
				return si, false
			}
			si++
			continue
		}
		fi++
		c = format[fi]
		if (c == 'E' || c == 'O') && fi+1 < len(format) {
			fi++
			c = format[fi]
		}
		var ok bool
		if si, ok = p.conv(s, si, format, fi, c); !ok {
			return si, false
		}
	}
	return si, true
}

// conv reads conversion c (at format[fi]) from s at si.
func (p *parsedTime) conv(s string, si int, format string, fi int, c byte) (int, bool) {
	// number reads digits of width w (all with 0) in lo..hi into field f
	number := func(f, w int, lo, hi int64, spaceFirst bool) (int, bool) {
		if spaceFirst && si < len(s) && s[si] == ' ' {
			si++
			w = 1
		}
		n, j, ok := digits(s, si, w)
		if !ok || n < lo || n > hi {
			return si, false
		}
		p.setField(f, int(n))
		return j, true
	}
	// width is w when a number follows (NUM_PATTERN_P), else 0: all digits
	width := func(w int) int {
		if numPattern(format, fi+1) {
			return w
		}
		return 0
	}
	switch c {
	case 'A', 'a':
		return p.name(s, si, weekdays[:], fOther, 0)
	case 'B', 'b', 'h':
		return p.name(s, si, months[:], fMon, 1)
	case 'C':
		return p.signed(s, si, width(2), fCent)
	case 'c':
		return p.scan(s, si, "%a %b %e %H:%M:%S %Y")
	case 'D', 'x':
		return p.scan(s, si, "%m/%d/%y")
	case 'd', 'e':
		return number(fMday, 2, 1, 31, true)
	case 'F':
		return p.scan(s, si, "%Y-%m-%d")
	case 'G':
		return p.signed(s, si, width(4), fOther)
	case 'g', 'y':
		// a year of the century (%g's of an ISO week year, which Puppet
		// does not use), whose century %C gives or it takes
		n, j, ok := digits(s, si, 2)
		if !ok || n > 99 {
			return si, false
		}
		f := fOther
		if c == 'y' {
			f = fYear
		}
		p.setField(f, int(n))
		p.setCentOf(n)
		return j, true
	case 'H', 'k':
		return number(fHour, 2, 0, 24, true)
	case 'I', 'l':
		return number(fHour, 2, 1, 12, true)
	case 'j':
		return number(fOther, 3, 1, 366, false)
	case 'L', 'N':
		neg := false
		if si < len(s) && (s[si] == '-' || s[si] == '+') {
			neg = s[si] == '-'
			si++
		}
		w := width(3)
		if c == 'N' {
			w = width(9)
		}
		j := si
		for j < len(s) && s[j] >= '0' && s[j] <= '9' && (w == 0 || j-si < w) {
			j++
		}
		if j == si {
			return si, false
		}
		d := s[si:min(j, si+9)] // the nanoseconds Timestamp keeps
		n, _ := strconv.ParseInt(d, 10, 64)
		if neg {
			n = -n
		}
		p.fracNum, p.fracDen = n, pow10(len(d))
		p.set[fFrac] = true
		return j, true
	case 'M':
		return number(fMin, 2, 0, 59, false)
	case 'm':
		return number(fMon, 2, 1, 12, false)
	case 'n', 't':
		return p.scan(s, si, " ")
	case 'P', 'p':
		for _, m := range []struct {
			text  string
			merid int
		}{{"a.m.", 0}, {"p.m.", 12}, {"am", 0}, {"pm", 12}} {
			if hasPrefixFold(s[si:], m.text) {
				p.setField(fMerid, m.merid)
				return si + len(m.text), true
			}
		}
		return si, false
	case 'Q', 's':
		return p.signed(s, si, 0, fOther)
	case 'R':
		return p.scan(s, si, "%H:%M")
	case 'r':
		return p.scan(s, si, "%I:%M:%S %p")
	case 'S':
		return number(fSec, 2, 0, 60, false)
	case 'T', 'X':
		return p.scan(s, si, "%H:%M:%S")
	case 'U', 'W':
		return number(fOther, 2, 0, 53, false)
	case 'u':
		return number(fOther, 1, 1, 7, false)
	case 'V':
		return number(fOther, 2, 1, 53, false)
	case 'v':
		return p.scan(s, si, "%e-%b-%Y")
	case 'w':
		return number(fOther, 1, 0, 6, false)
	case 'Y':
		return p.signed(s, si, width(4), fYear)
	case 'Z', 'z':
		z := zonePrefix(s[si:])
		if z == "" {
			return si, false
		}
		p.zone, p.set[fZone] = z, true
		return si + len(z), true
	case '%':
		if si < len(s) && s[si] == '%' {
			return si + 1, true
		}
		return si, false
	case '+':
		return p.scan(s, si, "%a %b %e %H:%M:%S %Z %Y")
	}
	// an unknown conversion matches itself
	if si+1 < len(s) && s[si] == '%' && s[si+1] == c {
		return si + 2, true
	}
	return si, false
}

// name reads one of names, whole or its first three letters, ignoring
// case, into field f as its index plus base.
func (p *parsedTime) name(s string, si int, names []string, f, base int) (int, bool) {
	for i, n := range names {
		for _, prefix := range []string{n, n[:3]} {
			if hasPrefixFold(s[si:], prefix) {
				p.setField(f, i+base)
				return si + len(prefix), true
			}
		}
	}
	return si, false
}

// signed reads an optionally signed number of width w (any with 0)
// into field f.
func (p *parsedTime) signed(s string, si, w, f int) (int, bool) {
	neg := false
	if si < len(s) && (s[si] == '-' || s[si] == '+') {
		neg = s[si] == '-'
		si++
	}
	n, j, ok := digits(s, si, w)
	if !ok {
		return si, false
	}
	if neg {
		n = -n
	}
	p.setField(f, int(n))
	return j, true
}

// setCentOf gives a two-digit year its century (19 from 69), unless %C
// gave one.
func (p *parsedTime) setCentOf(yy int64) {
	if !p.set[fCent] {
		p.setField(fCent, 20)
		if yy >= 69 {
			p.v[fCent] = 19
		}
	}
}

func (p *parsedTime) setField(f, n int) { p.v[f], p.set[f] = n, true }

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && asciiEqualFold(s[:len(prefix)], prefix)
}
