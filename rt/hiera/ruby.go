package hiera

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/values"
)

// Hiera builds strings with Ruby's to_s and inspect (interpolation of a
// non-string value, the explain output), so those are mirrored here.

// rubyToS is Ruby's to_s of a lookup value.
func rubyToS(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return ""
	case values.String:
		return string(x)
	case values.Int:
		return strconv.FormatInt(int64(x), 10)
	case values.Float:
		return rubyFloat(float64(x))
	case values.Bool:
		if x {
			return "true"
		}
		return "false"
	case *values.Array, *values.Hash:
		return rubyInspect(v)
	}
	return values.ToString(v)
}

// rubyInspect is Ruby's inspect of a lookup value.
func rubyInspect(v values.Value) string {
	var b strings.Builder
	writeInspect(&b, v)
	return b.String()
}

func writeInspect(b *strings.Builder, v values.Value) {
	switch x := v.(type) {
	case nil, values.UndefValue:
		b.WriteString("nil")
	case values.String:
		b.WriteString(rubyQuote(string(x)))
	case *values.Array:
		b.WriteByte('[')
		for i, e := range x.Elems() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeInspect(b, e)
		}
		b.WriteByte(']')
	case *values.Hash:
		b.WriteByte('{')
		for i := 0; i < x.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			writeInspect(b, x.KeyAt(i))
			b.WriteString("=>")
			writeInspect(b, x.ValueAt(i))
		}
		b.WriteByte('}')
	case *values.Regexp:
		b.WriteString("/" + x.Source() + "/")
	default:
		b.WriteString(rubyToS(v))
	}
}

// rubyQuote is String#inspect.
func rubyQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02X", s[i])
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\v':
			b.WriteString(`\v`)
		case r == '\a':
			b.WriteString(`\a`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == 0x1b:
			b.WriteString(`\e`)
		case r == '#' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@'):
			b.WriteString(`\#`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\x%02X", r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// rubyFloat is Float#to_s.
func rubyFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	}
	if f == 0 {
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, expS, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expS)
	if exp >= -4 && exp < 16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
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

// rubyClass is the Ruby class name of a value, as Puppet's messages show it.
func rubyClass(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return "NilClass"
	case values.String:
		return "String"
	case values.Int:
		return "Integer"
	case values.Float:
		return "Float"
	case values.Bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case *values.Array:
		return "Array"
	case *values.Hash:
		return "Hash"
	case *values.Sensitive:
		return "Puppet::Pops::Types::PSensitiveType::Sensitive"
	}
	return "Object"
}
