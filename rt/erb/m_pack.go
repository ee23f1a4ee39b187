package erb

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Array#pack and String#unpack / unpack1 for the directives module code
// uses: C c (8 bits), S s v n (16), L l V N (32), Q q (64; lowercase and
// unmarked sizes are little-endian, as on the x86 and ARM machines Puppet
// runs on), U (UTF-8 characters), a A Z (strings), H h (hex) and m
// (Base64).

func init() {
	plain([]plainMethod{
		{"pack", (*R).Pack},
		{"unpack", (*R).Unpack},
		{"unpack1", (*R).Unpack1},
	})
}

type packDirective struct {
	c     byte
	count int // -1: *
	given bool
}

func parsePack(f string, method string) []packDirective {
	var out []packDirective
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c == ' ' || c == '\t' || c == '\n' {
			continue
		}
		if !strings.ContainsRune("CcSsvnLlVNQqUaAZHhm", rune(c)) {
			raise(ClassNotImplementedError, "pp2go: %s directive '%c' is not supported", method, c)
		}
		d := packDirective{c: c, count: 1}
		if i+1 < len(f) && (f[i+1] == '_' || f[i+1] == '!' || f[i+1] == '<' || f[i+1] == '>') {
			raise(ClassNotImplementedError, "pp2go: %s modifier '%c' is not supported", method, f[i+1])
		}
		switch {
		case i+1 < len(f) && f[i+1] == '*':
			d.count, d.given = -1, true
			i++
		case i+1 < len(f) && f[i+1] >= '0' && f[i+1] <= '9':
			j := i + 1
			for j < len(f) && f[j] >= '0' && f[j] <= '9' {
				j++
			}
			d.count, _ = strconv.Atoi(f[i+1 : j])
			d.given = true
			i = j - 1
		}
		out = append(out, d)
	}
	return out
}

func intSize(c byte) (int, bool) {
	switch c {
	case 'C', 'c':
		return 1, false
	case 'S', 's', 'v':
		return 2, false
	case 'n':
		return 2, true
	case 'L', 'l', 'V':
		return 4, false
	case 'N':
		return 4, true
	case 'Q', 'q':
		return 8, false
	}
	return 0, false
}

func hexNibble(c byte) byte {
	if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
		return ((c & 7) + 9) & 15
	}
	return c & 15
}

// Pack is Array#pack(format).
func (r *R) Pack(recv Value, args ...Value) Value {
	arr, ok := recv.(*Array)
	if !ok {
		noMethod("pack", recv)
	}
	arity(args, 1, 2)
	var b []byte
	items := arr.A
	next := func() Value {
		if len(items) == 0 {
			argError("too few arguments")
		}
		v := items[0]
		items = items[1:]
		return v
	}
	for _, d := range parsePack(strArg(args[0]), "pack") {
		switch d.c {
		case 'a', 'A', 'Z', 'H', 'h', 'm':
			s := strArg(next())
			switch d.c {
			case 'm':
				enc := base64.StdEncoding.EncodeToString([]byte(s))
				if d.given && d.count == 0 {
					b = append(b, enc...)
					continue
				}
				per := 60
				if d.given && d.count >= 3 {
					per = d.count / 3 * 4
				}
				for len(enc) > 0 {
					n := min(per, len(enc))
					b = append(b, enc[:n]...)
					b = append(b, '\n')
					enc = enc[n:]
				}
			case 'H', 'h':
				n := d.count
				if n < 0 {
					n = len(s)
				}
				for i := 0; i < n; i += 2 {
					var hi, lo byte
					if i < len(s) {
						hi = hexNibble(s[i])
					}
					if i+1 < n && i+1 < len(s) {
						lo = hexNibble(s[i+1])
					}
					if d.c == 'h' {
						hi, lo = lo, hi
					}
					b = append(b, hi<<4|lo)
				}
			default:
				n := d.count
				if n < 0 {
					n = len(s)
					if d.c == 'Z' {
						n++
					}
				}
				pad := byte(0)
				if d.c == 'A' {
					pad = ' '
				}
				for i := 0; i < n; i++ {
					if i < len(s) {
						b = append(b, s[i])
					} else {
						b = append(b, pad)
					}
				}
			}
		case 'U':
			n := d.count
			if n < 0 {
				n = len(items)
			}
			for i := 0; i < n; i++ {
				c := intArg(next())
				if c < 0 {
					raise(ClassRangeError, "pack(U): value out of range")
				}
				b = utf8.AppendRune(b, rune(c))
			}
		default:
			size, big := intSize(d.c)
			n := d.count
			if n < 0 {
				n = len(items)
			}
			for i := 0; i < n; i++ {
				v := next()
				if f, ok := v.(float64); ok {
					v = floatToInt(f)
				}
				x := uint64(intArg(v))
				var buf [8]byte
				if big {
					binary.BigEndian.PutUint64(buf[:], x<<(8*(8-size)))
				} else {
					binary.LittleEndian.PutUint64(buf[:], x)
				}
				b = append(b, buf[:size]...)
			}
		}
	}
	return &Str{S: string(b), Bin: true}
}

func (r *R) unpack(name string, recv Value, args []Value, first bool) Value {
	s, ok := recv.(*Str)
	if !ok {
		noMethod(name, recv)
	}
	arity(args, 1, 2)
	data := s.S
	var out []Value
	for _, d := range parsePack(strArg(args[0]), "unpack") {
		if first && len(out) > 0 {
			break
		}
		switch d.c {
		case 'a', 'A', 'Z':
			n := d.count
			if n < 0 || n > len(data) {
				n = len(data)
			}
			v := data[:n]
			data = data[n:]
			switch d.c {
			case 'A':
				v = strings.TrimRight(v, " \x00")
			case 'Z':
				if i := strings.IndexByte(v, 0); i >= 0 {
					if d.count < 0 {
						data = s.S[len(s.S)-len(data)-n+i+1:]
					}
					v = v[:i]
				}
			}
			out = append(out, S(v))
		case 'H', 'h':
			n := d.count
			if n < 0 || n > 2*len(data) {
				n = 2 * len(data)
			}
			var hb strings.Builder
			for i := 0; i < n; i++ {
				c := data[i/2]
				nib := c >> 4
				if i%2 == 1 {
					nib = c & 15
				}
				if d.c == 'h' {
					nib = c & 15
					if i%2 == 1 {
						nib = c >> 4
					}
				}
				hb.WriteByte("0123456789abcdef"[nib])
			}
			data = data[(n+1)/2:]
			out = append(out, S(hb.String()))
		case 'm':
			clean := strings.Map(func(c rune) rune {
				if c == '\n' || c == '\r' || c == ' ' {
					return -1
				}
				return c
			}, data)
			clean = strings.TrimRight(clean, "=")
			dec, err := base64.RawStdEncoding.DecodeString(clean)
			if err != nil {
				raise(ClassNotImplementedError, "pp2go: unpack('m') of malformed Base64 is not supported")
			}
			data = ""
			out = append(out, S(string(dec)))
		case 'U':
			n := d.count
			for i := 0; (n < 0 || i < n) && len(data) > 0; i++ {
				c, size := utf8.DecodeRuneInString(data)
				if c == utf8.RuneError && size <= 1 {
					argError("malformed UTF-8 character")
				}
				out = append(out, int64(c))
				data = data[size:]
			}
		default:
			size, big := intSize(d.c)
			signed := d.c == 'c' || d.c == 's' || d.c == 'l' || d.c == 'q'
			n := d.count
			for i := 0; n < 0 && len(data) >= size || i < n; i++ {
				if len(data) < size {
					if n >= 0 {
						out = append(out, nil)
					}
					continue
				}
				var buf [8]byte
				var x uint64
				if big {
					copy(buf[8-size:], data[:size])
					x = binary.BigEndian.Uint64(buf[:])
				} else {
					copy(buf[:], data[:size])
					x = binary.LittleEndian.Uint64(buf[:])
				}
				data = data[size:]
				if signed {
					shift := 64 - 8*size
					out = append(out, int64(x<<shift)>>shift)
				} else if size == 8 && x > 1<<63-1 {
					overflow()
				} else {
					out = append(out, int64(x))
				}
			}
		}
	}
	if first {
		if len(out) == 0 {
			return nil
		}
		return out[0]
	}
	return &Array{A: out}
}

// Unpack is String#unpack(format).
func (r *R) Unpack(recv Value, args ...Value) Value { return r.unpack("unpack", recv, args, false) }

// Unpack1 is String#unpack1(format): the first value.
func (r *R) Unpack1(recv Value, args ...Value) Value { return r.unpack("unpack1", recv, args, true) }

// binAref is String#[] on a binary string: byte indexes.
func binAref(s string, args []Value) Value {
	switch args[0].(type) {
	case int64, float64, *Range:
	default:
		raise(ClassNotImplementedError, "pp2go: [] of a binary String with %s is not supported", classOf(args[0]).Name)
	}
	el := make([]Value, len(s))
	for i := 0; i < len(s); i++ {
		el[i] = s[i]
	}
	v := arrayIndex(el, args, func(sub []Value) Value {
		b := make([]byte, len(sub))
		for i, c := range sub {
			b[i] = c.(byte)
		}
		return &Str{S: string(b), Bin: true}
	})
	if c, ok := v.(byte); ok {
		return &Str{S: string([]byte{c}), Bin: true}
	}
	return v
}

// digestObject is Digest::X.new: the data given to update so far.
type digestObject struct {
	c    *Class
	data []byte
	// ossl: OpenSSL::Digest.new(name)'s, an OpenSSL::Digest
	ossl bool
}

func (d *digestObject) rubyClass() *Class {
	if d.ossl {
		return ClassOpenSSLDigest
	}
	return d.c
}
func (d *digestObject) rubyInspect() string {
	return "#<" + d.c.Name + ": " + hex.EncodeToString(d.sum()) + ">"
}
func (d *digestObject) rubyToS() string { return hex.EncodeToString(d.sum()) }
func (d *digestObject) sum() []byte {
	h := newHash(d.c)
	h.Write(d.data)
	return h.Sum(nil)
}

// update is Digest#update(s): more data.
func (d *digestObject) update(args []Value) Value {
	arity(args, 1, 1)
	d.data = append(d.data, strArg(args[0])...)
	return d
}
