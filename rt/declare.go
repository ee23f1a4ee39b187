package rt

import (
	"errors"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// Form is a resource expression's form.
type Form uint8

const (
	Regular  Form = iota
	Virtual       // @type { ... }
	Exported      // @@type { ... }
)

// Declaration is a resource expression being evaluated. Generated code
// calls Body for each body's title, then Attr, Plus or Splat for its
// attribute operations, in source order, and Done at the end; Puppet
// checks each of them as it goes, and so does Declaration.
type Declaration struct {
	c        *Ctx
	s        *Scope
	site     SiteRef // built only for an error (its file and line are the table's)
	typeName string
	typeRef  *ResourceTypeRef // nil for a type name computed at run time
	form     Form
	bodies   []*declBody
	seen     map[string]bool // titles across bodies, once there are many
	ntitles  int
	defaults *declBody // the body titled default

	// most expressions have one body with one title: room for them
	body0   declBody
	bodies0 [1]*declBody
	// spare are the bodies after the first, kept with their lists for
	// the declaration's next uses
	spare []*declBody
}

type declBody struct {
	titles []string
	params []*Param
	// nameBits has each parameter's nameBit set: a name whose bit is
	// not set is no duplicate, without a comparison
	nameBits uint64
	isDef    bool
	title0   [1]string
}

// ResourceTypeRef is the type a resource expression names in the code,
// its name lowercase: the generated package's variable, whose number
// (resourceTypeNumbers) finds the type a compile resolved for the name
// without hashing it.
type ResourceTypeRef struct {
	Name string
	// Cell keeps Name's number plus one, 0 until known (package cell).
	Cell *Cell
}

var resourceTypeNumbers numbering

// DeclareType starts a resource expression of the type t names at site.
func (s *Scope) DeclareType(site SiteRef, t *ResourceTypeRef, form Form) *Declaration {
	d := s.Declare(site, t.Name, form)
	d.typeRef = t
	return d
}

// Declare starts a resource expression of the named type at site.
func (s *Scope) Declare(site SiteRef, typeName string, form Form) *Declaration {
	c := s.c
	if form == Exported && c.prog.Exported == nil {
		c.issueWarning(site.Site(), "You cannot collect exported resources without storeconfigs being set; the export is ignored")
	}
	// a declaration is done with when its resources are created: the
	// compile reuses it, and its first body's parameter list
	var d *Declaration
	var body0 declBody
	var bodies []*declBody
	var spare []*declBody
	if n := len(c.freeDecls); n > 0 {
		d = c.freeDecls[n-1]
		c.freeDecls = c.freeDecls[:n-1]
		body0 = declBody{titles: d.body0.titles[:0], params: d.body0.params[:0]}
		bodies, spare = d.bodies[:0], d.spare
	} else {
		d = &Declaration{}
		body0.titles = d.body0.title0[:0]
		bodies = d.bodies0[:0]
	}
	// field by field, not a whole Declaration made and copied (bodies0
	// keeps what it held: bodies points into it or is the last use's)
	d.c, d.s, d.site, d.typeName, d.typeRef, d.form = c, s, site, typeName, nil, form
	d.bodies, d.seen, d.ntitles, d.defaults, d.spare = bodies, nil, 0, nil, spare
	d.body0 = body0
	return d
}

// seenTitle records a title of the expression ("\x00default" for default),
// which goes on to the body cur, and reports whether it was seen before.
// The first few are searched in the bodies' lists, the others in a set.
func (d *Declaration) seenTitle(cur *declBody, t string) bool {
	d.ntitles++
	if d.seen == nil {
		if d.ntitles <= 16 {
			return d.hasTitle(cur, t)
		}
		d.seen = make(map[string]bool, 2*d.ntitles)
		if d.defaults != nil {
			d.seen["\x00default"] = true
		}
		for _, b := range d.bodies {
			for _, u := range b.titles {
				d.seen[u] = true
			}
		}
		for _, u := range cur.titles {
			d.seen[u] = true
		}
	}
	if d.seen[t] {
		return true
	}
	d.seen[t] = true
	return false
}

// hasTitle reports whether a body before cur, or cur, has the title.
func (d *Declaration) hasTitle(cur *declBody, t string) bool {
	if t == "\x00default" {
		return d.defaults != nil
	}
	for _, b := range d.bodies {
		if slices.Contains(b.titles, t) {
			return true
		}
	}
	return slices.Contains(cur.titles, t)
}

// ResourceTypeName converts an evaluated resource type expression (File,
// Resource['file'], Class) into a type name, as a resource expression
// accepts it.
func ResourceTypeName(site *Site, v values.Value) string {
	switch x := v.(type) {
	case *values.ClassType:
		if x.ClassName != "" {
			IssueAt(site, "ILLEGAL_RESOURCE_TYPE", "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s", values.TypeString(x))
		}
		return "class"
	case *values.ResourceType:
		if x.HasTitle {
			IssueAt(site, "ILLEGAL_RESOURCE_TYPE", "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s", values.TypeString(x))
		}
		return x.TypeName
	case *values.TypeReferenceType:
		IssueAt(site, "UNKNOWN_RESOURCE_TYPE", "Resource type not found: %s", values.TypeString(x))
	}
	IssueAt(site, "ILLEGAL_RESOURCE_TYPE", "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s",
		values.TypeString(values.Generalize(values.Infer(v))))
	return ""
}

// DefaultsTypeName is the type name of a resource defaults expression
// whose type was evaluated to v: a resource type without a title
// (eval_ResourceDefaultsExpression).
func DefaultsTypeName(site *Site, v values.Value) string {
	if x, ok := v.(*values.ResourceType); ok && x.TypeName != "" && !x.HasTitle {
		return x.TypeName
	}
	IssueAt(site, "ILLEGAL_RESOURCE_TYPE", "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s",
		values.TypeString(values.Generalize(values.Infer(v))))
	return ""
}

// Body starts a body with its evaluated title expression (titleSite
// locates the title for errors).
func (d *Declaration) Body(titleSite SiteRef, title values.Value) *Declaration {
	if values.IsUndef(title) {
		IssueAt(titleSite.Site(), "MISSING_TITLE", "Missing title. The title expression resulted in undef")
	}
	b := d.newBody()
	var room [8]values.Value
	titles := append(room[:0], title)
	if _, ok := title.(*values.Array); ok {
		titles = flattenInto(room[:0], title)
	}
	for i, t := range titles {
		switch x := t.(type) {
		case nil, values.UndefValue:
			IssueAt(titleSite.Site(), "MISSING_TITLE_AT", "Missing title at index %d. The title expression resulted in an undef title", i)
		case values.DefaultValue:
			if d.seenTitle(b, "\x00default") {
				IssueAt(d.site.Site(), "DUPLICATE_TITLE", "The title '%s' has already been used in this resource expression", "default")
			}
			b.isDef = true
			d.defaults = b
		case values.String:
			if x == "" {
				IssueAt(titleSite.Site(), "EMPTY_STRING_TITLE_AT", "Empty string title at %d. Title strings must have a length greater than zero.", i)
			}
			if d.seenTitle(b, string(x)) {
				IssueAt(d.site.Site(), "DUPLICATE_TITLE", "The title '%s' has already been used in this resource expression", string(x))
			}
			b.titles = append(b.titles, string(x))
		default:
			IssueAt(titleSite.Site(), "ILLEGAL_TITLE_TYPE_AT", "Illegal title type at index %d. Expected String, got %s", i,
				values.TypeString(values.Generalize(values.Infer(t))))
		}
	}
	d.bodies = append(d.bodies, b)
	return d
}

// newBody is the next body's: the first is d.body0, the others are
// d.spare's, made once for the declaration's uses.
func (d *Declaration) newBody() *declBody {
	n := len(d.bodies)
	if n == 0 {
		return &d.body0 // its lists emptied by Declare
	}
	if n <= len(d.spare) {
		b := d.spare[n-1]
		*b = declBody{titles: b.titles[:0], params: b.params[:0]}
		return b
	}
	b := &declBody{}
	b.titles = b.title0[:0]
	d.spare = append(d.spare, b)
	return b
}

func (d *Declaration) current() *declBody { return d.bodies[len(d.bodies)-1] }

func (d *Declaration) addParam(p *Param) {
	b := d.current()
	if bit := nameBit(p.Name); b.nameBits&bit == 0 {
		b.nameBits |= bit
	} else {
		for _, q := range b.params {
			if q.Name == p.Name {
				IssueAt(d.site.Site(), "DUPLICATE_ATTRIBUTE", "The attribute '%s' has already been set", p.Name)
			}
		}
	}
	if b.params == nil {
		b.params = make([]*Param, 0, 8) // bodies set 5 attributes on average
	}
	b.params = append(b.params, p)
}

// Attr adds `name => value` (site locates the attribute operation).
func (d *Declaration) Attr(site SiteRef, name string, v values.Value) *Declaration {
	return d.attr(site, name, v, false)
}

// ProvenAttr adds `name => value` to the current body, a value the build
// proved the declared class's or defined type's parameter accepts
// (typecheck's ProvenAttrs): binding the resource's parameters does not
// check its type again.
func (d *Declaration) ProvenAttr(site SiteRef, name string, v values.Value) *Declaration {
	return d.attr(site, name, v, true)
}

// attr is Attr and ProvenAttr: addParam(newParamAt(...)) in one call, the
// common cases of alloc, fileLine and addParam inline: a keystone compile
// makes ~1,500, where the four calls, and the spills around them, cost
// more than the work.
func (d *Declaration) attr(site SiteRef, name string, v values.Value, proven bool) *Declaration {
	ps := &d.c.paramSlab
	var p *Param
	if ps.next < len(ps.free) { // alloc's
		p = &ps.free[ps.next]
		ps.next++
		ps.used++
	} else {
		p = alloc(ps, paramChunk)
	}
	p.Name, p.Value, p.Source, p.proven = name, d.c.paramValue(site, v), d.s.source, proven
	if file, line, ok := site.tableFileLine(); ok {
		p.file, p.Line = file, line
	} else {
		p.file, p.Line = site.fileLine()
	}
	b := d.bodies[len(d.bodies)-1]
	if bit := nameBit(name); b.nameBits&bit == 0 && len(b.params) < cap(b.params) {
		b.nameBits |= bit
		b.params = append(b.params, p)
		return d
	}
	d.addParam(p)
	return d
}

// Plus adds `name +> value`.
func (d *Declaration) Plus(site SiteRef, name string, v values.Value) *Declaration {
	d.addParam(newParamAt(d.s, site, name, v, true))
	return d
}

// Splat adds `* => hash` (site locates the hash expression).
func (d *Declaration) Splat(site *Site, v values.Value) *Declaration {
	for _, p := range splatParams(d.s, site, v) {
		d.addParam(p)
	}
	return d
}

func splatParams(s *Scope, site *Site, v values.Value) []*Param {
	h, ok := v.(*values.Hash)
	if !ok {
		IssueAt(site, "TYPE_MISMATCH", "Expected value of type Hash, got %s", values.TypeString(values.Generalize(values.Infer(v))))
	}
	out := make([]*Param, h.Len())
	for i := 0; i < h.Len(); i++ {
		out[i] = newParam(s, site, values.ToString(h.KeyAt(i)), s.c.paramValueAt(paramSite{at: site}, h.ValueAt(i)), false)
	}
	return out
}

func newParam(s *Scope, site *Site, name string, v values.Value, add bool) *Param {
	p := Param{Name: name, Value: v, Add: add, Source: s.source}
	if site != nil && site.File != nil {
		p.file, p.Line = &site.File.Path, site.Line
	}
	return s.c.newParam(p)
}

// newParamAt is newParam at a site not built: its file and line.
// The parameter is set in its zeroed place in the compile's chunk, not
// made on the stack and copied there (newParam): a keystone compile makes
// ~1,400 this way.
func newParamAt(s *Scope, site SiteRef, name string, v values.Value, add bool) *Param {
	p := alloc(&s.c.paramSlab, paramChunk)
	p.Name, p.Value, p.Add, p.Source = name, s.c.paramValue(site, v), add, s.source
	if file, line, ok := site.tableFileLine(); ok {
		p.file, p.Line = file, line
	} else {
		p.file, p.Line = site.fileLine()
	}
	return p
}

// Done creates the resources and returns references to them (an array of
// resource types).
func (d *Declaration) Done() values.Value {
	c := d.c // d is reused once create is done with it
	refs := makeSlice(&c.valueLists, d.ntitles, 1024)
	d.create(&refs)
	return c.newArray(refs)
}

// Exec creates the resources of a resource expression whose value is not
// used (a statement): Done without the references.
func (d *Declaration) Exec() { d.create(nil) }

func (d *Declaration) create(refs *[]values.Value) {
	for _, b := range d.bodies {
		if b.isDef {
			continue
		}
		params, bits := b.params, b.nameBits
		if d.defaults != nil {
			params, bits = mergeParams(d.defaults.params, b.params), bits|d.defaults.nameBits
			markShared(d.defaults.params) // every body's
		}
		if len(b.titles) > 1 {
			markShared(params) // every title's
		}
		known := distinctNames
		if bits&tagBit == 0 {
			known |= noTag
		}
		d.c.createResources(d.s, d.site, d.typeName, d.typeRef, d.form, b.titles, params, known, refs)
	}
	// the resources hold their parameters, not the lists
	d.c.freeDecls = append(d.c.freeDecls, d)
}

// markShared marks parameters that several resources hold (Param.shared).
func markShared(params []*Param) {
	for _, p := range params {
		p.shared = sharedParam
	}
}

// mergeParams is Ruby's defaults.merge(body): body parameters win, in the
// defaults' places, and the body's others follow.
func mergeParams(defaults, body []*Param) []*Param {
	out := append([]*Param(nil), defaults...)
	for _, p := range body {
		found := false
		for i, q := range out {
			if q.Name == p.Name {
				out[i] = p
				found = true
				break
			}
		}
		if !found {
			out = append(out, p)
		}
	}
	return out
}

// paramsKnown is what the caller of createResources knows of the
// parameters it gives.
type paramsKnown uint8

const (
	// distinctNames: the names are distinct (a resource expression's,
	// which Declaration checked as they were added)
	distinctNames paramsKnown = 1 << iota
	// noTag: no parameter is named tag, which initResource would
	// otherwise look for among them (a body's nameBits has not tag's
	// bit)
	noTag
)

// nameBit is name's bit in a declBody's nameBits: one of 64, from its
// length and its first and last bytes, which tell apart more of a body's
// names than their lengths alone (ensure, notify, before, target, ...
// have one length).
func nameBit(name string) uint64 {
	h := len(name)
	if h > 0 {
		h += int(name[0])*5 + int(name[h-1])
	}
	return uint64(1) << (h & 63)
}

// tagBit is nameBit("tag"), the bit a parameter named tag sets.
const tagBit = uint64(1) << ((len("tag") + 't'*5 + 'g') & 63)

// createResources is Runtime3ResourceSupport.create_resources: one resource
// per title, added to the catalog; classes are evaluated at once.
//
// known is what the caller knows of params (paramsKnown). The references
// to the resources are appended to refs unless it is nil. titleValues,
// when not nil, are the titles as values, for titles that are not
// Strings (create_resources).
//
// The site is built only for an error: the resources' file and line are
// read from its table (SiteRef.fileLine).
func (c *Ctx) createResources(s *Scope, site SiteRef, typeName string, typeRef *ResourceTypeRef, form Form, titles []string, params []*Param, known paramsKnown, refs *[]values.Value, titleValues ...values.Value) {
	file, line := site.fileLine()
	guardRef(site, func() {
		if equalFold(typeName, "class") {
			for _, title := range titles {
				cl := c.findClass(title)
				name := title
				if cl != nil {
					name = cl.Name
				}
				if form != Regular {
					IssueAt(site.Site(), "CLASS_NOT_VIRTUALIZABLE", "Classes are not virtualizable")
				}
				if cl == nil {
					Errorf("Could not find declared class %s", name)
				}
				r := c.newResource(Resource{Type: "Class", Title: cl.title(), Kind: kindClass, scope: s, source: s.source, class: cl})
				r.File, r.Line = *file, int(line)
				c.initResource(s, r, params, known, nil)
				c.instantiate(s, r)
				c.addResource(s, r)
				c.evaluateClasses(s, []string{cl.Name}, false)
				if refs != nil {
					*refs = append(*refs, classRef(cl.Name))
				}
			}
			return
		}
		rtype := c.resourceTypeOf(typeName, typeRef)
		native, def, typ := rtype.native, rtype.def, rtype.name
		list := rtype.resources(c)
		for i, title := range titles {
			// set in its zeroed place in the compile's chunk, not made
			// on the stack and copied there (newResource)
			r := alloc(&c.resourceSlab, resourceChunk)
			r.Type, r.Title, r.scope, r.source, r.native, r.define = typ, title, s, s.source, native, def
			r.Virtual, r.Exported, r.canonType, r.selfRef = form != Regular, form == Exported, rtype.canonType, rtype.selfRef
			if i < len(titleValues) {
				if _, str := titleValues[i].(values.String); !str {
					r.titleValue = titleValues[i]
				}
			}
			r.File, r.Line = *file, int(line)
			if def != nil {
				r.Kind = kindDefinedType
			} else {
				r.Kind = kindCompilable
			}
			c.initResource(s, r, params, known, rtype)
			c.addResourceTo(s, r, list)
			if refs != nil {
				*refs = append(*refs, r.refType(c))
			}
		}
	})
}

// resourceTypeOf is resourceType(name) of a type name the code names
// (ref, nil for one computed at run time), kept by the name's number for
// the compile's next expressions that name it.
func (c *Ctx) resourceTypeOf(name string, ref *ResourceTypeRef) *resourceType {
	if ref == nil {
		return c.resourceType(name)
	}
	n := resourceTypeNumbers.of(ref.Name, cell.Of(&ref.Cell).Number(0))
	if n < len(c.typesByNumber) {
		if t := c.typesByNumber[n]; t != nil {
			return t
		}
	}
	t := c.resourceType(name)
	if n >= len(c.typesByNumber) {
		c.typesByNumber = append(c.typesByNumber, make([]*resourceType, resourceTypeNumbers.room(n)-len(c.typesByNumber))...)
	}
	c.typesByNumber[n] = t
	return t
}

// resourceType is the type of a resource expression's type name, with
// what its resources look up by their type in a compile.
type resourceType struct {
	native NativeType
	def    *Define
	name   string // capitalized
	// tags are typeTagsOf(name)'s, nil when the name is no valid tag
	// (initResource fails)
	tags []string
	list *[]*Resource // c.typeList(name), once a resource needs it
	// the type's resources' canonType and selfRef (typeFound's)
	canonType, selfRef bool
	// hasDefaults: some scope has resource defaults for the type, as
	// c.defaultTypes said when c.defaultsGen was defaultsGen
	hasDefaults bool
	defaultsGen int
}

// mayHaveDefaults reports whether some scope of the compile has resource
// defaults for the type (c.defaultTypes), asked again only when a
// defaults expression was evaluated since.
func (t *resourceType) mayHaveDefaults(c *Ctx) bool {
	if t.defaultsGen != c.defaultsGen {
		t.defaultsGen, t.hasDefaults = c.defaultsGen, slices.Contains(c.defaultTypes, t.name)
	}
	return t.hasDefaults
}

// resources is c.typeList(t.name).
func (t *resourceType) resources(c *Ctx) *[]*Resource {
	if t.list == nil {
		t.list = c.typeList(t.name)
	}
	return t.list
}

// resourceType finds the type a resource expression names, failing as
// Puppet does for an unknown one. A name is looked up once per compile:
// what finding it loads (autoload) is loaded then, and what it checks
// gives the same verdict every time.
func (c *Ctx) resourceType(typeName string) *resourceType {
	if t := c.resourceTypes[typeName]; t != nil {
		return t
	}
	res := c.resolveResourceType(typeName)
	t := alloc(&c.typeSlab, 16)
	*t = resourceType{native: res.native, def: res.def, name: res.name, tags: res.tags, canonType: res.canonType, selfRef: res.selfRef}
	if c.resourceTypes == nil {
		// as many as the last compile named (a map for at most 8 is
		// one group of slots, a larger one a table)
		c.resourceTypes = make(map[string]*resourceType, max(c.prog.lastTypeNames.Load(), 4))
	}
	c.resourceTypes[typeName] = t
	return t
}

// typeFound is what a type name resolves to in a program, the same
// in each of its compiles: kept by the program for their later ones,
// which only load what finding a defined type loads (walk).
type typeFound struct {
	native NativeType
	def    *Define
	walk   *walk    // the walk that found def
	name   string   // capitalized
	tags   []string // typeTagsOf(name)'s
	// name is as capitalizing leaves it; a reference of the type finds
	// its resource (Resource.canonType, selfRef)
	canonType, selfRef bool
	// the release and strict setting it was resolved with, which decide
	// which modules are absent (Program.SetPuppet, SetSetting)
	release *Release
	strict  string
}

// resolveResourceType is resourceType's resolution of a name: the
// program's, or found and kept for its next compiles (from its second
// compile on). A name that fails
// (an unknown type, a broken manifest, a type whose Ruby library is
// missing) fails in each compile and is not kept.
func (c *Ctx) resolveResourceType(typeName string) typeFound {
	p := c.prog
	if res, ok := readmap.Load(&p.resourceTypes, typeName); ok && res.release == p.Puppet() && res.strict == p.strict {
		if res.walk != nil {
			c.autoload(res.walk)
		}
		return *res
	}
	res := typeFound{native: p.findNative(typeName), release: p.Puppet(), strict: p.strict}
	if res.native == nil {
		res.walk = p.walkOf(typeName, true)
		res.def = c.defineOf(res.walk)
	}
	if res.native == nil && res.def == nil {
		Errorf("Unknown resource type: '%s'", typeName)
	}
	p.checkAutoload(res.native)
	res.name = capitalized.get(typeName)
	res.tags, _ = typeTagsOf(res.name)
	res.canonType, res.selfRef = capitalized.get(res.name) == res.name, canonicalRefPart(res.name) && res.name != "Class"
	// a one-shot process's compile would keep it for none; a side
	// definition is found only where its file is loaded
	if p.compiledOnce() && (res.walk == nil || res.walk.side < 0) {
		kept := res
		readmap.Store(&p.resourceTypes, typeName, &kept) // unless kept (a stale one stays)
	}
	return res
}

// initResource sets a new resource's parameters and the scope's defaults
// (Parser::Resource#initialize) and its automatic tags. known is what the
// caller knows of params (paramsKnown): names known to be distinct have no
// duplicate to look for, and without a tag none to look for either.
// rtype is r's type as a resource expression found it (its tags, whether
// it may have defaults), nil to look them up.
func (c *Ctx) initResource(s *Scope, r *Resource, params []*Param, known paramsKnown, rtype *resourceType) {
	var typeTags []string
	if rtype != nil {
		typeTags = rtype.tags
	}
	if typeTags == nil {
		typeTags, _ = typeTagsOf(r.Type)
	}
	var titleTags []string
	if r.titleValue == nil {
		titleTags = titleTagsOf(r.Title)
	}
	var defaults []*Param
	if rtype == nil || rtype.mayHaveDefaults(c) {
		defaults = s.lookupDefaults(r.Type)
	}
	if r.Params == nil {
		// room for the metaparameters relationships and stages add
		r.Params = makeSlice(&c.paramLists, len(params)+len(defaults)+2, 512)
	}
	if r.Tags == nil {
		tagged := params
		if known&noTag != 0 {
			tagged = nil
		}
		r.Tags = c.newTags(s, ownTags(typeTags, titleTags, tagged, defaults))
	}
	if known&distinctNames != 0 {
		// what add does for each, at once: r is new (not checked)
		r.Params = append(r.Params, params...)
		if known&noTag == 0 {
			for _, p := range params {
				if p.Name == "tag" {
					r.tagValues(p.Value)
				}
			}
		}
	} else {
		for _, p := range params {
			if r.param(p.Name) != nil {
				Errorf("Duplicate parameter '%s' for on %s", p.Name, r.Ref())
			}
			r.add(p)
		}
	}
	c.applyDefaults(r, defaults)
	if typeTags == nil {
		r.tag(lowered.get(r.Type)) // fails: the type's name is no valid tag
	}
	r.addOwnTags(typeTags)
	r.addOwnTags(titleTags) // tagIfValid's
}

// ownTags is how many tags initResource gives a resource at most, with
// room for a tag parameter's: its type's, its title's. params are those
// that may be named tag.
func ownTags(typeTags, titleTags []string, params, defaults []*Param) int {
	n := len(typeTags) + len(titleTags)
	for _, list := range [2][]*Param{params, defaults} {
		for _, p := range list {
			if p.Name == "tag" {
				n += 4
			}
		}
	}
	return n
}

// newTags is an empty tag list for a resource declared in s, with room for
// own tags, then the scope's (finishEvaluation).
func (c *Ctx) newTags(s *Scope, own int) []string {
	n := own
	if sr := s.resource; sr != nil {
		n += len(sr.Tags)
	}
	return makeSlice(&c.tagLists, n, 512)
}

// applyDefaults adds the resource defaults that apply to r's type in its
// scope (s.lookupDefaults(r.Type)), for the parameters r does not set.
func (c *Ctx) applyDefaults(r *Resource, defaults []*Param) {
	for _, p := range defaults {
		if r.param(p.Name) != nil {
			continue
		}
		dup := c.newParam(*p)
		dup.shared = sharedValue
		r.Params = append(r.Params, dup)
		if dup.Name == "tag" {
			r.tagValues(dup.Value)
		}
	}
}

// ---- resource defaults ----

// Defaults is `Type { attrs }`: defaults for a type in this scope.
func (s *Scope) Defaults(site *Site, typeName string) *DefaultsDecl {
	if p := s.c.prog; p.failingTypes {
		// the type name, evaluated first, loads the type (see
		// Scope.Type)
		if msg := p.autoloadError(p.findNative(typeName)); msg != "" && site != nil {
			raise(typeNameSite(site), errors.New(msg))
		}
	}
	return &DefaultsDecl{c: s.c, s: s, site: site, typ: capitalized.get(typeName)}
}

// DefaultsDecl collects the attribute operations of a defaults expression.
type DefaultsDecl struct {
	c      *Ctx
	s      *Scope
	site   *Site
	typ    string
	params []*Param
}

// Attr adds a default.
func (d *DefaultsDecl) Attr(site SiteRef, name string, v values.Value) *DefaultsDecl {
	if d.params == nil {
		d.params = makeSlice(&d.c.paramLists, 8, 512) // in the compile's chunks
	}
	d.params = append(d.params, newParamAt(d.s, site, name, v, false))
	return d
}

// Plus adds a default with +> (Puppet accepts it here at run time).
func (d *DefaultsDecl) Plus(site SiteRef, name string, v values.Value) *DefaultsDecl {
	d.params = append(d.params, newParamAt(d.s, site, name, v, true))
	return d
}

// Splat adds defaults from a hash.
func (d *DefaultsDecl) Splat(site *Site, v values.Value) *DefaultsDecl {
	d.params = append(d.params, splatParams(d.s, site, v)...)
	return d
}

// Done records the defaults in the scope (Scope#define_settings).
func (d *DefaultsDecl) Done() values.Value {
	c := d.c
	if !slices.Contains(c.defaultTypes, d.typ) {
		if c.defaultTypes == nil {
			c.defaultTypes = c.defaultTypes0[:0]
		}
		c.defaultTypes = append(c.defaultTypes, d.typ)
	}
	c.defaultsGen++
	table := d.s.defaults.of(d.typ)
	if cap(table)-len(table) < len(d.params) { // room for all, in chunks
		table = append(makeSlice(&d.c.paramLists, len(table)+len(d.params), 512), table...)
	}
	for _, p := range d.params {
		for _, q := range table {
			if q.Name == p.Name {
				msg := "Default already defined for " + d.typ + " { " + p.Name + " }; cannot redefine"
				if l := locationString(p.File(), int(p.Line), 0); l != "" {
					msg += " " + l
				}
				panic(&detailError{msg: msg})
			}
		}
		table = append(table, p)
	}
	if d.s.defaults == nil {
		d.s.defaults = makeSlice(&c.defaultsLists, 1, 32) // in the compile's chunks: mostly one type
	}
	d.s.defaults.set(d.typ, table)
	return values.Undef
}

// ---- overrides ----

// Override is `Ref[..] { attrs }`: overrides of the referenced resources.
func (s *Scope) Override(site *Site, refs values.Value) *OverrideDecl {
	return &OverrideDecl{c: s.c, s: s, site: site, refs: refs}
}

// OverrideDecl collects the attribute operations of an override.
type OverrideDecl struct {
	c      *Ctx
	s      *Scope
	site   *Site
	refs   values.Value
	params []*Param
}

// Attr adds an overriding value.
func (o *OverrideDecl) Attr(site SiteRef, name string, v values.Value) *OverrideDecl {
	o.params = append(o.params, newParamAt(o.s, site, name, v, false))
	return o
}

// Plus adds to a parameter's value (+>).
func (o *OverrideDecl) Plus(site SiteRef, name string, v values.Value) *OverrideDecl {
	o.params = append(o.params, newParamAt(o.s, site, name, v, true))
	return o
}

// Splat adds overriding values from a hash.
func (o *OverrideDecl) Splat(site *Site, v values.Value) *OverrideDecl {
	o.params = append(o.params, splatParams(o.s, site, v)...)
	return o
}

// Done records the override for each referenced resource (applied now if
// the resource exists, else when it appears or at finish).
func (o *OverrideDecl) Done() values.Value {
	for _, r := range flattenInto(nil, o.refs) {
		rt, ok := r.(*values.ResourceType)
		if !ok || equalFold(rt.TypeName, "class") {
			IssueAt(o.site, "ILLEGAL_OVERRIDDEN_TYPE", "Resource Override can only operate on resources, got: %s", values.LabelOf(r))
		}
		if !rt.HasTitle {
			// Puppet::Resource.new(type, nil) raises an ArgumentError
			// naming the type as Ruby inspects its name: a native type's
			// symbol, a defined type's string (runtime3_support.rb
			// create_resource_overrides, resource.rb extract_type_and_title).
			name := strings.ToLower(rt.TypeName)
			inspected := ":" + name
			if o.c.prog.findNative(name) == nil {
				inspected = fn.RubyInspect(values.String(name))
			}
			panic(runtimeError(o.site, "No title provided and "+inspected+" is not a valid resource reference"))
		}
		ov := &Resource{Type: capitalizeTypeName(rt.TypeName), Title: rt.Title, scope: o.s, source: o.s.source,
			native: o.c.prog.findNative(rt.TypeName), define: o.c.prog.findDefine(rt.TypeName)}
		ov.File, ov.Line = o.site.File.Path, int(o.site.Line)
		for _, p := range o.params {
			ov.Params = append(ov.Params, p)
		}
		guard(o.site, func() { o.c.addOverride(ov) })
	}
	return values.Undef
}

func (c *Ctx) addOverride(ov *Resource) {
	if r := c.catalog.findByRef(c.prog, ov.Type, ov.Title); r != nil {
		c.mergeOverride(r, ov)
		return
	}
	key := ov.Ref()
	if _, ok := c.overrides[key]; !ok {
		c.overrideOrder = append(c.overrideOrder, key)
	}
	if c.overrides == nil {
		c.overrides = map[string][]*Resource{} // most compiles have none
	}
	c.overrides[key] = append(c.overrides[key], ov)
}

// mergeOverride is Parser::Resource#merge: only the declaring class or a
// subclass may override.
func (c *Ctx) mergeOverride(r, ov *Resource) {
	if !(sameDefinition(r.source, ov.source) || c.childOf(ov.source, r.source)) {
		panic(located("Only subclasses can override parameters", ov.File, ov.Line))
	}
	if r.evaluated {
		msg := "Attempt to override an already evaluated resource"
		if l := locationString(r.File, r.Line, 0); l != "" {
			msg += ", defined at " + l + ", with new values"
		} else {
			msg += " with new values"
		}
		// Puppet[:strict] decides (parser/resource.rb#merge)
		switch c.prog.strict {
		case "error":
			panic(located(msg, ov.File, ov.Line))
		case "warning":
			if l := locationString(ov.File, ov.Line, 0); l != "" {
				msg += " " + l
			}
			c.logAt("warning", nil, msg, nil)
		}
	}
	for _, p := range ov.Params {
		c.overrideParameter(r, p)
	}
}

func sameDefinition(a, b definition) bool { return a == b }

// childOf is Resource::Type#child_of?: a subclass, or any source that a
// collector with overrides has marked as an overrider.
func (c *Ctx) childOf(a, b definition) bool {
	if a == nil {
		return false
	}
	return c.overriders[a] || a.childOf(c.prog, b)
}

// overrideParameter is Parser::Resource#override_parameter.
func (c *Ctx) overrideParameter(r *Resource, p *Param) {
	cur := r.param(p.Name)
	if cur == nil {
		r.set(p)
		return
	}
	if r.scope.isDefault(r.Type, p.Name, p.Value) {
		return
	}
	if !c.childOf(p.Source, cur.Source) &&
		!(sameDefinition(p.Source, cur.Source) && r.scope.isDefault(r.Type, p.Name, cur.Value)) {
		loc := locationString(cur.File(), int(cur.Line), 0)
		var msg string
		src := ""
		if cur.Source != nil {
			src = sourceString(cur.Source)
		}
		if src == "" {
			msg = "Parameter '" + p.Name + "' is already set on " + r.Ref()
		} else {
			msg = "Parameter '" + p.Name + "' is already set on " + r.Ref() + " by " + src
		}
		if loc != "" {
			msg += " at " + loc
		}
		msg += "; cannot redefine"
		panic(located(msg, p.File(), int(p.Line)))
	}
	if p.Add {
		dup := *p
		dup.Value = values.NewArray(append(flattenInto(nil, cur.Value), flattenInto(nil, p.Value)...)...)
		p = &dup
	}
	r.set(p)
}

// sourceString is how Puppet prints a resource's source (a
// Resource::Type's to_s): the class or define name.
func sourceString(d definition) string {
	switch x := d.(type) {
	case *Class:
		return x.Name
	case *Define:
		return x.Name
	case *NodeDef:
		return x.name()
	}
	return ""
}
