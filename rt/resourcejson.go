package rt

import (
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// keptResources is the JSON of resources a program's catalogs wrote, with
// everything it was written from: most resources of a catalog are, value
// for value, the resources of the same type and title of the catalog the
// program wrote before (the same node's, or another's in a batch), and
// copying their JSON costs a fraction of writing it again (a keystone
// resource's is about 700 bytes of about 20 strings and values). A
// resource whose type, title, file, line, tags, parameters and the like
// are the same as a kept one's (same: strings the same bytes, other
// values the same objects, which are never changed) has the same JSON.
//
// An entry holds copies of what its resource had (not the resource, nor
// its parameters: those are the next compile's, Result.Release), and so
// keeps alive the values it compares. Like stringJSON it keeps a resource
// only once a catalog before wrote one of the same type and title (a
// resource of one node's catalog, named after its facts, is not written
// by the next node's), at most keptResourcesBudget bytes, and only once
// the program writes catalogs again (a program that writes one would only
// pay for keeping them). A resource has keptWays places, by a hash of its
// type and title (resourceKey).
type keptResources struct {
	at [keptResourcesSets][keptWays]keptPlace
	// last is, by a resource's position in its catalog, the entry kept
	// last of a resource at that position: the same code declares a
	// catalog's resources in the order of the catalog before, so most
	// are found there without hashing their type and title (atPos). It
	// may keep alive an entry its place no longer holds, one a position.
	last [keptLast]atomicptr.Pointer[keptResource]
	// edges, tags and classes are the JSON of those parts of the last
	// catalog kept (keepPart)
	edges         atomicptr.Pointer[keptPart[*keptResource]]
	tags, classes atomicptr.Pointer[keptPart[string]]
	bytes         atomic.Int64
}

// keptPart is the JSON of a part of a catalog (its edges, its tags, its
// classes) and what it was written from (of): a catalog whose part is made
// of the same has the same JSON. Edges are made of the kept resources
// their ends were copied from, two an edge, source first (a reference's
// JSON is its kept resource's).
type keptPart[T any] struct {
	of   []T
	json string
	// misses counts the catalogs that wrote the part anew since
	misses atomic.Int32
}

// keptPlace is a place of keptResources: a resource's JSON, and the
// seenMark of the last resource written there that was not kept.
type keptPlace struct {
	e    atomicptr.Pointer[keptResource]
	seen atomic.Uint64
}

const (
	// keptResourcesBits is log2 of the table's sets of places: a
	// keystone catalog has 466 resources.
	keptResourcesBits = 11
	keptResourcesSets = 1 << keptResourcesBits
	// keptWays is the places of a set: with two, three of keystone's
	// resources shared one and took turns, each written again as its
	// place was the others' (with four, five of a catalog seldom share
	// one)
	keptWays = 4
	// keptResourcesBudget bounds the bytes the table keeps (about).
	keptResourcesBudget = 8 << 20
	// keptLast is how many positions keptResources.last has.
	keptLast = 2048
	// keptMisses is how many catalogs write a resource anew, after the
	// one whose JSON was kept, before its JSON is kept in place of that
	// entry when no catalog copied it: a resource of a fleet's catalogs
	// that changes with each node (named after its facts) would be kept
	// by each catalog, for none.
	keptMisses = 8
)

// keptResource is a resource's JSON and what it was written from.
type keptResource struct {
	key                    uint64 // resourceKey
	json                   string
	ref                    string // the JSON of its reference (appendRef)
	typ, title, file, kind string
	line                   int
	native                 NativeType
	titleValue             values.Value
	tags, sensitive        []string
	held                   deferredTags // what tags were made of, when they were
	params                 []outParam   // Resource.Params' names and values, undef ones too
	// the bytes of the tags in json (the writer's tagRuns)
	tagsAt, tagsEnd int32
	exported        bool
	mainTitle       bool
	// copied says a catalog copied it; misses counts the catalogs that
	// wrote its resource anew since it was kept (keptMisses)
	copied atomic.Bool
	misses atomic.Int32
}

// deferredTags is what the tags of a resource that had not added its
// scope resource's to its list (tagsDeferred) are made of: its first own
// tags, and its scope resource's it took (own -1: not deferred). Two such
// resources with the same own tags and scope tags have the same tags,
// compared without a search (sameTags).
type deferredTags struct {
	own   int
	scope []string
}

// resourceKey hashes a resource's type and title (by their bytes: a
// title a compile makes, of a number or a fact, is not where the last
// compile's was).
func resourceKey(r *Resource) uint64 { return textHash(textHash(0, r.Type), r.Title) }

// textHash is h and s's bytes hashed, eight bytes at a time (word,
// shortWord).
func textHash(h uint64, s string) uint64 {
	n, i := len(s), 0
	for ; i+8 <= n; i += 8 {
		h = (h ^ word(s, i)) * fibonacci
		h ^= h >> 32
	}
	switch {
	case i == n:
	case n >= 8:
		h = (h ^ word(s, n-8)) * fibonacci
	default:
		h = (h ^ shortWord(s)) * fibonacci
	}
	return (h ^ uint64(n)) * fibonacci
}

// atPos is the kept JSON of a resource written as r is, found at r's
// position (last), nil for none; tried is the entry of r's type and title
// found there, whether written as r is or not. m is the writer's
// (sameHeld).
func (k *keptResources) atPos(r *Resource, m *heldMemo) (e, tried *keptResource) {
	if p := int(r.pos); p < len(k.last) {
		if e := atomicptr.Load(&k.last[p]); e != nil && e.named(r) {
			if e.sameBody(r, m) {
				return e, e
			}
			return nil, e
		}
	}
	return nil, nil
}

// find is the kept JSON of a resource written as r is, nil for none, not
// comparing r with tried again (atPos).
func (k *keptResources) find(r *Resource, key uint64, tried *keptResource, m *heldMemo) *keptResource {
	set := &k.at[key>>(64-keptResourcesBits)]
	for i := range set {
		if e := atomicptr.Load(&set[i].e); e != nil && e != tried && e.key == key && e.same(r, m) {
			return e
		}
	}
	return nil
}

// moved makes e, which r is written as, the entry of r's position (last):
// r was not there in the catalog that kept e.
func (k *keptResources) moved(r *Resource, e *keptResource) {
	if p := int(r.pos); p < len(k.last) {
		atomicptr.Store(&k.last[p], e)
	}
}

// copiedNow notes that a catalog copied e.
func (e *keptResource) copiedNow() {
	if !e.copied.Load() {
		e.copied.Store(true)
	}
}

// keep keeps json, r's JSON written by the catalog-th catalog, its tags
// at [tagsAt, tagsEnd) and made of held, in the place of the one kept of
// r's type and title, else in the place where a catalog before wrote one
// (seen), when the table has room. lastHeld is the copy of scope tags
// the writer kept last, which r's keeps too when they are the same (the
// resources of a scope are written one after another): sameHeld then
// compares the kept resources' with the catalog's once.
func (k *keptResources) keep(r *Resource, key uint64, json []byte, tagsAt, tagsEnd int, held deferredTags, catalog uint32, lastHeld *[]string) {
	set := &k.at[key>>(64-keptResourcesBits)]
	place := k.placeOf(set, r, seenMark(key, catalog))
	if place == nil {
		return
	}
	if old := atomicptr.Load(&place.e); old != nil && !old.copied.Load() &&
		old.named(r) && old.misses.Add(1) < keptMisses {
		return // r changes with each catalog: keeping it would pay for nothing
	}
	if !sameStrs(*lastHeld, held.scope) {
		*lastHeld = slices.Clone(held.scope)
	}
	e := &keptResource{
		key: key, json: string(json), ref: refJSON(r),
		typ: r.Type, title: r.Title, file: r.File, kind: r.Kind, line: r.Line,
		native: r.native, titleValue: r.titleValue,
		tags:      append([]string(nil), r.Tags...),
		sensitive: append([]string(nil), r.Sensitive...),
		held:      deferredTags{held.own, *lastHeld},
		params:    make([]outParam, len(r.Params)),
		tagsAt:    int32(tagsAt), tagsEnd: int32(tagsEnd),
		exported: r.Exported, mainTitle: r.mainTitle,
	}
	for i, p := range r.Params {
		e.params[i] = outParam{p.Name, p.Value}
	}
	size := e.size()
	if k.bytes.Add(size) > keptResourcesBudget {
		k.bytes.Add(-size)
		return
	}
	if old := atomicptr.Swap(&place.e, e); old != nil {
		k.bytes.Add(-old.size())
	}
	k.moved(r, e)
}

// replaces says whether a part of a catalog that differs from old, the
// one kept (nil for none), is kept in its place (keepPart): only once
// keptMisses catalogs missed it, as keep does for a resource, since the
// catalogs of a batch's nodes whose parts differ would each replace the
// one before.
func replaces[T any](old *keptPart[T]) bool {
	return old == nil || old.misses.Add(1) >= keptMisses
}

// keepPart keeps json, a part of a catalog written from of, at place,
// when the table has room.
func keepPart[T any](k *keptResources, place *atomicptr.Pointer[keptPart[T]], of []T, json []byte) {
	e := &keptPart[T]{of: of, json: string(json)}
	size := partSize(e)
	if k.bytes.Add(size) > keptResourcesBudget {
		k.bytes.Add(-size)
		return
	}
	if old := atomicptr.Swap(place, e); old != nil {
		k.bytes.Add(-partSize(old))
	}
}

// partSize is about the bytes e keeps of its own (a function: a method of
// a generic type is compiled again in each package that reaches it,
// TestNoGenericMethodsReachable).
func partSize[T any](e *keptPart[T]) int64 {
	var t T
	return int64(len(e.json) + int(unsafe.Sizeof(t))*len(e.of) + int(unsafe.Sizeof(*e)))
}

// refJSON is the JSON of r's reference (appendRef), made in one piece.
func refJSON(r *Resource) string {
	ref := appendRef(make([]byte, 0, len(r.Type)+len(r.Title)+4), r)
	return unsafe.String(unsafe.SliceData(ref), len(ref)) // never changed
}

// placeOf is the place of set where r is kept: the one of its type and
// title, else the one where a catalog before the one of seenMark mark
// wrote one and noted it; nil when none did (then it notes r in a place,
// one without a resource if there is one).
func (k *keptResources) placeOf(set *[keptWays]keptPlace, r *Resource, mark uint64) *keptPlace {
	for i := range set {
		if e := atomicptr.Load(&set[i].e); e != nil && sameStr(e.title, r.Title) && sameStr(e.typ, r.Type) {
			return &set[i]
		}
	}
	for i := range set {
		if v := set[i].seen.Load(); sameSeen(v, mark) {
			if v == mark { // this catalog's
				return nil
			}
			return &set[i]
		}
	}
	set[notePlace(set, mark)].seen.Store(mark)
	return nil
}

// notePlace is the place of set where a resource not kept is noted, where
// it costs least: the one noted the longest ago among those without a
// resource, else among all.
func notePlace(set *[keptWays]keptPlace, mark uint64) int {
	best, empty, age := 0, false, uint64(0)
	for i := range set {
		e := atomicptr.Load(&set[i].e) == nil
		a := seenAge(set[i].seen.Load(), mark)
		if e && !empty || e == empty && a > age {
			best, empty, age = i, e, a
		}
	}
	return best
}

// size is about the bytes e keeps of its own (not its strings' and
// values', most of which the program keeps anyway).
func (e *keptResource) size() int64 {
	const word = 8
	return int64(len(e.json) + len(e.ref) + int(unsafe.Sizeof(*e)) +
		2*word*(len(e.tags)+len(e.sensitive)+len(e.held.scope)) + 4*word*len(e.params))
}

// same says whether r is written as the resource e was kept from: all that
// the writer reads of it the same.
func (e *keptResource) same(r *Resource, m *heldMemo) bool {
	return e.named(r) && e.sameBody(r, m)
}

// named says whether e is of r's type and title.
func (e *keptResource) named(r *Resource) bool {
	return sameStr(e.title, r.Title) && sameStr(e.typ, r.Type)
}

// sameBody is same for a resource of e's type and title (named).
func (e *keptResource) sameBody(r *Resource, m *heldMemo) bool {
	if !sameStr(e.file, r.File) || e.line != r.Line || e.exported != r.Exported || e.mainTitle != r.mainTitle ||
		!sameStr(e.kind, r.Kind) || !sameNative(e.native, r.native) ||
		len(e.params) != len(r.Params) ||
		len(e.sensitive) != len(r.Sensitive) {
		return false
	}
	if e.titleValue != nil || r.titleValue != nil {
		if !sameValue(e.titleValue, r.titleValue) {
			return false
		}
	}
	for i, p := range r.Params {
		// most have the same strings and objects: a Param starts with
		// its name and value, laid out as an outParam, whose four words
		// are compared at once
		if k := &e.params[i]; *(*[4]uintptr)(unsafe.Pointer(k)) != *(*[4]uintptr)(unsafe.Pointer(p)) &&
			!sameParam(k, p) {
			return false
		}
	}
	return e.sameTags(r, m) && sameStrs(e.sensitive, r.Sensitive)
}

// sameTags says whether r has e's tags: made of the same own tags and
// scope tags (deferredTags), when both were deferred, else compared
// (sameTags).
func (e *keptResource) sameTags(r *Resource, m *heldMemo) bool {
	if own := e.held.own; own >= 0 && r.tagsDeferred {
		return sameStrs(e.tags[:own], r.Tags) && m.sameHeld(e.held.scope, r.scope.resource.Tags[:r.scopeTagsHeld])
	}
	return sameTags(e.tags, r)
}

// heldMemo is the last kept and catalog's lists of scope tags that
// sameHeld found the same, by where their elements are, and their
// length: a scope resource's tags that its resources held ([:n]) never
// change, nor do a kept resource's, and the kept resources of a scope
// share one list (keep), so that the many resources of a scope compare
// theirs once. A writer's (a catalog's lists are its chunks, which the
// next compile's take).
type heldMemo struct {
	kept, scope *string
	n           int
}

// sameHeld is sameStrs(kept, scope) for a kept resource's scope tags
// (deferredTags.scope) and those its resource held, noted in m (nil for
// none).
func (m *heldMemo) sameHeld(kept, scope []string) bool {
	if len(kept) != len(scope) {
		return false
	}
	k, s := unsafe.SliceData(kept), unsafe.SliceData(scope)
	if m != nil && k == m.kept && s == m.scope && len(kept) == m.n {
		return true
	}
	if !sameStrs(kept, scope) {
		return false
	}
	if m != nil {
		*m = heldMemo{k, s, len(kept)}
	}
	return true
}

// sameTags says whether tags, a resource's (distinct, as every
// keptResource's), are r's tags. Those of a native resource that has not
// added its scope resource's to its list yet (tagsDeferred) are its own,
// then those of its scope's it lacks, in their order: they are compared
// with tags without making the list. Tags being distinct, a scope's tag
// that is the next of tags is not one of r's own: r lacks it.
func sameTags(tags []string, r *Resource) bool {
	if !r.tagsDeferred {
		return sameStrs(tags, r.Tags)
	}
	own, from := r.Tags, r.scope.resource.Tags[:r.scopeTagsHeld]
	if len(tags) < len(own) || len(tags) > len(own)+len(from) || !sameStrs(tags[:len(own)], own) {
		return false
	}
	rest := tags[len(own):]
	if len(rest) == len(from) {
		// r lacks all of them
		return sameStrs(rest, from)
	}
	k := 0
	for _, t := range from {
		if k < len(rest) && sameStr(rest[k], t) {
			k++
		} else if !slices.Contains(own, t) {
			return false
		}
	}
	return k == len(rest)
}

// sameParam says whether p has k's name and value.
func sameParam(k *outParam, p *Param) bool {
	return sameStr(k.Name, p.Name) && sameValue(k.Value, p.Value)
}

// sameStr is a == b, without comparing the bytes of a string with
// themselves.
func sameStr(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// sameString says whether two String values are written the same way:
// the same text, both binary or neither (values.BinaryString).
func sameString(a, b values.String) bool {
	if len(a) != len(b) {
		return false
	}
	if unsafe.StringData(string(a)) == unsafe.StringData(string(b)) {
		return true
	}
	return a == b && values.IsBinaryString(a) == values.IsBinaryString(b)
}

// sameStrs says whether two lists hold the same strings.
func sameStrs(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	// most lists (tags) hold the very strings of the other: their
	// headers' words compared as bytes, at once
	if size := len(a) * int(unsafe.Sizeof("")); size == 0 ||
		unsafe.String((*byte)(unsafe.Pointer(unsafe.SliceData(a))), size) ==
			unsafe.String((*byte)(unsafe.Pointer(unsafe.SliceData(b))), size) {
		return true
	}
	for i := range a {
		if !sameStr(a[i], b[i]) {
			return false
		}
	}
	return true
}

// iface is the layout of an interface value: its type's word, its data's.
type iface struct{ typ, data unsafe.Pointer }

// sameNative says whether a and b are the same native type (the same
// object; its title patterns and namevars are the program's).
func sameNative(a, b NativeType) bool {
	return *(*iface)(unsafe.Pointer(&a)) == *(*iface)(unsafe.Pointer(&b))
}

// sameValue says whether a and b are written as the same JSON: the same
// object (values are never changed once built), or Strings, Integers and
// Booleans equal, or arrays, hashes and resource references made again of
// such (a compile makes its relationships' lists and references anew).
func sameValue(a, b values.Value) bool {
	ia, ib := *(*iface)(unsafe.Pointer(&a)), *(*iface)(unsafe.Pointer(&b))
	if ia.typ != ib.typ {
		return false
	}
	if ia.data == ib.data {
		return true
	}
	switch x := a.(type) {
	case values.String:
		return sameString(x, b.(values.String))
	case values.Int:
		return x == b.(values.Int)
	case values.Bool:
		return x == b.(values.Bool)
	case *values.Array:
		return sameValues(x.Elems(), b.(*values.Array).Elems())
	case *values.Hash:
		y := b.(*values.Hash)
		return sameValues(x.Keys(), y.Keys()) && sameValues(x.Values(), y.Values())
	case *values.ResourceType:
		// written from its type name and title alone (seenJSON.value)
		y := b.(*values.ResourceType)
		return x.HasTitle && y.HasTitle && sameStr(x.TypeName, y.TypeName) && sameStr(x.Title, y.Title)
	}
	return false
}

// sameValues says whether two lists hold the same values (sameValue).
func sameValues(a, b []values.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		// most are the same object: told apart without a call
		if *(*iface)(unsafe.Pointer(&a[i])) != *(*iface)(unsafe.Pointer(&b[i])) && !sameValue(a[i], b[i]) {
			return false
		}
	}
	return true
}
