// Package yamlstrict finds what libyaml, and so Ruby's Psych, rejects in
// a YAML text that the YAML library pp2go parses with
// (go.yaml.in/yaml/v4) accepts. Puppet's YAML (Hiera's data files,
// YAML.load in module Ruby) fails there; the library reads a value:
//   - a mapping key left out before its ':' (a line that is only
//     ": value"), which the library reads as a null key;
//   - a plain scalar that starts with ':' inside a flow collection
//     ("[::1]", "{a: :b}"): YAML 1.2 allows it, libyaml takes the ':' for
//     a value indicator there and finds no node before it.
//
// And it reads as libyaml does a '-' alone before a flow indicator ("[-]",
// "{a: -}": the string "-"), which the library rejects
// (unmarshalDashes), and a plain scalar that starts with '?' inside
// a flow collection ("[?a]"), which libyaml takes for a key indicator
// (flowKeys), and rejects a lone '?' there as libyaml does.
package yamlstrict

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v4"
)

// Unmarshal parses src into doc as yaml.Unmarshal does, and fails where
// libyaml does beyond it (Rejected): the parse Puppet's YAML readers see.
func Unmarshal(src []byte, doc *yaml.Node) error {
	src, quoted, err := unmarshalDashes(src, doc)
	if le := (*yaml.LoadError)(nil); errors.As(err, &le) {
		le.Mark, le.ContextMark = unquoted(le.Mark, quoted), unquoted(le.ContextMark, quoted)
	}
	if err != nil {
		return err
	}
	if e := Rejected(src, doc); e != nil {
		e.Mark, e.ContextMark = unquoted(e.Mark, quoted), unquoted(e.ContextMark, quoted)
		return e
	}
	flowKeys(src, doc)
	return nil
}

// flowKeys rewrites doc's plain scalars that start with "?" and a
// character that is not a space inside flow collections as libyaml reads
// them: the '?' a key indicator, the rest the key. A sequence's entry
// "?a" is the single-pair mapping {a: null}, and "?a: b" {a: b}; a
// mapping's key "?a" is "a". (A mapping's value, which libyaml rejects, is
// Rejected's; a lone "?" is left as the library reads it.)
func flowKeys(src []byte, doc *yaml.Node) {
	lines := lineStarts(src)
	// key reports whether n is such a scalar, and makes it the key
	key := func(n *yaml.Node) bool {
		if !flowKey(src, lines, n) {
			return false
		}
		n.Value, n.Column = n.Value[1:], n.Column+1
		return true
	}
	var walk func(n *yaml.Node, flow bool)
	walk = func(n *yaml.Node, flow bool) {
		flow = flow || (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle != 0
		for i, c := range n.Content {
			switch {
			case !flow:
			case n.Kind == yaml.SequenceNode && key(c):
				k := *c
				*c = yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Tag: "!!map", Line: k.Line, Column: k.Column - 1,
					Content: []*yaml.Node{&k, {Kind: yaml.ScalarNode, Tag: "!!null", Line: k.Line, Column: k.Column + len(k.Value)}}}
				continue
			case n.Kind == yaml.MappingNode && i%2 == 0:
				key(c)
			}
			walk(c, flow)
		}
	}
	walk(doc, false)
}

// flowKey reports whether n is a plain scalar that starts with "?" and a
// character that is not a space.
func flowKey(src []byte, lines []int, n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Style&^yaml.FlowStyle == 0 && len(n.Value) > 1 && n.Value[0] == '?' &&
		n.Value[1] != ' ' && at(src, lines, n.Line, n.Column) == '?'
}

// Rejected is the error libyaml raises for the first node of doc, parsed
// from src, in document order, that it rejects (the package's comment
// says which); nil when it has none. An explicit empty key (`? ` then
// `: value`) is valid YAML to libyaml too.
func Rejected(src []byte, doc *yaml.Node) *yaml.LoadError {
	lines := lineStarts(src)
	var walk func(n *yaml.Node, flow bool) *yaml.LoadError
	walk = func(n *yaml.Node, flow bool) *yaml.LoadError {
		if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
			flow = flow || n.Style&yaml.FlowStyle != 0
		}
		for i, c := range n.Content {
			key := n.Kind == yaml.MappingNode && i%2 == 0
			// a flow mapping's value that starts with a key indicator
			// (flowKeys), or is one, and a flow sequence's entry that is
			// one (libyaml's parser skips the token after it)
			lone := flow && c.Kind == yaml.ScalarNode && c.Style&^yaml.FlowStyle == 0 && c.Value == "?" && at(src, lines, c.Line, c.Column) == '?'
			if flow && !key && n.Kind == yaml.MappingNode && (lone || flowKey(src, lines, c)) {
				mark := yaml.Mark{Line: c.Line, Column: c.Column}
				return &yaml.LoadError{Message: "did not find expected node content", ContextMsg: "while parsing a flow node", Mark: mark, ContextMark: mark}
			}
			if lone && n.Kind == yaml.SequenceNode {
				return &yaml.LoadError{Message: "did not find expected ',' or ']'", ContextMsg: "while parsing a flow sequence",
					Mark: yaml.Mark{Line: c.Line, Column: c.Column + 1}, ContextMark: yaml.Mark{Line: n.Line, Column: n.Column}}
			}
			// a plain scalar (not an empty value, which the library puts
			// at its ':') that starts at a ':'
			if c.Kind == yaml.ScalarNode && c.Style&^yaml.FlowStyle == 0 && (key || c.Value != "") && at(src, lines, c.Line, c.Column) == ':' {
				mark := yaml.Mark{Line: c.Line, Column: c.Column}
				switch {
				case flow:
					// libyaml's scanner makes the ':' a value indicator,
					// and its parser finds no node where one starts
					return &yaml.LoadError{Message: "did not find expected node content", ContextMsg: "while parsing a flow node", Mark: mark, ContextMark: mark}
				case key && c.Tag == "!!null" && c.Value == "":
					return &yaml.LoadError{Message: "did not find expected key", ContextMsg: "while parsing a block mapping", Mark: mark,
						ContextMark: yaml.Mark{Line: n.Line, Column: n.Column}}
				}
			}
			if e := walk(c, flow); e != nil {
				return e
			}
		}
		return nil
	}
	return walk(doc, false)
}

// lineStarts are the offsets at which src's lines start.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// at is the byte of src at a 1-based line and column, which counts
// characters as libyaml's do (0 when there is none).
func at(src []byte, lines []int, line, column int) byte {
	if i := offset(src, lines, line, column); i >= 0 {
		return src[i]
	}
	return 0
}

// offset is the offset in src of a 1-based line and column (at), -1 when
// there is none.
func offset(src []byte, lines []int, line, column int) int {
	if line < 1 || line > len(lines) || column < 1 {
		return -1
	}
	i := lines[line-1]
	for ; column > 1 && i < len(src) && src[i] != '\n'; column-- {
		_, size := utf8.DecodeRune(src[i:])
		i += size
	}
	if column > 1 || i >= len(src) {
		return -1
	}
	return i
}

// unmarshalDashes is yaml.Unmarshal, reading a '-' that the library
// rejects ("found character that cannot start any token") where it stands
// alone before ',', ']' or '}' as libyaml does: a plain scalar "-". It
// returns the text parsed, which has such dashes quoted ('-'), and where
// they are in it.
func unmarshalDashes(src []byte, doc *yaml.Node) ([]byte, []yaml.Mark, error) {
	var quoted []yaml.Mark
	err := yaml.Unmarshal(src, doc)
	for range 64 {
		var le *yaml.LoadError
		if !errors.As(err, &le) || le.Message != "found character that cannot start any token" {
			break
		}
		i := offset(src, lineStarts(src), le.Mark.Line, le.Mark.Column)
		if i < 0 || i+1 >= len(src) || src[i] != '-' || !strings.ContainsRune(",]}", rune(src[i+1])) {
			break
		}
		src = slices.Concat(src[:i], []byte("'-'"), src[i+1:])
		quoted = append(quoted, yaml.Mark{Line: le.Mark.Line, Column: le.Mark.Column})
		*doc = yaml.Node{}
		err = yaml.Unmarshal(src, doc)
	}
	return src, quoted, err
}

// unquoted is a mark of the text unmarshalDashes parsed in the text it
// was given: two columns left for each dash it quoted before it on its
// line.
func unquoted(m yaml.Mark, quoted []yaml.Mark) yaml.Mark {
	col := m.Column
	for _, q := range quoted {
		if q.Line == m.Line && q.Column < m.Column {
			col -= 2
		}
	}
	m.Column = col
	return m
}
