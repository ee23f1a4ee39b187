package values

import (
	"fmt"
	"math"
	"math/big"
	"regexp"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strconv"
	"strings"
)

// Arithmetic evaluates the binary operators + - * / % << >> as Puppet does
// (EvaluatorImpl#calculate): collection operators on arrays and hashes,
// otherwise numeric arithmetic with strings coerced to numbers, Integer
// overflow and division errors.
func Arithmetic(op string, left, right Value) (Value, error) {
	if left == nil {
		left = Undef
	}
	if right == nil {
		right = Undef
	}
	switch l := left.(type) {
	case *Binary:
		if op == "+" {
			r, ok := right.(*Binary)
			if !ok {
				return nil, runtimeError(op, "Can only append Binary to a Binary")
			}
			return NewBinary(append(append([]byte(nil), l.bytes...), r.bytes...)), nil
		}
	case *Array:
		switch op {
		case "+":
			return concatArray(l, right), nil
		case "-":
			return deleteFromArray(l, right), nil
		case "<<":
			return NewArray(append(append(make([]Value, 0, l.Len()+1), l.elems...), right)...), nil
		}
	case *Hash:
		switch op {
		case "+":
			return concatHash(op, l, right)
		case "-":
			return deleteFromHash(l, right), nil
		case "<<":
			return nil, notApplicable(op, left)
		}
	}
	ln, err := coerceNumeric(left)
	if err != nil {
		return nil, err
	}
	rn, err := coerceNumeric(right)
	if err != nil {
		return nil, err
	}
	return numericOp(op, ln, rn)
}

func runtimeError(op, detail string) error {
	return newError(IssueRuntimeError, fmt.Sprintf("Error while evaluating a '%s' expression, %s", op, detail))
}

func notApplicable(op string, left Value) error {
	return newError(IssueOperatorNotApplicable, fmt.Sprintf("Operator '%s' is not applicable to %s.", op, aAn(valueLabel(left))))
}

func notApplicableWhen(op string, left, right Value) error {
	return newError(IssueOperatorNotApplicableWhen, fmt.Sprintf("Operator '%s' is not applicable to %s when right side is %s.", op, aAn(valueLabel(left)), aAn(valueLabel(right))))
}

func concatArray(l *Array, right Value) *Array {
	var add []Value
	switch r := right.(type) {
	case *Array:
		add = r.elems
	case *Hash:
		add = hashPairs(r)
	default:
		add = []Value{right}
	}
	if len(add) == 0 {
		return &Array{elems: l.elems} // a new object, as Ruby's + makes (see concatHash)
	}
	out := make([]Value, 0, l.Len()+len(add))
	return NewArray(append(append(out, l.elems...), add...)...)
}

func hashPairs(h *Hash) []Value {
	out := make([]Value, h.Len())
	for i, k := range h.keys {
		out[i] = NewArray(k, h.vals[i])
	}
	return out
}

func concatHash(op string, l *Hash, right Value) (Value, error) {
	switch r := right.(type) {
	case *Hash:
		m := l.Merge(r)
		if m == l || m == r {
			// a new object, as Ruby's merge makes: a Ruby function may
			// change it in place, and only it (Scope.UpdateObject)
			m = &Hash{keys: m.keys, vals: m.vals, index: m.index}
		}
		return m, nil
	case *Array:
		b := NewHashBuilder(l.Len() + r.Len())
		for i, k := range l.keys {
			b.Put(k, l.vals[i])
		}
		if at, ok := Infer(r).(*ArrayType); ok {
			if _, pairs := at.Elem.(*ArrayType); pairs {
				for _, e := range r.elems {
					p := e.(*Array)
					switch p.Len() {
					case 1:
						b.Put(p.elems[0], Undef)
					case 2:
						b.Put(p.elems[0], p.elems[1])
					default:
						return nil, runtimeError(op, fmt.Sprintf("invalid number of elements (%d for 1..2)", p.Len()))
					}
				}
				return b.Build(), nil
			}
		}
		if r.Len()%2 != 0 {
			return nil, runtimeError(op, "odd number of arguments for Hash")
		}
		for i := 0; i < r.Len(); i += 2 {
			b.Put(r.elems[i], r.elems[i+1])
		}
		return b.Build(), nil
	}
	return nil, runtimeError(op, "Can only append Array or Hash to a Hash")
}

func deleteFromArray(l *Array, right Value) *Array {
	var del []Value
	switch r := right.(type) {
	case *Array:
		del = r.elems
	case *Hash:
		del = hashPairs(r)
	default:
		del = []Value{right}
	}
	out := make([]Value, 0, l.Len())
	for _, e := range l.elems {
		keep := true
		for _, d := range del {
			if rubyEqual(e, d) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, e)
		}
	}
	return NewArray(out...)
}

func deleteFromHash(l *Hash, right Value) *Hash {
	var del []Value
	switch r := right.(type) {
	case *Array:
		del = r.elems
	case *Hash:
		del = r.keys
	default:
		del = []Value{right}
	}
	b := NewHashBuilder(l.Len())
	for i, k := range l.keys {
		b.Put(k, l.vals[i])
	}
	for _, d := range del {
		b.Delete(d)
	}
	return b.Build()
}

// numericRx is Puppet's Patterns::NUMERIC: how strings become numbers.
var numericRx = lazyre.New(`^[ \t]*([-+]?)[ \t]*((0[xX][0-9A-Fa-f]+)|(0?\d+)((?:\.\d+)?(?:[eE]-?\d+)?))[ \t]*$`)

// ToNumber is Puppet's Utils.to_n: a number, or a string holding a decimal,
// hex (0x), octal (leading 0) or float number, optionally signed and
// surrounded by blanks. It returns nil when v is not numeric.
func ToNumber(v Value) Value {
	switch x := v.(type) {
	case Int, Float:
		return x
	case String:
		s := strings.TrimPrefix(string(x), "::")
		m := numericRx.FindStringSubmatch(s)
		if m == nil {
			return nil
		}
		neg := m[1] == "-"
		if m[5] != "" {
			// a zero mantissa with an exponent is not converted (Puppet quirk)
			if n, _ := strconv.ParseInt(m[4], 10, 64); n == 0 && regexp.MustCompile(`^\.?0*[eE]`).MatchString(m[5]) {
				return nil
			}
			f, err := strconv.ParseFloat(m[2], 64)
			if err != nil || math.IsInf(f, 0) {
				return nil
			}
			if neg {
				f = -f
			}
			return Float(f)
		}
		num := m[2]
		base := 10
		switch {
		case m[3] != "":
			base, num = 16, num[2:]
		case len(num) > 1 && num[0] == '0':
			base = 8
		}
		n, ok := new(big.Int).SetString(num, base)
		if !ok {
			return nil
		}
		if neg {
			n.Neg(n)
		}
		if !n.IsInt64() {
			return nil
		}
		return Int(n.Int64())
	}
	return nil
}

// coerceNumeric is Runtime3Support#coerce_numeric.
func coerceNumeric(v Value) (Value, error) {
	if n := ToNumber(v); n != nil {
		return n, nil
	}
	switch v.(type) {
	case Timespan, Timestamp:
		return v, nil
	}
	return nil, newError(IssueNotNumeric, fmt.Sprintf("The value '%s' cannot be converted to Numeric.", rubyToS(v)))
}

// rubyToS is Ruby's to_s as Puppet's messages interpolate values.
func rubyToS(v Value) string {
	switch x := v.(type) {
	case *Array, *Hash:
		return rubyInspect(v)
	case UndefValue, nil:
		return ""
	case *Regexp:
		return x.RubyToS()
	}
	return ToString(v)
}

func numericOp(op string, l, r Value) (Value, error) {
	_, lf := l.(Float)
	_, rf := r.(Float)
	if op == "%" && (lf || rf) {
		if lf {
			return nil, notApplicable(op, l)
		}
		return nil, notApplicableWhen(op, l, r)
	}
	switch l.(type) {
	case Timespan, Timestamp:
		return timeOp(op, l, r)
	}
	switch r.(type) {
	case Timespan, Timestamp:
		_, rspan := r.(Timespan)
		switch {
		case op == "+" || op == "*" && rspan:
			return timeOp(op, r, l)
		case op == "-" && rspan:
			n, ok := nanosOf(toFloat(l) * nsecsPerSec)
			if !ok {
				return nil, ErrTimeRange()
			}
			return timeOp(op, Timespan(n), r)
		}
		return nil, notApplicableWhen(op, l, r)
	}
	if li, ok := l.(Int); ok {
		if ri, ok := r.(Int); ok {
			return intOp(op, int64(li), int64(ri), l)
		}
	}
	a, b := toFloat(l), toFloat(r)
	var res float64
	switch op {
	case "+":
		res = a + b
	case "-":
		res = a - b
	case "*":
		res = a * b
	case "/":
		res = a / b
	default:
		return nil, notApplicable(op, l)
	}
	if math.IsInf(res, 0) {
		return nil, newError(IssueResultIsInfinity, fmt.Sprintf("The result of the %s expression is Infinity", op))
	}
	return Float(res), nil
}

// IntArithmetic is Arithmetic of two Integers: + - * / % << >>, with
// Puppet's overflow and division errors.
func IntArithmetic(op string, a, b Int) (Int, error) {
	v, err := intOp(op, int64(a), int64(b), a)
	if err != nil {
		return 0, err
	}
	return v.(Int), nil
}

// addInt64 is a+b, ok false when it overflows.
func addInt64(a, b int64) (int64, bool) {
	s := a + b
	return s, (a^s)&(b^s) >= 0
}

// subInt64 is a-b, ok false when it overflows.
func subInt64(a, b int64) (int64, bool) {
	d := a - b
	return d, (a^b)&(a^d) >= 0
}

// mulInt64 is a*b, ok false when it overflows.
func mulInt64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	return p, p/b == a && !(a == -1 && b == minInt) && !(b == -1 && a == minInt)
}

func intOp(op string, a, b int64, left Value) (Value, error) {
	// fast paths without big.Int when the result provably fits
	switch op {
	case "+":
		if s, ok := addInt64(a, b); ok {
			return Int(s), nil
		}
	case "-":
		if d, ok := subInt64(a, b); ok {
			return Int(d), nil
		}
	case "*":
		if p, ok := mulInt64(a, b); ok {
			return Int(p), nil
		}
	case "/":
		if b != 0 && !(a == minInt && b == -1) {
			return Int(floorDiv(a, b)), nil
		}
	case "%":
		if b != 0 && b != -1 {
			return Int(a - floorDiv(a, b)*b), nil
		}
	}
	var res *big.Int
	x, y := big.NewInt(a), big.NewInt(b)
	switch op {
	case "+":
		res = x.Add(x, y)
	case "-":
		res = x.Sub(x, y)
	case "*":
		res = x.Mul(x, y)
	case "/":
		if b == 0 {
			return nil, newError(IssueDivByZero, "Division by 0")
		}
		res = floorDivBig(x, y)
	case "%":
		if b == 0 {
			return nil, newError(IssueDivByZero, "Division by 0")
		}
		q := floorDivBig(new(big.Int).Set(x), y)
		res = x.Sub(x, q.Mul(q, y))
	case "<<", ">>":
		shift := b
		if op == ">>" {
			shift = -b
		}
		if shift >= 0 {
			if shift > 4096 && a != 0 {
				// Ruby computes the whole Bignum; its size does not matter
				// beyond the message, so cap what is built
				shift = 4096
			}
			res = x.Lsh(x, uint(shift))
		} else {
			if -shift > 64 {
				shift = -64
			}
			res = x.Rsh(x, uint(-shift))
		}
	default:
		return nil, notApplicable(op, left)
	}
	if !res.IsInt64() {
		kind := "max"
		if res.Sign() < 0 {
			kind = "min"
		}
		hex := res.Text(16)
		if res.Sign() < 0 {
			hex = "-0x" + hex[1:]
		} else {
			hex = "+0x" + hex
		}
		return nil, newError(IssueNumericOverflow, fmt.Sprintf("%s resulted in a value outside of Puppet Integer %s range, got '%s'", aAnUC("'"+op+"' expression"), kind, hex))
	}
	return Int(res.Int64()), nil
}

func floorDivBig(x, y *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(x, y, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (y.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

func timeOp(op string, l, r Value) (Value, error) {
	// the nanoseconds' arithmetic, checked: a result pp2go cannot hold
	// fails (ErrTimeRange) rather than wraps around
	var bad bool
	check := func(n int64, ok bool) int64 {
		bad = bad || !ok
		return n
	}
	secs := func(v Value) (int64, bool) {
		switch v.(type) {
		case Int, Float:
			return check(SecondsToNanos(v)), true
		}
		return 0, false
	}
	var res Value
	switch x := l.(type) {
	case Timespan:
		switch op {
		case "+":
			switch y := r.(type) {
			case Timestamp:
				res = Timestamp(check(addInt64(int64(x), int64(y))))
			case Timespan:
				res = Timespan(check(addInt64(int64(x), int64(y))))
			default:
				if n, ok := secs(r); ok {
					res = Timespan(check(addInt64(int64(x), n)))
				}
			}
		case "-":
			if y, ok := r.(Timespan); ok {
				res = Timespan(check(subInt64(int64(x), int64(y))))
			} else if n, ok := secs(r); ok {
				res = Timespan(check(subInt64(int64(x), n)))
			}
		case "*":
			switch y := r.(type) {
			case Int:
				res = Timespan(check(mulInt64(int64(x), int64(y))))
			case Float:
				res = Timespan(check(nanosOf(float64(x) * float64(y))))
			}
		case "/":
			switch y := r.(type) {
			case Timespan:
				return Float(float64(x) / float64(y)), nil
			case Int:
				if y == 0 {
					return nil, newError(IssueDivByZero, "Division by 0")
				}
				if x == math.MinInt64 && y == -1 {
					return nil, ErrTimeRange()
				}
				return Timespan(floorDiv(int64(x), int64(y))), nil
			case Float:
				res = Timespan(check(nanosOf(math.Floor(float64(x) / float64(y)))))
			}
		case "%":
			if y, ok := r.(Int); ok {
				if y == 0 {
					return nil, newError(IssueDivByZero, "Division by 0")
				}
				s := floorDiv(int64(x), nsecsPerSec)
				return Int(s - floorDiv(s, int64(y))*int64(y)), nil
			}
		}
	case Timestamp:
		switch op {
		case "+":
			if y, ok := r.(Timespan); ok {
				res = Timestamp(check(addInt64(int64(x), int64(y))))
			} else if n, ok := secs(r); ok {
				res = Timestamp(check(addInt64(int64(x), n)))
			}
		case "-":
			switch y := r.(type) {
			case Timestamp:
				res = Timespan(check(subInt64(int64(x), int64(y))))
			case Timespan:
				res = Timestamp(check(subInt64(int64(x), int64(y))))
			default:
				if n, ok := secs(r); ok {
					res = Timestamp(check(subInt64(int64(x), n)))
				}
			}
		}
	}
	if bad {
		return nil, ErrTimeRange()
	}
	if res != nil {
		return res, nil
	}
	return nil, notApplicableWhen(op, l, r)
}

// Negate is unary minus.
func Negate(v Value) (Value, error) {
	n, err := coerceNumeric(v)
	if err != nil {
		return nil, err
	}
	switch x := n.(type) {
	case Int:
		return -x, nil
	case Float:
		return -x, nil
	case Timespan:
		if x == math.MinInt64 {
			return nil, ErrTimeRange()
		}
		return -x, nil
	}
	return nil, notApplicable("-", v)
}

// Unfold is the splat operator (*v): undef is empty, an array is its
// elements, a hash its [key, value] pairs, anything else one element.
func Unfold(v Value) []Value {
	switch x := v.(type) {
	case nil, UndefValue:
		return nil
	case *Array:
		return x.elems
	case *Hash:
		return hashPairs(x)
	}
	return []Value{v}
}
