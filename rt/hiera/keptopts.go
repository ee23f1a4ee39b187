package hiera

import (
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// What a layer finds for a key, searching data files read plainly (each
// provider's resolution kept for the compiles after, entryResolution's
// dataHashes), depends on nothing but those files' hashes and their order:
// the files are the program's and do not change, and the files that do not
// exist, or hold nothing, give nothing. Two searches every compile makes
// of each layer it consults are kept on the layer's Config with the hashes
// they read, for the compiles after whose layer reads the same hashes (the
// nodes of a server share most of them, if not the node's own file):
//   - the retrieval of lookup_options (retrieveLookupOptions), kept when no
//     file's lookup_options interpolates (keptOptions);
//   - whether a file has a key at all (layer.missing), as one set of the
//     files' keys (keptKeys).
// Only the search is skipped: the layer is resolved as before (its scope
// variables checked, its errors raised), and an explained lookup searches
// the files, as its explanation shows.

// keptOptions is a layer's lookup_options as a compile found them,
// immutable once kept.
type keptOptions struct {
	hashes []*values.Hash // the hashes searched, in order
	value  values.Value
	found  bool
}

// keptKeys is the set of the String keys of a layer's hashes, immutable
// once kept.
type keptKeys struct {
	hashes []*values.Hash
	keys   *keySet
}

// plainHashes are the hashes of dps's data files in order, when every
// provider reads data files plainly.
func plainHashes(dps []*provider) ([]*values.Hash, bool) {
	var out []*values.Hash
	for _, p := range dps {
		if p.res == nil {
			return nil, false
		}
		hs, plain := p.res.dataHashes(p)
		if !plain {
			return nil, false
		}
		out = append(out, hs...)
	}
	return out, true
}

// sameHashes reports whether every provider of dps reads data files
// plainly and their hashes are hs, in order.
func sameHashes(dps []*provider, hs []*values.Hash) bool {
	for _, p := range dps {
		if p.res == nil {
			return false
		}
		phs, plain := p.res.dataHashes(p)
		if !plain || len(phs) > len(hs) {
			return false
		}
		for i, h := range phs {
			if hs[i] != h {
				return false
			}
		}
		hs = hs[len(phs):]
	}
	return len(hs) == 0
}

// keptLookupOptions is the layer's lookup_options kept by an earlier
// compile, when they may stand for what searching dps for lk with ms finds.
func (l *layer) keptLookupOptions(lk *lookupKey, inv *invocation, ms *mergeStrategy, dps []*provider) (*keptOptions, bool) {
	if !keepsOptions(lk, inv, ms) {
		return nil, false
	}
	k := atomicptr.Load(&l.cfg.kept().opts)
	if k == nil || !sameHashes(dps, k.hashes) {
		return nil, false
	}
	return k, true
}

// keepLookupOptions keeps what searching dps for the layer's lookup_options
// found, for the compiles after, when it depends on the files alone.
func (l *layer) keepLookupOptions(lk *lookupKey, inv *invocation, ms *mergeStrategy, dps []*provider, value values.Value, found bool) {
	if !keepsOptions(lk, inv, ms) {
		return
	}
	hs, plain := plainHashes(dps)
	if !plain {
		return
	}
	for _, h := range hs {
		if v, ok := h.GetString(lookupOptionsKey); ok && NeedsInterpolation(v) {
			return
		}
	}
	atomicptr.Store(&l.cfg.kept().opts, &keptOptions{hashes: hs, value: value, found: found})
}

// keepsOptions reports whether a layer's search for lk may be kept or
// taken kept: the retrieval of lookup_options (a hash merge), not
// explained, with no hiera() overrides or local variables about.
func keepsOptions(lk *lookupKey, inv *invocation, ms *mergeStrategy) bool {
	return lk == lookupOptionsLK && inv.ex == nil && ms.key == "hash" && ms.options == nil &&
		len(inv.v3Overrides) == 0 && inv.locals == nil
}

// plainKeys is the set of the String keys of the layer's data files (its
// providers dps, as resolved for this compile), when every provider reads
// data files plainly: a key is in it when one of the files has it.
func (l *layer) plainKeys(dps []*provider) (*keySet, bool) {
	if l.keysDone {
		return l.keys, l.keys != nil
	}
	l.keysDone = true
	if k := atomicptr.Load(&l.cfg.kept().keys); k != nil && sameHashes(dps, k.hashes) {
		l.keys = k.keys
	} else {
		hs, plain := plainHashes(dps)
		if !plain {
			return nil, false
		}
		l.keys = unionKeys(dps, hs)
		atomicptr.Store(&l.cfg.kept().keys, &keptKeys{hashes: hs, keys: l.keys})
	}
	if (len(l.interps) == 0 || l.constant) && len(l.cfg.DefaultHierarchy) == 0 {
		l.settled = l.keys
	}
	return l.keys, true
}

// unionKeys is the set of the String keys of hs, dps's hashes: the set
// its provider made when only one has any.
func unionKeys(dps []*provider, hs []*values.Hash) *keySet {
	for _, p := range dps {
		if phs, _ := p.res.dataHashes(p); len(phs) == len(hs) {
			keys, _ := p.res.dataKeys(p)
			return keys
		}
	}
	return hashKeys(hs)
}
