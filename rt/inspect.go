package rt

import (
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Reading a compiled catalog (for tests: package rt/spec builds on these).

// Resource finds a resource as Puppet's Catalog#resource does: by type and
// title ("File", "/etc/motd"; "Class", "ntp::config"; type names in any
// case), or by the name its namevar or alias metaparameter gives it. It
// returns nil when the catalog has no such resource.
func (cat *Catalog) Resource(typ, title string) *Resource {
	typ = capitalizeTypeName(typ)
	if typ == "Class" {
		if name := normalizeName(title); name != "main" {
			title = classTitle(name)
		}
	}
	return cat.find(typ, title)
}

// ResourceByRef finds a resource by a reference as catalogs write them,
// "Type[title]", or nil.
func (cat *Catalog) ResourceByRef(ref string) *Resource {
	typ, title, ok := splitRefString(ref)
	if !ok {
		return nil
	}
	return cat.Resource(typ, title)
}

// Container is the resource that contains r in the catalog's containment
// graph (a class, a defined type instance, the node, a stage), or nil.
func (cat *Catalog) Container(r *Resource) *Resource { return cat.container(r) }

// InCatalog reports whether the catalog JSON has the resource: virtual
// resources that were not realized are left out (exported ones stay).
func (r *Resource) InCatalog() bool { return !r.Virtual || r.Exported }

// Parameters are the resource's parameters as the catalog JSON has them:
// undef ones left out, `name` under the type's namevar (and left out when
// it is the title), namevars the title gives added, relationship arrays
// flattened.
func (r *Resource) Parameters() []*Param {
	out := r.outputParams()
	params := make([]*Param, len(out))
	for i, p := range out {
		params[i] = &Param{Name: p.Name, Value: p.Value}
	}
	return params
}

// Reference is a relationship metaparameter's value as the catalog JSON
// writes it: "Type[title]" for resource and class references, the text of
// anything else.
func Reference(v values.Value) string { return refString(v) }

// Related is the references of a relationship metaparameter of r
// ("before", "require", "notify" or "subscribe"), as "Type[title]"
// strings, relationship operators' included (Puppet makes them before and
// notify parameters of their sources).
func (r *Resource) Related(param string) []string {
	var out []string
	for _, p := range r.Parameters() {
		if p.Name != param {
			continue
		}
		for _, v := range flattenInto(nil, p.Value) {
			if !values.IsUndef(v) {
				out = append(out, strings.TrimPrefix(refString(v), "::"))
			}
		}
	}
	return out
}
