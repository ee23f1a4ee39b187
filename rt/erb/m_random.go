package erb

import (
	crand "crypto/rand"
	"math/big"
	"sync"

	"github.com/pp2go/pp2go/rt/fn"
)

// Ruby's Random (MT19937): Random.new(seed).rand gives the numbers Ruby
// gives for the seed (stdlib's seeded_rand_string); Random.new without a
// seed and Kernel#rand draw from a randomly seeded generator, as Ruby's
// do.

var ClassRandom = newClass("Random", ClassObject)

func init() {
	defineConsts(func(g *constGroup) {
		g.class(ClassRandom.Name, ClassRandom)
	})
	plain([]plainMethod{
		{"rand", (*R).Rand},
		{"seed", (*R).Seed},
	})
}

type rubyRandom struct {
	g    *fn.RubyRandom
	seed *big.Int
}

func (*rubyRandom) rubyClass() *Class   { return ClassRandom }
func (*rubyRandom) rubyInspect() string { return "#<Random>" }
func (x *rubyRandom) rubyToS() string   { return x.rubyInspect() }
func bigOf(v Value) (*big.Int, bool) {
	switch x := v.(type) {
	case int64:
		return big.NewInt(x), true
	case *bigInteger:
		return x.n, true
	}
	return nil, false
}

func randomSeed() *big.Int {
	var b [16]byte
	if _, err := crand.Read(b[:]); err != nil {
		panic(err)
	}
	return new(big.Int).SetBytes(b[:])
}

// newRandom is Random.new([seed]).
func newRandom(args []Value) Value {
	arity(args, 0, 1)
	var seed *big.Int
	if len(args) == 0 {
		seed = randomSeed()
	} else {
		v := args[0]
		if f, ok := v.(float64); ok {
			v = floatToInt(f)
		}
		n, ok := bigOf(v)
		if !ok {
			implicitConversion(args[0], "Integer")
		}
		seed = n
	}
	return &rubyRandom{g: fn.NewRubyRandom(seed), seed: seed}
}

// randValue is rand(max) on a generator: a Float in [0, 1) without max,
// an Integer in [0, max) for an Integer, a Float in [0, max) for a
// Float, an element of a Range of Integers.
func randValue(g *fn.RubyRandom, max Value, kernel bool) Value {
	if kernel {
		// Kernel#rand takes max.to_i.abs and 0 as no limit
		switch x := max.(type) {
		case float64:
			max = floatToInt(x)
		}
		if n, ok := max.(int64); ok {
			if n < 0 {
				n = -n
			}
			if n == 0 {
				return g.Float64()
			}
			max = n
		}
	}
	switch x := max.(type) {
	case nil:
		if kernel {
			return g.Float64()
		}
		argError("invalid argument - nil")
	case int64:
		if x <= 0 {
			argError("invalid argument - %d", x)
		}
		return int64(g.Intn(uint64(x)))
	case float64:
		if x <= 0 {
			argError("invalid argument - %s", floatToS(x))
		}
		return g.Float64() * x
	case *Range:
		lo, ok1 := x.Lo.(int64)
		hi, ok2 := x.Hi.(int64)
		if !ok1 || !ok2 {
			raise(ClassNotImplementedError, "pp2go: rand of a Range that is not of Integers is not supported")
		}
		if !x.Excl {
			hi++
		}
		if hi <= lo {
			return nil
		}
		return lo + int64(g.Intn(uint64(hi-lo)))
	}
	implicitConversion(max, "Integer")
	return nil
}

// Rand is Random#rand([max]) (and Random.rand, from a random seed).
func (r *R) Rand(recv Value, args ...Value) Value {
	arity(args, 0, 1)
	var max Value
	if len(args) == 1 {
		max = args[0]
	}
	switch x := recv.(type) {
	case *rubyRandom:
		if len(args) == 0 {
			return x.g.Float64()
		}
		return randValue(x.g, max, false)
	case *Class:
		if x == ClassRandom {
			return r.kernelRand(max, len(args) == 0)
		}
	}
	noMethod("rand", recv)
	return nil
}

// Seed is Random#seed.
func (r *R) Seed(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	x, ok := recv.(*rubyRandom)
	if !ok {
		noMethod("seed", recv)
	}
	return intOf(x.seed)
}

var (
	defaultRandomMu sync.Mutex
	defaultRandom   *rubyRandom
)

// kernelRandom is the generator Kernel#rand and Random.rand draw from: the
// one the call's srand seeded, else the process's, randomly seeded as
// Ruby's is. Ruby's srand reseeds the process's generator; pp2go's catalog
// binary compiles in parallel, so a seed the function sets holds for the
// rest of its call (stdlib's fqdn_rotate: old = srand(seed); rand(n);
// srand(old)), where the numbers are Ruby's for that seed.
func (r *R) kernelRandom() *rubyRandom {
	if r.rare != nil && r.rare.random != nil {
		return r.rare.random
	}
	if defaultRandom == nil {
		seed := randomSeed()
		defaultRandom = &rubyRandom{g: fn.NewRubyRandom(seed), seed: seed}
	}
	return defaultRandom
}

func (r *R) kernelRand(max Value, none bool) Value {
	defaultRandomMu.Lock()
	defer defaultRandomMu.Unlock()
	g := r.kernelRandom().g
	if none {
		return g.Float64()
	}
	return randValue(g, max, true)
}

// KernelRand is Kernel#rand([max]).
func (r *R) KernelRand(args ...Value) Value {
	arity(args, 0, 1)
	if len(args) == 0 {
		return r.kernelRand(nil, true)
	}
	return r.kernelRand(args[0], false)
}

// Srand is Kernel#srand([seed]): Kernel#rand draws from a generator of
// that seed (a random one without it); the previous seed is the value.
func (r *R) Srand(args ...Value) Value {
	arity(args, 0, 1)
	defaultRandomMu.Lock()
	old := r.kernelRandom().seed
	defaultRandomMu.Unlock()
	r.rareState().random = newRandom(args).(*rubyRandom)
	return intOf(old)
}

// PuppetDeterministicRand is Puppet::Util.deterministic_rand_int(seed,
// max), Random.new(seed).rand(max), or deterministic_rand (asString), its
// to_s.
func (r *R) PuppetDeterministicRand(asString bool, args ...Value) Value {
	arity(args, 2, 2)
	g := newRandom(args[:1]).(*rubyRandom)
	v := randValue(g.g, args[1], false)
	if asString {
		return S(ToS(v))
	}
	return v
}
