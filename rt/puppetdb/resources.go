package puppetdb

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

// ResourceQuery is the query the terminus makes for an exported collector
// (Puppet::Resource::Puppetdb#search): the type's exported resources of
// nodes other than node, and the collector's query.
func ResourceQuery(node, typeName string, q *rt.QueryExpr) ([]any, error) {
	expr := []any{"and",
		[]any{"=", "type", typeName},
		[]any{"=", "exported", true},
		[]any{"not", []any{"=", "certname", node}}}
	if q != nil {
		f, err := filter(q)
		if err != nil {
			return nil, err
		}
		expr = append(expr, f)
	}
	return expr, nil
}

// filter is build_expression: == and != on title, tag (lower-cased) or a
// parameter, joined by and, or.
func filter(q *rt.QueryExpr) (any, error) {
	switch q.Op {
	case "and", "or":
		l, err := filter(q.Left)
		if err != nil {
			return nil, err
		}
		r, err := filter(q.Right)
		if err != nil {
			return nil, err
		}
		return []any{q.Op, l, r}, nil
	case "==", "!=":
		v, err := wireValue(q.Value)
		if err != nil {
			return nil, err
		}
		var e []any
		switch q.Name {
		case "tag":
			s, ok := v.(string)
			if !ok {
				// value.downcase on anything else than a String
				return nil, fmt.Errorf("undefined method `downcase' for %s", values.TypeString(values.Generalize(values.Infer(q.Value))))
			}
			e = []any{"=", "tag", strings.ToLower(s)}
		case "title":
			e = []any{"=", "title", v}
		default:
			e = []any{"=", []any{"parameter", q.Name}, v}
		}
		if q.Op == "!=" {
			return []any{"not", e}, nil
		}
		return e, nil
	}
	return nil, fmt.Errorf("Operator %s not supported", q.Op)
}

// wireValue is a Puppet value as JSON data.
func wireValue(v values.Value) (any, error) {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return nil, nil
	case values.String:
		return string(x), nil
	case values.Int:
		return int64(x), nil
	case values.Float:
		return float64(x), nil
	case values.Bool:
		return bool(x), nil
	case *values.Array:
		out := make([]any, 0, x.Len())
		for _, e := range x.Elems() {
			w, err := wireValue(e)
			if err != nil {
				return nil, err
			}
			out = append(out, w)
		}
		return out, nil
	}
	return values.ToString(v), nil
}

// Source is the rt.ExportedSource of a client: Program.Exported.
func (c *Client) Source() rt.ExportedSource {
	return func(node, typeName string, q *rt.QueryExpr) ([]rt.ExportedResource, error) {
		return c.Resources(node, typeName, q)
	}
}

// Resources finds the exported resources a collector of node collects.
// Errors have the terminus's text.
func (c *Client) Resources(node, typeName string, q *rt.QueryExpr) ([]rt.ExportedResource, error) {
	expr, err := ResourceQuery(node, typeName, q)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(expr)
	if err != nil {
		return nil, err
	}
	suffix := "/pdb/query/v4/resources?query=" + queryEscape(string(b))
	r, last, err := c.failover(suffix, newGet)
	if err == nil && !r.success() {
		err = fmt.Errorf("%s", r.errorText())
	}
	if err != nil {
		return nil, fmt.Errorf("Could not retrieve resources from the PuppetDB at %s: %v", hostPort(last), err)
	}
	var found []struct {
		Certname   string          `json:"certname"`
		Type       string          `json:"type"`
		Title      string          `json:"title"`
		Parameters json.RawMessage `json:"parameters"`
	}
	if err := json.Unmarshal(r.body, &found); err != nil {
		return nil, fmt.Errorf("PuppetDB's answer to a resource query: %w", err)
	}
	out := make([]rt.ExportedResource, 0, len(found))
	for _, f := range found {
		res := rt.ExportedResource{Certname: f.Certname, Type: f.Type, Title: f.Title}
		if len(f.Parameters) > 0 && string(f.Parameters) != "null" {
			params, err := decodeValue(json.NewDecoder(strings.NewReader(string(f.Parameters))))
			if err != nil {
				return nil, fmt.Errorf("PuppetDB's answer to a resource query: %w", err)
			}
			if h, ok := params.(*values.Hash); ok {
				for i := 0; i < h.Len(); i++ {
					res.Params = append(res.Params, rt.ExportedParam{Name: values.ToString(h.KeyAt(i)), Value: h.ValueAt(i)})
				}
			}
		}
		out = append(out, res)
	}
	return out, nil
}

// decodeValue reads a JSON value as Puppet values, hashes in the order of
// their keys, integers as Integer.
func decodeValue(d *json.Decoder) (values.Value, error) {
	d.UseNumber()
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			h := values.NewHashBuilder(0)
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(d)
				if err != nil {
					return nil, err
				}
				h.Put(values.String(k.(string)), v)
			}
			_, err := d.Token()
			return h.Build(), err
		case '[':
			var elems []values.Value
			for d.More() {
				v, err := decodeValue(d)
				if err != nil {
					return nil, err
				}
				elems = append(elems, v)
			}
			_, err := d.Token()
			return values.NewArray(elems...), err
		}
	case string:
		return values.String(t), nil
	case bool:
		return values.BoolOf(t), nil
	case nil:
		return values.Undef, nil
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return values.Int(i), nil
		}
		f, err := t.Float64()
		if err != nil || math.IsInf(f, 0) {
			return nil, fmt.Errorf("bad number %s", t)
		}
		return values.Float(f), nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}
