package hiera

import (
	"slices"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// A hierarchy entry's resolution (its datadir, locations and options
// interpolated, its data files found) depends on nothing but the
// variables its interpolations read: Data is the program's and does not
// change. A compile keeps the resolution it made on the Entry
// (entryResolution) with every variable it read, and the compiles after
// it, the concurrent ones of a server or a batch among them, reuse it when
// each of those variables has the value it had; they resolve the entry
// again otherwise, and keep theirs. Only resolutions that read variables
// alone and quietly are kept: none that read a variable that does not
// exist (whatever strict makes of it), none that logged a warning, none
// that failed, and none made for an explained lookup, which resolves
// afresh. The session's own rule (Puppet's "Hiera configuration recreated
// due to change of scope variables used in interpolation expressions",
// layer.stable) is untouched: a reused entry gives the layer the
// interpolations (scopeInterp) its resolution gave.

// entryResolution is one entry's resolution as a compile made it,
// immutable once kept.
type entryResolution struct {
	// the session settings it was made under
	puppet     int
	strict     string
	hieraScope bool
	// reads are the variables its interpolations read from the scope, in
	// order (each name and segments once)
	reads []varRead
	// interps are the candidates its resolution gave rememberScopeLookup,
	// in order, for the layer's list
	interps []scopeInterp
	// none: the entry gave no provider; else the provider's locations and
	// options
	none      bool
	locations []*location
	options   *values.Hash

	// the hashes of the data files as layer.missing reads them
	// (dataHashes), the files they are of, and their String keys in one
	// set (hashKeys)
	hashesOnce sync.Once
	hashes     []*values.Hash
	files      []*File
	keys       *keySet
	plain      bool
}

// varRead is a variable an interpolation read: its name as the Scope
// takes it, the segments dug into it and the value found (nil when the
// segments found nothing).
type varRead struct {
	name     string
	segments []values.Value
	value    values.Value
}

// resolutionRecord collects an entry's reads as it is resolved.
type resolutionRecord struct {
	reads   []varRead
	interps []scopeInterp
	// tainted: the resolution read something other than a variable that
	// exists, and is not kept
	tainted bool
}

// scopeRead records scopeLookup's read of root (dug into by segs, giving
// value) for the entry being resolved. A local variable (mapped_paths')
// is not read from the scope: its value is one the mapped variable's
// recorded read gave.
func (r *resolutionRecord) scopeRead(inv *invocation, root string, segs []values.Value, value values.Value, exists bool) {
	if !exists || inv.overrides != nil || inv.defaults != nil {
		r.tainted = true
		return
	}
	if inv.isLocal(root) {
		return
	}
	for _, rd := range r.reads {
		if rd.name == root && sameSegments(rd.segments, segs) {
			return
		}
	}
	r.reads = append(r.reads, varRead{name: root, segments: segs, value: value})
}

func sameSegments(a, b []values.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !values.Eql(a[i], b[i]) {
			return false
		}
	}
	return true
}

// keep makes rec and p (nil: none) the entry's resolution for the
// compiles after this one, and gives it.
func (e *Entry) keep(s *Session, inv *invocation, rec *resolutionRecord, p *provider) *entryResolution {
	r := &entryResolution{puppet: s.Puppet, strict: s.strict, hieraScope: inv.hieraScope,
		reads: rec.reads, interps: rec.interps, none: p == nil}
	if p != nil {
		r.locations, r.options = p.locations, p.options
		p.res = r
	}
	atomicptr.Store(e.res(), r)
	e.recent().add(r)
	return r
}

// reusable is the resolution an earlier compile kept for the entry, when
// this resolution (inv) may reuse it and every variable it read has the
// same value: unchanged when the layer's kept resolution gives it (it was
// made under inv's settings and its reads are checked), else the entry's
// last, else one of its recent ones, checked, which becomes its last;
// last says it is not a recent one. The layer's interpolations get the
// resolution's.
func (l *layer) reusable(inv *invocation, e *Entry, unchanged *entryResolution) (r *entryResolution, last bool) {
	if !inv.reuse {
		return nil, false
	}
	r, last = unchanged, true
	if r == nil {
		if r = atomicptr.Load(e.res()); r == nil {
			return nil, false
		}
		if !r.valid(inv) {
			if r, last = e.recent().find(inv, r.reads), false; r == nil {
				return nil, false
			}
			atomicptr.Store(e.res(), r) // the next compile's last
		}
	}
	for _, si := range r.interps {
		inv.collect.add(si)
	}
	return r, last
}

// An entry keeps its resolutions before the last too (recentResolutions),
// by the values they read, when each is a String: the nodes of a fleet
// differ in what the per-node entry reads (trusted.certname), and those
// of a mixed one in what others read (facts.os.family), so that the last
// resolution is another node's more often than not, while each node
// finds its own among the recent ones. An entry keeps at most
// maxRecentResolutions; a fleet larger than that resolves the entry
// afresh for some of its nodes, as it did for all of them before.

// entryKept is what compiles keep of an entry in its cell.
type entryKept struct {
	last   atomicptr.Pointer[entryResolution]
	recent recentResolutions
}

// recentResolutions are an entry's resolutions by the values of their
// reads (readsKey), each one's last.
type recentResolutions struct {
	mu    sync.RWMutex
	byKey map[string]*entryResolution
}

// maxRecentResolutions is the most resolutions an entry keeps: about
// half a kilobyte each, most of it the locations.
const maxRecentResolutions = 4096

// add keeps r among the recent resolutions when its reads read Strings,
// all of them dropped first when there are as many as can be.
func (rr *recentResolutions) add(r *entryResolution) {
	key, ok := readsKey(r.reads, func(rd *varRead) values.Value { return rd.value })
	if !ok {
		return
	}
	rr.mu.Lock()
	if rr.byKey == nil || len(rr.byKey) >= maxRecentResolutions {
		rr.byKey = make(map[string]*entryResolution)
	}
	rr.byKey[key] = r
	rr.mu.Unlock()
}

// find is the recent resolution that may stand for the entry's with inv
// (valid), among those whose reads read what the variables of reads (the
// last resolution's) read now; nil when there is none.
func (rr *recentResolutions) find(inv *invocation, reads []varRead) *entryResolution {
	s := inv.s
	if s.scope == nil {
		return nil
	}
	key, ok := readsKey(reads, func(rd *varRead) values.Value {
		v, exists := s.scope.LookupVar(rd.name)
		if !exists {
			return nil
		}
		if v != nil && !values.IsUndef(v) && len(rd.segments) > 0 {
			v, _ = digQuietly(v, rd.segments)
		}
		return v
	})
	if !ok {
		return nil
	}
	rr.mu.RLock()
	r := rr.byKey[key]
	rr.mu.RUnlock()
	if r == nil || !r.valid(inv) {
		return nil
	}
	return r
}

// readsKey is the key of the values value gives for reads: their texts,
// each followed by a zero byte, when each is a String (a key made without
// allocating for one read); false otherwise.
func readsKey(reads []varRead, value func(*varRead) values.Value) (string, bool) {
	if len(reads) == 0 {
		return "", false
	}
	if len(reads) == 1 {
		v, ok := value(&reads[0]).(values.String)
		return string(v), ok
	}
	var b strings.Builder
	for i := range reads {
		v, ok := value(&reads[i]).(values.String)
		if !ok {
			return "", false
		}
		b.WriteString(string(v))
		b.WriteByte(0)
	}
	return b.String(), true
}

// valid reports whether r may stand for the entry's resolution with inv:
// made under the same settings, and each variable it read reads the same
// value now (read quietly: no warning, no error; values compared as the
// layer's stable check compares them).
func (r *entryResolution) valid(inv *invocation) bool {
	s := inv.s
	if r.puppet != s.Puppet || r.strict != s.strict || r.hieraScope != inv.hieraScope {
		return false
	}
	return sameReads(s, r.reads)
}

// sameReads reports whether each variable of reads reads the value it
// read.
func sameReads(s *Session, reads []varRead) bool {
	if len(reads) > 0 && s.scope == nil {
		return false
	}
	return changedRead(s, reads, 0) == len(reads)
}

// changedRead is the index of the first read from reads[from] on whose
// variable reads another value now than it read, or none (a variable
// gone, a dig that fails); len(reads) when there is none. Reads of one
// name one after another look it up once.
func changedRead(s *Session, reads []varRead, from int) int {
	var v0 values.Value
	var exists bool
	for i := from; i < len(reads); i++ {
		rd := &reads[i]
		if i == from || rd.name != reads[i-1].name {
			v0, exists = s.scope.LookupVar(rd.name)
		}
		if !exists || !sameRead(rd, v0) {
			return i
		}
	}
	return len(reads)
}

// sameRead reports whether v, the value of rd's variable, dug into by its
// segments, gives the value rd read.
func sameRead(rd *varRead, v values.Value) bool {
	if v != nil && !values.IsUndef(v) && len(rd.segments) > 0 {
		var dug bool
		if v, dug = digQuietly(v, rd.segments); !dug {
			return false
		}
	}
	return rubyEql(rd.value, v)
}

// digQuietly digs into v by segments as subLookup does, giving nil for a
// segment not found; dug is false where subLookup fails (a value neither
// a hash nor an array indexed), which a resolution would raise.
func digQuietly(v values.Value, segments []values.Value) (_ values.Value, dug bool) {
	for _, seg := range segments {
		var found, hashLike bool
		if v, found, hashLike = dig(seg, v); !hashLike {
			return nil, false
		}
		if !found {
			return nil, true
		}
	}
	return v, true
}

// dataHashes are the hashes of the data files of p (r's provider) that
// layer.missing reads, in its order, when reading them is nothing but
// reading their data (plain): a yaml, json or hocon data_hash function of
// paths, globs or mapped paths, whose files that exist each parse as a
// hash with no error and no warning, and bind only the module's keys in a
// module's layer. They are the same for every compile that has r; layer.missing
// reads each file otherwise.
func (r *entryResolution) dataHashes(p *provider) (hs []*values.Hash, plain bool) {
	r.hashesOnce.Do(func() {
		r.hashes, r.files, r.plain = p.plainDataHashes()
		if r.plain {
			r.keys = hashKeys(r.hashes)
		}
	})
	return r.hashes, r.plain
}

// dataKeys are the String keys of dataHashes in one set: a key is in it
// when one of the hashes has it (GetString finds it), for layer.missing,
// which asks this of every automatic parameter's key (a keystone compile
// asks 416 keys of each of a layer's files; most are in none).
func (r *entryResolution) dataKeys(p *provider) (keys *keySet, plain bool) {
	_, plain = r.dataHashes(p)
	return r.keys, plain
}

func (p *provider) plainDataHashes() ([]*values.Hash, []*File, bool) {
	if !p.readsFiles() || p.e.Kind != "data_hash" || p.locations == nil {
		return nil, nil, false
	}
	var hs []*values.Hash
	var files []*File
	for _, loc := range p.locations {
		if !loc.exists {
			continue
		}
		if loc.uri {
			return nil, nil, false
		}
		f := loc.file
		if f == nil {
			f = p.l.s.d.file(loc.path)
		}
		if f == nil || f.Dir || f.Error != "" || f.Warning != "" {
			return nil, nil, false
		}
		h := f.Hash()
		if h == nil || h.Len() == 0 {
			continue
		}
		if p.l.place == "Module" && !bindsOnly(h, p.l.module+"::") {
			return nil, nil, false
		}
		hs, files = append(hs, h), append(files, f)
	}
	return hs, files, true
}

// A layer's hierarchy as a whole is kept too (keptLayer), when each of its
// entries' resolutions was reused or kept: a compile whose variables read
// what every entry read takes the entries' resolutions at once, looking
// each variable up once (the entries of a hierarchy read the same facts),
// and the layer's interpolations as they gave them. A compile that finds
// some variables changed (a fleet's nodes differ in trusted.certname and
// little else) takes at once the resolutions of the entries that read
// none of them, and resolves the others entry by entry, as above. It
// makes the layer's kept resolution anew only when each of its entries'
// last kept resolutions stood (the same node again): in a fleet, the next
// compile is another node's, whose per-node level differs again, and the
// layer's resolution made anew for each node would serve none.

// keptLayer is a layer's resolution as a compile made it, immutable once
// kept.
type keptLayer struct {
	// the session settings it was made under
	puppet     int
	strict     string
	hieraScope bool
	// reads are the variables its entries read, each name and segments
	// once, sorted by name
	reads []varRead
	// all are the hierarchy's entries' resolutions, in its order, and
	// readBy the reads of each (bit j: reads[j]); nil when there are more
	// than 64 reads
	all    []*entryResolution
	readBy []uint64
	// interps are the layer's interpolations (layer.interps)
	interps []scopeInterp
}

// keptResolution is the layer's kept resolution, when a resolution may
// reuse one (reuse, and with the hieraScope given), and the reads among
// its own whose variables now read another value (changed: bit j for
// k.reads[j]); changed is 0 when k stands for the whole resolution. k is
// nil when there is none to take, and when a read changed and k has too
// many to say which entries read it (readBy).
func (l *layer) keptResolution(reuse, hieraScope bool) (k *keptLayer, changed uint64) {
	if !reuse {
		return nil, 0
	}
	s := l.s
	k = atomicptr.Load(&l.cfg.kept().resolution)
	if k == nil || k.puppet != s.Puppet || k.strict != s.strict || k.hieraScope != hieraScope {
		return nil, 0
	}
	if k.readBy == nil {
		if !sameReads(s, k.reads) {
			return nil, 0
		}
		return k, 0
	}
	changed, ok := changedReads(s, k.reads)
	if !ok {
		return nil, 0
	}
	return k, changed
}

// changedReads is the set of reads (bit j: reads[j], at most 64) whose
// variables read another value now than they read (changedRead); ok is
// false when the scope cannot be read.
func changedReads(s *Session, reads []varRead) (changed uint64, ok bool) {
	if len(reads) > 0 && s.scope == nil {
		return 0, false
	}
	for i := changedRead(s, reads, 0); i < len(reads); i = changedRead(s, reads, i+1) {
		changed |= 1 << i
	}
	return changed, true
}

// keepResolution keeps the layer's resolution by slc, its hierarchy's
// entries' resolutions (nil: not all have one), for the compiles after.
func (l *layer) keepResolution(slc *invocation, res []*entryResolution) {
	if res == nil {
		return
	}
	s := slc.s
	n := 0
	for _, r := range res {
		n += len(r.reads)
	}
	k := &keptLayer{puppet: s.Puppet, strict: s.strict, hieraScope: slc.hieraScope, interps: slc.collect.list,
		reads: make([]varRead, 0, n), all: slices.Clone(res)} // res is the session's room
	for _, r := range res {
		for _, rd := range r.reads {
			if k.readIndex(rd) < 0 {
				k.reads = append(k.reads, rd)
			}
		}
	}
	slices.SortStableFunc(k.reads, func(a, b varRead) int { return strings.Compare(a.name, b.name) })
	if len(k.reads) <= 64 {
		k.readBy = make([]uint64, len(res))
		for i, r := range res {
			for _, rd := range r.reads {
				k.readBy[i] |= 1 << k.readIndex(rd)
			}
		}
	}
	atomicptr.Store(&l.cfg.kept().resolution, k)
}

// readIndex is the index in k.reads of the read of rd's name and
// segments, -1 when there is none.
func (k *keptLayer) readIndex(rd varRead) int {
	for j := range k.reads {
		if o := &k.reads[j]; o.name == rd.name && sameSegments(o.segments, rd.segments) {
			return j
		}
	}
	return -1
}

// unchanged is the resolution k kept for the hierarchy's entry i when it
// read none of the changed reads (keptResolution), nil otherwise.
func (k *keptLayer) unchanged(i int, changed uint64) *entryResolution {
	if k == nil || k.readBy == nil || k.readBy[i]&changed != 0 {
		return nil
	}
	return k.all[i]
}

// providers are the session's providers of k's resolutions that gave
// one, for layer l.
func (k *keptLayer) providers(l *layer) []*provider {
	ps := roomFor(&l.s.providerRoom, len(k.all))
	out := roomFor(&l.s.providerPtrRoom, len(k.all))[:0]
	for i, r := range k.all {
		if !r.none {
			ps[i] = r.provider(l, l.cfg.Hierarchy[i])
			out = append(out, &ps[i])
		}
	}
	return out
}

// provider is the provider of layer l's entry e that r, a resolution of
// e that gave one, stands for.
func (r *entryResolution) provider(l *layer, e *Entry) provider {
	return provider{l: l, e: e, res: r, locations: r.locations, options: r.options}
}
