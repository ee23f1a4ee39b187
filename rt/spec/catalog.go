package spec

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/catgraph"
	"github.com/pp2go/pp2go/rt/values"
)

// Catalog is a compiled catalog, to read and to assert on.
type Catalog struct {
	t       testing.TB // where assertions report (noTest for a Run result)
	res     *rt.Result
	prog    *rt.Program
	byRes   map[*rt.Resource]*Resource
	list    []*Resource
	parents map[*rt.Resource][]*Resource // containers of each resource
	// exported: the view of the exported resources (ExportedResources)
	exported bool
	// cyclesChecked: Compile has reported the dependency cycles
	cyclesChecked bool
	// g: the relationship graph of the view's resources (graph)
	g *catgraph.Graph
	// cov: what a catalog from Compile counts in the coverage (nil for
	// Run's)
	cov *covSpec
}

// newCatalog is the view of a compiled catalog that rspec-puppet's
// catalogue subject gives: Puppet's catalog terminus filters out virtual
// resources, and with them exported resources that no collector of the
// node realized. exported gives the view of its exported_resources
// subject instead: every exported resource, realized or not (rspec-puppet
// filters the compiled catalog with `!r.exported?`).
func newCatalog(res *rt.Result, prog *rt.Program, exported bool) *Catalog {
	c := &Catalog{t: noTest{}, res: res, prog: prog, exported: exported, byRes: map[*rt.Resource]*Resource{}, parents: map[*rt.Resource][]*Resource{}}
	for _, r := range res.Catalog.Resources() {
		if exported && !r.Exported || !exported && r.Virtual {
			continue
		}
		r.AllTags() // Tags holds them all
		w := &Resource{Resource: r, cat: c, pos: len(c.list)}
		c.byRes[r] = w
		c.list = append(c.list, w)
	}
	for _, e := range res.Catalog.Edges() {
		if src, dst := c.byRes[e.Source], c.byRes[e.Target]; src != nil && dst != nil {
			c.parents[e.Target] = append(c.parents[e.Target], src)
		}
	}
	return c
}

// ExportedResources is the view of the catalog's exported resources
// (rspec-puppet's exported_resources subject): the resources declared with
// @@, whether a collector of the node realized them or not, with the same
// accessors and assertions. Its assertions report where the catalog's do.
func (c *Catalog) ExportedResources() *Catalog {
	if c.exported {
		return c
	}
	d := newCatalog(c.res, c.prog, true)
	d.t = c.t
	d.cyclesChecked = true // the agent applies no exported resources
	if c.cov != nil {
		// rspec-puppet adds the exported_resources subject's too
		d.cov = c.cov
		addCoverage(d, c.cov.subjects, c.cov.module)
	}
	return d
}

// For returns the catalog with its assertions reporting to t (for a
// catalog from Run, or to report to a subtest).
func (c *Catalog) For(t testing.TB) *Catalog {
	d := *c
	d.t = t
	return &d
}

// T is the test the catalog's assertions report to.
func (c *Catalog) T() testing.TB { return c.t }

// Raw is the runtime's catalog.
func (c *Catalog) Raw() *rt.Catalog { return c.res.Catalog }

// JSON is the catalog in Puppet's catalog JSON format, as the catalog
// binary's compile command prints it.
func (c *Catalog) JSON() []byte { return c.res.JSON }

// Logs are the messages the compile logged (notice(), warnings, ...).
func (c *Catalog) Logs() []rt.LogEntry { return c.res.Logs }

// Name is the node's name.
func (c *Catalog) Name() string { return c.res.Catalog.Name }

// Classes are the classes declared, in the order they were.
func (c *Catalog) Classes() []string { return c.res.Catalog.Classes }

// Tags are the catalog's tags.
func (c *Catalog) Tags() []string { return c.res.Catalog.Tags }

// Resources are the resources of the catalog, in the catalog's order.
func (c *Catalog) Resources() []*Resource { return c.list }

// ResourcesOf are the resources of a type ("File", "file", "Apache::Vhost",
// "Class"), in the catalog's order.
func (c *Catalog) ResourcesOf(typ string) []*Resource {
	typ = typeName(typ)
	var out []*Resource
	for _, r := range c.list {
		if r.Type == typ {
			out = append(out, r)
		}
	}
	return out
}

// Resource finds a resource by type and title, as Puppet's
// Catalog#resource does (the title may be the name a namevar or an alias
// gives it); for classes the title is the class name. It returns nil when
// the catalog has no such resource.
func (c *Catalog) Resource(typ, title string) *Resource {
	return c.byRes[c.res.Catalog.Resource(typ, title)]
}

// Ref finds a resource by a reference as catalogs write them,
// "Type[title]", or returns nil.
func (c *Catalog) Ref(ref string) *Resource {
	return c.byRes[c.res.Catalog.ResourceByRef(strings.TrimSpace(ref))]
}

// Edge is a containment edge of the catalog: Source contains Target.
type Edge struct {
	Source, Target *Resource
}

// Edges are the catalog's edges (containment: a class, defined type
// instance, node or stage and what it contains), in the catalog's order.
// Relationships (before, require, notify, subscribe and the arrows) are
// parameters of the resources, as in Puppet's catalog: see
// Resource.Related.
func (c *Catalog) Edges() []Edge {
	var out []Edge
	for _, e := range c.res.Catalog.Edges() {
		if src, dst := c.byRes[e.Source], c.byRes[e.Target]; src != nil && dst != nil {
			out = append(out, Edge{src, dst})
		}
	}
	return out
}

// Resource is a resource of a compiled catalog.
type Resource struct {
	*rt.Resource // Type, Title, Tags, File, Line, Exported, ...
	cat          *Catalog
	pos          int // its place in the catalog's list
}

// Ref is the resource's reference, "Type[title]".
func (r *Resource) Ref() string { return r.Resource.Ref() }

// Param is a parameter's value as the catalog JSON has it, or nil when the
// resource does not set it.
func (r *Resource) Param(name string) values.Value {
	for _, p := range r.Resource.Parameters() {
		if p.Name == name {
			return p.Value
		}
	}
	return nil
}

// String is a parameter's value as text ("" when it is not set):
// references as "Type[title]", other values as Puppet's string
// conversion writes them.
func (r *Resource) String(name string) string {
	v := r.Param(name)
	if v == nil {
		return ""
	}
	return text(v)
}

// Params are the parameters as the catalog JSON has them, by name.
func (r *Resource) Params() map[string]values.Value {
	out := map[string]values.Value{}
	for _, p := range r.Resource.Parameters() {
		out[p.Name] = p.Value
	}
	return out
}

// HasTag reports whether the resource has the tag.
func (r *Resource) HasTag(tag string) bool { return r.Tagged(tag) }

// Containers are the resources that contain this one: the class, defined
// type instance, node or stage it is in. A class has its stage, and a
// class contained with `contain` also the class that contains it.
func (r *Resource) Containers() []*Resource { return r.cat.parents[r.Resource] }

// Container is the innermost resource that contains this one (for a class
// contained with `contain`, the class that contains it rather than the
// stage), or nil.
func (r *Resource) Container() *Resource {
	ps := r.Containers()
	for _, p := range ps {
		if p.Type != "Stage" {
			return p
		}
	}
	if len(ps) > 0 {
		return ps[0]
	}
	return nil
}

// Related are the resources a relationship metaparameter names ("before",
// "require", "notify" or "subscribe"; relationship arrows become before
// and notify parameters of their left side, as in Puppet's catalog).
func (r *Resource) Related(param string) []*Resource {
	var out []*Resource
	for _, ref := range r.Resource.Related(param) {
		if t := r.cat.Ref(ref); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// typeName capitalizes a type name as references write it.
func typeName(typ string) string {
	typ = strings.TrimPrefix(typ, "::")
	segs := strings.Split(strings.ToLower(typ), "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(segs, "::")
}

// text is a value's text, as rspec-puppet compares parameters (to_s), with
// references as the catalog writes them.
func text(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return ""
	case values.String:
		return string(x)
	case *values.ResourceType, *values.ClassType:
		return rt.Reference(x)
	}
	return values.ToString(v)
}
