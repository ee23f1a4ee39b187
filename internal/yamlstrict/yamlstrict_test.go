package yamlstrict

import (
	"fmt"
	"testing"

	yaml "go.yaml.in/yaml/v4"
)

// The cases Ruby 3.1's Psych (libyaml 0.2.5) was asked about: its error,
// or none.
func TestEmptyKey(t *testing.T) {
	for src, want := range map[string]string{
		"---\nhunter: washere\ntests: passing\n:": "did not find expected key while parsing a block mapping 2:1",
		"a:\n  b: 1\n  : 2\n":                     "did not find expected key while parsing a block mapping 2:3",
		"{: 1}":                                   "did not find expected node content while parsing a flow node 1:2",
		"? \n: v\n":                               "",
		"a: 1\nb:\n":                              "",
		"- :\n":                                   "did not find expected key while parsing a block mapping 1:3",
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		got := ""
		if e := EmptyKey([]byte(src), &doc); e != nil {
			got = fmt.Sprintf("%s %s %d:%d", e.Message, e.ContextMsg, e.ContextMark.Line, e.ContextMark.Column)
		}
		if got != want {
			t.Errorf("%q: got %q, want %q", src, got, want)
		}
	}
}

// FuzzEmptyKey: any text the library parses is checked without a panic,
// and an error points at a ':'.
func FuzzEmptyKey(f *testing.F) {
	for _, s := range []string{"a: 1\n:", "{: 1}", "? \n: v", "a:\n  : 2", "- :\n", "x: [1, {: 2}]", "é: 1\n: 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var doc yaml.Node
		if yaml.Unmarshal([]byte(src), &doc) != nil {
			return
		}
		if e := EmptyKey([]byte(src), &doc); e != nil && at([]byte(src), lineStarts([]byte(src)), e.Mark.Line, e.Mark.Column) != ':' {
			t.Errorf("%q: %v does not point at a ':'", src, e.Mark)
		}
	})
}
