package rt

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Catalog is a compiled catalog: resources in the order they were added,
// the edges between them, the classes declared and the catalog's tags.
type Catalog struct {
	Name        string
	Environment string
	Classes     []string
	Tags        []string

	resources []*Resource
	table     refTable // by type and title, and by alias and uniqueness key
	edges     []Edge
	// tagAt finds Tags once they are many (tagPlace): a catalog has up
	// to hundreds, and each class adds its own
	tagAt tagIndex

	// jsonBufs are the program's catalog JSON buffers (nil for a catalog
	// made outside a compile)
	jsonBufs *jsonBuffers
	// writer are Render's lists, its arena's (nil: Render makes its own)
	writer *writerLists
}

// Edge is a containment or relationship edge.
type Edge struct {
	Source, Target *Resource
}

// newCatalog makes an empty catalog whose tables have room for about the
// given numbers of resources, keys (titles and aliases) and edges (those
// of the last catalog of the program: growing tables rehash every entry
// each time they double).
func newCatalog(name, env string, resources, keys, edges int) *Catalog {
	return newCatalogIn(nil, name, env, resources, keys, edges)
}

// newCatalogIn is newCatalog in the tables of a released compile's
// catalog (a's, emptied), when a keeps them: a keystone catalog's table
// is ~44 kB of the ~730 kB a warm compile allocates.
func newCatalogIn(a *arena, name, env string, resources, keys, edges int) *Catalog {
	cat := &Catalog{Name: name, Environment: env}
	if a != nil {
		if cat.writer, a.writer = a.writer, nil; cat.writer == nil {
			cat.writer = new(writerLists)
		}
	}
	if a != nil && a.table.slots != nil {
		cat.table, a.table = a.table, refTable{}
		cat.table.reset(keys)
		cat.resources, a.catResources = clearedRoom(a.catResources, resources), nil
		cat.edges, a.edges = clearedRoom(a.edges, edges), nil
		return cat
	}
	cat.table.reset(keys)
	cat.resources, cat.edges = make([]*Resource, 0, resources), make([]Edge, 0, edges)
	return cat
}

// clearedRoom is list emptied, its elements zeroed (they held a released
// catalog's pointers), when it has room for n, else a new list with room
// for n.
func clearedRoom[T any](list []T, n int) []T {
	if cap(list) < n {
		return make([]T, 0, n)
	}
	clear(list[:cap(list)])
	return list[:0]
}

// Resources returns the resources in catalog order.
func (cat *Catalog) Resources() []*Resource { return cat.resources }

// Edges returns the edges in the order they were added.
func (cat *Catalog) Edges() []Edge { return cat.edges }

// add adds a resource, failing on a duplicate declaration, and registers
// its aliases. It returns r's stage parameter (nil: none), which adding a
// resource checks.
func (cat *Catalog) add(r *Resource) (stage values.Value) {
	if existing := cat.table.put(r.Title, r); existing != nil {
		cat.failDuplicate(r, existing)
	}
	r.listed = true
	r.pos = int32(len(cat.resources))
	cat.resources = append(cat.resources, r)
	rule := keyRuleOf(r.native)
	alias, stage, key := r.addedParams(rule.name)
	cat.addAliases(r, alias, key, rule)
	return stage
}

// addedParams are the parameters adding r reads, in one pass over them:
// alias, stage and the one named key (its namevar; "" for none), each
// the first of its name as Get finds it (nil: none).
func (r *Resource) addedParams(key string) (alias, stage, keyValue values.Value) {
	var pa, ps, pk *Param
	for _, p := range r.Params {
		switch n := p.Name; {
		case n == key:
			if pk == nil {
				pk = p
			}
		case len(n) != len("alias"): // nor stage
		case n == "alias":
			if pa == nil {
				pa = p
			}
		case n == "stage":
			if ps == nil {
				ps = p
			}
		}
	}
	return pa.value(), ps.value(), pk.value()
}

// value is p's value, nil for no parameter.
func (p *Param) value() values.Value {
	if p == nil {
		return nil
	}
	return p.Value
}

// keyRule is what adding a resource of a type needs of its namevars,
// decided once per native type (native.makeKeys).
type keyRule struct {
	name       string // its one namevar ("": it has several)
	titleIsKey bool   // titleIsKey
	isomorphic bool   // unique by its namevars (NativeType.Isomorphic)
	// patterned: the type's own title patterns, which a title may fail
	// to match (not Puppet's default, nor computed when the compile runs)
	patterned bool
}

// definedKeyRule is a defined type's, a class's and a stage's: the name.
var definedKeyRule = keyRule{name: "name", titleIsKey: true, isomorphic: true}

// keyRuleOf is the keyRule of type t (nil: not native).
func keyRuleOf(t NativeType) keyRule {
	switch t := t.(type) {
	case nil:
		return definedKeyRule
	case *native:
		t.keyAttrs()
		return t.rule
	}
	rule := keyRule{isomorphic: t.Isomorphic()}
	if keys := t.KeyAttributes(); len(keys) == 1 {
		rule.name = keys[0]
	}
	return rule
}

func (cat *Catalog) failDuplicate(r, existing *Resource) {
	loc := locationString(existing.File, existing.Line, 0)
	msg := "Duplicate declaration: " + r.Ref() + " is already declared"
	if loc != "" {
		msg += " at " + loc
	}
	msg += "; cannot redeclare"
	if l := locationString(r.File, r.Line, 0); l != "" {
		msg += " " + l
	}
	panic(&detailError{msg: msg, code: "DUPLICATE_DECLARATION"})
}

// addAliases registers the resource under its alias metaparameter and,
// for isomorphic types, its uniqueness key (Catalog#create_resource_aliases).
// alias is r's alias parameter, and key its namevar's when its type has
// one (rule.name; nil: none).
func (cat *Catalog) addAliases(r *Resource, alias, key values.Value, rule keyRule) {
	if alias != nil {
		for _, v := range flattenInto(nil, alias) {
			if !values.IsUndef(v) {
				cat.alias(r, []string{values.ToString(v)}, true)
			}
		}
	}
	if !rule.isomorphic {
		return
	}
	// uniqueness_key parses the title whether or not the namevars are
	// given (parse_title); titleFields is nil when no pattern matches
	if rule.patterned && r.titleFields() == nil {
		Fail("No set of title patterns matched the title \"" + r.Title + "\".")
	}
	if rule.name != "" {
		if k := r.singleKey(rule, key); k != r.Title {
			cat.alias(r, []string{k}, false)
		}
		return
	}
	var room [4]string
	k := r.uniquenessKey(room[:0])
	if len(k) > 0 && !(len(k) == 1 && k[0] == r.Title) {
		cat.alias(r, k, false)
	}
}

// singleKey is uniquenessKey()[0] for a type with one namevar
// (rule.name), whose parameter (Get(rule.name)) is v: the key without
// its list.
func (r *Resource) singleKey(rule keyRule, v values.Value) (key string) {
	if v != nil && !values.IsUndef(v) {
		return values.ToString(v)
	}
	if r.Title != "" && rule.titleIsKey {
		return r.Title // what the title's fields give, without parsing it
	}
	for _, f := range r.titleFields() {
		if f.Name == rule.name {
			key = f.Value
		}
	}
	if key == "" {
		key = r.nameValue()
	}
	return key
}

// alias registers r under another key: an alias name (single) or its
// uniqueness key, which Ruby prints as an array.
func (cat *Catalog) alias(r *Resource, key []string, single bool) {
	if single && key[0] == r.Title { // Type[key] is r's reference
		return
	}
	if existing := cat.table.put(joinKey(key), r); existing != nil {
		if existing == r {
			return
		}
		keyText := rubyInspectKey(key, single)
		msg := "Cannot alias " + r.Ref() + " to " + keyText
		if loc := locationString(r.File, r.Line, 0); loc != "" {
			msg += " at " + loc
		}
		msg += "; resource " + rubyInspectKey(append([]string{r.Type}, key...), false) + " already declared"
		if l := locationString(existing.File, existing.Line, 0); l != "" {
			msg += " " + l
		}
		Fail(msg)
	}
}

// joinKey is a key's values joined by NULs, the catalog table's title
// for them. A short one is made on the stack and kept once per process
// (values.BoxedStringBytes): each compile registers the same aliases.
func joinKey(key []string) string {
	if len(key) == 1 {
		return key[0]
	}
	n := len(key) - 1
	for _, k := range key {
		n += len(k)
	}
	if n > maxStrValue {
		return strings.Join(key, "\x00")
	}
	var buf [maxStrValue]byte
	b := buf[:0]
	for i, k := range key {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, k...)
	}
	return string(strValueBytes(b).(values.String))
}

// rubyInspectKey prints a key as Ruby's inspect of the value Puppet holds:
// a string, or an array of strings.
func rubyInspectKey(key []string, single bool) string {
	if single {
		return quoteRuby(key[0])
	}
	parts := make([]string, len(key))
	for i, k := range key {
		parts[i] = quoteRuby(k)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func quoteRuby(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// uniquenessKey appends the values of the type's namevars
// (Puppet::Resource#uniqueness_key) to out: from the parameters or,
// failing those, the title. Out is the caller's room (on its stack).
func (r *Resource) uniquenessKey(out []string) []string {
	var keys []string
	if r.native != nil {
		keys = r.native.KeyAttributes()
	} else {
		keys = []string{"name"}
	}
	fields := r.titleFields()
	for _, k := range keys {
		if v := r.Get(k); v != nil && !values.IsUndef(v) {
			out = append(out, values.ToString(v))
			continue
		}
		key := fieldValue(fields, k)
		if key == "" && namesKey(k, keys) {
			key = r.nameValue()
		}
		out = append(out, key)
	}
	return out
}

// fieldValue is the value title fields give the attribute k, "" for none.
func fieldValue(fields []TitleField, k string) string {
	v := ""
	for _, f := range fields {
		if f.Name == k {
			v = f.Value
		}
	}
	return v
}

// namesKey says whether the key attribute k (of keys) that is not set
// takes the resource's name.
func namesKey(k string, keys []string) bool { return k == "name" || len(keys) == 1 }

// titleUniquenessKey is uniquenessKey, joined as the catalog's table keys are, of a
// resource of a native type with a title and no parameters, without making
// the resource: what a reference looks up by a namevar alias.
func titleUniquenessKey(t NativeType, title string) string {
	var buf [2]TitleField
	fields := titleFieldsOf(buf[:0], t, title)
	keys := t.KeyAttributes()
	if len(keys) == 1 {
		return titleKeyValue(fields, keys[0], keys, title)
	}
	var room [4]string
	parts := room[:0]
	for _, k := range keys {
		parts = append(parts, titleKeyValue(fields, k, keys, title))
	}
	return joinKey(parts) // kept once per process when short
}

// titleKeyValue is uniquenessKey's value of the key attribute k (of keys)
// for a resource without parameters, named title.
func titleKeyValue(fields []TitleField, k string, keys []string, title string) string {
	if v := fieldValue(fields, k); v != "" || !namesKey(k, keys) {
		return v
	}
	return title
}

// titleFields are the namevar values the title gives (parse_title),
// parsed once per resource. Callers do not change the list.
func (r *Resource) titleFields() []TitleField {
	if !r.fieldsSet {
		r.fields, r.fieldsSet = r.parseTitle(), true
	}
	return r.fields
}

func (r *Resource) parseTitle() []TitleField {
	// most titles give one field: it is kept in the resource
	dst := r.fields0[:0]
	if r.native != nil {
		return titleFieldsOf(dst, r.native, r.Title)
	}
	return append(dst, TitleField{Name: "name", Value: r.Title})
}

// titleFieldsOf appends to dst the namevar values title gives a resource
// of type t, nil when no title pattern of t matches it.
func titleFieldsOf(dst []TitleField, t NativeType, title string) []TitleField {
	var f []TitleField
	var ok bool
	if n, isNative := t.(*native); isNative {
		f, ok = n.appendTitle(dst, title) // without ParseTitle's allocation
	} else {
		f, ok = t.ParseTitle(title)
	}
	if !ok {
		return nil
	}
	return f
}

func (r *Resource) nameValue() string {
	if v := r.Get("name"); v != nil && !values.IsUndef(v) {
		return values.ToString(v)
	}
	return r.Title
}

// holds says whether r is in the catalog (at its position).
func (cat *Catalog) holds(r *Resource) bool {
	return int(r.pos) < len(cat.resources) && cat.resources[r.pos] == r
}

// find looks a resource up by type and title, then by uniqueness key
// (Catalog#resource).
func (cat *Catalog) find(typ, title string) *Resource {
	return cat.table.get(typ, title)
}

// findByRef looks a resource up as a reference names it, including by a
// namevar alias.
func (cat *Catalog) findByRef(prog *Program, typ, title string) *Resource {
	if r := cat.find(typ, title); r != nil {
		return r
	}
	native := prog.findNative(typ)
	if titleIsKey(native) {
		return nil // the probe's key is the title, looked up above
	}
	key := titleUniquenessKey(native, title)
	if key == title {
		return nil // looked up above (a file's title without a trailing slash)
	}
	return cat.table.get(typ, key)
}

// titleIsKey says whether the uniqueness key of a resource of type t
// without parameters is its title: a defined type's (name) or a native
// type's with one key attribute that no title pattern or the identity one
// (.*) gives the title as it is.
// (native.makeKeys decides it once per type; a NativeType of another
// kind says no.)
func titleIsKey(t NativeType) bool { return keyRuleOf(t).titleIsKey }

func (cat *Catalog) addEdge(source, target *Resource) {
	if source == nil || target == nil {
		return
	}
	if cat.hasEdge(source, target) {
		return
	}
	cat.edges = append(cat.edges, Edge{source, target})
	if target.container == nil {
		target.container = source
	}
	target.inEdges++
}

// hasEdge reports whether the edge was added: most resources have one
// edge to them, from their container.
func (cat *Catalog) hasEdge(source, target *Resource) bool {
	switch {
	case target.inEdges == 0:
		return false
	case target.container == source:
		return true
	case target.inEdges == 1:
		return false
	}
	for _, e := range cat.edges {
		if e.Source == source && e.Target == target {
			return true
		}
	}
	return false
}

// container is the resource that contains r (its parent in the
// containment graph): the source of the first edge to it.
func (cat *Catalog) container(r *Resource) *Resource { return r.container }

// edgeTargets are the targets of the edges from each resource of the
// catalog, in the order the edges were added, by the resource's
// position (Resource.pos); out are those of sources not in the catalog.
// The lists are the arena's (a, nil for none), until given back
// (edgeLists.giveBack).
func (cat *Catalog) edgeTargets(a *arena) (targets edgeLists, out map[*Resource][]*Resource) {
	n := len(cat.resources)
	inCatalog := cat.holds
	// start[i+1] counts the edges from resources[i], then, summed, is
	// where its targets end in all
	start := reuseList(a, func(a *arena) *[]int32 { return &a.edgeStart }, n+1)[:n+1]
	for _, e := range cat.edges {
		if inCatalog(e.Source) {
			start[e.Source.pos+1]++
		}
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	all := reuseList(a, func(a *arena) *[]*Resource { return &a.edgeTargets }, int(start[n]))[:start[n]]
	for _, e := range cat.edges {
		if inCatalog(e.Source) {
			// start[pos] moves on to where the next target of the
			// source goes, ending where the next source's start
			all[start[e.Source.pos]] = e.Target
			start[e.Source.pos]++
			continue
		}
		if out == nil {
			out = map[*Resource][]*Resource{}
		}
		out[e.Source] = append(out[e.Source], e.Target)
	}
	copy(start[1:], start[:n])
	start[0] = 0
	return edgeLists{start, all}, out
}

// edgeLists are the targets of the edges from each resource of a
// catalog in one list (edgeTargets), cut by start: a list of lists
// would take a 24-byte slice header a resource, six times start's.
type edgeLists struct {
	start []int32 // the targets of resources[i] are all[start[i]:start[i+1]]
	all   []*Resource
}

// giveBack hands the lists to the arena a (nil: none) for the next
// compile, when the compile is done with them.
func (l edgeLists) giveBack(a *arena) {
	if a != nil {
		a.edgeStart, a.edgeTargets = l.start, l.all
	}
}

// len is the number of resources.
func (l edgeLists) len() int { return len(l.start) - 1 }

// of are the targets of the edges from resources[i].
func (l edgeLists) of(i int) []*Resource { return l.all[l.start[i]:l.start[i+1]:l.start[i+1]] }

// addClass records a declared class (and tags the catalog with its name,
// unless tagged says it has those tags already).
func (cat *Catalog) addClass(name string, tagged bool) {
	if name == "" {
		return
	}
	if !slices.Contains(cat.Classes, name) {
		cat.Classes = append(cat.Classes, name)
	}
	if !tagged {
		cat.tag(name)
	}
}

func (cat *Catalog) tag(t string) {
	t = strings.ToLower(t)
	if !cat.addTag(t) {
		return
	}
	if strings.Contains(t, "::") {
		// strings.Split's segments, without making their list
		for rest, more := t, true; more; {
			var seg string
			seg, rest, more = strings.Cut(rest, "::")
			cat.addTag(seg)
		}
	}
}

// addTag adds t to the tags unless they have it, and reports whether it
// did.
func (cat *Catalog) addTag(t string) bool {
	if cat.tagAt.at == nil {
		if len(cat.Tags) < manyTags {
			if slices.Contains(cat.Tags, t) {
				return false
			}
			cat.Tags = append(cat.Tags, t)
			return true
		}
		cat.tagAt.index(cat.Tags)
	}
	place, found := cat.tagAt.find(cat.Tags, t)
	if found {
		return false
	}
	cat.Tags = append(cat.Tags, t)
	cat.tagAt.add(cat.Tags, place)
	return true
}

// manyTags is how many tags a catalog has when it indexes them (tagAt):
// fewer are compared one by one sooner than an index is made.
const manyTags = 32

func (cat *Catalog) hasTag(t string) bool {
	if cat.tagAt.at == nil {
		if len(cat.Tags) < manyTags {
			return slices.Contains(cat.Tags, t)
		}
		cat.tagAt.index(cat.Tags)
	}
	_, found := cat.tagAt.find(cat.Tags, t)
	return found
}

// tagIndex finds tags in their list by a hash of their bytes (textHash),
// at a fraction of a map's cost: at holds, at a tag's place, one more
// than its index in the list (0: a free place), and is at most half full.
type tagIndex struct {
	at   []int32
	bits uint8 // len(at) is 1<<bits
}

// index indexes tags.
func (x *tagIndex) index(tags []string) {
	x.bits = 6
	for 1<<x.bits < 2*len(tags)+2 {
		x.bits++
	}
	x.at = make([]int32, 1<<x.bits)
	for i := range tags {
		place, _ := x.find(tags[:i], tags[i])
		x.at[place] = int32(i + 1)
	}
}

// find is t's place in the index of tags, and whether tags has it there;
// else the free place where it goes (add).
func (x *tagIndex) find(tags []string, t string) (place int, found bool) {
	mask := len(x.at) - 1
	for i := int(textHash(0, t) >> (64 - x.bits)); ; i = (i + 1) & mask {
		k := x.at[i]
		if k == 0 {
			return i, false
		}
		if sameStr(tags[k-1], t) {
			return i, true
		}
	}
}

// add indexes the last tag of tags at its place (find's).
func (x *tagIndex) add(tags []string, place int) {
	x.at[place] = int32(len(tags))
	if 2*len(tags) >= len(x.at) {
		x.index(tags)
	}
}

func (cat *Catalog) mergeTags(tags []string) {
	for _, t := range tags {
		cat.addTag(t)
	}
}
