package stdlib

import (
	"crypto/pbkdf2"
	"crypto/rsa"
	"crypto/sha512"
	"crypto/x509"
	"encoding/binary"
	"encoding/hex"
	"encoding/pem"
	"math/rand"

	"github.com/pp2go/pp2go/rt/internal/crypt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// pw_hash, str2saltedpbkdf2, str2saltedsha512 and
// validate_x509_rsa_key_pair.

var (
	bcryptSalt = lazyre.New(`(?m)^[0-9]{2}\$[./A-Za-z0-9]{22}`)
	cryptSalt  = lazyre.New(`^[a-zA-Z0-9./]+$`)
)

func unwrapSensitive(x v.Value) v.Value {
	if s, ok := x.(*v.Sensitive); ok {
		return s.Unwrap()
	}
	return x
}

func init() {
	def3("pw_hash", 3, false, func(c fn.Context, a args) v.Value {
		for i := range a {
			a[i] = unwrapSensitive(a[i])
		}
		type ht struct {
			prefix string
			salt   *lazyre.Regexp
		}
		hashes := map[string]ht{
			"md5": {"1", nil}, "sha-256": {"5", nil}, "sha-512": {"6", nil},
			"bcrypt": {"2b", bcryptSalt}, "bcrypt-a": {"2a", bcryptSalt}, "bcrypt-x": {"2x", bcryptSalt}, "bcrypt-y": {"2y", bcryptSalt},
		}
		if !isString(a[0]) && !v.IsUndef(a[0]) {
			panic(fn.Errorf("pw_hash(): first argument must be a string"))
		}
		if !isString(a[1]) {
			panic(fn.Errorf("pw_hash(): second argument must be a string"))
		}
		h, ok := hashes[strings.ToLower(str(a[1]))]
		if !ok {
			panic(fn.Errorf("pw_hash(): %s is not a valid hash type", str(a[1])))
		}
		if !isString(a[2]) {
			panic(fn.Errorf("pw_hash(): third argument must be a string"))
		}
		salt := str(a[2])
		if salt == "" {
			panic(fn.Errorf("pw_hash(): third argument must not be empty"))
		}
		if h.salt != nil {
			if !h.salt.MatchString(salt) {
				panic(fn.Errorf("pw_hash(): characters in salt must match %s", "(?-mix:^[0-9]{2}\\$[.\\/A-Za-z0-9]{22})"))
			}
		} else if !cryptSalt.MatchString(salt) {
			panic(fn.Errorf("pw_hash(): characters in salt must be in the set [a-zA-Z0-9./]"))
		}
		pw := str(a[0])
		if v.IsUndef(a[0]) || pw == "" {
			return v.Undef
		}
		out, ok := crypt.Crypt(pw, "$"+h.prefix+"$"+salt)
		if !ok {
			panic(fn.Errorf("pw_hash(): %s hashes are not supported by pp2go", str(a[1])))
		}
		return v.String(out)
	})

	def3("str2saltedpbkdf2", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 3 {
			panic(fn.Errorf("str2saltedpbkdf2(): wrong number of arguments (%d for 3)", len(a)))
		}
		for i := range a {
			a[i] = unwrapSensitive(a[i])
		}
		if !isString(a[0]) {
			panic(fn.Errorf("str2saltedpbkdf2(): first argument must be a string"))
		}
		if !isString(a[1]) {
			panic(fn.Errorf("str2saltedpbkdf2(): second argument must be a string"))
		}
		if len(str(a[1])) < 8 {
			panic(fn.Errorf("str2saltedpbkdf2(): second argument must be at least 8 bytes long"))
		}
		it, ok := a[2].(v.Int)
		if !ok {
			panic(fn.Errorf("str2saltedpbkdf2(): third argument must be an integer"))
		}
		if !(it > 40000 && it < 70000) {
			panic(fn.Errorf("str2saltedpbkdf2(): third argument must be between 40,000 and 70,000"))
		}
		key, err := pbkdf2.Key(sha512.New, str(a[0]), []byte(str(a[1])), int(it), 128)
		if err != nil {
			panic(fn.Errorf("%s", err.Error()))
		}
		return v.NewHashFromPairs(
			v.String("password_hex"), v.String(hex.EncodeToString(key)),
			v.String("salt_hex"), v.String(hex.EncodeToString([]byte(str(a[1])))),
			v.String("iterations"), it)
	})

	def3("str2saltedsha512", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("str2saltedsha512(): Wrong number of arguments passed (%d but we require 1)", len(a))
		}
		s, ok := a[0].(v.String)
		if !ok {
			parseError("str2saltedsha512(): Requires a String argument, you passed: %s", class(a[0]))
		}
		seed := make([]byte, 4)
		binary.LittleEndian.PutUint32(seed, uint32(rand.Int63n(1<<31-1)))
		sum := sha512.Sum512(append(append([]byte(nil), seed...), s...))
		return v.String(hex.EncodeToString(append(seed, sum[:]...)))
	})
}

// ---- x509 ----

func validateX509(a args) {
	if len(a) != 2 {
		parseError("validate_x509_rsa_key_pair(): wrong number of arguments (%d; must be 2)", len(a))
	}
	for _, x := range a {
		if !isString(x) {
			parseError("%s is not a string.", inspect(x))
		}
	}
	block, _ := pem.Decode([]byte(str(a[0])))
	if block == nil {
		parseError("Not a valid x509 certificate: PEM_read_bio_X509: no start line")
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		parseError("Not a valid x509 certificate: %s", err.Error())
	}
	kb, _ := pem.Decode([]byte(str(a[1])))
	if kb == nil {
		parseError("Not a valid RSA key: Neither PUB key nor PRIV key")
	}
	var key *rsa.PrivateKey
	if k, err := x509.ParsePKCS1PrivateKey(kb.Bytes); err == nil {
		key = k
	} else if k, err := x509.ParsePKCS8PrivateKey(kb.Bytes); err == nil {
		if rk, ok := k.(*rsa.PrivateKey); ok {
			key = rk
		}
	}
	if key == nil {
		parseError("Not a valid RSA key: Neither PUB key nor PRIV key")
	}
	if err := cert.CheckSignatureFrom(&x509.Certificate{PublicKey: &key.PublicKey, PublicKeyAlgorithm: x509.RSA, BasicConstraintsValid: true, IsCA: true, KeyUsage: x509.KeyUsageCertSign, Version: 3}); err != nil {
		parseError("Certificate signature does not match supplied key")
	}
}
