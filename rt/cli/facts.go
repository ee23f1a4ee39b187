package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/rt/values"
)

// LoadFacts reads a facts file: what `facter --json` prints (a hash), or
// PuppetDB's and `puppet facts`' {"name": .., "values": {..}} form; JSON, or
// YAML for files named .yaml or .yml. Key order is kept, as Puppet keeps it.
func LoadFacts(path string) (*values.Hash, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v values.Value
	if strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") {
		v, err = decodeYAML(b)
	} else {
		v, err = decodeJSON(b)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	h, ok := v.(*values.Hash)
	if !ok {
		return nil, fmt.Errorf("facts file %s does not contain a hash", path)
	}
	if inner, ok := h.GetString("values"); ok {
		if ih, ok := inner.(*values.Hash); ok {
			h = ih
		}
	}
	return h, nil
}

// decodeJSON decodes JSON into Puppet values, keeping the order of keys.
func decodeJSON(b []byte) (values.Value, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	v, err := jsonValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, nil
}

func jsonValue(d *json.Decoder) (values.Value, error) {
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
				val, err := jsonValue(d)
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
				val, err := jsonValue(d)
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
	return nil, fmt.Errorf("unexpected JSON token %v", t)
}

// number is a JSON number as Ruby's JSON parser reads it: an Integer
// unless it has a fraction or an exponent.
func number(s string) values.Value {
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return values.Int(n)
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return values.Float(math.Inf(1))
	}
	return values.Float(f)
}

// decodeYAML decodes YAML into Puppet values, keeping the order of keys.
func decodeYAML(b []byte) (values.Value, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return nil, err
	}
	if len(n.Content) == 0 {
		return values.Undef, nil
	}
	return yamlValue(n.Content[0])
}

func yamlValue(n *yaml.Node) (values.Value, error) {
	switch n.Kind {
	case yaml.AliasNode:
		return yamlValue(n.Alias)
	case yaml.MappingNode:
		b := values.NewHashBuilder(len(n.Content) / 2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, err := yamlValue(n.Content[i])
			if err != nil {
				return nil, err
			}
			val, err := yamlValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			b.Put(k, val)
		}
		return b.Build(), nil
	case yaml.SequenceNode:
		elems := make([]values.Value, len(n.Content))
		for i, c := range n.Content {
			v, err := yamlValue(c)
			if err != nil {
				return nil, err
			}
			elems[i] = v
		}
		return values.NewArray(elems...), nil
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return values.Undef, nil
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return nil, err
			}
			return values.BoolOf(b), nil
		case "!!int":
			var i int64
			if err := n.Decode(&i); err != nil {
				return nil, err
			}
			return values.Int(i), nil
		case "!!float":
			var f float64
			if err := n.Decode(&f); err != nil {
				return nil, err
			}
			return values.Float(f), nil
		}
		return values.String(n.Value), nil
	}
	return values.Undef, nil
}
