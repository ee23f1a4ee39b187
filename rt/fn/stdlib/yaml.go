package stdlib

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/psych"
	v "github.com/pp2go/pp2go/rt/values"
	"go.yaml.in/yaml/v3"
)

// PsychDump is data.to_yaml.
func PsychDump(x v.Value) string { return psych.Dump(x) }

// PsychLoad is YAML.load(s): YAML 1.1 scalars as Psych resolves them.
func PsychLoad(s string) (v.Value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(s), &doc); err != nil {
		return nil, fn.Errorf("%s", psychError(err))
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return v.False, nil // YAML.load('') is false
	}
	return yamlNode(doc.Content[0])
}

func psychError(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	return "(<unknown>): " + msg
}

func yamlNode(n *yaml.Node) (v.Value, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return v.Undef, nil
		}
		return yamlNode(n.Content[0])
	case yaml.AliasNode:
		// Psych 4's YAML.load is safe_load: aliases are refused
		return nil, fn.Errorf("Unknown alias: %s", n.Value)
	case yaml.SequenceNode:
		out := make([]v.Value, len(n.Content))
		for i, c := range n.Content {
			x, err := yamlNode(c)
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return arr(out...), nil
	case yaml.MappingNode:
		b := v.NewHashBuilder(len(n.Content) / 2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn, vn := n.Content[i], n.Content[i+1]
			if kn.Kind == yaml.ScalarNode && kn.Tag == "!!merge" {
				m, err := yamlNode(vn)
				if err != nil {
					return nil, err
				}
				for _, mh := range mergeSources(m) {
					for j := 0; j < mh.Len(); j++ {
						b.Put(mh.KeyAt(j), mh.ValueAt(j))
					}
				}
				continue
			}
			k, err := yamlNode(kn)
			if err != nil {
				return nil, err
			}
			val, err := yamlNode(vn)
			if err != nil {
				return nil, err
			}
			b.Put(k, val)
		}
		return b.Build(), nil
	case yaml.ScalarNode:
		if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			return v.String(n.Value), nil
		}
		switch n.Tag {
		case "!!str":
			if strings.HasPrefix(n.ShortTag(), "!!") && n.Style&yaml.TaggedStyle != 0 {
				return v.String(n.Value), nil
			}
		case "!!binary":
			return v.String(base64Lenient(n.Value)), nil
		}
		if n.Style&yaml.TaggedStyle != 0 {
			switch n.ShortTag() {
			case "!!str":
				return v.String(n.Value), nil
			case "!!int":
				i, ok := fn.RubyInteger(strings.NewReplacer(",", "", "_", "").Replace(n.Value))
				if ok && i.IsInt64() {
					return v.Int(i.Int64()), nil
				}
			case "!!float":
				if f, ok := rubyFloatConv(n.Value); ok {
					return v.Float(f), nil
				}
			}
		}
		switch {
		case psych.IsTime(n.Value):
			return nil, fn.Errorf("Tried to load unspecified class: Time")
		case psych.IsDate(n.Value):
			return nil, fn.Errorf("Tried to load unspecified class: Date")
		}
		return psych.Tokenize(n.Value), nil
	}
	return v.Undef, nil
}

func mergeSources(m v.Value) []*v.Hash {
	switch x := m.(type) {
	case *v.Hash:
		return []*v.Hash{x}
	case *v.Array:
		var out []*v.Hash
		for _, e := range x.Elems() {
			if h, ok := e.(*v.Hash); ok {
				out = append(out, h)
			}
		}
		return out
	}
	return nil
}
