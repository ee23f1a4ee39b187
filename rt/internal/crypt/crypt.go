// Package crypt is crypt(3) as Debian's libxcrypt computes it for the
// schemes Ruby's String#crypt and stdlib's pw_hash use: MD5-crypt ($1$),
// SHA-crypt ($5$, $6$, with rounds=) and bcrypt ($2a$, $2b$, $2x$, $2y$),
// written from their published descriptions.
package crypt

import (
	"crypto/md5"
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"strconv"
	"strings"
)

// Crypt is crypt(pw, setting): the hash, or ok false for a setting this
// package does not compute (DES and the other schemes of libxcrypt).
// A setting libxcrypt refuses gives its failure token "*0" (or "*1" when
// the setting starts with "*0").
func Crypt(pw, setting string) (out string, ok bool) {
	for i := 0; i < len(setting); i++ {
		// libxcrypt refuses these anywhere in the setting
		if c := setting[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(":;*!\\", c) >= 0 {
			return failToken(setting), true
		}
	}
	if (strings.HasPrefix(setting, "$5$") || strings.HasPrefix(setting, "$6$")) && strings.HasPrefix(setting[3:], "rounds=") {
		// digits without a leading zero, ended by "$", 1000 to 999999999
		r := setting[3+len("rounds="):]
		end := strings.IndexByte(r, '$')
		if end <= 0 || r[0] == '0' || end > 9 {
			return failToken(setting), true
		}
		n, err := strconv.Atoi(r[:end])
		if err != nil || n < 1000 {
			return failToken(setting), true
		}
	}
	switch {
	case strings.HasPrefix(setting, "$1$"):
		return md5Crypt(pw, setting[3:]), true
	case strings.HasPrefix(setting, "$5$"):
		return shaCrypt(pw, setting[3:], false), true
	case strings.HasPrefix(setting, "$6$"):
		return shaCrypt(pw, setting[3:], true), true
	case len(setting) >= 4 && setting[0] == '$' && setting[1] == '2' && strings.IndexByte("abxy", setting[2]) >= 0 && setting[3] == '$':
		return bcrypt(pw, setting)
	}
	return "", false
}

func failToken(setting string) string {
	if strings.HasPrefix(setting, "*0") {
		return "*1"
	}
	return "*0"
}

const cryptB64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func b64From24(b *strings.Builder, b2, b1, b0 byte, n int) {
	w := uint32(b2)<<16 | uint32(b1)<<8 | uint32(b0)
	for ; n > 0; n-- {
		b.WriteByte(cryptB64[w&0x3f])
		w >>= 6
	}
}

// md5Crypt is the $1$ scheme of crypt(3); salt is what follows "$1$"
// (at most 8 characters, up to a "$").
func md5Crypt(pw, salt string) string {
	if i := strings.IndexByte(salt, '$'); i >= 0 {
		salt = salt[:i]
	}
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
	sum := stretch(md5.New, ctx.Sum(nil), p, s, 1000)
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

// shaCrypt is the $5$ (SHA-256) and $6$ (SHA-512) schemes of crypt(3);
// salt is what follows "$5$" or "$6$" ("rounds=N$" first, optionally).
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
	c := stretch(newHash, aSum, pSeq, sSeq, rounds)
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

// stretch is the rounds loop MD5-crypt and SHA-crypt share: each round
// hashes the previous digest c with the password p and salt s, in the
// order the round's number gives (odd: p first; not a multiple of 3: s;
// not a multiple of 7: p again).
func stretch(newHash func() hash.Hash, c, p, s []byte, rounds int) []byte {
	for i := 0; i < rounds; i++ {
		h := newHash()
		if i&1 != 0 {
			h.Write(p)
		} else {
			h.Write(c)
		}
		if i%3 != 0 {
			h.Write(s)
		}
		if i%7 != 0 {
			h.Write(p)
		}
		if i&1 != 0 {
			h.Write(c)
		} else {
			h.Write(p)
		}
		c = h.Sum(nil)
	}
	return c
}
