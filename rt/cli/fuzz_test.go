package cli

import (
	"fmt"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// FuzzDecodeJSON: the facts decoder accepts what encoding/json accepts and
// gives the same values (referenceJSON), alone (decodeJSON) and as a
// reader of a fleet's facts decodes a document after others, sharing the
// entries of the same text (factsReader): the document is decoded after
// a seed's, then again after itself.
func FuzzDecodeJSON(f *testing.F) {
	seeds := []string{
		`{}`, `[]`, ` { "a" : [ 1 , 2.5 , -3e2, 0, -0, 1E+2, 12345678901234567890 ] } `,
		`{"a":1,"b":{"c":[true,false,null,"x"]},"a":2}`,
		`"\u00e9\u4e2d\ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t"`, `"\ud800\u0041"`, "\"bad \xff utf8\"",
		`{"os":{"name":"Debian","release":{"major":"13"}},"ips":["10.0.0.1"],"n":1,"s":"a\u00e9"}`,
		`{"name":"a.example.com","values":{"os":{"name":"Debian","release":{"major":"12"}},"ips":[]},"timestamp":"x"}`,
		`{"a":1,"b":"x","c":[1],"d":{"e":1},"f":true,"g":null,"h":1.5,"i":"\u00e9","j":-1,"k":0}`,
		`[1,]`, `{"a" 1}`, `01`, `1.`, `"\u12"`, `{"a":1} x`, ``, `{"a":`,
	}
	for _, s := range seeds {
		f.Add([]byte(s), []byte(seeds[len(s)%len(seeds)]))
	}
	f.Fuzz(func(t *testing.T, doc, before []byte) {
		want, werr := referenceJSON(doc)
		same := func(how string, got values.Value, gerr error) {
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s %q: error %v, encoding/json's %v", how, doc, gerr, werr)
			}
			if werr == nil && show(got) != show(want) {
				t.Fatalf("%s %q: got %s, want %s", how, doc, show(got), show(want))
			}
		}
		got, gerr := decodeJSON(doc)
		same("decodeJSON", got, gerr)
		var r factsReader
		r.decode(before)
		got, gerr = r.decode(doc)
		same(fmt.Sprintf("factsReader after %q:", before), got, gerr)
		got, gerr = r.decode(doc)
		same("factsReader after itself:", got, gerr)
	})
}
