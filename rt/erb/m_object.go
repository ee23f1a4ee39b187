package erb

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/values"
)

// Methods every object (or most) has.

// objectMethod reports whether every object responds to name (Object's
// and Kernel's public methods pp2go implements).
func objectMethod(name string) bool {
	switch name {
	case "to_s", "inspect", "nil?", "is_a?", "kind_of?", "respond_to?", "class", "freeze", "frozen?", "dup", "==", "!=", "eql?", "equal?", "hash", "instance_of?", "to_json", "to_yaml", "itself":
		return true
	}
	return false
}

func init() {
	plain([]plainMethod{
		{"to_s", (*R).ToS},
		{"inspect", (*R).Inspect},
		{"nil?", (*R).NilQ},
		{"is_a?", (*R).IsAQ},
		{"kind_of?", (*R).KindOfQ},
		{"instance_of?", (*R).InstanceOfQ},
		{"respond_to?", (*R).RespondToQ},
		{"eql?", (*R).EqlQ},
		{"equal?", (*R).EqualQ},
		{"class", (*R).Class},
		{"frozen?", (*R).FrozenQ},
		{"freeze", (*R).Freeze},
		{"dup", (*R).Dup},
		{"clone", (*R).Clone},
		{"itself", (*R).Itself},
		{"to_a", (*R).ToA},
		{"to_i", (*R).ToI},
		{"to_int", (*R).ToInt},
		{"to_f", (*R).ToF},
		{"to_sym", (*R).ToSym},
		{"intern", (*R).Intern},
		{"to_str", (*R).ToStr},
		{"to_hash", (*R).ToHash},
		{"to_ary", (*R).ToAry},
		{"empty?", (*R).EmptyQ},
		{"length", (*R).Length},
		{"size", (*R).Size},
		{"between?", (*R).BetweenQ},
		{"clamp", (*R).Clamp},
		{"hash", (*R).Hash},
		{"to_json", (*R).ToJson},
		{"to_yaml", (*R).ToYaml},
		{"name", (*R).Name},
		{"ancestors", (*R).Ancestors},
		{"source", (*R).Source},
		{"captures", (*R).Captures},
		{"pre_match", (*R).PreMatch},
		{"post_match", (*R).PostMatch},
		{"named_captures", (*R).NamedCaptures},
		{"begin", (*R).Begin},
		{"end", (*R).End},
		{"force_encoding", (*R).ForceEncoding},
		{"b", (*R).B},
		{"encode", (*R).Encode},
		{"dig", (*R).Dig},
	})
}

// ToS is to_s.
func (r *R) ToS(recv Value, args ...Value) Value {
	if len(args) > 0 {
		if n, ok := recv.(int64); ok {
			arity(args, 0, 1)
			base, ok := args[0].(int64)
			if !ok {
				implicitConversion(args[0], "Integer")
			}
			if base < 2 || base > 36 {
				argError("invalid radix %d", base)
			}
			return S(strconv.FormatInt(n, int(base)))
		}
		if n, ok := recv.(*bigInteger); ok {
			arity(args, 0, 1)
			base := intArg(args[0])
			if base < 2 || base > 36 {
				argError("invalid radix %d", base)
			}
			return S(n.n.Text(int(base)))
		}
		arity(args, 0, 0)
	}
	if s, ok := recv.(*Str); ok {
		return s
	}
	return r.newStr(ToS(recv))
}

// Inspect is inspect.
func (r *R) Inspect(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return r.newStr(Inspect(recv))
}

// NilQ is nil?.
func (r *R) NilQ(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return recv == nil
}

func classArg(v Value) *Class {
	c, ok := v.(*Class)
	if !ok {
		typeError("class or module required")
	}
	return c
}

// IsAQ is is_a?.
func (r *R) IsAQ(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	return isA(recv, classArg(args[0]))
}

// KindOfQ is kind_of?.
func (r *R) KindOfQ(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	return isA(recv, classArg(args[0]))
}

// InstanceOfQ is instance_of?.
func (r *R) InstanceOfQ(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	return classOf(recv) == classArg(args[0])
}

// RespondToQ is respond_to?: whether Ruby's class of the receiver has the
// method (as far as pp2go models Ruby's classes).
func (r *R) RespondToQ(recv Value, args ...Value) Value {
	arity(args, 1, 2)
	return respondsTo(recv, symbolName(args[0]))
}

// symbolName is the name a method given a Symbol or a String reads
// (respond_to?, const_defined?); TypeError for another value.
func symbolName(v Value) string {
	switch x := v.(type) {
	case Symbol:
		return string(x)
	case *Str:
		return x.S
	}
	typeError("%s is not a symbol nor a string", Inspect(v))
	return ""
}

// EqlQ is eql?.
func (r *R) EqlQ(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	return eql(recv, args[0])
}

// EqualQ is equal? (identity).
func (r *R) EqualQ(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	switch recv.(type) {
	case *Str, *Array, *Hash, *Range, *Object:
		return recv == args[0]
	}
	return eql(recv, args[0])
}

// Class is class.
func (r *R) Class(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return classOf(recv)
}

// FrozenQ is frozen?.
func (r *R) FrozenQ(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	switch x := recv.(type) {
	case *Str:
		return x.Frozen
	case *Array, *Hash:
		return false
	}
	return true
}

// Freeze is freeze.
func (r *R) Freeze(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	if s, ok := recv.(*Str); ok {
		s.Frozen = true
	}
	return recv
}

func checkFrozen(s *Str) {
	if s.Frozen {
		raise(ClassFrozenError, "can't modify frozen String: %s", inspectString(s.S))
	}
}

// Dup is dup.
func (r *R) Dup(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return dupValue(recv)
}

// Clone is clone.
func (r *R) Clone(recv Value, args ...Value) Value {
	if s, ok := recv.(*Str); ok {
		return &Str{S: s.S, Frozen: s.Frozen, Bin: s.Bin}
	}
	return dupValue(recv)
}

func dupValue(v Value) Value {
	switch x := v.(type) {
	case *Str:
		return &Str{S: x.S, Bin: x.Bin}
	case *Array:
		return &Array{A: append([]Value(nil), x.A...)}
	case *Hash:
		h := x.dup()
		h.Default, h.DefaultProc = x.Default, x.DefaultProc
		return h
	case *rubyTime:
		c := *x
		return &c
	}
	return v
}

// Itself is itself.
func (r *R) Itself(recv Value, args ...Value) Value { return recv }

// ToA is to_a.
func (r *R) ToA(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	switch x := recv.(type) {
	case nil:
		return NewArray()
	case *Array:
		return x
	case *Hash:
		return hashPairs(x)
	case *Range:
		return &Array{A: rangeElems(x)}
	case *MatchData:
		return &Array{A: append([]Value(nil), x.Groups...)}
	case *Enumerator:
		return r.enumToA(x)
	}
	noMethod("to_a", recv)
	return nil
}

func hashPairs(h *Hash) *Array {
	keys := h.Keys()
	out := arrayRoom(len(keys)) // with its list when short
	pb := newPairBlock(len(keys))
	for i, k := range keys {
		out.A = append(out.A, pb.pair(k, h.Values()[i]))
	}
	return out
}

// pairBlock hands out the [key, value] Arrays of a hash's entries from one
// block: two allocations for them all instead of two an entry. Each pair
// is an Array of its own, whose list has no room beyond its two elements
// (an append moves it, not over the next pair's).
type pairBlock struct {
	arrs []Array
	kv   []Value
}

// newPairBlock has room for n pairs.
func newPairBlock(n int) pairBlock {
	return pairBlock{arrs: make([]Array, 0, n), kv: make([]Value, 0, 2*n)}
}

// pair is a new [k, v], from the block while it has room.
func (p *pairBlock) pair(k, v Value) *Array {
	if len(p.arrs) == cap(p.arrs) {
		return NewArray(k, v)
	}
	i := len(p.kv)
	p.kv = append(p.kv, k, v)
	p.arrs = append(p.arrs, Array{A: p.kv[i : i+2 : i+2]})
	return &p.arrs[len(p.arrs)-1]
}

// ToI is to_i.
func (r *R) ToI(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case nil:
		arity(args, 0, 0)
		return int64(0)
	case int64:
		arity(args, 0, 0)
		return x
	case float64:
		arity(args, 0, 0)
		return floatToInt(x)
	case *Str:
		arity(args, 0, 1)
		base := int64(10)
		if len(args) == 1 {
			b, ok := args[0].(int64)
			if !ok {
				implicitConversion(args[0], "Integer")
			}
			if b < 2 || b > 36 || b == 1 {
				argError("invalid radix %d", b)
			}
			base = b
		}
		return strToIValue(x.S, int(base))
	case bool:
		noMethod("to_i", recv)
	case *IPAddr:
		return x.toI()
	case *rubyTime:
		arity(args, 0, 0)
		return x.t.Unix()
	}
	noMethod("to_i", recv)
	return nil
}

// ToInt is to_int.
func (r *R) ToInt(recv Value, args ...Value) Value {
	switch recv.(type) {
	case int64, float64:
		return r.ToI(recv, args...)
	}
	noMethod("to_int", recv)
	return nil
}

func floatToInt(f float64) Value {
	if math.IsNaN(f) {
		raise(ClassFloatDomainError, "NaN")
	}
	if math.IsInf(f, 0) {
		if f > 0 {
			raise(ClassFloatDomainError, "Infinity")
		}
		raise(ClassFloatDomainError, "-Infinity")
	}
	if f >= 9.2233720368547758e18 || f < -9.2233720368547758e18 {
		overflow()
	}
	return int64(f)
}

// strToI is String#to_i: leading blanks, a sign, digits (underscores
// between them), anything after is ignored.
func strToI(s string, base int) int64 {
	neg, digits := scanInt(s, base)
	var n int64
	for _, d := range digits {
		n = addInt(mulInt(n, int64(base)), int64(d))
	}
	if neg {
		return -n
	}
	return n
}

// scanInt reads what String#to_i(base) reads of s: leading blanks, a
// sign, a base prefix matching the base, then the digits' values
// (underscores between them) up to the first other character.
func scanInt(s string, base int) (neg bool, digits []byte) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] >= '\t' && s[i] <= '\r') {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	if i+1 < len(s) && s[i] == '0' {
		p := s[i+1] | 0x20
		if base == 16 && p == 'x' || base == 2 && p == 'b' || base == 8 && p == 'o' || base == 10 && p == 'd' {
			i += 2
		}
	}
	lastUnderscore := true
	for ; i < len(s); i++ {
		c := s[i]
		if c == '_' {
			if lastUnderscore {
				break
			}
			lastUnderscore = true
			continue
		}
		d := digitVal(c)
		if d < 0 || d >= base {
			break
		}
		lastUnderscore = false
		digits = append(digits, byte(d))
	}
	return neg, digits
}

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return -1
}

// ToF is to_f.
func (r *R) ToF(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	switch x := recv.(type) {
	case nil:
		return 0.0
	case int64:
		return float64(x)
	case float64:
		return x
	case *Str:
		return strToF(x.S)
	}
	noMethod("to_f", recv)
	return nil
}

// strToF is String#to_f: the longest leading float, 0.0 if none.
func strToF(s string) float64 {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] >= '\t' && s[i] <= '\r') {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() bool {
		seen := false
		for i < len(s) {
			if s[i] >= '0' && s[i] <= '9' {
				seen = true
				i++
			} else if s[i] == '_' && seen && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
			} else {
				break
			}
		}
		return seen
	}
	if !digits() {
		return 0
	}
	end := i
	if i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
		i++
		digits()
		end = i
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() {
			end = i
		} else {
			i = j
		}
	}
	f, _ := strconv.ParseFloat(strings.ReplaceAll(s[start:end], "_", ""), 64)
	return f
}

// ToSym is to_sym.
func (r *R) ToSym(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	switch x := recv.(type) {
	case *Str:
		return Symbol(x.S)
	case Symbol:
		return x
	}
	noMethod("to_sym", recv)
	return nil
}

// Intern is intern.
func (r *R) Intern(recv Value, args ...Value) Value {
	if _, ok := recv.(*Str); !ok {
		noMethod("intern", recv)
	}
	return r.ToSym(recv, args...)
}

// ToStr is to_str.
func (r *R) ToStr(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	if s, ok := recv.(*Str); ok {
		return s
	}
	noMethod("to_str", recv)
	return nil
}

// ToH is to_h; with a block, each element's (each pair's) block result
// is a [key, value] pair of the new Hash.
func (r *R) ToH(recv Value, b *Block, args ...Value) Value {
	arity(args, 0, 0)
	if b != nil {
		h := NewHash()
		switch recv.(type) {
		case *Hash, *Array, *Range, *Enumerator:
		default:
			noMethod("to_h", recv)
		}
		_, isArray := recv.(*Array)
		i := 0
		r.eachValue("to_h", recv, func(v Value) {
			res := b.yield1(v)
			pair, ok := res.(*Array)
			if !ok {
				if !isArray {
					// Enumerable#to_h does not say where
					typeError("wrong element type %s (expected array)", classOf(res).Name)
				}
				typeError("wrong element type %s at %d (expected array)", classOf(res).Name, i)
			}
			if len(pair.A) != 2 {
				if !isArray {
					argError("element has wrong array length (expected 2, was %d)", len(pair.A))
				}
				argError("wrong array length at %d (expected 2, was %d)", i, len(pair.A))
			}
			h.Set(pair.A[0], pair.A[1])
			i++
		})
		return h
	}
	switch x := recv.(type) {
	case nil:
		return NewHash()
	case *Hash:
		return x
	case *Array:
		h := NewHash()
		for i, e := range x.A {
			pair, ok := e.(*Array)
			if !ok {
				typeError("wrong element type %s at %d (expected array)", classOf(e).Name, i)
			}
			if len(pair.A) != 2 {
				argError("wrong array length at %d (expected 2, was %d)", i, len(pair.A))
			}
			h.Set(pair.A[0], pair.A[1])
		}
		return h
	}
	noMethod("to_h", recv)
	return nil
}

// ToHash is to_hash.
func (r *R) ToHash(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Hash:
		return x
	case *resourceObject:
		arity(args, 0, 0)
		return x.toHash() // resource.go
	}
	noMethod("to_hash", recv)
	return nil
}

// ToAry is to_ary.
func (r *R) ToAry(recv Value, args ...Value) Value {
	if a, ok := recv.(*Array); ok {
		return a
	}
	noMethod("to_ary", recv)
	return nil
}

// EmptyQ is empty?.
func (r *R) EmptyQ(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	switch x := recv.(type) {
	case *Str:
		return x.S == ""
	case *Array:
		return len(x.A) == 0
	case *Hash:
		return x.Len() == 0
	case Symbol:
		return x == ""
	}
	noMethod("empty?", recv)
	return nil
}

func (r *R) length(name string, recv Value, args []Value) Value {
	arity(args, 0, 0)
	switch x := recv.(type) {
	case *Str:
		if x.Bin {
			return int64(len(x.S)) // a binary string's characters are bytes
		}
		return int64(utf8.RuneCountInString(x.S))
	case *digestObject:
		return int64(newHash(x.c).Size()) // Digest#length: digest_length
	case *Array:
		return int64(len(x.A))
	case *Hash:
		return int64(x.Len())
	case Symbol:
		return int64(utf8.RuneCountInString(string(x)))
	case *MatchData:
		return int64(len(x.Groups))
	case *Range:
		if name == "size" {
			return rangeSize(x)
		}
	case *Enumerator:
		if name == "size" {
			return r.enumSize(x)
		}
	case int64:
		if name == "size" {
			return int64(8)
		}
	}
	noMethod(name, recv)
	return nil
}

// Length is length.
func (r *R) Length(recv Value, args ...Value) Value { return r.length("length", recv, args) }

// Size is size.
func (r *R) Size(recv Value, args ...Value) Value { return r.length("size", recv, args) }

// BetweenQ is between?(min, max).
func (r *R) BetweenQ(recv Value, args ...Value) Value {
	arity(args, 2, 2)
	return compareOrFail(recv, args[0]) >= 0 && compareOrFail(recv, args[1]) <= 0
}

// Clamp is clamp(min, max).
func (r *R) Clamp(recv Value, args ...Value) Value {
	arity(args, 2, 2)
	if compareOrFail(args[0], args[1]) > 0 {
		argError("min argument must be less than or equal to max argument")
	}
	if compareOrFail(recv, args[0]) < 0 {
		return args[0]
	}
	if compareOrFail(recv, args[1]) > 0 {
		return args[1]
	}
	return recv
}

// Hash is hash: a number that is equal for eql? values (not Ruby's).
func (r *R) Hash(recv Value, args ...Value) Value {
	k := hashKey(recv)
	var b strings.Builder
	writeKey(&b, recv)
	_ = k
	var h int64 = 1469598103934665603
	for _, c := range []byte(b.String()) {
		h = (h ^ int64(c)) * 1099511628211
	}
	return h
}

// Ancestors is Module#ancestors: the class, the modules it includes
// (the last included first), then its superclass's, up to BasicObject;
// without the modules that JSON's and PSON's generators include in Ruby's
// core classes (JSON::Ext::Generator::GeneratorMethods::Integer, ...).
func (r *R) Ancestors(recv Value, args ...Value) Value {
	c, ok := recv.(*Class)
	if !ok {
		noMethod("ancestors", recv)
	}
	arity(args, 0, 0)
	var out []Value
	for x := c; x != nil; x = x.Super {
		out = append(out, x)
		for i := len(x.Modules) - 1; i >= 0; i-- {
			out = append(out, x.Modules[i])
		}
	}
	return &Array{A: out}
}

// Name is Class#name.
func (r *R) Name(recv Value, args ...Value) Value {
	if c, ok := recv.(*Class); ok {
		return S(c.Name)
	}
	if t, ok := recv.(*resourceType); ok {
		arity(args, 0, 0)
		return t.nameValue() // resource.go
	}
	if p, ok := recv.(*resourceParam); ok {
		arity(args, 0, 0)
		return Symbol(p.name) // puppetapi.go
	}
	if x, ok := recv.(*resourceObject); ok {
		arity(args, 0, 0)
		return x.name() // resource.go
	}
	noMethod("name", recv)
	return nil
}

// Source is Regexp#source.
func (r *R) Source(recv Value, args ...Value) Value {
	if re, ok := recv.(*Regexp); ok {
		return S(re.Source)
	}
	if _, ok := recv.(*scopeObject); ok {
		return r.ScopeSource() // puppetapi.go
	}
	noMethod("source", recv)
	return nil
}

// Captures is MatchData#captures.
func (r *R) Captures(recv Value, args ...Value) Value {
	if md, ok := recv.(*MatchData); ok {
		return &Array{A: append([]Value(nil), md.Groups[1:]...)}
	}
	noMethod("captures", recv)
	return nil
}

// NamedCaptures is MatchData#named_captures.
func (r *R) NamedCaptures(recv Value, args ...Value) Value {
	md, ok := recv.(*MatchData)
	if !ok {
		noMethod("named_captures", recv)
	}
	h := NewHash()
	for i, n := range md.re.names {
		if n != "" {
			h.Set(S(n), md.Groups[i])
		}
	}
	return h
}

// PreMatch is MatchData#pre_match.
func (r *R) PreMatch(recv Value, args ...Value) Value {
	if md, ok := recv.(*MatchData); ok {
		return S(md.PreMatch())
	}
	noMethod("pre_match", recv)
	return nil
}

// PostMatch is MatchData#post_match.
func (r *R) PostMatch(recv Value, args ...Value) Value {
	if md, ok := recv.(*MatchData); ok {
		return S(md.PostMatch())
	}
	noMethod("post_match", recv)
	return nil
}

func (r *R) mdGroup(md *MatchData, v Value) int {
	switch x := v.(type) {
	case int64:
		if x < 0 || int(x) >= len(md.Groups) {
			raise(ClassIndexError, "index %d out of matches", x)
		}
		return int(x)
	case *Str, Symbol:
		name := ToS(v)
		for i, n := range md.re.names {
			if n == name {
				return i
			}
		}
		raise(ClassIndexError, "undefined group name reference: %s", name)
	}
	implicitConversion(v, "Integer")
	return 0
}

// Begin is MatchData#begin(n) (or Range#begin).
func (r *R) Begin(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *MatchData:
		arity(args, 1, 1)
		i := r.mdGroup(x, args[0])
		if x.starts[i] < 0 {
			return nil
		}
		return int64(x.starts[i])
	case *Range:
		return x.Lo
	}
	noMethod("begin", recv)
	return nil
}

// End is MatchData#end(n) (or Range#end).
func (r *R) End(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *MatchData:
		arity(args, 1, 1)
		i := r.mdGroup(x, args[0])
		if x.starts[i] < 0 {
			return nil
		}
		return int64(x.ends[i])
	case *Range:
		return x.Hi
	}
	noMethod("end", recv)
	return nil
}

// ForceEncoding is force_encoding: to binary (ASCII-8BIT, BINARY) or
// back; every other encoding is UTF-8 here, as templates are UTF-8 text.
func (r *R) ForceEncoding(recv Value, args ...Value) Value {
	s, ok := recv.(*Str)
	if !ok {
		noMethod("force_encoding", recv)
	}
	arity(args, 1, 1)
	name := strings.ToUpper(ToS(args[0]))
	if bin := name == "ASCII-8BIT" || name == "BINARY"; bin != s.Bin {
		checkFrozen(s)
		s.Bin = bin
	}
	return recv
}

// B is String#b: a binary copy.
func (r *R) B(recv Value, args ...Value) Value {
	s, ok := recv.(*Str)
	if !ok {
		noMethod("b", recv)
	}
	arity(args, 0, 0)
	return &Str{S: s.S, Bin: true}
}

// Encode is encode (to UTF-8 only).
func (r *R) Encode(recv Value, args ...Value) Value {
	s, ok := recv.(*Str)
	if !ok {
		noMethod("encode", recv)
	}
	out := s.S
	bin := false
	for _, a := range args {
		if h, isHash := a.(*Hash); isHash {
			out = encodeOptions(h, out)
			continue
		}
		switch e := strings.ToUpper(ToS(a)); {
		case (e == "ASCII-8BIT" || e == "BINARY") && values.IsASCII(out):
			// ASCII text is the same bytes in binary
			bin = true
		case e != "UTF-8":
			raise(ClassArgumentError, "pp2go: encode to %s is not supported", ToS(a))
		}
	}
	return &Str{S: out, Bin: bin}
}

// encodeOptions applies String#encode's options: xml: :text escapes &, <
// and >; xml: :attr also ", and quotes the result. Options that change
// nothing for UTF-8 text (invalid:, undef:, replace:) are accepted.
func encodeOptions(h *Hash, s string) string {
	for _, k := range h.Keys() {
		v, _ := h.Lookup(k)
		switch ToS(k) {
		case "xml":
			r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
			switch ToS(v) {
			case "text":
				s = r.Replace(s)
			case "attr":
				s = `"` + strings.ReplaceAll(r.Replace(s), `"`, "&quot;") + `"`
			default:
				raise(ClassArgumentError, "unexpected value for xml option: %s", inspectSym(v))
			}
		case "invalid", "undef", "replace", "fallback":
		default:
			raise(ClassArgumentError, "pp2go: String#encode option %s is not supported", ToS(k))
		}
	}
	return s
}

func inspectSym(v Value) string {
	if s, ok := v.(Symbol); ok {
		return ":" + string(s)
	}
	return ToS(v)
}

// Dig is dig(keys...) on hashes and arrays.
func (r *R) Dig(recv Value, args ...Value) Value {
	arity(args, 1, -1)
	cur := recv
	for i, k := range args {
		switch x := cur.(type) {
		case *Hash:
			cur = r.hashGet(x, k)
		case *Array:
			cur = r.Aref(x, k)
		case nil:
			if i == 0 {
				noMethod("dig", recv)
			}
			return nil
		default:
			typeError("%s does not have #dig method", classOf(cur).Name)
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

// objectEqual compares wrapped Puppet values.
func objectEqual(a, b *Object) bool { return values.Equals(a.V, b.V) }

// respondsTo models which methods Ruby's classes have, for respond_to?.
func respondsTo(v Value, name string) bool {
	if objectMethod(name) {
		return true
	}
	var set string
	switch x := v.(type) {
	case nil:
		set = " to_a to_h to_i to_f & | "
	case *Str:
		set = " + * % << =~ [] []= length size upcase downcase capitalize swapcase strip lstrip rstrip chomp chop chars lines bytes split gsub gsub! sub sub! tr delete squeeze start_with? end_with? include? index rindex match match? scan empty? to_i to_f to_str to_sym intern ljust rjust center reverse each_line each_char each_byte upcase! downcase! strip! chomp! replace casecmp casecmp? hex oct ord succ next concat prepend insert slice count between? bytesize encoding force_encoding encode unpack <=> "
	case int64:
		set = " + - * / % ** abs round floor ceil truncate to_i to_int to_f times upto downto step zero? even? odd? succ pred next chr divmod fdiv div modulo integer? positive? negative? between? clamp <=> < > <= >= coerce size "
	case float64:
		set = " + - * / % ** abs round floor ceil truncate to_i to_int to_f zero? nan? infinite? finite? divmod fdiv div modulo integer? positive? negative? between? clamp <=> < > <= >= coerce "
	case *Array:
		set = " each each_with_index each_index map collect map! collect! flat_map select filter select! reject reject! delete_if keep_if find detect find_index index rindex include? member? join sort sort! sort_by sort_by! uniq uniq! flatten flatten! compact compact! first last length size count empty? any? all? none? one? min max min_by max_by sum inject reduce push append << pop shift unshift prepend insert concat + - * & | delete delete_at reverse reverse! reverse_each rotate zip transpose each_slice each_cons group_by partition to_a to_ary to_h values_at take drop take_while drop_while slice [] []= fetch dig each_with_object tally clear replace product filter_map entries find_all <=> "
	case *Hash:
		set = " each each_pair each_key each_value each_with_index each_with_object keys values [] []= store fetch key? has_key? include? member? value? has_value? key delete dig map collect flat_map select filter reject select! reject! delete_if keep_if find detect sort sort_by min_by max_by count size length empty? any? all? none? to_a to_h to_hash merge merge! update invert values_at inject reduce group_by partition first sum transform_values transform_keys filter_map compact default clear entries find_all "
	case Symbol:
		set = " to_sym to_proc length size upcase downcase capitalize <=> [] start_with? end_with? empty? "
	case *Range:
		set = " each map collect to_a include? member? cover? first last min max size count step select reject sum each_with_index begin end "
	case *Regexp:
		set = " match match? =~ === source options "
	case *MatchData:
		set = " [] captures named_captures pre_match post_match to_a begin end values_at size length "
	case *Class:
		switch x {
		case ClassPuppetExecution:
			set = " execute "
		case ClassPuppetUtil:
			set = puppetUtilMethods
		}
	case *resourceObject:
		set = " type title [] to_hash ref "
	case *catalogObject:
		set = " resources resource "
	case *resourceType:
		set = " name "
		if x.kind != "type" {
			set += "type "
		}
	case *Object:
		if _, ok := x.V.(*values.Sensitive); ok {
			// postgresql 10's postgresql_password: password.unwrap if password.respond_to?(:unwrap)
			set = " unwrap "
		}
	case *Instance:
		// its public methods (respond_to? without include_all)
		if k := x.lookup(name); k != nil && !x.self {
			return k.public[name]
		}
	}
	return strings.Contains(set, " "+name+" ")
}

func init() {
	plain([]plainMethod{
		{"message", (*R).Message},
		{"backtrace", (*R).Backtrace},
	})
}

// Message is Exception#message.
func (r *R) Message(recv Value, args ...Value) Value {
	if p, ok := recv.(*netResponse); ok {
		// Net::HTTPResponse#message: the status line's reason
		return S(p.message)
	}
	e, ok := recv.(*RubyError)
	if !ok {
		noMethod("message", recv)
	}
	return S(e.Msg)
}

// Backtrace is Exception#backtrace (its first line only).
func (r *R) Backtrace(recv Value, args ...Value) Value {
	e, ok := recv.(*RubyError)
	if !ok {
		noMethod("backtrace", recv)
	}
	_ = e
	raise(ClassNoMethodError, "pp2go: Exception#backtrace is not supported")
	return nil
}
