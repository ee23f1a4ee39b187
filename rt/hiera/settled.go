package hiera

import (
	"unsafe"

	"github.com/pp2go/pp2go/rt/values"
)

// A compile's automatic parameter lookups (a keystone compile makes 416)
// mostly find nothing, and what they find is mostly a plain value of a
// data file. Once the compile's lookups before one have settled what it
// depends on, it is answered from that, without an invocation: the
// module's lookup_options retrieved (none for the key), its layer looked
// for, and each layer to consult resolved for the whole compile with its
// files read plainly and their keys in one set (layer.settled: a
// hierarchy interpolating nothing but facts, trusted and server_facts,
// which no code assigns). The full lookup would then find the same value
// in the same file, or end at missingEverywhere, having logged and raised
// nothing. Whatever is not settled (the compile's first lookup, a
// module's first, a key with lookup_options of its own, a hierarchy that
// reads a variable code may set, a version 3 global layer, a module's
// default_hierarchy, a layer not read plainly, a value to interpolate or
// that Puppet rejects) goes the full way.

// settledLookup is the automatic parameter lookup of lk when settled
// (settled true): the value found, if found.
func (s *Session) settledLookup(lk *lookupKey) (v values.Value, found, settled bool) {
	if !s.started || !s.envConsulted || lk.module == "" ||
		!s.lastOptions.ok || !sameModule(lk, s.lastOptions.module) ||
		!s.lastModule.ok || !sameModule(lk, s.lastModule.name) {
		return nil, false, false
	}
	// the names kept are lk's bytes from now on, which the keys of its
	// class share (a class of the module of the class before has others)
	s.lastOptions.module, s.lastModule.name = lk.module, lk.module
	if s.lastOptions.co != nil && s.lastOptions.co.forKey(lk.root) != nil {
		return nil, false, false
	}
	// the layers in doLookup's order, the first that has lk giving it
	if t := s.DataBindingTerminus; t != "none" && t != "" && s.global != nil {
		if v, found, settled = s.global.settledLookup(lk); found || !settled {
			return v, found, settled
		}
	}
	if s.env != nil {
		if v, found, settled = s.env.settledLookup(lk); found || !settled {
			return v, found, settled
		}
	}
	if s.lastModule.l != nil {
		return s.lastModule.l.settledLookup(lk)
	}
	return nil, false, true
}

// sameModule reports whether lk's module is module: the same bytes, as
// the keys of a class have (ParameterKeys) and settledLookup keeps, or
// equal ones.
func sameModule(lk *lookupKey, module string) bool {
	return len(lk.module) == len(module) && (unsafe.StringData(lk.module) == unsafe.StringData(module) || lk.module == module)
}

// settledLookup is the layer's lookup of lk when settled: its files, as
// resolved for the whole compile and read plainly (plainKeys, which
// settles them), lack lk, or the first that has it holds a value found
// as it is (the full lookup's provider.lookupAt: nothing to interpolate,
// nothing Puppet rejects, no segments to dig into). (missing, and so
// plainKeys, is never reached for a version 3 global layer or a
// configuration in error.)
func (l *layer) settledLookup(lk *lookupKey) (v values.Value, found, settled bool) {
	if l.settled == nil {
		return nil, false, false
	}
	if !l.settled.has(lk) {
		return nil, false, true
	}
	if lk.segments != nil { // a value to dig into
		return nil, false, false
	}
	for _, p := range l.resolved {
		r := p.res // every provider's, when the layer is settled
		for i, h := range r.hashes {
			v, found = h.GetString(lk.root)
			if !found {
				continue
			}
			f := r.files[i]
			if _, bad := f.Invalid[lk.root]; bad || f.interpolates(lk.root) {
				return nil, false, false
			}
			return v, true, true
		}
	}
	return nil, false, false
}
