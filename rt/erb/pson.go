package erb

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
)

// PSON (Puppet::External::PSON, which Puppet 7 loads): PSON.load and
// PSON.parse read text as its pure-Ruby parser does, which is not JSON's:
// the top level is an object or an array only, a document may end inside
// an unfinished array or object ('[1,' is [1]), comments (/* */, and //
// up to a line end) are blanks, NaN and Infinity are allowed, and its
// errors are PSON::ParserError with the parser's own words.

var (
	ClassPSON          = newModule("PSON")
	ClassPSONError     = newClass("PSON::PSONError", ClassStandardError)
	ClassPSONParser    = newClass("PSON::ParserError", ClassPSONError)
	ClassPSONGenerator = newClass("PSON::GeneratorError", ClassPSONError)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassPSON, ClassPSONError, ClassPSONParser, ClassPSONGenerator} {
			g.class(c.Name, c)
		}
	})
}

// psonLoad is PSON.load(source) and PSON.parse(source [, opts]).
func psonLoad(args []Value) Value {
	arity(args, 1, 2)
	s, ok := args[0].(*Str)
	if !ok {
		implicitConversion(args[0], "String")
	}
	p := &psonParser{s: s.S}
	return p.parse()
}

type psonParser struct {
	s string
	i int
}

var (
	psonFloat  = lazyre.New(`^-?(?:0|[1-9]\d*)(?:\.\d+[eE][+-]?\d+|\.\d+|[eE][+-]?\d+)`)
	psonInt    = lazyre.New(`^-?0|^-?[1-9]\d*`)
	psonIgnore = lazyre.New(`^(?://[^\n\r]*[\n\r]|/\*(?:[^*/]|/[^*]|\*[^/]|/(?:\*/))*\*/|[ \t\r\n]+)+`)
	// a string (the parser's STRING, as bytes)
	psonString = lazyre.New(`^"((?:[^\x00-\x1f"\\]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}|\\[\x20-\x21\x23-\x2e\x30-\x5b\x5d-\x61\x63-\x65\x67-\x6d\x6f-\x71\x73\x75-\x7f]|\\[^\x00-\x7f])*)"`)
)

func (p *psonParser) eos() bool { return p.i >= len(p.s) }

// peek is StringScanner#peek(20).
func (p *psonParser) peek() string {
	end := p.i + 20
	if end > len(p.s) {
		end = len(p.s)
	}
	return p.s[p.i:end]
}

func (p *psonParser) fail(format string) {
	panic(&RubyError{Class: ClassPSONParser, Msg: fmt.Sprintf(format, p.peek())})
}

// scan consumes the byte c if it comes next.
func (p *psonParser) scan(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *psonParser) scanWord(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

func (p *psonParser) skip() bool {
	if m := psonIgnore.FindStringIndex(p.s[p.i:]); m != nil && m[1] > 0 {
		p.i += m[1]
		return true
	}
	return false
}

func (p *psonParser) parse() Value {
	var obj Value
	have := false
	for !p.eos() {
		switch {
		case p.scan('{'):
			if have {
				p.fail("source '%s' not in PSON!")
			}
			obj, have = p.object(), true
		case p.scan('['):
			if have {
				p.fail("source '%s' not in PSON!")
			}
			obj, have = p.array(), true
		case p.skip():
		default:
			p.fail("source '%s' not in PSON!")
		}
	}
	if !have {
		panic(&RubyError{Class: ClassPSONParser, Msg: "source did not contain any PSON!"})
	}
	return obj
}

type psonUnparsed struct{}

func (p *psonParser) value() Value {
	rest := p.s[p.i:]
	if m := psonFloat.FindString(rest); m != "" {
		p.i += len(m)
		return r0.Float(S(m))
	}
	if m := psonInt.FindString(rest); m != "" {
		p.i += len(m)
		if n, ok := fn.RubyInteger(m); ok && !n.IsInt64() {
			return &bigInteger{n: new(big.Int).Set(n)}
		}
		return r0.Integer(S(m))
	}
	switch {
	case p.scanWord("true"):
		return true
	case p.scanWord("false"):
		return false
	case p.scanWord("null"):
		return nil
	}
	if s, ok := p.str(); ok {
		return s
	}
	switch {
	case p.scan('['):
		return p.array()
	case p.scan('{'):
		return p.object()
	case strings.HasPrefix(rest, "NaN"):
		// PSON's NaN constant is not Float::NAN in Puppet's process
		raise(ClassNoMethodError, "pp2go: PSON's NaN is not supported")
	case p.scanWord("Infinity"):
		return math.Inf(1)
	case p.scanWord("-Infinity"):
		return math.Inf(-1)
	}
	return psonUnparsed{}
}

// str is parse_string: the string, unescaped, or false when none comes
// next.
func (p *psonParser) str() (Value, bool) {
	m := psonString.FindStringSubmatch(p.s[p.i:])
	if m == nil {
		return nil, false
	}
	p.i += len(m[0])
	body := m[1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		e := body[i+1]
		if e == 'u' && i+6 <= len(body) && isHex4(body[i+2:i+6]) {
			// a run of \uXXXX: Ruby appends each hex pair as a
			// character to a UTF-8 String and reads it as UTF-16BE
			var raw []byte
			for i+6 <= len(body) && body[i] == '\\' && body[i+1] == 'u' && isHex4(body[i+2:i+6]) {
				for _, pair := range []string{body[i+2 : i+4], body[i+4 : i+6]} {
					n, _ := strconv.ParseUint(pair, 16, 8)
					raw = utf8.AppendRune(raw, rune(n))
				}
				i += 6
			}
			i--
			b.WriteString(psonUTF16(raw))
			continue
		}
		i++
		switch e {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			raise(ClassNoMethodError, "pp2go: PSON's \\u without four hex digits is not supported")
		default:
			// '"', '\\', '/' and any other escaped character: itself
			b.WriteByte(e)
		}
	}
	return S(b.String()), true
}

func isHex4(s string) bool {
	for i := 0; i < 4; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// psonUTF16 reads raw as UTF-16BE (String#encode('utf-8', 'utf-16be')).
func psonUTF16(raw []byte) string {
	n := len(raw) / 2
	units := make([]uint16, n)
	for k := 0; k < n; k++ {
		units[k] = uint16(raw[2*k])<<8 | uint16(raw[2*k+1])
	}
	for k := 0; k < n; k++ {
		u := units[k]
		switch {
		case u >= 0xD800 && u < 0xDC00 && k+1 < n && units[k+1] >= 0xDC00 && units[k+1] < 0xE000:
			k++
		case u >= 0xD800 && u < 0xE000:
			raise(ClassNoMethodError, "pp2go: PSON's \\u escapes of an unpaired surrogate are not supported")
		}
	}
	if len(raw)%2 == 1 {
		last := raw[len(raw)-1]
		if last < 0x80 {
			raise(ClassNoMethodError, "pp2go: PSON's \\u escapes of an odd byte count are not supported")
		}
		panic(&RubyError{Class: ClassPSONGenerator, Msg: fmt.Sprintf(`Caught Encoding::InvalidByteSequenceError: incomplete "\x%02X" on UTF-16BE`, last)})
	}
	return string(utf16.Decode(units))
}

func (p *psonParser) array() Value {
	a := NewArray()
	delim := false
	for !p.eos() {
		if v := p.value(); v != (psonUnparsed{}) {
			delim = false
			a.A = append(a.A, v)
			p.skip()
			if p.scan(',') {
				delim = true
			} else if p.i >= len(p.s) || p.s[p.i] != ']' {
				p.fail("expected ',' or ']' in array at '%s'!")
			}
			continue
		}
		switch {
		case p.scan(']'):
			if delim {
				p.fail("expected next element in array at '%s'!")
			}
			return a
		case p.skip():
		default:
			p.fail("unexpected token in array at '%s'!")
		}
	}
	return a
}

func (p *psonParser) object() Value {
	h := NewHash()
	delim := false
	for !p.eos() {
		if k, ok := p.str(); ok {
			p.skip()
			if !p.scan(':') {
				p.fail("expected ':' in object at '%s'!")
			}
			p.skip()
			v := p.value()
			if v == (psonUnparsed{}) {
				p.fail("expected value in object at '%s'!")
			}
			k.(*Str).Frozen = true
			h.Set(k, v)
			delim = false
			p.skip()
			if p.scan(',') {
				delim = true
			} else if p.i >= len(p.s) || p.s[p.i] != '}' {
				p.fail("expected ',' or '}' in object at '%s'!")
			}
			continue
		}
		switch {
		case p.scan('}'):
			if delim {
				p.fail("expected next name, value pair in object at '%s'!")
			}
			return h
		case p.skip():
		default:
			p.fail("unexpected token in object at '%s'!")
		}
	}
	return h
}
