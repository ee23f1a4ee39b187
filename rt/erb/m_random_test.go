package erb

import (
	"math"
	"testing"
)

// Ruby 3.1: r = Random.new(42); r.rand(10), r.rand(2.5), r.rand(1..6),
// r.rand(1...6), r.rand are 6, 1.991357467150582, 3, 5, 0.596850157946487;
// Random.new(-5).rand(100) is 99, Random.new(2**64+7).rand(1000) 264;
// Random.new(Digest::SHA256.hexdigest('seed').to_i(16)) draws "JSYSrD2x"
// from the 62 alphanumerics (stdlib's seeded_rand_string(8, 'seed')).
func TestRandom(t *testing.T) {
	r := &R{}
	g := r.New(ClassRandom, nil, int64(42))
	if got := r.Rand(g, int64(10)); got != int64(6) {
		t.Errorf("rand(10): %v", got)
	}
	if got := r.Rand(g, 2.5).(float64); math.Abs(got-1.991357467150582) > 1e-15 {
		t.Errorf("rand(2.5): %v", got)
	}
	if got := r.Rand(g, &Range{Lo: int64(1), Hi: int64(6)}); got != int64(3) {
		t.Errorf("rand(1..6): %v", got)
	}
	if got := r.Rand(g, &Range{Lo: int64(1), Hi: int64(6), Excl: true}); got != int64(5) {
		t.Errorf("rand(1...6): %v", got)
	}
	if got := r.Rand(g).(float64); math.Abs(got-0.596850157946487) > 1e-15 {
		t.Errorf("rand: %v", got)
	}
	if got := rubyErr(func() { r.Rand(g, int64(0)) }); got != "ArgumentError: invalid argument - 0" {
		t.Errorf("rand(0): %s", got)
	}
	if got := rubyErr(func() { r.Rand(g, S("x")) }); got != "TypeError: no implicit conversion of String into Integer" {
		t.Errorf(`rand("x"): %s`, got)
	}
	if got := r.Rand(r.New(ClassRandom, nil, int64(-5)), int64(100)); got != int64(99) {
		t.Errorf("Random.new(-5).rand(100): %v", got)
	}
	big := r.ToI(S("18446744073709551623")) // 2**64 + 7
	if got := r.Rand(r.New(ClassRandom, nil, big), int64(1000)); got != int64(264) {
		t.Errorf("Random.new(2**64+7).rand(1000): %v", got)
	}
	seed := r.ToI(r.Hexdigest(ClassDigestSHA256, S("seed")), int64(16))
	if got := ToS(seed); got != "11622929688120934111120939733301202502516759384646202024404168127278746501163" {
		t.Fatalf("to_i(16): %s", got)
	}
	g = r.New(ClassRandom, nil, seed)
	cs := "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	out := ""
	for i := 0; i < 8; i++ {
		out += string(cs[r.Rand(g, int64(62)).(int64)])
	}
	if out != "JSYSrD2x" {
		t.Errorf("seeded_rand_string(8, 'seed'): %s", out)
	}
}

// Ruby 3.1: "ffffffffffffffffffff".hex is 1208925819614629174706175,
// "-0x10".hex -16, "zz".hex 0; Random.new("5f4dcc3b5aa765d61d8327deb882cf99".hex).rand(1000)
// is 856 (Puppet::Util.deterministic_rand_int, stdlib's seeded_rand).
func TestHexAndDeterministicRand(t *testing.T) {
	r := &R{}
	for in, want := range map[string]string{"ffffffffffffffffffff": "1208925819614629174706175", "-0x10": "-16", "zz": "0"} {
		if got := ToS(r.Hex(S(in))); got != want {
			t.Errorf("%q.hex: %s, want %s", in, got, want)
		}
	}
	seed := r.Hex(S("5f4dcc3b5aa765d61d8327deb882cf99"))
	if got := r.PuppetDeterministicRand(false, seed, int64(1000)); got != int64(856) {
		t.Errorf("deterministic_rand_int: %v", got)
	}
	if got := ToS(r.PuppetDeterministicRand(true, seed, int64(1000))); got != "856" {
		t.Errorf("deterministic_rand: %v", got)
	}
}

// Ruby 3.1: srand(5); rand(10), rand(100) are 3, 78 (Random.new(5)'s);
// srand(7) returns 5, srand(1.9) 7 (its seed is 1), then rand(1.5) is 0
// (Kernel#rand takes 1.5.to_i) and srand returns 1; srand(2**70) gives
// 2**70 back to the next srand.
func TestSrand(t *testing.T) {
	r := &R{}
	r.Srand(int64(5))
	if a, b := r.KernelRand(int64(10)), r.KernelRand(int64(100)); a != int64(3) || b != int64(78) {
		t.Errorf("srand(5); rand(10), rand(100): %v, %v", a, b)
	}
	if got := r.Srand(int64(7)); got != int64(5) {
		t.Errorf("srand(7): %v", got)
	}
	if got := r.Srand(1.9); got != int64(7) {
		t.Errorf("srand(1.9): %v", got)
	}
	if got := r.KernelRand(1.5); got != int64(0) {
		t.Errorf("rand(1.5): %v", got)
	}
	big := r.ToI(S("1180591620717411303424")) // 2**70
	if got := r.Srand(big); got != int64(1) {
		t.Errorf("srand(2**70): %v", got)
	}
	if got := ToS(r.Srand()); got != "1180591620717411303424" {
		t.Errorf("srand: %v", got)
	}
}
