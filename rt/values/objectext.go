package values

import (
	"slices"
	"strings"
)

// ObjectTypeExtension is an Object type with type parameters given
// (PObjectTypeExtension): Error['my/kind', 'MY_CODE'], whose instances are
// the base type's whose attributes of those names match the values as a
// case option matches (Match).
type ObjectTypeExtension struct {
	Base *ObjectType
	// Params are the values of the base's TypeParams, in order; Set says
	// which were given (a default or a missing trailing one is not).
	Params []Value
	Set    []bool
}

func (*ObjectTypeExtension) puppetValue() {}

func (t *ObjectTypeExtension) Name() string   { return t.Base.Name() }
func (t *ObjectTypeExtension) String() string { return TypeString(t) }

// TypeParamT is the type of an Object type parameter's value
// (puppet/datatypes/error.rb's type_parameters).
var TypeParamT = NewOptionalType(NewVariantType([]Type{StringT, RegexpT, &TypeType{Type: EnumT}, &TypeType{Type: PatternT},
	&TypeType{Type: NotUndefT}, &TypeType{Type: UndefT}}))

// parameterizeObject is Error[...]: positional values of the type's
// parameters (more are ignored), or one hash of them by name; a default
// leaves one unset, and at least one must be set.
func parameterizeObject(t *ObjectType, args []Value) (Value, error) {
	label := t.Name() + "-Type"
	if len(t.TypeParams) == 0 {
		return nil, accessRuntimeError("The " + label + " cannot be parameterized using []")
	}
	e := &ObjectTypeExtension{Base: t, Params: make([]Value, len(t.TypeParams)), Set: make([]bool, len(t.TypeParams))}
	set := func(i int, v Value) error {
		if IsDefault(v) {
			return nil
		}
		if err := AssertInstance("type_parameter "+t.Name()+"["+t.TypeParams[i]+"]", TypeParamT, v); err != nil {
			return accessRuntimeError(err.Error())
		}
		e.Params[i], e.Set[i] = v, true
		return nil
	}
	if h, ok := args[0].(*Hash); ok && len(args) == 1 && !IsInstance(TypeParamT, h) {
		for i, k := range h.keys {
			n := -1
			if ks, ok := k.(String); ok {
				n = slices.Index(t.TypeParams, string(ks))
			}
			if n < 0 {
				return nil, accessRuntimeError("'" + ToString(k) + "' is not a known type parameter for " + label)
			}
			if err := set(n, h.vals[i]); err != nil {
				return nil, err
			}
		}
	} else {
		for i := range min(len(args), len(t.TypeParams)) {
			if err := set(i, args[i]); err != nil {
				return nil, err
			}
		}
	}
	for _, s := range e.Set {
		if s {
			return e, nil
		}
	}
	return nil, accessRuntimeError("The " + label + " cannot be parameterized using an empty parameter list")
}

// instanceOf: an instance of the base whose attribute matches each value
// set (test_instance?).
func (t *ObjectTypeExtension) instanceOf(v Value, g *guard) bool {
	if !t.Base.instanceOf(v, g) {
		return false
	}
	o, ok := v.(*ObjectValue)
	if !ok {
		return false
	}
	for i, name := range t.Base.TypeParams {
		if t.Set[i] && !Match(o.Attr(name), t.Params[i]).Matched {
			return false
		}
	}
	return true
}

// assignableFrom: the base's, and each value set matched by the other's
// (or a type assignable from it); an unparameterized type has none.
func (t *ObjectTypeExtension) assignableFrom(o Type, g *guard) bool {
	e, ok := o.(*ObjectTypeExtension)
	if !ok {
		return false // test_assignable?(EMPTY_HASH): one value is set
	}
	if !IsAssignable(t.Base, e.Base) {
		return false
	}
	for i := range t.Set {
		if !t.Set[i] {
			continue
		}
		if i >= len(e.Set) || !e.Set[i] {
			return false
		}
		a, b := e.Params[i], t.Params[i]
		at, aType := a.(Type)
		bt, bType := b.(Type)
		if !Match(a, b).Matched && !(aType && bType && IsAssignable(bt, at)) {
			return false
		}
	}
	return true
}

// writeTypeString prints Error['k', 'C']: the values in order up to the
// last set, a default for one unset before it.
func (t *ObjectTypeExtension) writeTypeString(b *strings.Builder, lit func(Value)) {
	b.WriteString(t.Base.Name())
	b.WriteByte('[')
	last := len(t.Set) - 1
	for last >= 0 && !t.Set[last] {
		last--
	}
	for i := 0; i <= last; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		if t.Set[i] {
			lit(t.Params[i])
		} else {
			b.WriteString("default")
		}
	}
	b.WriteByte(']')
}

// typeEqual: the same base and values (strings ignoring case, as
// Puppet's == finds them).
func (t *ObjectTypeExtension) typeEqual(o *ObjectTypeExtension) bool {
	if !TypeEqual(t.Base, o.Base) || len(t.Set) != len(o.Set) {
		return false
	}
	for i := range t.Set {
		if t.Set[i] != o.Set[i] || t.Set[i] && !Equals(t.Params[i], o.Params[i]) {
			return false
		}
	}
	return true
}

// Attr is the value of o's attribute name: the one given, else the
// attribute's default (undef).
func (o *ObjectValue) Attr(name string) Value {
	if v, ok := o.Attrs.GetString(name); ok {
		return v
	}
	if a := o.Type.attribute(name); a != nil && a.HasDefault && a.Value != nil {
		return a.Value
	}
	return Undef
}

// Member is what calling name on o gives: an attribute's value or a
// function's that reads one, false when o's type has no such member.
func (o *ObjectValue) Member(name string) (Value, bool) {
	a := o.Type.memberAttribute(name)
	if a == "" {
		return nil, false
	}
	return o.Attr(a), true
}

// memberAttribute is the attribute the member name reads: an attribute,
// or a function that reads one; "" when t has no such member.
func (t *ObjectType) memberAttribute(name string) string {
	if a, ok := t.Functions[name]; ok {
		name = a
	}
	if t.attribute(name) == nil {
		return ""
	}
	return name
}

// NewError is an instance of Error: its attributes as its init hash has
// them (the undef ones left out).
func NewError(msg string, kind, details, issueCode Value) *ObjectValue {
	pairs := []Value{String("msg"), String(msg)}
	for i, v := range []Value{kind, details, issueCode} {
		if v != nil && !IsUndef(v) {
			pairs = append(pairs, String(ErrorT.Attributes[i+1].Name), v)
		}
	}
	return &ObjectValue{Type: ErrorT, Attrs: NewHashFromPairs(pairs...)}
}
