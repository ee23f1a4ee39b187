package rt

import (
	"strings"
	"unsafe"

	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// finish is Compiler#finish: relationships become parameters, pending
// overrides are merged, each resource is finished (scope tags, Sensitive
// values, parameter validation) and metaparameters propagate down the
// containment graph.
func (c *Ctx) finish() {
	// the sources' parameters relationships set: mostly one each
	c.relationshipOrder = clearedRoom(c.relationshipOrder, len(c.relationships))
	for _, rel := range c.relationships {
		rel.evaluate(c)
	}
	c.setRelationshipParams()
	for _, r := range c.resources {
		if len(c.overrides) > 0 {
			if list := c.overrides[r.Ref()]; len(list) > 0 {
				for _, o := range list {
					c.mergeOverride(r, o)
				}
				delete(c.overrides, r.Ref())
			}
		}
		c.finishResource(r)
	}
	c.addResourceMetaparams()
}

// finishResource is Parser::Resource#finish.
func (c *Ctx) finishResource(r *Resource) {
	if r.finished {
		return
	}
	r.finished = true
	c.finishEvaluation(r)
	if r.native != nil {
		c.finishNative(r)
		return
	}
	for _, p := range r.Params {
		if s, ok := p.Value.(*values.Sensitive); ok {
			r.unwrapSensitive(p, s)
		}
	}
	c.validate(r)
}

// unwrapSensitive notes that r's parameter p has the Sensitive value s,
// and gives r the parameter with the value s wraps.
func (r *Resource) unwrapSensitive(p *Param, s *values.Sensitive) {
	r.Sensitive = append(r.Sensitive, p.Name)
	dup := *p
	dup.Value = s.Unwrap()
	r.set(&dup)
}

// finishNative is finishResource's unwrapping of Sensitive values and
// validate of a native resource, in one walk of its parameters: each must
// be an attribute of its type. Most names are found in the compile's
// knownAttrs at their first place, probed here without a call (has); r.set
// replaces a parameter in its place, so the walk sees each name once.
func (c *Ctx) finishNative(r *Resource) {
	k := c.attrsKnown
	if k == nil {
		k = new(knownAttrs)
		c.attrsKnown = k
	}
	t := r.native
	th := uint64(uintptr((*iface)(unsafe.Pointer(&t)).data)) * fibonacci
	for _, p := range r.Params {
		if s, ok := p.Value.(*values.Sensitive); ok {
			r.unwrapSensitive(p, s)
		}
		if e := &k[(bytesHash(p.Name)+th)>>(64-knownAttrsBits)][0]; sameBytes(e.name, p.Name) && sameNative(e.t, t) {
			continue
		}
		if !k.has(t, p.Name) {
			loc := locationString(r.File, r.Line, 0)
			panic(located("no parameter named '"+p.Name+"' "+loc+" on "+r.Ref(), r.File, r.Line))
		}
	}
}

// validate is Parser::Resource#validate of a defined type instance or a
// class: its parameters must match their types (finishNative checks a
// native resource's).
func (c *Ctx) validate(r *Resource) {
	switch {
	case r.checked && len(r.Sensitive) == 0 && !(c.paramReplaced && anyReplaced(r.Params)):
		// checked as they were bound (bindParameters), unchanged since
	case r.define != nil:
		sig := &r.define.made().sig
		types, layout := sig.get(c, r.define.parameters(), r.define.Locals)
		c.validateDefinition(r, sig, types, layout)
	case r.class != nil && r.class.Name != "" && r.Type == "Class":
		sig := &r.class.made().sig
		types, layout := sig.get(c, r.class.parameters(), r.class.Locals)
		c.validateDefinition(r, sig, types, layout)
	}
}

// knownAttrs are names of attributes of native types, each kept with its
// type by the address of its bytes, two to a place: the code names a
// type's attributes with the same strings for each of its resources, so
// that most of a compile's parameters are found here, without looking
// the name up in the type's set (NativeType.HasAttribute). A place is
// picked by the name's address and the type's: the linker gives all the
// code's "ensure"s (or "require"s) one address, which each type has. A
// name kept stays referenced, so its bytes are not reused for another
// string.
type knownAttrs [1 << knownAttrsBits][2]knownAttr

// knownAttr is a name of an attribute of t.
type knownAttr struct {
	t    NativeType
	name string
}

// knownAttrsBits sizes knownAttrs: 512 places (a keystone compile asks
// for a few hundred names and types).
const knownAttrsBits = 9

// has is t.HasAttribute(name), an answer yes kept.
func (k *knownAttrs) has(t NativeType, name string) bool {
	h := bytesHash(name) + uint64(uintptr((*iface)(unsafe.Pointer(&t)).data))*fibonacci
	place := &k[h>>(64-knownAttrsBits)]
	for i := range place {
		if e := &place[i]; sameBytes(e.name, name) && sameNative(e.t, t) {
			return true
		}
	}
	if !t.HasAttribute(name) {
		return false
	}
	// the one found before takes the second way
	place[1], place[0] = place[0], knownAttr{t, name}
	return true
}

// anyReplaced says whether a template changed one of the parameters'
// values in place (Param.replaced).
func anyReplaced(params []*Param) bool {
	for _, p := range params {
		if p.replaced {
			return true
		}
	}
	return false
}

func (c *Ctx) validateDefinition(r *Resource, sig *paramSig, types []values.ParamType, layout *paramLayout) {
	// checked as bound, a template changed some values since (validate):
	// those alone are checked again, not all of a vhost's 230
	if len(r.Sensitive) == 0 && (r.checked && replacedValid(types, layout, r.Params) || paramsValid(types, layout, r.Params)) {
		return
	}
	// the lists are the compile's scratch: the check keeps neither
	names, vals := c.checkNames[:0], c.checkVals[:0]
	for _, p := range r.Params {
		v := p.Value
		for _, s := range r.Sensitive {
			if s == p.Name {
				v = values.NewSensitive(p.Value)
			}
		}
		names, vals = append(names, p.Name), append(vals, v)
	}
	c.checkNames, c.checkVals = names, vals
	// the message starts with its subject, made only for it; Puppet
	// gives it no location
	if msg := values.ValidateParameterList("", sig.withMetaparams(types), names, vals, false); msg != "" {
		Fail(r.Ref() + msg)
	}
}

// addResourceMetaparams propagates the non-relationship metaparameters
// (noop, schedule, audit, loglevel, alias, tag, stage) and tags from
// container to contained, breadth first from Class[main]
// (Compiler#add_resource_metaparams).
func (c *Ctx) addResourceMetaparams() {
	// the maps are made for the first entry: few resources have such a
	// metaparameter, and the walk visits few (classes are contained in
	// their stage, not in main)
	var data map[*Resource][]*Param
	var has map[*Resource]bool
	seen := c.metaSeen // the compile before's, emptied
	clear(seen)
	walk := edgeWalk{cat: c.catalog, a: c.arena}
	defer walk.done()
	var qbuf, tbuf [16]*Resource
	queue := append(qbuf[:0], c.main)
	for len(queue) > 0 {
		src := queue[0]
		queue = queue[1:]
		if seen[src] {
			continue
		}
		targets := walk.targets(src, tbuf[:0])
		for _, t := range targets {
			sd, ok := data[src], has[src]
			if !ok {
				sd = metaparamsOf(src, inheritedMetaparams)
			}
			if sd != nil {
				if data == nil {
					data, has = map[*Resource][]*Param{}, map[*Resource]bool{}
				}
				data[src], has[src] = sd, true
				for _, p := range sd {
					if v := t.Get(p.Name); v == nil || values.IsUndef(v) {
						t.setInherited(p)
					}
				}
				merged := append([]*Param(nil), sd...)
				for _, p := range metaparamsOf(t, inheritedMetaparams) {
					replaced := false
					for i, q := range merged {
						if q.Name == p.Name {
							merged[i] = p
							replaced = true
						}
					}
					if !replaced {
						merged = append(merged, p)
					}
				}
				data[t], has[t] = merged, true
			}
			t.mergeTags(src.Tags)
		}
		queue = append(queue, targets...)
		// a resource one edge reaches is queued once, by that edge's
		// source (visited once): only main, queued first, and those
		// more edges reach are looked for
		if src == c.main || src.inEdges > 1 {
			if seen == nil {
				seen = map[*Resource]bool{}
				c.metaSeen = seen
			}
			seen[src] = true
		}
	}
}

// inheritedMetaparams are the metaparameters a container gives what it
// contains (addResourceMetaparams): all but the relationship ones.
var inheritedMetaparams = func() []string {
	var names []string
	for _, m := range restype.Metaparams {
		if !isRelationshipParam(m) {
			names = append(names, m)
		}
	}
	return names
}()

// edgeWalk finds the targets of the edges from the sources a walk of the
// catalog visits, in the order the edges were added: for the first few
// sources by a scan of the edges (a walk from Class[main] mostly visits
// main and its node), then from the lists of all (edgeTargets), made
// once.
type edgeWalk struct {
	cat     *Catalog
	a       *arena
	scanned int
	built   bool
	lists   edgeLists
	others  map[*Resource][]*Resource // of sources not in the catalog
}

// edgeScans is how many sources an edgeWalk finds the targets of by a
// scan of all edges before it makes the lists.
const edgeScans = 8

// targets are src's targets: appended to buf, or a list of the walk's,
// which the caller does not change.
func (w *edgeWalk) targets(src *Resource, buf []*Resource) []*Resource {
	if !w.built && w.scanned < edgeScans {
		w.scanned++
		for _, e := range w.cat.edges {
			if e.Source == src {
				buf = append(buf, e.Target)
			}
		}
		return buf
	}
	if !w.built {
		w.lists, w.others = w.cat.edgeTargets(w.a)
		w.built = true
	}
	if p := int(src.pos); p < w.lists.len() && w.cat.resources[p] == src {
		return w.lists.of(p)
	}
	return w.others[src]
}

// done gives the lists back to the arena.
func (w *edgeWalk) done() {
	if w.built {
		w.lists.giveBack(w.a)
	}
}

// setInherited sets a metaparameter taken from a container.
func (r *Resource) setInherited(p *Param) {
	dup := *p
	r.set(&dup)
}

// metaparamsOf are r's parameters of the names that are set (not undef).
func metaparamsOf(r *Resource, names []string) []*Param {
	var out []*Param
	for _, n := range names {
		if p := r.param(n); p != nil && !values.IsUndef(p.Value) {
			out = append(out, p)
		}
	}
	return out
}

// validateRelationships is the catalog validator that runs last: every
// relationship metaparameter must name a resource in the catalog.
func (c *Ctx) validateRelationships() {
	for _, r := range c.catalog.resources {
		if r.Virtual {
			continue
		}
		for _, p := range r.Params {
			if !isRelationshipParam(p.Name) {
				continue
			}
			if a, ok := p.Value.(*values.Array); ok && p.foundRefs > 0 {
				for _, e := range a.Elems()[:a.Len()-int(p.foundRefs)] {
					c.validateReferences(p, e)
				}
				continue
			}
			c.validateReferences(p, p.Value)
		}
	}
}

// validateReferences checks the references of a relationship parameter's
// value, arrays flattened.
func (c *Ctx) validateReferences(p *Param, v values.Value) {
	if a, ok := v.(*values.Array); ok {
		for _, e := range a.Elems() {
			c.validateReferences(p, e)
		}
		return
	}
	if values.IsUndef(v) {
		return
	}
	if c.refsFound.has(v) {
		return
	}
	// a reference found from its type and title as they are: no string
	// built to be split again
	if typ, title, canon, ok := refParts(v); ok && c.findRefParts(typ, title, canon) != nil {
		c.refsFound.add(v)
		return
	}
	text := refString(v)
	typ, title, ok := splitRefString(text)
	if !ok {
		panic(located("No title provided and "+quoteRuby(text)+" is not a valid resource reference", p.File(), int(p.Line)))
	}
	if c.findResourceByName(typ, title) == nil {
		panic(located("Could not find resource '"+text+"' in parameter '"+p.Name+"'", p.File(), int(p.Line)))
	}
}

// refParts are the type and title that splitting refString(v) gives, for
// the references whose parts are at hand: typed references whose type
// holds no '[' and (for classes, whose titles are capitalized and then
// lowercased) an ASCII title. ok is false for the others. canon says typ
// is the reference's type as it was, which capitalizing left as it is
// (capitalizing it again gives it too), and no class's.
func refParts(v values.Value) (typ, title string, canon, ok bool) {
	switch x := v.(type) {
	case *values.ResourceType:
		if !x.HasTitle {
			return "", "", false, false
		}
		if isClassName(x.TypeName) {
			return "Class", x.Title, false, values.IsASCII(x.Title)
		}
		typ = capitalized.get(x.TypeName)
		return typ, x.Title, typ == x.TypeName, typ != "" && strings.IndexByte(typ, '[') < 0
	case *values.ClassType:
		return "Class", x.ClassName, false, x.ClassName != "" && values.IsASCII(x.ClassName)
	}
	return "", "", false, false
}

// findRefParts is findResourceByName of refParts' type and title; canon
// says the type is no class's and as capitalizing leaves it, so it is
// looked up as it is.
func (c *Ctx) findRefParts(typ, title string, canon bool) *Resource {
	if canon {
		return c.catalog.findByRef(c.prog, typ, title)
	}
	return c.findResourceByName(typ, title)
}

// findResourceByName finds a resource by a reference's type and title, as
// Catalog#resource does.
func (c *Ctx) findResourceByName(typ, title string) *Resource {
	if isClassName(typ) {
		return c.catalog.find("Class", classTitle(normalizeName(title)))
	}
	return c.catalog.findByRef(c.prog, capitalized.get(typ), title)
}

// refString is a reference as Puppet 3 resources print it: "Type[title]".
func refString(v values.Value) string {
	switch x := v.(type) {
	case *values.ResourceType:
		if x.HasTitle {
			if isClassName(x.TypeName) {
				return "Class[" + capitalizeTypeName(x.Title) + "]"
			}
			return capitalizeTypeName(x.TypeName) + "[" + x.Title + "]"
		}
	case *values.ClassType:
		if x.ClassName != "" {
			return "Class[" + capitalizeTypeName(x.ClassName) + "]"
		}
	}
	return values.ToString(v)
}

// splitRefString splits "Type[title]" (Puppet::Resource.type_and_title).
func splitRefString(s string) (typ, title string, ok bool) {
	i := strings.IndexByte(s, '[')
	if i <= 0 || !strings.HasSuffix(s, "]") {
		return "", "", false
	}
	return s[:i], s[i+1 : len(s)-1], true
}

// foundRefs are references validateReferences found, by the addresses
// of the bytes of their type's name and title (refNames), one per slot:
// the code names a reference with the same strings wherever it is
// evaluated (a define's require => Class['x'] in each of its instances,
// a resource default's in each resource), and whether a reference is
// found depends on those strings alone. The catalog only grows, so a
// reference found stays found.
type foundRefs [64]struct{ typ, title string }

// has reports whether v is a reference kept: one of the same strings.
func (f *foundRefs) has(v values.Value) bool {
	typ, title, ok := refNames(v)
	if !ok {
		return false
	}
	e := f.slot(typ, title)
	return sameBytes(e.typ, typ) && sameBytes(e.title, title)
}

// add keeps v, in place of the reference at its slot.
func (f *foundRefs) add(v values.Value) {
	if typ, title, ok := refNames(v); ok {
		e := f.slot(typ, title)
		e.typ, e.title = typ, title
	}
}

// slot is the slot of typ's and title's reference, picked by their
// addresses.
func (f *foundRefs) slot(typ, title string) *struct{ typ, title string } {
	h := bytesHash(title) ^ uint64(uintptr(unsafe.Pointer(unsafe.StringData(typ))))
	return &f[h*fibonacci>>(64-6)]
}

// refNames are the strings a reference's lookup (refParts, refString)
// reads: its type's name (Class for a Class type) and its title; ok is
// false for a value that is no reference with both.
func refNames(v values.Value) (typ, title string, ok bool) {
	switch x := v.(type) {
	case *values.ResourceType:
		return x.TypeName, x.Title, x.HasTitle && x.TypeName != ""
	case *values.ClassType:
		return "Class", x.ClassName, x.ClassName != ""
	}
	return "", "", false
}

// sameBytes says whether a and b are the same bytes in memory (not only
// equal ones).
func sameBytes(a, b string) bool {
	return unsafe.StringData(a) == unsafe.StringData(b) && len(a) == len(b)
}
