package stdlib

import (
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/binary"
	"encoding/hex"
	"encoding/pem"
	"hash"
	"math/rand"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strconv"
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
		switch h.prefix {
		case "1":
			return v.String(md5Crypt(pw, salt))
		case "5":
			return v.String(shaCrypt(pw, salt, false))
		case "6":
			return v.String(shaCrypt(pw, salt, true))
		}
		panic(fn.Errorf("pw_hash(): bcrypt hashes are not supported by pp2go"))
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

// ---- crypt(3) ----

const cryptB64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func b64From24(b *strings.Builder, b2, b1, b0 byte, n int) {
	w := uint32(b2)<<16 | uint32(b1)<<8 | uint32(b0)
	for ; n > 0; n-- {
		b.WriteByte(cryptB64[w&0x3f])
		w >>= 6
	}
}

// md5Crypt is the $1$ scheme of crypt(3).
func md5Crypt(pw, salt string) string {
	if len(salt) > 8 {
		salt = salt[:8]
	}
	p, s := []byte(pw), []byte(salt)
	alt := md5.New()
	alt.Write(p)
	alt.Write(s)
	alt.Write(p)
	altSum := alt.Sum(nil)
	ctx := md5.New()
	ctx.Write(p)
	ctx.Write([]byte("$1$"))
	ctx.Write(s)
	for n := len(p); n > 0; n -= 16 {
		if n > 16 {
			ctx.Write(altSum)
		} else {
			ctx.Write(altSum[:n])
		}
	}
	for n := len(p); n > 0; n >>= 1 {
		if n&1 != 0 {
			ctx.Write([]byte{0})
		} else {
			ctx.Write(p[:1])
		}
	}
	sum := ctx.Sum(nil)
	for i := 0; i < 1000; i++ {
		h := md5.New()
		if i&1 != 0 {
			h.Write(p)
		} else {
			h.Write(sum)
		}
		if i%3 != 0 {
			h.Write(s)
		}
		if i%7 != 0 {
			h.Write(p)
		}
		if i&1 != 0 {
			h.Write(sum)
		} else {
			h.Write(p)
		}
		sum = h.Sum(nil)
	}
	var b strings.Builder
	b.WriteString("$1$" + salt + "$")
	b64From24(&b, sum[0], sum[6], sum[12], 4)
	b64From24(&b, sum[1], sum[7], sum[13], 4)
	b64From24(&b, sum[2], sum[8], sum[14], 4)
	b64From24(&b, sum[3], sum[9], sum[15], 4)
	b64From24(&b, sum[4], sum[10], sum[5], 4)
	b64From24(&b, 0, 0, sum[11], 2)
	return b.String()
}

// shaCrypt is the $5$ (SHA-256) and $6$ (SHA-512) schemes of crypt(3).
func shaCrypt(pw, salt string, use512 bool) string {
	newHash := sha256.New
	prefix := "$5$"
	if use512 {
		newHash, prefix = sha512.New, "$6$"
	}
	rounds, custom := 5000, false
	if strings.HasPrefix(salt, "rounds=") {
		rest := salt[len("rounds="):]
		if i := strings.IndexByte(rest, '$'); i >= 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				rounds, custom = n, true
				if rounds < 1000 {
					rounds = 1000
				}
				if rounds > 999999999 {
					rounds = 999999999
				}
				salt = rest[i+1:]
			}
		}
	}
	if i := strings.IndexByte(salt, '$'); i >= 0 {
		salt = salt[:i]
	}
	if len(salt) > 16 {
		salt = salt[:16]
	}
	p, s := []byte(pw), []byte(salt)
	b := newHash()
	b.Write(p)
	b.Write(s)
	b.Write(p)
	bSum := b.Sum(nil)
	size := len(bSum)
	a := newHash()
	a.Write(p)
	a.Write(s)
	writeRepeated(a, bSum, len(p))
	for n := len(p); n > 0; n >>= 1 {
		if n&1 != 0 {
			a.Write(bSum)
		} else {
			a.Write(p)
		}
	}
	aSum := a.Sum(nil)
	dp := newHash()
	for i := 0; i < len(p); i++ {
		dp.Write(p)
	}
	pSeq := repeated(dp.Sum(nil), len(p))
	ds := newHash()
	for i := 0; i < 16+int(aSum[0]); i++ {
		ds.Write(s)
	}
	sSeq := repeated(ds.Sum(nil), len(s))
	c := aSum
	for i := 0; i < rounds; i++ {
		h := newHash()
		if i&1 != 0 {
			h.Write(pSeq)
		} else {
			h.Write(c)
		}
		if i%3 != 0 {
			h.Write(sSeq)
		}
		if i%7 != 0 {
			h.Write(pSeq)
		}
		if i&1 != 0 {
			h.Write(c)
		} else {
			h.Write(pSeq)
		}
		c = h.Sum(nil)
	}
	var out strings.Builder
	out.WriteString(prefix)
	if custom {
		out.WriteString("rounds=" + strconv.Itoa(rounds) + "$")
	}
	out.WriteString(salt + "$")
	if size == 32 {
		order := [][3]int{{0, 10, 20}, {21, 1, 11}, {12, 22, 2}, {3, 13, 23}, {24, 4, 14}, {15, 25, 5}, {6, 16, 26}, {27, 7, 17}, {18, 28, 8}, {9, 19, 29}}
		for _, o := range order {
			b64From24(&out, c[o[0]], c[o[1]], c[o[2]], 4)
		}
		b64From24(&out, 0, c[31], c[30], 3)
	} else {
		order := [][3]int{{0, 21, 42}, {22, 43, 1}, {44, 2, 23}, {3, 24, 45}, {25, 46, 4}, {47, 5, 26}, {6, 27, 48}, {28, 49, 7}, {50, 8, 29}, {9, 30, 51}, {31, 52, 10}, {53, 11, 32}, {12, 33, 54}, {34, 55, 13}, {56, 14, 35}, {15, 36, 57}, {37, 58, 16}, {59, 17, 38}, {18, 39, 60}, {40, 61, 19}, {62, 20, 41}}
		for _, o := range order {
			b64From24(&out, c[o[0]], c[o[1]], c[o[2]], 4)
		}
		b64From24(&out, 0, 0, c[63], 2)
	}
	return out.String()
}

func writeRepeated(h hash.Hash, sum []byte, n int) {
	for ; n > len(sum); n -= len(sum) {
		h.Write(sum)
	}
	h.Write(sum[:n])
}

func repeated(sum []byte, n int) []byte {
	out := make([]byte, 0, n)
	for len(out)+len(sum) <= n {
		out = append(out, sum...)
	}
	return append(out, sum[:n-len(out)]...)
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
