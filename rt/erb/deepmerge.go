package erb

import "strings"

// The deep_merge gem (require 'deep_merge'), which Puppet's Ruby has:
// DeepMerge.deep_merge!(source, dest, options) and Hash's deep_merge!,
// deep_merge and ko_deep_merge!, as its 1.1.1 (Puppet 7.23's) does them.
// Like the gem, they change dest in place and return the merge.

var (
	// ClassDeepMerge is the gem's module DeepMerge.
	ClassDeepMerge = newModule("DeepMerge")
	// ClassDeepMergeInvalid is DeepMerge::InvalidParameter.
	ClassDeepMergeInvalid = newClass("DeepMerge::InvalidParameter", ClassStandardError)
)

func init() {
	defineConsts(func(g *constGroup) {
		g.class(ClassDeepMerge.Name, ClassDeepMerge)
		g.class(ClassDeepMergeInvalid.Name, ClassDeepMergeInvalid)
		for _, lib := range []string{"deep_merge", "deep_merge/core", "deep_merge/deep_merge_hash"} {
			g.library(lib)
		}
	})
	plain([]plainMethod{
		{"deep_merge!", (*R).DeepMergeBang},
		{"deep_merge", (*R).DeepMerge},
		{"ko_deep_merge!", (*R).KoDeepMergeBang},
	})
}

// DeepMergeBang is DeepMerge.deep_merge!(source, dest[, options]) and
// Hash#deep_merge!(source[, options]) (unmergeables overwritten).
func (r *R) DeepMergeBang(recv Value, args ...Value) Value {
	if c, ok := recv.(*Class); ok && c == ClassDeepMerge {
		arity(args, 2, 3)
		return r.deepMerge(args[0], args[1], deepMergeOptions(args[2:], nil))
	}
	return r.hashDeepMerge("deep_merge!", recv, args, map[string]Value{"preserve_unmergeables": false})
}

// DeepMerge is Hash#deep_merge(source[, options]): deep_merge! that keeps
// what it cannot merge (it changes the Hash all the same).
func (r *R) DeepMerge(recv Value, args ...Value) Value {
	return r.hashDeepMerge("deep_merge", recv, args, map[string]Value{"preserve_unmergeables": true})
}

// KoDeepMergeBang is Hash#ko_deep_merge!(source[, options]): deep_merge!
// with the knockout prefix "--".
func (r *R) KoDeepMergeBang(recv Value, args ...Value) Value {
	return r.hashDeepMerge("ko_deep_merge!", recv, args, map[string]Value{"knockout_prefix": S("--"), "preserve_unmergeables": false})
}

func (r *R) hashDeepMerge(name string, recv Value, args []Value, defaults map[string]Value) Value {
	if _, ok := recv.(*Hash); !ok {
		return r.NoMethod(recv, name, args...)
	}
	arity(args, 1, 2)
	return r.deepMerge(args[0], recv, deepMergeOptions(args[1:], defaults))
}

// deepMergeOpts are the gem's options pp2go follows.
type deepMergeOpts struct {
	overwriteUnmergeable, overwriteArrays, sortMerged, mergeHashArrays, extendExisting bool
	knockout                                                                           string
}

// deepMergeOptions reads an options Hash (given, or none) over defaults.
// The gem prints its merge_debug to the process's output and joins and
// splits arrays for unpack_arrays: pp2go does neither.
func deepMergeOptions(given []Value, defaults map[string]Value) deepMergeOpts {
	get := func(name string) Value {
		if len(given) == 1 {
			if h, ok := given[0].(*Hash); ok {
				if v, ok := h.Lookup(Symbol(name)); ok {
					return v
				}
			} else {
				implicitConversion(given[0], "Hash")
			}
		}
		return defaults[name]
	}
	for _, name := range []string{"merge_debug", "unpack_arrays"} {
		if Truthy(get(name)) {
			raise(ClassNotImplementedError, "pp2go: the deep_merge gem's %s option is not supported", name)
		}
	}
	o := deepMergeOpts{
		overwriteUnmergeable: !Truthy(get("preserve_unmergeables")),
		overwriteArrays:      Truthy(get("overwrite_arrays")),
		sortMerged:           Truthy(get("sort_merged_arrays")),
		mergeHashArrays:      Truthy(get("merge_hash_arrays")),
		extendExisting:       Truthy(get("extend_existing_arrays")),
	}
	if k := get("knockout_prefix"); Truthy(k) {
		o.knockout = ToS(k)
		if o.knockout == "" {
			raise(ClassDeepMergeInvalid, "knockout_prefix cannot be an empty string in deep_merge!")
		}
		if !o.overwriteUnmergeable {
			raise(ClassDeepMergeInvalid, "overwrite_unmergeable must be true if knockout_prefix is specified in deep_merge!")
		}
	}
	return o
}

// deepMerge is DeepMerge.deep_merge!(source, dest, options).
func (r *R) deepMerge(source, dest Value, o deepMergeOpts) Value {
	if source == nil {
		return dest
	}
	if !Truthy(dest) && o.overwriteUnmergeable {
		return source
	}
	switch src := source.(type) {
	case *Hash:
		keys, vals := src.Keys(), src.Values()
		for i := 0; i < len(keys); i++ {
			k, v := keys[i], vals[i]
			switch d := dest.(type) {
			case *Hash:
				if cur, ok := d.Lookup(k); ok && Truthy(cur) {
					d.Set(k, r.deepMerge(v, cur, o))
				} else {
					d.Set(k, r.deepMerge(v, dupValue(v), o))
				}
			case *Array:
				if o.extendExisting {
					d.A = append(d.A, source)
				} else if o.overwriteUnmergeable {
					dest = r.overwriteUnmergeables(source, dest, o)
				}
			default:
				if o.overwriteUnmergeable {
					dest = r.overwriteUnmergeables(source, dest, o)
				}
			}
		}
	case *Array:
		if o.overwriteArrays {
			return source
		}
		if o.knockout != "" && r.Index(src, nil, S(o.knockout)) != nil {
			switch d := dest.(type) { // clear_or_nil
			case *Array:
				d.A = d.A[:0]
			case *Hash:
				d.clear()
			case *Str:
				d.S = ""
			default:
				dest = nil
			}
			r.Delete(src, S(o.knockout))
		}
		d, ok := dest.(*Array)
		if !ok {
			if o.overwriteUnmergeable {
				dest = r.overwriteUnmergeables(source, dest, o)
			}
			return dest
		}
		if o.knockout != "" {
			kept := src.A[:0]
			for _, item := range src.A {
				s, isStr := item.(*Str)
				if isStr && strings.HasPrefix(s.S, o.knockout) {
					r.Delete(d, S(s.S[len(o.knockout):]))
					r.Delete(d, item)
					continue
				}
				kept = append(kept, item)
			}
			src.A = kept
		}
		var merged *Array
		if o.mergeHashArrays && allHashes(src.A) && allHashes(d.A) {
			merged = NewArray()
			for i, e := range d.A {
				var s Value = NewHash()
				if i < len(src.A) && Truthy(src.A[i]) {
					s = src.A[i]
				}
				merged.A = append(merged.A, r.deepMerge(s, e, o))
			}
			if len(src.A) > len(d.A) {
				merged.A = append(merged.A, src.A[len(d.A):]...)
			}
		} else {
			merged = uniqValues(append(append([]Value(nil), d.A...), src.A...))
		}
		if o.sortMerged {
			merged.A = sortValues(merged.A, compareOrFail)
		}
		dest = merged
	default:
		if d, ok := dest.(*Array); ok && o.extendExisting {
			d.A = append(d.A, source)
		} else {
			dest = r.overwriteUnmergeables(source, dest, o)
		}
	}
	return dest
}

// overwriteUnmergeables is DeepMerge.overwrite_unmergeables: source
// replaces dest, a String with the knockout prefix deleting it (""), an
// Array losing its elements with the prefix.
func (r *R) overwriteUnmergeables(source, dest Value, o deepMergeOpts) Value {
	if !o.overwriteUnmergeable {
		return dest
	}
	if o.knockout == "" {
		return source
	}
	switch s := source.(type) {
	case *Str:
		if strings.HasPrefix(s.S, o.knockout) {
			return S("")
		}
	case *Array:
		// delete_if returns the Array itself: never the knockout's ""
		kept := s.A[:0]
		for _, e := range s.A {
			if str, ok := e.(*Str); ok && strings.HasPrefix(str.S, o.knockout) {
				continue
			}
			kept = append(kept, e)
		}
		s.A = kept
	}
	return source
}

func allHashes(el []Value) bool {
	for _, e := range el {
		if _, ok := e.(*Hash); !ok {
			return false
		}
	}
	return true
}
