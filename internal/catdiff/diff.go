package catdiff

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
)

// Options choose what a comparison ignores.
type Options struct {
	// IgnoreTags: resources carrying one of these tags (or TAG__type) are
	// left out. The new catalog decides; a resource only in the old one is
	// left out when it carries the tag there.
	IgnoreTags []string
	// Ignore are --ignore and --ignore-attr rules; a difference matching
	// any of them is left out.
	Ignore []Rule
	// IncludeTags compares resources' tags, which are ignored by default.
	IncludeTags bool
	// ValidateReferences are the relationship metaparameters (before,
	// require, notify, subscribe) whose targets must be in the new
	// catalog: a node whose new catalog refers to a missing resource fails.
	ValidateReferences []string
}

// Diff is what changed between two catalogs of a node.
type Diff struct {
	ResourcesAdded   []ResourceInfo   `json:"resources_added,omitempty"`
	ResourcesRemoved []ResourceInfo   `json:"resources_removed,omitempty"`
	ResourcesChanged []ResourceChange `json:"resources_changed,omitempty"`
	EdgesAdded       []Edge           `json:"edges_added,omitempty"`
	EdgesRemoved     []Edge           `json:"edges_removed,omitempty"`
	ClassesAdded     []string         `json:"classes_added,omitempty"`
	ClassesRemoved   []string         `json:"classes_removed,omitempty"`
}

// Empty tells whether nothing changed.
func (d *Diff) Empty() bool {
	return len(d.ResourcesAdded) == 0 && len(d.ResourcesRemoved) == 0 && len(d.ResourcesChanged) == 0 &&
		len(d.EdgesAdded) == 0 && len(d.EdgesRemoved) == 0 && len(d.ClassesAdded) == 0 && len(d.ClassesRemoved) == 0
}

// ResourceInfo is a resource added or removed.
type ResourceInfo struct {
	Type       string         `json:"type"`
	Title      string         `json:"title"`
	File       string         `json:"file,omitempty"`
	Line       int            `json:"line,omitempty"`
	Parameters map[string]any `json:"parameters,omitempty"`
}

// Ref is the resource's reference, Type[title].
func (r ResourceInfo) Ref() string { return r.Type + "[" + r.Title + "]" }

// ResourceChange is a resource in both catalogs whose attributes differ;
// File and Line are where the new catalog declares it.
type ResourceChange struct {
	Type    string       `json:"type"`
	Title   string       `json:"title"`
	File    string       `json:"file,omitempty"`
	Line    int          `json:"line,omitempty"`
	Changes []AttrChange `json:"changes"`
}

// Ref is the resource's reference, Type[title].
func (r ResourceChange) Ref() string { return r.Type + "[" + r.Title + "]" }

// AttrChange is one attribute that differs.
type AttrChange struct {
	// Attribute is the attribute's path: parameters::NAME for a
	// parameter, or a resource attribute such as tags.
	Attribute string `json:"attribute"`
	// Change is added, removed or changed.
	Change string `json:"change"`
	Old    any    `json:"old,omitempty"`
	New    any    `json:"new,omitempty"`
	// Diff is a unified diff of the old and new text when one of them is
	// a string of several lines (a file's content).
	Diff string `json:"diff,omitempty"`
}

// Attribute change kinds.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
)

// side is one catalog prepared for comparison.
type side struct {
	cat      *Catalog
	byKey    map[string]*Resource // compared resources, by normalized Type[title]
	refs     map[string]bool      // every resource's reference, as written
	ignored  map[string]bool      // references of resources left out entirely
	keyOrder []string
}

// key identifies a resource across catalogs: its reference, except that a
// file with a path parameter is known by its path (as octocatalog-diff
// does: the title of a file does not change what is managed).
func key(r *Resource) string {
	if r.Type == "File" {
		if p, ok := r.Params["path"].(string); ok {
			return "File[" + p + "]"
		}
	}
	return r.Ref()
}

// Compare compares the old and new catalogs of a node.
func Compare(old, new *Catalog, opts *Options) *Diff {
	if opts == nil {
		opts = &Options{}
	}
	// The new catalog's tags decide what is ignored, in both catalogs; the
	// old one's only for resources the new one no longer has.
	newKeys, newTagged := map[string]bool{}, map[string]bool{}
	for _, r := range new.Resources {
		newKeys[key(r)] = true
		if tagged(r, opts.IgnoreTags) {
			newTagged[key(r)] = true
		}
	}
	a := prepare(old, opts, func(r *Resource) bool {
		k := key(r)
		return newTagged[k] || (!newKeys[k] && tagged(r, opts.IgnoreTags))
	})
	b := prepare(new, opts, func(r *Resource) bool { return newTagged[key(r)] })
	d := &Diff{}
	for _, k := range b.keyOrder {
		r := b.byKey[k]
		if r == nil || a.byKey[k] != nil || ignoredChange(opts, r, '+', nil) {
			continue
		}
		d.ResourcesAdded = append(d.ResourcesAdded, info(r))
	}
	for _, k := range a.keyOrder {
		r := a.byKey[k]
		if r == nil || b.byKey[k] != nil || ignoredChange(opts, r, '-', nil) {
			continue
		}
		d.ResourcesRemoved = append(d.ResourcesRemoved, info(r))
	}
	for _, k := range b.keyOrder {
		rb, ra := b.byKey[k], a.byKey[k]
		if rb == nil || ra == nil {
			continue
		}
		if ch := compareResource(ra, rb, opts); len(ch) > 0 {
			d.ResourcesChanged = append(d.ResourcesChanged, ResourceChange{Type: rb.Type, Title: rb.Title, File: rb.File, Line: rb.Line, Changes: ch})
		}
	}
	sortInfos(d.ResourcesAdded)
	sortInfos(d.ResourcesRemoved)
	sort.Slice(d.ResourcesChanged, func(i, j int) bool { return d.ResourcesChanged[i].Ref() < d.ResourcesChanged[j].Ref() })

	// An edge to or from a resource that only one catalog has is implied by
	// that resource's addition or removal, and one touching an ignored
	// resource is ignored with it.
	ea, eb := old.edges(), new.edges()
	keep := func(e Edge) bool {
		for _, ref := range []string{e.Source, e.Target} {
			if a.ignored[ref] || b.ignored[ref] || a.refs[ref] != b.refs[ref] {
				return false
			}
		}
		return true
	}
	for e := range eb {
		if !ea[e] && keep(e) {
			d.EdgesAdded = append(d.EdgesAdded, e)
		}
	}
	for e := range ea {
		if !eb[e] && keep(e) {
			d.EdgesRemoved = append(d.EdgesRemoved, e)
		}
	}
	sortEdges(d.EdgesAdded)
	sortEdges(d.EdgesRemoved)

	d.ClassesAdded = minus(new.Classes, old.Classes)
	d.ClassesRemoved = minus(old.Classes, new.Classes)
	return d
}

// prepare indexes a catalog's compared resources. Exported resources are
// not compared (they are not applied to the node), nor Class resources:
// their parameters act only through the resources the classes declare, and
// classes added or removed are reported from the catalog's class list.
func prepare(c *Catalog, opts *Options, tagIgnored func(*Resource) bool) *side {
	s := &side{cat: c, byKey: map[string]*Resource{}, refs: map[string]bool{}, ignored: map[string]bool{}}
	for _, r := range c.Resources {
		s.refs[r.Ref()] = true
		if r.Exported || r.Type == "Class" {
			continue
		}
		if tagIgnored(r) || wholeIgnored(opts, r) {
			s.ignored[r.Ref()] = true
			continue
		}
		k := key(r)
		if _, dup := s.byKey[k]; !dup {
			s.keyOrder = append(s.keyOrder, k)
		}
		s.byKey[k] = r
	}
	return s
}

func wholeIgnored(opts *Options, r *Resource) bool {
	for i := range opts.Ignore {
		rule := &opts.Ignore[i]
		if rule.wholeResource() && rule.matchResource(r.Type, r.Title) {
			return true
		}
	}
	return false
}

// ignoredChange tells whether a difference of kind ('+', '-', '~') at the
// attribute path (nil for the whole resource) is ignored.
func ignoredChange(opts *Options, r *Resource, kind byte, path []string) bool {
	for i := range opts.Ignore {
		rule := &opts.Ignore[i]
		if !rule.matchResource(r.Type, r.Title) {
			continue
		}
		if rule.Changes != "" {
			if strings.IndexByte(rule.Changes, kind) >= 0 {
				return true
			}
			continue
		}
		if path == nil {
			if rule.Attr == "" || rule.Attr == "*" {
				return true
			}
			continue
		}
		if rule.matchAttr(path) {
			return true
		}
	}
	return false
}

// compareResource compares the attributes of a resource in both catalogs:
// its parameters but for the relationship metaparameters (compared as
// edges), its other attributes but for file and line, and its tags with
// IncludeTags.
func compareResource(a, b *Resource, opts *Options) []AttrChange {
	var out []AttrChange
	add := func(path []string, old, new any, hasOld, hasNew bool) {
		if hasOld && hasNew && equal(old, new) {
			return
		}
		if ignoredChange(opts, b, '~', path) {
			return
		}
		c := AttrChange{Attribute: strings.Join(path, "::"), Old: old, New: new}
		switch {
		case !hasOld:
			c.Change, c.Old = Added, nil
		case !hasNew:
			c.Change, c.New = Removed, nil
		default:
			c.Change = Changed
			if so, ok := old.(string); ok {
				if sn, ok := new.(string); ok && (multiline(so) || multiline(sn)) {
					c.Diff = UnifiedDiff(so, sn)
				}
			}
		}
		out = append(out, c)
	}
	pa, pb := params(a), params(b)
	for _, k := range union(pa, pb) {
		va, oka := pa[k]
		vb, okb := pb[k]
		add([]string{"parameters", k}, va, vb, oka, okb)
	}
	for _, k := range union(a.Attrs, b.Attrs) {
		va, oka := a.Attrs[k]
		vb, okb := b.Attrs[k]
		add([]string{k}, va, vb, oka, okb)
	}
	if opts.IncludeTags {
		ta, tb := sortedTags(a.Tags), sortedTags(b.Tags)
		if !reflect.DeepEqual(ta, tb) {
			add([]string{"tags"}, toAny(ta), toAny(tb), true, true)
		}
	}
	return out
}

func multiline(s string) bool { return strings.Contains(strings.TrimSuffix(s, "\n"), "\n") }

// params are the compared parameters of a resource.
func params(r *Resource) map[string]any {
	out := make(map[string]any, len(r.Params))
	for k, v := range r.Params {
		if isRelationParam(k) || (k == "path" && r.Type == "File") {
			continue
		}
		out[k] = v
	}
	return out
}

func union(a, b map[string]any) []string {
	keys := sortedKeys(a)
	for _, k := range sortedKeys(b) {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// equal compares two JSON values; numbers by their text.
func equal(a, b any) bool {
	return reflect.DeepEqual(a, b)
}

func sortedTags(tags []string) []string {
	out := append([]string(nil), tags...)
	sort.Strings(out)
	return out
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func info(r *Resource) ResourceInfo {
	var p map[string]any
	if len(r.Params) > 0 {
		p = r.Params
	}
	return ResourceInfo{Type: r.Type, Title: r.Title, File: r.File, Line: r.Line, Parameters: p}
}

func sortInfos(s []ResourceInfo) {
	sort.Slice(s, func(i, j int) bool { return s[i].Ref() < s[j].Ref() })
}

func sortEdges(s []Edge) {
	sort.Slice(s, func(i, j int) bool {
		if s[i].Source != s[j].Source {
			return s[i].Source < s[j].Source
		}
		if s[i].Target != s[j].Target {
			return s[i].Target < s[j].Target
		}
		return s[i].Kind < s[j].Kind
	})
}

// minus is what a has and b has not, in a's order.
func minus(a, b []string) []string {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
			in[s] = true
		}
	}
	return out
}

// Value renders a JSON value compactly for a report.
func Value(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return string(b)
}
