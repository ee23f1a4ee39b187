package core

import (
	"encoding/base64"
	"math"
	"math/big"
	"regexp"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// new (functions/new.rb) and the new_function of each type: the
// conversions behind Integer($x), String($x, '%x'), Array($x, true), ...
// Each type's constructor is a function of its own, with Puppet's name for
// it (new, new_float, new_numeric, ...), so that mismatch messages read as
// Puppet's.

var (
	fnNewInteger, fnNewFloat, fnNewNumeric, fnNewString, fnNewBoolean, fnNewArray, fnNewHash *fn.Func
	fnNewRegexp, fnNewSensitive, fnNewSemVer, fnNewSemVerRange, fnNewBinary                  *fn.Func
	fnNewTimespan, fnNewTimestamp, fnNewType, fnNewUnit, fnNewDeferred, fnNewError           *fn.Func
)

const (
	integerHex      = `(?:0[xX][0-9A-Fa-f]+)`
	integerOct      = `(?:0[0-7]+)`
	integerBin      = `(?:0[bB][01]+)`
	integerDec      = `(?:0|[1-9]\d*)`
	integerDecOrOct = `(?:\d+)`
	signPrefix      = `[+-]?\s*`
	floatDec        = `(?:` + integerDec + `(?:\.\d+)?` + `(?:[eE]-?\d+)?` + `)`

	integerPatternLenient = `\A` + signPrefix + `(?:` + integerDecOrOct + `|` + integerHex + `|` + integerBin + `)\z`
	floatPattern          = `\A` + signPrefix + `(?:` + floatDec + `|` + integerHex + `|` + integerOct + `|` + integerBin + `)\z`
)

var (
	wsBetweenSignAndNumber = lazyre.New(`\A([+-])[ \t]+((?s).*)\z`)
	numericRx              = lazyre.New(`\A[ \t]*([-+]?)[ \t]*((0[xX][0-9A-Fa-f]+)|(0?\d+)((?:\.\d+)?(?:[eE]-?\d+)?))[ \t]*\z`)
)

func conversionError(msg string) { panic(fn.Errorf("%s", msg)) }

func init() {
	fnNewInteger = fn.New("new").
		LocalType("Radix", "Variant[Default, Integer[2,2], Integer[8,8], Integer[10,10], Integer[16,16]]").
		LocalType("Convertible", "Variant[Numeric, Boolean, Pattern[/"+integerPatternLenient+"/], Timespan, Timestamp]").
		LocalType("NamedArgs", "Struct[{from => Convertible, Optional[radix] => Radix, Optional[abs] => Boolean}]").
		D("Convertible from, Radix radix?, Boolean abs?", func(c fn.Context, a args, b fn.Block) v.Value {
			var radix v.Value = v.Default
			if len(a) > 1 {
				radix = a[1]
			}
			return intFromArgs(a[0], radix, boolArg(a, 2, false))
		}).
		D("NamedArgs hash_args", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			from, _ := h.GetString("from")
			radix, ok := h.GetString("radix")
			if !ok || v.IsUndef(radix) {
				radix = v.Default
			}
			abs, _ := h.GetString("abs")
			return intFromArgs(from, radix, abs == v.True)
		}).
		Mismatch("Hash hash_args", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			if from, ok := h.GetString("from"); ok {
				conv := fn.Type("Variant[Numeric, Boolean, Pattern[/" + integerPatternLenient + "/], Timespan, Timestamp]")
				if !v.IsInstance(conv, from) {
					return intOnError(from, v.Default)
				}
			}
			if r, ok := h.GetString("radix"); ok && !v.IsUndef(r) && !v.IsDefault(r) {
				assertRadix(r)
			}
			named := fn.Type("Struct[{from => Variant[Numeric, Boolean, Pattern[/" + integerPatternLenient + "/], Timespan, Timestamp], Optional[radix] => Variant[Default, Integer[2,2], Integer[8,8], Integer[10,10], Integer[16,16]], Optional[abs] => Boolean}]")
			if err := v.AssertInstance("Integer.new", named, h); err != nil {
				panic(err)
			}
			return v.Undef
		}).
		Mismatch("Any from, Integer radix?, Boolean abs?", func(c fn.Context, a args, b fn.Block) v.Value {
			var radix v.Value = v.Default
			if len(a) > 1 {
				radix = a[1]
			}
			return intOnError(a[0], radix)
		}).Func()

	fnNewFloat = fn.New("new_float").
		LocalType("Convertible", "Variant[Numeric, Boolean, Pattern[/"+floatPattern+"/], Timespan, Timestamp]").
		LocalType("NamedArgs", "Struct[{from => Convertible, Optional[abs] => Boolean}]").
		D("Convertible from, Boolean abs?", func(c fn.Context, a args, b fn.Block) v.Value {
			return floatFromArgs(a[0], boolArg(a, 1, false))
		}).
		D("NamedArgs hash_args", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			from, _ := h.GetString("from")
			abs, _ := h.GetString("abs")
			return floatFromArgs(from, abs == v.True)
		}).
		Mismatch("Any from, Boolean abs?", func(c fn.Context, a args, b fn.Block) v.Value { return convOnError(a[0], "Float") }).
		Func()

	fnNewNumeric = fn.New("new_numeric").
		LocalType("Convertible", "Variant[Integer, Float, Boolean, Pattern[/"+floatPattern+"/], Timespan, Timestamp]").
		LocalType("NamedArgs", "Struct[{from => Convertible, Optional[abs] => Boolean}]").
		D("Convertible from, Boolean abs?", func(c fn.Context, a args, b fn.Block) v.Value {
			return numericFromArgs(a[0], boolArg(a, 1, false))
		}).
		D("NamedArgs hash_args", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			from, _ := h.GetString("from")
			abs, _ := h.GetString("abs")
			return numericFromArgs(from, abs == v.True)
		}).
		Mismatch("Any from, Boolean abs?", func(c fn.Context, a args, b fn.Block) v.Value { return convOnError(a[0], "Numeric") }).
		Func()

	fnNewString = fn.New("new_string").
		LocalType("Format", `Pattern[/`+formatPatternStr+`/]`).
		LocalType("ContainerFormat", "Struct[{Optional[format] => Format, Optional[separator] => String, Optional[separator2] => String, Optional[string_formats] => Hash[Type, Format]}]").
		LocalType("TypeMap", "Hash[Type, Variant[Format, ContainerFormat]]").
		LocalType("Convertible", "Any").
		LocalType("Formats", "Variant[Default, String[1], TypeMap]").
		D("Convertible from, Formats string_formats?", func(c fn.Context, a args, b fn.Block) v.Value {
			var formats v.Value
			if len(a) > 1 && !v.IsDefault(a[1]) {
				formats = a[1]
			}
			from := a[0]
			if it, ok := from.(*fn.Iterator); ok {
				from = v.NewArray(it.Slice()...) // StringConverter formats its elements
			}
			s, err := v.FormatValue(from, formats)
			if err != nil {
				panic(err)
			}
			return v.String(s)
		}).Func()

	fnNewBoolean = fn.New("new_boolean").
		D("Variant[Integer, Float, Boolean, Enum['false','true','yes','no','y','n',true]] from", func(c fn.Context, a args, b fn.Block) v.Value {
			switch x := a[0].(type) {
			case v.Float:
				return v.BoolOf(x != 0)
			case v.Int:
				return v.BoolOf(x != 0)
			case v.Bool:
				return x
			case v.String:
				switch strings.ToLower(string(x)) {
				case "false", "no", "n":
					return v.False
				}
			}
			return v.True
		}).
		Mismatch("Any from", func(c fn.Context, a args, b fn.Block) v.Value { return convOnError(a[0], "Boolean") }).
		Func()

	fnNewArray = fn.New("new_array").
		D("Variant[Array,Hash,Binary,Iterable] from, Boolean[false] wrap?", func(c fn.Context, a args, b fn.Block) v.Value {
			switch x := a[0].(type) {
			case *v.Array:
				return x
			case *v.Hash:
				return v.NewArray(collectionElems(x)...)
			case *v.Binary:
				bs := x.Bytes()
				out := make([]v.Value, len(bs))
				for i, c := range bs {
					out[i] = v.Int(c)
				}
				return v.NewArray(out...)
			}
			return v.NewArray(fn.IterableOf(a[0], false).Slice()...)
		}).
		D("Any from, Boolean[true] wrap", func(c fn.Context, a args, b fn.Block) v.Value {
			if arr, ok := a[0].(*v.Array); ok {
				return arr
			}
			return v.NewArray(a[0])
		}).
		Mismatch("Any from, Boolean wrap?", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.String("Value of type " + v.TypeString(v.Generalize(v.Infer(a[0]))) + " cannot be converted to Array")
		}).Func()

	fnNewHash = fn.New("new_hash").
		LocalType("KeyValueArray", "Array[Tuple[Any,Any],1]").
		LocalType("TreeArray", "Array[Tuple[Array,Any],1]").
		LocalType("NewHashOption", "Enum[tree, hash_tree]").
		D("TreeArray from, NewHashOption build_option?", func(c fn.Context, a args, b fn.Block) v.Value {
			if len(a) < 2 {
				return hashFromTuples(a[0].(*v.Array))
			}
			return hashFromTree(a[0].(*v.Array), str(a[1]) == "hash_tree")
		}).
		D("KeyValueArray from", func(c fn.Context, a args, b fn.Block) v.Value { return hashFromTuples(a[0].(*v.Array)) }).
		D("Any from", func(c fn.Context, a args, b fn.Block) v.Value {
			switch x := a[0].(type) {
			case *v.Array:
				return hashFromFlat(x.Elems())
			case *v.Hash:
				return x
			}
			if v.IsInstance(v.IterableT, a[0]) {
				return hashFromFlat(fn.IterableOf(a[0], false).Slice())
			}
			panic(fn.Errorf("Value of type %s cannot be converted to Hash", v.TypeString(v.Generalize(v.Infer(a[0])))))
		}).Func()

	fnNewRegexp = fn.New("new_float").
		D("String pattern, Boolean escape?", func(c fn.Context, a args, b fn.Block) v.Value {
			p := str(a[0])
			if boolArg(a, 1, false) {
				p = fn.RegexpEscape(p)
			}
			re, err := v.NewRegexp(p)
			if err != nil {
				panic(err)
			}
			return re
		}).Func()

	fnNewSensitive = fn.New("new_Sensitive").
		D("Sensitive value", func(c fn.Context, a args, b fn.Block) v.Value { return a[0] }).
		D("Any value", func(c fn.Context, a args, b fn.Block) v.Value { return v.NewSensitive(a[0]) }).
		Func()

	fnNewSemVer = fn.New("new_Version").
		LocalType("PositiveInteger", "Integer[0,default]").
		LocalType("SemVerQualifier", `Pattern[/\A[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*\Z/]`).
		LocalType("SemVerPattern", `Pattern[/\A(?<major>0|[1-9][0-9]*)\.(?<minor>0|[1-9][0-9]*)\.(?<patch>0|[1-9][0-9]*)(?:-(?<prerelease>[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+(?<build>[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/]`).
		LocalType("SemVerHash", "Struct[{major=>PositiveInteger,minor=>PositiveInteger,patch=>PositiveInteger,Optional[prerelease]=>SemVerQualifier,Optional[build]=>SemVerQualifier}]").
		D("SemVerPattern str", func(c fn.Context, a args, b fn.Block) v.Value {
			sv, err := v.ParseSemVer(str(a[0]))
			if err != nil {
				panic(err)
			}
			return sv
		}).
		D("PositiveInteger major, PositiveInteger minor, PositiveInteger patch, SemVerQualifier prerelease?, SemVerQualifier build?", func(c fn.Context, a args, b fn.Block) v.Value {
			return semverOf(a[0], a[1], a[2], optArg(a, 3), optArg(a, 4))
		}).
		D("SemVerHash hash_args", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			get := func(k string) v.Value { x, _ := h.GetString(k); return x }
			return semverOf(get("major"), get("minor"), get("patch"), get("prerelease"), get("build"))
		}).
		Mismatch("String str", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.String("The string '" + str(a[0]) + "' cannot be converted to a SemVer")
		}).Func()

	fnNewSemVerRange = fn.New("new_VersionRange").
		LocalType("SemVerRangeString", "String[1]").
		LocalType("SemVerRangeHash", "Struct[{min=>Variant[Default,SemVer],Optional[max]=>Variant[Default,SemVer],Optional[exclude_max]=>Boolean}]").
		D("SemVerRangeString str", func(c fn.Context, a args, b fn.Block) v.Value {
			r, err := v.ParseSemVerRange(str(a[0]))
			if err != nil {
				panic(err)
			}
			return r
		}).
		D("Variant[Default,SemVer] min, Variant[Default,SemVer] max, Boolean exclude_max?", func(c fn.Context, a args, b fn.Block) v.Value {
			return semverRange(a[0], a[1], boolArg(a, 2, false))
		}).
		D("SemVerRangeHash hash_args", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			min, _ := h.GetString("min")
			max, ok := h.GetString("max")
			if !ok {
				max = v.Default
			}
			ex, _ := h.GetString("exclude_max")
			return semverRange(min, max, ex == v.True)
		}).Func()

	fnNewBinary = fn.New("new_Binary").
		LocalType("ByteInteger", "Integer[0,255]").
		LocalType("Base64Format", `Enum["%b", "%u", "%B", "%s", "%r"]`).
		LocalType("StringHash", `Struct[{value => String, "format" => Optional[Base64Format]}]`).
		LocalType("ArrayHash", "Struct[{value => Array[ByteInteger]}]").
		LocalType("BinaryArgsHash", "Variant[StringHash, ArrayHash]").
		D("String str, Base64Format format?", func(c fn.Context, a args, b fn.Block) v.Value {
			f := "%B"
			if len(a) > 1 {
				f = str(a[1])
			}
			return binaryFromString(str(a[0]), f)
		}).
		D("Array[ByteInteger] byte_array", func(c fn.Context, a args, b fn.Block) v.Value { return binaryFromArray(a[0].(*v.Array)) }).
		D("BinaryArgsHash hash_args", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			val, _ := h.GetString("value")
			if arr, ok := val.(*v.Array); ok {
				return binaryFromArray(arr)
			}
			f := "%B"
			if fv, ok := h.GetString("format"); ok && !v.IsUndef(fv) {
				f = str(fv)
			}
			return binaryFromString(str(val), f)
		}).Func()

	fnNewTimespan = fn.New("new_timespan").
		LocalType("Formats", "Variant[String[2],Array[String[2], 1]]").
		D("Variant[Integer,Float] seconds", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Timespan(secondsToNanos(a[0]))
		}).
		D("String[1] string, Formats format?", func(c fn.Context, a args, b fn.Block) v.Value {
			ts, err := v.ParseTimespan(str(a[0]), formatList(optArg(a, 1))...)
			if err != nil {
				panic(err)
			}
			return ts
		}).
		D("Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?", func(c fn.Context, a args, b fn.Block) v.Value {
			var f [7]int64
			for i := range a {
				f[i] = int64(a[i].(v.Int))
			}
			return timespanFromFields(false, f)
		}).
		D("Struct[{string => String[1], Optional[format] => Formats}] hash_arg", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			s, _ := h.GetString("string")
			f, _ := h.GetString("format")
			ts, err := v.ParseTimespan(str(s), formatList(f)...)
			if err != nil {
				panic(err)
			}
			return ts
		}).
		D("Struct[{Optional[negative] => Boolean, Optional[days] => Integer, Optional[hours] => Integer, Optional[minutes] => Integer, Optional[seconds] => Integer, Optional[milliseconds] => Integer, Optional[microseconds] => Integer, Optional[nanoseconds] => Integer}] hash_arg", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			var f [7]int64
			for i, k := range []string{"days", "hours", "minutes", "seconds", "milliseconds", "microseconds", "nanoseconds"} {
				if x, ok := h.GetString(k); ok {
					if n, ok := x.(v.Int); ok {
						f[i] = int64(n)
					}
				}
			}
			neg, _ := h.GetString("negative")
			return timespanFromFields(neg == v.True, f)
		}).Func()

	fnNewTimestamp = fn.New("new_timestamp").
		LocalType("Formats", "Variant[String[2],Array[String[2], 1]]").
		D("", func(c fn.Context, a args, b fn.Block) v.Value { return nowTimestamp() }).
		D("Variant[Integer,Float] seconds", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Timestamp(secondsToNanos(a[0]))
		}).
		D("String[1] string, Formats format?, String[1] timezone?", func(c fn.Context, a args, b fn.Block) v.Value {
			tz := ""
			if len(a) > 2 {
				tz = str(a[2])
			}
			var fmts []string
			if len(a) > 1 && !v.IsDefault(a[1]) {
				fmts = formatList(a[1])
			}
			ts, err := v.ParseTimestamp(str(a[0]), tz, fmts...)
			if err != nil {
				panic(err)
			}
			return ts
		}).
		D("Struct[{string => String[1], Optional[format] => Formats, Optional[timezone] => String[1]}] hash_arg", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			s, _ := h.GetString("string")
			f, _ := h.GetString("format")
			tzv, _ := h.GetString("timezone")
			tz := ""
			if t, ok := tzv.(v.String); ok {
				tz = string(t)
			}
			ts, err := v.ParseTimestamp(str(s), tz, formatList(f)...)
			if err != nil {
				panic(err)
			}
			return ts
		}).Func()

	fnNewType = fn.New("new_type").
		D("String[1] type_string", func(c fn.Context, a args, b fn.Block) v.Value {
			t, err := fn.ParseType(c, str(a[0]))
			if err != nil {
				panic(err)
			}
			return t
		}).Func()

	fnNewDeferred = fn.New("new_Deferred").
		D(`Pattern[/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/] name, Optional[Array] arguments?`, func(c fn.Context, a args, b fn.Block) v.Value {
			d := &v.Deferred{Name: str(a[0])}
			if arr, ok := optArg(a, 1).(*v.Array); ok {
				d.Arguments = arr
			}
			return d
		}).
		D(`Struct[{name => Pattern[/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/], Optional[arguments] => Optional[Array]}] init_hash`, func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			n, _ := h.GetString("name")
			d := &v.Deferred{Name: str(n)}
			if arr, ok := h.GetString("arguments"); ok {
				if x, ok := arr.(*v.Array); ok {
					d.Arguments = x
				}
			}
			return d
		}).Func()

	// Error's new function (PObjectType#new_function): its init hash, or
	// its attributes in order.
	fnNewError = fn.New("new_Error").
		D("Struct[{'msg' => String[1], 'kind' => Optional[String[1]], 'details' => Optional[Hash[String[1], Data]], 'issue_code' => Optional[String[1]]}] hash", func(c fn.Context, a args, b fn.Block) v.Value {
			h := a[0].(*v.Hash)
			msg, _ := h.GetString("msg")
			kind, _ := h.GetString("kind")
			details, _ := h.GetString("details")
			code, _ := h.GetString("issue_code")
			return v.NewError(str(msg), kind, details, code)
		}).
		D("String[1] msg, Optional[String[1]] kind?, Optional[Hash[String[1], Data]] details?, Optional[String[1]] issue_code?", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.NewError(str(a[0]), optArg(a, 1), optArg(a, 2), optArg(a, 3))
		}).Func()

	fnNewUnit = fn.New("new_unit").
		D("Any from", func(c fn.Context, a args, b fn.Block) v.Value { return a[0] }).Func()

	fn.New("new").
		D("Type type, Any args*, &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			t := a[0].(v.Type)
			rest := a[1:]
			if len(rest) == 1 {
				if _, isInit := t.(*v.InitType); !isInit && v.IsInstance(t, rest[0]) {
					return rest[0]
				}
			}
			f := newFunctionFor(t)
			r := f.Call(c, rest, nil)
			if !v.IsInstance(t, r) {
				panic(v.AssertInstance("Converted value from "+v.TypeString(t)+".new()", t, r))
			}
			if b != nil {
				return b.Call(r)
			}
			return r
		}).Register()
}

// NewValue is new(t, args...): the conversion of args to type t.
func NewValue(c fn.Context, t v.Type, args ...v.Value) v.Value {
	return fn.Lookup("new").Call(c, append([]v.Value{t}, args...), nil)
}

func newFunctionFor(t v.Type) *fn.Func {
	switch x := t.(type) {
	case *v.IntegerType:
		return fnNewInteger
	case *v.FloatType:
		return fnNewFloat
	case *v.NumericType:
		return fnNewNumeric
	case *v.StringType, *v.EnumType, *v.PatternType:
		if _, ok := t.(*v.StringType); ok {
			return fnNewString
		}
	case *v.BooleanType:
		return fnNewBoolean
	case *v.ArrayType, *v.TupleType:
		return fnNewArray
	case *v.HashType, *v.StructType:
		return fnNewHash
	case *v.RegexpType:
		return fnNewRegexp
	case *v.SensitiveType:
		return fnNewSensitive
	case *v.SemVerType:
		return fnNewSemVer
	case *v.SemVerRangeType:
		return fnNewSemVerRange
	case *v.BinaryType:
		return fnNewBinary
	case *v.TimespanType:
		return fnNewTimespan
	case *v.TimestampType:
		return fnNewTimestamp
	case *v.TypeType:
		return fnNewType
	case *v.UnitType:
		return fnNewUnit
	case *v.OptionalType:
		if x.Type != nil {
			return newFunctionFor(x.Type)
		}
	case *v.NotUndefType:
		if x.Type == nil {
			return fnNewUnit
		}
		return newFunctionFor(x.Type)
	case *v.TypeAliasType:
		return newFunctionFor(x.ResolvedType())
	case *v.ObjectType:
		switch x {
		case v.DeferredT:
			return fnNewDeferred
		case v.ErrorT:
			return fnNewError
		}
	case *v.ObjectTypeExtension:
		return newFunctionFor(x.Base)
	}
	panic(fn.Errorf("Creation of new instance of type '%s' is not supported", v.TypeString(t)))
}

func optArg(a []v.Value, i int) v.Value {
	if i < len(a) {
		return a[i]
	}
	return v.Undef
}

func convOnError(from v.Value, typ string) v.Value {
	if s, ok := from.(v.String); ok {
		return v.String("The string '" + string(s) + "' cannot be converted to " + typ)
	}
	return v.String("Value of type " + v.TypeString(v.Generalize(v.Infer(from))) + " cannot be converted to " + typ)
}

func assertRadix(r v.Value) {
	switch r {
	case v.Int(2), v.Int(8), v.Int(10), v.Int(16):
		return
	}
	panic(fn.Errorf("Illegal radix: %s, expected 2, 8, 10, 16, or default", fn.RubyToS(r)))
}

func intOnError(from, radix v.Value) v.Value {
	if !v.IsDefault(radix) {
		assertRadix(radix)
	}
	return convOnError(from, "Integer")
}

func intFromArgs(from, radix v.Value, abs bool) v.Value {
	var r v.Value
	switch x := from.(type) {
	case v.Float:
		r = floatToInt(math.Trunc(float64(x)))
	case v.Timespan:
		r = v.Int(int64(x) / 1e9)
	case v.Timestamp:
		r = v.Int(int64(x) / 1e9)
	case v.Int:
		r = x
	case v.Bool:
		r = v.Int(0)
		if x {
			r = v.Int(1)
		}
	case v.String:
		base := 0
		if n, ok := radix.(v.Int); ok {
			base = int(n)
		}
		n, err := RubyInteger(string(x), base)
		if err != nil {
			if m := wsBetweenSignAndNumber.FindStringSubmatch(string(x)); m != nil {
				if n2, err2 := RubyInteger(m[1]+m[2], base); err2 == nil {
					n, err = n2, nil
				}
			}
			if err != nil {
				panic(err)
			}
		}
		r = v.Int(n)
	}
	if abs {
		if n := r.(v.Int); n < 0 {
			return -n
		}
	}
	return r
}

// RubyInteger is Kernel#Integer(string) (base 0: prefixes 0x, 0b, 0o, 0
// select the radix), with Ruby's error message.
func RubyInteger(s string, base int) (int64, error) {
	bad := func() error { return fn.Errorf("invalid value for Integer(): %s", fn.RubyStringInspect(s)) }
	t := strings.Trim(s, " \t\n\v\f\r")
	if t == "" {
		return 0, bad()
	}
	neg := false
	if t[0] == '+' || t[0] == '-' {
		neg = t[0] == '-'
		t = t[1:]
	}
	low := strings.ToLower(t)
	prefix := func(p string, b int) bool {
		if strings.HasPrefix(low, p) && (base == 0 || base == b) {
			t = t[len(p):]
			base = b
			return true
		}
		return false
	}
	if !(prefix("0x", 16) || prefix("0b", 2) || prefix("0o", 8) || prefix("0d", 10)) {
		if base == 0 {
			if len(t) > 1 && t[0] == '0' {
				base = 8
				t = t[1:]
				if strings.HasPrefix(t, "_") {
					t = t[1:]
				}
			} else {
				base = 10
			}
		}
	}
	if t == "" || t[0] == '_' || t[len(t)-1] == '_' || strings.Contains(t, "__") {
		return 0, bad()
	}
	digits := strings.ReplaceAll(t, "_", "")
	n, ok := new(big.Int).SetString(digits, base)
	if !ok {
		return 0, bad()
	}
	if neg {
		n.Neg(n)
	}
	if !n.IsInt64() {
		panic(fn.Errorf("Use of a Ruby Integer outside of Puppet Integer %s range, got '%s'", map[bool]string{true: "min", false: "max"}[neg], "0x"+strings.TrimPrefix(n.Text(16), "-")))
	}
	return n.Int64(), nil
}

func floatFromArgs(from v.Value, abs bool) v.Value {
	var f float64
	switch x := from.(type) {
	case v.Float:
		f = float64(x)
	case v.Int:
		f = float64(x)
	case v.Timespan:
		f = float64(int64(x)) / 1e9
	case v.Timestamp:
		f = float64(int64(x)) / 1e9
	case v.Bool:
		if x {
			f = 1
		}
	case v.String:
		s := string(x)
		if len(s) > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B') {
			n, err := RubyInteger(s, 0)
			if err != nil {
				panic(err)
			}
			f = float64(n)
			break
		}
		var ok bool
		f, ok = RubyFloat(s)
		if !ok {
			if m := wsBetweenSignAndNumber.FindStringSubmatch(s); m != nil {
				if f2, ok2 := RubyFloat(m[1] + m[2]); ok2 {
					f, ok = f2, true
				}
			}
			if !ok {
				panic(fn.Errorf("invalid value for Float(): %s", fn.RubyStringInspect(s)))
			}
		}
	}
	if abs {
		f = math.Abs(f)
	}
	return v.Float(f)
}

func numericFromArgs(from v.Value, abs bool) v.Value {
	var r v.Value
	switch x := from.(type) {
	case v.Float, v.Int:
		r = x
	case v.Timespan:
		r = v.Float(float64(int64(x)) / 1e9)
	case v.Timestamp:
		r = v.Float(float64(int64(x)) / 1e9)
	case v.Bool:
		r = v.Int(0)
		if x {
			r = v.Int(1)
		}
	case v.String:
		s := string(x)
		if len(s) > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B' || s[1] == 'x' || s[1] == 'X') {
			n, err := RubyInteger(s, 0)
			if err != nil {
				panic(err)
			}
			r = v.Int(n)
			break
		}
		r = toN(s)
	}
	if abs {
		switch n := r.(type) {
		case v.Int:
			if n < 0 {
				return -n
			}
		case v.Float:
			return v.Float(math.Abs(float64(n)))
		}
	}
	return r
}

// toN is Puppet::Pops::Utils.to_n for a string: a number, or undef.
func toN(s string) v.Value {
	s = strings.TrimPrefix(s, "::")
	m := numericRx.FindStringSubmatch(s)
	if m == nil {
		return v.Undef
	}
	if m[5] != "" {
		i, err := RubyInteger(m[4], 0)
		if err == nil && i == 0 && regexp.MustCompile(`\A\.?0*[eE]`).MatchString(m[5]) {
			return v.Undef
		}
		f, ok := RubyFloat(m[2])
		if !ok || math.IsInf(f, 0) {
			return v.Undef
		}
		if m[1] == "-" {
			f = -f
		}
		return v.Float(f)
	}
	n, err := RubyInteger(m[2], 0)
	if err != nil {
		return v.Undef
	}
	if m[1] == "-" {
		n = -n
	}
	return v.Int(n)
}

func hashFromTuples(a *v.Array) v.Value {
	b := v.NewHashBuilder(a.Len())
	for _, e := range a.Elems() {
		t := e.(*v.Array)
		b.Put(t.At(0), t.At(1))
	}
	return b.Build()
}

func hashFromFlat(elems []v.Value) v.Value {
	if len(elems)%2 != 0 {
		panic(fn.Errorf("odd number of arguments for Hash"))
	}
	b := v.NewHashBuilder(len(elems) / 2)
	for i := 0; i < len(elems); i += 2 {
		b.Put(elems[i], elems[i+1])
	}
	return b.Build()
}

func hashFromTree(tuples *v.Array, allHashes bool) v.Value {
	// Built with values' immutable hashes by rebuilding along the path.
	var root v.Value = v.EmptyHash
	for _, e := range tuples.Elems() {
		t := e.(*v.Array)
		path := t.At(0).(*v.Array).Elems()
		val := t.At(1)
		if len(path) == 0 {
			if arr, ok := val.(*v.Array); ok {
				b := copyHash(root.(*v.Hash))
				for i, x := range arr.Elems() {
					b.Put(v.Int(i), x)
				}
				root = b.Build()
			} else if h, ok := val.(*v.Hash); ok {
				root = root.(*v.Hash).Merge(h)
			}
			continue
		}
		if allHashes {
			val = arrayAsHash(val)
		}
		root = setPath(root, path, val)
	}
	return root
}

func setPath(container v.Value, path []v.Value, val v.Value) v.Value {
	k := path[0]
	switch c := container.(type) {
	case *v.Hash:
		b := copyHash(c)
		if len(path) == 1 {
			b.Put(k, val)
			return b.Build()
		}
		child, ok := c.Get(k)
		if !ok {
			child = v.EmptyHash
		}
		b.Put(k, setPath(child, path[1:], val))
		return b.Build()
	case *v.Array:
		elems := append([]v.Value(nil), c.Elems()...)
		i, _ := k.(v.Int)
		for int(i) >= len(elems) {
			elems = append(elems, v.Undef)
		}
		if len(path) == 1 {
			elems[i] = val
		} else {
			elems[i] = setPath(elems[i], path[1:], val)
		}
		return v.NewArray(elems...)
	}
	return container
}

func copyHash(h *v.Hash) *v.HashBuilder {
	b := v.NewHashBuilder(h.Len() + 1)
	for i := 0; i < h.Len(); i++ {
		b.Put(h.KeyAt(i), h.ValueAt(i))
	}
	return b
}

func arrayAsHash(x v.Value) v.Value {
	arr, ok := x.(*v.Array)
	if !ok {
		return x
	}
	b := v.NewHashBuilder(arr.Len())
	for i, e := range arr.Elems() {
		b.Put(v.Int(i), arrayAsHash(e))
	}
	return b.Build()
}

func semverOf(major, minor, patch, pre, build v.Value) v.Value {
	s := strconv.FormatInt(int64(major.(v.Int)), 10) + "." + strconv.FormatInt(int64(minor.(v.Int)), 10) + "." + strconv.FormatInt(int64(patch.(v.Int)), 10)
	if p, ok := pre.(v.String); ok {
		s += "-" + string(p)
	}
	if bd, ok := build.(v.String); ok {
		s += "+" + string(bd)
	}
	sv, err := v.ParseSemVer(s)
	if err != nil {
		panic(err)
	}
	return sv
}

func semverRange(min, max v.Value, exclude bool) v.Value {
	var lo, hi *v.SemVer
	if s, ok := min.(*v.SemVer); ok {
		lo = s
	}
	if s, ok := max.(*v.SemVer); ok {
		hi = s
	}
	return v.NewSemVerRangeFromVersions(lo, hi, exclude)
}

func binaryFromString(s, format string) v.Value {
	var data []byte
	var err error
	switch format {
	case "%b":
		data, err = base64Lenient(s + strings.Repeat("=", len(s)%3))
	case "%u":
		data, err = base64.URLEncoding.DecodeString(s)
		if err != nil {
			panic(fn.Errorf("invalid base64"))
		}
	case "%B":
		data, err = base64.StdEncoding.Strict().DecodeString(s)
		if err != nil {
			panic(fn.Errorf("invalid base64"))
		}
	case "%s":
		data = []byte(s)
	case "%r":
		data = []byte(s)
	default:
		panic(fn.Errorf("Unsupported Base64 format '%s'", format))
	}
	if err != nil {
		panic(fn.Errorf("%s", err.Error()))
	}
	return v.NewBinary(data)
}

// base64Lenient is Ruby's Base64.decode64: characters outside the alphabet
// are skipped and decoding stops at padding.
func base64Lenient(s string) ([]byte, error) {
	var clean []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' {
			clean = append(clean, c)
		} else if c == '=' {
			break
		}
	}
	for len(clean)%4 == 1 {
		clean = clean[:len(clean)-1]
	}
	return base64.RawStdEncoding.DecodeString(string(clean))
}

func binaryFromArray(a *v.Array) v.Value {
	out := make([]byte, a.Len())
	for i, e := range a.Elems() {
		out[i] = byte(e.(v.Int))
	}
	return v.NewBinary(out)
}

// secondsToNanos is seconds (an Int or a Float) in nanoseconds; it
// fails when pp2go cannot hold them (values.ErrTimeRange).
func secondsToNanos(x v.Value) int64 {
	n, ok := v.SecondsToNanos(x)
	if !ok {
		panic(v.ErrTimeRange())
	}
	return n
}

func formatList(f v.Value) []string {
	switch x := f.(type) {
	case v.String:
		return []string{string(x)}
	case *v.Array:
		out := make([]string, x.Len())
		for i, e := range x.Elems() {
			out[i] = str(e)
		}
		return out
	}
	return nil
}

// timespanFromFields is values.TimespanOfFields; it fails when pp2go
// cannot hold the Timespan (values.ErrTimeRange).
func timespanFromFields(negative bool, f [7]int64) v.Value {
	ts, ok := v.TimespanOfFields(negative, f)
	if !ok {
		panic(v.ErrTimeRange())
	}
	return ts
}

// formatPatternStr is Puppet's StringConverter::Format::FMT_PATTERN_STR.
const formatPatternStr = `^%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$`
