package erb

// Timeout.timeout(sec) { |sec| ... }: Ruby's timeout library, which module
// functions require around work that may hang (simplib's
// gen_random_password, a server's answer). The block runs to its end:
// pp2go does not interrupt it at the deadline, where Ruby would raise
// Timeout::Error in it (a catalog's functions finish in time, and a
// compile that depended on the machine's speed would not be
// reproducible).

func init() {
	defineConsts(func(g *constGroup) { g.library("timeout") })
	withBlock([]blockMethod{{"timeout", (*R).Timeout}})
}

// Timeout is Timeout.timeout(sec, klass = nil, message = nil) { |sec| }:
// the block's value.
func (r *R) Timeout(recv Value, b *Block, args ...Value) Value {
	classRecv("timeout", recv, ClassTimeout)
	arity(args, 1, 3)
	if b == nil {
		raise(ClassLocalJumpError, "no block given (yield)")
	}
	return b.Call(args[0])
}
