package stdlib

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// jsonOpts are JSON.generate's state options.
type jsonOpts struct {
	indent, space, spaceBefore, objectNl, arrayNl string
	allowNaN                                      bool
	maxNesting                                    int // 0: no limit
}

// ToJSON is Ruby's to_json of a value (JSON.generate without options).
func ToJSON(x v.Value) (string, error) { return RubyJSON(x, jsonOpts{}) }

// ParseJSON is Ruby's JSON.parse (Puppet::Util::Json.load).
func ParseJSON(s string) (v.Value, error) { return parseJSON(s) }

// RubyJSON renders a value as Ruby's JSON.generate does (pretty options
// for pretty_generate); values JSON cannot represent are rendered by their
// Ruby to_s, as Ruby's generator does.
func RubyJSON(x v.Value, o jsonOpts) (string, error) {
	var b strings.Builder
	if err := writeJSON(&b, x, o, 0); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeJSON(b *strings.Builder, x v.Value, o jsonOpts, depth int) error {
	switch y := x.(type) {
	case nil, v.UndefValue:
		b.WriteString("null")
	case v.Bool:
		if y {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case v.Int:
		b.WriteString(strconv.FormatInt(int64(y), 10))
	case v.Float:
		f := float64(y)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			if !o.allowNaN {
				return fn.Errorf("%s not allowed in JSON", fn.RubyToS(y))
			}
			if math.IsNaN(f) {
				b.WriteString("NaN")
			} else if f > 0 {
				b.WriteString("Infinity")
			} else {
				b.WriteString("-Infinity")
			}
			return nil
		}
		b.WriteString(fn.RubyToS(y))
	case v.String:
		writeJSONString(b, string(y))
	case *v.Array:
		depth++
		if o.maxNesting > 0 && depth > o.maxNesting {
			return fn.Errorf("nesting of %d is too deep", depth)
		}
		b.WriteByte('[')
		b.WriteString(o.arrayNl)
		for i, e := range y.Elems() {
			if i > 0 {
				b.WriteByte(',')
				b.WriteString(o.arrayNl)
			}
			b.WriteString(strings.Repeat(o.indent, depth))
			if err := writeJSON(b, e, o, depth); err != nil {
				return err
			}
		}
		if o.arrayNl != "" {
			b.WriteString(o.arrayNl)
			b.WriteString(strings.Repeat(o.indent, depth-1))
		}
		b.WriteByte(']')
	case *v.Hash:
		depth++
		if o.maxNesting > 0 && depth > o.maxNesting {
			return fn.Errorf("nesting of %d is too deep", depth)
		}
		b.WriteByte('{')
		for i := 0; i < y.Len(); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(o.objectNl)
			b.WriteString(strings.Repeat(o.indent, depth))
			writeJSONString(b, fn.RubyToS(y.KeyAt(i)))
			b.WriteString(o.spaceBefore)
			b.WriteByte(':')
			b.WriteString(o.space)
			if err := writeJSON(b, y.ValueAt(i), o, depth); err != nil {
				return err
			}
		}
		if o.objectNl != "" {
			b.WriteString(o.objectNl)
			b.WriteString(strings.Repeat(o.indent, depth-1))
		}
		b.WriteByte('}')
	default:
		writeJSONString(b, fn.RubyToS(x))
	}
	return nil
}

func writeJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\f':
			b.WriteString(`\f`)
		case '\b':
			b.WriteString(`\b`)
		default:
			if c < 0x20 {
				fmt.Fprintf(b, `\u%04x`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
}

func init() {

	fn.New("to_toml").Module(module).DR("Hash data", "String", func(c fn.Context, a args, b fn.Block) v.Value {
		var t tomlDumper
		t.visit(a[0].(*v.Hash), nil, false)
		return v.String(t.b.String())
	}).Register()

}

type tomlDumper struct{ b strings.Builder }

type kv struct {
	k string
	v v.Value
}

func (t *tomlDumper) sortPairs(h *v.Hash) (simple, nested, tables []kv) {
	keys := make([]v.Value, h.Len())
	copy(keys, h.Keys())
	var fail error
	sort.SliceStable(keys, func(i, j int) bool {
		c, ok := fn.RubyCompare(keys[i], keys[j])
		if !ok && fail == nil {
			fail = fn.ComparisonError(keys[i], keys[j])
		}
		return c < 0
	})
	if fail != nil {
		panic(fail)
	}
	for _, k := range keys {
		val, _ := h.Get(k)
		e := kv{fn.RubyToS(k), val}
		switch x := val.(type) {
		case *v.Hash:
			nested = append(nested, e)
		case *v.Array:
			if x.Len() > 0 {
				if _, ok := x.At(0).(*v.Hash); ok {
					tables = append(tables, e)
					continue
				}
			}
			simple = append(simple, e)
		default:
			simple = append(simple, e)
		}
	}
	return
}

func (t *tomlDumper) visit(h *v.Hash, prefix []string, extra bool) {
	simple, nested, tables := t.sortPairs(h)
	if len(prefix) > 0 && (len(simple) > 0 || h.Len() == 0) {
		t.printPrefix(prefix, extra)
	}
	t.dump(simple, nested, tables, prefix)
}

func (t *tomlDumper) dump(simple, nested, tables []kv, prefix []string) {
	for _, e := range simple {
		t.b.WriteString(tomlKey(e.k) + " = " + tomlValue(e.v) + "\n")
	}
	for _, e := range nested {
		t.visit(e.v.(*v.Hash), append(append([]string(nil), prefix...), tomlKey(e.k)), false)
	}
	for _, e := range tables {
		p := append(append([]string(nil), prefix...), tomlKey(e.k))
		for _, child := range e.v.(*v.Array).Elems() {
			t.printPrefix(p, true)
			ch, ok := child.(*v.Hash)
			if !ok {
				panic(fn.Errorf("undefined method `keys' for %s", inspect(child)+":"+class(child)))
			}
			s, n, tb := t.sortPairs(ch)
			t.dump(s, n, tb, p)
		}
	}
}

func (t *tomlDumper) printPrefix(prefix []string, extra bool) {
	p := strings.Join(prefix, ".")
	if extra {
		p = "[" + p + "]"
	}
	t.b.WriteString("[" + p + "]\n")
}

func tomlKey(k string) string {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return `"` + strings.ReplaceAll(k, `"`, `\"`) + `"`
		}
	}
	return k
}

func tomlValue(x v.Value) string {
	switch y := x.(type) {
	case *v.Regexp:
		return fn.RubyStringInspect(y.Inspect())
	case v.String:
		s := fn.RubyStringInspect(string(y))
		s = strings.ReplaceAll(s, `\#{`, "#{")
		s = strings.ReplaceAll(s, `\#$`, "#$")
		return strings.ReplaceAll(s, `\#@`, "#@")
	}
	return fn.RubyInspect(x)
}
