package rt

import (
	"math"
	"strconv"

	"github.com/pp2go/pp2go/rt/values"
)

// A type in a catalog is rich data Puppet writes as the Pcore object it is
// ({"__ptype": "Pcore::IntegerType", "from": 1}): its attributes in their
// order, those at the end that have their default value left out (a
// default before a value that is not is written: Integer[default, 5]'s
// "from": null). Some attributes Puppet does not keep: Boolean[true] and
// Sensitive[String] are written as Boolean and Sensitive.

// pcoreAttr is an attribute of a type's Pcore object: write appends its
// value; set says it is not the attribute's default.
type pcoreAttr struct {
	name  string
	set   bool
	write func(b []byte) []byte
}

// appendType appends type t as Pcore rich data. A type it does not know
// (an Object type other than Object and Error, a URI type of a URI
// string) is written as its string form, tagged Type. An alias that names
// itself (Data, RichData, type Tree = Variant[String, Array[Tree]]) Puppet
// cannot write, nor Error (its details are Data): it panics with what
// Puppet fails with (serializeFailure), which Render reports.
func appendType(b []byte, t values.Type) []byte {
	if a, ok := t.(*values.TypeAliasType); ok {
		if a.NamesItself() {
			panic(serializeFailure(a))
		}
		b = append(b, `{"__ptype":"Pcore::TypeAliasType","name":`...)
		b = appendStr(b, a.AliasName)
		b = append(b, `,"type_expr":null,"resolved_type":`...)
		b = appendType(b, a.ResolvedType())
		return append(b, '}')
	}
	switch x := t.(type) {
	case *values.ObjectType:
		if x.TypeName == "" && x.Parent == nil && len(x.Attributes) == 0 {
			// the bare Object: its initialization hash, empty
			return append(b, `{"__ptype":"Pcore::ObjectType","_pcore_init_hash":{}}`...)
		}
		if x.TypeName == "Error" {
			panic(serializationFailure{endless: true}) // its details' Data
		}
	case *values.ObjectTypeExtension:
		if x.Base.TypeName == "Error" {
			panic(serializationFailure{endless: true})
		}
	}
	name, attrs, ok := pcoreObject(t)
	if !ok {
		return appendTagged(b, "Type", values.TypeString(t))
	}
	b = append(b, `{"__ptype":"Pcore::`...)
	b = append(b, name...)
	b = append(b, '"')
	n := len(attrs)
	for n > 0 && !attrs[n-1].set {
		n--
	}
	for _, a := range attrs[:n] {
		b = append(b, ',', '"')
		b = append(b, a.name...)
		b = append(b, '"', ':')
		b = a.write(b)
	}
	return append(b, '}')
}

// serializationFailure is why Puppet cannot write a type, raised as it
// serializes the catalog, after the compile: the alias met again within
// itself (endless: ToDataConverter's SERIALIZATION_ENDLESS_RECURSION), or
// a bare TypeSet type met first, whose Pcore object Puppet cannot make
// (RichData's).
type serializationFailure struct{ endless bool }

// serializeFailure is the failure of writing alias a, which names itself:
// what Puppet meets first as it writes a's type depth first.
func serializeFailure(a *values.TypeAliasType) serializationFailure {
	f := serializationFailure{endless: true}
	values.WalkTypes(a.ResolvedType(), func(t values.Type) bool {
		if s, ok := t.(*values.TypeSetType); ok && s.IsDefault() {
			f.endless = false
			return false
		}
		if x, ok := t.(*values.TypeAliasType); ok && x.Same(a) {
			return false
		}
		return true
	})
	return f
}

// error is Puppet's error for resource r's parameter that fails so: the
// endless recursion at the resource, no node; the TypeSet's bare (major:
// the Puppet release, whose 7.23 doubles a word).
func (f serializationFailure) error(r *Resource, major int) *Error {
	if !f.endless {
		the := "the"
		if major < 8 {
			the = "the the"
		}
		return &Error{Message: "Initializer for class Puppet::Pops::Types::PTypeSetType parameter 'name_or_init_hash' does not match any of " + the + " attributes of type Pcore::TypeSetType"}
	}
	msg := "Evaluation Error: Endless recursion detected when attempting to serialize value of class Puppet::Pops::Types::PTypeAliasType"
	if loc := locationString(r.File, r.Line, 0); loc != "" {
		msg += " " + loc
	}
	return &Error{Message: msg, File: r.File, Line: r.Line, Code: "SERIALIZATION_ENDLESS_RECURSION"}
}

func writeNull(b []byte) []byte { return append(b, "null"...) }

// typeAttr is an attribute whose value is a type (nil: its default,
// written as null unless def, the default type, is given).
func typeAttr(name string, t, def values.Type) pcoreAttr {
	if t == nil || def != nil && values.TypeString(t) == values.TypeString(def) {
		if def == nil {
			return pcoreAttr{name: name, write: writeNull}
		}
		return pcoreAttr{name: name, write: func(b []byte) []byte { return appendType(b, def) }}
	}
	return pcoreAttr{name: name, set: true, write: func(b []byte) []byte { return appendType(b, t) }}
}

// typesAttr is a required attribute listing types.
func typesAttr(name string, ts []values.Type) pcoreAttr {
	return listAttr(name, ts, appendType)
}

// listAttr is a required attribute listing xs, each written by write.
func listAttr[T any](name string, xs []T, write func([]byte, T) []byte) pcoreAttr {
	return pcoreAttr{name: name, set: true, write: func(b []byte) []byte {
		b = append(b, '[')
		for i, x := range xs {
			if i > 0 {
				b = append(b, ',')
			}
			b = write(b, x)
		}
		return append(b, ']')
	}}
}

// sizeAttr is a collection's size_type, nil when it has none.
func sizeAttr(size *values.IntegerType) pcoreAttr {
	if size == nil {
		return pcoreAttr{name: "size_type", write: writeNull}
	}
	return typeAttr("size_type", size, nil)
}

// rangeAttrs are a numeric type's from and to, each null when open.
func rangeAttrs(from, to values.Value, fromSet, toSet bool) []pcoreAttr {
	attr := func(name string, v values.Value, set bool) pcoreAttr {
		if !set {
			return pcoreAttr{name: name, write: writeNull}
		}
		return pcoreAttr{name: name, set: true, write: func(b []byte) []byte { return appendValue(b, v) }}
	}
	return []pcoreAttr{attr("from", from, fromSet), attr("to", to, toSet)}
}

func strAttr(name, s string) pcoreAttr {
	return pcoreAttr{name: name, set: true, write: func(b []byte) []byte { return appendStr(b, s) }}
}

// pcoreObject is the Pcore type name of t and its attributes, ok false for
// a type pp2go writes otherwise.
func pcoreObject(t values.Type) (name string, attrs []pcoreAttr, ok bool) {
	switch x := t.(type) {
	case *values.AnyType, *values.UndefType, *values.DefaultType, *values.UnitType, *values.ScalarType, *values.ScalarDataType,
		*values.NumericType, *values.BooleanType, *values.BinaryType, *values.SemVerRangeType, *values.SensitiveType:
		// no attributes (or none that Puppet writes: Boolean[true])
		return t.Name() + "Type", nil, true
	case *values.IntegerType:
		return "IntegerType", rangeAttrs(values.Int(x.From), values.Int(x.To), x.From != math.MinInt64, x.To != math.MaxInt64), true
	case *values.FloatType:
		return "FloatType", rangeAttrs(values.Float(x.From), values.Float(x.To), !math.IsInf(x.From, -1), !math.IsInf(x.To, 1)), true
	case *values.StringType:
		switch {
		case x.HasValue:
			return "StringType", []pcoreAttr{strAttr("size_type_or_value", x.Value)}, true
		case x.Size != nil:
			return "StringType", []pcoreAttr{typeAttr("size_type_or_value", x.Size, nil)}, true
		}
		return "StringType", nil, true
	case *values.EnumType:
		values := x.Values
		return "EnumType", []pcoreAttr{
			{name: "values", set: true, write: func(b []byte) []byte { return appendStrings(b, values) }},
			{name: "case_insensitive", set: x.CaseInsensitive, write: func(b []byte) []byte { return strconv.AppendBool(b, x.CaseInsensitive) }},
		}, true
	case *values.PatternType:
		ts := make([]values.Type, len(x.Patterns))
		for i, p := range x.Patterns {
			ts[i] = p
		}
		return "PatternType", []pcoreAttr{typesAttr("patterns", ts)}, true
	case *values.RegexpType:
		if !x.HasPattern {
			return "RegexpType", nil, true
		}
		return "RegexpType", []pcoreAttr{strAttr("pattern", x.Pattern)}, true
	case *values.CollectionType:
		return "CollectionType", []pcoreAttr{sizeAttr(x.Size)}, true
	case *values.ArrayType:
		return "ArrayType", []pcoreAttr{typeAttr("element_type", x.Elem, values.AnyT), sizeAttr(x.Size)}, true
	case *values.HashType:
		return "HashType", []pcoreAttr{typeAttr("key_type", x.Key, values.AnyT), typeAttr("value_type", x.Value, values.AnyT), sizeAttr(x.Size)}, true
	case *values.TupleType:
		return "TupleType", []pcoreAttr{typesAttr("types", x.Types), sizeAttr(x.Size)}, true
	case *values.StructType:
		return "StructType", []pcoreAttr{listAttr("elements", x.Elements, func(b []byte, e *values.StructElement) []byte {
			b = append(b, `{"__ptype":"Pcore::StructElement","key_type":`...)
			b = appendType(b, e.Key)
			b = append(b, `,"value_type":`...)
			b = appendType(b, e.Value)
			return append(b, '}')
		})}, true
	case *values.VariantType:
		return "VariantType", []pcoreAttr{typesAttr("types", x.Types)}, true
	case *values.OptionalType, *values.NotUndefType, *values.TypeType, *values.IterableType, *values.IteratorType, *values.InitType:
		return t.Name() + "Type", []pcoreAttr{typeAttr("type", wrappedType(t), nil)}, true
	case *values.RuntimeType:
		if x.Runtime == "" && x.RuntimeName == "" {
			return "RuntimeType", nil, true
		}
		return "RuntimeType", []pcoreAttr{strAttr("runtime", x.Runtime), strAttr("name_or_pattern", x.RuntimeName)}, true
	case *values.CallableType:
		// the return type's default is Any, which the attribute's reader
		// gives as nil: the three are always written
		var params values.Type
		if x.Params != nil {
			params = x.Params
		}
		ret := typeAttr("return_type", x.Return, nil)
		ret.set = true
		return "CallableType", []pcoreAttr{typeAttr("param_types", params, nil), typeAttr("block_type", x.Block, nil), ret}, true
	case *values.TimestampType:
		return "TimestampType", rangeAttrs(values.Timestamp(x.From), values.Timestamp(x.To), x.From != math.MinInt64, x.To != math.MaxInt64), true
	case *values.SemVerType:
		if len(x.Ranges) == 0 {
			return "SemVerType", nil, true
		}
		return "SemVerType", []pcoreAttr{listAttr("ranges", x.Ranges, func(b []byte, r *values.SemVerRange) []byte { return appendValue(b, r) })}, true
	case *values.URIType:
		switch p := x.Params.(type) {
		case nil, values.UndefValue:
			return "URIType", nil, true
		case *values.Hash:
			return "URIType", []pcoreAttr{{name: "parameters", set: true, write: func(b []byte) []byte { return appendValue(b, p) }}}, true
		}
	case *values.ClassType:
		if x.ClassName == "" {
			return "ClassType", nil, true
		}
		return "ClassType", []pcoreAttr{strAttr("class_name", x.ClassName)}, true
	case *values.ResourceType:
		switch {
		case x.TypeName == "":
			return "ResourceType", nil, true
		case !x.HasTitle:
			return "ResourceType", []pcoreAttr{strAttr("type_name", x.TypeName)}, true
		}
		return "ResourceType", []pcoreAttr{strAttr("type_name", x.TypeName), strAttr("title", x.Title)}, true
	case *values.TimespanType:
		return "TimespanType", rangeAttrs(values.Timespan(x.From), values.Timespan(x.To), x.From != math.MinInt64, x.To != math.MaxInt64), true
	}
	return "", nil, false
}

// wrappedType is the type of Optional, NotUndef, Type, Iterable, Iterator
// and Init (nil when it has none).
func wrappedType(t values.Type) values.Type {
	switch x := t.(type) {
	case *values.OptionalType:
		return x.Type
	case *values.NotUndefType:
		return x.Type
	case *values.TypeType:
		return x.Type
	case *values.IterableType:
		return x.Type
	case *values.IteratorType:
		return x.Type
	case *values.InitType:
		return x.Type
	}
	return nil
}
