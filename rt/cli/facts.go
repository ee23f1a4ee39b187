package cli

import (
	"crypto/sha256"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// LoadFacts reads a facts file: what `facter --json` prints (a hash), or
// PuppetDB's and `puppet facts`' {"name": .., "values": {..}} form; JSON, or
// YAML for files named .yaml or .yml. Key order is kept, as Puppet keeps it.
func LoadFacts(path string) (*values.Hash, error) {
	facts, _, err := readFacts(path)
	return facts, err
}

// readFacts is LoadFacts with the digest of the file's bytes, which
// identifies the facts in the catalog's UUID (rt.Node's FactsDigest).
func readFacts(path string) (*values.Hash, string, error) {
	b, err := readFile(path)
	if err != nil {
		return nil, "", err
	}
	v, err := decodeValueFile(path, b)
	if err != nil {
		return nil, "", err
	}
	facts, err := factsOf(v, path)
	return facts, factsDigest(b), err
}

// factsDigest identifies a facts file's content: the SHA-256 of its bytes.
func factsDigest(b []byte) string {
	sum := sha256.Sum256(b)
	return string(sum[:])
}

// factsOf is the facts of a facts file's value.
func factsOf(v values.Value, path string) (*values.Hash, error) {
	h, ok := v.(*values.Hash)
	if !ok {
		return nil, fmt.Errorf("facts file %s does not contain a hash", path)
	}
	if inner, ok := h.GetString("values"); ok {
		if ih, ok := inner.(*values.Hash); ok {
			h = ih
		}
	}
	return h, nil
}

// readValueFile reads a file of data as Puppet values: JSON, or YAML for
// files named .yaml or .yml.
func readValueFile(path string) (values.Value, error) {
	b, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return decodeValueFile(path, b)
}

// decodeValueFile decodes the bytes b of a file of data (readValueFile).
func decodeValueFile(path string, b []byte) (values.Value, error) {
	var (
		v   values.Value
		err error
	)
	if strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") {
		v, err = decodeYAML(b)
	} else {
		v, err = decodeJSON(b)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// readFile is os.ReadFile with openFile.
func readFile(path string) ([]byte, error) {
	f, err := openFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 512
	if n, err := f.size(); err == nil && n > 0 {
		size = int(n) + 1 // the read that finds the end needs room
	}
	return readAll(f, make([]byte, 0, size))
}

// readAll appends what is left of f to b, growing it as needed.
func readAll(f file, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = slices.Grow(b, max(len(b), 512))
		}
		n, err := f.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// factsReader loads the facts files of many nodes one after another, as a
// worker of compile --facts-dir does. Nodes' facts are mostly alike: the
// string values it read are kept and shared by the next files' (a value
// is never changed once made), and so are the hashes and arrays of the
// last file's entries (of its top-level hash, or of PuppetDB's "values"),
// kept with their text, when the next file's entry has the same text.
// The file is read into a buffer it keeps, without a stat for its size.
type factsReader struct {
	buf   []byte
	stack []values.Value // jsonDecoder.stack
	strs  map[string]values.Value
	last  map[entryKey]lastEntry
	// the last file's entries of the top-level hash and of "values", in
	// order (sharedObject)
	levels [2]sharedLevel
}

// sharedLevel is what a factsReader keeps of the last file's hash at a
// level whose entries are shared: its entries in order, with their text,
// and the hash they made when its keys were distinct. A fleet's facts
// files have the same keys in the same order, and most values alike: the
// next file's entry whose key and value have the last's text at the same
// place takes them without decoding, and a hash of the same keys takes
// the last's keys and index (values.Hash.WithValues) instead of hashing
// each key again.
type sharedLevel struct {
	h        *values.Hash
	entries  []sharedEntry
	building []sharedEntry // the file's, while it is decoded
}

type sharedEntry struct {
	keyText, valText string // as the file wrote them: `"name"`, the value
	key, val         values.Value
}

// entryKey is a shared entry's key, at depth 1 (the top-level hash's) or
// 2 ("values"').
type entryKey struct {
	depth int
	key   string
}

type lastEntry struct {
	text string // the entry's value as the file wrote it
	v    values.Value
}

// factsKept bounds what a factsReader keeps: past it, it starts again
// from nothing (files of values no two nodes share would grow it forever).
const factsKept = 1 << 13

func (r *factsReader) load(path string) (*values.Hash, string, error) {
	if strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") {
		return readFacts(path)
	}
	f, err := openFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, "", err
	}
	r.buf, err = readAll(f, r.buf[:0])
	f.Close()
	if err != nil {
		return nil, "", err
	}
	v, err := r.decodeBuf()
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	facts, err := factsOf(v, path)
	return facts, factsDigest(r.buf), err
}

// decode decodes a JSON document (b, which it copies) as load decodes a
// file, sharing values with the documents the reader read before.
func (r *factsReader) decode(b []byte) (values.Value, error) {
	r.buf = append(r.buf[:0], b...)
	return r.decodeBuf()
}

// decodeBuf decodes the document in r.buf.
func (r *factsReader) decodeBuf() (values.Value, error) {
	if r.strs == nil || len(r.strs) > factsKept || len(r.last) > factsKept {
		r.strs, r.last = map[string]values.Value{}, map[entryKey]lastEntry{}
	}
	d := &jsonDecoder{s: unsafe.String(unsafe.SliceData(r.buf), len(r.buf)), stack: r.stack[:0], r: r}
	v, err := d.document()
	r.stack = d.stack
	return v, err
}

// factsReaders are the readers of the facts of a server's catalog
// requests, one per request at a time: a fleet's nodes' facts share
// values as the nodes of 'compile --facts-dir' do.
var factsReaders = sync.Pool{New: func() any { return new(factsReader) }}

// decodeFacts decodes a request's facts (JSON) with one of factsReaders.
func decodeFacts(b []byte) (values.Value, error) {
	r := factsReaders.Get().(*factsReader)
	defer factsReaders.Put(r)
	return r.decode(b)
}

// str is the value of a string of the file being read (a part of the
// buffer, which the next file overwrites).
func (r *factsReader) str(s string) values.Value {
	v, ok := r.strs[s]
	if !ok {
		s = strings.Clone(s)
		v = values.String(s)
		r.strs[s] = v
	}
	return v
}

// decodeJSON decodes JSON into Puppet values, keeping the order of keys.
// (A parser of its own: encoding/json's token stream took a large part of
// a catalog binary's run.)
func decodeJSON(b []byte) (values.Value, error) {
	d := &jsonDecoder{s: string(b)}
	return d.document()
}

// document reads the whole text: a value between white space.
func (d *jsonDecoder) document() (values.Value, error) {
	d.space()
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	d.space()
	if d.i < len(d.s) {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, nil
}

type jsonDecoder struct {
	s     string
	i     int
	depth int
	// the entries of the arrays and objects being read (an object's
	// keys and values in turn), each copied out at its end into a
	// value of its size
	stack []values.Value
	// r, when the text is a factsReader's file: its values are shared
	// (the text is r's buffer, overwritten by the next file)
	r *factsReader
	// inValues: the top-level entry being read is "values"
	inValues bool
	// boxes is room for the boxes of the strings the process's first
	// decode makes (box): one allocation for many, where a String made
	// a Value allocates one each (a facts file has hundreds)
	boxes []values.String
}

// boxRoom is how many strings' boxes box makes room for at a time.
const boxRoom = 256

// box is String(s) as a Value, boxed in the decoder's room.
func (d *jsonDecoder) box(s string) values.Value {
	if len(d.boxes) == 0 {
		d.boxes = make([]values.String, boxRoom)
	}
	p := &d.boxes[0]
	*p, d.boxes = values.String(s), d.boxes[1:]
	return values.StringAt(p)
}

func (d *jsonDecoder) errorf(format string, args ...any) error {
	return fmt.Errorf("JSON at offset %d: %s", d.i, fmt.Sprintf(format, args...))
}

func (d *jsonDecoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *jsonDecoder) value() (values.Value, error) {
	if d.i >= len(d.s) {
		return nil, d.errorf("unexpected end of JSON input")
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		s, err := d.str()
		if err != nil {
			return nil, err
		}
		if d.r != nil {
			return d.r.str(s), nil
		}
		if !values.KeepsCopies() {
			// the process's first compile, which may be its only one: a
			// part of the decoder's own copy of the file (decodeJSON)
			return d.box(s), nil
		}
		// a copy: a part of the document would keep all of it alive as
		// long as a cache of the process keeps the string
		return values.String(strings.Clone(s)), nil
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case c == 't':
		return d.literal("true", values.BoolOf(true))
	case c == 'f':
		return d.literal("false", values.BoolOf(false))
	case c == 'n':
		return d.literal("null", values.Undef)
	}
	return nil, d.errorf("invalid character %q looking for the beginning of a value", d.s[d.i])
}

func (d *jsonDecoder) literal(word string, v values.Value) (values.Value, error) {
	if !strings.HasPrefix(d.s[d.i:], word) {
		return nil, d.errorf("invalid literal")
	}
	d.i += len(word)
	return v, nil
}

func (d *jsonDecoder) nest() error {
	if d.depth++; d.depth > 10000 {
		return d.errorf("exceeded max depth")
	}
	return nil
}

func (d *jsonDecoder) object() (values.Value, error) {
	if err := d.nest(); err != nil {
		return nil, err
	}
	d.i++ // {
	d.space()
	if d.i < len(d.s) && d.s[d.i] == '}' {
		d.i++
		d.depth--
		return values.NewHashFromPairs(), nil
	}
	var lv *sharedLevel // a factsReader's level whose entries are shared
	if d.r != nil && (d.depth == 1 || d.depth == 2 && d.inValues) {
		lv = &d.r.levels[d.depth-1]
		lv.building = lv.building[:0]
	}
	mark := len(d.stack)
	for {
		d.space()
		if d.i >= len(d.s) || d.s[d.i] != '"' {
			return nil, d.errorf("expected a string for an object key")
		}
		var (
			k, v values.Value
			err  error
			old  *sharedEntry // the last file's entry here, of this key
		)
		if lv != nil {
			old = lv.at(len(lv.building), d.s[d.i:])
		}
		keyStart := d.i
		if old != nil {
			k = old.key
			d.i += len(old.keyText)
		} else if k, err = d.key(); err != nil {
			return nil, err
		}
		keyEnd := d.i
		d.space()
		if d.i >= len(d.s) || d.s[d.i] != ':' {
			return nil, d.errorf("expected ':' after an object key")
		}
		d.i++
		d.space()
		switch {
		case lv == nil:
			v, err = d.value()
		case old != nil && d.sameValue(old.valText):
			v = old.val
			d.i += len(old.valText)
			lv.building = append(lv.building, *old)
		default:
			var text string
			if v, text, err = d.entry(k); err == nil {
				e := sharedEntry{keyText: d.s[keyStart:keyEnd], valText: text, key: k, val: v}
				if old != nil {
					e.keyText = old.keyText
				} else {
					e.keyText = strings.Clone(e.keyText)
				}
				lv.building = append(lv.building, e)
			}
		}
		if err != nil {
			return nil, err
		}
		d.stack = append(d.stack, k, v)
		d.space()
		if d.i >= len(d.s) {
			return nil, d.errorf("unexpected end of JSON input")
		}
		switch d.s[d.i] {
		case ',':
			d.i++
		case '}':
			d.i++
			d.depth--
			// a repeated key keeps its first place and takes its last
			// value, as Ruby's Hash#[]= does
			var h *values.Hash
			if lv != nil {
				h = lv.end(d.stack[mark:])
			} else {
				h = values.NewHashFromPairs(d.stack[mark:]...)
			}
			d.stack = d.stack[:mark]
			return h, nil
		default:
			return nil, d.errorf("expected ',' or '}' in an object")
		}
	}
}

// at is the last file's entry n, when the text rest starts with its key's.
func (lv *sharedLevel) at(n int, rest string) *sharedEntry {
	if n < len(lv.entries) && strings.HasPrefix(rest, lv.entries[n].keyText) {
		return &lv.entries[n]
	}
	return nil
}

// end makes the hash of the file's entries (pairs: their keys and values
// in turn), with the last file's keys and index when its keys are the
// same, and keeps the entries for the next file.
func (lv *sharedLevel) end(pairs []values.Value) *values.Hash {
	var h *values.Hash
	if lv.h != nil && sameKeys(lv.entries, lv.building) {
		vals := make([]values.Value, len(lv.building))
		for i, e := range lv.building {
			vals[i] = e.val
		}
		h = lv.h.WithValues(vals)
	} else {
		h = values.NewHashFromPairs(pairs...)
	}
	lv.entries, lv.building = lv.building, lv.entries
	lv.h = nil
	if h.Len() == len(lv.entries) {
		lv.h = h // its keys are distinct: a file of the same keys' are
	}
	return h
}

// sameKeys says whether two files' entries have the same keys in the same
// order.
func sameKeys(a, b []sharedEntry) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].keyText != b[i].keyText {
			return false
		}
	}
	return true
}

// sameValue says whether the text at the decoder's place is a value of
// this text: the text, then the end of the object's entry (a number's
// text may go on: 1 and 12). An empty text is no value's.
func (d *jsonDecoder) sameValue(text string) bool {
	if text == "" || !strings.HasPrefix(d.s[d.i:], text) {
		return false
	}
	for j := d.i + len(text); j < len(d.s); j++ {
		switch d.s[j] {
		case ' ', '\t', '\n', '\r':
		case ',', '}':
			return true
		default:
			return false
		}
	}
	return false
}

// key reads an object's key. The keys of facts repeat, in a node's facts
// and from node to node: each is made a value once, for the process, once
// it compiles again (values.KeepsCopies).
func (d *jsonDecoder) key() (values.Value, error) {
	s, err := d.str()
	if err != nil {
		return nil, err
	}
	if !values.KeepsCopies() {
		// the process's first compile: it may be its only one (a part of
		// the decoder's own copy of the file, or of a factsReader's
		// buffer, which the next file overwrites)
		if d.r == nil {
			return d.box(s), nil
		}
		return values.String(strings.Clone(s)), nil
	}
	v, ok := readmap.Load(jsonKeys, s)
	if !ok {
		s = strings.Clone(s) // kept: not a part of the document
		v = readmap.Store[values.Value](jsonKeys, s, values.String(s))
	}
	return v, nil
}

// entry reads the value of a factsReader's file's entry k (of the
// top-level hash, or of its "values"): the last file's of key k when the
// text is the same. It also gives the value's text, kept (a copy) for the
// next file; none for PuppetDB's "values", whose entries are shared, not
// it.
func (d *jsonDecoder) entry(k values.Value) (values.Value, string, error) {
	key := entryKey{d.depth, string(k.(values.String))}
	if e, ok := d.r.last[key]; ok && strings.HasPrefix(d.s[d.i:], e.text) {
		// a hash's or array's text ends where its brackets close: the
		// same text is the same value
		d.i += len(e.text)
		return e.v, e.text, nil
	}
	start := d.i
	values1 := key == entryKey{1, "values"} // PuppetDB's form
	d.inValues = values1
	v, err := d.value()
	if values1 {
		d.inValues = false
	}
	if err != nil || values1 {
		return v, "", err
	}
	text := strings.Clone(d.s[start:d.i])
	switch v.(type) {
	case *values.Hash, *values.Array:
		d.r.last[key] = lastEntry{text, v}
	}
	return v, text, nil
}

// jsonKeys are the keys decodeJSON has read, as values.
var jsonKeys = readmap.New[values.Value](1<<14, 1<<9)

func (d *jsonDecoder) array() (values.Value, error) {
	if err := d.nest(); err != nil {
		return nil, err
	}
	d.i++ // [
	d.space()
	if d.i < len(d.s) && d.s[d.i] == ']' {
		d.i++
		d.depth--
		return values.NewArray(), nil
	}
	mark := len(d.stack)
	for {
		d.space()
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		d.stack = append(d.stack, v)
		d.space()
		if d.i >= len(d.s) {
			return nil, d.errorf("unexpected end of JSON input")
		}
		switch d.s[d.i] {
		case ',':
			d.i++
		case ']':
			d.i++
			d.depth--
			a := values.NewArray(slices.Clone(d.stack[mark:])...)
			d.stack = d.stack[:mark]
			return a, nil
		default:
			return nil, d.errorf("expected ',' or ']' in an array")
		}
	}
}

func (d *jsonDecoder) number() (values.Value, error) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.i < len(d.s) && d.s[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return nil, d.errorf("invalid number")
	}
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return nil, d.errorf("invalid number")
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return nil, d.errorf("invalid number")
		}
	}
	return number(d.s[start:d.i]), nil
}

// str reads a string as encoding/json does: escapes decoded, invalid
// UTF-8 and unpaired surrogates replaced by U+FFFD. It is a part of the
// document when it has no escapes.
func (d *jsonDecoder) str() (string, error) {
	d.i++ // "
	start := d.i
	d.i = plainEnd(d.s, d.i)
	if d.i >= len(d.s) {
		return "", d.errorf("unexpected end of JSON input")
	}
	switch c := d.s[d.i]; {
	case c == '"':
		s := d.s[start:d.i]
		d.i++
		return s, nil
	case c == '\\' || c >= utf8.RuneSelf:
		return d.slowStr(start)
	}
	return "", d.errorf("invalid character in string literal")
}

// plainEnd is the index of the first byte of s from i on that a JSON
// string's plain run of ASCII ends at: a quote, a backslash, a control
// character or a byte of a multi-byte character; len(s) if none. It looks
// at eight bytes at a time (each test below flags a byte's top bit; a
// borrow can flag bytes only above one truly flagged, so the lowest flag
// is right). Why: the byte-by-byte scan was most of a facts file's
// decode, whose text is mostly strings.
func plainEnd(s string, i int) int {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8] // one bounds check, one load
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		// among bytes under 0x80: under 0x20, a quote, a backslash
		m := ((w - 0x20*ones) | ((w ^ '"'*ones) - ones) | ((w ^ '\\'*ones) - ones)) &^ w
		if m = (m | w) & tops; m != 0 { // | w: 0x80 and over
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == '"' || c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			return i
		}
	}
	return i
}

func (d *jsonDecoder) slowStr(start int) (string, error) {
	out := []byte(d.s[start:d.i])
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return string(out), nil
		case c < 0x20:
			return "", d.errorf("invalid character in string literal")
		case c == '\\':
			if d.i+1 >= len(d.s) {
				return "", d.errorf("unexpected end of JSON input")
			}
			e := d.s[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return "", d.errorf("invalid \\u escape")
				}
				if utf16.IsSurrogate(r) {
					r2 := unicode.ReplacementChar
					save := d.i
					if d.i+1 < len(d.s) && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
						d.i += 2
						if lo, ok := d.hex4(); ok {
							if dec := utf16.DecodeRune(r, lo); dec != unicode.ReplacementChar {
								r2 = dec
							} else {
								d.i = save
							}
						} else {
							return "", d.errorf("invalid \\u escape")
						}
					}
					r = r2
				}
				out = utf8.AppendRune(out, r)
			default:
				return "", d.errorf("invalid escape \\%c", e)
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			d.i++
		default:
			r, size := utf8.DecodeRuneInString(d.s[d.i:])
			if r == utf8.RuneError && size == 1 {
				out = utf8.AppendRune(out, unicode.ReplacementChar)
			} else {
				out = append(out, d.s[d.i:d.i+size]...)
			}
			d.i += size
		}
	}
	return "", d.errorf("unexpected end of JSON input")
}

func (d *jsonDecoder) hex4() (rune, bool) {
	if len(d.s)-d.i < 4 {
		return 0, false
	}
	var r rune
	for j := 0; j < 4; j++ {
		c := d.s[d.i+j]
		switch {
		case c >= '0' && c <= '9':
			r = r*16 + rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r*16 + rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r*16 + rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	d.i += 4
	return r, true
}

// number is a JSON number as Ruby's JSON parser reads it: an Integer
// unless it has a fraction or an exponent.
func number(s string) values.Value {
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return values.Int(n)
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return values.Float(math.Inf(1))
	}
	return values.Float(f)
}

// decodeYAML decodes YAML into Puppet values, keeping the order of keys.
func decodeYAML(b []byte) (values.Value, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return nil, err
	}
	if len(n.Content) == 0 {
		return values.Undef, nil
	}
	return yamlValue(n.Content[0])
}

func yamlValue(n *yaml.Node) (values.Value, error) {
	switch n.Kind {
	case yaml.AliasNode:
		return yamlValue(n.Alias)
	case yaml.MappingNode:
		b := values.NewHashBuilder(len(n.Content) / 2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, err := yamlValue(n.Content[i])
			if err != nil {
				return nil, err
			}
			val, err := yamlValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			b.Put(k, val)
		}
		return b.Build(), nil
	case yaml.SequenceNode:
		elems := make([]values.Value, len(n.Content))
		for i, c := range n.Content {
			v, err := yamlValue(c)
			if err != nil {
				return nil, err
			}
			elems[i] = v
		}
		return values.NewArray(elems...), nil
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return values.Undef, nil
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return nil, err
			}
			return values.BoolOf(b), nil
		case "!!int":
			var i int64
			if err := n.Decode(&i); err != nil {
				return nil, err
			}
			return values.Int(i), nil
		case "!!float":
			var f float64
			if err := n.Decode(&f); err != nil {
				return nil, err
			}
			return values.Float(f), nil
		}
		return values.String(n.Value), nil
	}
	return values.Undef, nil
}
