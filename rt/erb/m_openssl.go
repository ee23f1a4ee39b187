package erb

import (
	"crypto/hmac"
	"encoding/hex"
	"hash"
	"strings"
)

// Ruby's OpenSSL as module functions use it: OpenSSL::Digest.new(name),
// OpenSSL::PKCS5.pbkdf2_hmac and OpenSSL::KDF.pbkdf2_hmac (PBKDF2 with an
// HMAC of the digest, RFC 8018), OpenSSL::HMAC.new(key, digest) with <<,
// update and digest.

var (
	ClassOpenSSL       = newModule("OpenSSL")
	ClassOpenSSLDigest = newClass("OpenSSL::Digest", ClassObject)
	ClassOpenSSLPKCS5  = newModule("OpenSSL::PKCS5")
	ClassOpenSSLKDF    = newModule("OpenSSL::KDF")
	ClassOpenSSLHMAC   = newClass("OpenSSL::HMAC", ClassObject)
	ClassOpenSSLError  = newClass("OpenSSL::OpenSSLError", ClassStandardError)
	ClassDigestError   = newClass("OpenSSL::Digest::DigestError", ClassOpenSSLError)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassOpenSSL, ClassOpenSSLDigest, ClassOpenSSLPKCS5, ClassOpenSSLKDF, ClassOpenSSLHMAC, ClassOpenSSLError, ClassDigestError} {
			g.class(c.Name, c)
		}
		// OpenSSL::Digest::Digest: the old name, a subclass the gem
		// keeps (deprecated)
		g.class("OpenSSL::Digest::Digest", newClass("OpenSSL::Digest::Digest", ClassOpenSSLDigest))
		g.library("openssl")
		// OpenSSL::Digest::SHA256.new is the digest as Digest::SHA256.new is
		for _, c := range []*Class{ClassDigestMD5, ClassDigestSHA1, ClassDigestSHA256, ClassDigestSHA384, ClassDigestSHA512} {
			g.class("OpenSSL::"+c.Name, c)
		}
	})
	plain([]plainMethod{
		{"pbkdf2_hmac", (*R).Pbkdf2Hmac},
		{"digest_length", (*R).DigestLength},
	})
}

// osslDigestClass maps OpenSSL's digest names to the Digest classes.
func osslDigestClass(v Value) *Class {
	if d, ok := v.(*digestObject); ok {
		return d.c
	}
	name := strings.ToUpper(strings.ReplaceAll(strArg(v), "-", ""))
	switch name {
	case "MD5":
		return ClassDigestMD5
	case "SHA1":
		return ClassDigestSHA1
	case "SHA256":
		return ClassDigestSHA256
	case "SHA384":
		return ClassDigestSHA384
	case "SHA512":
		return ClassDigestSHA512
	}
	raise(ClassRuntimeError, "Unsupported digest algorithm (%s).: unknown object name", strArg(v))
	return nil
}

// DigestLength is Digest#digest_length.
func (r *R) DigestLength(recv Value, args ...Value) Value {
	if _, ok := recv.(*digestObject); !ok {
		noMethod("digest_length", recv)
	}
	return r.length("digest_length", recv, args)
}

// pbkdf2 derives keyLen bytes from password and salt (RFC 8018 5.2).
func pbkdf2(newHash func() hash.Hash, password, salt []byte, iter, keyLen int) []byte {
	mac := hmac.New(newHash, password)
	size := mac.Size()
	var out []byte
	for block := uint32(1); len(out) < keyLen; block++ {
		mac.Reset()
		mac.Write(salt)
		mac.Write([]byte{byte(block >> 24), byte(block >> 16), byte(block >> 8), byte(block)})
		u := mac.Sum(nil)
		t := append([]byte(nil), u...)
		for i := 1; i < iter; i++ {
			mac.Reset()
			mac.Write(u)
			u = mac.Sum(u[:0])
			for j := 0; j < size; j++ {
				t[j] ^= u[j]
			}
		}
		out = append(out, t...)
	}
	return out[:keyLen]
}

// Pbkdf2Hmac is OpenSSL::PKCS5.pbkdf2_hmac(pass, salt, iter, keylen,
// digest) and OpenSSL::KDF.pbkdf2_hmac(pass, salt:, iterations:, length:,
// hash:).
func (r *R) Pbkdf2Hmac(recv Value, args ...Value) Value {
	c := classRecv("pbkdf2_hmac", recv, ClassOpenSSLPKCS5, ClassOpenSSLKDF)
	var pass, salt string
	var iter, keyLen int64
	var dig *Class
	if c == ClassOpenSSLPKCS5 {
		arity(args, 5, 5)
		pass, salt = strArg(args[0]), strArg(args[1])
		iter, keyLen = intArg(args[2]), intArg(args[3])
		dig = osslDigestClass(args[4])
	} else {
		arity(args, 2, 2)
		pass = strArg(args[0])
		opts, ok := args[1].(*Hash)
		if !ok {
			typeError("no implicit conversion of %s into Hash", typeName(args[1]))
		}
		get := func(k string) Value {
			v, ok := opts.Lookup(Symbol(k))
			if !ok {
				argError("missing keyword: :%s", k)
			}
			return v
		}
		salt = strArg(get("salt"))
		iter, keyLen = intArg(get("iterations")), intArg(get("length"))
		dig = osslDigestClass(get("hash"))
	}
	if iter <= 0 || keyLen < 0 {
		raise(ClassNotImplementedError, "pp2go: pbkdf2_hmac with %d iterations and length %d is not supported", iter, keyLen)
	}
	out := pbkdf2(func() hash.Hash { return newHash(dig) }, []byte(pass), []byte(salt), int(iter), int(keyLen))
	return &Str{S: string(out), Bin: true}
}

// hmacObject is OpenSSL::HMAC.new(key, digest).
type hmacObject struct {
	c    *Class
	key  []byte
	data []byte
}

func (*hmacObject) rubyClass() *Class     { return ClassOpenSSLHMAC }
func (h *hmacObject) rubyInspect() string { return hex.EncodeToString(h.sum()) }
func (h *hmacObject) rubyToS() string     { return hex.EncodeToString(h.sum()) }
func (h *hmacObject) sum() []byte {
	m := hmac.New(func() hash.Hash { return newHash(h.c) }, h.key)
	m.Write(h.data)
	return m.Sum(nil)
}

// update is HMAC#update(s) and <<.
func (h *hmacObject) update(args []Value) Value {
	arity(args, 1, 1)
	h.data = append(h.data, strArg(args[0])...)
	return h
}
