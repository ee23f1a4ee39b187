package stdlib

import (
	"crypto/md5"
	"encoding/base64"
	"encoding/hex"
	"math/big"

	"github.com/pp2go/pp2go/rt/internal/lazyre"

	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// set is a set of values with Ruby's key identity (eql?).
type set struct{ b *v.HashBuilder }

func (s set) has(x v.Value) bool { return s.b.Build().Has(x) }
func (s set) add(x v.Value)      { s.b.Put(x, v.True) }

func arr(vals ...v.Value) v.Value { return v.NewArray(vals...) }

func init() {

	fn.New("fact").Module(module).D("String fact_name", func(c fn.Context, a args, b fn.Block) v.Value {
		return fact(c, str(a[0]))
	}).Register()

	def3("fqdn_rotate", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("fqdn_rotate(): Wrong number of arguments given (%d for 1)", len(a))
		}
		value := a[0]
		var elems []v.Value
		switch x := value.(type) {
		case *v.Array:
			elems = x.Elems()
		case v.String:
			for _, r := range string(x) {
				elems = append(elems, v.String(string(r)))
			}
		default:
			parseError("fqdn_rotate(): Requires either array or string to work with")
		}
		if len(elems) <= 1 {
			return value
		}
		fqdn := fn.LookupVar3x(c, "::fqdn")
		seed := md5Seed(joinToS([]v.Value{fqdn, arr(a[1:]...)}))
		offset := int(fn.NewRubyRandom(seed).Intn(uint64(len(elems))))
		rotated := append(append([]v.Value(nil), elems[offset:]...), elems[:offset]...)
		if _, isStr := value.(v.String); isStr {
			return v.String(joinStrings(rotated, ""))
		}
		return arr(rotated...)
	})

	def3("merge", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("merge(): wrong number of arguments (%d; must be at least 2)", len(a))
		}
		acc := v.EmptyHash
		for _, x := range a {
			if s, ok := x.(v.String); ok && s == "" {
				continue
			}
			h, ok := x.(*v.Hash)
			if !ok {
				parseError("merge: unexpected argument type %s, only expects hash arguments", class(x))
			}
			acc = acc.Merge(h)
		}
		return acc
	})
	fn.New("merge").Module(module).
		DR("Variant[Hash[Scalar,Any], Undef, String[0,0]] args*", "Hash[Scalar,Any]", func(c fn.Context, a args, b fn.Block) v.Value {
			acc := v.EmptyHash
			for _, x := range a {
				if h, ok := x.(*v.Hash); ok {
					acc = acc.Merge(h)
				}
			}
			return acc
		}).Method("merge2hashes").
		DR("Iterable args*, Callable[3,3] &block", "Hash", func(c fn.Context, a args, b fn.Block) v.Value {
			acc := v.EmptyHash
			if len(a) == 0 {
				return acc
			}
			if h, ok := a[0].(*v.Hash); ok {
				for i := 0; i < h.Len(); i++ {
					if r, ok := b.Call(acc, h.KeyAt(i), h.ValueAt(i)).(*v.Hash); ok {
						acc = acc.Merge(r)
					}
				}
				return acc
			}
			i := 0
			fn.CatchBreak(func() {
				fn.Iterate("merge", a[0], func(e v.Value) bool {
					if r, ok := b.Call(acc, v.Int(i), e).(*v.Hash); ok {
						acc = acc.Merge(r)
					}
					i++
					return true
				})
			})
			return acc
		}).Method("merge_iterable3").
		DR("Iterable args*, Callable[2,2] &block", "Hash", func(c fn.Context, a args, b fn.Block) v.Value {
			acc := v.EmptyHash
			if len(a) == 0 {
				return acc
			}
			fn.Iterate("merge", a[0], func(e v.Value) bool {
				if r, ok := b.Call(acc, e).(*v.Hash); ok {
					acc = acc.Merge(r)
				}
				return true
			})
			return acc
		}).Method("merge_iterable2").Register()

}

// Globber is implemented by contexts that may read the compiling machine's
// file system for glob().
type Globber interface {
	Glob(patterns []string) []string
}

func deepMerge(a, b *v.Hash) *v.Hash {
	out := v.NewHashBuilder(a.Len() + b.Len())
	for i := 0; i < a.Len(); i++ {
		out.Put(a.KeyAt(i), a.ValueAt(i))
	}
	for i := 0; i < b.Len(); i++ {
		k, nv := b.KeyAt(i), b.ValueAt(i)
		if ov, ok := a.Get(k); ok {
			oh, ok1 := ov.(*v.Hash)
			nh, ok2 := nv.(*v.Hash)
			if ok1 && ok2 {
				out.Put(k, deepMerge(oh, nh))
				continue
			}
		}
		out.Put(k, nv)
	}
	return out.Build()
}

func md5Seed(s string) *big.Int {
	sum := md5.Sum([]byte(s))
	n, _ := new(big.Int).SetString(hex.EncodeToString(sum[:]), 16)
	return n
}

// joinToS is Array#join(':'): nested arrays are joined recursively (an
// empty one still takes its place between separators).
func joinToS(vals []v.Value) string { return rubyJoin(vals, ":") }

func rubyJoin(vals []v.Value, sep string) string {
	parts := make([]string, len(vals))
	for i, x := range vals {
		if a, ok := x.(*v.Array); ok {
			parts[i] = rubyJoin(a.Elems(), sep)
		} else {
			parts[i] = fn.RubyToS(x)
		}
	}
	return strings.Join(parts, sep)
}

func base64Lenient(s string) []byte {
	var clean []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' {
			clean = append(clean, c)
		} else if c == '=' {
			break
		}
	}
	for len(clean)%4 == 1 {
		clean = clean[:len(clean)-1]
	}
	out, _ := base64.RawStdEncoding.DecodeString(string(clean))
	return out
}

// fact is stdlib's fact(): a dotted path into $facts (quoted segments may
// contain dots), with Puppet's warnings.
func fact(c fn.Context, name string) v.Value {
	facts, _ := c.LookupVar("facts")
	var segs []string
	for _, m := range factPathRx.FindAllStringSubmatch(name, -1) {
		if m[1] != "" {
			segs = append(segs, m[1])
		} else {
			segs = append(segs, m[2])
		}
	}
	var walked []string
	dot := func() string {
		parts := make([]string, len(walked))
		for i, w := range walked {
			if strings.Contains(w, ".") {
				parts[i] = `"` + w + `"`
			} else {
				parts[i] = w
			}
		}
		return strings.Join(parts, ".")
	}
	d := facts
	for _, k := range segs {
		if v.IsUndef(d) {
			return v.Undef
		}
		var r v.Value = v.Undef
		switch x := d.(type) {
		case *v.Array:
			n, ok := fn.RubyInteger(k)
			if !ok {
				c.Warn("fact request for " + name + " returning nil: '" + dot() + "' is an array; cannot index to '" + k + "'")
			} else if n.IsInt64() {
				i := n.Int64()
				if i < 0 {
					i += int64(x.Len())
				}
				if i >= 0 && i < int64(x.Len()) {
					r = x.At(int(i))
				}
			}
		case *v.Hash:
			if y, ok := x.GetString(k); ok {
				r = y
			}
		default:
			c.Warn("fact request for " + name + " returning nil: '" + dot() + "' is not a collection; cannot walk to '" + k + "'")
		}
		walked = append(walked, k)
		d = r
	}
	if d == nil {
		return v.Undef
	}
	return d
}

var factPathRx = lazyre.New(`([^."]+)|(?:")([^"]+)(?:")`)
