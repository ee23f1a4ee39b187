package codegen

import (
	"errors"
	"math"
	"reflect"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Types as static data: a type written in the source that names Puppet's
// own types only (Optional[Integer[0]], Enum['a', 'b']) is the same value
// in every program, so the build parses it and gives its value as Go
// composite literals (rt.TypeRef.Static), which the linker lays out: the
// process neither parses it nor runs code to make it. A type that names
// an alias, a resource type or a reference resolves in the program, and
// is parsed when first used, as before.

// staticType is the value of the type a text spells as Go static data,
// nil when it has none: the text names something other than Puppet's own
// types, or the value holds what static data cannot (an infinite bound, a
// value of unexported fields, an alias such as Data, whose identity counts).
func staticType(text string) jen.Code {
	r := &ownTypesOnly{}
	v, err := values.ParseLiteral(text, r)
	if err != nil || r.other {
		return nil
	}
	t, ok := v.(values.Type)
	if !ok {
		return nil
	}
	code, ok := staticTypeValue(t)
	if !ok {
		return nil
	}
	return code
}

// staticTypeValue is type t as Go static data (staticValue of the
// interface, so that a builtin is given as its address); false when it
// has none.
func staticTypeValue(t values.Type) (jen.Code, bool) {
	return staticValue(reflect.ValueOf(&t).Elem())
}

// ownTypesOnly resolves no name and remembers that it was asked: the text
// names something that is not Puppet's own type.
type ownTypesOnly struct{ other bool }

func (r *ownTypesOnly) ResolveType(string) (values.Type, bool) {
	r.other = true
	return nil, false
}

// builtinFields are the addresses of values.Builtin's and
// values.BuiltinOfAny's fields (AnyT is &values.Builtin.Any), by the
// variable and field they are: a type that is one of them is given as
// its address, as the runtime compares some of them by identity. An
// address is a pointer of its type: the fields of no size (Any, Undef...)
// share theirs.
var builtinFields = func() map[builtinAddr][2]string {
	m := map[builtinAddr][2]string{}
	for _, b := range []struct {
		name string
		v    reflect.Value
	}{{"Builtin", reflect.ValueOf(&values.Builtin).Elem()}, {"BuiltinOfAny", reflect.ValueOf(&values.BuiltinOfAny).Elem()}} {
		for i := 0; i < b.v.NumField(); i++ {
			f := b.v.Field(i).Addr()
			m[builtinAddr{f.Type(), f.Pointer()}] = [2]string{b.name, b.v.Type().Field(i).Name}
		}
	}
	return m
}()

type builtinAddr struct {
	typ reflect.Type
	ptr uintptr
}

var valuesPkg = reflect.TypeOf(values.Builtin.Any).PkgPath()

// staticValue is v as a Go expression the compiler initializes
// statically: composite literals of rt/values' types, constants, and
// addresses of values.Builtin's fields.
func staticValue(v reflect.Value) (jen.Code, bool) {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return jen.Nil(), true
		}
		return staticValue(v.Elem())
	case reflect.Pointer:
		if v.IsNil() {
			return jen.Nil(), true
		}
		if f, ok := builtinFields[builtinAddr{v.Type(), v.Pointer()}]; ok {
			return jen.Op("&").Qual(valuesPath, f[0]).Dot(f[1]), true
		}
		if v.Elem().Kind() != reflect.Struct {
			return nil, false
		}
		lit, ok := staticStruct(v.Elem())
		if !ok {
			return nil, false
		}
		return jen.Op("&").Add(lit), true
	case reflect.Slice:
		typ, ok := staticGoType(v.Type())
		if !ok {
			return nil, false
		}
		if v.IsNil() {
			return jen.Nil(), true
		}
		elems := make([]jen.Code, v.Len())
		for i := range elems {
			if elems[i], ok = staticValue(v.Index(i)); !ok {
				return nil, false
			}
		}
		return typ.Clone().Values(elems...), true
	case reflect.String, reflect.Bool, reflect.Int64, reflect.Float64:
		c, ok := staticScalar(v)
		if !ok {
			return nil, false
		}
		if v.Type().PkgPath() == valuesPkg { // values.String("x"), values.Int(1)
			return jen.Qual(valuesPath, v.Type().Name()).Call(c), true
		}
		if v.Type().PkgPath() != "" {
			return nil, false
		}
		return c, true
	}
	return nil, false
}

// staticScalar is a string, bool, int64 or finite float64 as a constant.
func staticScalar(v reflect.Value) (jen.Code, bool) {
	switch v.Kind() {
	case reflect.String:
		return jen.Lit(v.String()), true
	case reflect.Bool:
		return jen.Lit(v.Bool()), true
	case reflect.Int64:
		switch n := v.Int(); n {
		case math.MinInt64:
			return jen.Qual("math", "MinInt64"), true
		case math.MaxInt64:
			return jen.Qual("math", "MaxInt64"), true
		default:
			return jen.Lit(int(n)), true
		}
	case reflect.Float64:
		f := v.Float()
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, false
		}
		return jen.Lit(f), true
	}
	return nil, false
}

// staticStruct is a composite literal of a struct of rt/values whose
// fields are all exported, giving the fields that are not zero.
func staticStruct(v reflect.Value) (*jen.Statement, bool) {
	t := v.Type()
	if t.PkgPath() != valuesPkg || t.Name() == "" {
		return nil, false
	}
	var fields []jen.Code
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			return nil, false
		}
		if v.Field(i).IsZero() {
			continue
		}
		c, ok := staticValue(v.Field(i))
		if !ok {
			return nil, false
		}
		fields = append(fields, jen.Id(f.Name).Op(":").Add(c))
	}
	return jen.Qual(valuesPath, t.Name()).Values(fields...), true
}

// staticGoType is the Go spelling of a slice's type: of strings, or of
// rt/values's types or pointers to them.
func staticGoType(t reflect.Type) (*jen.Statement, bool) {
	switch t.Kind() {
	case reflect.Slice:
		e, ok := staticGoType(t.Elem())
		if !ok {
			return nil, false
		}
		return jen.Index().Add(e), true
	case reflect.Pointer:
		e, ok := staticGoType(t.Elem())
		if !ok {
			return nil, false
		}
		return jen.Op("*").Add(e), true
	case reflect.String:
		if t.PkgPath() == "" {
			return jen.String(), true
		}
	}
	if t.PkgPath() == valuesPkg && t.Name() != "" {
		return jen.Qual(valuesPath, t.Name()), true
	}
	return nil, false
}

// staticSignature is a function making the signature a translated Ruby
// function's dispatch spec spells (rt/rubyfn.Dispatch.Sig), nil when a
// type of the spec is not static (staticType): the process then parses
// the spec at the function's first call.
func staticSignature(spec string) jen.Code {
	sig := signatureValue(spec)
	if sig == nil {
		return nil
	}
	return jen.Func().Params().Op("*").Qual(valuesPath, "Signature").Block(jen.Return(sig))
}

// signatureValue is the signature a dispatch spec spells as a Go
// expression (&values.Signature{...}), nil when a type of the spec is not
// static (staticType).
func signatureValue(spec string) jen.Code {
	sig, err := fn.ParseSpec(spec, func(text string) (values.Type, error) {
		r := &ownTypesOnly{}
		t, err := values.ParseType(text, r)
		if err == nil && r.other {
			err = errNotStatic
		}
		return t, err
	})
	if err != nil {
		return nil
	}
	fields := jen.Dict{}
	if len(sig.Params) > 0 {
		params := make([]jen.Code, len(sig.Params))
		for i, p := range sig.Params {
			t, ok := staticTypeValue(p.Type)
			if !ok {
				return nil
			}
			params[i] = jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(p.Name), jen.Id("Type"): t, jen.Id("Kind"): jen.Qual(valuesPath, paramKinds[p.Kind])})
		}
		fields[jen.Id("Params")] = jen.Index().Qual(valuesPath, "SignatureParam").Values(params...)
	}
	if sig.Block != nil {
		t, ok := staticTypeValue(sig.Block)
		if !ok {
			return nil
		}
		fields[jen.Id("BlockName")] = jen.Lit(sig.BlockName)
		fields[jen.Id("Block")] = t
		if sig.BlockOptional {
			fields[jen.Id("BlockOptional")] = jen.True()
		}
	}
	return jen.Op("&").Qual(valuesPath, "Signature").Values(fields)
}

var errNotStatic = errors.New("names a type that is not Puppet's own")

// paramKinds are the names of values.ParamKind's constants.
var paramKinds = map[values.ParamKind]string{
	values.ParamRequired:         "ParamRequired",
	values.ParamOptional:         "ParamOptional",
	values.ParamRepeated:         "ParamRepeated",
	values.ParamRequiredRepeated: "ParamRequiredRepeated",
}
