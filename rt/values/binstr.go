package values

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// Binary strings: a Ruby String in ASCII-8BIT encoding is a Puppet String
// like any other (its type is String, it compares as its bytes), but a
// catalog writes it as rich data Binary (ToDataConverter#to_data), and
// interpolation joins it by Ruby's encoding rules. Modules' Ruby makes them
// (String#crypt in stdlib's pw_hash, Base64.decode64, Array#pack...), and
// they are rare: rather than a type of their own that every switch on
// String would have to know, the strings made binary are kept in a table
// by the address of their bytes, which BinaryString allocates for each.

// binaries are the binary strings alive, by the address of their bytes.
var binaries struct {
	m    sync.Map // uintptr → binaryEntry
	live atomic.Int64
}

// binaryEntry is a binary string's bytes (weak: the table keeps no string
// alive) and length.
type binaryEntry struct {
	data weak.Pointer[byte]
	n    int
}

// BinaryString is s as a binary (ASCII-8BIT) String: a copy, whose bytes
// are its own (also when it is empty), entered in the table of binary
// strings until it is collected. It is boxed in a box of its own: Go boxes
// an empty string as one static value, without its bytes' address, so an
// empty binary String stays one while passed on as this Value.
func BinaryString(s string) Value {
	// 16 bytes at least: smaller objects without pointers share blocks
	// (the tiny allocator), where a weak pointer would not tell them apart
	buf := make([]byte, max(len(s)+1, 16))
	copy(buf, s)
	p := &buf[0]
	e := binaryEntry{weak.Make(p), len(s)}
	key := uintptr(unsafe.Pointer(p))
	binaries.m.Store(key, e)
	binaries.live.Add(1)
	runtime.AddCleanup(p, func(key uintptr) {
		// a string made later at the same address has an entry of its own
		binaries.m.CompareAndDelete(key, e)
		binaries.live.Add(-1)
	}, key)
	box := new(String)
	*box = String(unsafe.String(p, len(s)))
	return StringAt(box)
}

// IsBinaryString reports whether s is a binary string (BinaryString): its
// bytes, or the same bytes in a copy of the String.
func IsBinaryString(s String) bool {
	if binaries.live.Load() == 0 {
		return false
	}
	p := unsafe.StringData(string(s))
	if p == nil {
		return false
	}
	v, ok := binaries.m.Load(uintptr(unsafe.Pointer(p)))
	if !ok {
		return false
	}
	e := v.(binaryEntry)
	return e.n == len(s) && e.data.Value() == p
}

// LikeString is s, made from src by one of Ruby's String methods, which
// keep their receiver's encoding: a binary string when src is one.
func LikeString(src Value, s string) Value {
	if x, ok := src.(String); ok && IsBinaryString(x) {
		return BinaryString(s)
	}
	return String(s)
}

// LikeStrings is LikeString of each String of out (a String or an Array
// of them, made from src): out itself unless src is a binary string.
func LikeStrings(src, out Value) Value {
	if x, ok := src.(String); !ok || !IsBinaryString(x) {
		return out
	}
	switch y := out.(type) {
	case String:
		return BinaryString(string(y))
	case *Array:
		elems := make([]Value, y.Len())
		for i, e := range y.Elems() {
			elems[i] = LikeStrings(src, e)
		}
		return NewArray(elems...)
	}
	return out
}

// AnyBinaryStrings reports whether a binary string may be alive: when not,
// no String is one.
func AnyBinaryStrings() bool { return binaries.live.Load() != 0 }

// JoinEncoding says whether the text of parts joined as Ruby's Array#join
// joins strings (JoinEncoder) is binary, and whether their encodings are
// compatible; when they are not, binary is the encoding of the text before
// the part that cannot be joined to it (the part is in the other). A part
// that is not a String is written in ASCII or UTF-8 (as Puppet's string of
// it).
func JoinEncoding(parts []Value) (binary, ok bool) {
	var j JoinEncoder
	for _, p := range parts {
		var added bool
		if x, isStr := p.(String); isStr {
			added = j.Add(string(x), IsBinaryString(x))
		} else {
			added = j.Add(ToString(p), false)
		}
		if !added {
			return j.Binary, false
		}
	}
	return j.Binary, true
}

// JoinEncoder follows the encoding of a text made of parts appended one
// after another, as Ruby's Array#join and String#<< make it: the first
// part's encoding, and a later part's when the text so far is ASCII and
// the part is not. Text and a part both beyond ASCII in different
// encodings cannot be joined. The encodings are UTF-8 and binary.
type JoinEncoder struct {
	Binary bool // the text so far is binary
	parts  int
	ascii  bool // the text so far is ASCII
}

// JoinEncoderAfter is the encoder of a text made of parts parts so far,
// binary or not.
func JoinEncoderAfter(parts int, text string, binary bool) JoinEncoder {
	return JoinEncoder{Binary: binary, parts: parts, ascii: IsASCII(text)}
}

// Add appends a part, binary or not, and reports false when it cannot be
// joined to the text so far ("incompatible character encodings: UTF-8 and
// ASCII-8BIT").
func (j *JoinEncoder) Add(s string, binary bool) bool {
	partASCII := IsASCII(s)
	switch {
	case j.parts == 0:
		j.Binary, j.ascii = binary, true
	case binary == j.Binary || partASCII:
	case j.ascii:
		j.Binary = binary
	default:
		return false
	}
	j.parts++
	j.ascii = j.ascii && partASCII
	return true
}

// IncompatibleEncodings is Ruby's message when text in one encoding and
// a part in the other (binary or UTF-8), both beyond ASCII, are joined.
func IncompatibleEncodings(textBinary, partBinary bool) string {
	name := map[bool]string{false: "UTF-8", true: "ASCII-8BIT"}
	return "incompatible character encodings: " + name[textBinary] + " and " + name[partBinary]
}
