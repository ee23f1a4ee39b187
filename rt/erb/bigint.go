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
