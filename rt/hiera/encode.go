package hiera

import (
	"math"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Data files are compiled into generated programs in a compact text
// encoding (smaller and much faster to compile than Go composite literals,
// decoded when a lookup first reads the file). The encoding is a prefix
// notation over the values Hiera data holds:
//
//	n            undef
//	t f          true, false
//	i<digits>;   Integer
//	d<float>;    Float (strconv 'g', or inf, -inf, nan)
//	s<len>:<bytes>   String
//	a<count>:<elems> Array
//	h<count>:<key><value>... Hash
//
// Strings stay verbatim, so generated code remains greppable.

// EncodeValue encodes a data value.
func EncodeValue(v values.Value) string {
	var b strings.Builder
	encode(&b, v)
	return b.String()
}

func encode(b *strings.Builder, v values.Value) {
	switch x := v.(type) {
	case nil, values.UndefValue:
		b.WriteByte('n')
	case values.Bool:
		if x {
			b.WriteByte('t')
		} else {
			b.WriteByte('f')
		}
	case values.Int:
		b.WriteByte('i')
		b.WriteString(strconv.FormatInt(int64(x), 10))
		b.WriteByte(';')
	case values.Float:
		b.WriteByte('d')
		f := float64(x)
		switch {
		case math.IsInf(f, 1):
			b.WriteString("inf")
		case math.IsInf(f, -1):
			b.WriteString("-inf")
		case math.IsNaN(f):
			b.WriteString("nan")
		default:
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
		}
		b.WriteByte(';')
	case values.String:
		b.WriteByte('s')
		b.WriteString(strconv.Itoa(len(x)))
		b.WriteByte(':')
		b.WriteString(string(x))
	case *values.Array:
		b.WriteByte('a')
		b.WriteString(strconv.Itoa(x.Len()))
		b.WriteByte(':')
		for _, e := range x.Elems() {
			encode(b, e)
		}
	case *values.Hash:
		b.WriteByte('h')
		b.WriteString(strconv.Itoa(x.Len()))
		b.WriteByte(':')
		for i := 0; i < x.Len(); i++ {
			encode(b, x.KeyAt(i))
			encode(b, x.ValueAt(i))
		}
	default:
		panic("hiera: cannot encode a " + values.TypeString(values.Infer(v)))
	}
}

// DecodeValue decodes what EncodeValue produced; it panics on malformed
// input (generated code is trusted).
func DecodeValue(s string) values.Value {
	d := decoder{s: s}
	v := d.value()
	if d.pos != len(s) {
		panic("hiera: trailing data in encoded value")
	}
	return v
}

type decoder struct {
	s   string
	pos int
}

func (d *decoder) until(c byte) string {
	i := strings.IndexByte(d.s[d.pos:], c)
	if i < 0 {
		panic("hiera: malformed encoded value")
	}
	t := d.s[d.pos : d.pos+i]
	d.pos += i + 1
	return t
}

func (d *decoder) count() int {
	n, err := strconv.Atoi(d.until(':'))
	if err != nil {
		panic("hiera: malformed encoded value")
	}
	return n
}

func (d *decoder) value() values.Value {
	c := d.s[d.pos]
	d.pos++
	switch c {
	case 'n':
		return values.Undef
	case 't':
		return values.True
	case 'f':
		return values.False
	case 'i':
		n, err := strconv.ParseInt(d.until(';'), 10, 64)
		if err != nil {
			panic("hiera: malformed encoded integer")
		}
		return values.Int(n)
	case 'd':
		t := d.until(';')
		switch t {
		case "inf":
			return values.Float(math.Inf(1))
		case "-inf":
			return values.Float(math.Inf(-1))
		case "nan":
			return values.Float(math.NaN())
		}
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			panic("hiera: malformed encoded float")
		}
		return values.Float(f)
	case 's':
		n := d.count()
		v := values.String(d.s[d.pos : d.pos+n])
		d.pos += n
		return v
	case 'a':
		n := d.count()
		elems := make([]values.Value, n)
		for i := range elems {
			elems[i] = d.value()
		}
		return values.NewArray(elems...)
	case 'h':
		n := d.count()
		b := values.NewHashBuilder(n)
		for i := 0; i < n; i++ {
			k := d.value()
			b.Put(k, d.value())
		}
		return b.Build()
	}
	panic("hiera: malformed encoded value")
}
