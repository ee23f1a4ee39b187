// Package yamlstrict finds what libyaml, and so Ruby's Psych, rejects in
// a YAML text that the YAML library pp2go parses with
// (go.yaml.in/yaml/v4) accepts: a mapping key left out before its ':'
// (a line that is only ": value"). Puppet's YAML (Hiera's data files,
// YAML.load in module Ruby) fails there; the library reads a null key.
package yamlstrict

import yaml "go.yaml.in/yaml/v4"

// Unmarshal parses src into doc as yaml.Unmarshal does, and fails where
// libyaml does beyond it (EmptyKey): the parse Puppet's YAML readers see.
func Unmarshal(src []byte, doc *yaml.Node) error {
	if err := yaml.Unmarshal(src, doc); err != nil {
		return err
	}
	if e := EmptyKey(src, doc); e != nil {
		return e
	}
	return nil
}

// EmptyKey is the error libyaml raises for the first implicit empty key
// of doc, parsed from src, in document order; nil when it has none. An
// explicit one (`? ` then `: value`) is valid YAML to libyaml too.
func EmptyKey(src []byte, doc *yaml.Node) *yaml.LoadError {
	lines := lineStarts(src)
	var walk func(n *yaml.Node) *yaml.LoadError
	walk = func(n *yaml.Node) *yaml.LoadError {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Kind == yaml.ScalarNode && k.Tag == "!!null" && k.Value == "" && k.Style == 0 && at(src, lines, k.Line, k.Column) == ':' {
					colon := yaml.Mark{Line: k.Line, Column: k.Column}
					if n.Style&yaml.FlowStyle != 0 {
						return &yaml.LoadError{Message: "did not find expected node content", ContextMsg: "while parsing a flow node", Mark: colon, ContextMark: colon}
					}
					return &yaml.LoadError{Message: "did not find expected key", ContextMsg: "while parsing a block mapping", Mark: colon,
						ContextMark: yaml.Mark{Line: n.Line, Column: n.Column}}
				}
				if e := walk(k); e != nil {
					return e
				}
				if e := walk(n.Content[i+1]); e != nil {
					return e
				}
			}
			return nil
		}
		for _, c := range n.Content {
			if e := walk(c); e != nil {
				return e
			}
		}
		return nil
	}
	return walk(doc)
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

// at is the byte of src at a 1-based line and column (0 when there is
// none); the column counts bytes of an ASCII line, which a ':' that
// starts a key's place has before it.
func at(src []byte, lines []int, line, column int) byte {
	if line < 1 || line > len(lines) || column < 1 {
		return 0
	}
	i := lines[line-1] + column - 1
	if i >= len(src) {
		return 0
	}
	return src[i]
}
