package erb

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"hash"
	"hash/crc32"
	"strings"
)

// Ruby's Digest classes, Base64 and Zlib.crc32, as module functions use
// them (Digest::MD5.hexdigest(s), Base64.strict_encode64(s), ...).
var (
	ClassDigestMD5    = newClass("Digest::MD5", ClassObject)
	ClassDigestSHA1   = newClass("Digest::SHA1", ClassObject)
	ClassDigestSHA256 = newClass("Digest::SHA256", ClassObject)
	ClassDigestSHA384 = newClass("Digest::SHA384", ClassObject)
	ClassDigestSHA512 = newClass("Digest::SHA512", ClassObject)
	ClassBase64       = newModule("Base64")
	ClassZlib         = newModule("Zlib")
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassDigestMD5, ClassDigestSHA1, ClassDigestSHA256, ClassDigestSHA384, ClassDigestSHA512, ClassBase64, ClassZlib} {
			g.class(c.Name, c)
		}
		for _, lib := range []string{"digest/sha2", "digest/sha256", "digest/sha512", "zlib"} {
			g.library(lib)
		}
	})
	plain([]plainMethod{
		{"hexdigest", (*R).Hexdigest},
		{"digest", (*R).Digest},
		{"base64digest", (*R).Base64digest},
		{"encode64", (*R).Encode64},
		{"decode64", (*R).Decode64},
		{"strict_encode64", (*R).StrictEncode64},
		{"strict_decode64", (*R).StrictDecode64},
		{"urlsafe_encode64", (*R).UrlsafeEncode64},
		{"urlsafe_decode64", (*R).UrlsafeDecode64},
		{"crc32", (*R).Crc32},
	})
}

func digestOf(name string, recv Value, args []Value) []byte {
	switch d := recv.(type) {
	case *digestObject:
		// Digest::X.new.update(s)...digest, or digest(s) of s alone
		arity(args, 0, 1)
		h := newHash(d.c)
		if len(args) == 1 {
			h.Write([]byte(strArg(args[0])))
		} else {
			h.Write(d.data)
		}
		return h.Sum(nil)
	case *hmacObject:
		arity(args, 0, 0)
		return d.sum()
	case *Class:
		if d == ClassOpenSSLHMAC {
			// OpenSSL::HMAC.digest(digest, key, data)
			arity(args, 3, 3)
			h := &hmacObject{c: osslDigestClass(args[0]), key: []byte(strArg(args[1])), data: []byte(strArg(args[2]))}
			return h.sum()
		}
	}
	c := classRecv(name, recv, ClassDigestMD5, ClassDigestSHA1, ClassDigestSHA256, ClassDigestSHA384, ClassDigestSHA512)
	arity(args, 1, 1)
	h := newHash(c)
	h.Write([]byte(strArg(args[0])))
	return h.Sum(nil)
}

func newHash(c *Class) hash.Hash {
	var h hash.Hash
	switch c {
	case ClassDigestMD5:
		h = md5.New()
	case ClassDigestSHA1:
		h = sha1.New()
	case ClassDigestSHA256:
		h = sha256.New()
	case ClassDigestSHA384:
		h = sha512.New384()
	default:
		h = sha512.New()
	}
	return h
}

// Hexdigest is Digest::X.hexdigest(s).
func (r *R) Hexdigest(recv Value, args ...Value) Value {
	return S(hex.EncodeToString(digestOf("hexdigest", recv, args)))
}

// Digest is Digest::X.digest(s): the raw digest bytes.
func (r *R) Digest(recv Value, args ...Value) Value {
	return &Str{S: string(digestOf("digest", recv, args)), Bin: true}
}

// Base64digest is Digest::X.base64digest(s).
func (r *R) Base64digest(recv Value, args ...Value) Value {
	return S(base64.StdEncoding.EncodeToString(digestOf("base64digest", recv, args)))
}

// Encode64 is Base64.encode64: lines of 60 characters, each ending in a
// newline.
func (r *R) Encode64(recv Value, args ...Value) Value {
	classRecv("encode64", recv, ClassBase64)
	arity(args, 1, 1)
	enc := base64.StdEncoding.EncodeToString([]byte(strArg(args[0])))
	var b strings.Builder
	for len(enc) > 60 {
		b.WriteString(enc[:60] + "\n")
		enc = enc[60:]
	}
	if enc != "" {
		b.WriteString(enc + "\n")
	}
	return S(b.String())
}

// Decode64 is Base64.decode64: characters outside the alphabet are
// skipped, and decoding stops at the first padding.
func (r *R) Decode64(recv Value, args ...Value) Value {
	classRecv("decode64", recv, ClassBase64)
	arity(args, 1, 1)
	var clean []byte
	for _, c := range []byte(strArg(args[0])) {
		if c == '=' {
			break
		}
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' {
			clean = append(clean, c)
		}
	}
	if len(clean)%4 == 1 {
		clean = clean[:len(clean)-1]
	}
	out, _ := base64.RawStdEncoding.DecodeString(string(clean))
	return &Str{S: string(out), Bin: true}
}

// StrictEncode64 is Base64.strict_encode64.
func (r *R) StrictEncode64(recv Value, args ...Value) Value {
	classRecv("strict_encode64", recv, ClassBase64)
	arity(args, 1, 1)
	return S(base64.StdEncoding.EncodeToString([]byte(strArg(args[0]))))
}

// StrictDecode64 is Base64.strict_decode64 (ArgumentError "invalid
// base64" on anything but padded base64).
func (r *R) StrictDecode64(recv Value, args ...Value) Value {
	classRecv("strict_decode64", recv, ClassBase64)
	arity(args, 1, 1)
	out, err := base64.StdEncoding.Strict().DecodeString(strArg(args[0]))
	if err != nil {
		argError("invalid base64")
	}
	return &Str{S: string(out), Bin: true}
}

// UrlsafeEncode64 is Base64.urlsafe_encode64 (padded unless padding:
// false).
func (r *R) UrlsafeEncode64(recv Value, args ...Value) Value {
	classRecv("urlsafe_encode64", recv, ClassBase64)
	arity(args, 1, 2)
	enc := base64.URLEncoding
	if len(args) == 2 {
		if h, ok := args[1].(*Hash); ok {
			if v, ok := h.Lookup(Symbol("padding")); ok && !Truthy(v) {
				enc = base64.RawURLEncoding
			}
		}
	}
	return S(enc.EncodeToString([]byte(strArg(args[0]))))
}

// UrlsafeDecode64 is Base64.urlsafe_decode64 (padding optional).
func (r *R) UrlsafeDecode64(recv Value, args ...Value) Value {
	classRecv("urlsafe_decode64", recv, ClassBase64)
	arity(args, 1, 1)
	s := strings.TrimRight(strArg(args[0]), "=")
	out, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil {
		argError("invalid base64")
	}
	return &Str{S: string(out), Bin: true}
}

// Crc32 is Zlib.crc32(s).
func (r *R) Crc32(recv Value, args ...Value) Value {
	classRecv("crc32", recv, ClassZlib)
	arity(args, 0, 2)
	if len(args) == 0 {
		return int64(0)
	}
	c := crc32.ChecksumIEEE([]byte(strArg(args[0])))
	if len(args) == 2 {
		c = crc32.Update(uint32(intArg(args[1])), crc32.IEEETable, []byte(strArg(args[0])))
	}
	return int64(c)
}
