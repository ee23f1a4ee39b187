package rt

import (
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Puppet converts the value of each attribute operation for the 3.x
// resource it sets, as it evaluates the operation (runtime3_support.rb's
// create_resource_parameter, Runtime3Converter), within arrays and hashes
// too: a resource type or class of no title becomes a reference, with ""
// as its title (Notify is written Notify[]); a catalog entry type that
// names no resource, an untitled class and an iterator fail there.

// paramValue is v as an attribute operation at site gives it to a
// resource: v itself but for the values above, which are rare (the
// switch lets every other value through).
func (c *Ctx) paramValue(site SiteRef, v values.Value) values.Value {
	return c.paramValueAt(paramSite{ref: site}, v)
}

func (c *Ctx) paramValueAt(site paramSite, v values.Value) values.Value {
	switch v.(type) {
	case *values.Array, *values.Hash, *values.ResourceType, *values.ClassType, *values.CatalogEntryType, *fn.Iterator:
		if w, changed := c.convert3x(site, v, false); changed {
			return w
		}
	}
	return v
}

// paramSite is where an attribute's value was given: a generated table's
// site, or one built (a splat's).
type paramSite struct {
	ref SiteRef
	at  *Site
}

func (s paramSite) site() *Site {
	if s.at != nil {
		return s.at
	}
	return s.ref.Site()
}

// convert3x is v converted, and whether that changed it; inHash says v is
// within a hash, whose references Puppet does not parse again (a
// resource's own references and arrays of them are: checkUntitledRefs).
func (c *Ctx) convert3x(site paramSite, v values.Value, inHash bool) (values.Value, bool) {
	switch x := v.(type) {
	case *values.Array:
		var out []values.Value
		for i, e := range x.Elems() {
			w, changed := c.convert3x(site, e, inHash)
			if changed && out == nil {
				out = append(make([]values.Value, 0, x.Len()), x.Elems()[:i]...)
			}
			if out != nil {
				out = append(out, w)
			}
		}
		if out == nil {
			return v, false
		}
		return values.NewArray(out...), true
	case *values.Hash:
		var b *values.HashBuilder
		for i := 0; i < x.Len(); i++ {
			k, kc := c.convert3x(site, x.KeyAt(i), true)
			w, vc := c.convert3x(site, x.ValueAt(i), true)
			if (kc || vc) && b == nil {
				b = values.NewHashBuilder(x.Len())
				for j := 0; j < i; j++ {
					b.Put(x.KeyAt(j), x.ValueAt(j))
				}
			}
			if b != nil {
				b.Put(k, w)
			}
		}
		if b == nil {
			return v, false
		}
		return b.Build(), true
	case *values.ResourceType:
		switch {
		case x.HasTitle:
			return v, false
		case x.TypeName == "":
			// Puppet looks the nil type name up (Runtime3ResourceSupport.
			// find_resource_type) and fails in Ruby
			msg := "undefined method `include?' for nil"
			if c.prog.Puppet().Major < 8 {
				msg += ":NilClass\n\n    if type_name.include?(':')\n                ^^^^^^^^^" // Ruby 3.1's error_highlight
			}
			panic(runtimeError(site.site(), msg))
		case isClassName(x.TypeName):
			panic(runtimeError(site.site(), fn.Unconvertible3x(&values.ClassType{})))
		}
		if !inHash {
			c.untitledRefs = true
		}
		return &values.ResourceType{TypeName: x.TypeName, HasTitle: true}, true
	case *values.ClassType, *values.CatalogEntryType, *fn.Iterator:
		if msg := fn.Unconvertible3x(v); msg != "" {
			panic(runtimeError(site.site(), msg))
		}
	}
	return v, false
}

// checkUntitledRefs fails as Puppet does as it copies the catalog's
// resources (Puppet::Resource's copy constructor, after the compile): a
// parameter's reference of "" as title, alone or in arrays, is parsed by
// its type's title patterns, which may not match "" (File's).
func (c *Ctx) checkUntitledRefs() {
	for _, r := range c.catalog.resources {
		for _, p := range r.Params {
			for _, v := range flattenInto(nil, p.Value) {
				x, ok := v.(*values.ResourceType)
				if ok && x.HasTitle && x.Title == "" {
					if t := c.prog.findNative(x.TypeName); t != nil && titleFieldsOf(nil, t, "") == nil {
						Fail(`No set of title patterns matched the title "".`)
					}
				}
			}
		}
	}
}
