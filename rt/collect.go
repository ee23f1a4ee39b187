package rt

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Collector realizes resources during the generator loop: a `<| |>` or
// `<<| |>>` collector, or the fixed set of references given to realize
// (pops/evaluator/collectors).
type Collector struct {
	scope     *Scope
	typeName  string         // capitalized type name; "" for a fixed set
	query     Query          // nil matches every resource of the type
	exported  bool           // <<| |>>: collects nothing without storeconfigs (Program.Exported)
	refs      []values.Value // realize: the references still unresolved
	overrides []*Param       // the collector's override block
	file      string
	line      int
	order     []*Resource        // the resources collected, in order
	collected map[*Resource]bool // the same, once they are many (has)
	// scanned is how many of its type's resources (c.byType's list, which
	// only grows) a stable query has looked at already, or a tag query
	// when the catalog's tags were as tagGen counts them (Ctx.tagGen)
	scanned int
	tagGen  uint64
	// ofType is c.byType's list of its type's resources, once there is
	// one (Ctx.typeList makes it once a compile): a collector runs in
	// each round of the generators loop
	ofType *[]*Resource
	// decl and value are its expression's override block and value
	// (Scope.Collect, CollectDecl.Done): one allocation for the three
	decl  CollectDecl
	value collectorValue
}

// Query is a compiled collector query; nil matches every resource.
type Query = *QueryExpr

// QueryExpr is a collector query with its operands evaluated: a predicate
// over the catalog's resources (the transformer's query procs) and the
// same query as data for PuppetDB ([name, op, value], [left, "and",
// right]: the transformer's match_* methods).
type QueryExpr struct {
	// byTag and byTitle: a tag or title query, which their fields decide
	byTag       bool
	tags        []string  // byTag: lowercase
	tag0        [1]string // room for one tag
	byTitle     bool
	title       string
	Op          string       // "==", "!=", "and", "or"
	Name        string       // for == and !=: the attribute, title or tag
	Value       values.Value // for == and !=
	Left, Right *QueryExpr   // for and, or
	// stable: whether a resource matches never changes (its title is
	// set once), so that each run of the collector need only look at the
	// resources added since the last
	stable bool
}

// Match reports whether a resource of the catalog satisfies the query.
func (q *QueryExpr) Match(r *Resource) bool {
	switch {
	case q == nil:
		return true
	case q.byTag:
		return r.rawTagged(q.tags)
	case q.byTitle:
		return values.EqualsString(r.Title, q.title) // no String boxed
	}
	switch q.Op {
	case "==":
		cur := r.queryValue(q.Name)
		if a, ok := cur.(*values.Array); ok {
			return values.In(q.Value, a).Matched
		}
		return values.Equals(cur, q.Value)
	case "!=":
		return !values.Equals(r.queryValue(q.Name), q.Value)
	case "and":
		return q.Left.Match(r) && q.Right.Match(r)
	case "or":
		return q.Left.Match(r) || q.Right.Match(r)
	}
	panic("rt: collector query of operator " + q.Op)
}

// isStable reports whether the query is nil or stable.
func (q *QueryExpr) isStable() bool { return q == nil || q.stable }

// Collect is a collector expression `Type <| query |> { overrides }` at
// site. Generated code builds the query from QueryEq, QueryNe, QueryAnd and
// QueryOr with operands already evaluated, then adds override attributes
// and calls Done.
func (s *Scope) Collect(site *Site, typeName string, exported bool, q Query) *CollectDecl {
	c := s.c
	name := lowered.get(strings.TrimPrefix(typeName, "::"))
	// The warning about an exported collector comes first
	// (eval_CollectExpression), then the transformer's RuntimeErrors,
	// which the evaluator reports as raised by the collect expression
	// (labelled after its query) (collector_transformer.rb transform).
	if exported && c.prog.Exported == nil {
		c.issueWarning(site, "You cannot collect exported resources without storeconfigs being set; the collection will be ignored")
	}
	if name == "class" {
		panic(runtimeError(site, "Classes cannot be collected"))
	}
	// find_resource_type looks a defined type up as any lookup does,
	// loading its manifests
	native := c.prog.findNative(name)
	if native == nil && c.findDefine(name) == nil {
		panic(runtimeError(site, "Resource type "+name+" doesn't exist"))
	}
	if msg := c.prog.autoloadError(native); msg != "" {
		panic(runtimeError(site, msg))
	}
	coll := alloc(&c.collectorSlab, 8)
	*coll = Collector{scope: s, typeName: capitalized.get(name), query: q, exported: exported}
	if site != nil && site.File != nil {
		coll.file, coll.line = site.File.Path, int(site.Line)
	}
	coll.decl = CollectDecl{c: c, s: s, coll: coll}
	return &coll.decl
}

// CollectDecl collects a collector's override block.
type CollectDecl struct {
	c    *Ctx
	s    *Scope
	coll *Collector
}

// Attr adds an override.
func (d *CollectDecl) Attr(site SiteRef, name string, v values.Value) *CollectDecl {
	d.coll.overrides = append(d.coll.overrides, newParamAt(d.s, site, name, v, false))
	return d
}

// Plus adds an override with +>.
func (d *CollectDecl) Plus(site SiteRef, name string, v values.Value) *CollectDecl {
	d.coll.overrides = append(d.coll.overrides, newParamAt(d.s, site, name, v, true))
	return d
}

// Splat adds overrides from a hash.
func (d *CollectDecl) Splat(site *Site, v values.Value) *CollectDecl {
	d.coll.overrides = append(d.coll.overrides, splatParams(d.s, site, v)...)
	return d
}

// Done hands the collector to the compiler, where it runs in the generator
// loop; the value stands for what it collects, in relationships.
func (d *CollectDecl) Done() values.Value {
	d.c.collections = append(d.c.collections, d.coll)
	d.coll.value = collectorValue{coll: d.coll}
	return &d.coll.value
}

// QueryEq is `name == value` in a collector query: an array parameter
// matches when it includes the value; `tag == x` matches tagged resources.
func QueryEq(name string, v values.Value) Query { return queryEq(new(QueryExpr), name, v) }

// QueryNe is `name != value`.
func QueryNe(name string, v values.Value) Query { return queryNe(new(QueryExpr), name, v) }

// QueryAnd is `a and b`.
func QueryAnd(a, b Query) Query { return queryAnd(new(QueryExpr), a, b) }

// QueryOr is `a or b`.
func QueryOr(a, b Query) Query { return queryOr(new(QueryExpr), a, b) }

// QueryEq, QueryNe, QueryAnd and QueryOr of a scope are the functions',
// their query in the compile's chunks (querySlab): a collector
// expression makes its query each time it is evaluated.
func (s *Scope) QueryEq(name string, v values.Value) Query {
	return queryEq(alloc(&s.c.querySlab, 32), name, v)
}

func (s *Scope) QueryNe(name string, v values.Value) Query {
	return queryNe(alloc(&s.c.querySlab, 32), name, v)
}

func (s *Scope) QueryAnd(a, b Query) Query { return queryAnd(alloc(&s.c.querySlab, 32), a, b) }

func (s *Scope) QueryOr(a, b Query) Query { return queryOr(alloc(&s.c.querySlab, 32), a, b) }

// queryEq makes q (zero) `name == v`.
func queryEq(q *QueryExpr, name string, v values.Value) Query {
	*q = QueryExpr{Op: "==", Name: name, Value: v}
	if name == "tag" {
		q.byTag, q.tags = true, q.tag0[:0]
		var buf [1]values.Value // v is mostly one tag
		for _, t := range flattenInto(buf[:0], v) {
			switch t.(type) {
			case values.Int, values.Float:
				Fail("Cannot transform a number to a tag")
			}
			q.tags = append(q.tags, strings.ToLower(values.ToString(t)))
		}
		return q
	}
	if name == "title" {
		if want, ok := v.(values.String); ok {
			q.byTitle, q.title, q.stable = true, string(want), true
			return q
		}
	}
	return q
}

func queryNe(q *QueryExpr, name string, v values.Value) Query {
	*q = QueryExpr{Op: "!=", Name: name, Value: v}
	return q
}

func queryAnd(q *QueryExpr, a, b Query) Query {
	*q = QueryExpr{Op: "and", Left: a, Right: b}
	return q
}

func queryOr(q *QueryExpr, a, b Query) Query {
	*q = QueryExpr{Op: "or", Left: a, Right: b}
	return q
}

// queryValue is Parser::Resource#[]: title, or a parameter's value (nil
// when unset, which equals undef).
func (r *Resource) queryValue(name string) values.Value {
	if name == "title" {
		return values.String(r.Title)
	}
	if v := r.Get(name); v != nil {
		return v
	}
	return values.Undef
}

// rawTagged is Parser::Resource#raw_tagged?: the resource's tags or those of
// the resources of its enclosing scopes.
func (r *Resource) rawTagged(tags []string) bool {
	return r.ownTagged(tags) || r.taggedAbove(tags)
}

// taggedAbove is rawTagged of the resources enclosing r. A resource that
// holds the tags of the one enclosing it (holdsScopeTags) has the verdict
// on that one's own tags already: their search is not made again (a
// scope's tags are many, each resource's list holds its scopes').
func (r *Resource) taggedAbove(tags []string) bool {
	for x := r; ; {
		up := x.enclosing()
		if up == nil {
			return false
		}
		if !x.holdsScopeTags() && up.ownTagged(tags) {
			return true
		}
		x = up
	}
}

// holdsScopeTags says whether r's list has every tag of its scope's
// resource: it took them (finishEvaluation), into its list (not
// tagsDeferred), when that one had as many as now (tags are only added to
// a resource's list, at its end).
func (r *Resource) holdsScopeTags() bool {
	return r.tagsMerged && !r.tagsDeferred && int(r.scopeTagsHeld) == len(r.scope.resource.Tags)
}

// ownTagged reports whether the resource itself has one of the tags.
func (r *Resource) ownTagged(tags []string) bool {
	for _, t := range tags {
		if slices.Contains(r.Tags, t) {
			return true
		}
	}
	return false
}

// enclosing is the resource of the scope that declared r (its class or
// defined type instance), nil at the top.
func (r *Resource) enclosing() *Resource {
	if r.scope == nil || r.scope.resource == r {
		return nil
	}
	return r.scope.resource
}

// collectTagged appends the resources of list a tag query matches to
// found. The resources a scope declared mostly come one after another,
// and share the verdict on the scope's resource and those enclosing it
// (tags do not change during the search): each run walks them once for
// such a sequence instead of once a resource.
func collectTagged(list []*Resource, tags []string, found []*Resource) []*Resource {
	var up *Resource
	upTagged := false
	for _, r := range list {
		tagged := r.ownTagged(tags)
		if !tagged {
			if p := r.enclosing(); p != nil {
				if p != up {
					up, upTagged = p, p.rawTagged(tags)
				}
				tagged = upTagged
			}
		}
		if tagged {
			found = append(found, r)
		}
	}
	return found
}

// Realize is the realize function: a collector of a fixed set of
// references, resolved in the generator loop.
func (c *Ctx) Realize(s *Scope, refs []values.Value) {
	var flat []values.Value
	for _, r := range refs {
		flat = flattenInto(flat, r)
	}
	if len(flat) == 0 {
		return
	}
	c.collections = append(c.collections, &Collector{scope: s, refs: flat})
}

// evaluate runs the collector once (AbstractCollector#evaluate) and reports
// whether it found resources it had not collected before.
func (coll *Collector) evaluate(c *Ctx) bool {
	if coll.exported && c.prog.Exported == nil {
		return false
	}
	// the list found is only read here: one list serves every run of
	// the compile's collectors (taken, so that a nested run has its own)
	found := coll.collect(c, c.collectBuf[:0])
	c.collectBuf = nil
	defer func() { c.collectBuf = found[:0] }()
	for _, r := range found {
		r.Virtual = false
	}
	if len(found) == 0 {
		return false
	}
	if len(coll.overrides) > 0 {
		// A collector's overrides may override anything its class declared
		// (Puppet marks the scope's source as an overrider).
		if c.overriders == nil {
			c.overriders = map[definition]bool{}
		}
		c.overriders[coll.scope.source] = true
		for _, r := range found {
			if coll.has(r) {
				continue
			}
			ov := &Resource{Type: r.Type, Title: r.Title, scope: coll.scope, source: coll.scope.source,
				native: r.native, define: r.define, File: coll.file, Line: coll.line}
			ov.Params = append(ov.Params, coll.overrides...)
			c.addOverride(ov)
		}
	}
	fresh := false
	if coll.order == nil {
		coll.order = makeSlice(&c.resourceLists, len(found), 256)
	}
	for _, r := range found {
		if !coll.has(r) {
			coll.order = append(coll.order, r)
			if coll.collected != nil {
				coll.collected[r] = true
			} else if len(coll.order) > 16 {
				coll.collected = collectedSet(c.arena, 2*len(coll.order))
				for _, o := range coll.order {
					coll.collected[o] = true
				}
			}
			fresh = true
		}
	}
	return fresh
}

// has reports whether the collector collected r already: most collect a
// few resources, searched without a map.
func (coll *Collector) has(r *Resource) bool {
	if coll.collected != nil {
		return coll.collected[r]
	}
	return slices.Contains(coll.order, r)
}

// collect appends what the collector finds to found.
func (coll *Collector) collect(c *Ctx, found []*Resource) []*Resource {
	if coll.typeName == "" {
		var rest []values.Value
		for _, ref := range coll.refs {
			// The catalog's lookup of a reference string that is no
			// Type[title] raises an ArgumentError, which the generators
			// loop reports wrapped (fixed_set_collector.rb collect,
			// resource.rb extract_type_and_title, errors.rb exceptwrap).
			if text := refString(ref); !isRefString(text) {
				panic(&Error{Message: "Puppet::Parser::Compiler failed with error ArgumentError: No title provided and " +
					fn.RubyInspect(values.String(text)) + " is not a valid resource reference"})
			}
			if r := c.findResourceRef(ref); r != nil {
				found = append(found, r)
			} else {
				rest = append(rest, ref)
			}
		}
		coll.refs = rest
		return found
	}
	if coll.exported {
		return append(found, coll.collectExported(c)...)
	}
	if coll.ofType == nil {
		coll.ofType = c.byType[coll.typeName]
	}
	var list []*Resource
	if coll.ofType != nil {
		list = *coll.ofType
	}
	q := coll.query
	if q.isStable() || (q.byTag && coll.tagGen == c.tagGen) {
		// what the last runs found is collected already (and no longer
		// virtual): evaluate has nothing to do with it again. A tag
		// query's verdicts stand while no tag of the catalog's resources
		// changed (Ctx.tagGen)
		list, coll.scanned = list[coll.scanned:], len(list)
	} else if q.byTag {
		coll.scanned = len(list)
	}
	if q != nil && q.byTag {
		coll.tagGen = c.tagGen
		return collectTagged(list, q.tags, found)
	}
	for _, r := range list {
		if coll.query.Match(r) {
			found = append(found, r)
		}
	}
	return found
}

// unresolved lists the references realize could not find.
func (coll *Collector) unresolved() []string {
	out := make([]string, len(coll.refs))
	for i, r := range coll.refs {
		out[i] = refString(r) // Puppet::Resource#to_s: Notify[x]
	}
	return out
}

// findResourceRef finds the resource a reference (a Resource type with a
// title, or a "Type[title]" string) names, as scope.findresource does.
func (c *Ctx) findResourceRef(ref values.Value) *Resource {
	typ, title, ok := splitRef(ref)
	if !ok {
		return nil
	}
	if isClassName(typ) {
		return c.catalog.find("Class", classTitle(normalizeName(title)))
	}
	return c.catalog.findByRef(c.prog, capitalized.get(typ), title)
}

// splitRef splits a resource reference into type and title.
func splitRef(ref values.Value) (typ, title string, ok bool) {
	switch x := ref.(type) {
	case *values.ResourceType:
		if !x.HasTitle {
			return "", "", false
		}
		return x.TypeName, x.Title, true
	case *values.ClassType:
		if x.ClassName == "" {
			return "", "", false
		}
		return "Class", x.ClassName, true
	case values.String:
		s := string(x)
		i := strings.IndexByte(s, '[')
		if i <= 0 || !strings.HasSuffix(s, "]") {
			return "", "", false
		}
		title := s[i+1 : len(s)-1]
		if len(title) >= 2 && (title[0] == '\'' || title[0] == '"') && title[len(title)-1] == title[0] {
			title = title[1 : len(title)-1]
		}
		return s[:i], title, true
	}
	return "", "", false
}

// isRefString reports whether a string is a reference Type[title], as
// /^([^\[\]]+)\[(.+)\]$/m of Puppet::Resource matches it.
func isRefString(s string) bool {
	i := strings.IndexAny(s, "[]")
	return i > 0 && s[i] == '[' && len(s) >= i+3 && s[len(s)-1] == ']'
}

// QueryName is the attribute name of a query operand written as an
// expression rather than a bare name.
func QueryName(v values.Value) string { return values.ToString(v) }
