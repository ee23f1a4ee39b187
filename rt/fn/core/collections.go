package core

import (
	"fmt"
	"math"
	"regexp"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	length := func(x v.Value) v.Value {
		switch y := x.(type) {
		case *v.Array:
			return v.Int(y.Len())
		case *v.Hash:
			return v.Int(y.Len())
		case v.String:
			return v.Int(utf8.RuneCountInString(string(y)))
		case *v.Binary:
			return v.Int(len(y.Bytes()))
		}
		return v.Int(0)
	}
	lf := func(c fn.Context, a args, b fn.Block) v.Value { return length(a[0]) }
	fn.New("length").D("Collection arg", lf).D("String arg", lf).D("Binary arg", lf).Register()
	fn.New("size").D("Variant[Collection, String, Binary] arg", lf).Register()

	fn.New("empty").
		D("Collection coll", func(c fn.Context, a args, b fn.Block) v.Value { return v.BoolOf(length(a[0]) == v.Int(0)) }).
		D("Sensitive[String] str", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.BoolOf(a[0].(*v.Sensitive).Unwrap() == v.String(""))
		}).
		D("String str", func(c fn.Context, a args, b fn.Block) v.Value { return v.BoolOf(a[0] == v.String("")) }).
		D("Numeric num", func(c fn.Context, a args, b fn.Block) v.Value {
			fn.DeprecatedAt(c, func(file string, line int) string { return fmt.Sprintf("empty-from-%s-%d", file, line) },
				"Calling function empty() with Numeric value is deprecated.")
			return v.False
		}).
		D("Binary bin", func(c fn.Context, a args, b fn.Block) v.Value { return v.BoolOf(length(a[0]) == v.Int(0)) }).
		D("Undef x", func(c fn.Context, a args, b fn.Block) v.Value { return v.True }).
		Register()

	fn.New("keys").D("Hash hsh", func(c fn.Context, a args, b fn.Block) v.Value {
		return v.NewArray(append([]v.Value(nil), a[0].(*v.Hash).Keys()...)...)
	}).Register()
	fn.New("values").D("Hash hsh", func(c fn.Context, a args, b fn.Block) v.Value {
		return v.NewArray(append([]v.Value(nil), a[0].(*v.Hash).Values()...)...)
	}).Register()
	fn.New("flatten").D("Any args*", func(c fn.Context, a args, b fn.Block) v.Value {
		return v.NewArray(flattenValues(a)...)
	}).Register()

	fn.New("unique").
		D("String string, Callable[String] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			var chars []v.Value
			for _, r := range str(a[0]) {
				chars = append(chars, v.String(string(r)))
			}
			var sb strings.Builder
			for _, e := range uniq(chars, b) {
				sb.WriteString(string(e.(v.String)))
			}
			return v.String(sb.String())
		}).
		D("Hash hash, Callable[Any] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			order := v.NewHashBuilder(0)
			var ks, vs [][]v.Value
			idx := order.Build()
			for i := 0; i < h.Len(); i++ {
				k, val := h.KeyAt(i), h.ValueAt(i)
				key := val
				if b != nil {
					key = b.Call(val)
				}
				p, ok := idx.Get(key)
				if !ok {
					p = v.Int(len(ks))
					order.Put(key, p)
					ks = append(ks, nil)
					vs = append(vs, nil)
				}
				n := int(p.(v.Int))
				ks[n] = append(ks[n], k)
				vs[n] = append(vs[n], val)
			}
			out := v.NewHashBuilder(len(ks))
			for i := range ks {
				out.Put(v.NewArray(ks[i]...), v.NewArray(uniq(vs[i], nil)...))
			}
			return out.Build()
		}).
		D("Array array, Callable[Any] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.NewArray(uniq(a[0].(*v.Array).Elems(), b)...)
		}).
		D("Iterable iterable, Callable[Any] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.NewArray(uniq(fn.IterableOf(a[0], false).Slice(), b)...)
		}).Register()

	fn.New("sort").
		D("String string_value, Callable[2,2] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			var chars []v.Value
			for _, r := range str(a[0]) {
				chars = append(chars, v.String(string(r)))
			}
			var sb strings.Builder
			for _, e := range rubySort(chars, b) {
				sb.WriteString(string(e.(v.String)))
			}
			return v.String(sb.String())
		}).
		D("Array array_value, Callable[2,2] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.NewArray(rubySort(a[0].(*v.Array).Elems(), b)...)
		}).Register()

	minmax("min", -1)
	minmax("max", 1)

	fn.New("compare").
		LocalType("TimeComparable", "Variant[Numeric, Timespan, Timestamp]").
		LocalType("Comparable", "Variant[String, Semver, TimeComparable]").
		D("Numeric a, Numeric b", func(c fn.Context, a args, b fn.Block) v.Value {
			r, _ := fn.RubyCompare(a[0], a[1])
			return v.Int(r)
		}).
		D("String a, String b, Boolean ignore_case?", func(c fn.Context, a args, b fn.Block) v.Value {
			x, y := str(a[0]), str(a[1])
			if boolArg(a, 2, true) {
				return v.Int(strings.Compare(asciiDown(x), asciiDown(y)))
			}
			return v.Int(strings.Compare(x, y))
		}).
		D("Semver a, Semver b", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Int(a[0].(*v.SemVer).Compare(a[1].(*v.SemVer)))
		}).
		D("Numeric a, Variant[Timespan, Timestamp] b", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Int(-timeCmp(a[1], a[0]))
		}).
		D("Timestamp a, Variant[Timestamp, Numeric] b", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Int(timeCmp(a[0], a[1]))
		}).
		D("Timespan a, Variant[Timespan, Numeric] b", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Int(timeCmp(a[0], a[1]))
		}).
		Mismatch("Comparable a, Comparable b, Any ignore_case*", func(c fn.Context, a args, b fn.Block) v.Value {
			if len(a) > 2 {
				_, sa := a[0].(v.String)
				_, sb := a[1].(v.String)
				if !sa || !sb {
					return v.String("compare(): The third argument (ignore case) can only be used when comparing strings")
				}
				if len(a) != 3 {
					return v.String("compare(): Accepts at most 3 arguments, got " + strconv.Itoa(len(a)))
				}
				// Puppet's check names a Boolean class Ruby does not have
				panic(fn.Errorf("uninitialized constant Puppet::Pops::Loader::RubyFunctionInstantiator::Boolean"))
			}
			if fn.RubyClass(a[0]) != fn.RubyClass(a[1]) {
				return v.String("compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got " + fn.Label(a[0]) + " and " + fn.Label(a[1]))
			}
			return v.Undef
		}).
		Mismatch("Any a, Any b, Any ignore_case*", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.String("compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got " + fn.Label(a[0]) + " and " + fn.Label(a[1]))
		}).Register()

	// numbers
	fn.New("abs").
		D("Numeric val", func(c fn.Context, a args, b fn.Block) v.Value {
			switch x := a[0].(type) {
			case v.Int:
				if x < 0 {
					return -x
				}
				return x
			case v.Float:
				return v.Float(math.Abs(float64(x)))
			}
			return a[0]
		}).
		D("String val", func(c fn.Context, a args, b fn.Block) v.Value {
			fn.Deprecated(c, "abs_function_numeric_coerce_string", "The abs() function's auto conversion of String to Numeric is deprecated - change to convert input before calling")
			s := str(a[0])
			switch {
			case regexp.MustCompile(`(?m)^-?(?:\d+)(?:\.\d+){1}$`).MatchString(s):
				return v.Float(math.Abs(fn.RubyToF(s)))
			case regexp.MustCompile(`(?m)^-?\d+$`).MatchString(s):
				n := fn.RubyToI(s, 10)
				if n < 0 {
					n = -n
				}
				return v.Int(n)
			}
			panic(fn.Errorf("abs(): Requires float or integer to work with - was given non decimal string"))
		}).Register()

	rounder := func(name string, f func(float64) float64) {
		fn.New(name).
			D("Numeric val", func(c fn.Context, a args, b fn.Block) v.Value {
				if x, ok := a[0].(v.Float); ok {
					return floatToInt(f(float64(x)))
				}
				return a[0]
			}).
			D("String val", func(c fn.Context, a args, b fn.Block) v.Value {
				fn.Deprecated(c, name+"_function_numeric_coerce_string", "The "+name+"() function's auto conversion of String to Float is deprecated - change to convert input before calling")
				x, ok := RubyFloat(str(a[0]))
				if !ok {
					panic(fn.Errorf("%s(): cannot convert given value to a floating point value.", name))
				}
				return floatToInt(f(x))
			}).Register()
	}
	rounder("ceiling", math.Ceil)
	rounder("floor", math.Floor)
	fn.New("round").D("Numeric val", func(c fn.Context, a args, b fn.Block) v.Value {
		switch x := a[0].(type) {
		case v.Int:
			return x
		case v.Float:
			if x > 0 {
				return floatToInt(math.Trunc(float64(x) + 0.5))
			}
			return floatToInt(math.Trunc(float64(x) - 0.5))
		}
		return a[0]
	}).Register()
}

func asciiDown(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func floatToInt(f float64) v.Value {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		panic(fn.Errorf("FloatDomainError"))
	}
	if f >= 9.223372036854775807e18 || f < -9.223372036854775808e18 {
		panic(fn.Errorf("Use of a Ruby Integer outside of Puppet Integer range"))
	}
	return v.Int(int64(f))
}

// timeCmp compares a Timespan or Timestamp with a value of the same kind
// or a number of seconds.
func timeCmp(a, b v.Value) int {
	toSec := func(x v.Value) float64 {
		switch y := x.(type) {
		case v.Timespan:
			return float64(int64(y)) / 1e9
		case v.Timestamp:
			return float64(int64(y)) / 1e9
		case v.Int:
			return float64(y)
		case v.Float:
			return float64(y)
		}
		return 0
	}
	switch x := a.(type) {
	case v.Timespan:
		if y, ok := b.(v.Timespan); ok {
			return cmpI(int64(x), int64(y))
		}
	case v.Timestamp:
		if y, ok := b.(v.Timestamp); ok {
			return cmpI(int64(x), int64(y))
		}
	}
	fa, fb := toSec(a), toSec(b)
	switch {
	case fa < fb:
		return -1
	case fa > fb:
		return 1
	}
	return 0
}

func cmpI(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// uniq is Array#uniq (optionally by the block's result), with Ruby's key
// identity (eql?).
func uniq(elems []v.Value, b fn.Block) []v.Value {
	seen := v.NewHashBuilder(len(elems))
	set := seen.Build()
	var out []v.Value
	for _, e := range elems {
		k := e
		if b != nil {
			k = b.Call(e)
		}
		if set.Has(k) {
			continue
		}
		seen.Put(k, v.True)
		out = append(out, e)
	}
	return out
}

// rubySort is Array#sort with <=> or with a block returning an Integer.
func rubySort(elems []v.Value, b fn.Block) []v.Value {
	out := append([]v.Value(nil), elems...)
	if b == nil && allStrings(out) {
		sort.Slice(out, func(i, j int) bool { return out[i].(v.String) < out[j].(v.String) })
		return out
	}
	if b == nil {
		// Ruby compares neighbours first: report an incomparable pair as it does
		for i := 0; i+1 < len(out); i++ {
			if _, ok := fn.RubyCompare(out[i], out[i+1]); !ok {
				panic(fn.ComparisonError(out[i], out[i+1]))
			}
		}
	}
	var fail error
	sort.SliceStable(out, func(i, j int) bool {
		if fail != nil {
			return false
		}
		if b != nil {
			r := b.Call(out[i], out[j])
			n, ok := r.(v.Int)
			if !ok {
				if f, isF := r.(v.Float); isF {
					return f < 0
				}
				fail = fn.Errorf("comparison of %s with %s failed", fn.RubyClass(out[i]), fn.RubyClass(out[j]))
				return false
			}
			return n < 0
		}
		c, ok := fn.RubyCompare(out[i], out[j])
		if !ok {
			fail = fn.ComparisonError(out[i], out[j])
			return false
		}
		return c < 0
	})
	if fail != nil {
		panic(fail)
	}
	return out
}

var numericLike = lazyre.New(`^-?\d+([._eE]\d+)?$`)

// minmax declares min (dir -1) or max (dir 1).
func minmax(name string, dir int) {
	better := func(c int) bool { return c*dir > 0 }
	pick := func(vals []v.Value, cmp func(a, b v.Value) int) v.Value {
		if len(vals) == 0 {
			panic(fn.Errorf("%s(): Wrong number of arguments need at least one", name))
		}
		best := vals[0]
		for _, x := range vals[1:] {
			if better(cmp(x, best)) {
				best = x
			}
		}
		return best
	}
	numeric := func(c fn.Context, vals []v.Value) v.Value {
		return pick(vals, func(a, b v.Value) int { r, _ := fn.RubyCompare(a, b); return r })
	}
	strCmp := func(c fn.Context, anyConv bool) func(a, b v.Value) int {
		return func(a, b v.Value) int {
			as, bs := fn.RubyToS(a), fn.RubyToS(b)
			if numericLike.MatchString(as) && numericLike.MatchString(bs) {
				fn.Deprecated(c, name+"_function_numeric_coerce_string", "The "+name+"() function's auto conversion of String to Numeric is deprecated - change to convert input before calling, or use lambda")
				r, _ := fn.RubyCompare(v.Float(fn.RubyToF(as)), v.Float(fn.RubyToF(bs)))
				return r
			}
			if anyConv {
				fn.Deprecated(c, name+"_function_string_coerce_any", "The "+name+"() function's auto conversion of Any to String is deprecated - change to convert input before calling, or use lambda")
			}
			return strings.Compare(as, bs)
		}
	}
	withBlock := func(vals []v.Value, b fn.Block) v.Value {
		if len(vals) == 0 {
			return v.Undef
		}
		return pick(vals, func(x, y v.Value) int {
			r := b.Call(x, y)
			switch n := r.(type) {
			case v.Int:
				return int(n)
			case v.Float:
				if n < 0 {
					return -1
				} else if n > 0 {
					return 1
				}
				return 0
			}
			panic(fn.Errorf("comparison of %s with %s failed", fn.RubyClass(x), fn.RubyClass(y)))
		})
	}
	// Puppet 8 compares Semver, Timespan and Timestamp values (<=>)
	ordered := func(vals []v.Value) v.Value {
		return pick(vals, func(x, y v.Value) int {
			if s, ok := x.(*v.SemVer); ok {
				return s.Compare(y.(*v.SemVer))
			}
			return timeCmp(x, y)
		})
	}
	orderedArray := func(c fn.Context, a args, b fn.Block) v.Value {
		if b != nil {
			return withBlock(a[0].(*v.Array).Elems(), b)
		}
		return ordered(a[0].(*v.Array).Elems())
	}
	fn.New(name).
		D("Numeric values*", func(c fn.Context, a args, b fn.Block) v.Value { return numeric(c, a) }).
		D("String values*", func(c fn.Context, a args, b fn.Block) v.Value { return pick(a, strCmp(c, false)) }).
		D("Semver values*", func(c fn.Context, a args, b fn.Block) v.Value { return ordered(a) }).Since(8).
		D("Timespan values*", func(c fn.Context, a args, b fn.Block) v.Value { return ordered(a) }).Since(8).
		D("Timestamp values*", func(c fn.Context, a args, b fn.Block) v.Value { return ordered(a) }).Since(8).
		D("Array[Numeric] values, Callable[2,2] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			if b != nil {
				return withBlock(a[0].(*v.Array).Elems(), b)
			}
			return numeric(c, a[0].(*v.Array).Elems())
		}).
		D("Array[Semver] values, Callable[2,2] &block?", orderedArray).Since(8).
		D("Array[Timespan] values, Callable[2,2] &block?", orderedArray).Since(8).
		D("Array[Timestamp] values, Callable[2,2] &block?", orderedArray).Since(8).
		D("Array[String] values, Callable[2,2] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			if b != nil {
				return withBlock(a[0].(*v.Array).Elems(), b)
			}
			return pick(a[0].(*v.Array).Elems(), strCmp(c, false))
		}).
		D("Array values, Callable[2,2] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			if b != nil {
				return withBlock(a[0].(*v.Array).Elems(), b)
			}
			return pick(a[0].(*v.Array).Elems(), strCmp(c, true))
		}).
		D("Any values*, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value { return withBlock(a, b) }).
		D("Any values*", func(c fn.Context, a args, b fn.Block) v.Value { return pick(a, strCmp(c, true)) }).
		Register()
}

// RubyFloat is Kernel#Float(string): a strict decimal (or 0x hex) float
// with optional surrounding whitespace and underscores between digits.
func RubyFloat(s string) (float64, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, false
	}
	body := strings.TrimLeft(t, "+-")
	if strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X") {
		n, err := strconv.ParseInt(strings.ReplaceAll(t, "_", ""), 0, 64)
		if err != nil {
			return 0, false
		}
		return float64(n), true
	}
	if !floatSyntax.MatchString(t) {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64)
	if err != nil && !strings.Contains(err.Error(), "range") {
		return 0, false
	}
	return f, true
}

var floatSyntax = lazyre.New(`^[+-]?(\d+(_\d+)*)(\.\d+(_\d+)*)?([eE][+-]?\d+)?$|^[+-]?\.\d+$`)

func allStrings(vals []v.Value) bool {
	for _, x := range vals {
		if _, ok := x.(v.String); !ok {
			return false
		}
	}
	return true
}
