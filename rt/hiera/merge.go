package hiera

import (
	"sort"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// mergeStrategy is one of Puppet's merge strategies (pops/merge_strategy.rb):
// first, unique, hash, deep, and the reverse_deep and unconstrained_deep
// variants that version 3 configurations use.
type mergeStrategy struct {
	key     string       // first, default, unique, hash, deep, reverse_deep, unconstrained_deep
	options *values.Hash // nil when none (besides 'strategy')
}

var defaultStrategy = &mergeStrategy{key: "default"}

var strategyKeys = map[string]bool{
	"first": true, "default": true, "unique": true, "hash": true, "deep": true,
	"reverse_deep": true, "unconstrained_deep": true,
}

// plainStrategies are the strategies without options, one of each name
// (nothing changes a strategy once made).
var plainStrategies = func() map[string]*mergeStrategy {
	m := make(map[string]*mergeStrategy, len(strategyKeys))
	for k := range strategyKeys {
		m[k] = &mergeStrategy{key: k}
	}
	m["default"] = defaultStrategy
	return m
}()

// hashStrategy is the hash merge, which every retrieval of lookup_options
// uses.
var hashStrategy = plainStrategies["hash"]

// The types merge options and merged values are checked against, each
// parsed when a merge first checks one: a catalog binary's start does not
// parse them, and a compile parses those of the strategies it merges with.
var (
	deepOptionsT   = lazyType(`Struct[{strategy=>Optional[Pattern[deep]],knockout_prefix=>Optional[String],merge_debug=>Optional[Boolean],merge_hash_arrays=>Optional[Boolean],sort_merged_arrays=>Optional[Boolean]}]`)
	unconstrainedT = lazyType(`Hash[String[1],Any]`)
	hashValueT     = lazyType(`Hash[String,Data]`)
	uniqueValueT   = lazyType(`Variant[Scalar,Array[Data]]`)
	simpleOptionsT = map[string]func() values.Type{
		"first": simpleOptions("first"), "default": simpleOptions("default"),
		"unique": simpleOptions("unique"), "hash": simpleOptions("hash"),
	}
)

func lazyType(src string) func() values.Type {
	return sync.OnceValue(func() values.Type { return values.MustParseType(src) })
}

func simpleOptions(key string) func() values.Type {
	return lazyType(`Struct[{strategy=>Optional[Pattern[/` + key + `/]]}]`)
}

func optionsType(key string) values.Type {
	switch key {
	case "deep":
		return deepOptionsT()
	case "reverse_deep", "unconstrained_deep":
		return unconstrainedT()
	}
	if t := simpleOptionsT[key]; t != nil {
		return t()
	}
	return nil
}

// strategyOf returns the strategy for a merge argument: nil, a string (or
// Go string), a *values.Hash with a 'strategy' key, or a *mergeStrategy.
func strategyOf(merge any) *mergeStrategy {
	var name string
	var opts *values.Hash
	switch m := merge.(type) {
	case nil:
		return defaultStrategy
	case *mergeStrategy:
		return m
	case values.UndefValue:
		return defaultStrategy
	case string:
		name = m
	case values.String:
		name = string(m)
	case *values.Hash:
		s, ok := m.GetString("strategy")
		if !ok || values.IsUndef(s) {
			panic(lookupError("The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'"))
		}
		str, isStr := s.(values.String)
		if !isStr {
			panic(lookupError("Unknown merge strategy: '" + fn.RubyToS(s) + "'"))
		}
		name = string(str)
		if m.Len() > 1 {
			opts = m
		}
	default:
		panic(lookupError("Unknown merge strategy: '" + fn.RubyToS(toValue(merge)) + "'"))
	}
	if !strategyKeys[name] {
		panic(lookupError("Unknown merge strategy: '" + name + "'"))
	}
	if opts == nil {
		return plainStrategies[name]
	}
	if err := values.AssertInstance("The merge options", optionsType(name), opts); err != nil {
		panic(err)
	}
	return &mergeStrategy{key: name, options: opts}
}

func toValue(x any) values.Value {
	if v, ok := x.(values.Value); ok {
		return v
	}
	return values.Undef
}

func (m *mergeStrategy) isFirst() bool { return m.key == "first" || m.key == "default" }

// configuration is the strategy as the merge argument it came from.
func (m *mergeStrategy) configuration() values.Value {
	if m.options == nil {
		return values.String(m.key)
	}
	if m.options.Has(values.String("strategy")) {
		return m.options
	}
	b := values.NewHashBuilder(m.options.Len() + 1)
	b.Put(values.String("strategy"), values.String(m.key))
	for i := 0; i < m.options.Len(); i++ {
		b.Put(m.options.KeyAt(i), m.options.ValueAt(i))
	}
	return b.Build()
}

// lookup runs find over the variants, merging what is found. find reports
// whether the variant had a value.
func lookupVariants[T any](m *mergeStrategy, inv *invocation, variants []T, find func(T) (values.Value, bool)) (values.Value, bool) {
	if m.isFirst() {
		for _, v := range variants {
			if val, ok := find(v); ok {
				return val, true
			}
		}
		return nil, false
	}
	switch len(variants) {
	case 0:
		return nil, false
	case 1:
		val, ok := find(variants[0])
		if !ok {
			return nil, false
		}
		return m.mergeSingle(val), true
	}
	var result values.Value
	found := false
	inv.with(explainMerge, m, func() {
		for _, v := range variants {
			val, ok := find(v)
			if !ok {
				continue
			}
			if !found {
				result = m.convert(val)
				found = true
			} else {
				result = m.merge(result, val)
			}
		}
		if found {
			inv.reportResult(result)
		}
	})
	return result, found
}

func (m *mergeStrategy) convert(v values.Value) values.Value {
	if m.key == "unique" {
		if a, ok := v.(*values.Array); ok {
			return flatten(a)
		}
		return values.NewArray(v)
	}
	return v
}

func (m *mergeStrategy) mergeSingle(v values.Value) values.Value {
	if m.key == "unique" {
		if a, ok := v.(*values.Array); ok {
			return uniq(a.Elems())
		}
	}
	return v
}

func (m *mergeStrategy) valueType() values.Type {
	switch m.key {
	case "hash":
		return hashValueT()
	case "unique":
		return uniqueValueT()
	}
	return nil
}

// merge merges e2 (lower priority) into e1 (higher priority).
func (m *mergeStrategy) merge(e1, e2 values.Value) values.Value {
	if t := m.valueType(); t != nil {
		if err := values.AssertInstance("The first element of the merge", t, e1); err != nil {
			panic(err)
		}
		if err := values.AssertInstance("The second element of the merge", t, e2); err != nil {
			panic(err)
		}
	}
	switch m.key {
	case "hash":
		h1, h2 := e1.(*values.Hash), e2.(*values.Hash)
		return h2.Merge(h1)
	case "unique":
		a := append(append([]values.Value{}, m.convert(e1).(*values.Array).Elems()...), m.convert(e2).(*values.Array).Elems()...)
		return uniq(a)
	case "deep", "unconstrained_deep":
		return newDeepMerger(m.options).merge(e1, e2)
	case "reverse_deep":
		return newDeepMerger(m.options).merge(e2, e1)
	}
	return e1
}

func flatten(a *values.Array) *values.Array {
	nested := false
	for _, e := range a.Elems() {
		if _, ok := e.(*values.Array); ok {
			nested = true
			break
		}
	}
	if !nested {
		return a
	}
	var out []values.Value
	var walk func(*values.Array)
	walk = func(x *values.Array) {
		for _, e := range x.Elems() {
			if y, ok := e.(*values.Array); ok {
				walk(y)
			} else {
				out = append(out, e)
			}
		}
	}
	walk(a)
	return values.NewArray(out...)
}

// uniq keeps the first of elements that are eql?, as Ruby's Array#uniq and |.
func uniq(elems []values.Value) *values.Array {
	seen := values.NewHashBuilder(len(elems))
	set := seen.Build()
	out := make([]values.Value, 0, len(elems))
	for _, e := range elems {
		if set.Has(e) {
			continue
		}
		seen.Put(e, values.True)
		out = append(out, e)
	}
	return values.NewArray(out...)
}

// deepMerger merges like the deep_merge gem that Puppet's deep strategy
// uses: hashes are merged key by key, arrays are unioned, anything else in
// the higher priority source replaces the destination.
type deepMerger struct {
	knockout        string
	mergeHashArrays bool
	sortArrays      bool
	preserve        bool
}

func newDeepMerger(opts *values.Hash) *deepMerger {
	d := &deepMerger{}
	if opts == nil {
		return d
	}
	if v, ok := opts.GetString("knockout_prefix"); ok {
		if s, ok := v.(values.String); ok {
			d.knockout = string(s)
		}
	}
	d.mergeHashArrays = optTrue(opts, "merge_hash_arrays")
	d.sortArrays = optTrue(opts, "sort_merged_arrays")
	d.preserve = optTrue(opts, "preserve_unmergeables")
	if d.knockout == "" {
		if _, ok := opts.GetString("knockout_prefix"); ok {
			if v, _ := opts.GetString("knockout_prefix"); v == values.String("") {
				panic(lookupError("knockout_prefix cannot be an empty string in deep_merge!"))
			}
		}
	}
	return d
}

func optTrue(h *values.Hash, k string) bool {
	v, ok := h.GetString(k)
	return ok && values.Truthy(v)
}

func rubyFalsy(v values.Value) bool {
	if v == nil || values.IsUndef(v) {
		return true
	}
	b, ok := v.(values.Bool)
	return ok && !bool(b)
}

// merge merges source (higher priority) into dest and returns the result;
// neither argument is modified.
func (d *deepMerger) merge(source, dest values.Value) values.Value {
	if source == nil || values.IsUndef(source) {
		return dest
	}
	if rubyFalsy(dest) && !d.preserve {
		return source
	}
	switch src := source.(type) {
	case *values.Hash:
		if src.Len() == 0 {
			return dest
		}
		dh, ok := dest.(*values.Hash)
		if !ok {
			if d.preserve {
				return dest
			}
			// The first key replaces dest with the source itself; the
			// remaining keys are then merged into their own values.
			b := values.NewHashBuilder(src.Len())
			b.Put(src.KeyAt(0), src.ValueAt(0))
			for i := 1; i < src.Len(); i++ {
				b.Put(src.KeyAt(i), d.selfMerge(src.ValueAt(i)))
			}
			return b.Build()
		}
		b := values.NewHashBuilder(dh.Len() + src.Len())
		for i := 0; i < dh.Len(); i++ {
			b.Put(dh.KeyAt(i), dh.ValueAt(i))
		}
		for i := 0; i < src.Len(); i++ {
			k, sv := src.KeyAt(i), src.ValueAt(i)
			if dv, ok := dh.Get(k); ok && !rubyFalsy(dv) {
				b.Put(k, d.merge(sv, dv))
			} else {
				b.Put(k, d.selfMerge(sv))
			}
		}
		return b.Build()
	case *values.Array:
		srcElems := src.Elems()
		if d.knockout != "" {
			for i, e := range srcElems {
				if e == values.String(d.knockout) {
					dest = clearOrNil(dest)
					srcElems = append(append([]values.Value{}, srcElems[:i]...), removeAll(srcElems[i+1:], e)...)
					break
				}
			}
		}
		da, ok := dest.(*values.Array)
		if !ok {
			if d.preserve {
				return dest
			}
			return d.overwrite(values.NewArray(srcElems...), dest)
		}
		destElems := da.Elems()
		if d.knockout != "" {
			var kept []values.Value
			for _, e := range srcElems {
				if s, ok := e.(values.String); ok && strings.HasPrefix(string(s), d.knockout) {
					item := values.String(strings.TrimPrefix(string(s), d.knockout))
					destElems = removeAll(removeAll(destElems, item), e)
					continue
				}
				kept = append(kept, e)
			}
			srcElems = kept
		}
		var out []values.Value
		if d.mergeHashArrays && allHashes(srcElems) && allHashes(destElems) {
			for i, de := range destElems {
				var se values.Value = values.NewHash()
				if i < len(srcElems) {
					se = srcElems[i]
				}
				out = append(out, d.merge(se, de))
			}
			if len(srcElems) > len(destElems) {
				out = append(out, srcElems[len(destElems):]...)
			}
		} else {
			out = uniq(append(append([]values.Value{}, destElems...), srcElems...)).Elems()
		}
		if d.sortArrays {
			sortValues(out)
		}
		return values.NewArray(out...)
	}
	return d.overwrite(source, dest)
}

// selfMerge is what the deep_merge gem produces when it merges a value into
// a copy of itself: the same value with arrays made unique.
func (d *deepMerger) selfMerge(v values.Value) values.Value {
	switch x := v.(type) {
	case *values.Hash, *values.Array:
		return d.merge(x, x)
	}
	return v
}

func (d *deepMerger) overwrite(source, dest values.Value) values.Value {
	if d.preserve {
		return dest
	}
	if d.knockout != "" {
		switch s := source.(type) {
		case values.String:
			if strings.HasPrefix(string(s), d.knockout) {
				return values.String("")
			}
		case *values.Array:
			var kept []values.Value
			for _, e := range s.Elems() {
				if str, ok := e.(values.String); ok && strings.HasPrefix(string(str), d.knockout) {
					continue
				}
				kept = append(kept, e)
			}
			return values.NewArray(kept...)
		}
	}
	return source
}

func clearOrNil(v values.Value) values.Value {
	switch v.(type) {
	case *values.Array:
		return values.NewArray()
	case *values.Hash:
		return values.NewHash()
	case values.String:
		return values.String("")
	}
	return values.Undef
}

func removeAll(elems []values.Value, x values.Value) []values.Value {
	var out []values.Value
	for _, e := range elems {
		if !values.Equals(e, x) {
			out = append(out, e)
		}
	}
	return out
}

func allHashes(elems []values.Value) bool {
	for _, e := range elems {
		if _, ok := e.(*values.Hash); !ok {
			return false
		}
	}
	return true
}

func sortValues(elems []values.Value) {
	sort.SliceStable(elems, func(i, j int) bool {
		c, err := values.Compare(elems[i], elems[j])
		if err != nil {
			panic(lookupError("comparison of " + fn.RubyClass(elems[i]) + " with " + fn.RubyClass(elems[j]) + " failed"))
		}
		return c < 0
	})
}
