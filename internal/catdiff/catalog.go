// Package catdiff compares two Puppet catalogs, given as the JSON of
// Puppet's catalog format, the way octocatalog-diff compares them: resources
// added, removed and changed attribute by attribute, with the same built-in
// ignores (file and line, tags, Class resources, exported resources) and the
// same filters (--ignore, --ignore-attr, --ignore-tags,
// --validate-references). It knows nothing of how the catalogs were made.
package catdiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Catalog is the part of a catalog that a comparison reads.
type Catalog struct {
	Name      string
	Resources []*Resource
	Edges     []Edge // containment edges, as the catalog lists them
	Classes   []string
}

// Resource is one resource of a catalog.
type Resource struct {
	Type, Title string
	Tags        []string
	File        string
	Line        int
	Exported    bool
	Params      map[string]any
	// Attrs are the other attributes of the resource (kind,
	// sensitive_parameters, ...), compared as they are.
	Attrs map[string]any
}

// Ref is the resource's reference as Puppet writes it: Type[title].
func (r *Resource) Ref() string { return r.Type + "[" + r.Title + "]" }

// Parse reads a catalog's JSON. Numbers keep their text (json.Number) so
// that 1 and 1.0 stay different, as they are in Puppet.
func Parse(data []byte) (*Catalog, error) {
	var raw struct {
		Name      string           `json:"name"`
		Resources []map[string]any `json:"resources"`
		Edges     []struct {
			Source string `json:"source"`
			Target string `json:"target"`
		} `json:"edges"`
		Classes []string `json:"classes"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("not a catalog: %v", err)
	}
	if raw.Resources == nil {
		return nil, fmt.Errorf("not a catalog: no resources")
	}
	c := &Catalog{Name: raw.Name, Classes: raw.Classes}
	for i, m := range raw.Resources {
		r := &Resource{Attrs: map[string]any{}}
		for k, v := range m {
			var ok bool
			switch k {
			case "type":
				r.Type, ok = v.(string)
			case "title":
				r.Title, ok = v.(string)
			case "file":
				r.File, ok = v.(string)
			case "line":
				var n json.Number
				if n, ok = v.(json.Number); ok {
					line, err := n.Int64()
					ok = err == nil
					r.Line = int(line)
				}
			case "exported":
				r.Exported, ok = v.(bool)
			case "tags":
				r.Tags, ok = stringList(v)
			case "parameters":
				r.Params, ok = v.(map[string]any)
			default:
				r.Attrs[k], ok = v, true
			}
			if !ok && v != nil {
				return nil, fmt.Errorf("not a catalog: resource %d: %q is a %T", i+1, k, v)
			}
		}
		if r.Type == "" {
			return nil, fmt.Errorf("not a catalog: resource %d has no type", i+1)
		}
		c.Resources = append(c.Resources, r)
	}
	for _, e := range raw.Edges {
		c.Edges = append(c.Edges, Edge{Source: e.Source, Target: e.Target, Kind: Contains})
	}
	return c, nil
}

func stringList(v any) ([]string, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(a))
	for _, e := range a {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// Edge kinds. Relationship metaparameters become edges, so that a -> b is
// one edge whether written as before on a or require on b.
const (
	Contains = "contains" // the catalog's containment edges
	Before   = "before"   // ordering: before on the source, require on the target
	Notify   = "notify"   // ordering and refresh: notify on the source, subscribe on the target
)

// Edge is a relationship between two resources, named by their references.
type Edge struct {
	Source string `json:"source"`
	Target string `json:"target"`
	Kind   string `json:"kind"`
}

func (e Edge) String() string { return e.Source + " -> " + e.Target + " (" + e.Kind + ")" }

// relationParams are the metaparameters that make edges, with the edge's
// kind and whether the resource holding it is the edge's source.
var relationParams = []struct {
	name     string
	kind     string
	isSource bool
}{
	{"before", Before, true},
	{"require", Before, false},
	{"notify", Notify, true},
	{"subscribe", Notify, false},
}

func isRelationParam(name string) bool {
	for _, p := range relationParams {
		if p.name == name {
			return true
		}
	}
	return false
}

// refs are the references a relationship metaparameter holds: a string or
// an array of them.
func refs(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, refs(e)...)
		}
		return out
	}
	return nil
}

// edges are the catalog's containment edges and the edges its resources'
// relationship metaparameters make, without duplicates.
func (c *Catalog) edges() map[Edge]bool {
	out := map[Edge]bool{}
	for _, e := range c.Edges {
		out[e] = true
	}
	for _, r := range c.Resources {
		for _, p := range relationParams {
			for _, ref := range refs(r.Params[p.name]) {
				e := Edge{Source: r.Ref(), Target: ref, Kind: p.kind}
				if !p.isSource {
					e.Source, e.Target = ref, r.Ref()
				}
				out[e] = true
			}
		}
	}
	return out
}

// splitRef splits Type[title] into its type and title.
func splitRef(ref string) (typ, title string, ok bool) {
	i := strings.IndexByte(ref, '[')
	if i <= 0 || !strings.HasSuffix(ref, "]") {
		return "", "", false
	}
	return ref[:i], ref[i+1 : len(ref)-1], true
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
