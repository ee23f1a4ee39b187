package erb

import "testing"

// Expected results are Ruby 3.1's.
func TestPackUnpack(t *testing.T) {
	r := &R{}
	ints := func(n ...int64) *Array {
		a := NewArray()
		for _, x := range n {
			a.A = append(a.A, x)
		}
		return a
	}
	for _, c := range []struct {
		arr  *Array
		f    string
		want string
	}{
		{ints(1, 255, 256, -1), "C*", "\x01\xff\x00\xff"},
		{ints(1), "L", "\x01\x00\x00\x00"},
		{ints(1, 2), "Nn", "\x00\x00\x00\x01\x00\x02"},
		{ints(0x41, 0x42), "U*", "AB"},
		{NewArray(S("abc")), "a5", "abc\x00\x00"},
		{NewArray(S("abc")), "A5", "abc  "},
		{NewArray(S("abc")), "m", "YWJj\n"},
		{NewArray(S("abc")), "m0", "YWJj"},
		{NewArray(S("6ba7")), "H*", "k\xa7"},
		{NewArray(S("6ba")), "H*", "k\xa0"},
		{NewArray(S("abc")), "H2", "\xab"},
	} {
		if got := r.Pack(c.arr, S(c.f)).(*Str).S; got != c.want {
			t.Errorf("%v.pack(%q) = %q, want %q", Inspect(c.arr), c.f, got, c.want)
		}
	}
	for _, c := range []struct {
		s, f, want string
	}{
		{"\x01\xff", "C*", "[1, 255]"},
		{"\x01\x02\x03\x04", "L", "[67305985]"},
		{"\x01\x02\x03\x04", "N", "[16909060]"},
		{"ab", "H*", `["6162"]`},
		{"ab", "H3", `["616"]`},
		{"abc  ", "A*", `["abc"]`},
		{"\x01", "N", "[nil]"},
		{"abc", "C", "[97]"},
	} {
		if got := Inspect(r.Unpack(S(c.s), S(c.f))); got != c.want {
			t.Errorf("%q.unpack(%q) = %s, want %s", c.s, c.f, got, c.want)
		}
	}
	if got := r.Unpack1(S("YWJj\n"), S("m")).(*Str).S; got != "abc" {
		t.Errorf("unpack1('m'): %q", got)
	}
	if got := rubyErr(func() { r.Pack(ints(1), S("C2")) }); got != "ArgumentError: too few arguments" {
		t.Errorf("too few: %s", got)
	}
	if got := rubyErr(func() { r.Pack(NewArray(S("x")), S("C")) }); got != "TypeError: no implicit conversion of String into Integer" {
		t.Errorf("pack('C') of a String: %s", got)
	}
}

// Ruby: d = Digest::SHA1.new; d.update("a"); d.update("b"); d.hexdigest is
// "da23614e02469a0d7c7bd1bdab5c9c474b1904dc", d.digest[0,4] "\xDA#aN" (a
// binary String indexes bytes).
func TestDigestObjectAndBinaryIndex(t *testing.T) {
	r := &R{}
	d := r.New(ClassDigestSHA1, nil)
	r.Update(d, nil, S("a"))
	r.Update(d, nil, S("b"))
	if got := r.Hexdigest(d).(*Str).S; got != "da23614e02469a0d7c7bd1bdab5c9c474b1904dc" {
		t.Errorf("hexdigest: %s", got)
	}
	if got := r.Aref(r.Digest(d), int64(0), int64(4)).(*Str).S; got != "\xda#aN" {
		t.Errorf("digest[0,4]: %q", got)
	}
}
