package values

import (
	"encoding/base64"
	"strings"
)

// Binary is a Puppet Binary: a byte sequence.
type Binary struct {
	bytes []byte
}

func (*Binary) puppetValue() {}

// NewBinary wraps b (not copied).
func NewBinary(b []byte) *Binary { return &Binary{bytes: b} }

// Bytes returns the content; callers must not modify it.
func (b *Binary) Bytes() []byte { return b.bytes }

// Base64 is the strict base64 form, which is how Puppet prints a Binary.
func (b *Binary) Base64() string { return base64.StdEncoding.EncodeToString(b.bytes) }

// relaxedBase64 is Ruby's Base64.encode64: lines of 60 characters, each
// ending in a newline.
func (b *Binary) relaxedBase64() string {
	s := b.Base64()
	var sb strings.Builder
	for len(s) > 60 {
		sb.WriteString(s[:60])
		sb.WriteByte('\n')
		s = s[60:]
	}
	if len(s) > 0 {
		sb.WriteString(s)
		sb.WriteByte('\n')
	}
	return sb.String()
}

func base64Decode(s string) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, newError("", "invalid base64")
	}
	return b, nil
}

func (b *Binary) urlsafeBase64() string { return base64.URLEncoding.EncodeToString(b.bytes) }
