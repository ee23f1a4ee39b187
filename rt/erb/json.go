package erb

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// JSON (require 'json'): JSON.parse, JSON.generate, JSON.pretty_generate,
// #to_json, as Ruby 3.1's json 2.6 does them.

const jsonCommonFile = "/usr/lib/ruby/3.1.0/json/common.rb"

func jsonParseError(code int, rest string) {
	panic(&RubyError{Class: ClassJSONParserError, Msg: strconv.Itoa(code) + ": unexpected token at '" + rest + "'", Frame: jsonCommonFile + ":216"})
}

// Parse is JSON.parse(text).
func (r *R) Parse(recv Value, args ...Value) Value {
	classRecv("parse", recv, ClassJSON)
	arity(args, 1, 2)
	s := strArg(args[0])
	p := &jsonParser{s: s}
	p.skip()
	if p.i >= len(s) {
		jsonParseError(859, "")
	}
	v := p.value()
	p.skip()
	if p.i < len(s) {
		jsonParseError(859, s[p.i:])
	}
	return v
}

type jsonParser struct {
	s string
	i int
}

func (p *jsonParser) skip() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		case '/':
			if strings.HasPrefix(p.s[p.i:], "/*") {
				end := strings.Index(p.s[p.i+2:], "*/")
				if end < 0 {
					return
				}
				p.i += end + 4
			} else if strings.HasPrefix(p.s[p.i:], "//") {
				end := strings.IndexByte(p.s[p.i:], '\n')
				if end < 0 {
					p.i = len(p.s)
				} else {
					p.i += end
				}
			} else {
				return
			}
		default:
			return
		}
	}
}

func (p *jsonParser) value() Value {
	start := p.i
	if p.i >= len(p.s) {
		jsonParseError(859, "")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		h := NewHash()
		p.skip()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return h
		}
		for {
			p.skip()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				jsonParseError(859, p.s[start:])
			}
			k := p.str()
			p.skip()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				jsonParseError(859, p.s[start:])
			}
			p.i++
			p.skip()
			v := p.value()
			h.Set(S(k), v)
			p.skip()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return h
			}
			jsonParseError(859, p.s[start:])
		}
	case c == '[':
		p.i++
		var out []Value
		p.skip()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return &Array{A: out}
		}
		for {
			p.skip()
			if p.i >= len(p.s) {
				jsonParseError(451, "")
			}
			out = append(out, p.value())
			p.skip()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				return &Array{A: out}
			}
			jsonParseError(451, p.s[p.i:])
		}
	case c == '"':
		return S(p.str())
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		return true
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		return false
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		return nil
	}
	jsonParseError(859, p.s[start:])
	return nil
}

func (p *jsonParser) str() string {
	start := p.i
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String()
		case c == '\\':
			if p.i+1 >= len(p.s) {
				jsonParseError(859, p.s[start:])
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'u':
				if p.i+4 > len(p.s) {
					jsonParseError(859, p.s[start:])
				}
				n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
				if err != nil {
					jsonParseError(859, p.s[start:])
				}
				p.i += 4
				rn := rune(n)
				if rn >= 0xD800 && rn < 0xDC00 && strings.HasPrefix(p.s[p.i:], `\u`) && p.i+6 <= len(p.s) {
					if lo, err := strconv.ParseUint(p.s[p.i+2:p.i+6], 16, 32); err == nil && lo >= 0xDC00 && lo < 0xE000 {
						rn = (rn-0xD800)<<10 + (rune(lo) - 0xDC00) + 0x10000
						p.i += 6
					}
				}
				b.WriteRune(rn)
			default:
				b.WriteByte(e)
			}
		case c < 0x20:
			jsonParseError(859, p.s[start:])
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	jsonParseError(859, p.s[start:])
	return ""
}

func (p *jsonParser) number() Value {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	if digits() == 0 {
		jsonParseError(859, p.s[start:])
	}
	if p.s[intStart] == '0' && p.i-intStart > 1 {
		jsonParseError(859, p.s[start:])
	}
	isFloat := false
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			jsonParseError(859, p.s[start:])
		}
		isFloat = true
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			jsonParseError(859, p.s[start:])
		}
		isFloat = true
	}
	text := p.s[start:p.i]
	if isFloat {
		f, _ := strconv.ParseFloat(text, 64)
		return f
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		overflow()
	}
	return n
}

// jsonGenerate writes v as JSON; indent "" is JSON.generate's compact form.
func (r *R) jsonGenerate(b *strings.Builder, v Value, indent string, depth int) {
	nl := func(d int) {
		if indent != "" {
			b.WriteByte('\n')
			b.WriteString(strings.Repeat(indent, d))
		}
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			raise(ClassStandardError, "%s not allowed in JSON", floatToS(x))
		}
		b.WriteString(floatToS(x))
	case *Str:
		jsonString(b, x.S)
	case Symbol:
		jsonString(b, string(x))
	case *Array:
		b.WriteByte('[')
		if len(x.A) == 0 && indent != "" {
			b.WriteByte('\n')
			nl(depth)
			b.WriteByte(']')
			return
		}
		for i, e := range x.A {
			if i > 0 {
				b.WriteByte(',')
			}
			nl(depth + 1)
			r.jsonGenerate(b, e, indent, depth+1)
		}
		if len(x.A) > 0 {
			nl(depth)
		}
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		if x.Len() == 0 && indent != "" {
			nl(depth)
			b.WriteByte('}')
			return
		}
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			nl(depth + 1)
			jsonString(b, ToS(k))
			b.WriteByte(':')
			if indent != "" {
				b.WriteByte(' ')
			}
			r.jsonGenerate(b, x.vals[i], indent, depth+1)
		}
		if x.Len() > 0 {
			nl(depth)
		}
		b.WriteByte('}')
	default:
		jsonString(b, ToS(v))
	}
}

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
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\b':
			b.WriteString(`\b`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteString(hex2(c))
		case c >= 0x80:
			rn, n := utf8.DecodeRuneInString(s[i:])
			if rn == utf8.RuneError && n == 1 {
				raise(ClassStandardError, "source sequence is illegal/malformed utf-8")
			}
			b.WriteString(s[i : i+n])
			i += n
			continue
		default:
			b.WriteByte(c)
		}
		i++
	}
	b.WriteByte('"')
}

// Generate is JSON.generate(obj).
func (r *R) Generate(recv Value, args ...Value) Value {
	classRecv("generate", recv, ClassJSON)
	arity(args, 1, 2)
	var b strings.Builder
	r.jsonGenerate(&b, args[0], "", 0)
	return S(b.String())
}

// PrettyGenerate is JSON.pretty_generate(obj).
func (r *R) PrettyGenerate(recv Value, args ...Value) Value {
	classRecv("pretty_generate", recv, ClassJSON)
	arity(args, 1, 2)
	if len(args) == 2 {
		if h, ok := args[1].(*Hash); ok {
			for _, k := range h.Keys() {
				if n := ToS(k); n != "max_nesting" {
					raise(ClassArgumentError, "pp2go: JSON.pretty_generate option %s is not supported", n)
				}
			}
		}
	}
	var b strings.Builder
	r.jsonGenerate(&b, args[0], "  ", 0)
	return S(b.String())
}

// ToJson is #to_json.
func (r *R) ToJson(recv Value, args ...Value) Value {
	var b strings.Builder
	r.jsonGenerate(&b, recv, "", 0)
	return S(b.String())
}

// Dump is JSON.dump / YAML.dump.
func (r *R) Dump(recv Value, args ...Value) Value {
	c := classRecv("dump", recv, ClassJSON, ClassYAML)
	arity(args, 1, 2)
	if c == ClassJSON {
		var b strings.Builder
		r.jsonGenerate(&b, args[0], "", 0)
		return S(b.String())
	}
	return S(yamlDump(args[0]))
}

// Load is JSON.load / YAML.load.
func (r *R) Load(recv Value, args ...Value) Value {
	c := classRecv("load", recv, ClassJSON, ClassYAML)
	if c == ClassJSON {
		if args[0] == nil {
			return nil
		}
		return r.Parse(ClassJSON, args...)
	}
	raise(ClassNoMethodError, "pp2go: YAML.load is not supported")
	return nil
}

// SafeLoad is YAML.safe_load.
func (r *R) SafeLoad(recv Value, args ...Value) Value {
	classRecv("safe_load", recv, ClassYAML)
	raise(ClassNoMethodError, "pp2go: YAML.safe_load is not supported")
	return nil
}

// ToYaml is #to_yaml.
func (r *R) ToYaml(recv Value, args ...Value) Value {
	return S(yamlDump(recv))
}
