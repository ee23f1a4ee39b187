// Package pn renders a syntax tree in Puppet's PN notation (Puppet Extended
// S-Expression Notation), byte for byte as `puppet parser dump --format pn`
// prints it, and in the JSON form of `--format json`.
package pn

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Node is a PN value: a Call, a List, a Map or a Literal.
type Node interface {
	format(b *strings.Builder, indent *string)
	json(b *strings.Builder, indent string)
}

// Call is `(name elements...)`.
type Call struct {
	Name     string
	Elements []Node
}

// List is `[elements...]`.
type List []Node

// Entry is one `:key value` of a Map.
type Entry struct {
	Key   string
	Value Node
}

// Map is `{:key value ...}`.
type Map []Entry

// Literal is a string, integer, float, boolean or nil.
type Literal struct{ Value any }

func call(name string, elems ...Node) *Call { return &Call{Name: name, Elements: elems} }

// asCall turns a list into a call with the list's elements (PN#as_call).
func (l List) asCall(name string) *Call { return &Call{Name: name, Elements: l} }

// Format renders n compactly, as `puppet parser dump --format pn` does.
func Format(n Node) string {
	var b strings.Builder
	n.format(&b, nil)
	return b.String()
}

// FormatIndented renders n as `--format pn --pretty` does.
func FormatIndented(n Node) string {
	var b strings.Builder
	indent := ""
	n.format(&b, &indent)
	return b.String()
}

func increase(indent *string) *string {
	if indent == nil {
		return nil
	}
	s := *indent + "  "
	return &s
}

func formatElements(b *strings.Builder, elems []Node, indent *string) {
	for i, e := range elems {
		if indent != nil {
			b.WriteByte('\n')
			b.WriteString(*indent)
		} else if i > 0 {
			b.WriteByte(' ')
		}
		e.format(b, indent)
	}
}

func (c *Call) format(b *strings.Builder, indent *string) {
	b.WriteByte('(')
	b.WriteString(c.Name)
	if len(c.Elements) > 0 {
		if indent == nil {
			b.WriteByte(' ')
		}
		formatElements(b, c.Elements, increase(indent))
	}
	b.WriteByte(')')
}

func (l List) format(b *strings.Builder, indent *string) {
	b.WriteByte('[')
	if len(l) > 0 {
		formatElements(b, l, increase(indent))
	}
	b.WriteByte(']')
}

func (m Map) format(b *strings.Builder, indent *string) {
	local := increase(indent)
	b.WriteByte('{')
	for i, e := range m {
		if indent != nil {
			b.WriteByte('\n')
			b.WriteString(*local)
		} else if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(':')
		b.WriteString(e.Key)
		b.WriteByte(' ')
		e.Value.format(b, local)
	}
	b.WriteByte('}')
}

func (l Literal) format(b *strings.Builder, _ *string) {
	switch v := l.Value.(type) {
	case nil:
		b.WriteString("nil")
	case string:
		doubleQuote(b, v)
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case *big.Int:
		b.WriteString(v.String())
	case float64:
		b.WriteString(RubyFloat(v))
	default:
		panic(fmt.Sprintf("pn: unexpected literal %T", v))
	}
}

// doubleQuote quotes a string the way PN does.
func doubleQuote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x20:
			fmt.Fprintf(b, `\o%03o`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// RubyFloat formats a float as Ruby's Float#to_s does: the shortest digits
// that round-trip, in fixed notation from 0.0001 up to (not including) 1e15,
// and as d.ddde+XX otherwise.
func RubyFloat(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if 1/f < 0 {
			return "-0.0"
		}
		return "0.0"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // [-]d[.ddd]e±XX
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	e := strings.IndexByte(s, 'e')
	digits := strings.Replace(s[:e], ".", "", 1)
	exp, _ := strconv.Atoi(s[e+1:])
	decpt := exp + 1 // value = 0.digits * 10^decpt
	switch {
	case decpt > 0 && decpt <= 15:
		if len(digits) <= decpt {
			return sign + digits + strings.Repeat("0", decpt-len(digits)) + ".0"
		}
		return sign + digits[:decpt] + "." + digits[decpt:]
	case decpt <= 0 && decpt > -4:
		return sign + "0." + strings.Repeat("0", -decpt) + digits
	}
	frac := digits[1:]
	if frac == "" {
		frac = "0"
	}
	return fmt.Sprintf("%s%c.%se%+03d", sign, digits[0], frac, decpt-1)
}

// ---- JSON (PN's to_data, as Ruby's JSON.dump writes it) ----

// JSON renders n as `--format json` does; indented as `--pretty` does when
// indent is true.
func JSON(n Node, indent bool) string {
	var b strings.Builder
	if indent {
		n.json(&b, "\n")
	} else {
		n.json(&b, "")
	}
	return b.String()
}

func jsonArray(b *strings.Builder, indent string, n int, elem func(i int, indent string)) {
	if n == 0 {
		// Ruby's pretty generator still breaks the line in an empty array.
		if indent != "" {
			b.WriteString("[\n" + indent + "]")
		} else {
			b.WriteString("[]")
		}
		return
	}
	b.WriteByte('[')
	inner := indent
	if indent != "" {
		inner = indent + "  "
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(inner)
		elem(i, inner)
	}
	b.WriteString(indent)
	b.WriteByte(']')
}

func jsonObject(b *strings.Builder, indent, key string, value func(indent string)) {
	b.WriteByte('{')
	inner := indent
	if indent != "" {
		inner = indent + "  "
	}
	b.WriteString(inner)
	jsonString(b, key)
	b.WriteByte(':')
	if indent != "" {
		b.WriteByte(' ')
	}
	value(inner)
	b.WriteString(indent)
	b.WriteByte('}')
}

func (c *Call) json(b *strings.Builder, indent string) {
	jsonObject(b, indent, "^", func(indent string) {
		jsonArray(b, indent, len(c.Elements)+1, func(i int, indent string) {
			if i == 0 {
				jsonString(b, c.Name)
				return
			}
			c.Elements[i-1].json(b, indent)
		})
	})
}

func (l List) json(b *strings.Builder, indent string) {
	jsonArray(b, indent, len(l), func(i int, indent string) { l[i].json(b, indent) })
}

func (m Map) json(b *strings.Builder, indent string) {
	jsonObject(b, indent, "#", func(indent string) {
		jsonArray(b, indent, 2*len(m), func(i int, indent string) {
			if i%2 == 0 {
				jsonString(b, m[i/2].Key)
				return
			}
			m[i/2].Value.json(b, indent)
		})
	})
}

func (l Literal) json(b *strings.Builder, _ string) {
	switch v := l.Value.(type) {
	case nil:
		b.WriteString("null")
	case string:
		jsonString(b, v)
	default:
		l.format(b, nil)
	}
}

// jsonString quotes s as Ruby's JSON generator does: only '"', '\\' and
// control characters are escaped.
func jsonString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c < 0x20:
			fmt.Fprintf(b, `\u%04x`, c)
		default:
			if c < utf8.RuneSelf {
				b.WriteByte(c)
			} else {
				_, n := utf8.DecodeRuneInString(s[i:])
				b.WriteString(s[i : i+n])
				i += n
				continue
			}
		}
		i++
	}
	b.WriteByte('"')
}
