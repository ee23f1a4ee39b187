package rt

import (
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// ExportedSource finds the exported resources of other nodes that an
// exported collector asks for: type is the collector's capitalized type,
// node the certname of the node being compiled (whose own exports are not
// searched), q the collector's query (nil for all). It is Puppet's
// resource indirection's search with the puppetdb terminus; an error fails
// the compile with its message.
type ExportedSource func(node, typeName string, q *QueryExpr) ([]ExportedResource, error)

// ExportedResource is a resource as PuppetDB returns it to a collector.
type ExportedResource struct {
	Certname string
	Type     string // capitalized, as PuppetDB stores it
	Title    string
	// Params are its parameters in the order PuppetDB gave them.
	Params []ExportedParam
}

// ExportedParam is a parameter of an ExportedResource.
type ExportedParam struct {
	Name  string
	Value values.Value
}

// collectExported is ExportedCollector#collect: the catalog's own exported
// resources of the type that match the query, then those of other nodes
// from PuppetDB, each added to the catalog in the collector's scope unless
// an earlier collector collected it already.
func (coll *Collector) collectExported(c *Ctx) []*Resource {
	var found []*Resource
	for _, r := range c.ofType(coll.typeName) {
		if r.Exported && coll.query.Match(r) {
			found = append(found, r)
		}
	}
	items, err := c.prog.Exported(c.node.Name, coll.typeName, coll.query)
	if err != nil {
		Fail(err.Error())
	}
	name := strings.ToLower(coll.typeName)
	native := c.prog.findNative(name)
	var def *Define
	if native == nil {
		def = c.findDefine(name)
	}
	for _, it := range items {
		id := it.Certname + "|" + it.Type + "|" + it.Title
		if existing := c.catalog.findByRef(c.prog, coll.typeName, it.Title); existing != nil {
			if existing.collectorID != id {
				Fail("A duplicate resource was found while collecting exported resources, with the type and title " +
					coll.typeName + "[" + it.Title + "]")
			}
			continue
		}
		// Parser::Resource.new(type, title, parameters:, scope:): the
		// collector's scope is its source and container, its defaults
		// apply; PuppetDB's file and line are not kept.
		r := &Resource{Type: coll.typeName, Title: it.Title, scope: coll.scope, source: coll.scope.source,
			native: native, define: def, collectorID: id}
		if def != nil {
			r.Kind = kindDefinedType
		} else {
			r.Kind = kindCompilable
		}
		params := make([]*Param, 0, len(it.Params))
		for _, p := range it.Params {
			params = append(params, &Param{Name: p.Name, Value: p.Value, Source: coll.scope.source})
		}
		c.initResource(coll.scope, r, params, 0, nil)
		c.addResource(coll.scope, r)
		found = append(found, r)
	}
	return found
}

// NamevarAlias is the alias PuppetDB's terminus adds to a resource
// (add_namevar_aliases): for a native type with one namevar whose
// resources are unique by it, the namevar's parameter or what the title
// patterns make of the title, when it differs from the title; for the
// main class and stage, whose title Puppet holds as a symbol that differs
// from any string, "main".
func (r *Resource) NamevarAlias() (string, bool) {
	if r.mainTitle {
		return "main", true
	}
	if r.native == nil || !r.native.Isomorphic() {
		return "", false
	}
	keys := r.native.KeyAttributes()
	if len(keys) != 1 {
		return "", false
	}
	name := r.Title
	if v := r.Get(keys[0]); v != nil && !values.IsUndef(v) {
		name = values.ToString(v)
	} else if fields, ok := r.native.ParseTitle(r.Title); ok {
		for _, f := range fields {
			if f.Name == keys[0] {
				name = f.Value
			}
		}
	}
	return name, name != r.Title
}
