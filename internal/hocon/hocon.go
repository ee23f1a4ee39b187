// Package hocon reads HOCON as the hocon gem does (what stdlib's
// parsehocon, Ruby's Hocon::ConfigFactory and Hiera's hocon_data give),
// for Hiera's data files, stdlib's Go parsehocon and the Ruby runtime of
// translated functions.
package hocon

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	v "github.com/pp2go/pp2go/rt/values"
)

// Error is an error of the hocon gem: Hocon::ConfigError::ConfigParseError,
// or its subclass UnresolvedSubstitutionError (Unresolved).
type Error struct {
	Msg        string
	Unresolved bool
	Line       int // the line the message names
}

func (e *Error) Error() string { return e.Msg }

// Parse is what parsehocon gets from the hocon gem
// (Hocon::ConfigFactory.parse_string(s).resolve.root.unwrapped) for the
// HOCON that configuration files use: objects with or without braces,
// "=", ":" or "{" after a key, dotted keys, arrays, quoted, triple-quoted
// and unquoted strings, numbers, true/false/null, # and // comments,
// duplicate keys merging objects, and ${path} substitutions.
func Parse(s string) (v.Value, error) {
	p := &hoconParser{s: s, line: 1}
	root, err := p.root()
	if err != nil {
		return nil, err
	}
	res, err := root.resolve(root, 0)
	if err != nil {
		return nil, err
	}
	return res.unwrap(), nil
}

type hoconParser struct {
	s    string
	i    int
	line int
}

// hobj is an object under construction: keys in order.
type hobj struct {
	keys []string
	vals map[string]hval
}

// hval is a parsed value: a *hobj, []hval, a Puppet scalar, or a
// substitution.
type hval any

// hconcat is a string concatenation with substitutions: text and
// *hsubst parts, resolved to the text of their values.
type hconcat struct{ parts []any }

type hsubst struct {
	path     []string
	optional bool
	line     int // where it is written, which the gem's error names
}

func newHobj() *hobj { return &hobj{vals: map[string]hval{}} }

func (p *hoconParser) errorf(format string, a ...any) error {
	return &Error{Msg: fmt.Sprintf("String: %d: %s", p.line, fmt.Sprintf(format, a...)), Line: p.line}
}

func (p *hoconParser) skipSpace(newlines bool) {
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
		case c == '\n' && newlines:
			p.line++
			p.i++
		case c == '#' || strings.HasPrefix(p.s[p.i:], "//"):
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

func (p *hoconParser) root() (*hobj, error) {
	p.skipSpace(true)
	if p.i < len(p.s) && p.s[p.i] == '{' {
		p.i++
		o, err := p.fields('}')
		if err != nil {
			return nil, err
		}
		p.skipSpace(true)
		if p.i < len(p.s) {
			return nil, p.errorf("Document has trailing tokens after first object or array")
		}
		return o, nil
	}
	return p.fields(0)
}

// fields reads the fields of an object up to the closing byte (0: end of
// input).
func (p *hoconParser) fields(closing byte) (*hobj, error) {
	o := newHobj()
	for {
		p.skipSpace(true)
		if p.i >= len(p.s) {
			if closing != 0 {
				return nil, p.errorf("expecting a close brace or a field name here, got end of file")
			}
			return o, nil
		}
		if p.s[p.i] == closing {
			p.i++
			return o, nil
		}
		if p.s[p.i] == ',' {
			p.i++
			continue
		}
		path, err := p.key()
		if err != nil {
			return nil, err
		}
		p.skipSpace(false)
		if p.i >= len(p.s) {
			return nil, p.errorf("expecting a value for key '%s'", strings.Join(path, "."))
		}
		switch p.s[p.i] {
		case '=', ':':
			p.i++
		case '{':
		default:
			return nil, p.errorf("Key '%s' may not be followed by token: '%c'", strings.Join(path, "."), p.s[p.i])
		}
		p.skipSpace(true)
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		for k := len(path) - 1; k > 0; k-- {
			wrap := newHobj()
			wrap.set(path[k], val)
			val = wrap
		}
		o.set(path[0], val)
	}
}

// set adds a field; a duplicate object key merges, the newer fields first.
func (o *hobj) set(k string, val hval) {
	old, ok := o.vals[k]
	if !ok {
		o.keys = append(o.keys, k)
		o.vals[k] = val
		return
	}
	no, newIsObj := val.(*hobj)
	oo, oldIsObj := old.(*hobj)
	if newIsObj && oldIsObj {
		o.vals[k] = mergeHobj(no, oo)
		return
	}
	o.vals[k] = val
}

func mergeHobj(newer, older *hobj) *hobj {
	m := newHobj()
	for _, k := range newer.keys {
		if ov, ok := older.vals[k]; ok {
			nv := newer.vals[k]
			no, a := nv.(*hobj)
			oo, b := ov.(*hobj)
			if a && b {
				m.keys = append(m.keys, k)
				m.vals[k] = mergeHobj(no, oo)
				continue
			}
		}
		m.keys = append(m.keys, k)
		m.vals[k] = newer.vals[k]
	}
	for _, k := range older.keys {
		if _, ok := m.vals[k]; !ok {
			m.keys = append(m.keys, k)
			m.vals[k] = older.vals[k]
		}
	}
	return m
}

func (p *hoconParser) key() ([]string, error) {
	var path []string
	var cur strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			s, err := p.quoted()
			if err != nil {
				return nil, err
			}
			cur.WriteString(s)
		case c == '.':
			path = append(path, cur.String())
			cur.Reset()
			p.i++
		case c == '=' || c == ':' || c == '{' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '}' || c == '#':
			if cur.Len() == 0 && len(path) == 0 {
				return nil, p.errorf("expecting a close brace or a field name here, got '%c'", c)
			}
			return append(path, cur.String()), nil
		default:
			cur.WriteByte(c)
			p.i++
		}
	}
	return append(path, cur.String()), nil
}

func (p *hoconParser) quoted() (string, error) {
	if strings.HasPrefix(p.s[p.i:], `"""`) {
		end := strings.Index(p.s[p.i+3:], `"""`)
		if end < 0 {
			return "", p.errorf("End of input but triple-quoted string was still open")
		}
		s := p.s[p.i+3 : p.i+3+end]
		p.line += strings.Count(s, "\n")
		p.i += end + 6
		return s, nil
	}
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch c {
		case '"':
			p.i++
			return b.String(), nil
		case '\n':
			return "", p.errorf("Newline in quoted string")
		case '\\':
			if p.i+1 >= len(p.s) {
				return "", p.errorf("End of input but backslash in string had nothing after it")
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
					return "", p.errorf("Expected four hex digits after \\u")
				}
				r, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
				if err != nil {
					return "", p.errorf("Malformed hex digits after \\u")
				}
				b.WriteRune(rune(r))
				p.i += 4
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", p.errorf("End of input but string quote was still open")
}

func (p *hoconParser) value() (hval, error) {
	if p.i >= len(p.s) {
		return nil, p.errorf("expecting a value but got end of file")
	}
	switch p.s[p.i] {
	case '{':
		p.i++
		return p.fields('}')
	case '[':
		p.i++
		var out []hval
		for {
			p.skipSpace(true)
			if p.i >= len(p.s) {
				return nil, p.errorf("List should have ] or a new value after the last value, got end of file")
			}
			if p.s[p.i] == ']' {
				p.i++
				return out, nil
			}
			if p.s[p.i] == ',' {
				p.i++
				continue
			}
			x, err := p.value()
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
	}
	// a concatenation of simple values and substitutions up to the end of
	// the line, a comma or a closing bracket
	var parts []string
	var substs []*hsubst // parallel to parts: the substitution a part is, or nil
	quotedOnly := true
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '\n' || c == ',' || c == '}' || c == ']' || c == '#' || strings.HasPrefix(p.s[p.i:], "//") {
			break
		}
		if c == '"' {
			s, err := p.quoted()
			if err != nil {
				return nil, err
			}
			parts, substs = append(parts, "\x00"+s), append(substs, nil)
			continue
		}
		if strings.HasPrefix(p.s[p.i:], "${") {
			end := strings.IndexByte(p.s[p.i:], '}')
			if end < 0 {
				return nil, p.errorf("'${' is not closed")
			}
			ref := p.s[p.i+2 : p.i+end]
			p.i += end + 1
			opt := strings.HasPrefix(ref, "?")
			parts = append(parts, "")
			substs = append(substs, &hsubst{path: strings.Split(strings.TrimPrefix(ref, "?"), "."), optional: opt, line: p.line})
			continue
		}
		start := p.i
		for p.i < len(p.s) && !strings.ContainsRune("\n,}]#\"", rune(p.s[p.i])) && !strings.HasPrefix(p.s[p.i:], "//") && !strings.HasPrefix(p.s[p.i:], "${") {
			p.i++
		}
		parts, substs = append(parts, p.s[start:p.i]), append(substs, nil)
		quotedOnly = false
	}
	if len(parts) == 0 {
		// a terminator where a value must be: it would stay unread
		if p.i >= len(p.s) {
			return nil, p.errorf("expecting a value but got end of file")
		}
		return nil, p.errorf("Expecting a value but got wrong token: '%c'", p.s[p.i])
	}
	if slices.ContainsFunc(substs, func(x *hsubst) bool { return x != nil }) {
		// the whitespace after the last value is not the value's
		for n := len(parts); n > 0 && substs[n-1] == nil && strings.TrimRight(parts[n-1], " \t\r") == ""; n-- {
			parts, substs = parts[:n-1], substs[:n-1]
		}
		if len(parts) == 1 {
			return substs[0], nil
		}
		cat := &hconcat{}
		for i, part := range parts {
			if substs[i] != nil {
				cat.parts = append(cat.parts, substs[i])
			} else {
				cat.parts = append(cat.parts, strings.TrimPrefix(part, "\x00"))
			}
		}
		return cat, nil
	}
	text := ""
	for _, part := range parts {
		text += strings.TrimPrefix(part, "\x00")
	}
	if quotedOnly && len(parts) == 1 {
		return v.String(text), nil
	}
	text = strings.TrimRight(text, " \t\r")
	switch text {
	case "true":
		return v.True, nil
	case "false":
		return v.False, nil
	case "null":
		return v.Undef, nil
	}
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return v.Int(n), nil
	}
	if f, err := strconv.ParseFloat(text, 64); err == nil && strings.ContainsAny(text, ".eE") {
		if f == math.Trunc(f) && math.Abs(f) < 1<<62 {
			return v.Int(int64(f)), nil
		}
		return v.Float(f), nil
	}
	return v.String(text), nil
}

// resolve replaces substitutions by the values they refer to.
func (o *hobj) resolve(root *hobj, depth int) (*hobj, error) {
	out := newHobj()
	for _, k := range o.keys {
		r, err := resolveVal(o.vals[k], root, depth)
		if err != nil {
			return nil, err
		}
		if r == nil {
			continue // an optional substitution that found nothing
		}
		out.keys = append(out.keys, k)
		out.vals[k] = r
	}
	return out, nil
}

func resolveVal(x hval, root *hobj, depth int) (hval, error) {
	if depth > 50 {
		return nil, &Error{Msg: "String: substitution cycle", Unresolved: true}
	}
	switch y := x.(type) {
	case *hobj:
		return y.resolve(root, depth+1)
	case []hval:
		out := make([]hval, 0, len(y))
		for _, e := range y {
			r, err := resolveVal(e, root, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	case *hconcat:
		var b strings.Builder
		for _, part := range y.parts {
			sub, ok := part.(*hsubst)
			if !ok {
				b.WriteString(part.(string))
				continue
			}
			r, err := resolveVal(sub, root, depth+1)
			if err != nil {
				return nil, err
			}
			switch rv := r.(type) {
			case nil: // an optional substitution that found nothing
			case v.String:
				b.WriteString(string(rv))
			case v.Int, v.Float, v.Bool:
				b.WriteString(v.ToString(rv.(v.Value)))
			default:
				return nil, &Error{Msg: fmt.Sprintf("String: %d: Cannot concatenate the value of ${%s} with a string", sub.line, strings.Join(sub.path, ".")), Line: sub.line}
			}
		}
		return v.String(b.String()), nil
	case *hsubst:
		var cur hval = root
		for _, seg := range y.path {
			o, ok := cur.(*hobj)
			if !ok {
				cur = nil
				break
			}
			cur = o.vals[seg]
		}
		if cur == nil {
			if y.optional {
				return nil, nil
			}
			return nil, &Error{Msg: fmt.Sprintf("String: %d: Could not resolve substitution to a value: ${%s}", y.line, strings.Join(y.path, ".")), Unresolved: true, Line: y.line}
		}
		return resolveVal(cur, root, depth+1)
	}
	return x, nil
}

func (o *hobj) unwrap() v.Value {
	b := v.NewHashBuilder(len(o.keys))
	for _, k := range o.keys {
		b.Put(v.String(k), unwrapH(o.vals[k]))
	}
	return b.Build()
}

func unwrapH(x hval) v.Value {
	switch y := x.(type) {
	case *hobj:
		return y.unwrap()
	case []hval:
		out := make([]v.Value, len(y))
		for i, e := range y {
			out[i] = unwrapH(e)
		}
		return v.NewArray(out...)
	case v.Value:
		return y
	}
	return v.Undef
}
