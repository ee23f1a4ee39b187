package rt

import (
	"sync"

	"github.com/pp2go/pp2go/rt/values"
)

// slab hands out the small objects of one compile (parameters, resources)
// from chunks: one allocation for many objects that live as long as the
// catalog anyway. A Ctx holds one slab per type; compiles running at the
// same time have their own. A slab with chunks (src) takes its chunks
// there, which may be a compile's before (arena).
type slab[T any] struct {
	free []T // the chunk handed out, up to next
	next int
	src  *chunks[T]
	sizing
}

// alloc returns a zeroed T from s. (The slabs' operations are functions,
// not methods, as rt/internal/atomicptr says why.) It moves an index
// along the chunk, cheaper than cutting the slice at each call.
func alloc[T any](s *slab[T], chunk int) *T {
	if s.next == len(s.free) {
		s.free, s.next = take(s.src, s.chunkSize(chunk)), 0
	}
	p := &s.free[s.next]
	s.next++
	s.used++
	return p
}

// rest is what s has not handed out of its chunk.
func rest[T any](s *slab[T]) []T { return s.free[s.next:] }

// sliceSlab hands out the small slices of one compile (resources'
// parameter and tag lists) from chunks. A slice has its own capacity: it
// grows out of the chunk when appended beyond it, never into its
// neighbour.
type sliceSlab[T any] struct {
	free []T
	src  *chunks[T]
	sizing
}

// makeSlice returns an empty slice with capacity n from s.
func makeSlice[T any](s *sliceSlab[T], n, chunk int) []T {
	if n > chunk/8 {
		return make([]T, 0, n)
	}
	if len(s.free) < n {
		s.free = take(s.src, max(n, s.chunkSize(chunk)))
	}
	out := s.free[:0:n]
	s.free = s.free[n:]
	s.used += n
	return out
}

// sizing is what a slab handed out in a compile (used, in elements), and
// the size of its first chunk when not the callers' (first, 0 for theirs):
// a slab whose chunks no compile hands on (no arena's) takes a first
// chunk of about what the last compile used, when that is less, as a
// small catalog's compile uses a few of a large one's chunk (sizedSlabs).
type sizing struct {
	used, first int
}

// chunkSize is the size of the next chunk, chunk as the caller gives it.
func (z *sizing) chunkSize(chunk int) int {
	if z.first > 0 {
		chunk, z.first = min(chunk, z.first), 0
	}
	return chunk
}

// sizedSlabs are the compile's slabs whose chunks it makes anew (no
// arena's), by number: a compile's first chunks are sized by the last
// compile's use (Program.lastSlabUse, startSlabs).
func (c *Ctx) sizedSlabs() [numSizedSlabs]*sizing {
	return [...]*sizing{&c.valueLists.sizing, &c.arraySlab.sizing, &c.hashSlab.sizing, &c.strSlab.sizing,
		&c.refSlab.sizing, &c.collectorSlab.sizing, &c.querySlab.sizing, &c.viewSlab.sizing, &c.tableSlab.sizing}
}

const numSizedSlabs = 9

// startSlabs sizes the first chunks of the sized slabs by the last
// compile's use, a quarter more (a node of the same catalog may use a
// little more), when that is less than their callers' chunks.
func (c *Ctx) startSlabs() {
	for i, z := range c.sizedSlabs() {
		if u := int(c.prog.lastSlabUse[i].Load()); u > 0 {
			z.first = u + u/4 + 4
		}
	}
}

// recordSlabs keeps the sized slabs' use for the next compile.
func (c *Ctx) recordSlabs() {
	for i, z := range c.sizedSlabs() {
		c.prog.lastSlabUse[i].Store(int64(z.used))
	}
}

// newParam is a parameter of this compile.
func (c *Ctx) newParam(p Param) *Param {
	q := alloc(&c.paramSlab, paramChunk)
	*q = p
	return q
}

// paramChunk is the number of parameters in a chunk of paramSlab: 75
// fill a chunk's size class (4,864 bytes with its malloc header).
const paramChunk = 75

// newParams are n parameters of this compile, zeroed, next to each other
// (n at most paramChunk): from the chunk of newParam's when it has room,
// else from a new one.
func (c *Ctx) newParams(n int) []Param {
	s := &c.paramSlab
	if len(s.free)-s.next < n {
		s.free, s.next = take(s.src, s.chunkSize(paramChunk)), 0
	}
	out := s.free[s.next : s.next+n : s.next+n]
	s.next += n
	s.used += n
	return out
}

// newResource is a resource of this compile.
func (c *Ctx) newResource(r Resource) *Resource {
	q := alloc(&c.resourceSlab, resourceChunk)
	*q = r
	return q
}

// resourceChunk is the number of resources in a chunk of resourceSlab:
// 15 fill a chunk's size class (5376 bytes).
const resourceChunk = 15

// newArray is an Array of elems (not copied) of this compile.
func (c *Ctx) newArray(elems []values.Value) *values.Array {
	if len(elems) == 0 {
		return values.EmptyArray
	}
	a := alloc(&c.arraySlab, 64)
	*a = values.ArrayLit(elems...)
	return a
}

// copyArray is newArray of a copy of elems.
func (c *Ctx) copyArray(elems []values.Value) *values.Array {
	return c.newArray(append(makeSlice(&c.valueLists, len(elems), 1024), elems...))
}

// newHash is the hash literal of kv (keys and values alternate) of this
// compile: the Hash and its entries are in chunks (hashSlab, valueLists).
func (c *Ctx) newHash(kv []values.Value) *values.Hash {
	n := len(kv) / 2
	if n == 0 {
		return values.NewHashBuilder(0).Build()
	}
	b := values.HashIn(alloc(&c.hashSlab, 64), makeSlice(&c.valueLists, 2*n, 1024)[:2*n])
	for i := 0; i+1 < len(kv); i += 2 {
		b.Put(kv[i], kv[i+1])
	}
	return b.Build()
}

// newString is String(text) as a Value of this compile, its box in
// chunks (strSlab) rather than an allocation of its own: for the long
// strings not worth keeping once per process (strValue), a template's
// rendering.
func (c *Ctx) newString(text string) values.Value {
	p := alloc(&c.strSlab, 64)
	*p = values.String(text)
	return values.StringAt(p)
}

// chunks are the chunks of one type that a compile's slabs took (taken),
// and zeroed ones a compile before took (spare), which take hands out
// first. unused is how many elements at the end of the last chunk taken
// its slab never handed out, still zero (noteUnused), which recycle does
// not clear again.
type chunks[T any] struct {
	taken, spare [][]T
	unused       int
}

// take returns a zeroed chunk of n from c; a nil c makes one.
func take[T any](c *chunks[T], n int) []T {
	if c == nil {
		return make([]T, n)
	}
	var ch []T
	if k := len(c.spare); k > 0 && len(c.spare[k-1]) == n {
		ch, c.spare = c.spare[k-1], c.spare[:k-1]
	} else {
		ch = make([]T, n)
	}
	c.taken = append(c.taken, ch)
	return ch
}

// recycleChunks zeroes the chunks c took and makes them spare.
func recycleChunks[T any](c *chunks[T]) {
	for i, ch := range c.taken {
		if i == len(c.taken)-1 {
			ch = ch[:len(ch)-c.unused]
		}
		clear(ch)
	}
	c.unused = 0
	c.spare = append(c.spare, c.taken...)
	clear(c.taken)
	c.taken = c.taken[:0]
}

// arena holds a compile's chunks of the types whose objects only the
// compile's own structures point to: parameters, resources, scopes and
// the lists of them, of tags and names, and of variable slots, the types
// resource expressions named, the relationships and the ends they add
// to parameters, and scopes' lists of resource defaults, which no value
// (values.Value) holds and no cache of the process keeps. A
// released result (Result.Release) hands them to a next compile
// (arenas), instead of each compile making and zeroing its ~700 kB (a
// keystone catalog's), and the collector finding more garbage. Value
// lists, Arrays, Hashes, Strings' boxes, references and queries
// (valueLists, arraySlab, hashSlab, strSlab, refSlab, querySlab) are not
// among them: values flow anywhere, a cache of the process included.
type arena struct {
	params        chunks[Param]
	resources     chunks[Resource]
	scopes        chunks[Scope]
	paramLists    chunks[*Param]
	tags, names   chunks[string]
	int32s        chunks[int32]
	byType        chunks[[]*Resource]
	resourceLists chunks[*Resource]
	types         chunks[resourceType]
	rels          chunks[relationship]
	relEnds       chunks[relationshipEnds]
	defaults      chunks[typeDefaults]

	// the catalog's table and lists of the compile, for the next one's
	// (newCatalogIn); nil while a compile has them
	table        refTable
	catResources []*Resource
	edges        []Edge

	// lists the compile uses and is done with before it ends, for the
	// next one's (reuseList): the resources in the order declared
	// (Ctx.resources), the relationships' index (relationshipAt) and
	// the containment edges' targets (edgeTargets)
	ctxResources []*Resource
	relIndex     []*relationshipEnds
	edgeStart    []int32
	edgeTargets  []*Resource
	// and tables: the class scopes by name (Scope.classes) and the sets
	// of resources the collectors collected (Collector.collected)
	classScopes map[string]*Scope
	collected   []map[*Resource]bool
	// the catalog's tags and classes, for the next one's (start)
	catTags, catClasses []string
	// the top scope's variables that setNodeVariables made, for the
	// next one's
	topVals []values.Value
	// the lists the catalog's JSON writer used (Render), for the next
	// one's
	writer *writerLists
	// and the compile's context itself, for the next compile's
	// (newCtxIn): it keeps its tables and lists
	ctx *Ctx
}

// reuseList is a's list that list selects, emptied with its elements
// zeroed when it has room for n, else a new list with room for n; the
// arena's is nil after (the compile's, until it gives it back). A nil a
// (a compile without an arena) makes a new list.
func reuseList[T any](a *arena, list func(*arena) *[]T, n int) []T {
	if a == nil {
		return make([]T, 0, n)
	}
	kept := list(a)
	l := *kept
	*kept = nil
	return clearedRoom(l, n)
}

// reuseMap is a's map that m selects, emptied (nil after: the compile's,
// until it gives it back), else a new map with room for n.
func reuseMap[K comparable, V any](a *arena, m func(*arena) *map[K]V, n int) map[K]V {
	if a != nil {
		if kept := m(a); *kept != nil {
			l := *kept
			*kept = nil
			clear(l)
			return l
		}
	}
	return make(map[K]V, n)
}

// collectedSet is an empty set for a collector's resources (Collector.collected),
// one of a's when it has one, else a new one with room for n.
func collectedSet(a *arena, n int) map[*Resource]bool {
	if a != nil {
		if k := len(a.collected); k > 0 {
			m := a.collected[k-1]
			a.collected = a.collected[:k-1]
			clear(m)
			return m
		}
	}
	return make(map[*Resource]bool, n)
}

// arenas are arenas of released results (none until a result is).
var arenas sync.Pool

// useArena has c's slabs take their chunks from a, the arena of c.
func (c *Ctx) useArena(a *arena) {
	c.arena = a
	c.paramSlab.src, c.resourceSlab.src, c.scopeSlab.src = &a.params, &a.resources, &a.scopes
	c.paramLists.src, c.tagLists.src, c.nameLists.src = &a.paramLists, &a.tags, &a.names
	c.int32Lists.src, c.byTypeSlab.src, c.resourceLists.src = &a.int32s, &a.byType, &a.resourceLists
	c.typeSlab.src, c.relationshipSlab.src, c.relationshipEndsSlab.src = &a.types, &a.rels, &a.relEnds
	c.defaultsLists.src = &a.defaults
}

// noteUnused records, as a compile ends, the elements at the end of each
// arena slab's last chunk that it never handed out: its free list, a
// suffix of that chunk (take appends the chunk it hands the slab), which
// no slab writes (a slice's capacity ends where the next one starts).
func (c *Ctx) noteUnused() {
	a := c.arena
	if cat := c.catalog; cat != nil && cat.table.slots != nil {
		// the next compile's, once the result is released
		a.table, a.catResources, a.edges = cat.table, cat.resources, cat.edges
		a.catTags, a.catClasses = cat.Tags, cat.Classes
	}
	if cat := c.catalog; cat != nil && cat.writer != nil {
		a.writer = cat.writer // the writer's lists, once Render used them
	}
	a.ctx = c
	a.ctxResources = c.resources
	if c.nodeLayout != nil {
		// the top table's list is setNodeVariables' (or one grown from
		// it), which no other table took (a top table is not adopted)
		a.topVals = c.top.symtable.vals
	}
	if c.top != nil && c.top.classes != nil {
		a.classScopes = c.top.classes
	}
	for _, coll := range c.collections {
		if coll.collected != nil {
			a.collected = append(a.collected, coll.collected)
		}
	}
	unused(&a.params, rest(&c.paramSlab))
	unused(&a.resources, rest(&c.resourceSlab))
	unused(&a.scopes, rest(&c.scopeSlab))
	unused(&a.paramLists, c.paramLists.free)
	unused(&a.tags, c.tagLists.free)
	unused(&a.names, c.nameLists.free)
	unused(&a.int32s, c.int32Lists.free)
	unused(&a.byType, rest(&c.byTypeSlab))
	unused(&a.resourceLists, c.resourceLists.free)
	unused(&a.types, rest(&c.typeSlab))
	unused(&a.rels, rest(&c.relationshipSlab))
	unused(&a.relEnds, rest(&c.relationshipEndsSlab))
	unused(&a.defaults, c.defaultsLists.free)
}

// unused records free, a slab's free list, as the unused end of c's last
// chunk.
func unused[T any](c *chunks[T], free []T) {
	if n := len(c.taken); n > 0 && len(free) > 0 && &c.taken[n-1][len(c.taken[n-1])-len(free)] == &free[0] {
		c.unused = len(free)
	}
}

// recycle zeroes the arena's chunks for a next compile.
func (a *arena) recycle() {
	recycleChunks(&a.params)
	recycleChunks(&a.resources)
	recycleChunks(&a.scopes)
	recycleChunks(&a.paramLists)
	recycleChunks(&a.tags)
	recycleChunks(&a.names)
	recycleChunks(&a.int32s)
	recycleChunks(&a.byType)
	recycleChunks(&a.resourceLists)
	recycleChunks(&a.types)
	recycleChunks(&a.rels)
	recycleChunks(&a.relEnds)
	recycleChunks(&a.defaults)
}
