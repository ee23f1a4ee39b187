package values

import "fmt"

// Access evaluates lhs[keys...] as Puppet's access operator does: substrings,
// array elements and slices, hash lookups, and type parameterization (see
// Parameterize). Reading a parameter of a declared resource returns a
// *CatalogAccessError for the runtime to handle.
func Access(lhs Value, keys []Value) (Value, error) {
	switch x := lhs.(type) {
	case String:
		v, err := accessString(string(x), keys)
		if err == nil && IsBinaryString(x) {
			v = LikeStrings(x, v) // a substring of a binary string is one
		}
		return v, err
	case *Array:
		return accessArray(x, keys)
	case *Hash:
		return accessHash(x, keys)
	case *Binary:
		s, err := accessString(string(x.bytes), keys)
		if err != nil {
			return nil, err
		}
		return NewBinary([]byte(string(s.(String)))), nil
	case Type:
		return Parameterize(x, keys)
	}
	return nil, notApplicable("[]", lhs)
}

// FlattenKeys is an access's keys as an array or string access takes
// them: arrays among them flattened.
func FlattenKeys(keys []Value) []Value { return flatten(keys) }

func accessString(s string, keys []Value) (Value, error) {
	keys = flatten(keys)
	if len(keys) == 0 || len(keys) > 2 {
		return nil, newError(IssueBadStringSliceArity, fmt.Sprintf("String supports [] with one or two arguments. Got %d", len(keys)))
	}
	idx := make([]int64, len(keys))
	for i, k := range keys {
		n := ToNumber(k)
		iv, ok := n.(Int)
		if !ok {
			shown := n
			if shown == nil {
				shown = k
			}
			name := badKeyTypeName(shown)
			e := newError(IssueBadStringSliceKeyType, fmt.Sprintf("A substring operation does not accept %s %s as a character index. Expected an Integer", article(name), name))
			e.Key = i + 1
			return nil, e
		}
		idx[i] = int64(iv)
	}
	rs := []rune(s)
	length := int64(len(rs))
	k1 := idx[0]
	if k1 < 0 {
		k1 += length
	}
	var k2 int64 = 1
	if len(idx) == 2 {
		k2 = idx[1]
		if k2 < 0 {
			k2 = length - k1 + k2 + 1
		}
		if k1 < 0 {
			k2 += k1
			k1 = 0
		}
	} else if k1 < 0 {
		return String(""), nil
	}
	return String(string(sliceRunes(rs, k1, k2))), nil
}

func sliceRunes(rs []rune, start, n int64) []rune {
	if start < 0 || start > int64(len(rs)) || n < 0 {
		return nil
	}
	end := start + n
	if end > int64(len(rs)) {
		end = int64(len(rs))
	}
	return rs[start:end]
}

func accessArray(a *Array, keys []Value) (Value, error) {
	keys = flatten(keys)
	if len(keys) == 0 || len(keys) > 2 {
		return nil, newError(IssueBadArraySliceArity, fmt.Sprintf("Array supports [] with one or two arguments. Got %d", len(keys)))
	}
	idx := make([]int64, len(keys))
	for i, k := range keys {
		n, err := coerceNumeric(k)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Key = i + 1
			}
			return nil, err
		}
		iv, ok := n.(Int)
		if !ok {
			e := newError(IssueBadSliceKeyType, fmt.Sprintf("%s[] cannot use %s where Integer is expected", aAnUC(valueLabel(a)), badKeyTypeName(n)))
			e.Key = i + 1
			return nil, e
		}
		idx[i] = int64(iv)
	}
	length := int64(a.Len())
	if len(idx) == 1 {
		i := idx[0]
		if i < 0 {
			i += length
		}
		if i < 0 || i >= length {
			return Undef, nil
		}
		return a.elems[i], nil
	}
	k1, k2 := idx[0], idx[1]
	if k1 < 0 {
		k1 += length
	}
	if k2 < 0 {
		k2 = length - k1 + k2 + 1
	}
	if k1 < 0 {
		k2 += k1
		k1 = 0
	}
	if k1 > length || k2 < 0 {
		return EmptyArray, nil
	}
	end := k1 + k2
	if end > length {
		end = length
	}
	return NewArray(a.elems[k1:end]...), nil
}

func accessHash(h *Hash, keys []Value) (Value, error) {
	if len(keys) == 0 {
		return nil, newError(IssueBadHashSliceArity, "Hash supports [] with one or more arguments. Got 0")
	}
	if len(keys) == 1 {
		if v, ok := h.Get(keys[0]); ok {
			return v, nil
		}
		return Undef, nil
	}
	out := make([]Value, 0, len(keys))
	for _, k := range keys {
		if v, ok := h.Get(k); ok && !IsUndef(v) {
			out = append(out, v)
		}
	}
	return NewArray(out...), nil
}
