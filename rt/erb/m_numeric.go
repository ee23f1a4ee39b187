package erb

import (
	"math"
)

// Integer and Float methods.

func init() {
	plain([]plainMethod{
		{"abs", (*R).Abs},
		{"round", (*R).Round},
		{"floor", (*R).Floor},
		{"ceil", (*R).Ceil},
		{"truncate", (*R).Truncate},
		{"zero?", (*R).ZeroQ},
		{"even?", (*R).EvenQ},
		{"odd?", (*R).OddQ},
		{"pred", (*R).Pred},
		{"chr", (*R).Chr},
		{"divmod", (*R).Divmod},
		{"fdiv", (*R).Fdiv},
		{"div", (*R).Div},
		{"modulo", (*R).Modulo},
		{"pow", (*R).Pow},
		{"nan?", (*R).NanQ},
		{"infinite?", (*R).InfiniteQ},
		{"finite?", (*R).FiniteQ},
		{"integer?", (*R).IntegerQ},
		{"positive?", (*R).PositiveQ},
		{"negative?", (*R).NegativeQ},
		{"gcd", (*R).Gcd},
		{"lcm", (*R).Lcm},
		{"digits", (*R).Digits},
	})
}

func numRecv(name string, v Value) Value {
	switch v.(type) {
	case int64, float64:
		return v
	}
	noMethod(name, v)
	return nil
}

// Abs is abs.
func (r *R) Abs(recv Value, args ...Value) Value {
	switch x := numRecv("abs", recv).(type) {
	case int64:
		if x < 0 {
			return r.OpNeg(x)
		}
		return x
	case float64:
		return math.Abs(x)
	}
	return nil
}

func pow10(n int) float64 { return math.Pow(10, float64(n)) }

// roundHalfUp rounds half away from zero, as Ruby's Float#round.
func roundHalfUp(x float64) float64 {
	f := math.Floor(x)
	if x-f >= 0.5 {
		f++
	}
	if x < 0 {
		f = -math.Floor(-x)
		if -x-(-f) >= 0.5 {
			f--
		}
	}
	return f
}

// roundTo rounds f to n decimal digits (0 < n) as Ruby's Float#round:
// round half away from zero of f*10**n, corrected upwards when the
// product lost the half (so that the result is the nearest float to the
// decimal rounding that Ruby gives).
func roundTo(f float64, n int) float64 {
	if n > 14 {
		return f
	}
	s := pow10(n)
	xs := f * s
	r := math.Round(xs)
	if f > 0 {
		if (r+0.5)/s <= f {
			r++
		}
	} else {
		if (r-0.5)/s >= f {
			r--
		}
	}
	return r / s
}

// Round is round([ndigits]).
func (r *R) Round(recv Value, args ...Value) Value {
	arity(args, 0, 2)
	n := int64(0)
	if len(args) > 0 {
		if _, isHash := args[0].(*Hash); !isHash {
			n = intArg(args[0])
		}
	}
	switch x := numRecv("round", recv).(type) {
	case int64:
		if n >= 0 {
			return x
		}
		m := int64(math.Pow(10, float64(-n)))
		q := floorDiv(x, m)
		rem := x - q*m
		if rem*2 >= m {
			q++
		}
		return mulInt(q, m)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			if n > 0 {
				return x
			}
			return floatToInt(x)
		}
		if n > 0 {
			return roundTo(x, int(n))
		}
		if n == 0 {
			return floatToInt(roundHalfUp(x))
		}
		m := pow10(int(-n))
		return floatToInt(roundHalfUp(x/m) * m)
	}
	return nil
}

func floorCeil(name string, recv Value, args []Value, fn func(float64) float64) Value {
	arity(args, 0, 1)
	n := int64(0)
	if len(args) == 1 {
		n = intArg(args[0])
	}
	switch x := numRecv(name, recv).(type) {
	case int64:
		if n >= 0 {
			return x
		}
		m := int64(math.Pow(10, float64(-n)))
		if name == "floor" {
			return mulInt(floorDiv(x, m), m)
		}
		return mulInt(-floorDiv(-x, m), m)
	case float64:
		if n > 0 {
			m := pow10(int(n))
			return fn(x*m) / m
		}
		if n == 0 {
			return floatToInt(fn(x))
		}
		m := pow10(int(-n))
		return floatToInt(fn(x/m) * m)
	}
	return nil
}

// Floor is floor.
func (r *R) Floor(recv Value, args ...Value) Value { return floorCeil("floor", recv, args, math.Floor) }

// Ceil is ceil.
func (r *R) Ceil(recv Value, args ...Value) Value { return floorCeil("ceil", recv, args, math.Ceil) }

// Truncate is truncate.
func (r *R) Truncate(recv Value, args ...Value) Value {
	return floorCeil("truncate", recv, args, math.Trunc)
}

// ZeroQ is zero?.
func (r *R) ZeroQ(recv Value, args ...Value) Value {
	switch x := numRecv("zero?", recv).(type) {
	case int64:
		return x == 0
	case float64:
		return x == 0
	}
	return nil
}

// EvenQ is even?.
func (r *R) EvenQ(recv Value, args ...Value) Value {
	x, ok := recv.(int64)
	if !ok {
		noMethod("even?", recv)
	}
	return x%2 == 0
}

// OddQ is odd?.
func (r *R) OddQ(recv Value, args ...Value) Value {
	x, ok := recv.(int64)
	if !ok {
		noMethod("odd?", recv)
	}
	return x%2 != 0
}

// Pred is pred.
func (r *R) Pred(recv Value, args ...Value) Value {
	x, ok := recv.(int64)
	if !ok {
		noMethod("pred", recv)
	}
	return subInt(x, 1)
}

// Chr is chr.
func (r *R) Chr(recv Value, args ...Value) Value {
	x, ok := recv.(int64)
	if !ok {
		noMethod("chr", recv)
	}
	if x < 0 || x > 255 && len(args) == 0 {
		raise(ClassRangeError, "%d out of char range", x)
	}
	if x < 128 || len(args) > 0 {
		return S(string(rune(x)))
	}
	return S(string([]byte{byte(x)}))
}

// Divmod is divmod.
func (r *R) Divmod(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	numRecv("divmod", recv)
	q := r.Div(recv, args[0])
	return NewArray(q, r.OpMod(recv, args[0]))
}

// Fdiv is fdiv.
func (r *R) Fdiv(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	a := toFloatNum("fdiv", recv)
	return a / toFloatNum("fdiv", args[0])
}

func toFloatNum(name string, v Value) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	typeError("%s can't be coerced into Float", typeName(v))
	return 0
}

// Div is div (integer division).
func (r *R) Div(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	switch numRecv("div", recv).(type) {
	case int64:
		if y, ok := args[0].(int64); ok {
			return floorDiv(recv.(int64), y)
		}
	}
	q := toFloatNum("div", recv) / toFloatNum("div", args[0])
	if toFloatNum("div", args[0]) == 0 {
		raise(ClassZeroDivisionError, "divided by 0")
	}
	return floatToInt(math.Floor(q))
}

// Modulo is modulo.
func (r *R) Modulo(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	numRecv("modulo", recv)
	return r.OpMod(recv, args[0])
}

// Pow is pow.
func (r *R) Pow(recv Value, args ...Value) Value {
	arity(args, 1, 2)
	numRecv("pow", recv)
	v := r.OpPow(recv, args[0])
	if len(args) == 2 {
		return r.OpMod(v, args[1])
	}
	return v
}

// NanQ is nan?.
func (r *R) NanQ(recv Value, args ...Value) Value {
	x, ok := recv.(float64)
	if !ok {
		noMethod("nan?", recv)
	}
	return math.IsNaN(x)
}

// InfiniteQ is infinite?.
func (r *R) InfiniteQ(recv Value, args ...Value) Value {
	switch x := numRecv("infinite?", recv).(type) {
	case float64:
		if math.IsInf(x, 1) {
			return int64(1)
		}
		if math.IsInf(x, -1) {
			return int64(-1)
		}
	}
	return nil
}

// FiniteQ is finite?.
func (r *R) FiniteQ(recv Value, args ...Value) Value {
	switch x := numRecv("finite?", recv).(type) {
	case float64:
		return !math.IsInf(x, 0) && !math.IsNaN(x)
	}
	return true
}

// IntegerQ is integer?.
func (r *R) IntegerQ(recv Value, args ...Value) Value {
	_, ok := numRecv("integer?", recv).(int64)
	return ok
}

// PositiveQ is positive?.
func (r *R) PositiveQ(recv Value, args ...Value) Value {
	return toFloatNum("positive?", numRecv("positive?", recv)) > 0
}

// NegativeQ is negative?.
func (r *R) NegativeQ(recv Value, args ...Value) Value {
	return toFloatNum("negative?", numRecv("negative?", recv)) < 0
}

func gcd(a, b int64) int64 {
	a, b = absInt(a), absInt(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Gcd is gcd.
func (r *R) Gcd(recv Value, args ...Value) Value {
	x, ok := recv.(int64)
	if !ok {
		noMethod("gcd", recv)
	}
	arity(args, 1, 1)
	return gcd(x, intArg(args[0]))
}

// Lcm is lcm.
func (r *R) Lcm(recv Value, args ...Value) Value {
	x, ok := recv.(int64)
	if !ok {
		noMethod("lcm", recv)
	}
	arity(args, 1, 1)
	y := intArg(args[0])
	if x == 0 || y == 0 {
		return int64(0)
	}
	return absInt(mulInt(x/gcd(x, y), y))
}

// Digits is digits.
func (r *R) Digits(recv Value, args ...Value) Value {
	x, ok := recv.(int64)
	if !ok {
		noMethod("digits", recv)
	}
	if x < 0 {
		raise(ClassMath, "out of domain")
	}
	var out []Value
	for {
		out = append(out, x%10)
		x /= 10
		if x == 0 {
			break
		}
	}
	return &Array{A: out}
}
