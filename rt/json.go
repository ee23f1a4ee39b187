package rt

import (
	"encoding/base64"
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// CatalogInfo is what the catalog JSON carries besides the resources.
type CatalogInfo struct {
	// Version is the catalog's version, a JSON string: the output of the
	// environment's config_version command, or pp2go's digest of the
	// environment's code.
	Version string
	// TimeVersion says Version is Puppet's default one, the time the
	// environment was loaded (Time.now.to_i), written as a JSON integer.
	TimeVersion bool
	CatalogUUID string
	// Agent leaves exported resources out too, as the catalog
	// indirection's filter does before puppetserver sends the catalog to
	// an agent (which would apply them otherwise).
	Agent bool
	// Plain, when set, writes the parameter values as plain JSON, as
	// Puppet does with rich data off (see PlainJSON); nil: rich data.
	Plain *PlainJSON
	// PuppetMajor is the release the catalog is Puppet's of, for the
	// words of an error writing it (0: the default release's)
	PuppetMajor int
}

// JSON writes the catalog in Puppet's catalog format (Catalog#to_data_hash
// of the catalog converted to plain resources, as puppetserver serves it):
// virtual resources that are not exported are left out, parameter values
// are Puppet's rich data, or plain JSON with info.Plain (whose warnings and
// error Render returns). The output is deterministic.
func (cat *Catalog) JSON(info CatalogInfo) []byte {
	b, _, _ := cat.Render(info)
	return b
}

// Render is JSON with what writing the catalog logged (plain JSON's
// warnings) and its error (plain JSON's under strict=error: then no JSON).
func (cat *Catalog) Render(info CatalogInfo) ([]byte, []LogEntry, *Error) {
	lists := cat.writer
	if lists == nil {
		lists = new(writerLists)
	}
	w := &jsonWriter{params: clearedRoom(lists.params, 32), // room for a resource's
		cat: cat, tagRuns: clearedRoom(lists.tagRuns, len(cat.resources))[:len(cat.resources)]}
	if n := (len(cat.resources) + 63) / 64; n > len(w.plainRefs) {
		w.moreRefs = make([]uint64, n-len(w.plainRefs))
	}
	w.major = info.PuppetMajor
	if w.major == 0 {
		w.major = DefaultPuppet.Major
	}
	if info.Plain != nil {
		w.plain = &plainState{PlainJSON: *info.Plain}
	} else if w.kept = cat.jsonBufs.keptResources(); w.kept != nil {
		w.copied = clearedRoom(lists.copied, len(cat.resources))[:len(cat.resources)]
	}
	defer func() {
		// kept as they grew, for the arena's next catalog (a catalog
		// without one has lists of its own)
		lists.params, lists.tagRuns = w.params, w.tagRuns
		if w.copied != nil {
			lists.copied = w.copied
		}
	}()
	w.seen.catalog = catalogsWritten.Add(1)
	b := cat.jsonBufs.get(len(cat.resources))
	if !escapedWarm.Load() && cat.jsonBufs != nil && cat.jsonBufs.last.Load() > 0 {
		escapedWarm.Store(true) // the program wrote a catalog before
	}
	w.seen.warm = escapedWarm.Load()
	// where the writer copies kept JSON, where it keeps the catalog's tags
	// and classes
	var tagsPlace, classesPlace *atomicptr.Pointer[keptPart[string]]
	if w.kept != nil {
		tagsPlace, classesPlace = &w.kept.tags, &w.kept.classes
	}
	b = append(b, `{"tags":`...)
	b = w.strs(b, cat.Tags, tagsPlace)
	b = append(b, `,"name":`...)
	b = appendStr(b, cat.Name)
	b = append(b, `,"version":`...)
	if info.TimeVersion {
		b = append(b, info.Version...)
	} else {
		b = appendStr(b, info.Version)
	}
	// catalog_format is 2 from Puppet 6 on (Catalog#initialize); code_id
	// is null unless a code_id_command is configured.
	b = append(b, `,"code_id":null,"catalog_uuid":`...)
	b = appendStr(b, info.CatalogUUID)
	b = append(b, `,"catalog_format":2,"environment":`...)
	b = appendStr(b, cat.Environment)
	b = append(b, `,"resources":[`...)
	b, err := w.resources(b, cat, info)
	if err != nil {
		return nil, nil, err
	}
	b = append(b, `],"edges":[`...)
	if w.kept != nil {
		b = w.keptEdges(b, cat, info)
	} else {
		b = w.edges(b, cat, info)
	}
	b = append(b, `],"classes":`...)
	b = w.strs(b, cat.Classes, classesPlace)
	b = append(b, "}\n"...)
	cat.jsonBufs.wrote(len(b))
	if p := w.plain; p != nil {
		if p.err != nil {
			return nil, p.logs, p.err
		}
		return b, p.logs, nil
	}
	return b, nil, nil
}

// edges appends the JSON of the catalog's edges, without the brackets.
func (w *jsonWriter) edges(b []byte, cat *Catalog, info CatalogInfo) []byte {
	first := true
	for _, e := range cat.edges {
		if (e.Source.Virtual && (!e.Source.Exported || info.Agent)) || (e.Target.Virtual && (!e.Target.Exported || info.Agent)) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, `{"source":`...)
		b = w.appendRef(b, cat, e.Source)
		b = append(b, `,"target":`...)
		b = w.appendRef(b, cat, e.Target)
		b = append(b, '}')
	}
	return b
}

// keptEdges is edges where the writer copies resources' kept JSON: the
// edges' JSON a catalog before wrote (keptResources.edges) when each edge
// joins resources copied from the same kept ones, in its order; else
// written, and kept when each end was copied.
func (w *jsonWriter) keptEdges(b []byte, cat *Catalog, info CatalogInfo) []byte {
	k := atomicptr.Load(&w.kept.edges)
	if k != nil && w.sameEdges(cat, k.of) {
		return append(b, k.json...)
	}
	at := len(b)
	b = w.edges(b, cat, info)
	if !replaces(k) {
		return b
	}
	ends := make([]*keptResource, 0, 2*len(cat.edges))
	for _, e := range cat.edges {
		s, t := w.copiedAs(cat, e.Source), w.copiedAs(cat, e.Target)
		if s == nil || t == nil {
			return b
		}
		ends = append(ends, s, t)
	}
	keepPart(w.kept, &w.kept.edges, ends, b[at:])
	return b
}

// strs is seen.strs of list, a catalog's tags or classes, where the
// writer copies kept JSON (place not nil): the JSON of the list kept at
// place when list holds the same strings, else written, and kept.
func (w *jsonWriter) strs(b []byte, list []string, place *atomicptr.Pointer[keptPart[string]]) []byte {
	if place == nil {
		return w.seen.strs(b, list)
	}
	k := atomicptr.Load(place)
	if k != nil && sameStrs(k.of, list) {
		return append(b, k.json...)
	}
	at := len(b)
	b = w.seen.strs(b, list)
	if replaces(k) {
		keepPart(w.kept, place, slices.Clone(list), b[at:])
	}
	return b
}

// sameEdges says whether the catalog's edges join the kept resources of
// ends, two an edge, source first, as written (copied).
func (w *jsonWriter) sameEdges(cat *Catalog, ends []*keptResource) bool {
	if len(ends) != 2*len(cat.edges) {
		return false
	}
	for i, e := range cat.edges {
		if w.copiedAs(cat, e.Source) != ends[2*i] || w.copiedAs(cat, e.Target) != ends[2*i+1] {
			return false
		}
	}
	return true
}

// copiedAs is the kept resource r of cat was copied from as written, nil
// for none (not written, or written anew).
func (w *jsonWriter) copiedAs(cat *Catalog, r *Resource) *keptResource {
	if p := int(r.pos); p < len(w.copied) && p < len(cat.resources) && cat.resources[p] == r {
		return w.copied[p]
	}
	return nil
}

// jsonBuffers are a program's buffers for catalog JSON: the length of the
// last catalog's JSON (the nodes of a program make catalogs of similar
// sizes: growing a buffer of a few hundred kB copies it each time), and the
// buffers of results released (Result.Release), for the next catalogs.
type jsonBuffers struct {
	last atomic.Int64
	free sync.Pool // *[]byte
	// kept is the JSON of resources the catalogs wrote, for the next
	// catalogs (keptResources), made when the program writes its second
	kept atomicptr.Pointer[keptResources]
}

// keptResources is the program's table of resources' JSON, nil while it
// writes its first catalog (or b is nil).
func (b *jsonBuffers) keptResources() *keptResources {
	if b == nil || b.last.Load() == 0 {
		return nil
	}
	if k := atomicptr.Load(&b.kept); k != nil {
		return k
	}
	atomicptr.CompareAndSwap(&b.kept, nil, new(keptResources))
	return atomicptr.Load(&b.kept)
}

// get is an empty buffer with room for the last catalog's JSON and a
// little more, else (nil b, or no catalog yet) for about 768 bytes a
// resource (keystone's write 710).
func (b *jsonBuffers) get(resources int) []byte {
	size := 4096 + 768*resources
	if b == nil {
		return make([]byte, 0, size)
	}
	if last := int(b.last.Load()); last > 0 {
		size = last + last/8
	}
	if p, ok := b.free.Get().(*[]byte); ok && cap(*p) >= size {
		return (*p)[:0]
	}
	return make([]byte, 0, size)
}

// wrote records the length of a catalog's JSON.
func (b *jsonBuffers) wrote(n int) {
	if b != nil {
		b.last.Store(int64(n))
	}
}

// put keeps a buffer for a next catalog.
func (b *jsonBuffers) put(buf []byte) {
	if b != nil && cap(buf) > 0 {
		b.free.Put(&buf)
	}
}

// resources appends the JSON of the catalog's resources, without the
// brackets, or gives the error of a parameter Puppet cannot write
// (serializationFailure), which ends the writing: one recover for the
// catalog, not one a resource.
func (w *jsonWriter) resources(b []byte, cat *Catalog, info CatalogInfo) (out []byte, err *Error) {
	var r *Resource
	defer func() {
		if p := recover(); p != nil {
			f, ok := p.(serializationFailure)
			if !ok {
				panic(p)
			}
			out, err = b, f.error(r, w.major)
		}
	}()
	first := true
	for _, r = range cat.resources {
		if r.Virtual && (!r.Exported || info.Agent) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = w.resource(b, r)
	}
	return b, nil
}

// resource appends a resource's JSON to b: a copy of the JSON of one a
// catalog before wrote, when the program kept it and the resource is
// written as that one was (keptResources), else written (writeResource),
// and kept for the next catalogs. The writer's functions append
// to a buffer they are given and return it rather than to a field of the
// writer: storing the buffer's pointer into memory at each append costs a
// write barrier while the collector marks (a warm compile's writing ran
// with it on a tenth of the time).
func (w *jsonWriter) resource(b []byte, r *Resource) []byte {
	if w.kept == nil {
		return w.writeResource(b, r)
	}
	at, key := len(b), uint64(0)
	e, tried := w.kept.atPos(r, &w.held)
	if e == nil {
		key = resourceKey(r)
		if e = w.kept.find(r, key, tried, &w.held); e != nil {
			w.kept.moved(r, e)
		}
	}
	if e != nil {
		e.copiedNow()
		b = append(b, e.json...)
		// e's tags are r's (which r may not hold yet, sameTags)
		w.tagRuns[r.pos] = tagsRun{int32(at) + e.tagsAt, int32(at) + e.tagsEnd, int32(len(e.tags))}
		w.copied[r.pos] = e
		w.prevTags = nil // the places of the copied tags are not known
		return b
	}
	// what r's tags are made of, before writing them makes the list
	held := deferredTags{own: -1}
	if r.tagsDeferred {
		held = deferredTags{len(r.Tags), r.scope.resource.Tags[:r.scopeTagsHeld]}
	}
	b = w.writeResource(b, r)
	run := w.tagRuns[r.pos]
	w.kept.keep(r, key, b[at:], int(run.at)-at, int(run.end)-at, held, w.seen.catalog, &w.lastHeld)
	return b
}

// writeResource is resource, writing the resource's JSON.
func (w *jsonWriter) writeResource(b []byte, r *Resource) []byte {
	b = append(b, `{"type":`...)
	n := len(b)
	b = w.seen.str(b, r.Type)
	b = append(b, `,"title":`...)
	b = w.seen.str(b, r.Title)
	// escaping lengthens what it changes
	if len(b)-n == len(r.Type)+len(r.Title)+len(`","title":"`)+2 {
		w.setPlainRef(int(r.pos))
	}
	b = append(b, `,"tags":[`...)
	b = w.appendTags(b, r)
	b = append(b, ']')
	if r.File != "" || r.Line > 0 {
		// a line without a file: the code setting's source, whose
		// file Puppet gives as ""
		b = append(b, `,"file":`...)
		b = w.appendFile(b, r.File)
	}
	if r.Line > 0 {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Line), 10)
	}
	if r.Exported {
		b = append(b, `,"exported":true`...)
	} else {
		b = append(b, `,"exported":false`...)
	}
	if r.Kind != "" {
		b = append(b, `,"kind":`...)
		b = w.seen.str(b, r.Kind)
	}
	w.params = r.appendOutputParams(w.params[:0])
	params := w.params
	if len(params) > 0 {
		b = append(b, `,"parameters":{`...)
		if w.plain != nil {
			w.plain.res, w.plain.prefix = r, r.Ref()
		}
		for i, p := range params {
			if i > 0 {
				b = append(b, ',')
			}
			if r.lowerParams {
				// a name made lower case, a string of this catalog only:
				// seen keeps strings by address, across catalogs too
				b = appendStr(b, p.Name)
			} else {
				b = w.seen.str(b, p.Name)
			}
			b = append(b, ':')
			if w.plain != nil {
				w.buf = b
				w.plainWith(values.String(p.Name), p.Value)
				b, w.buf = w.buf, nil
			} else {
				b = w.seen.value(b, p.Value)
			}
		}
		b = append(b, '}')
	}
	if len(r.Sensitive) > 0 {
		b = append(b, `,"sensitive_parameters":`...)
		b = appendStrings(b, r.Sensitive)
	}
	return append(b, '}')
}

// maxTagsAt is the most tags of a resource whose places appendTags keeps.
const maxTagsAt = 64

// tagsRun is where a resource's tags were written in the buffer, the
// bytes [at, end), and how many.
type tagsRun struct{ at, end, n int32 }

// appendTags appends a resource's tags, comma-separated, to b, and notes
// where (tagRuns). The last tags of its scope resource the resource has
// (Resource.scopeTags, most of its tags) are copied from that resource's
// JSON as one run of bytes, when it was written with the same tags (it
// comes before the resources of its class or define), rather than written
// again tag by tag; else the tags it has in common with the resource
// written before are (appendCommonTags).
func (w *jsonWriter) appendTags(b []byte, r *Resource) []byte {
	r.takeScopeTags()
	at := len(b)
	if scope := w.scopeTagsJSON(b, r); scope != nil {
		b = appendTagsWith(b, r, scope)
		w.prevTags = nil // the places of the copied tags are not known
	} else {
		b = w.appendCommonTags(b, r.Tags)
	}
	w.tagRuns[r.pos] = tagsRun{int32(at), int32(len(b)), int32(len(r.Tags))}
	return b
}

// scopeTagsJSON is the JSON, in b, of the tags r has from its scope
// resource (Resource.scopeTags), the end of that resource's (tagRuns);
// nil when r has none of them or they were not written: the scope
// resource is not written yet, or its tags were more then.
func (w *jsonWriter) scopeTagsJSON(b []byte, r *Resource) []byte {
	if r.scopeTags == 0 || r.scope == nil {
		return nil
	}
	sr := r.scope.resource
	if sr == nil || !w.cat.holds(sr) {
		return nil
	}
	run := w.tagRuns[sr.pos]
	if run.n != int32(r.scopeTagsOf) {
		return nil
	}
	if skip := int(r.scopeTagsOf - r.scopeTags); skip > 0 {
		// the tags before them, and a comma
		run.at += int32(tagsSize(sr.Tags[:skip]) + 1)
	}
	return b[run.at:run.end]
}

// appendTagsWith appends r's tags, comma-separated, to b, those from its
// scope resource (Resource.scopeTags) copied from scope, their JSON.
func appendTagsWith(b []byte, r *Resource, scope []byte) []byte {
	k, n := int(r.scopeTagsAt), int(r.scopeTags)
	b = appendTagList(b, r.Tags[:k])
	if k > 0 {
		b = append(b, ',')
	}
	b = append(b, scope...)
	if more := r.Tags[k+n:]; len(more) > 0 {
		b = append(b, ',')
		b = appendTagList(b, more)
	}
	return b
}

// appendTagList appends tags, comma-separated, to b. (Not inlined: its
// loop and its caller's values then stay in registers.)
//
//go:noinline
func appendTagList(b []byte, tags []string) []byte {
	for i, t := range tags {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendTag(b, t)
	}
	return b
}

// tagsSize is the length of the JSON appendTagList writes of tags: each
// tag between quotes, a final newline as \n (appendTag), and the commas.
func tagsSize(tags []string) int {
	size := len(tags) - 1
	for _, t := range tags {
		size += len(t) + 2
		if n := len(t); n > 0 && t[n-1] == '\n' {
			size++
		}
	}
	return size
}

// appendCommonTags appends tags, comma-separated, to b. The tags a
// resource has in common with the resource written before, at the end of
// both lists (its scope's: a class's resources come together), are copied
// from that resource's JSON in b, as one run of bytes, rather than written
// again tag by tag.
func (w *jsonWriter) appendCommonTags(b []byte, tags []string) []byte {
	n, k := len(tags), commonSuffix(tags, w.prevTags)
	if n > maxTagsAt {
		// too many to keep the places of: the next resource copies none
		w.prevTags = nil
		return appendTagList(b, tags)
	}
	// tagsBack[j] is where the j-th tag from the end starts, counted back
	// from the end of the list: the same for the tags in common
	back := &w.tagsBack
	for i, t := range tags[:n-k] {
		if i > 0 {
			b = append(b, ',')
		}
		back[n-1-i] = int32(len(b)) // from the start until the end is known
		b = appendTag(b, t)
	}
	if k > 0 {
		if n > k {
			b = append(b, ',')
		}
		b = append(b, b[w.tagsEnd-int(back[k-1]):w.tagsEnd]...)
	}
	end := int32(len(b))
	for j := k; j < n; j++ {
		back[j] = end - back[j]
	}
	w.prevTags, w.tagsEnd = tags, len(b)
	return b
}

// commonSuffix is how many strings a and b have in common at their ends.
// A string is compared with itself without reading its bytes.
func commonSuffix(a, b []string) int {
	if len(a) > len(b) {
		a = a[len(a)-len(b):]
	}
	b = b[len(b)-len(a):]
	b = b[:len(a)]
	k := len(a) - 1
	for ; k >= 0; k-- {
		x, y := a[k], b[k]
		if len(x) != len(y) || unsafe.StringData(x) != unsafe.StringData(y) && x != y {
			break
		}
	}
	return len(a) - 1 - k
}

// appendFile is appendStr of a resource's file, mostly the file of the
// resource written before (a manifest's resources come together, and
// their File is the same string): a file that had no byte to escape is
// kept, and written again without looking for any.
func (w *jsonWriter) appendFile(b []byte, file string) []byte {
	if file == w.plainFile {
		b = append(b, '"')
		b = append(b, file...)
		return append(b, '"')
	}
	n := len(b)
	b = appendStr(b, file)
	if len(b)-n == len(file)+2 { // escaping lengthens what it changes
		w.plainFile = file
	}
	return b
}

// outputParams are the parameters as Puppet::Resource#to_hash and
// to_data_hash present them: undef ones dropped, relationship arrays
// flattened, `name` under the type's namevar, and the namevar left out
// when it equals the title.
func (r *Resource) outputParams() []outParam { return r.appendOutputParams(nil) }

// appendOutputParams is outputParams appended to out.
func (r *Resource) appendOutputParams(out []outParam) []outParam {
	namevar := "name"
	if r.native != nil {
		if keys := r.native.KeyAttributes(); len(keys) == 1 {
			namevar = keys[0]
		}
	}
	// the namevar's value that is the title is left out (most resources'
	// only title field), unless the title is not the name (main, or a
	// title that is not a String)
	dropTitle := !r.mainTitle && r.titleValue == nil
	first := len(out)
	for _, f := range r.titleFields() {
		// the title field is left out before the parameters are searched
		if !(dropTitle && f.Name == namevar && f.Value == r.Title) && r.Get(f.Name) == nil {
			out = append(out, outParam{f.Name, strValue(f.Value)}) // a title: the same each compile
		}
	}
	// a parameter can only repeat a title field's name, or the namevar's
	// ("name" is written as the namevar): the others need no search
	titled := len(out)
	for _, p := range r.Params {
		v := p.Value
		if values.IsUndef(v) {
			continue
		}
		name := p.Name
		if name == "name" && r.native != nil {
			name = namevar
		}
		if r.lowerParams {
			name = strings.ToLower(name)
		}
		if isRelationshipParam(name) {
			if a, ok := v.(*values.Array); ok && !flatDefined(a) {
				var flat []values.Value
				for _, e := range flattenInto(nil, a) {
					if !values.IsUndef(e) {
						flat = append(flat, e)
					}
				}
				v = values.NewArray(flat...)
			}
		} else if a, ok := v.(*values.Array); ok && nestsRef(a) {
			// Puppet's copy of the resource flattens an array that holds
			// a reference deeper in (Puppet::Resource#initialize)
			v = values.NewArray(flattenInto(nil, a)...)
		}
		end := titled
		if name == namevar {
			if s, ok := v.(values.String); ok && dropTitle && string(s) == r.Title {
				continue
			}
			end = len(out)
		}
		if first == end || !replaceParam(out[first:end], name, v) {
			out = append(out, outParam{name, v})
		}
	}
	return out
}

// replaceParam sets the value of the parameters named name in params, and
// says whether there was one.
func replaceParam(params []outParam, name string, v values.Value) bool {
	replaced := false
	for i := range params {
		if params[i].Name == name {
			params[i].Value, replaced = v, true
		}
	}
	return replaced
}

// flatDefined reports whether an array holds neither arrays nor undef
// (flattening it and dropping undef would give it back).
func flatDefined(a *values.Array) bool {
	for _, e := range a.Elems() {
		switch e.(type) {
		case *values.Array, nil, values.UndefValue:
			return false
		}
	}
	return true
}

// nestsRef reports whether an array of a's elements holds a reference.
func nestsRef(a *values.Array) bool {
	for _, e := range a.Elems() {
		if x, ok := e.(*values.Array); ok && holdsRef(x) {
			return true
		}
	}
	return false
}

// holdsRef reports whether v is a reference (a titled resource type or a
// named class) or an array that holds one, at any depth of arrays.
func holdsRef(v values.Value) bool {
	switch x := v.(type) {
	case *values.Array:
		return slices.ContainsFunc(x.Elems(), holdsRef)
	case *values.ResourceType:
		return x.HasTitle
	case *values.ClassType:
		return x.ClassName != ""
	}
	return false
}

// outParam is a parameter as the catalog presents it.
type outParam struct {
	Name  string
	Value values.Value
}

// writerLists are the lists a jsonWriter uses while it writes, which a
// compile's catalog takes from its arena (newCatalogIn), and gives back
// (noteUnused) for the next one to take once it is released.
type writerLists struct {
	params  []outParam
	tagRuns []tagsRun
	copied  []*keptResource
}

type jsonWriter struct {
	major     int    // CatalogInfo.PuppetMajor
	buf       []byte // what plain JSON's writing appends to
	plainFile string // a resource's file without bytes to escape (appendFile)
	// prevTags are the tags of the resource written last, tagsEnd where
	// its last tag ends in the buffer, tagsBack where each starts
	// (appendTags); nil prevTags: none to copy
	prevTags []string
	tagsEnd  int
	tagsBack [maxTagsAt]int32
	// plainRefs has the bit of each resource (by position) whose type
	// and title were written with no byte to escape, the first 1,024's
	// (the writer is on the stack), moreRefs the others'
	plainRefs [16]uint64
	moreRefs  []uint64
	params    []outParam     // a resource's parameters, the slice reused
	cat       *Catalog       // the catalog written
	tagRuns   []tagsRun      // where each resource's tags were written, by position
	plain     *plainState    // writing plain JSON (rich data off)
	kept      *keptResources // resources' JSON to copy, nil for none
	seen      seenJSON       // strings and references written, to copy
	// copied is, by position, the kept JSON each resource was copied
	// from (nil: written), whose reference's JSON edges copy (appendRef)
	copied []*keptResource
	// held and lastHeld are the kept resources' scope tags compared last
	// and kept last (sameHeld, keep)
	held     heldMemo
	lastHeld []string
}

func (w *jsonWriter) raw(s string) { w.buf = append(w.buf, s...) }

func (w *jsonWriter) str(s string) { w.buf = appendStr(w.buf, s) }

// appendStrings appends a JSON array of strings.
func appendStrings(b []byte, list []string) []byte { return (*seenJSON)(nil).strs(b, list) }

// strs is appendStrings copying the JSON of strings written before (str):
// a catalog's tags and classes are mostly the strings of the catalog
// before, many longer than appendShort's.
func (t *seenJSON) strs(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = t.str(b, s)
	}
	return append(b, ']')
}

// appendTag appends a resource's tag as a JSON string without looking for
// bytes to escape: a tag is valid (validTag), or a segment of one, so holds
// none but a final newline (a resource ends with 16 on average, most of
// its JSON).
func appendTag(b []byte, t string) []byte {
	b = append(b, '"')
	if n := len(t); n > 0 && t[n-1] == '\n' {
		b = append(b, t[:n-1]...)
		return append(b, `\n"`...)
	}
	b = append(b, t...)
	return append(b, '"')
}

// appendValue appends a parameter value as rich data (ToDataConverter with
// rich_data, symbols as strings; resource references as "Type[title]").
func appendValue(b []byte, v values.Value) []byte { return (*seenJSON)(nil).value(b, v) }

// value is appendValue copying the strings and references written before
// (t nil: none).
func (t *seenJSON) value(b []byte, v values.Value) []byte {
	if s, ok := v.(values.String); ok {
		if values.IsBinaryString(s) {
			return appendBinaryString(b, string(s))
		}
		return t.str(b, string(s)) // most values: before the switch's search
	}
	switch x := v.(type) {
	case nil, values.UndefValue:
		return append(b, "null"...)
	case values.Int:
		return strconv.AppendInt(b, int64(x), 10)
	case values.Float:
		return append(b, values.ToString(x)...)
	case values.Bool:
		return strconv.AppendBool(b, bool(x))
	case values.DefaultValue:
		return append(b, `{"__ptype":"Default"}`...)
	case *values.Array:
		b = append(b, '[')
		for i, e := range x.Elems() {
			if i > 0 {
				b = append(b, ',')
			}
			b = t.value(b, e)
		}
		return append(b, ']')
	case *values.Hash:
		// a reference key is its string already
		// (Puppet::Resource.value_to_json_data)
		plain := true
		for i := 0; i < x.Len() && plain; i++ {
			k := x.KeyAt(i)
			if s, ok := k.(values.String); ok {
				plain = s != "__ptype"
			} else {
				plain = isReference(k)
			}
		}
		if plain {
			b = append(b, '{')
			for i := 0; i < x.Len(); i++ {
				if i > 0 {
					b = append(b, ',')
				}
				if k, ok := x.KeyAt(i).(values.String); ok {
					b = t.str(b, string(k)) // a binary key too: a key is text
				} else {
					b = t.value(b, x.KeyAt(i))
				}
				b = append(b, ':')
				b = t.value(b, x.ValueAt(i))
			}
			return append(b, '}')
		}
		b = append(b, `{"__ptype":"Hash","__pvalue":[`...)
		for i := 0; i < x.Len(); i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = t.value(b, x.KeyAt(i))
			b = append(b, ',')
			b = t.value(b, x.ValueAt(i))
		}
		return append(b, "]}"...)
	case *values.Sensitive:
		b = append(b, `{"__ptype":"Sensitive","__pvalue":`...)
		b = appendValue(b, x.Unwrap())
		return append(b, '}')
	case *values.ResourceType:
		if !x.HasTitle {
			return appendType(b, x)
		}
		if isClassName(x.TypeName) {
			return t.ref(b, unsafe.Pointer(x), "Class", x.Title, true)
		}
		return t.ref(b, unsafe.Pointer(x), x.TypeName, x.Title, false)
	case *values.ClassType:
		if x.ClassName != "" {
			return t.ref(b, unsafe.Pointer(x), "Class", x.ClassName, true)
		}
		return appendType(b, x)
	case *values.Deferred:
		// an Object: its type, then its attributes by name (arguments
		// left out when not given, as Puppet leaves out a default)
		b = append(b, `{"__ptype":"Deferred","name":`...)
		b = appendStr(b, x.Name)
		if x.Arguments != nil {
			b = append(b, `,"arguments":`...)
			b = appendValue(b, x.Arguments)
		}
		return append(b, '}')
	case *values.Regexp:
		return appendTagged(b, "Regexp", x.Source())
	case values.Timespan, values.Timestamp, *values.SemVer, *values.SemVerRange, *values.Binary:
		return appendTagged(b, ptypeName(x), values.ToString(x))
	case values.Type:
		return appendType(b, x)
	default:
		return appendStr(b, values.ToString(x))
	}
}

// seenJSON is where strings and references were written in the JSON of
// the catalog being written, by the address of their bytes (a string) or
// of their value (a reference): written again, their JSON is copied from
// there rather than escaped or built again. Parameter names, types and many
// values repeat (a keystone catalog writes about 2,400 names of a few
// dozen). While a catalog is written its strings are alive and unchanged,
// and the buffer is only appended to, so the same address and length are
// the same text, written the same way. A slot keeps the last string whose
// address it hashes to.
type seenJSON struct {
	at      [seenSlots]seenAt
	catalog uint32 // the catalog's number (catalogsWritten)
	// warm says whether stringJSON may hold strings (escapedWarm): a
	// process's first catalog does not read its 128 KiB, whose pages it
	// would fault in (~30 page faults of a one-shot keystone compile)
	warm bool
}

// catalogsWritten numbers the catalogs the process writes.
var catalogsWritten atomic.Uint32

// seenBits is log2 of seenJSON's slots: 512 wrote fewer bytes again in
// keystone's catalog but cost more to clear than they saved in small ones.
const seenBits = 8

const seenSlots = 1 << seenBits

type seenAt struct {
	p       unsafe.Pointer
	n       int // the string's length; -1 for a reference
	at, end int // its JSON: the buffer's bytes [at, end)
}

// slot is the entry of the address p.
func (t *seenJSON) slot(p unsafe.Pointer) *seenAt {
	return &t.at[addrSlot(p, seenBits)]
}

// str is appendStr, copying the JSON of a string written before, by this
// catalog or, the same bytes, by one before (stringJSON).
func (t *seenJSON) str(b []byte, s string) []byte {
	if t == nil || s == "" {
		return appendStr(b, s)
	}
	// the JSON a catalog before wrote, at either place (stringJSON):
	// looked up here, not in a call, as most strings are found there
	data := unsafe.StringData(s)
	if t.warm {
		places := stringJSONPlaces(data)
		known := places[0].Load()
		if !known.of(data, len(s)) {
			known = places[1].Load()
		}
		if known.of(data, len(s)) {
			return append(b, known.json...)
		}
	}
	p := unsafe.Pointer(data)
	e := t.slot(p)
	if e.p == p && e.n == len(s) {
		return append(b, b[e.at:e.end]...)
	}
	at := len(b)
	b = appendStr(b, s)
	*e = seenAt{p, len(s), at, len(b)}
	if t.warm { // else keepJSON keeps nothing
		keepJSON(s, b[at:], t.catalog)
	}
	return b
}

// ref is appendRefParts of the reference value at p, copying its JSON
// when the same value was written before.
func (t *seenJSON) ref(b []byte, p unsafe.Pointer, typ, title string, class bool) []byte {
	if t == nil {
		return appendRefParts(b, typ, title, class)
	}
	e := t.slot(p)
	if e.p == p && e.n == -1 {
		return append(b, b[e.at:e.end]...)
	}
	at := len(b)
	b = appendRefParts(b, typ, title, class)
	*e = seenAt{p, -1, at, len(b)}
	return b
}

func ptypeName(v values.Value) string {
	switch v.(type) {
	case values.Timespan:
		return "Timespan"
	case values.Timestamp:
		return "Timestamp"
	case *values.SemVer:
		return "SemVer"
	case *values.SemVerRange:
		return "SemVerRange"
	case *values.Binary:
		return "Binary"
	}
	return "Object"
}

// appendBinaryString appends a binary string (values.BinaryString) as
// Puppet writes one: a Binary, its bytes in base64.
func appendBinaryString(b []byte, s string) []byte {
	return appendTagged(b, "Binary", base64.StdEncoding.EncodeToString([]byte(s)))
}

func appendTagged(b []byte, ptype, text string) []byte {
	b = append(b, `{"__ptype":`...)
	b = appendStr(b, ptype)
	b = append(b, `,"__pvalue":`...)
	b = appendStr(b, text)
	return append(b, '}')
}

// appendStr appends a JSON string as Ruby's JSON generator writes it: UTF-8
// as is, control characters, quote and backslash escaped.
func appendStr(b []byte, s string) []byte {
	if len(s) <= 16 && cap(b)-len(b) >= 18 {
		if q, ok := appendShort(b, s); ok {
			return q
		}
	}
	if len(s) >= escapedMin {
		return appendLong(b, s)
	}
	b = append(b, '"')
	b = appendEscaped(b, s)
	return append(b, '"')
}

const (
	// escapedMin and escapedMax bound the strings whose JSON is kept
	// (escapedStrings).
	escapedMin, escapedMax = 128, 16 << 10
	// escapedBudget bounds the bytes escapedStrings keeps (its strings
	// and their JSON).
	escapedBudget = 2 << 20
)

// escapedStrings is the JSON of long strings that had bytes to escape,
// by their text: a file's content from a template (a Memo keeps its
// text) or from the code's constants is written again by each compile,
// and finding its JSON (hashing and comparing it) costs a few times less
// than escaping it line by line. escapedBytes are about the bytes it
// keeps (a string another compile kept meanwhile is counted twice). It
// keeps strings once escapedWarm: in a process that writes a second
// catalog, not in one that writes one (compile of a node), which would
// only pay for keeping them.
var (
	escapedStrings = readmap.New[string](1024, 0)
	escapedBytes   atomic.Int64
	escapedWarm    atomic.Bool
)

// appendLong is appendStr of a string of at least escapedMin bytes.
func appendLong(b []byte, s string) []byte {
	if len(s) > escapedMax {
		b = append(b, '"')
		b = appendEscaped(b, s)
		return append(b, '"')
	}
	if e, ok := readmap.Load(escapedStrings, s); ok {
		return append(b, e...)
	}
	n := len(b)
	b = append(b, '"')
	b = appendEscaped(b, s)
	b = append(b, '"')
	// a string without a byte to escape is copied as fast as it would
	// be found: not kept
	if e := b[n:]; len(e) != len(s)+2 && escapedWarm.Load() {
		if size := int64(len(s) + len(e)); escapedBytes.Add(size) <= escapedBudget {
			readmap.Store(escapedStrings, strings.Clone(s), string(e))
		} else {
			escapedBytes.Add(-size)
		}
	}
	return b
}

// appendShort appends s of at most 16 bytes between quotes, ok when it has
// nothing to escape (most names, types, titles and values), else false
// with b as it was. b has room for 18 bytes more. The bytes are tested and
// copied as two words that overlap (or a few bytes for a string under 4),
// without a loop or a call.
func appendShort(b []byte, s string) ([]byte, bool) {
	n, l := len(s), len(b)
	switch {
	case n >= 8:
		lo, hi := word(s, 0), word(s, n-8)
		if notPlain(lo)|notPlain(hi) != 0 {
			return b, false
		}
		b = b[:l+n+2]
		binary.LittleEndian.PutUint64(b[l+1:], lo)
		binary.LittleEndian.PutUint64(b[l+n-7:], hi)
	case n >= 4:
		lo, hi := word32(s, 0), word32(s, n-4)
		if notPlain(uint64(lo)|uint64(hi)<<32) != 0 {
			return b, false
		}
		b = b[:l+n+2]
		binary.LittleEndian.PutUint32(b[l+1:], lo)
		binary.LittleEndian.PutUint32(b[l+n-3:], hi)
	case n > 0:
		if notPlain(shortWord(s)) != 0 {
			return b, false
		}
		b = b[:l+n+2]
		b[l+1], b[l+1+n>>1], b[l+n] = s[0], s[n>>1], s[n-1]
	default:
		b = b[:l+2]
	}
	b[l], b[l+n+1] = '"', '"'
	return b, true
}

// setPlainRef sets the bit of the resource at position p (plainRefs).
func (w *jsonWriter) setPlainRef(p int) {
	if i := p / 64; i < len(w.plainRefs) {
		w.plainRefs[i] |= 1 << (p % 64)
	} else if i -= len(w.plainRefs); i < len(w.moreRefs) {
		w.moreRefs[i] |= 1 << (p % 64)
	}
}

// plainRef is the bit of the resource at position p (plainRefs).
func (w *jsonWriter) plainRef(p int) bool {
	if i := p / 64; i < len(w.plainRefs) {
		return w.plainRefs[i]&(1<<(p%64)) != 0
	} else if i -= len(w.plainRefs); i < len(w.moreRefs) {
		return w.moreRefs[i]&(1<<(p%64)) != 0
	}
	return false
}

// appendRef appends a resource's reference, Type[title], as a JSON string:
// an edge's ends. That of a resource of cat copied from kept JSON is copied
// from there, that of one written with no byte to escape in its type and
// title (plainRefs) written without looking for any.
func (w *jsonWriter) appendRef(b []byte, cat *Catalog, r *Resource) []byte {
	p := int(r.pos)
	if p >= len(cat.resources) || cat.resources[p] != r {
		return appendRef(b, r)
	}
	if p < len(w.copied) {
		if e := w.copied[p]; e != nil {
			return append(b, e.ref...)
		}
	}
	if w.plainRef(p) {
		b = append(b, '"')
		b = append(b, r.Type...)
		b = append(b, '[')
		b = append(b, r.Title...)
		return append(b, ']', '"')
	}
	return appendRef(b, r)
}

// appendRef appends a resource's reference, Type[title], as a JSON string.
func appendRef(b []byte, r *Resource) []byte {
	b = append(b, '"')
	b = appendEscaped(b, r.Type)
	b = append(b, '[')
	b = appendEscaped(b, r.Title)
	return append(b, ']', '"')
}

// appendRefParts appends refString's "Type[title]" as a JSON string without
// building it: the type name capitalized, and a class's title too, through
// the process's cache of capitalized names (class references' titles are
// mostly lowercase: no string is built for each).
func appendRefParts(b []byte, typ, title string, class bool) []byte {
	b = append(b, '"')
	b = appendEscaped(b, capitalized.get(typ))
	b = append(b, '[')
	if class {
		title = capitalized.get(title)
	}
	b = appendEscaped(b, title)
	return append(b, ']', '"')
}

// jsonPlain tells the bytes a JSON string holds as they are.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// notPlain flags, with its high bit, each byte of a word of s's bytes
// (word) that is not plain: a control character, '"', '\\', a byte of a
// multibyte character. It is exact (its sums carry into no other byte), so
// a flagged byte says nothing of its neighbours: the bytes of a word that
// were scanned already can be shifted out.
func notPlain(x uint64) uint64 {
	const ones, lows = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f
	x7 := x & lows
	return (x | ^(x7 + ones*(0x80-0x20)) | ^((x7 ^ ones*'"') + lows) | ^((x7 ^ ones*'\\') + lows)) &^ lows
}

// word is the 8 bytes of s from i, the first the lowest.
func word(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// word32 is the 4 bytes of s from i, the first the lowest.
func word32(s string, i int) uint32 {
	b := s[i : i+4]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// shortWord is a word of the 1 to 7 bytes of s: two 4-byte loads that
// overlap for 4 to 7 bytes, the first, middle and last byte for 1 to 3,
// the rest 'a', plain. notPlain of it flags a byte of s exactly when one
// is not plain (it flags each byte by itself), though not where.
func shortWord(s string) uint64 {
	n := len(s)
	if n >= 4 {
		return uint64(word32(s, 0)) | uint64(word32(s, n-4))<<32
	}
	return uint64(s[0]) | uint64(s[n>>1])<<8 | uint64(s[n-1])<<16 | 0x6161616161<<24
}

// plainRun is where the run of plain bytes (jsonPlain) from s[i] ends. It
// tests eight bytes at a time (catalogs' strings are mostly such runs, file
// contents long ones), the last bytes of a string of 8 or more in the word
// that ends it.
func plainRun(s string, i int) int {
	n := len(s)
	if n < 8 && i == 0 && n > 0 && notPlain(shortWord(s)) == 0 {
		// a short string, all plain (names, most values), without a
		// loop of a byte at a time
		return n
	}
	for ; i+8 <= n; i += 8 {
		if m := notPlain(word(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i < n && n >= 8 {
		// the bytes before i, scanned, shifted out
		if m := notPlain(word(s, n-8)) >> (8 * (i - (n - 8))); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		return n
	}
	for i < n && jsonPlain[s[i]] {
		i++
	}
	return i
}

// appendEscaped appends s's characters as a JSON string holds them.
func appendEscaped(b []byte, s string) []byte {
	for {
		// the run of bytes written as they are
		i := plainRun(s, 0)
		b = append(b, s[:i]...)
		if i == len(s) {
			return b
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			s = s[i+size:]
			continue
		}
		switch c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		default: // another control character
			b = append(b, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		}
		s = s[i+1:]
	}
}

// sortStrings sorts in place (kept here so callers need not import sort).
func sortStrings(s []string) { sort.Strings(s) }

// trimColons removes a leading "::".
func trimColons(s string) string { return strings.TrimPrefix(s, "::") }
