package crypt

import (
	"strings"

	"golang.org/x/crypto/blowfish"
)

// bcrypt's base64 alphabet (not crypt's, not RFC 4648's).
const bcryptB64 = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

func bcryptEncode(src []byte) string {
	var b strings.Builder
	for i := 0; i < len(src); i += 3 {
		c1 := src[i]
		b.WriteByte(bcryptB64[c1>>2])
		c1 = (c1 & 0x03) << 4
		if i+1 >= len(src) {
			b.WriteByte(bcryptB64[c1])
			break
		}
		c2 := src[i+1]
		c1 |= c2 >> 4
		b.WriteByte(bcryptB64[c1])
		c1 = (c2 & 0x0f) << 2
		if i+2 >= len(src) {
			b.WriteByte(bcryptB64[c1])
			break
		}
		c2 = src[i+2]
		c1 |= c2 >> 6
		b.WriteByte(bcryptB64[c1])
		b.WriteByte(bcryptB64[c2&0x3f])
	}
	return b.String()
}

// bcryptDecode reads n bytes from bcrypt's base64 (ok false on a
// character outside the alphabet).
func bcryptDecode(s string, n int) ([]byte, bool) {
	var out []byte
	var acc, bits uint
	for i := 0; i < len(s) && len(out) < n; i++ {
		d := strings.IndexByte(bcryptB64, s[i])
		if d < 0 {
			return nil, false
		}
		acc = acc<<6 | uint(d)
		bits += 6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return out, len(out) == n
}

// bcrypt is the $2?$NN$ scheme: EksBlowfish with 2**NN rounds of key
// expansion over the password (with its NUL, at most 72 bytes) and the
// 16-byte salt, then "OrpheanBeholderScryDoubt" encrypted 64 times.
func bcrypt(pw, setting string) (string, bool) {
	// $2b$NN$ + 22 characters of salt
	if len(setting) < 29 || setting[6] != '$' || setting[4] < '0' || setting[4] > '3' || setting[5] < '0' || setting[5] > '9' {
		return failToken(setting), true
	}
	cost := int(setting[4]-'0')*10 + int(setting[5]-'0')
	if cost < 4 || cost > 31 {
		return failToken(setting), true
	}
	salt, ok := bcryptDecode(setting[7:29], 16)
	if !ok {
		return failToken(setting), true
	}
	if setting[2] == 'x' {
		for i := 0; i < len(pw); i++ {
			if pw[i] >= 0x80 {
				// $2x$ repeats an old sign-extension bug for such bytes
				return "", false
			}
		}
	}
	key := append([]byte(pw), 0)
	if len(key) > 72 {
		key = key[:72]
	}
	c, err := blowfish.NewSaltedCipher(key, salt)
	if err != nil {
		return failToken(setting), true
	}
	for i := uint64(0); i < 1<<uint(cost); i++ {
		blowfish.ExpandKey(key, c)
		blowfish.ExpandKey(salt, c)
	}
	text := []byte("OrpheanBeholderScryDoubt")
	for i := 0; i < 24; i += 8 {
		for j := 0; j < 64; j++ {
			c.Encrypt(text[i:i+8], text[i:i+8])
		}
	}
	return setting[:7] + bcryptEncode(salt) + bcryptEncode(text[:23]), true
}
