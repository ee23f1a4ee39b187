package fn

import v "github.com/pp2go/pp2go/rt/values"

// RichData is Puppet's ToDataConverter.convert(x, rich_data: true): the
// value as plain data, with the values JSON cannot hold (a Hash with
// non-String keys, default, Sensitive, Regexp, types, time, versions,
// Binary) as {"__ptype" => T, "__pvalue" => ...} hashes. stdlib's
// to_python and to_ruby serialize through it.
func RichData(x v.Value) v.Value {
	switch y := x.(type) {
	case nil, v.UndefValue, v.Bool, v.Int, v.Float, v.String:
		return x
	case *v.Array:
		out := make([]v.Value, y.Len())
		for i, e := range y.Elems() {
			out[i] = RichData(e)
		}
		return v.NewArray(out...)
	case *v.Hash:
		allStr := true
		for _, k := range y.Keys() {
			if _, ok := k.(v.String); !ok {
				allStr = false
				break
			}
		}
		if allStr {
			b := v.NewHashBuilder(y.Len())
			for i := 0; i < y.Len(); i++ {
				b.Put(y.KeyAt(i), RichData(y.ValueAt(i)))
			}
			return b.Build()
		}
		var kv []v.Value
		for i := 0; i < y.Len(); i++ {
			kv = append(kv, RichData(y.KeyAt(i)), RichData(y.ValueAt(i)))
		}
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Hash"), v.String("__pvalue"), v.NewArray(kv...))
	case v.DefaultValue:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Default"))
	case *v.Sensitive:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Sensitive"), v.String("__pvalue"), RichData(y.Unwrap()))
	case *v.Regexp:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Regexp"), v.String("__pvalue"), v.String(y.Source()))
	case v.Type:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Type"), v.String("__pvalue"), v.String(v.TypeString(y)))
	case v.Timespan:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Timespan"), v.String("__pvalue"), v.String(y.String()))
	case v.Timestamp:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Timestamp"), v.String("__pvalue"), v.String(y.String()))
	case *v.SemVer:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("SemVer"), v.String("__pvalue"), v.String(y.String()))
	case *v.SemVerRange:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("SemVerRange"), v.String("__pvalue"), v.String(y.String()))
	case *v.Binary:
		return v.NewHashFromPairs(v.String("__ptype"), v.String("Binary"), v.String("__pvalue"), v.String(y.Base64()))
	}
	return v.String(RubyToS(x))
}
