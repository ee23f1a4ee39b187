package erb

import (
	"encoding/hex"
	"testing"
)

// Expected results are Ruby 3.1's (OpenSSL 3).
func TestOpenSSL(t *testing.T) {
	r := &R{}
	hexOf := func(v Value) string { return hex.EncodeToString([]byte(v.(*Str).S)) }
	got := hexOf(r.Pbkdf2Hmac(ClassOpenSSLPKCS5, S("pw"), S("saltsalt"), int64(3), int64(20), r.New(ClassOpenSSLDigest, nil, S("SHA512"))))
	if got != "909309d905e16fcbd38e3aa977e45e799a1598af" {
		t.Errorf("PKCS5.pbkdf2_hmac: %s", got)
	}
	opts := NewHash()
	opts.Set(Symbol("salt"), S("u"))
	opts.Set(Symbol("iterations"), int64(4096))
	opts.Set(Symbol("length"), int64(32))
	opts.Set(Symbol("hash"), r.New(ClassOpenSSLDigest, nil, S("SHA256")))
	if got := hexOf(r.Pbkdf2Hmac(ClassOpenSSLKDF, S("p"), opts)); got != "54ef47a1920ad1e442a0ea15fa00600daf2149bc778a085c16078ea056943b2b" {
		t.Errorf("KDF.pbkdf2_hmac: %s", got)
	}
	h := r.New(ClassOpenSSLHMAC, nil, S("k"), r.New(ClassOpenSSLDigest, nil, S("SHA256")))
	r.OpShl(h, S("Client Key"))
	if got := hexOf(r.Digest(h)); got != "fb6919e49edce411fb2c0d2391c51dac8805e2f4bd4dff65df404cf18e24456e" {
		t.Errorf("HMAC: %s", got)
	}
	if got := hexOf(r.Digest(r.New(ClassOpenSSLDigest, nil, S("SHA256")), S("x"))); got != "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881" {
		t.Errorf("Digest#digest(s): %s", got)
	}
	if got := rubyErr(func() { r.New(ClassOpenSSLDigest, nil, S("foo")) }); got != "RuntimeError: Unsupported digest algorithm (foo).: unknown object name" {
		t.Errorf("unknown digest: %s", got)
	}
}
