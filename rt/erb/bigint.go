package erb

import "math/big"

// bigInteger is an Integer beyond 64 bits, which only IPAddr#to_i of an
// IPv6 address makes: it prints (to_s, to_s(base), inspect) and compares;
// arithmetic on it is not supported (pp2go keeps Integers in 64 bits).
type bigInteger struct{ n *big.Int }

func (*bigInteger) rubyClass() *Class     { return ClassInteger }
func (b *bigInteger) rubyInspect() string { return b.n.String() }
func (b *bigInteger) rubyToS() string     { return b.n.String() }

func (b *bigInteger) rubyEqual(o Value) bool {
	c, ok := b.rubyCompare(o)
	return ok && c == 0
}

func (b *bigInteger) rubyCompare(o Value) (int, bool) {
	switch x := o.(type) {
	case *bigInteger:
		return b.n.Cmp(x.n), true
	case int64:
		return b.n.Cmp(big.NewInt(x)), true
	}
	return 0, false
}

// strToIValue is String#to_i(base): an Integer beyond 64 bits (a
// SHA-256 hex digest's to_i(16), the seed of stdlib's seeded_rand_string)
// is a bigInteger.
func strToIValue(s string, base int) (v Value) {
	defer func() {
		if e := recover(); e != nil {
			if re, ok := e.(*RubyError); ok && re.Class == ClassRangeError {
				v = strToIBig(s, base)
				return
			}
			panic(e)
		}
	}()
	return strToI(s, base)
}

// strToIBig scans s as strToI does, into a big.Int.
func strToIBig(s string, base int) Value {
	neg, digits := scanInt(s, base)
	n := new(big.Int)
	b := big.NewInt(int64(base))
	for _, d := range digits {
		n.Mul(n, b).Add(n, big.NewInt(int64(d)))
	}
	if neg {
		n.Neg(n)
	}
	return intOf(n)
}

// intOf is a big.Int as a Ruby Integer (a copy of it when it is large).
func intOf(n *big.Int) Value {
	if n.IsInt64() {
		return n.Int64()
	}
	return &bigInteger{n: new(big.Int).Set(n)}
}
