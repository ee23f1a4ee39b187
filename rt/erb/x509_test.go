package erb

import (
	"os"
	"testing"
)

// Ruby 3.1's openssl gem (OpenSSL 3) on testdata/x509 (made with openssl
// req/genrsa/ecparam): ruby -ropenssl -e 'p OpenSSL::X509::Certificate.new(s)...'.
func TestX509(t *testing.T) {
	r := &R{}
	read := func(n string) *Str {
		b, err := os.ReadFile("testdata/x509/" + n)
		if err != nil {
			t.Fatal(err)
		}
		return S(string(b))
	}
	cert, key, key2, key3, ec, eccert := read("cert.pem"), read("key.pem"), read("key2.pem"), read("key3.pem"), read("ec.pem"), read("eccert.pem")
	run := func(f func() Value) (s string) {
		defer func() {
			if e := recover(); e != nil {
				re := e.(*RubyError)
				s = re.Class.Name + ": " + re.Msg
			}
		}()
		return Inspect(f())
	}
	newCert := func(s *Str) Value { return r.New(ClassX509Cert, nil, s) }
	newKey := func(s *Str) Value { return r.New(ClassPKeyRSA, nil, s) }
	for _, c := range []struct {
		f    func() Value
		want string
	}{
		{func() Value { return newCert(S("x")) }, "OpenSSL::X509::CertificateError: PEM_read_bio_X509: no start line"},
		{func() Value { return newCert(S("-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n")) }, "OpenSSL::X509::CertificateError: PEM_read_bio_X509: bad base64 decode"},
		{func() Value { return newCert(S(cert.S[:200])) }, "OpenSSL::X509::CertificateError: PEM_read_bio_X509: bad end line"},
		{func() Value { return newCert(key) }, "OpenSSL::X509::CertificateError: PEM_read_bio_X509: no start line"},
		{func() Value { return newCert(S("")) }, "OpenSSL::X509::CertificateError: PEM_read_bio_X509: no start line"},
		{func() Value { return newCert(S("junk" + cert.S)) }, "OpenSSL::X509::CertificateError: PEM_read_bio_X509: no start line"},
		{func() Value { return newKey(S("y")) }, "OpenSSL::PKey::RSAError: Neither PUB key nor PRIV key: unsupported"},
		{func() Value { return newKey(S("")) }, "OpenSSL::PKey::RSAError: Neither PUB key nor PRIV key: unsupported"},
		{func() Value { return newKey(ec) }, "OpenSSL::PKey::RSAError: incorrect pkey type: id-ecPublicKey"},
		{func() Value { return newKey(cert) }, "OpenSSL::PKey::RSAError: Neither PUB key nor PRIV key: unsupported"},
		{func() Value { return r.Verify(newCert(cert), newKey(key)) }, "true"},
		{func() Value { return r.Verify(newCert(cert), newKey(key2)) }, "false"},
		{func() Value { return r.Verify(newCert(cert), newKey(key3)) }, "false"},
		{func() Value { return r.Verify(newCert(eccert), newKey(key)) }, "OpenSSL::X509::CertificateError: wrong public key type"},
		{func() Value { return r.Verify(newCert(S(cert.S+cert.S)), newKey(S("junk\n"+key.S))) }, "true"},
		// Time objects in UTC (Ruby 3.3's openssl gem)
		{func() Value { return r.NotBefore(newCert(cert)) }, "2026-11-25 17:52:11 UTC"},
		{func() Value { return r.NotAfter(newCert(cert)) }, "2036-11-22 17:52:11 UTC"},
		{func() Value { return r.NotAfter(int64(1)) }, "NoMethodError: undefined method `not_after' for 1:Integer"},
	} {
		if got := run(c.f); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}
