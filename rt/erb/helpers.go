package erb

import (
	"math"
	"strings"
	"unsafe"

	"github.com/pp2go/pp2go/rt/values"
)

// Helpers for the shapes translated code takes.

// Assign stores v in a local variable and returns it (an assignment used
// as a value).
func Assign(p *Value, v Value) Value {
	*p = v
	return v
}

// And is a && b: a if it is false or nil, otherwise b.
func And(a Value, b func() Value) Value {
	if !Truthy(a) {
		return a
	}
	return b()
}

// Or is a || b: a if it is true, otherwise b.
func Or(a Value, b func() Value) Value {
	if Truthy(a) {
		return a
	}
	return b()
}

// Interp builds an interpolated string: Go strings are literal text, other
// arguments are converted with to_s. The String and its bytes come from
// the rendering's room for them (newStr, stringRoom).
func (r *R) Interp(parts ...any) Value {
	s := r.interp(parts)
	if interpBinary(parts) {
		return &Str{S: s, Bin: true}
	}
	return r.newStr(s)
}

// interpBinary says whether Ruby's "...#{x}..." of parts is binary: when a
// part is a binary string, the text takes the encodings' rule of String#<<
// (values.JoinEncoder) from the first part, or from an empty UTF-8 text
// when the string has no literal text (Ruby's "#{b}" is UTF-8, "#{b}x"
// binary).
func interpBinary(parts []any) bool {
	binary, literal := false, false
	for _, p := range parts {
		switch x := p.(type) {
		case string:
			literal = true
		case *Str:
			binary = binary || x.Bin
		}
	}
	if !binary {
		return false
	}
	var e values.JoinEncoder
	if !literal {
		e.Add("", false)
	}
	for _, p := range parts {
		text, bin := "", false
		switch x := p.(type) {
		case string:
			text = x
		case *Str:
			text, bin = x.S, x.Bin
		default:
			text = ToS(x)
		}
		if wasBinary := e.Binary; !e.Add(text, bin) {
			incompatibleEncodings(wasBinary, bin)
		}
	}
	return e.Binary
}

// interp is the text of an interpolated string. The parts' texts, other
// values' to_s taken in order once each, are kept on the stack while
// they are few, so that the text is made once in room of exactly its
// size.
func (r *R) interp(parts []any) string {
	var texts [8]string
	if len(parts) > len(texts) {
		return interpBuilt(parts)
	}
	n := 0
	for i, p := range parts {
		var s string
		switch x := p.(type) {
		case string:
			s = x
		case *Str:
			s = x.S
		default:
			s = ToS(x)
		}
		texts[i] = s
		n += len(s)
	}
	switch {
	case n == 0:
		return ""
	case len(parts) == 1:
		return texts[0]
	}
	b := r.stringRoom(n)
	for _, s := range texts[:len(parts)] {
		b = append(b, s...)
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// interpBuilt is interp of many parts, built in a strings.Builder.
func interpBuilt(parts []any) string {
	// room for the result at once: the strings' lengths, and a guess
	// for the other values (numbers mostly)
	n := 0
	for _, p := range parts {
		switch x := p.(type) {
		case string:
			n += len(x)
		case *Str:
			n += len(x.S)
		default:
			n += 16
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range parts {
		switch x := p.(type) {
		case string:
			b.WriteString(x)
		case *Str:
			b.WriteString(x.S)
		default:
			b.WriteString(ToS(x))
		}
	}
	return b.String()
}

// InterpS is Interp for regexp sources (the text only).
func (r *R) InterpS(parts ...any) string {
	return r.interp(parts)
}

// ownArgs is a copy of a method's arguments, for the rare paths of a
// method that keep them: its args then do not escape (Go's escape
// analysis), and the calls of its common paths pass them on the stack.
func ownArgs(args []Value) []Value { return append([]Value(nil), args...) }

// Erbout is the output so far as a String (the value of ERB's buffer).
func (r *R) Erbout() Value { return S(r.out.String()) }

// splatted marks *x in an array literal or argument list.
type splatted struct{ v Value }

// splatArray marks *x of an Array x: a pointer, which a Value holds
// without an allocation (a splatted is one, as a Value, each time a
// call's *args runs).
type splatArray Array

// Splat is *x.
func (r *R) Splat(v Value) Value {
	if a, ok := v.(*Array); ok && a != nil {
		return (*splatArray)(a)
	}
	return splatted{v}
}

// unsplat is the x of a *x marker (Splat); ok is false for any other
// value.
func unsplat(e Value) (x Value, ok bool) {
	switch s := e.(type) {
	case *splatArray:
		return (*Array)(s), true
	case splatted:
		return s.v, true
	}
	return nil, false
}

type kwSplatted struct{ h *Hash }

// KwSplat is **x as the last argument of a call: a copy of the Hash x,
// or no argument when x is empty.
func (r *R) KwSplat(v Value) Value {
	h, ok := v.(*Hash)
	if !ok {
		implicitConversion(v, "Hash")
	}
	return kwSplatted{h}
}

// Spread expands *x and **x markers in a list.
func (r *R) Spread(list ...Value) []Value {
	// room for the splatted Arrays' elements at once
	n := len(list)
	for _, e := range list {
		if a, ok := e.(*splatArray); ok {
			n += len(a.A) - 1
		}
	}
	out := make([]Value, 0, max(n, 0))
	for _, e := range list {
		if kw, ok := e.(kwSplatted); ok {
			if kw.h.Len() > 0 {
				out = append(out, kw.h.dup())
			}
			continue
		}
		v, ok := unsplat(e)
		if !ok {
			out = append(out, e)
			continue
		}
		switch x := v.(type) {
		case *Array:
			out = append(out, x.A...)
		case nil:
		case *Hash:
			out = append(out, hashPairs(x).A...)
		case *Range:
			out = append(out, rangeElems(x)...)
		default:
			out = append(out, x)
		}
	}
	return out
}

// ArrayOf is an array literal with *x elements.
func (r *R) ArrayOf(list ...Value) Value { return &Array{A: r.Spread(list...)} }

// WhenSplat is "when *list": whether any element === subject.
func (r *R) WhenSplat(list, subject Value) bool {
	for _, e := range r.Spread(r.Splat(list)) {
		if Truthy(r.OpCaseEq(e, subject)) {
			return true
		}
	}
	return false
}

// When is "when x": x === subject.
func (r *R) When(x, subject Value) bool { return Truthy(r.OpCaseEq(x, subject)) }

// At records the line of a call on a later line than its statement.
func (r *R) At(line int) *R {
	r.line = line
	return r
}

// Defined returns the string defined? gives for a kind of expression.
func Defined(kind string) Value { return S(kind) }

// Wrapper is self, the template wrapper object.
func (r *R) Wrapper() Value { return wrapperObject{} }

type wrapperObject struct{}

// Elem is the i-th name of a destructuring block parameter |(a, b)|: an
// element of an Array argument, or the argument itself for the first name.
func Elem(v Value, i int) Value {
	if a, ok := v.(*Array); ok {
		if i < len(a.A) {
			return a.A[i]
		}
		return nil
	}
	if i == 0 {
		return v
	}
	return nil
}

// NegativeZero is the Float -0.0 (Go constants have no negative zero).
func NegativeZero() Value { return math.Copysign(0, -1) }

// concat is a + b, made in the rendering's room for strings (stringRoom).
func (r *R) concat(a, b string) string {
	switch {
	case b == "":
		return a
	case a == "":
		return b
	}
	s := append(append(r.stringRoom(len(a)+len(b)), a...), b...)
	return unsafe.String(unsafe.SliceData(s), len(s))
}
