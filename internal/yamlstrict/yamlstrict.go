// Package yamlstrict finds what libyaml, and so Ruby's Psych, rejects in
// a YAML text that the YAML library pp2go parses with
// (go.yaml.in/yaml/v4) accepts. Puppet's YAML (Hiera's data files,
// YAML.load in module Ruby) fails there; the library reads a value:
//   - a mapping key left out before its ':' (a line that is only
//     ": value"), which the library reads as a null key;
//   - a plain scalar that starts with ':' inside a flow collection
//     ("[::1]", "{a: :b}"): YAML 1.2 allows it, libyaml takes the ':' for
//     a value indicator there and finds no node before it.
package yamlstrict

import (
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v4"
)

// Unmarshal parses src into doc as yaml.Unmarshal does, and fails where
// libyaml does beyond it (Rejected): the parse Puppet's YAML readers see.
func Unmarshal(src []byte, doc *yaml.Node) error {
	if err := yaml.Unmarshal(src, doc); err != nil {
		return err
	}
	if e := Rejected(src, doc); e != nil {
		return e
	}
	return nil
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
	if line < 1 || line > len(lines) || column < 1 {
		return 0
	}
	i := lines[line-1]
	for ; column > 1 && i < len(src) && src[i] != '\n'; column-- {
		_, size := utf8.DecodeRune(src[i:])
		i += size
	}
	if column > 1 || i >= len(src) {
		return 0
	}
	return src[i]
}
