package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

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
	// more strings than the decoder boxes at a time (boxRoom), keys and
	// values in turn
	var many strings.Builder
	many.WriteString(`{`)
	for i := 0; i < boxRoom+3; i++ {
		fmt.Fprintf(&many, `"k%d":"v%d",`, i, i)
	}
	many.WriteString(`"last":["a","b"]}`)
	inputs = append(inputs, many.String())
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

// TestDecodeJSONOwnsItsStrings: the values decodeJSON makes are not
// changed when the bytes it decoded are (a file's buffer, read again): its
// strings and keys, parts of its own copy of the text in a process's first
// compile (values.KeepsCopies), are the text's as it was.
func TestDecodeJSONOwnsItsStrings(t *testing.T) {
	b := []byte(`{"fqdn":"web1.example.com","networking":{"ip":"10.0.0.1"},"roles":["db","web"]}`)
	want := `{"fqdn":"web1.example.com","networking":{"ip":"10.0.0.1"},"roles":["db","web"]}`
	v, err := decodeJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	before := show(v)
	for i := range b {
		if b[i] >= 'a' && b[i] <= 'z' {
			b[i] = 'X'
		}
	}
	ref, err := referenceJSON([]byte(want))
	if err != nil {
		t.Fatal(err)
	}
	if got := show(v); got != before || got != show(ref) {
		t.Errorf("after the bytes changed: %s, decoded %s, want %s", got, before, show(ref))
	}
}

// TestFactsReader: a factsReader decodes each of a series of files as
// decodeJSON does, what it shares with the files before (entries of the
// same text, strings) included.
func TestFactsReader(t *testing.T) {
	docs := []string{
		`{"os":{"name":"Debian","release":{"major":"13"}},"ips":["10.0.0.1"],"n":1,"s":"a\u00e9"}`,
		`{"os":{"name":"Debian","release":{"major":"13"}},"ips":["10.0.0.1"],"n":1,"s":"a\u00e9"}`,
		// an entry changed deep inside, one longer, one shorter
		`{"os":{"name":"Debian","release":{"major":"12"}},"ips":["10.0.0.1","10.0.0.2"],"n":12,"s":"a"}`,
		`{"os":{"name":"Debian","release":{"major":"12"}},"ips":[],"n":1,"s":"ab"}`,
		// the same text as an entry before, with more after it
		`{"os":{"name":"Debian","release":{"major":"12"}}  ,"ips":[]}`,
		// a type changed, a key repeated, entries reordered
		`{"ips":"none","os":{"name":"Debian","release":{"major":"12"}},"os":{"name":"Ubuntu"}}`,
		// PuppetDB's form: "values"' entries are shared
		`{"name":"a.example.com","values":{"os":{"name":"Debian","release":{"major":"12"}},"ips":[]},"timestamp":"x"}`,
		`{"name":"b.example.com","values":{"os":{"name":"Debian","release":{"major":"12"}},"ips":["1"]},"timestamp":"y"}`,
		`{"name":"b.example.com","values":{"os":{"name":"Debian","release":{"major":"12"}},"ips":["1"],"values":{}}}`,
		`{"os":{"name":"Debian"`, // broken, then well again
		`{"os":{"name":"Debian","release":{"major":"12"}},"ips":["1"]}`,
		`{"os":{"name":"Debian","release":{"major":"12"}},"ips":["1"]} x`,
		// the same keys in the same order (a hash of ten has an index),
		// values changed, lengthened, shortened, spaced
		`{"a":1,"b":"x","c":[1],"d":{"e":1},"f":true,"g":null,"h":1.5,"i":"\u00e9","j":-1,"k":0}`,
		`{"a":12,"b":"x","c":[1,2],"d":{"e":1},"f":true,"g":null,"h":1.5e3,"i":"\u00e9","j":-1,"k":0}`,
		`{"a":1,"b":"xy","c":[1],"d":{"e":2},"f":false,"g":null,"h":1,"i":"é","j":-1 ,"k" : 0 }`,
		`{"a":1,"b":"xy","c":[1],"d":{"e":2},"f":false,"g":null,"h":1,"i":"é","j":-1,"k":0}`,
		// a key a prefix of the last file's, one left out, one added
		`{"a":1,"bb":"xy","c":[1],"d":{"e":2},"f":false,"g":null,"h":1,"i":"é","j":-1,"k":0}`,
		`{"a":1,"bb":"xy","c":[1],"d":{"e":2},"f":false,"g":null,"h":1,"i":"é","j":-1}`,
		`{"a":1,"bb":"xy","c":[1],"d":{"e":2},"f":false,"g":null,"h":1,"i":"é","j":-1,"k":0,"l":1}`,
		// a key repeated, in the same place in two files
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"a":9,"i":10}`,
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"a":10,"i":10}`,
		// the same keys in PuppetDB's form
		`{"name":"a","values":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}}`,
		`{"name":"b","values":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":10}}`,
		`{"name":"b","values":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":10} }`,
	}
	var r factsReader
	path := filepath.Join(t.TempDir(), "node.json")
	for _, doc := range docs {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		got, gd, gerr := r.load(path)
		want, wd, werr := readFacts(path)
		if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Errorf("%s: error %v, LoadFacts' %v", doc, gerr, werr)
			continue
		}
		if gerr == nil && show(got) != show(want) {
			t.Errorf("%s: got %s, want %s", doc, show(got), show(want))
		}
		// each key finds its value (a hash of the last file's keys has
		// their index)
		for i := 0; gerr == nil && i < want.Len(); i++ {
			if v, ok := got.Get(want.KeyAt(i)); !ok || show(v) != show(want.ValueAt(i)) {
				t.Errorf("%s: %s is %s, want %s", doc, show(want.KeyAt(i)), show(v), show(want.ValueAt(i)))
			}
		}
		// the facts' digest, in the catalog's UUID, is the file's bytes'
		if sum := sha256.Sum256([]byte(doc)); gerr == nil && (gd != string(sum[:]) || wd != gd) {
			t.Errorf("%s: digests %x and %x, want the file's SHA-256 %x", doc, gd, wd, sum)
		}
	}
	// the second file's entries are the first's
	a, _ := decodeJSON([]byte(docs[0]))
	os.WriteFile(path, []byte(docs[0]), 0o644)
	x, _, _ := r.load(path)
	y, _, _ := r.load(path)
	xo, _ := x.GetString("os")
	yo, _ := y.GetString("os")
	if xo != yo {
		t.Errorf("the same entry twice is two values")
	}
	if show(x) != show(a) {
		t.Errorf("got %s, want %s", show(x), show(a))
	}
}

// TestDecodeFacts: a server's requests' facts decode as decodeJSON
// decodes them, and a request's entries of the same text as an earlier
// request's are that request's values (factsReaders): one at a time, the
// server's requests share one reader.
func TestDecodeFacts(t *testing.T) {
	a := `{"name":"a.example.com","values":{"os":{"family":"Debian"},"ip":"10.0.0.1"},"timestamp":"x"}`
	b := `{"name":"b.example.com","values":{"os":{"family":"Debian"},"ip":"10.0.0.2"},"timestamp":"y"}`
	var got []*values.Hash
	for _, doc := range []string{a, b} {
		v, err := decodeFacts([]byte(doc))
		require.NoError(t, err)
		want, _ := decodeJSON([]byte(doc))
		require.Equal(t, show(want), show(v))
		vals, _ := v.(*values.Hash).GetString("values")
		got = append(got, vals.(*values.Hash))
	}
	osA, _ := got[0].GetString("os")
	osB, _ := got[1].GetString("os")
	require.Same(t, osA.(*values.Hash), osB.(*values.Hash), "the second request's os fact is not the first's")
	_, err := decodeFacts([]byte(`{"name":`))
	require.Error(t, err)
}

// BenchmarkFactsReader reads a node's facts file again and again, as
// --facts-dir does for nodes of the same facts.
func BenchmarkFactsReader(b *testing.B) {
	path := "../../examples/hello/nodes/web1.example.com.json"
	if _, err := os.Stat(path); err != nil {
		b.Skip(err)
	}
	var r factsReader
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := r.load(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFactsReaderFleet reads the facts files of 20 nodes in turn, as
// --facts-dir does for a fleet: the same facts but for each node's name
// and address.
func BenchmarkFactsReaderFleet(b *testing.B) {
	text, err := os.ReadFile("../../examples/hello/nodes/web1.example.com.json")
	if err != nil {
		b.Skip(err)
	}
	dir := b.TempDir()
	var paths []string
	for i := range 20 {
		t := strings.ReplaceAll(string(text), "web1", fmt.Sprint("web", i+1))
		t = strings.ReplaceAll(t, "192.0.2.20", fmt.Sprintf("192.0.2.%d", 20+i))
		paths = append(paths, filepath.Join(dir, fmt.Sprint(i, ".json")))
		if err := os.WriteFile(paths[i], []byte(t), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var r factsReader
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, _, err := r.load(paths[i%len(paths)]); err != nil {
			b.Fatal(err)
		}
		i++
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

// TestPlainEnd checks the eight-bytes-at-a-time scan against JSON's rule
// for a string's characters, read one byte at a time: every byte value
// at every place of a run, after plain runs of every length, and with
// bytes that flag neither test above and below it.
func TestPlainEnd(t *testing.T) {
	slow := func(s string, i int) int {
		for ; i < len(s); i++ {
			if c := s[i]; c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
				return i
			}
		}
		return i
	}
	for c := 0; c < 256; c++ {
		for n := 0; n < 20; n++ {
			for _, fill := range []byte{'a', ' ', '!', '#', '[', ']', 0x7f} {
				b := []byte(strings.Repeat(string(fill), 24))
				b[n] = byte(c)
				s := string(b)
				for from := 0; from <= n; from++ {
					if got, want := plainEnd(s, from), slow(s, from); got != want {
						t.Fatalf("plainEnd(%q, %d) = %d, want %d", s, from, got, want)
					}
				}
			}
		}
	}
	// two flagged bytes: the first is the end, whatever the second
	for _, s := range []string{"abc\x1f\"defghij", "abcdefg\x00\xff", "\x80\x00", "abcdefgh\\\"", "ab\"\\cdefgh"} {
		if got, want := plainEnd(s, 0), slow(s, 0); got != want {
			t.Errorf("plainEnd(%q, 0) = %d, want %d", s, got, want)
		}
	}
}
