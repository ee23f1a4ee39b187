package values

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ToString converts v to a string as Puppet's string interpolation does
// ("${v}"), which is also how notice() and friends print their arguments:
// undef is empty, strings inside arrays and hashes are not quoted, floats
// print as Ruby prints them.
func ToString(v Value) string {
	switch x := v.(type) {
	case String:
		return string(x)
	case nil, UndefValue:
		return ""
	case Int:
		return strconv.FormatInt(int64(x), 10)
	case Float:
		return rubyFloatToS(float64(x))
	case Bool:
		if x {
			return "true"
		}
		return "false"
	case DefaultValue:
		return "default"
	}
	var b strings.Builder
	writeInterpolated(&b, v)
	return b.String()
}

// typeValueString is the string form of a type as a value: TypeString,
// except for a Puppet::Resource a Ruby function returned (its to_s,
// File[/tmp]).
func typeValueString(t Type) string {
	if r, ok := t.(*ResourceType); ok && r.Ruby {
		return r.TypeName + "[" + r.Title + "]"
	}
	return TypeString(t)
}

func writeInterpolated(b *strings.Builder, v Value) {
	switch x := v.(type) {
	case String:
		b.WriteString(string(x))
	case Int:
		var buf [24]byte
		b.Write(strconv.AppendInt(buf[:0], int64(x), 10))
	case nil, UndefValue:
	case Bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case *Array:
		b.WriteByte('[')
		for i, e := range x.elems {
			if i > 0 {
				b.WriteString(", ")
			}
			writeInterpolated(b, e)
		}
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeInterpolated(b, k)
			b.WriteString(" => ")
			writeInterpolated(b, x.vals[i])
		}
		b.WriteByte('}')
	case *Regexp:
		b.WriteString(x.Inspect())
	case Type:
		b.WriteString(typeValueString(x))
	case *Sensitive:
		b.WriteString(sensitiveText)
	case Timespan:
		b.WriteString(x.String())
	case Timestamp:
		b.WriteString(x.String())
	case *SemVer:
		b.WriteString(x.String())
	case *SemVerRange:
		b.WriteString(x.String())
	case *Binary:
		b.WriteString(x.Base64())
	case *Deferred:
		b.WriteString("Deferred({'name' => ")
		b.WriteString(PuppetQuote(x.Name))
		if x.Arguments != nil {
			b.WriteString(", 'arguments' => ")
			b.WriteString(formatDefault(x.Arguments))
		}
		b.WriteString("})")
	case *ObjectValue:
		b.WriteString(x.Type.Name())
		b.WriteByte('(')
		b.WriteString(formatDefault(x.Attrs))
		b.WriteByte(')')
	case Float, DefaultValue:
		b.WriteString(ToString(v))
	case fmt.Stringer: // an Iterator
		b.WriteString(x.String())
	default:
		fmt.Fprint(b, v) // no value of Puppet's: not through ToString again
	}
}

// rubyFloatToS is Ruby's Float#to_s: the shortest digits that read back to
// the same float, in fixed notation for exponents -4..14 and in
// exponential notation ("1.0e+20") otherwise.
func rubyFloatToS(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, expS, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expS)
	if exp >= -4 && exp < 15 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.ContainsAny(s, ".") {
			s += ".0"
		}
		return s
	}
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	sign := "+"
	if exp < 0 {
		sign = "-"
		exp = -exp
	}
	return fmt.Sprintf("%se%s%02d", mant, sign, exp)
}

// PuppetQuote quotes s as Puppet source: single quotes when possible,
// double quotes (with escapes) when s has control characters
// (StringConverter#puppet_quote).
func PuppetQuote(s string) string {
	if plainQuotable(s) {
		return "'" + s + "'"
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	escaped := false
	for _, r := range s {
		if r < 0x20 {
			return puppetDoubleQuote(s)
		}
		if escaped {
			b.WriteByte('\\')
			b.WriteRune(r)
			escaped = false
			continue
		}
		switch r {
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			escaped = true
		default:
			b.WriteRune(r)
		}
	}
	if escaped {
		b.WriteByte('\\')
	}
	b.WriteByte('\'')
	return b.String()
}

// plainQuotable reports whether PuppetQuote(s) is s between single
// quotes as it is: printable ASCII without a quote or a backslash (nearly
// every string a type names: Enum's values, Struct's keys), which
// PuppetQuote's rune by rune copy would write unchanged.
func plainQuotable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '\'' || c == '\\' {
			return false
		}
	}
	return true
}

// writePuppetQuote writes PuppetQuote(s) to b, without a string of its
// own when s is plainQuotable.
func writePuppetQuote(b *strings.Builder, s string) {
	if !plainQuotable(s) {
		b.WriteString(PuppetQuote(s))
		return
	}
	b.WriteByte('\'')
	b.WriteString(s)
	b.WriteByte('\'')
}

func puppetDoubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '$':
			b.WriteString(`\$`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u{%X}`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
