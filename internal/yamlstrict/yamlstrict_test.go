package yamlstrict

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	yaml "go.yaml.in/yaml/v4"
)

// The cases Ruby 3.1's Psych (libyaml 0.2.5) was asked about: its error
// (message, context, and the line and column of its context mark, which
// Psych prints), or none.
func TestRejected(t *testing.T) {
	const flowNode = "did not find expected node content while parsing a flow node "
	for src, want := range map[string]string{
		"---\nhunter: washere\ntests: passing\n:": "did not find expected key while parsing a block mapping 2:1",
		"a:\n  b: 1\n  : 2\n":                     "did not find expected key while parsing a block mapping 2:3",
		"{: 1}":                                   flowNode + "1:2",
		"? \n: v\n":                               "",
		"a: 1\nb:\n":                              "",
		"- :\n":                                   "did not find expected key while parsing a block mapping 1:3",
		// a plain scalar that starts with ':' in a flow collection
		"[::1]":                flowNode + "1:2",
		"{a: :b}":              flowNode + "1:5",
		"a: [:b]":              flowNode + "1:5",
		"[a, :b]":              flowNode + "1:5",
		"a: [ :b ]":            flowNode + "1:6",
		"[ :b: c]":             flowNode + "1:3",
		"a: {b: [c, {d: :e}]}": flowNode + "1:16",
		"[a, b: :c]":           flowNode + "1:8",
		"{:a: b}":              flowNode + "1:2",
		"[[:a]]":               flowNode + "1:3",
		"[ : b]":               flowNode + "1:3",
		"[é, :b]":              flowNode + "1:5",
		"a: [x,\n  :y]":        flowNode + "2:3",
		"{\"a\"::b}":           flowNode + "1:6",
		// '?' in a flow collection: a key indicator
		"{a: ?b}":      flowNode + "1:5",
		"{a: ?}":       flowNode + "1:5",
		"x: [a, ?]":    "did not find expected ',' or ']' while parsing a flow sequence 1:4",
		"[[[]], ?, b]": "did not find expected ',' or ']' while parsing a flow sequence 1:1",
		// and what libyaml reads as pp2go's library does
		"- ::1\n":         "",
		"a: ::1\n":        "",
		"[\":a\"]":        "",
		"[a :b]":          "",
		"[a:b]":           "",
		"{a: }":           "",
		"[a: ]":           "",
		"{\"a\":}":        "",
		"[a, b:\n  ]":     "",
		"{a: , b: c}":     "",
		"{\"a\":1}":       "",
		"a: \"x\" # [:y]": "",
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		got := ""
		if e := Rejected([]byte(src), &doc); e != nil {
			got = fmt.Sprintf("%s %s %d:%d", e.Message, e.ContextMsg, e.ContextMark.Line, e.ContextMark.Column)
		}
		if got != want {
			t.Errorf("%q: got %q, want %q", src, got, want)
		}
	}
}

// Unmarshal reads a '-' alone before a flow indicator as libyaml does,
// and reports errors at the places of the text it was given. The errors
// are Ruby 3.1's Psych's.
func TestUnmarshalDashes(t *testing.T) {
	for src, want := range map[string]string{
		"[-]":           `["-"]`,
		"[-,a]":         `["-","a"]`,
		"{a: -}":        `{"a":"-"}`,
		"{a: -, b: ?c}": "did not find expected node content while parsing a flow node 1:11",
		"[-, -, :x]":    "did not find expected node content while parsing a flow node 1:8",
		"[-, @x]":       "found character that cannot start any token while scanning for the next token 1:5",
	} {
		var doc yaml.Node
		got := ""
		if err := Unmarshal([]byte(src), &doc); err != nil {
			var le *yaml.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("%q: %v", src, err)
			}
			m := le.Mark
			if le.ContextMsg != "" {
				m = le.ContextMark
			}
			got = fmt.Sprintf("%s %s %d:%d", le.Message, le.ContextMsg, m.Line, m.Column)
			if le.ContextMsg == "" {
				got = fmt.Sprintf("%s while scanning for the next token %d:%d", le.Message, m.Line, m.Column)
			}
		} else {
			var v any
			if err := doc.Decode(&v); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(v)
			got = string(b)
		}
		if got != want {
			t.Errorf("%q: got %s, want %s", src, got, want)
		}
	}
}

// FuzzRejected: any text the library parses is checked without a panic,
// and an error points at a ':'.
func FuzzRejected(f *testing.F) {
	for _, s := range []string{"a: 1\n:", "{: 1}", "? \n: v", "a:\n  : 2", "- :\n", "x: [1, {: 2}]", "é: 1\n: 2", "[::1]", "{a: [é, :b]}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var doc yaml.Node
		if yaml.Unmarshal([]byte(src), &doc) != nil {
			return
		}
		var again yaml.Node
		Unmarshal([]byte(src), &again) // no panic
		if e := Rejected([]byte(src), &doc); e != nil && at([]byte(src), lineStarts([]byte(src)), e.Mark.Line, e.Mark.Column) != ':' {
			t.Errorf("%q: %v does not point at a ':'", src, e.Mark)
		}
	})
}
