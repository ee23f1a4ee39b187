package erb

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/internal/rubystr"
)

// JSON (require 'json'): JSON.parse, JSON.generate, JSON.pretty_generate,
// #to_json, as Ruby 3.1's json 2.6 does them.

const jsonCommonFile = "/usr/lib/ruby/3.1.0/json/common.rb"

// fail raises json's ParserError: under Ruby 3.1's json 2.6 its message
// starts with the line of the C parser that raised it (code), which 3.3's
// json 2.7 leaves out.
func (p *jsonParser) fail(code int, rest string) {
	p.failWith(code, "unexpected token at '"+rest+"'")
}

// failWith raises json's ParserError with msg (fail).
func (p *jsonParser) failWith(code int, msg string) {
	if !p.json27 {
		msg = strconv.Itoa(code) + ": " + msg
	}
	panic(&RubyError{Class: ClassJSONParserError, Msg: msg, Frame: jsonCommonFile + ":216"})
}

// Parse is JSON.parse(text) and PSON.parse(text), and the parse of URI,
// Time and SemanticPuppet's Version and VersionRange.
func (r *R) Parse(recv Value, args ...Value) Value {
	switch classRecv("parse", recv, ClassJSON, ClassPSON, ClassURI, ClassTime, ClassSemVer, ClassSemVerRange) {
	case ClassSemVer:
		arity(args, 1, 1)
		return semverParse(args[0]) // semver.go
	case ClassSemVerRange:
		arity(args, 1, 1)
		return semverRangeParse(args[0])
	case ClassTime:
		arity(args, 1, 2)
		return r.timeParse(args)
	case ClassPSON:
		return psonLoad(args)
	case ClassURI:
		arity(args, 1, 1)
		return uriParse(args[0])
	}
	arity(args, 1, 2)
	s := strArg(args[0])
	p := &jsonParser{s: s, json27: !r.ruby31()}
	p.skip()
	if p.i >= len(s) {
		p.fail(859, "")
	}
	v := p.value()
	p.skip()
	if p.i < len(s) {
		p.fail(859, s[p.i:])
	}
	return v
}

type jsonParser struct {
	s      string
	i      int
	json27 bool // Ruby 3.3's json (fail)
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
		p.fail(859, "")
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
				p.fail(859, p.s[start:])
			}
			k := p.str()
			p.skip()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				p.fail(859, p.s[start:])
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
			p.fail(859, p.s[start:])
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
				p.fail(451, "")
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
			p.fail(451, p.s[p.i:])
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
	case strings.HasPrefix(p.s[p.i:], "NaN"):
		p.fail(225, p.s[start:]) // json's own line for NaN (allow_nan off)
	}
	p.fail(859, p.s[start:])
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
				p.fail(859, p.s[start:])
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
				escape := p.i - 2
				if p.i+4 > len(p.s) {
					p.fail(859, p.s[start:])
				}
				n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
				if err != nil {
					p.fail(859, p.s[start:])
				}
				p.i += 4
				rn := rune(n)
				if rn >= 0xD800 && rn < 0xDC00 && strings.HasPrefix(p.s[p.i:], `\u`) && p.i+6 <= len(p.s) {
					if lo, err := strconv.ParseUint(p.s[p.i+2:p.i+6], 16, 32); err == nil && lo >= 0xDC00 && lo < 0xE000 {
						rn = (rn-0xD800)<<10 + (rune(lo) - 0xDC00) + 0x10000
						p.i += 6
					}
				}
				if rn >= 0xD800 && rn < 0xDC00 {
					p.failWith(521, "incomplete surrogate pair at '"+p.s[escape:]+"'")
				}
				b.WriteRune(rn)
			default:
				b.WriteByte(e)
			}
		case c < 0x20:
			p.fail(859, p.s[start:])
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	p.fail(859, p.s[start:])
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
		if strings.HasPrefix(p.s[start:], "-Infinity") {
			p.fail(249, p.s[start:]) // json's own line for -Infinity
		}
		p.fail(859, p.s[start:])
	}
	if p.s[intStart] == '0' && p.i-intStart > 1 {
		p.fail(859, p.s[start:])
	}
	isFloat := false
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			p.fail(859, p.s[start:])
		}
		isFloat = true
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			p.fail(859, p.s[start:])
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
		b, _ := new(big.Int).SetString(text, 10) // digits: a range error
		return intOf(b)
	}
	return n
}

// jsonGenerate writes v as JSON; indent "" is JSON.generate's compact form.
// jsonState is JSON's generator state: the strings pretty_generate puts
// between tokens, the nesting limit (0: none) and whether NaN and
// Infinity are allowed.
type jsonState struct {
	indent, space, spaceBefore, objectNL, arrayNL string
	maxNesting                                    int64
	allowNaN                                      bool
}

var (
	jsonCompact = &jsonState{maxNesting: 100}
	jsonPretty  = &jsonState{indent: "  ", space: " ", objectNL: "\n", arrayNL: "\n", maxNesting: 100}
)

// jsonOptions is pretty_generate's state with the options of a Hash
// (Symbol keys; others are ignored, as Ruby's json does).
func jsonOptions(opts Value) *jsonState {
	h, ok := opts.(*Hash)
	if !ok {
		if opts != nil {
			typeError("can't convert %s into Hash", classOf(opts).Name)
		}
		return jsonPretty
	}
	st := *jsonPretty
	str := func(name string, dst *string) {
		if v, ok := h.Lookup(Symbol(name)); ok {
			s, isStr := v.(*Str)
			if !isStr {
				typeError("wrong argument type %s (expected String)", classOf(v).Name)
			}
			*dst = s.S
		}
	}
	str("indent", &st.indent)
	str("space", &st.space)
	str("space_before", &st.spaceBefore)
	str("object_nl", &st.objectNL)
	str("array_nl", &st.arrayNL)
	if v, ok := h.Lookup(Symbol("max_nesting")); ok {
		switch x := v.(type) {
		case int64:
			st.maxNesting = x
		case nil, bool:
			if Truthy(x) {
				typeError("no implicit conversion of true into Integer")
			}
			st.maxNesting = 0
		default:
			implicitConversion(v, "Integer")
		}
	}
	if v, ok := h.Lookup(Symbol("allow_nan")); ok {
		st.allowNaN = Truthy(v)
	}
	return &st
}

func (r *R) jsonGenerate(b *strings.Builder, v Value, indent string, depth int) {
	st := jsonCompact
	if indent != "" {
		st = jsonPretty
	}
	r.jsonGen(b, v, st, depth)
}

// jsonGen writes v as Ruby's json 2.6 generator does: an Array is [,
// array_nl, the elements each after indent (the separator is "," and
// array_nl), array_nl, indent, ]; an Object likewise with object_nl, and
// space_before ":" space between a key and its value.
func (r *R) jsonGen(b *strings.Builder, v Value, st *jsonState, depth int) {
	ind := func(d int) {
		for i := 0; i < d; i++ {
			b.WriteString(st.indent)
		}
	}
	nest := func() {
		if st.maxNesting != 0 && int64(depth+1) > st.maxNesting {
			raise(ClassJSONNestingError, "nesting of %d is too deep", depth)
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
	case *bigInteger:
		b.WriteString(x.n.String())
	case float64:
		if (math.IsNaN(x) || math.IsInf(x, 0)) && !st.allowNaN {
			// json 2.6's message starts with the line of its C generator
			// that raised (1003 for NaN, 1000 for the infinities), 2.7's
			// does not
			msg := floatToS(x) + " not allowed in JSON"
			if r.ruby31() {
				line := "1000: "
				if math.IsNaN(x) {
					line = "1003: "
				}
				msg = line + msg
			}
			panic(&RubyError{Class: ClassJSONGeneratorError, Msg: msg})
		}
		b.WriteString(floatToS(x))
	case *Str:
		jsonString(b, x.S)
	case Symbol:
		jsonString(b, string(x))
	case *Array:
		nest()
		b.WriteByte('[')
		b.WriteString(st.arrayNL)
		for i, e := range x.A {
			if i > 0 {
				b.WriteByte(',')
				b.WriteString(st.arrayNL)
			}
			ind(depth + 1)
			r.jsonGen(b, e, st, depth+1)
		}
		b.WriteString(st.arrayNL)
		ind(depth)
		b.WriteByte(']')
	case *Hash:
		nest()
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(st.objectNL)
			ind(depth + 1)
			jsonString(b, ToS(k))
			b.WriteString(st.spaceBefore)
			b.WriteByte(':')
			b.WriteString(st.space)
			r.jsonGen(b, x.Values()[i], st, depth+1)
		}
		b.WriteString(st.objectNL)
		ind(depth)
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

// PrettyGenerate is JSON.pretty_generate(obj [, opts]).
func (r *R) PrettyGenerate(recv Value, args ...Value) Value {
	classRecv("pretty_generate", recv, ClassJSON)
	arity(args, 1, 2)
	st := jsonPretty
	if len(args) == 2 {
		st = jsonOptions(args[1])
	}
	var b strings.Builder
	r.jsonGen(&b, args[0], st, 0)
	return S(b.String())
}

// ToJson is #to_json.
func (r *R) ToJson(recv Value, args ...Value) Value {
	var b strings.Builder
	r.jsonGenerate(&b, recv, "", 0)
	return S(b.String())
}

// Dump is JSON.dump / YAML.dump, and String#dump.
func (r *R) Dump(recv Value, args ...Value) Value {
	if s, ok := recv.(*Str); ok {
		arity(args, 0, 0)
		return S(rubystr.Dump(s.S, s.Bin))
	}
	c := classRecv("dump", recv, ClassJSON, ClassYAML)
	arity(args, 1, 2)
	if c == ClassJSON {
		var b strings.Builder
		r.jsonGenerate(&b, args[0], "", 0)
		return S(b.String())
	}
	return S(yamlDump(args[0]))
}

// Load is JSON.load / YAML.load / PSON.load.
func (r *R) Load(recv Value, args ...Value) Value {
	if _, ok := recv.(*loaderObject); ok {
		return r.loaderLoad(args) // m_fs.go
	}
	c := classRecv("load", recv, ClassJSON, ClassYAML, ClassPSON)
	if c == ClassPSON {
		arity(args, 1, 1)
		return psonLoad([]Value{ioString(args[0])})
	}
	if c == ClassJSON {
		if args[0] == nil {
			return nil
		}
		return r.Parse(ClassJSON, args...)
	}
	return r.yamlLoad(args)
}

// ToYaml is #to_yaml.
func (r *R) ToYaml(recv Value, args ...Value) Value {
	return S(yamlDump(recv))
}
