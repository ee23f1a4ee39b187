package stdlib

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// parseJSON is Puppet::Util::Json.load (Ruby's JSON.parse): ordered
// hashes, integers and floats kept apart, and the ext parser's error
// messages ("859: unexpected token at '...'").
func parseJSON(s string) (v.Value, error) {
	p := &jsonParser{s: s}
	p.ws()
	x, ok := p.value()
	if !ok {
		return nil, p.fail()
	}
	p.ws()
	if p.i != len(p.s) {
		p.errAt, p.errCode = p.i, 859
		return nil, p.fail()
	}
	return x, nil
}

type jsonParser struct {
	s       string
	i       int
	errAt   int
	errCode int
}

func (p *jsonParser) fail() error {
	code := p.errCode
	if code == 0 {
		code = 859
	}
	return fn.Errorf("%d: unexpected token at '%s'", code, p.s[p.errAt:])
}

func (p *jsonParser) ws() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		case '/':
			// Ruby's parser accepts /* */ and // comments
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
					p.i += end + 1
				}
			} else {
				return
			}
		default:
			return
		}
	}
}

func (p *jsonParser) value() (v.Value, bool) {
	start := p.i
	if p.i >= len(p.s) {
		p.errAt = start
		return nil, false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		h, ok := p.object()
		if !ok {
			p.errAt, p.errCode = start, 859
		}
		return h, ok
	case c == '[':
		return p.array()
	case c == '"':
		s, ok := p.str()
		if !ok {
			p.errAt, p.errCode = start, 859
		}
		return s, ok
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		return v.True, true
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		return v.False, true
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		return v.Undef, true
	case strings.HasPrefix(p.s[p.i:], "NaN"), strings.HasPrefix(p.s[p.i:], "Infinity"), strings.HasPrefix(p.s[p.i:], "-Infinity"):
		p.errAt, p.errCode = start, 225
		return nil, false
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	p.errAt, p.errCode = start, 859
	return nil, false
}

func (p *jsonParser) number() (v.Value, bool) {
	start := p.i
	j := p.i
	if j < len(p.s) && p.s[j] == '-' {
		j++
	}
	if j >= len(p.s) || p.s[j] < '0' || p.s[j] > '9' {
		p.errAt, p.errCode = start, 859
		return nil, false
	}
	if p.s[j] == '0' && j+1 < len(p.s) && p.s[j+1] >= '0' && p.s[j+1] <= '9' {
		p.errAt, p.errCode = start, 859
		return nil, false
	}
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	isFloat := false
	if j+1 < len(p.s) && p.s[j] == '.' && p.s[j+1] >= '0' && p.s[j+1] <= '9' {
		isFloat = true
		j++
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
	}
	if j < len(p.s) && (p.s[j] == 'e' || p.s[j] == 'E') {
		k := j + 1
		if k < len(p.s) && (p.s[k] == '+' || p.s[k] == '-') {
			k++
		}
		if k < len(p.s) && p.s[k] >= '0' && p.s[k] <= '9' {
			isFloat = true
			for k < len(p.s) && p.s[k] >= '0' && p.s[k] <= '9' {
				k++
			}
			j = k
		}
	}
	text := p.s[start:j]
	p.i = j
	if isFloat {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			if strings.HasPrefix(text, "-") {
				f = math.Inf(-1)
			} else {
				f = math.Inf(1)
			}
		}
		return v.Float(f), true
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		panic(fn.Errorf("Use of a Ruby Integer outside of Puppet Integer range, got '%s'", text))
	}
	return v.Int(n), true
}

func (p *jsonParser) str() (v.Value, bool) {
	p.i++ // opening quote
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return v.String(b.String()), true
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return nil, false
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
					return nil, false
				}
				r, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
				if err != nil {
					return nil, false
				}
				p.i += 4
				cp := rune(r)
				if utf16.IsSurrogate(cp) && strings.HasPrefix(p.s[p.i:], `\u`) && p.i+6 <= len(p.s) {
					r2, err := strconv.ParseUint(p.s[p.i+2:p.i+6], 16, 32)
					if err == nil {
						if d := utf16.DecodeRune(cp, rune(r2)); d != utf8.RuneError {
							cp = d
							p.i += 6
						}
					}
				}
				b.WriteRune(cp)
			default:
				b.WriteByte(e)
			}
		case c < 0x20:
			return nil, false
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return nil, false
}

func (p *jsonParser) array() (v.Value, bool) {
	p.i++ // [
	var out []v.Value
	p.ws()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return v.EmptyArray, true
	}
	for {
		p.ws()
		at := p.i
		x, ok := p.value()
		if !ok {
			if p.errCode != 225 {
				p.errAt, p.errCode = at, 451
			}
			return nil, false
		}
		out = append(out, x)
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			p.ws()
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.errAt, p.errCode = p.i, 451
				return nil, false
			}
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return arr(out...), true
		}
		p.errAt, p.errCode = p.i, 451
		return nil, false
	}
}

func (p *jsonParser) object() (v.Value, bool) {
	p.i++ // {
	b := v.NewHashBuilder(0)
	p.ws()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return b.Build(), true
	}
	for {
		p.ws()
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, false
		}
		k, ok := p.str()
		if !ok {
			return nil, false
		}
		p.ws()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, false
		}
		p.i++
		p.ws()
		val, ok := p.value()
		if !ok {
			return nil, false
		}
		b.Put(k, val)
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return b.Build(), true
		}
		return nil, false
	}
}
