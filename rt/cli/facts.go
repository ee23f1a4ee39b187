package cli

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/rt/values"
)

// LoadFacts reads a facts file: what `facter --json` prints (a hash), or
// PuppetDB's and `puppet facts`' {"name": .., "values": {..}} form; JSON, or
// YAML for files named .yaml or .yml. Key order is kept, as Puppet keeps it.
func LoadFacts(path string) (*values.Hash, error) {
	v, err := readValueFile(path)
	if err != nil {
		return nil, err
	}
	h, ok := v.(*values.Hash)
	if !ok {
		return nil, fmt.Errorf("facts file %s does not contain a hash", path)
	}
	if inner, ok := h.GetString("values"); ok {
		if ih, ok := inner.(*values.Hash); ok {
			h = ih
		}
	}
	return h, nil
}

// readValueFile reads a file of data as Puppet values: JSON, or YAML for
// files named .yaml or .yml.
func readValueFile(path string) (values.Value, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v values.Value
	if strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") {
		v, err = decodeYAML(b)
	} else {
		v, err = decodeJSON(b)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// decodeJSON decodes JSON into Puppet values, keeping the order of keys.
// (A parser of its own: encoding/json's token stream took a large part of
// a catalog binary's run.)
func decodeJSON(b []byte) (values.Value, error) {
	d := &jsonDecoder{b: b}
	d.space()
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	d.space()
	if d.i < len(d.b) {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, nil
}

type jsonDecoder struct {
	b     []byte
	i     int
	depth int
}

func (d *jsonDecoder) errorf(format string, args ...any) error {
	return fmt.Errorf("JSON at offset %d: %s", d.i, fmt.Sprintf(format, args...))
}

func (d *jsonDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *jsonDecoder) value() (values.Value, error) {
	if d.i >= len(d.b) {
		return nil, d.errorf("unexpected end of JSON input")
	}
	switch c := d.b[d.i]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		s, err := d.str()
		if err != nil {
			return nil, err
		}
		return values.String(s), nil
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case c == 't':
		return d.literal("true", values.BoolOf(true))
	case c == 'f':
		return d.literal("false", values.BoolOf(false))
	case c == 'n':
		return d.literal("null", values.Undef)
	}
	return nil, d.errorf("invalid character %q looking for the beginning of a value", d.b[d.i])
}

func (d *jsonDecoder) literal(word string, v values.Value) (values.Value, error) {
	if len(d.b)-d.i < len(word) || string(d.b[d.i:d.i+len(word)]) != word {
		return nil, d.errorf("invalid literal")
	}
	d.i += len(word)
	return v, nil
}

func (d *jsonDecoder) nest() error {
	if d.depth++; d.depth > 10000 {
		return d.errorf("exceeded max depth")
	}
	return nil
}

func (d *jsonDecoder) object() (values.Value, error) {
	if err := d.nest(); err != nil {
		return nil, err
	}
	d.i++ // {
	b := values.NewHashBuilder(8)
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		d.depth--
		return b.Build(), nil
	}
	for {
		d.space()
		if d.i >= len(d.b) || d.b[d.i] != '"' {
			return nil, d.errorf("expected a string for an object key")
		}
		k, err := d.str()
		if err != nil {
			return nil, err
		}
		d.space()
		if d.i >= len(d.b) || d.b[d.i] != ':' {
			return nil, d.errorf("expected ':' after an object key")
		}
		d.i++
		d.space()
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		b.Put(values.String(k), v)
		d.space()
		if d.i >= len(d.b) {
			return nil, d.errorf("unexpected end of JSON input")
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case '}':
			d.i++
			d.depth--
			return b.Build(), nil
		default:
			return nil, d.errorf("expected ',' or '}' in an object")
		}
	}
}

func (d *jsonDecoder) array() (values.Value, error) {
	if err := d.nest(); err != nil {
		return nil, err
	}
	d.i++ // [
	var elems []values.Value
	d.space()
	if d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		d.depth--
		return values.NewArray(), nil
	}
	for {
		d.space()
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		elems = append(elems, v)
		d.space()
		if d.i >= len(d.b) {
			return nil, d.errorf("unexpected end of JSON input")
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case ']':
			d.i++
			d.depth--
			return values.NewArray(elems...), nil
		default:
			return nil, d.errorf("expected ',' or ']' in an array")
		}
	}
}

func (d *jsonDecoder) number() (values.Value, error) {
	start := d.i
	if d.b[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.i < len(d.b) && d.b[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return nil, d.errorf("invalid number")
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return nil, d.errorf("invalid number")
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return nil, d.errorf("invalid number")
		}
	}
	return number(string(d.b[start:d.i])), nil
}

// str reads a string as encoding/json does: escapes decoded, invalid
// UTF-8 and unpaired surrogates replaced by U+FFFD.
func (d *jsonDecoder) str() (string, error) {
	d.i++ // "
	start := d.i
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			s := string(d.b[start:d.i])
			d.i++
			return s, nil
		case c == '\\' || c >= utf8.RuneSelf:
			return d.slowStr(start)
		case c < 0x20:
			return "", d.errorf("invalid character in string literal")
		}
		d.i++
	}
	return "", d.errorf("unexpected end of JSON input")
}

func (d *jsonDecoder) slowStr(start int) (string, error) {
	out := append([]byte(nil), d.b[start:d.i]...)
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return string(out), nil
		case c < 0x20:
			return "", d.errorf("invalid character in string literal")
		case c == '\\':
			if d.i+1 >= len(d.b) {
				return "", d.errorf("unexpected end of JSON input")
			}
			e := d.b[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return "", d.errorf("invalid \\u escape")
				}
				if utf16.IsSurrogate(r) {
					r2 := unicode.ReplacementChar
					save := d.i
					if d.i+1 < len(d.b) && d.b[d.i] == '\\' && d.b[d.i+1] == 'u' {
						d.i += 2
						if lo, ok := d.hex4(); ok {
							if dec := utf16.DecodeRune(r, lo); dec != unicode.ReplacementChar {
								r2 = dec
							} else {
								d.i = save
							}
						} else {
							return "", d.errorf("invalid \\u escape")
						}
					}
					r = r2
				}
				out = utf8.AppendRune(out, r)
			default:
				return "", d.errorf("invalid escape \\%c", e)
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			d.i++
		default:
			r, size := utf8.DecodeRune(d.b[d.i:])
			if r == utf8.RuneError && size == 1 {
				out = utf8.AppendRune(out, unicode.ReplacementChar)
			} else {
				out = append(out, d.b[d.i:d.i+size]...)
			}
			d.i += size
		}
	}
	return "", d.errorf("unexpected end of JSON input")
}

func (d *jsonDecoder) hex4() (rune, bool) {
	if len(d.b)-d.i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range d.b[d.i : d.i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r*16 + rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r*16 + rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r*16 + rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	d.i += 4
	return r, true
}

// number is a JSON number as Ruby's JSON parser reads it: an Integer
// unless it has a fraction or an exponent.
func number(s string) values.Value {
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return values.Int(n)
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return values.Float(math.Inf(1))
	}
	return values.Float(f)
}

// decodeYAML decodes YAML into Puppet values, keeping the order of keys.
func decodeYAML(b []byte) (values.Value, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return nil, err
	}
	if len(n.Content) == 0 {
		return values.Undef, nil
	}
	return yamlValue(n.Content[0])
}

func yamlValue(n *yaml.Node) (values.Value, error) {
	switch n.Kind {
	case yaml.AliasNode:
		return yamlValue(n.Alias)
	case yaml.MappingNode:
		b := values.NewHashBuilder(len(n.Content) / 2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, err := yamlValue(n.Content[i])
			if err != nil {
				return nil, err
			}
			val, err := yamlValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			b.Put(k, val)
		}
		return b.Build(), nil
	case yaml.SequenceNode:
		elems := make([]values.Value, len(n.Content))
		for i, c := range n.Content {
			v, err := yamlValue(c)
			if err != nil {
				return nil, err
			}
			elems[i] = v
		}
		return values.NewArray(elems...), nil
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return values.Undef, nil
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return nil, err
			}
			return values.BoolOf(b), nil
		case "!!int":
			var i int64
			if err := n.Decode(&i); err != nil {
				return nil, err
			}
			return values.Int(i), nil
		case "!!float":
			var f float64
			if err := n.Decode(&f); err != nil {
				return nil, err
			}
			return values.Float(f), nil
		}
		return values.String(n.Value), nil
	}
	return values.Undef, nil
}
