package hiera

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/values"
)

// parseHOCON reads the HOCON that hocon_data files use (Ruby's hocon gem,
// Hocon.parse): objects with optional root braces, '=' or ':' or nothing
// before an object, dotted key paths, arrays, comments ('#', '//'), quoted,
// triple-quoted and unquoted strings, concatenation of simple values, and
// merging of repeated object keys. Includes and substitutions (${...}) are
// reported as unsupported.
func parseHOCON(src []byte) (values.Value, error) {
	p := &hoconParser{s: string(src), line: 1, col: 1}
	p.skipWS(true)
	var root *hoconObj
	var err error
	if p.peek() == '{' {
		p.next()
		root, err = p.object('}')
	} else {
		root, err = p.object(0)
	}
	if err != nil {
		return nil, err
	}
	p.skipWS(true)
	if !p.eof() {
		return nil, p.errf("Expecting end of input or a comma, got '" + string(p.peek()) + "'")
	}
	return root.value(), nil
}

type hoconObj struct {
	keys []string
	vals map[string]any // *hoconObj or values.Value
}

func newObj() *hoconObj { return &hoconObj{vals: map[string]any{}} }

func (o *hoconObj) set(k string, v any) {
	old, exists := o.vals[k]
	if !exists {
		o.keys = append(o.keys, k)
		o.vals[k] = v
		return
	}
	oo, ok1 := old.(*hoconObj)
	no, ok2 := v.(*hoconObj)
	if ok1 && ok2 {
		// The later object wins and the earlier one is its fallback: the
		// later one's keys come first.
		merged := newObj()
		for _, nk := range no.keys {
			merged.set(nk, no.vals[nk])
		}
		for _, ok := range oo.keys {
			if ov, dup := merged.vals[ok]; dup {
				oob, isObj1 := oo.vals[ok].(*hoconObj)
				nob, isObj2 := ov.(*hoconObj)
				if isObj1 && isObj2 {
					m := newObj()
					m.set("x", oob)
					m.set("x", nob)
					merged.vals[ok] = m.vals["x"]
				}
				continue
			}
			merged.set(ok, oo.vals[ok])
		}
		o.vals[k] = merged
		return
	}
	o.vals[k] = v
}

func (o *hoconObj) value() values.Value {
	b := values.NewHashBuilder(len(o.keys))
	for _, k := range o.keys {
		switch x := o.vals[k].(type) {
		case *hoconObj:
			b.Put(values.String(k), x.value())
		case values.Value:
			b.Put(values.String(k), x)
		}
	}
	return b.Build()
}

type hoconParser struct {
	s         string
	pos       int
	line, col int
}

func (p *hoconParser) eof() bool { return p.pos >= len(p.s) }

func (p *hoconParser) peek() rune {
	if p.eof() {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.pos:])
	return r
}

func (p *hoconParser) next() rune {
	r, n := utf8.DecodeRuneInString(p.s[p.pos:])
	p.pos += n
	if r == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
	return r
}

func (p *hoconParser) errf(msg string) error {
	return &yamlError{msg: msg, line: p.line, column: p.col}
}

// skipWS skips spaces and comments; newlines too when nl.
func (p *hoconParser) skipWS(nl bool) bool {
	sawNL := false
	for !p.eof() {
		r := p.peek()
		switch {
		case r == '\n':
			if !nl {
				return sawNL
			}
			sawNL = true
			p.next()
		case r == ' ' || r == '\t' || r == '\r' || r == '\ufeff':
			p.next()
		case r == '#' || strings.HasPrefix(p.s[p.pos:], "//"):
			for !p.eof() && p.peek() != '\n' {
				p.next()
			}
		default:
			return sawNL
		}
	}
	return sawNL
}

func (p *hoconParser) object(end rune) (*hoconObj, error) {
	o := newObj()
	for {
		p.skipWS(true)
		if p.eof() {
			if end != 0 {
				return nil, p.errf("unbalanced braces: expecting '}'")
			}
			return o, nil
		}
		if end != 0 && p.peek() == end {
			p.next()
			return o, nil
		}
		if p.peek() == ',' {
			return nil, p.errf("unexpected ','")
		}
		if strings.HasPrefix(p.s[p.pos:], "include ") {
			return nil, p.errf("HOCON include is not supported")
		}
		path, err := p.keyPath()
		if err != nil {
			return nil, err
		}
		p.skipWS(false)
		var v any
		switch p.peek() {
		case '{':
			p.next()
			v, err = p.object('}')
		case '=', ':':
			p.next()
			p.skipWS(true)
			v, err = p.value()
		case '+':
			return nil, p.errf("HOCON '+=' is not supported")
		default:
			return nil, p.errf("Key '" + strings.Join(path, ".") + "' may not be followed by token: '" + string(p.peek()) + "'")
		}
		if err != nil {
			return nil, err
		}
		for i := len(path) - 1; i > 0; i-- {
			w := newObj()
			w.set(path[i], v)
			v = w
		}
		o.set(path[0], v)
		nl := p.skipWS(false)
		switch {
		case p.peek() == ',':
			p.next()
		case nl || p.peek() == '\n' || p.eof() || (end != 0 && p.peek() == end):
		default:
			return nil, p.errf("Expecting close brace } or a comma, got '" + string(p.peek()) + "'")
		}
	}
}

const hoconForbidden = "$\"{}[]:=,+#`^?!@*&\\"

func (p *hoconParser) keyPath() ([]string, error) {
	var parts []string
	cur := strings.Builder{}
	has := false
	for !p.eof() {
		r := p.peek()
		switch {
		case r == '"':
			s, err := p.quoted()
			if err != nil {
				return nil, err
			}
			cur.WriteString(s)
			has = true
		case r == '.':
			p.next()
			parts = append(parts, cur.String())
			cur.Reset()
			has = false
		case r == ' ' || r == '\t':
			// whitespace ends the key unless more key follows
			save := *p
			p.skipWS(false)
			if c := p.peek(); c == '=' || c == ':' || c == '{' || c == '+' || c == '\n' {
				goto done
			}
			*p = save
			cur.WriteRune(p.next())
		case strings.ContainsRune(hoconForbidden, r) || r == '\n':
			goto done
		default:
			cur.WriteRune(p.next())
			has = true
		}
	}
done:
	if !has && cur.Len() == 0 {
		return nil, p.errf("expecting a key")
	}
	parts = append(parts, strings.TrimSpace(cur.String()))
	return parts, nil
}

func (p *hoconParser) quoted() (string, error) {
	if strings.HasPrefix(p.s[p.pos:], `"""`) {
		p.pos += 3
		p.col += 3
		i := strings.Index(p.s[p.pos:], `"""`)
		if i < 0 {
			return "", p.errf("unterminated triple-quoted string")
		}
		for i+3 < len(p.s)-p.pos && p.s[p.pos+i+3] == '"' {
			i++
		}
		body := p.s[p.pos : p.pos+i]
		for j := 0; j < i+3; j++ {
			p.next()
		}
		return body, nil
	}
	start := p.pos
	p.next()
	for !p.eof() {
		r := p.next()
		if r == '\\' {
			if p.eof() {
				break
			}
			p.next()
			continue
		}
		if r == '"' {
			s, err := strconv.Unquote(p.s[start:p.pos])
			if err != nil {
				return "", p.errf("invalid string " + p.s[start:p.pos])
			}
			return s, nil
		}
		if r == '\n' {
			break
		}
	}
	return "", p.errf("unterminated string")
}

func (p *hoconParser) value() (any, error) {
	switch p.peek() {
	case '{':
		p.next()
		return p.object('}')
	case '[':
		p.next()
		var out []values.Value
		for {
			p.skipWS(true)
			if p.peek() == ']' {
				p.next()
				return values.NewArray(out...), nil
			}
			if p.eof() {
				return nil, p.errf("unbalanced brackets: expecting ']'")
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			switch x := v.(type) {
			case *hoconObj:
				out = append(out, x.value())
			case values.Value:
				out = append(out, x)
			}
			p.skipWS(true)
			if p.peek() == ',' {
				p.next()
			}
		}
	case '$':
		return nil, p.errf("HOCON substitutions (${...}) are not supported")
	}
	return p.simpleValue()
}

// simpleValue reads a string, number, boolean or null, with concatenation
// of the pieces on the same line.
func (p *hoconParser) simpleValue() (values.Value, error) {
	var pieces []string
	quotedAny := false
	for {
		if p.eof() {
			break
		}
		r := p.peek()
		if r == '"' {
			s, err := p.quoted()
			if err != nil {
				return nil, err
			}
			pieces = append(pieces, s)
			quotedAny = true
		} else if r == '$' {
			return nil, p.errf("HOCON substitutions (${...}) are not supported")
		} else if strings.ContainsRune(hoconForbidden, r) || r == '\n' || strings.HasPrefix(p.s[p.pos:], "//") {
			break
		} else {
			var b strings.Builder
			for !p.eof() {
				r := p.peek()
				if strings.ContainsRune(hoconForbidden, r) || r == '\n' || strings.HasPrefix(p.s[p.pos:], "//") {
					break
				}
				b.WriteRune(p.next())
			}
			pieces = append(pieces, b.String())
		}
	}
	if len(pieces) == 0 {
		return nil, p.errf("expecting a value")
	}
	text := strings.Join(pieces, "")
	if !quotedAny {
		text = strings.TrimRight(text, " \t\r")
		switch text {
		case "true":
			return values.True, nil
		case "false":
			return values.False, nil
		case "null":
			return values.Undef, nil
		}
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return values.Int(n), nil
		}
		if f, err := strconv.ParseFloat(text, 64); err == nil && strings.ContainsAny(text, "0123456789") {
			return values.Float(f), nil
		}
	}
	if text == "" {
		return nil, errors.New("empty value")
	}
	return values.String(text), nil
}
