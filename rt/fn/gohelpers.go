package fn

import (
	"sort"

	"github.com/pp2go/pp2go/rt/values"
)

// Conversions between Puppet values and Go values for the dispatch code
// that pp2go generates for users' Go functions (codegen/gofuncs). The
// dispatch's signature has already checked each argument's type, so the
// conversions only unwrap.

// Integer is the Go integer types a Puppet Integer converts to.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Floating is the Go floating point types a Puppet Numeric converts to.
type Floating interface{ ~float32 | ~float64 }

// ArgInt converts an Integer argument.
func ArgInt[T Integer](x values.Value) T { return T(x.(values.Int)) }

// ArgFloat converts a Numeric argument.
func ArgFloat[T Floating](x values.Value) T {
	switch y := x.(type) {
	case values.Int:
		return T(y)
	case values.Float:
		return T(y)
	}
	return 0
}

// ArgString converts a String argument.
func ArgString(x values.Value) string { return string(x.(values.String)) }

// ArgBool converts a Boolean argument.
func ArgBool(x values.Value) bool { return bool(x.(values.Bool)) }

// ArgValue passes an Any argument as it is (undef as values.Undef).
func ArgValue(x values.Value) values.Value {
	if x == nil {
		return values.Undef
	}
	return x
}

// ArgAs passes an argument of one of the values package's types.
func ArgAs[T values.Value](x values.Value) T { return x.(T) }

// ArgSlice converts an Array argument.
func ArgSlice[T any](x values.Value, elem func(values.Value) T) []T {
	a := x.(*values.Array)
	out := make([]T, a.Len())
	for i, e := range a.Elems() {
		out[i] = elem(e)
	}
	return out
}

// ArgMap converts a Hash[String, T] argument.
func ArgMap[T any](x values.Value, elem func(values.Value) T) map[string]T {
	h := x.(*values.Hash)
	out := make(map[string]T, h.Len())
	for i := 0; i < h.Len(); i++ {
		out[string(h.KeyAt(i).(values.String))] = elem(h.ValueAt(i))
	}
	return out
}

// ArgPtr converts an Optional[T] argument: nil for undef.
func ArgPtr[T any](x values.Value, elem func(values.Value) T) *T {
	if values.IsUndef(x) {
		return nil
	}
	v := elem(x)
	return &v
}

// ArgRest converts the arguments of a repeated parameter from index i on.
func ArgRest[T any](args []values.Value, i int, elem func(values.Value) T) []T {
	if i >= len(args) {
		return nil
	}
	out := make([]T, len(args)-i)
	for k, x := range args[i:] {
		out[k] = elem(x)
	}
	return out
}

// RetInt converts an integer result.
func RetInt[T Integer](x T) values.Value { return values.Int(int64(x)) }

// RetFloat converts a floating point result.
func RetFloat[T Floating](x T) values.Value { return values.Float(float64(x)) }

// RetString converts a string result.
func RetString(x string) values.Value { return values.String(x) }

// RetBool converts a bool result.
func RetBool(x bool) values.Value { return values.BoolOf(x) }

// RetValue passes a values result (nil is undef).
func RetValue[T values.Value](x T) values.Value {
	var v values.Value = x
	if v == nil {
		return values.Undef
	}
	return v
}

// RetSlice converts a slice result to an Array.
func RetSlice[T any](xs []T, elem func(T) values.Value) values.Value {
	out := make([]values.Value, len(xs))
	for i, x := range xs {
		out[i] = elem(x)
	}
	return values.NewArray(out...)
}

// RetMap converts a map result to a Hash, ordered by key (Go maps have no
// order; the catalog must be deterministic).
func RetMap[T any](m map[string]T, elem func(T) values.Value) values.Value {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b := values.NewHashBuilder(len(keys))
	for _, k := range keys {
		b.Put(values.String(k), elem(m[k]))
	}
	return b.Build()
}

// RetPtr converts an optional result: undef for nil.
func RetPtr[T any](p *T, elem func(T) values.Value) values.Value {
	if p == nil {
		return values.Undef
	}
	return elem(*p)
}

// RetError fails the call with err's message when err is not nil.
func RetError(err error) {
	if err != nil {
		panic(Errorf("%s", err.Error()))
	}
}

// ArgOpt converts an optional parameter's argument: nil when it was left
// out or is undef.
func ArgOpt[T any](args []values.Value, i int, elem func(values.Value) T) *T {
	if i >= len(args) {
		return nil
	}
	return ArgPtr(args[i], elem)
}

// BlockRet converts the value a lambda returned to a Go function that
// expects type t of it, failing as Puppet fails a mismatched value.
func BlockRet[T any](x values.Value, t values.Type, conv func(values.Value) T) T {
	if x == nil {
		x = values.Undef
	}
	if !values.IsInstance(t, x) {
		panic(&values.Error{Message: values.DescribeMismatch("value returned from the lambda", t, values.InferSet(x))})
	}
	return conv(x)
}
