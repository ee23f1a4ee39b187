package rt

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// relationship is one operand pair of a relationship expression, made into
// before/notify parameters when the catalog is finished (parser/
// relationship.rb).
type relationship struct {
	source, target []values.Value // resource types, class types or collectors
	notify         bool           // ~> rather than ->
	ends           [2]values.Value
}

// collectorValue is the value of a collector expression: it stands for
// the resources the collector collected, in relationships.
type collectorValue struct {
	values.External
	coll *Collector
	// emptyAlternative is what a relationship uses on the collector's left
	// when it collected nothing: the left operand of the relationship whose
	// right side it was.
	emptyAlternative []values.Value
}

// Relate is a relationship expression `left op right` (-> ~> <- <~) at
// site. It records relationships between every pair and returns the right
// operand's references, which chains use as the next left operand.
//
// The site is built only for an error of an operand.
func (s *Scope) Relate(site SiteRef, op string, left, right values.Value) values.Value {
	c := s.c
	// the operands' lists are on the stack: a relationship copies its
	// ends, and what is kept (the value, a collector's alternative) is
	// copied
	var lbuf, rbuf [4]values.Value
	l := c.relationOperands(site, left, lbuf[:0])
	r := c.relationOperands(site, right, rbuf[:0])
	source, target := l, r
	if op == "<-" || op == "<~" {
		source, target = r, l
	}
	notify := op == "~>" || op == "<~"
	for _, s := range source {
		for _, t := range target {
			rel := alloc(&c.relationshipSlab, 32)
			rel.notify, rel.ends = notify, [2]values.Value{s, t}
			rel.source, rel.target = rel.ends[0:1:1], rel.ends[1:2:2]
			c.relationships = append(c.relationships, rel)
		}
	}
	if len(r) == 0 {
		return c.copyArray(l)
	}
	if len(r) == 1 {
		if cv, ok := r[0].(*collectorValue); ok {
			cv.emptyAlternative = append(makeSlice(&c.valueLists, len(l), 1024), l...)
		}
	}
	return c.copyArray(r)
}

// relationOperands appends to out the values a relationship accepts that
// an operand flattens to: resource and class references, strings naming
// them, collectors.
func (c *Ctx) relationOperands(site SiteRef, v values.Value, out []values.Value) []values.Value {
	var add func(v values.Value)
	add = func(v values.Value) {
		switch x := v.(type) {
		case *values.Array:
			for _, e := range x.Elems() {
				add(e)
			}
			return
		case *collectorValue:
			out = appendUnique(out, x)
			return
		case values.String:
			// A string is a type in string form (TypeParser#parse): a
			// value that is no type, such as a bare class name, is an
			// invalid type specification.
			// Puppet reports its ParseError as raised by the
			// relationship expression.
			t, err := c.prog.parseType(string(x))
			if err != nil {
				panic(runtimeError(site.Site(), err.Error()))
			}
			if _, ok := t.(values.Type); !ok {
				panic(runtimeError(site.Site(), "The expression <"+strings.TrimSpace(string(x))+"> is not a valid type specification."))
			}
			add(t)
			return
		case *values.ResourceType, *values.ClassType:
			// catalog entries' types, which the check below accepts
			// (TestRelationOperandTypes), told without it
			out = appendUnique(out, x)
			return
		case values.Type:
			if !values.IsAssignable(catalogEntryOrType, x) {
				IssueAt(site.Site(), "NOT_CATALOG_TYPE", "Illegal relationship operand, can not form a relationship with something of type %s. A Catalog type is required.", values.TypeString(x))
			}
			out = appendUnique(out, x)
			return
		}
		IssueAt(site.Site(), "ILLEGAL_RELATIONSHIP_OPERAND_TYPE", "Illegal relationship operand, can not form a relationship with %s. A Catalog type is required.", valueLabel(v))
	}
	add(v)
	return out
}

var catalogEntryOrType = values.MustParseType("Variant[CatalogEntry, Type[CatalogEntry]]")

func appendUnique(list []values.Value, v values.Value) []values.Value {
	for _, x := range list {
		if x == v || (!isCollector(x) && !isCollector(v) && values.Equals(x, v)) {
			return list
		}
	}
	return append(list, v)
}

func isCollector(v values.Value) bool { _, ok := v.(*collectorValue); return ok }

// relEnd is an end of a relationship: a reference, and the resource it
// stands for when that is known (one a collector collected).
type relEnd struct {
	ref values.Value
	res *Resource
}

// evaluate makes the relationship's parameters (Relationship#evaluate):
// each source's parameter gets each target's reference. Each end is
// found once, each target's reference made once (a collector's
// resources make many pairs with one end), in the order, and with the
// error, of a search for both ends of each pair.
func (rel *relationship) evaluate(c *Ctx) {
	var sbuf, tbuf [8]relEnd
	sources := leftmost(c, sbuf[:0], rel.source)
	targets := collected(c, tbuf[:0], rel.target)
	if len(sources) == 0 || len(targets) == 0 {
		return
	}
	// the targets found so far: on the stack, or for many (a
	// collector's) in the compile's list, made once for the most
	var dbuf [8]relTarget
	dsts := dbuf[:0]
	if len(targets) > len(dbuf) {
		if cap(c.relTargets) < len(targets) {
			c.relTargets = make([]relTarget, 0, len(targets))
		}
		dsts = c.relTargets[:0]
	}
	for _, s := range sources {
		src := c.relationshipEnd(s)
		if src == nil {
			Errorf("Could not find resource '%s' for relationship on '%s'", refText(s.ref), refText(targets[0].ref))
		}
		for j, t := range targets {
			if j == len(dsts) {
				dst := c.relationshipEnd(t)
				if dst == nil {
					Errorf("Could not find resource '%s' for relationship from '%s'", refText(t.ref), refText(s.ref))
				}
				ref, own := relationshipRef(t.ref, dst)
				dsts = append(dsts, relTarget{ref: ref, found: own && refFindsItself(dst)})
			}
			c.makeRelationship(src, dsts[j], rel.notify)
		}
	}
}

// relTarget is a relationship's target as its sources' parameters get
// it: its reference, and whether that is the resource's own that finds
// it (Param.foundRefs).
type relTarget struct {
	ref   values.Value
	found bool
}

// leftmost appends to out the ends a relationship's left operand stands
// for: a collector that collected nothing stands for the left operand of
// the relationship whose right side it was.
func leftmost(c *Ctx, out []relEnd, vs []values.Value) []relEnd {
	if len(vs) == 1 {
		if cv, ok := vs[0].(*collectorValue); ok && len(cv.coll.order) == 0 {
			return leftmost(c, out, cv.emptyAlternative)
		}
	}
	return collected(c, out, vs)
}

// collected appends to out the ends vs stand for, a collector for what
// it collected, in the order it collected it.
func collected(c *Ctx, out []relEnd, vs []values.Value) []relEnd {
	// room for them all at once: a collector collects up to hundreds
	n := len(out)
	for _, v := range vs {
		if cv, ok := v.(*collectorValue); ok {
			n += len(cv.coll.order)
		} else {
			n++
		}
	}
	if n > cap(out) {
		out = append(make([]relEnd, 0, n), out...)
	}
	for _, v := range vs {
		if cv, ok := v.(*collectorValue); ok {
			for _, r := range cv.coll.order {
				out = append(out, relEnd{r.refType(c), r})
			}
			continue
		}
		out = append(out, relEnd{ref: v})
	}
	return out
}

// relationshipEnds are the references relationships add to one
// parameter (before or notify) of one resource, kept until all
// relationships are evaluated and then set at once (makeRelationships).
type relationshipEnds struct {
	src   *Resource
	param string
	old   *Param // the parameter as it was
	list  []values.Value
	found int // the last found of list are references to resources of the catalog (Param.foundRefs)
	// in: the ends whose list this source's references go to, when old
	// is shared with other resources (Param.shared) and an Array: Puppet
	// appends to that Array in place (Relationship#mk_relationship's <<),
	// so every resource holding it has every reference added to any of
	// them. nil: its own list.
	in *relationshipEnds
}

// relationshipAt is where c.relationshipIndex holds a source's ends:
// every source is in the catalog (found there), at its position.
func (c *Ctx) relationshipAt(src *Resource, notify bool) **relationshipEnds {
	i := 2 * int(src.pos)
	if notify {
		i++
	}
	if i >= len(c.relationshipIndex) {
		if c.relationshipIndex == nil {
			c.relationshipIndex = reuseList(c.arena, func(a *arena) *[]*relationshipEnds { return &a.relIndex }, 2*len(c.catalog.resources))
		}
		c.relationshipIndex = append(c.relationshipIndex, make([]*relationshipEnds, 2*len(c.catalog.resources)-len(c.relationshipIndex))...)
	}
	return &c.relationshipIndex[i]
}

// makeRelationship adds a target's reference to source's before or
// notify parameter (Relationship#evaluate), in c.relationshipEnds: the
// parameters are set by setRelationshipParams when every relationship
// has added its reference, each once.
func (c *Ctx) makeRelationship(src *Resource, target relTarget, notify bool) {
	at := c.relationshipAt(src, notify)
	e := *at
	if e == nil {
		param := "before"
		if notify {
			param = "notify"
		}
		e = alloc(&c.relationshipEndsSlab, 32)
		*e = relationshipEnds{src: src, param: param, old: src.param(param)}
		if in := c.sharedEnds(e); in != nil {
			e.in = in
		} else if old := e.old; old != nil {
			switch x := old.Value.(type) {
			case *values.Array:
				e.list = append(makeSlice(&c.valueLists, x.Len()+1, 1024), x.Elems()...)
			default:
				if !values.IsUndef(x) {
					e.list = append(makeSlice(&c.valueLists, 4, 1024), x)
				}
			}
		}
		if e.list == nil {
			e.list = makeSlice(&c.valueLists, 4, 1024)
		}
		*at = e
		c.relationshipOrder = append(c.relationshipOrder, e)
	}
	if e.in != nil {
		e = e.in
	}
	if len(e.list) == cap(e.list) { // grown in chunks, twice as large
		e.list = append(makeSlice(&c.valueLists, 2*len(e.list), 1024), e.list...)
	}
	e.list = append(e.list, target.ref)
	if target.found {
		e.found++
	} else {
		e.found = 0
	}
}

// sharedEnds is the ends whose list e's references go to (relationshipEnds.in)
// when its parameter is shared and an Array, nil when they go to e's own:
// the first source holding the parameter keeps the list.
func (c *Ctx) sharedEnds(e *relationshipEnds) *relationshipEnds {
	key := sharedKey(e.old)
	if key == nil {
		return nil
	}
	if in := c.sharedRelationshipEnds[key]; in != nil {
		return in
	}
	if c.sharedRelationshipEnds == nil {
		c.sharedRelationshipEnds = map[any]*relationshipEnds{}
	}
	c.sharedRelationshipEnds[key] = e
	return nil
}

// sharedKey is what resources holding p share (Param.shared) when Puppet
// appends to it in place: p itself, or its Array value; nil when p is
// nobody else's, or its value no Array (Puppet gives the source an Array
// of its own).
func sharedKey(p *Param) any {
	if p == nil || p.shared == 0 {
		return nil
	}
	a, ok := p.Value.(*values.Array)
	switch {
	case !ok:
		return nil
	case p.shared == sharedValue:
		return a
	}
	return p
}

// relationshipRef is refString(target) as the String a relationship adds
// to its source's parameter: r's own reference, made once per resource,
// when target names r by its type and title as they are (not by an alias
// or a title that capitalizing changes); own says it is r's.
func relationshipRef(target values.Value, r *Resource) (ref values.Value, own bool) {
	switch x := target.(type) {
	case *values.ResourceType:
		if !x.HasTitle {
			break
		}
		if isClassName(x.TypeName) {
			if r.Type == "Class" && capitalized.get(x.Title) == r.Title {
				return r.refValue(), true
			}
		} else if x.Title == r.Title && (x.TypeName == r.Type && r.canonType || capitalized.get(x.TypeName) == r.Type) {
			return r.refValue(), true
		}
	case *values.ClassType:
		if x.ClassName != "" && r.Type == "Class" && capitalized.get(x.ClassName) == r.Title {
			return r.refValue(), true
		}
	}
	return values.String(refString(target)), false
}

// refFindsItself says whether r's reference (refValue), split again,
// finds r (findResourceByName): its type, and a class's title, are as
// capitalizing and lowercasing leave them (Class[main]'s title is not).
func refFindsItself(r *Resource) bool {
	if r.selfRef {
		return true
	}
	return canonicalRefPart(r.Type) && (r.Type != "Class" || canonicalRefPart(r.Title))
}

// canonicalRefPart says whether a reference's type, or a class's title,
// is as capitalizing and lowercasing leave it.
func canonicalRefPart(s string) bool { return s != "" && s[0] != ':' && isCapitalizedName(s) }

// setRelationshipParams sets the parameters makeRelationship collected,
// in the order they were first added to.
func (c *Ctx) setRelationshipParams() {
	for _, e := range c.relationshipOrder {
		if e.in != nil {
			continue // set with the ends that keep its list
		}
		p := Param{Name: e.param}
		if e.old != nil {
			p = *e.old
		}
		p.Value = c.newArray(e.list)
		p.foundRefs = uint16(min(e.found, 1<<16-1))
		r := e.src
		if key := sharedKey(e.old); key != nil && c.sharedRelationshipEnds[key] == e {
			// every resource holding what is shared, source or not
			p.shared = 0
			for _, r := range c.catalog.resources {
				if slices.ContainsFunc(r.Params, func(q *Param) bool { return q.Name == p.Name && sharedKey(q) == key }) {
					r.set(c.newParam(p))
				}
			}
			continue
		}
		if e.old != nil {
			r.set(c.newParam(p))
			continue
		}
		// r has no parameter of the name (makeRelationship found none,
		// and none is set since): added without looking
		if len(r.Params) == cap(r.Params) { // room in chunks
			r.Params = append(makeSlice(&c.paramLists, len(r.Params)+2, 512), r.Params...)
		}
		r.add(c.newParam(p))
	}
	if a := c.arena; a != nil {
		a.relIndex = c.relationshipIndex // for the next compile
	}
	c.relationshipIndex, c.relationshipOrder = nil, c.relationshipOrder[:0]
	c.sharedRelationshipEnds = nil
}

// relationshipEnd is the resource an end names: the one it stands for
// when it is in the catalog, under its type as a reference names it
// (where its reference, findRelationshipEnd, finds it), else the one its
// reference finds.
func (c *Ctx) relationshipEnd(e relEnd) *Resource {
	if r := e.res; r != nil && c.catalog.holds(r) && (r.canonType || capitalized.get(r.Type) == r.Type) {
		return r
	}
	return c.findRelationshipEnd(e.ref)
}

func (c *Ctx) findRelationshipEnd(v values.Value) *Resource {
	switch x := v.(type) {
	case *values.ResourceType:
		if x.HasTitle {
			return c.catalog.findByRef(c.prog, capitalized.get(x.TypeName), x.Title)
		}
	case *values.ClassType:
		return c.catalog.find("Class", classTitle(normalizeName(x.ClassName)))
	}
	return nil
}

// refText names an end of a relationship in an error as Puppet does: the
// relationship holds Puppet::Resource references whose to_s is
// "Type[title]", the type's segments capitalized, a class's title too
// (parser/relationship.rb, runtime3_support.rb add_relationship).
func refText(v values.Value) string {
	return refString(v)
}

// valueLabel is Puppet's label of a value in messages ("a String",
// "an Integer", "a Resource Statement"...), as LabelProvider#a_an does.
func valueLabel(v values.Value) string {
	return values.AAn(values.LabelOf(v))
}

// isClassName says whether a reference's type name is Class in any case
// (strings.EqualFold(s, "class")). Only C and c fold to c, and five
// characters take five bytes or more, so that most names are told apart
// from their length and first byte.
func isClassName(s string) bool {
	return len(s) >= 5 && s[0]|0x20 == 'c' && strings.EqualFold(s, "class")
}

// equalFold compares names case-insensitively.
func equalFold(a, b string) bool { return strings.EqualFold(a, b) }
