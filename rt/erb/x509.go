package erb

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
)

// OpenSSL::X509::Certificate.new(pem_or_der), OpenSSL::PKey::RSA.new(
// pem_or_der), Certificate#verify(key), #not_before and #not_after, with Go's crypto/x509 and the
// errors Ruby 3.1's openssl gem (on OpenSSL 3) raises: PEM is read as
// OpenSSL's PEM reader reads it (blocks of other labels are skipped; a
// missing or broken block is "no start line", "bad base64 decode", "bad
// end line"). What OpenSSL would say in words pp2go does not know (a
// malformed certificate inside good PEM, an encrypted key) is a pp2go
// error instead of a guess.

var (
	ClassX509          = newModule("OpenSSL::X509")
	ClassX509Cert      = newClass("OpenSSL::X509::Certificate", ClassObject)
	ClassX509CertError = newClass("OpenSSL::X509::CertificateError", ClassOpenSSLError)
	ClassPKey          = newModule("OpenSSL::PKey")
	ClassPKeyPKey      = newClass("OpenSSL::PKey::PKey", ClassObject)
	ClassPKeyRSA       = newClass("OpenSSL::PKey::RSA", ClassPKeyPKey)
	ClassPKeyError     = newClass("OpenSSL::PKey::PKeyError", ClassOpenSSLError)
	ClassRSAError      = newClass("OpenSSL::PKey::RSAError", ClassPKeyError)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassX509, ClassX509Cert, ClassX509CertError, ClassPKey, ClassPKeyPKey, ClassPKeyRSA, ClassPKeyError, ClassRSAError} {
			g.class(c.Name, c)
		}
	})
	plain([]plainMethod{
		{"verify", (*R).Verify},
		{"not_before", (*R).NotBefore},
		{"not_after", (*R).NotAfter},
	})
}

type x509Cert struct{ c *x509.Certificate }

func (*x509Cert) rubyClass() *Class { return ClassX509Cert }
func (x *x509Cert) rubyInspect() string {
	return fmt.Sprintf("#<OpenSSL::X509::Certificate: subject=%s, issuer=%s>", x.c.Subject, x.c.Issuer)
}
func (x *x509Cert) rubyToS() string { return x.rubyInspect() }

type rsaKey struct{ pub *rsa.PublicKey }

func (*rsaKey) rubyClass() *Class    { return ClassPKeyRSA }
func (*rsaKey) rubyInspect() string  { return "#<OpenSSL::PKey::RSA oid=rsaEncryption>" }
func (k *rsaKey) rubyToS() string    { return k.rubyInspect() }
func osslError(c *Class, msg string) { raise(c, "%s", msg) }
func osslUnknown(what string, err error) {
	raise(ClassNotImplementedError, "pp2go: %s (%v) is not supported", what, err)
}

// pemBlock is one "-----BEGIN label-----" block of a text.
type pemBlock struct {
	label string
	der   []byte
	err   string // "bad base64 decode", "bad end line"
}

// pemBlocks reads the PEM blocks of s, each BEGIN line at a line's
// start, as OpenSSL's PEM_read_bio does.
func pemBlocks(s string) []pemBlock {
	var out []pemBlock
	lines := strings.SplitAfter(s, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r\n")
		if !strings.HasPrefix(l, "-----BEGIN ") || !strings.HasSuffix(l, "-----") || len(l) < len("-----BEGIN -----") {
			continue
		}
		label := l[len("-----BEGIN ") : len(l)-len("-----")]
		b := pemBlock{label: label}
		var body strings.Builder
		end := false
		for i++; i < len(lines); i++ {
			t := strings.TrimRight(lines[i], "\r\n")
			if strings.HasPrefix(t, "-----END ") {
				end = t == "-----END "+label+"-----"
				break
			}
			if strings.Contains(t, ":") {
				b.err = "pp2go: PEM headers"
			}
			body.WriteString(strings.TrimSpace(t))
		}
		switch {
		case b.err != "":
		case !end:
			b.err = "bad end line"
		default:
			der, err := base64.StdEncoding.DecodeString(body.String())
			if err != nil {
				b.err = "bad base64 decode"
			}
			b.der = der
		}
		out = append(out, b)
		if b.err == "bad end line" {
			break
		}
	}
	return out
}

func newX509Cert(args []Value) Value {
	arity(args, 1, 1)
	s, ok := args[0].(*Str)
	if !ok {
		implicitConversion(args[0], "String")
	}
	if c, err := x509.ParseCertificate([]byte(s.S)); err == nil {
		return &x509Cert{c}
	}
	for _, b := range pemBlocks(s.S) {
		if b.label != "CERTIFICATE" && b.label != "X509 CERTIFICATE" && b.label != "TRUSTED CERTIFICATE" {
			continue
		}
		if strings.HasPrefix(b.err, "pp2go: ") {
			raise(ClassNotImplementedError, "%s in a certificate are not supported", b.err)
		}
		if b.err != "" {
			osslError(ClassX509CertError, "PEM_read_bio_X509: "+b.err)
		}
		if b.label == "TRUSTED CERTIFICATE" {
			raise(ClassNotImplementedError, "pp2go: TRUSTED CERTIFICATE blocks are not supported")
		}
		c, err := x509.ParseCertificate(b.der)
		if err != nil {
			osslUnknown("a certificate OpenSSL's words for whose error pp2go does not know", err)
		}
		return &x509Cert{c}
	}
	osslError(ClassX509CertError, "PEM_read_bio_X509: no start line")
	return nil
}

// parseAnyKey reads a DER key of any of the forms OpenSSL's decoders
// read: the key, or nil when der is none of them.
func parseAnyKey(der []byte) any {
	if k, err := x509.ParsePKCS8PrivateKey(der); err == nil {
		return k
	}
	if k, err := x509.ParsePKCS1PrivateKey(der); err == nil {
		return k
	}
	if k, err := x509.ParsePKIXPublicKey(der); err == nil {
		return k
	}
	if k, err := x509.ParsePKCS1PublicKey(der); err == nil {
		return k
	}
	if k, err := x509.ParseECPrivateKey(der); err == nil {
		return k
	}
	return nil
}

func rsaFrom(k any) Value {
	switch x := k.(type) {
	case *rsa.PrivateKey:
		return &rsaKey{&x.PublicKey}
	case *rsa.PublicKey:
		return &rsaKey{x}
	case *ecdsa.PrivateKey, *ecdsa.PublicKey:
		osslError(ClassRSAError, "incorrect pkey type: id-ecPublicKey")
	case ed25519.PrivateKey, ed25519.PublicKey:
		osslError(ClassRSAError, "incorrect pkey type: ED25519")
	}
	raise(ClassNotImplementedError, "pp2go: OpenSSL::PKey::RSA.new of a %T is not supported", k)
	return nil
}

func newRSAKey(args []Value) Value {
	if len(args) == 1 {
		if _, ok := args[0].(int64); ok {
			raise(ClassNotImplementedError, "pp2go: generating RSA keys is not supported")
		}
	}
	arity(args, 1, 1)
	s, ok := args[0].(*Str)
	if !ok {
		implicitConversion(args[0], "String")
	}
	if k := parseAnyKey([]byte(s.S)); k != nil {
		return rsaFrom(k)
	}
	for _, b := range pemBlocks(s.S) {
		if strings.Contains(b.label, "ENCRYPTED") || strings.HasPrefix(b.err, "pp2go: ") {
			raise(ClassNotImplementedError, "pp2go: encrypted keys are not supported")
		}
		if b.err != "" {
			continue
		}
		if k := parseAnyKey(b.der); k != nil {
			return rsaFrom(k)
		}
	}
	osslError(ClassRSAError, "Neither PUB key nor PRIV key: unsupported")
	return nil
}

// Verify is X509::Certificate#verify(key): whether key's public part
// made the certificate's signature.
func (r *R) Verify(recv Value, args ...Value) Value {
	c, ok := recv.(*x509Cert)
	if !ok {
		noMethod("verify", recv)
	}
	arity(args, 1, 1)
	k, ok := args[0].(*rsaKey)
	if !ok {
		typeError("wrong argument type %s (expected OpenSSL/EVP_PKEY)", classOf(args[0]).Name)
	}
	switch c.c.SignatureAlgorithm {
	case x509.SHA1WithRSA, x509.SHA256WithRSA, x509.SHA384WithRSA, x509.SHA512WithRSA,
		x509.SHA256WithRSAPSS, x509.SHA384WithRSAPSS, x509.SHA512WithRSAPSS:
	case x509.ECDSAWithSHA1, x509.ECDSAWithSHA256, x509.ECDSAWithSHA384, x509.ECDSAWithSHA512, x509.PureEd25519:
		osslError(ClassX509CertError, "wrong public key type")
	default:
		raise(ClassNotImplementedError, "pp2go: certificates signed with %s are not supported", c.c.SignatureAlgorithm)
	}
	parent := &x509.Certificate{PublicKey: k.pub, PublicKeyAlgorithm: x509.RSA}
	err := parent.CheckSignature(c.c.SignatureAlgorithm, c.c.RawTBSCertificate, c.c.Signature)
	var insecure x509.InsecureAlgorithmError
	if errors.As(err, &insecure) {
		raise(ClassNotImplementedError, "pp2go: certificates signed with %s are not supported", c.c.SignatureAlgorithm)
	}
	return err == nil
}

// NotBefore is Certificate#not_before: the start of its validity, a Time
// in UTC.
func (r *R) NotBefore(recv Value, args ...Value) Value {
	return certTime("not_before", recv, args, func(c *x509.Certificate) time.Time { return c.NotBefore })
}

// NotAfter is Certificate#not_after: the end of its validity, a Time in
// UTC.
func (r *R) NotAfter(recv Value, args ...Value) Value {
	return certTime("not_after", recv, args, func(c *x509.Certificate) time.Time { return c.NotAfter })
}

// certTime is the method name of a certificate that gives one of its
// times.
func certTime(name string, recv Value, args []Value, of func(*x509.Certificate) time.Time) Value {
	c, ok := recv.(*x509Cert)
	if !ok {
		noMethod(name, recv)
	}
	arity(args, 0, 0)
	return &rubyTime{t: of(c.c).UTC(), utc: true}
}
