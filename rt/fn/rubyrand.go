package fn

import (
	"math/big"
)

// RubyRandom is Ruby's Random (MT19937) seeded as Random.new(seed) seeds
// it, so that fqdn_rand and friends give Puppet's numbers.
type RubyRandom struct {
	mt  [624]uint32
	mti int
}

// NewRubyRandom returns the generator of Random.new(seed) for a
// non-negative seed.
func NewRubyRandom(seed *big.Int) *RubyRandom {
	r := &RubyRandom{}
	// the seed's 32-bit words, least significant first
	var key []uint32
	s := new(big.Int).Abs(seed)
	words := s.Bits()
	for _, w := range words {
		key = append(key, uint32(w))
		if bitsPerWord == 64 {
			key = append(key, uint32(uint64(w)>>32))
		}
	}
	for len(key) > 1 && key[len(key)-1] == 0 {
		key = key[:len(key)-1]
	}
	if len(key) == 0 {
		key = []uint32{0}
	}
	if len(key) > 1 && key[len(key)-1] == 1 {
		// Ruby drops a top word of 1 (its "leading-zero-guard")
		key = key[:len(key)-1]
	}
	if len(key) <= 1 {
		r.initGenrand(key[0])
	} else {
		r.initByArray(key)
	}
	return r
}

const bitsPerWord = 32 << (^uint(0) >> 63)

func (r *RubyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for j := 1; j < 624; j++ {
		r.mt[j] = 1812433253*(r.mt[j-1]^(r.mt[j-1]>>30)) + uint32(j)
	}
	r.mti = 624
}

func (r *RubyRandom) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := 624
	if len(key) > k {
		k = len(key)
	}
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = 623; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// Uint32 is genrand_int32.
func (r *RubyRandom) Uint32() uint32 {
	if r.mti >= 624 {
		for kk := 0; kk < 624; kk++ {
			y := (r.mt[kk] & 0x80000000) | (r.mt[(kk+1)%624] & 0x7fffffff)
			v := r.mt[(kk+397)%624] ^ (y >> 1)
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			r.mt[kk] = v
		}
		r.mti = 0
	}
	y := r.mt[r.mti]
	r.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// Float64 is genrand_res53, Ruby's rand() without limit.
func (r *RubyRandom) Float64() float64 {
	a := r.Uint32() >> 5
	b := r.Uint32() >> 6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// Intn is Random#rand(n) for an Integer n > 0: a uniform integer in
// [0, n), drawn as Ruby draws it (limited_rand with retries).
func (r *RubyRandom) Intn(n uint64) uint64 {
	limit := n - 1
	if limit == 0 {
		return 0
	}
	mask := limit
	for s := uint(1); s < 64; s <<= 1 {
		mask |= mask >> s
	}
retry:
	val := uint64(0)
	for i := 1; i >= 0; i-- {
		if (mask>>(uint(i)*32))&0xffffffff != 0 {
			val |= uint64(r.Uint32()) << (uint(i) * 32)
			val &= mask
			if limit < val {
				goto retry
			}
		}
	}
	return val
}
