package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// referenceJSON decodes with encoding/json's token stream (the decoder
// decodeJSON replaced), to compare with.
func referenceJSON(b []byte) (values.Value, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	v, err := refValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	return v, nil
}

func refValue(d *json.Decoder) (values.Value, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch x := t.(type) {
	case json.Delim:
		switch x {
		case '{':
			b := values.NewHashBuilder(8)
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return nil, err
				}
				val, err := refValue(d)
				if err != nil {
					return nil, err
				}
				b.Put(values.String(kt.(string)), val)
			}
			_, err := d.Token()
			return b.Build(), err
		case '[':
			var elems []values.Value
			for d.More() {
				val, err := refValue(d)
				if err != nil {
					return nil, err
				}
				elems = append(elems, val)
			}
			_, err := d.Token()
			return values.NewArray(elems...), err
		}
	case string:
		return values.String(x), nil
	case json.Number:
		return number(string(x)), nil
	case bool:
		return values.BoolOf(x), nil
	case nil:
		return values.Undef, nil
	}
	return nil, io.ErrUnexpectedEOF
}

// show is a value with its types, to compare decodings exactly.
func show(v values.Value) string {
	switch x := v.(type) {
	case *values.Hash:
		s := "{"
		for i := 0; i < x.Len(); i++ {
			s += show(x.KeyAt(i)) + ":" + show(x.ValueAt(i)) + ","
		}
		return s + "}"
	case *values.Array:
		s := "["
		for _, e := range x.Elems() {
			s += show(e) + ","
		}
		return s + "]"
	}
	return values.TypeString(values.Infer(v)) + "(" + values.ToString(v) + ")"
}

func TestDecodeJSON(t *testing.T) {
	inputs := []string{
		`{}`, `[]`, ` { "a" : [ 1 , 2.5 , -3e2, 0, -0, 1E+2, 12345678901234567890 ] } `,
		`{"a":1,"b":{"c":[true,false,null,"x"]},"a":2}`,
		`"\u00e9\u4e2d\ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t"`,
		`"\ud800"`, `"\ud800\u0041"`, `"\udc00x"`, "\"bad \xff utf8 \xe2\x82\"", `"é ü"`,
		`[1,]`, `{"a" 1}`, `{"a":1,}`, `01`, `-`, `1.`, `1e`, `[1 2]`, `"\x"`, `"\u12"`, `"tab	in"`,
		`tru`, `nul`, `{"a":1} x`, ``, `   `, `[`, `{"a":`, `"open`,
	}
	files, _ := filepath.Glob("../../../shared/conformance/scenarios/*/nodes/*.json") // when ../shared is there
	more, _ := filepath.Glob("../../examples/hello/nodes/*.json")
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err == nil {
			inputs = append(inputs, string(b))
		}
	}
	for _, in := range inputs {
		want, werr := referenceJSON([]byte(in))
		got, gerr := decodeJSON([]byte(in))
		if (werr == nil) != (gerr == nil) {
			t.Errorf("%.60q: error %v, encoding/json's %v", in, gerr, werr)
			continue
		}
		if werr == nil && show(got) != show(want) {
			t.Errorf("%.60q: got %s, want %s", in, show(got), show(want))
		}
	}
}

// BenchmarkLoadFacts reads and decodes a node's facts (10 kB of facter
// JSON), as --facts-dir does for each node.
func BenchmarkLoadFacts(b *testing.B) {
	path := "../../examples/hello/nodes/web1.example.com.json"
	if _, err := os.Stat(path); err != nil {
		b.Skip(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadFacts(path); err != nil {
			b.Fatal(err)
		}
	}
}
