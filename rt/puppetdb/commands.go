package puppetdb

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"github.com/pp2go/pp2go/rt/values"
)

// The commands and versions the terminus submits.
const (
	CommandReplaceFacts   = "replace facts"
	CommandReplaceCatalog = "replace catalog"
	CommandStoreReport    = "store report"
	VersionReplaceFacts   = 5
	VersionReplaceCatalog = 9
	VersionStoreReport    = 8
)

// Stored says who stored a node's data, and when (the commands' common
// fields).
type Stored struct {
	Environment string
	// Producer is the compiling server's certname (Puppet's
	// node_name_value).
	Producer string
	// ProducerTimestamp is when the data was produced.
	ProducerTimestamp time.Time
	// TransactionUUID is the agent's run's (a catalog request's
	// transaction_uuid); a new random one when empty.
	TransactionUUID string
	// JobID is the orchestrator's job id, or "".
	JobID string
}

// FactsPayload is the payload of replace facts v5 (Facts::Puppetdb#save):
// the node's facts with $trusted added as the fact "trusted", and without
// the package inventory fact, which goes to package_inventory.
func FactsPayload(certname string, facts, trusted *values.Hash, s Stored) map[string]any {
	vals := map[string]any{}
	var inventory any
	if facts != nil {
		for i := 0; i < facts.Len(); i++ {
			k := values.ToString(facts.KeyAt(i))
			v := Data(facts.ValueAt(i))
			if k == "_puppet_inventory_1" {
				if m, ok := v.(map[string]any); ok {
					inventory = m["packages"]
				}
				continue
			}
			vals[k] = v
		}
	}
	if trusted != nil {
		vals["trusted"] = Data(trusted)
	}
	p := map[string]any{
		"certname":           certname,
		"values":             vals,
		"environment":        s.Environment,
		"producer_timestamp": WireTime(s.ProducerTimestamp),
		"producer":           s.Producer,
	}
	if inventory != nil {
		p["package_inventory"] = inventory
	}
	return p
}

// Data is a Puppet value as JSON data (rich values as their strings, as
// the terminus's stringify_rich does).
func Data(v values.Value) any {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return nil
	case values.String:
		return string(x)
	case values.Int:
		return int64(x)
	case values.Float:
		return float64(x)
	case values.Bool:
		return bool(x)
	case *values.Array:
		out := make([]any, x.Len())
		for i := range out {
			out[i] = Data(x.At(i))
		}
		return out
	case *values.Hash:
		out := make(map[string]any, x.Len())
		for i := 0; i < x.Len(); i++ {
			out[values.ToString(x.KeyAt(i))] = Data(x.ValueAt(i))
		}
		return out
	}
	return values.ToString(v)
}

// relationships are the metaparameters that make edges, with PuppetDB's
// name for the edge and whether it points from the resource (forward).
var relationships = []struct {
	param, name string
	forward     bool
}{
	{"before", "before", true},
	{"require", "required-by", false},
	{"notify", "notifies", true},
	{"subscribe", "subscription-of", false},
}

// unorderedMetaparams are sorted, as the terminus sorts them.
var unorderedMetaparams = []string{"alias", "audit", "before", "check", "notify", "require", "subscribe", "tag"}

var refPattern = lazyre.New(`(?m)^[A-Z][a-z0-9_]*(::[A-Z][a-z0-9_]*)*\[.*\]`)
var refSplit = lazyre.New(`(?s)^([^\[\]]+)\[(.+)\]$`)

type wireRef struct {
	Type  string `json:"type"`
	Title string `json:"title"`
}

// CatalogPayload is the payload of replace catalog v9 as
// Catalog::Puppetdb#munge_catalog makes it from a compiled catalog: its
// JSON (rt.Result.JSON, Puppet's to_data_hash) munged with the namevar
// aliases, sorted unordered metaparameters, edges as {type, title} pairs
// with the relationships' edges synthesized, sensitive parameters removed,
// and the fields of s. cat tells which resources are virtual (exported and
// not collected) and their namevars.
func CatalogPayload(cat *rt.Catalog, catalogJSON []byte, s Stored) (map[string]any, error) {
	d := json.NewDecoder(bytes.NewReader(catalogJSON))
	d.UseNumber()
	var h map[string]any
	if err := d.Decode(&h); err != nil {
		return nil, fmt.Errorf("catalog JSON: %w", err)
	}
	resources, _ := h["resources"].([]any)
	type entry struct {
		m     map[string]any
		ref   wireRef
		res   *rt.Resource
		param map[string]any
	}
	entries := make([]*entry, 0, len(resources))
	table := map[wireRef]*entry{}
	for _, x := range resources {
		m, ok := x.(map[string]any)
		if !ok {
			continue
		}
		e := &entry{m: m}
		e.ref.Type, _ = m["type"].(string)
		e.ref.Title = fmt.Sprint(m["title"])
		m["title"] = e.ref.Title
		e.param, _ = m["parameters"].(map[string]any)
		for k, v := range e.param {
			e.param[k] = stringifyRich(v)
		}
		if e.param == nil {
			e.param = map[string]any{}
			m["parameters"] = e.param
		}
		if cat != nil {
			e.res = cat.Resource(e.ref.Type, e.ref.Title)
		}
		entries = append(entries, e)
		table[e.ref] = e
	}
	// add_namevar_aliases
	for _, e := range entries {
		var aliases []any
		for _, a := range flatten(e.param["alias"]) {
			if a != nil {
				aliases = append(aliases, a)
			}
		}
		if e.res != nil {
			if name, ok := e.res.NamevarAlias(); ok && !contains(aliases, name) {
				aliases = append(aliases, name)
			}
		}
		if len(aliases) > 0 {
			e.param["alias"] = aliases
		}
	}
	// hashify_tags, sort_unordered_metaparams
	for _, e := range entries {
		if e.m["tags"] == nil {
			e.m["tags"] = []any{}
		}
		for _, mp := range unorderedMetaparams {
			if a, ok := e.param[mp].([]any); ok && len(a) > 0 {
				sort.SliceStable(a, func(i, j int) bool { return rubyString(a[i]) < rubyString(a[j]) })
			}
		}
	}
	// munge_edges
	var edges []any
	seen := map[string]bool{}
	addEdge := func(e map[string]any) {
		k, _ := json.Marshal(e)
		if !seen[string(k)] {
			seen[string(k)] = true
			edges = append(edges, e)
		}
	}
	rawEdges, _ := h["edges"].([]any)
	for _, x := range rawEdges {
		m, ok := x.(map[string]any)
		if !ok {
			continue
		}
		for _, v := range []string{"source", "target"} {
			if s, ok := m[v].(string); ok {
				m[v] = refToHash(s)
			}
		}
		if m["relationship"] == nil {
			m["relationship"] = "contains"
		}
		addEdge(m)
	}
	// synthesize_edges
	aliasTable := map[wireRef]wireRef{}
	for _, e := range entries {
		for _, a := range flatten(e.param["alias"]) {
			aliasTable[wireRef{e.ref.Type, fmt.Sprint(a)}] = e.ref
		}
	}
	for _, e := range entries {
		if e.res != nil && e.res.Virtual {
			continue
		}
		for _, rel := range relationships {
			v, ok := e.param[rel.param]
			if !ok || v == nil {
				continue
			}
			for _, o := range flatten(v) {
				other, _ := o.(string)
				spec := fmt.Sprintf("%s[%s] { %s => %s }", e.ref.Type, e.ref.Title, rel.param, other)
				if !refPattern.MatchString(other) {
					return nil, fmt.Errorf("Invalid relationship: %s, because %s doesn't seem to be in the correct format. "+
						"Resource references should be formatted as: Classname['title'] or Modulename::Classname['title'] "+
						"(take careful note of the capitalization).", spec, other)
				}
				oref := refToRef(other)
				if oref.Type == "File" && strings.HasSuffix(oref.Title, "/") {
					oref.Title = strings.TrimRight(oref.Title, "/")
				}
				target, ok := table[oref]
				if !ok {
					if a, found := aliasTable[oref]; found {
						target, ok = table[a]
					}
				}
				if !ok {
					return nil, fmt.Errorf("Invalid relationship: %s, because %s doesn't seem to be in the catalog", spec, other)
				}
				if target.res != nil && target.res.Virtual {
					return nil, fmt.Errorf("Invalid relationship: %s, because %s is exported but not collected", spec, other)
				}
				edge := map[string]any{"relationship": rel.name}
				self := map[string]any{"type": e.ref.Type, "title": e.ref.Title}
				to := map[string]any{"type": target.ref.Type, "title": target.ref.Title}
				if rel.forward {
					edge["source"], edge["target"] = self, to
				} else {
					edge["source"], edge["target"] = to, self
				}
				addEdge(edge)
			}
		}
	}
	// redact_sensitive_params
	for _, e := range entries {
		if sp, ok := e.m["sensitive_parameters"].([]any); ok {
			for _, p := range sp {
				delete(e.param, fmt.Sprint(p))
			}
			delete(e.m, "sensitive_parameters")
		}
	}
	if edges == nil {
		edges = []any{}
	}
	out := map[string]any{
		"certname":           h["name"],
		"version":            fmt.Sprint(h["version"]),
		"edges":              edges,
		"resources":          resources,
		"code_id":            h["code_id"],
		"job_id":             nil,
		"catalog_uuid":       h["catalog_uuid"],
		"transaction_uuid":   s.TransactionUUID,
		"environment":        s.Environment,
		"producer_timestamp": WireTime(s.ProducerTimestamp),
		"producer":           s.Producer,
	}
	if s.JobID != "" {
		out["job_id"] = s.JobID
	}
	if s.TransactionUUID == "" {
		out["transaction_uuid"] = NewUUID()
	}
	if out["catalog_uuid"] == nil {
		out["catalog_uuid"] = out["transaction_uuid"]
	}
	return out, nil
}

// stringifyRich turns the rich data of a catalog's JSON ({"__ptype": ..,
// "__pvalue": ..}) into what the terminus sends, which converts the catalog
// with stringify_rich: a value's string (Timestamp, Binary, Type, ...), a
// Hash with keys that are no strings as a hash with its keys as strings.
func stringifyRich(v any) any {
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			x[i] = stringifyRich(e)
		}
		return x
	case map[string]any:
		t, rich := x["__ptype"].(string)
		if !rich {
			for k, e := range x {
				x[k] = stringifyRich(e)
			}
			return x
		}
		switch pv := x["__pvalue"].(type) {
		case string:
			return pv
		case []any:
			if t == "Hash" {
				h := make(map[string]any, len(pv)/2)
				for i := 0; i+1 < len(pv); i += 2 {
					h[rubyString(stringifyRich(pv[i]))] = stringifyRich(pv[i+1])
				}
				return h
			}
		}
		if t == "Sensitive" {
			return "Sensitive [value redacted]"
		}
	}
	return v
}

func flatten(v any) []any {
	a, ok := v.([]any)
	if !ok {
		if v == nil {
			return nil
		}
		return []any{v}
	}
	var out []any
	for _, x := range a {
		out = append(out, flatten(x)...)
	}
	return out
}

func contains(a []any, s string) bool {
	for _, x := range a {
		if x == s {
			return true
		}
	}
	return false
}

// rubyString approximates Ruby's to_s of JSON data, for sorting.
func rubyString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func refToRef(s string) wireRef {
	m := refSplit.FindStringSubmatch(s)
	if m == nil {
		return wireRef{}
	}
	return wireRef{m[1], m[2]}
}

func refToHash(s string) map[string]any {
	r := refToRef(s)
	return map[string]any{"type": r.Type, "title": r.Title}
}

// NewUUID is a random (version 4) UUID.
func NewUUID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
