package erb

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/internal/rubystr"
	"github.com/pp2go/pp2go/rt/values"
)

// Value is a Ruby value as translated templates see it:
//
//	nil          nil
//	true, false  bool
//	Integer      int64 (a result that does not fit raises an error)
//	Float        float64
//	String       *Str (mutable, as Ruby strings are)
//	Symbol       Symbol
//	Array        *Array
//	Hash         *Hash (insertion ordered, Ruby's eql? keys)
//	Range        *Range
//	Regexp       *Regexp
//	MatchData    *MatchData
//	Class        *Class (String, Array, Hash, Integer, ... as values)
//	IPAddr       *IPAddr
//	other Puppet values (types, Sensitive, Timestamp, ...) are *Object
type Value = any

// Str is a Ruby String.
type Str struct {
	S      string
	Frozen bool
	// Bin marks a binary (ASCII-8BIT) string, indexed by bytes:
	// Digest's digest and Array#pack make them.
	Bin bool
}

// Symbol is a Ruby Symbol.
type Symbol string

// Array is a Ruby Array.
type Array struct {
	A []Value
}

// Range is a Ruby Range.
type Range struct {
	Lo, Hi Value
	Excl   bool
}

// Object wraps a Puppet value that has no closer Ruby form here.
type Object struct {
	V values.Value
}

// S makes a new string.
func S(s string) *Str { return &Str{S: s} }

// strBlock hands out the Strs of one conversion from one block: a Puppet
// array's or hash's strings each become a new Ruby String, and one
// allocation for all of them costs a fraction of one each.
type strBlock []Str

// strsFor is room for n Strs (none when n is 0: no allocation).
func strsFor(n int) strBlock {
	if n == 0 {
		return nil
	}
	return make(strBlock, 0, n)
}

// str is a new Str of s, from the block while it has room.
func (b *strBlock) str(s string) *Str {
	if len(*b) == cap(*b) {
		return &Str{S: s}
	}
	*b = append(*b, Str{S: s})
	return &(*b)[len(*b)-1]
}

// countStrings is how many of vs are Strings.
func countStrings(vs []values.Value) int {
	n := 0
	for _, v := range vs {
		if _, ok := v.(values.String); ok {
			n++
		}
	}
	return n
}

// NewArray makes an array of the given elements, a copy of elems: an
// array literal's elements then stay on its caller's stack, and an Array
// of up to 4 is one allocation with its list (arrayRoom).
func NewArray(elems ...Value) *Array {
	a := arrayRoom(len(elems))
	a.A = append(a.A, elems...)
	return a
}

// arrayRoom is an empty Array with room for n elements, its list and the
// Array one allocation when n is at most 4: most arrays translated Ruby
// makes (literals, a function's arguments, results) are short.
func arrayRoom(n int) *Array {
	switch {
	case n == 0:
		return &Array{}
	case n == 1:
		b := &struct {
			a  Array
			el [1]Value
		}{}
		b.a.A = b.el[:0]
		return &b.a
	case n == 2:
		b := &struct {
			a  Array
			el [2]Value
		}{}
		b.a.A = b.el[:0]
		return &b.a
	case n <= 4:
		b := &struct {
			a  Array
			el [4]Value
		}{}
		b.a.A = b.el[:0:n]
		return &b.a
	}
	return &Array{A: make([]Value, 0, n)}
}

// Sym makes a symbol.
func Sym(s string) Symbol { return Symbol(s) }

// Truthy is Ruby's truth: everything but nil and false.
func Truthy(v Value) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	}
	return true
}

// Bool returns v as a Ruby boolean.
func Bool(b bool) Value { return b }

// FromPuppet converts a Puppet value to the Ruby value Puppet gives
// templates (undef is nil, default is :default).
func FromPuppet(v values.Value) Value {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return nil
	case values.String:
		return &Str{S: string(x), Bin: values.IsBinaryString(x)}
	case values.Int:
		return int64(x)
	case values.Float:
		return float64(x)
	case values.Bool:
		return bool(x)
	case values.DefaultValue:
		return Symbol("default")
	case *values.Array:
		return arrayFrom(x.Elems(), FromPuppet)
	case *values.Hash:
		return lazyHashOf(x, FromPuppet)
	case *values.Regexp:
		re, err := NewRegexp(x.Source(), "")
		if err != nil {
			return &Object{V: v}
		}
		return re
	}
	return &Object{V: v}
}

// arrayFrom is the Ruby Array of a Puppet array's elements el, converted
// with from (FromPuppet or FromPuppet3x), its Strings from one block.
func arrayFrom(el []values.Value, from func(values.Value) Value) *Array {
	var a *Array
	var ss strBlock
	switch {
	case len(el) == 0:
		return &Array{A: []Value{}}
	case len(el) <= smallArrayLen:
		b := &smallArray{}
		a, ss = &b.a, b.strs[:0]
		a.A = b.el[:len(el):len(el)]
	default:
		a = &Array{A: make([]Value, len(el))}
		ss = strsFor(countStrings(el))
	}
	for i, e := range el {
		if s, ok := e.(values.String); ok {
			a.A[i] = ss.str(string(s))
		} else {
			a.A[i] = from(e)
		}
	}
	return a
}

// smallArray is a small Array converted from Puppet with its list and
// Strings, one allocation instead of three: most arrays that templates
// and functions are given are short.
type smallArray struct {
	a    Array
	el   [smallArrayLen]Value
	strs [smallArrayLen]Str
}

const smallArrayLen = 4

// ToPuppet converts a Ruby value to a Puppet value (for function calls):
// nil and :undef are undef, :default is default, other symbols are strings.
// A String's box is the process's (values.BoxedString): translated
// functions return and pass on the same strings at every compile.
func ToPuppet(v Value) values.Value {
	switch x := v.(type) {
	case nil:
		return values.Undef
	case *Str:
		if x.Bin {
			return values.BinaryString(x.S)
		}
		return values.BoxedString(x.S)
	case int64:
		return values.Int(x)
	case float64:
		return values.Float(x)
	case bool:
		return values.BoolOf(x)
	case Symbol:
		switch x {
		case "undef":
			return values.Undef
		case "default":
			return values.Default
		}
		return values.String(string(x))
	case *Array:
		out := make([]values.Value, len(x.A))
		for i, e := range x.A {
			out[i] = ToPuppet(e)
		}
		return values.NewArray(out...)
	case *Hash:
		if x.lazy != nil {
			return x.lazy.toPuppet()
		}
		b := values.NewHashBuilder(x.Len())
		for i, k := range x.Keys() {
			b.Put(ToPuppet(k), ToPuppet(x.Values()[i]))
		}
		return b.Build()
	case *Regexp:
		return values.RegexpOf(x.Source)
	case *Object:
		return x.V
	case *resourceObject:
		return x.toPuppet() // puppetapi.go
	}
	return values.String(ToS(v))
}

// ToS is Ruby's to_s.
func ToS(v Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case *Str:
		return x.S
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return floatToS(x)
	case bool:
		if x {
			return "true"
		}
		return "false"
	case Symbol:
		return string(x)
	case *Array, *Hash, *Range, *Class:
		return Inspect(v)
	case *Regexp:
		return x.ToS()
	case *MatchData:
		return x.Groups[0].(*Str).S
	case *IPAddr:
		return x.String()
	case *Object:
		return values.ToString(x.V)
	case *Enumerator:
		return x.inspect()
	case *RubyError:
		return x.Msg
	case libObject:
		return x.rubyToS()
	}
	return Inspect(v)
}

func floatToS(f float64) string {
	return values.ToString(values.Float(f))
}

// Inspect is Ruby's inspect (Ruby 3.1 formats).
func Inspect(v Value) string {
	var b strings.Builder
	if s, ok := v.(*Str); ok {
		// the quotes, and the text's bytes when none needs escaping
		b.Grow(len(s.S) + 2)
	}
	writeInspect(&b, v, 0)
	return b.String()
}

func writeInspect(b *strings.Builder, v Value, depth int) {
	switch x := v.(type) {
	case nil:
		b.WriteString("nil")
	case bool, int64:
		b.WriteString(ToS(v))
	case *Str:
		if x.Bin {
			b.WriteString(rubystr.Dump(x.S, true)) // a binary string's inspect is its dump
			break
		}
		writeInspectString(b, x.S)
	case Symbol:
		b.WriteString(inspectSymbol(string(x)))
	case *Array:
		if depth > 64 {
			b.WriteString("[...]")
			return
		}
		b.WriteByte('[')
		for i, e := range x.A {
			if i > 0 {
				b.WriteString(", ")
			}
			writeInspect(b, e, depth+1)
		}
		b.WriteByte(']')
	case *Hash:
		if depth > 64 {
			b.WriteString("{...}")
			return
		}
		b.WriteByte('{')
		for i := range x.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			x.inspectEntry(b, i, depth+1)
		}
		b.WriteByte('}')
	case *Range:
		if x.Lo != nil {
			writeInspect(b, x.Lo, depth+1)
		}
		if x.Excl {
			b.WriteString("...")
		} else {
			b.WriteString("..")
		}
		if x.Hi != nil {
			writeInspect(b, x.Hi, depth+1)
		}
	case *Regexp:
		b.WriteString(x.Inspect())
	case *Class:
		b.WriteString(x.Name)
	case *MatchData:
		b.WriteString(x.inspect())
	case *IPAddr:
		b.WriteString(x.inspect())
	case *Object:
		b.WriteString(objectInspect(x))
	case *Enumerator:
		b.WriteString(x.inspect())
	case float64:
		b.WriteString(floatToS(x))
	case *RubyError:
		b.WriteString("#<" + x.Class.Name + ": " + x.Msg + ">")
	case libObject:
		b.WriteString(x.rubyInspect())
	default:
		b.WriteString("#<" + classOf(v).Name + ">")
	}
}

func objectInspect(o *Object) string {
	switch o.V.(type) {
	case *values.Sensitive:
		return "#<" + values.ToString(o.V) + ">"
	case values.Type:
		return values.TypeString(o.V.(values.Type))
	}
	return values.ToString(o.V)
}

// inspectString is String#inspect for a UTF-8 string.
func inspectString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	writeInspectString(&b, s)
	return b.String()
}

// writeInspectString writes String#inspect of s to b.
func writeInspectString(b *strings.Builder, s string) { rubystr.WriteInspect(b, s) }

func hex2(c byte) string {
	h := strconv.FormatUint(uint64(c), 16)
	if len(h) < 2 {
		h = "0" + h
	}
	return h
}

func inspectSymbol(s string) string {
	if isPlainSymbol(s) {
		return ":" + s
	}
	return ":" + inspectString(s)
}

// isPlainSymbol reports whether :s prints without quotes.
func isPlainSymbol(s string) bool {
	if s == "" {
		return false
	}
	switch s {
	case "[]", "[]=", "<=>", "===", "==", "=~", "!=", "!~", "<<", ">>", "<=", ">=", "**", "+@", "-@", "+", "-", "*", "/", "%", "<", ">", "!", "&", "|", "^", "~":
		return true
	}
	i := 0
	if s[0] == '@' {
		i = 1
		if len(s) > 1 && s[1] == '@' {
			i = 2
		}
	} else if s[0] == '$' {
		i = 1
	}
	if i >= len(s) || !(s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 0x80) {
		return false
	}
	for j := i; j < len(s); j++ {
		c := s[j]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 {
			continue
		}
		if j == len(s)-1 && i == 0 && (c == '?' || c == '!' || c == '=') {
			continue
		}
		return false
	}
	return true
}

// classOf returns the Ruby class of a value.
func classOf(v Value) *Class {
	switch x := v.(type) {
	case nil:
		return ClassNilClass
	case bool:
		if x {
			return ClassTrueClass
		}
		return ClassFalseClass
	case int64:
		return ClassInteger
	case float64:
		return ClassFloat
	case *Str:
		return ClassString
	case Symbol:
		return ClassSymbol
	case *Array:
		return ClassArray
	case *Hash:
		return ClassHash
	case *Range:
		return ClassRange
	case *Regexp:
		return ClassRegexp
	case *MatchData:
		return ClassMatchData
	case *Class:
		if x.module {
			return ClassModule
		}
		return ClassClass
	case *IPAddr:
		return ClassIPAddr
	case *Enumerator:
		return ClassEnumerator
	case *Object:
		return objectClass(x)
	case *scopeObject:
		return ClassScope
	case *RubyError:
		return x.Class
	case *Block:
		return ClassProc
	case libObject:
		return x.rubyClass()
	}
	return ClassObject
}

// libObject is a value of a Ruby library class implemented in its own
// file (Set, Gem::Version, URI::Generic, Random, Time): its class, its
// inspect and its to_s.
type libObject interface {
	rubyClass() *Class
	rubyInspect() string
	rubyToS() string
}

func objectClass(o *Object) *Class {
	switch o.V.(type) {
	case *values.Sensitive:
		return ClassSensitive
	case values.Timespan:
		return ClassTimespan
	case values.Timestamp:
		return ClassTimestamp
	case *values.Binary:
		return ClassBinary
	case *values.SemVer:
		return ClassSemVer
	case *values.SemVerRange:
		return ClassSemVerRange
	case values.Type:
		return typeClass(o.V.(values.Type))
	}
	return ClassObject
}

// typeClasses are the Ruby classes of Puppet types by name.
var typeClasses sync.Map // string -> *Class

// typeClass is the Ruby class of a Puppet type value: File['/x'] is a
// Puppet::Pops::Types::PResourceType, String a PStringType (stdlib's
// validate_* name it in their errors). Its superclass is PAnyType, which
// stands for the hierarchy between them.
func typeClass(t values.Type) *Class {
	name := t.Name()
	switch t.(type) {
	case *values.TypeAliasType:
		name = "TypeAlias"
	case *values.ObjectType:
		name = "Object"
	}
	if name == "Any" {
		return ClassPType
	}
	if c, ok := typeClasses.Load(name); ok {
		return c.(*Class)
	}
	c, _ := typeClasses.LoadOrStore(name, newClass("Puppet::Pops::Types::P"+name+"Type", ClassPType))
	return c.(*Class)
}

// describe33 is how Ruby 3.3's NoMethodError and NameError show a
// receiver: "nil", "true", "class String", "module Kernel", "an instance
// of Array".
func describe33(v Value) string {
	switch x := v.(type) {
	case nil, bool:
		return typeName(v)
	case *Class:
		if x.module {
			return "module " + x.Name
		}
		return "class " + x.Name
	case *Instance:
		return describeInstance33(x)
	}
	return "an instance of " + classOf(v).Name
}

// describeForError is how NoMethodError and TypeError show a receiver:
// "nil:NilClass", "\"abc\":String", "[1, 2]:Array".
func describeForError(v Value) string {
	switch v.(type) {
	case nil:
		return "nil:NilClass"
	case bool:
		if v.(bool) {
			return "true:TrueClass"
		}
		return "false:FalseClass"
	case *Class:
		if v.(*Class).module {
			return v.(*Class).Name + ":Module"
		}
		return v.(*Class).Name + ":Class"
	}
	s := Inspect(v)
	if strings.HasPrefix(s, "#") {
		// an object's #<...> names its class itself
		return s
	}
	return s + ":" + classOf(v).Name
}

// typeName is how TypeError names a value's class in "no implicit
// conversion of X into Y" (nil, true and false by name).
func typeName(v Value) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	return classOf(v).Name
}

// toInt64 converts an Integer or integral value (an index, a count).
func toInt64(v Value) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, false
		}
		return int64(x), true
	}
	return 0, false
}
