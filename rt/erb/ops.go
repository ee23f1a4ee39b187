package erb

import (
	"math"
	"math/bits"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Operators. Each is the Ruby method of the left operand.

func overflow() {
	raise(ClassRangeError, "integer overflow (pp2go keeps Integers in 64 bits)")
}

func addInt(a, b int64) int64 {
	c := a + b
	if (c > a) != (b > 0) {
		overflow()
	}
	return c
}

func subInt(a, b int64) int64 {
	c := a - b
	if (c < a) != (b > 0) {
		overflow()
	}
	return c
}

func mulInt(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(absInt(a)), uint64(absInt(b)))
	if hi != 0 || lo > math.MaxInt64 || a == math.MinInt64 || b == math.MinInt64 {
		overflow()
	}
	c := int64(lo)
	if (a < 0) != (b < 0) {
		c = -c
	}
	return c
}

func absInt(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// floorDiv and floorMod are Ruby's Integer / and % (rounding to -infinity).
func floorDiv(a, b int64) int64 {
	if b == 0 {
		raise(ClassZeroDivisionError, "divided by 0")
	}
	if a == math.MinInt64 && b == -1 {
		overflow()
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 {
	if b == 0 {
		raise(ClassZeroDivisionError, "divided by 0")
	}
	m := a % b
	if m != 0 && ((m < 0) != (b < 0)) {
		m += b
	}
	return m
}

func floatMod(a, b float64) float64 {
	m := math.Mod(a, b)
	if m != 0 && ((m < 0) != (b < 0)) {
		m += b
	}
	return m
}

// coerceFail raises the TypeError of a numeric operation with a
// non-numeric operand.
func coerceFail(a, b Value) {
	switch b.(type) {
	case nil, bool:
		typeError("%s can't be coerced into %s", typeName(b), classOf(a).Name)
	}
	typeError("%s can't be coerced into %s", classOf(b).Name, classOf(a).Name)
}

// OpAdd is a + b.
func (r *R) OpAdd(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return addInt(x, y)
		case float64:
			return float64(x) + y
		}
		coerceFail(a, b)
	case float64:
		switch y := b.(type) {
		case int64:
			return x + float64(y)
		case float64:
			return x + y
		}
		coerceFail(a, b)
	case *Str:
		y, ok := b.(*Str)
		if !ok {
			implicitConversion(b, "String")
		}
		if x.Bin || y.Bin {
			// the encoding String#<< would give x (Ruby's rule for + too)
			return &Str{S: x.S + y.S, Bin: appendEncoding(x, y.S, y.Bin)}
		}
		return r.newStr(r.concat(x.S, y.S))
	case *Array:
		y, ok := b.(*Array)
		if !ok {
			implicitConversion(b, "Array")
		}
		out := make([]Value, 0, len(x.A)+len(y.A))
		out = append(out, x.A...)
		return &Array{A: append(out, y.A...)}
	}
	noMethod("+", a)
	return nil
}

// OpSub is a - b.
func (r *R) OpSub(a, b Value) Value {
	switch x := a.(type) {
	case *rubyTime:
		// Time - Time: the seconds between them, a Float
		if y, ok := b.(*rubyTime); ok {
			return x.t.Sub(y.t).Seconds()
		}
	case int64:
		switch y := b.(type) {
		case int64:
			return subInt(x, y)
		case float64:
			return float64(x) - y
		}
		coerceFail(a, b)
	case float64:
		switch y := b.(type) {
		case int64:
			return x - float64(y)
		case float64:
			return x - y
		}
		coerceFail(a, b)
	case *Array:
		y, ok := b.(*Array)
		if !ok {
			implicitConversion(b, "Array")
		}
		drop := NewHash()
		for _, e := range y.A {
			drop.Set(e, true)
		}
		var out []Value
		for _, e := range x.A {
			if _, ok := drop.Lookup(e); !ok {
				out = append(out, e)
			}
		}
		return &Array{A: out}
	}
	noMethod("-", a)
	return nil
}

// OpMul is a * b.
func (r *R) OpMul(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return mulInt(x, y)
		case float64:
			return float64(x) * y
		}
		coerceFail(a, b)
	case float64:
		switch y := b.(type) {
		case int64:
			return x * float64(y)
		case float64:
			return x * y
		}
		coerceFail(a, b)
	case *Str:
		n, ok := b.(int64)
		if !ok {
			if f, isF := b.(float64); isF {
				n = int64(f)
			} else {
				implicitConversion(b, "Integer")
			}
		}
		if n < 0 {
			argError("negative argument")
		}
		return &Str{S: strings.Repeat(x.S, int(n)), Bin: x.Bin}
	case *Array:
		switch y := b.(type) {
		case *Str:
			return S(r.joinArray(x, y.S))
		case int64:
			if y < 0 {
				argError("negative argument")
			}
			out := make([]Value, 0, len(x.A)*int(y))
			for i := int64(0); i < y; i++ {
				out = append(out, x.A...)
			}
			return &Array{A: out}
		}
		implicitConversion(b, "Integer")
	}
	noMethod("*", a)
	return nil
}

// OpDiv is a / b.
func (r *R) OpDiv(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return floorDiv(x, y)
		case float64:
			return float64(x) / y
		}
		coerceFail(a, b)
	case float64:
		switch y := b.(type) {
		case int64:
			return x / float64(y)
		case float64:
			return x / y
		}
		coerceFail(a, b)
	}
	noMethod("/", a)
	return nil
}

// OpMod is a % b (for strings: format).
func (r *R) OpMod(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return floorMod(x, y)
		case float64:
			return floatMod(float64(x), y)
		}
		coerceFail(a, b)
	case float64:
		switch y := b.(type) {
		case int64:
			return floatMod(x, float64(y))
		case float64:
			return floatMod(x, y)
		}
		coerceFail(a, b)
	case *Str:
		if arr, ok := b.(*Array); ok {
			return S(r.format(x.S, arr.A))
		}
		return S(r.format(x.S, []Value{b}))
	}
	noMethod("%", a)
	return nil
}

// OpPow is a ** b.
func (r *R) OpPow(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			if y < 0 {
				typeError("pp2go: Integer ** negative Integer (a Rational) is not supported")
			}
			res := int64(1)
			for i := int64(0); i < y; i++ {
				res = mulInt(res, x)
			}
			return res
		case float64:
			return math.Pow(float64(x), y)
		}
		coerceFail(a, b)
	case float64:
		switch y := b.(type) {
		case int64:
			return math.Pow(x, float64(y))
		case float64:
			return math.Pow(x, y)
		}
		coerceFail(a, b)
	}
	noMethod("**", a)
	return nil
}

// OpNeg is -a.
func (r *R) OpNeg(a Value) Value {
	switch x := a.(type) {
	case int64:
		if x == math.MinInt64 {
			overflow()
		}
		return -x
	case float64:
		return -x
	}
	noMethod("-@", a)
	return nil
}

// OpPos is +a.
func (r *R) OpPos(a Value) Value {
	switch a.(type) {
	case int64, float64:
		return a
	case *Str:
		s := a.(*Str)
		if s.Frozen {
			return S(s.S)
		}
		return s
	}
	noMethod("+@", a)
	return nil
}

// OpBitNot is ~a.
func (r *R) OpBitNot(a Value) Value {
	if x, ok := a.(int64); ok {
		return ^x
	}
	noMethod("~", a)
	return nil
}

// OpShl is a << b: append to a String or an Array, or shift an Integer.
// appendEncoding is whether x is binary after s (binary or not) is
// appended to it, as String#<< decides (values.JoinEncoder); text and s
// both beyond ASCII in the two encodings are an
// Encoding::CompatibilityError.
func appendEncoding(x *Str, s string, binary bool) bool {
	e := values.JoinEncoderAfter(1, x.S, x.Bin)
	if !e.Add(s, binary) {
		incompatibleEncodings(x.Bin, binary)
	}
	return e.Binary
}

// incompatibleEncodings raises Ruby's Encoding::CompatibilityError for
// text in one encoding (binary or UTF-8) joined with another's.
func incompatibleEncodings(text, part bool) {
	raise(ClassEncodingCompatibilityError, "%s", values.IncompatibleEncodings(text, part))
}

func (r *R) OpShl(a, b Value) Value {
	switch x := a.(type) {
	case *digestObject:
		return x.update([]Value{b})
	case *hmacObject:
		return x.update([]Value{b})
	case *Str:
		checkFrozen(x)
		switch y := b.(type) {
		case *Str:
			x.Bin = appendEncoding(x, y.S, y.Bin)
			x.S += y.S
		case int64:
			if x.Bin {
				// a binary string's characters are bytes
				if y < 0 || y > 0xFF {
					raise(ClassRangeError, "%d out of char range", y)
				}
				x.S += string([]byte{byte(y)})
				break
			}
			if y < 0 || y > 0x10FFFF {
				raise(ClassRangeError, "%d out of char range", y)
			}
			x.S += string(rune(y))
		default:
			implicitConversion(b, "String")
		}
		return x
	case *Array:
		x.A = append(x.A, b)
		return x
	case int64:
		y, ok := b.(int64)
		if !ok {
			implicitConversion(b, "Integer")
		}
		if y < 0 {
			return x >> uint(-y)
		}
		if y >= 63 || x != 0 && bits.Len64(uint64(absInt(x)))+int(y) > 62 {
			overflow()
		}
		return x << uint(y)
	}
	noMethod("<<", a)
	return nil
}

// OpShr is a >> b.
func (r *R) OpShr(a, b Value) Value {
	if x, ok := a.(int64); ok {
		y, ok := b.(int64)
		if !ok {
			implicitConversion(b, "Integer")
		}
		if y < 0 {
			return r.OpShl(a, -y)
		}
		if y >= 64 {
			if x < 0 {
				return int64(-1)
			}
			return int64(0)
		}
		return x >> uint(y)
	}
	noMethod(">>", a)
	return nil
}

// OpAnd is a & b (Integer and, Array intersection, boolean and).
func (r *R) OpAnd(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return x & y
		}
		coerceFail(a, b)
	case *Array:
		y, ok := b.(*Array)
		if !ok {
			implicitConversion(b, "Array")
		}
		in := NewHash()
		for _, e := range y.A {
			in.Set(e, true)
		}
		seen := NewHash()
		var out []Value
		for _, e := range x.A {
			if _, ok := in.Lookup(e); ok {
				if _, dup := seen.Lookup(e); !dup {
					seen.Set(e, true)
					out = append(out, e)
				}
			}
		}
		return &Array{A: out}
	case bool:
		return x && Truthy(b)
	case nil:
		return false
	}
	noMethod("&", a)
	return nil
}

// OpOr is a | b (Integer or, Array union, boolean or).
func (r *R) OpOr(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return x | y
		}
		coerceFail(a, b)
	case *Array:
		y, ok := b.(*Array)
		if !ok {
			implicitConversion(b, "Array")
		}
		return uniqValues(append(append([]Value(nil), x.A...), y.A...))
	case bool:
		return x || Truthy(b)
	case nil:
		return Truthy(b)
	}
	noMethod("|", a)
	return nil
}

// OpXor is a ^ b.
func (r *R) OpXor(a, b Value) Value {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return x ^ y
		}
		coerceFail(a, b)
	case bool:
		return x != Truthy(b)
	case nil:
		return Truthy(b)
	}
	noMethod("^", a)
	return nil
}

func uniqValues(in []Value) *Array {
	seen := NewHash()
	out := make([]Value, 0, len(in))
	for _, e := range in {
		if _, dup := seen.Lookup(e); !dup {
			seen.Set(e, true)
			out = append(out, e)
		}
	}
	return &Array{A: out}
}

// Equal is Ruby's ==.
func Equal(a, b Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64:
			return x == float64(y)
		case float64:
			return x == y
		}
		return false
	case *Str:
		y, ok := b.(*Str)
		return ok && x.S == y.S
	case Symbol:
		y, ok := b.(Symbol)
		return ok && x == y
	case *Array:
		y, ok := b.(*Array)
		if !ok || len(x.A) != len(y.A) {
			return false
		}
		if x == y {
			return true
		}
		for i := range x.A {
			if !Equal(x.A[i], y.A[i]) {
				return false
			}
		}
		return true
	case *Hash:
		y, ok := b.(*Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.Keys() {
			v, ok := y.Lookup(k)
			if !ok || !Equal(x.Values()[i], v) {
				return false
			}
		}
		return true
	case *Range:
		y, ok := b.(*Range)
		return ok && x.Excl == y.Excl && Equal(x.Lo, y.Lo) && Equal(x.Hi, y.Hi)
	case *Regexp:
		y, ok := b.(*Regexp)
		return ok && x.Source == y.Source && x.Flags == y.Flags
	case *IPAddr:
		y, ok := b.(*IPAddr)
		return ok && x.equal(y)
	case *Object:
		y, ok := b.(*Object)
		return ok && objectEqual(x, y)
	case libEqual:
		return x.rubyEqual(b)
	}
	return a == b
}

// EqualStr is Equal(a, S(s)) without making the String (a == 'literal').
func EqualStr(a Value, s string) bool {
	if x, ok := a.(*Str); ok {
		return x.S == s
	}
	if _, ok := a.(libEqual); ok {
		return Equal(a, S(s))
	}
	return false
}

// StrEqual is Equal(S(s), b) without making the String ('literal' == b).
func StrEqual(s string, b Value) bool {
	y, ok := b.(*Str)
	return ok && y.S == s
}

// libEqual is == of a library value (libObject) that is not identity.
type libEqual interface{ rubyEqual(b Value) bool }

// libCompare is <=> of a library value.
type libCompare interface {
	rubyCompare(b Value) (int, bool)
}

// eql is Ruby's eql? (no Integer/Float mixing).
func eql(a, b Value) bool {
	switch a.(type) {
	case int64, float64:
		return a == b
	case *Array, *Hash:
		return hashKey(a) == hashKey(b)
	}
	return Equal(a, b)
}

// OpEq is a == b.
func (r *R) OpEq(a, b Value) Value { return Equal(a, b) }

// OpNe is a != b.
func (r *R) OpNe(a, b Value) Value { return !Equal(a, b) }

// compare is <=>: -1, 0, 1, or ok=false when the values do not compare.
func compare(a, b Value) (int, bool) {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return cmp3(x < y, x > y), true
		case float64:
			if math.IsNaN(y) {
				return 0, false
			}
			return cmp3(float64(x) < y, float64(x) > y), true
		}
	case float64:
		if math.IsNaN(x) {
			return 0, false
		}
		switch y := b.(type) {
		case int64:
			return cmp3(x < float64(y), x > float64(y)), true
		case float64:
			if math.IsNaN(y) {
				return 0, false
			}
			return cmp3(x < y, x > y), true
		}
	case *Str:
		if y, ok := b.(*Str); ok {
			return strings.Compare(x.S, y.S), true
		}
	case Symbol:
		if y, ok := b.(Symbol); ok {
			return strings.Compare(string(x), string(y)), true
		}
	case *Array:
		y, ok := b.(*Array)
		if !ok {
			return 0, false
		}
		for i := 0; i < len(x.A) && i < len(y.A); i++ {
			c, ok := compare(x.A[i], y.A[i])
			if !ok {
				return 0, false
			}
			if c != 0 {
				return c, true
			}
		}
		return cmp3(len(x.A) < len(y.A), len(x.A) > len(y.A)), true
	case nil:
		if b == nil {
			return 0, true
		}
	case bool:
		if y, ok := b.(bool); ok && x == y {
			return 0, true
		}
	case *IPAddr:
		if y, ok := b.(*IPAddr); ok {
			return x.compare(y)
		}
	case libCompare:
		return x.rubyCompare(b)
	}
	if a == b {
		return 0, true
	}
	return 0, false
}

func cmp3(lt, gt bool) int {
	switch {
	case lt:
		return -1
	case gt:
		return 1
	}
	return 0
}

// compareOrFail is <=> for sort and min/max: ArgumentError when the values
// do not compare.
func compareOrFail(a, b Value) int {
	c, ok := compare(a, b)
	if !ok {
		argError("comparison of %s with %s failed", classOf(a).Name, describeCompared(b))
	}
	return c
}

// describeCompared is how Ruby's comparison errors show the right
// operand: special constants (nil, true, false, Integers, Floats,
// Symbols) by value, other objects by class.
func describeCompared(v Value) string {
	switch v.(type) {
	case nil, bool, int64, float64, Symbol:
		return Inspect(v)
	}
	return classOf(v).Name
}

// relational operators: < <= > >= on Comparable values
func (r *R) relop(op string, a, b Value) bool {
	switch a.(type) {
	case int64, float64:
		switch b.(type) {
		case int64, float64:
		default:
			argError("comparison of %s with %s failed", classOf(a).Name, describeCompared(b))
		}
	case *Str, *IPAddr:
	case *Array, *Hash, nil, bool, Symbol:
		if _, ok := a.(Symbol); !ok {
			noMethod(op, a)
		}
	}
	c, ok := compare(a, b)
	if !ok {
		argError("comparison of %s with %s failed", classOf(a).Name, describeCompared(b))
	}
	switch op {
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

// OpLt is a < b.
func (r *R) OpLt(a, b Value) Value { return r.relop("<", a, b) }

// OpLe is a <= b.
func (r *R) OpLe(a, b Value) Value { return r.relop("<=", a, b) }

// OpGt is a > b.
func (r *R) OpGt(a, b Value) Value { return r.relop(">", a, b) }

// OpGe is a >= b.
func (r *R) OpGe(a, b Value) Value { return r.relop(">=", a, b) }

// OpCmp is a <=> b (nil when not comparable).
func (r *R) OpCmp(a, b Value) Value {
	c, ok := compare(a, b)
	if !ok {
		return nil
	}
	return int64(c)
}

// OpCaseEq is a === b (when clauses): class membership for classes, ranges
// and regexps match, == otherwise.
func (r *R) OpCaseEq(a, b Value) Value {
	switch x := a.(type) {
	case *Class:
		return isA(b, x)
	case *Regexp:
		switch y := b.(type) {
		case *Str:
			return Truthy(r.regexpMatch(x, y.S, 0, true))
		case Symbol:
			return Truthy(r.regexpMatch(x, string(y), 0, true))
		}
		r.match = nil
		return false
	case *Range:
		return rangeCover(x, b)
	}
	return Equal(a, b)
}

// Not is !a.
func Not(a Value) Value { return !Truthy(a) }
