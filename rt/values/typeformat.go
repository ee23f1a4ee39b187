package values

import (
	"strconv"
	"strings"
)

// TypeString prints t as Puppet's TypeFormatter does.
//
// An alias prints with its definition (Name = Type) at the top level, as
// Puppet's PTypeAliasType#to_s does, and by name inside other types.
func TypeString(t Type) string {
	if a, ok := t.(*TypeAliasType); ok {
		return TypeStringExpanded(a)
	}
	var f typeFormatter
	f.b.Grow(32) // most types print in 32 bytes, built in one
	f.appendType(t)
	return f.b.String()
}

// TypeStringExpanded prints t with aliases expanded (Name = Definition), as
// Puppet's mismatch messages do.
func TypeStringExpanded(t Type) string {
	f := typeFormatter{expanded: true}
	f.appendType(t)
	return f.b.String()
}

type typeFormatter struct {
	b        strings.Builder
	expanded bool
	inAlias  map[*TypeAliasType]bool
}

func (f *typeFormatter) array(name string, empty bool, body func()) {
	f.b.WriteString(name)
	if !empty {
		f.b.WriteByte('[')
		body()
		f.b.WriteByte(']')
	}
}

func (f *typeFormatter) sep() { f.b.WriteString(", ") }

func (f *typeFormatter) types(ts []Type) {
	for i, t := range ts {
		if i > 0 {
			f.sep()
		}
		f.appendType(t)
	}
}

// rangeParts is range_array_part: [] when unbounded, else from (or
// 'default') and to when bounded.
func rangeParts(t *IntegerType) []string {
	if t == nil || t.unbounded() {
		return nil
	}
	from := "default"
	if t.From != minInt {
		from = strconv.FormatInt(t.From, 10)
	}
	if t.To == maxInt {
		return []string{from}
	}
	return []string{from, strconv.FormatInt(t.To, 10)}
}

func (f *typeFormatter) parts(ps []string, more bool) {
	for i, p := range ps {
		if i > 0 {
			f.sep()
		}
		f.b.WriteString(p)
	}
	if more && len(ps) > 0 {
		f.sep()
	}
}

func (f *typeFormatter) chomp() {
	s := f.b.String()
	if strings.HasSuffix(s, ", ") {
		f.b.Reset()
		f.b.WriteString(s[:len(s)-2])
	}
}

func (f *typeFormatter) appendType(t Type) {
	switch x := t.(type) {
	case nil:
		f.b.WriteString("undef")
	case *IntegerType:
		f.array("Integer", x.unbounded(), func() { f.parts(rangeParts(x), false) })
	case *FloatType:
		f.array("Float", x.unbounded(), func() { f.parts(floatRangeParts(x), false) })
	case *StringType:
		ps := rangeParts(x.Size)
		f.array("String", len(ps) == 0, func() { f.parts(ps, false) })
	case *EnumType:
		f.array("Enum", len(x.Values) == 0, func() {
			for i, v := range x.Values {
				if i > 0 {
					f.sep()
				}
				writePuppetQuote(&f.b, v)
			}
			if x.CaseInsensitive {
				f.b.WriteString(", true")
			}
		})
	case *PatternType:
		f.array("Pattern", len(x.Patterns) == 0, func() {
			for i, p := range x.Patterns {
				if i > 0 {
					f.sep()
				}
				f.b.WriteString(p.regexp().Inspect())
			}
		})
	case *RegexpType:
		f.array("Regexp", !x.HasPattern, func() { f.b.WriteString(x.regexp().Inspect()) })
	case *BooleanType:
		f.array("Boolean", !x.HasValue, func() { f.b.WriteString(strconv.FormatBool(x.Value)) })
	case *CollectionType:
		ps := rangeParts(x.Size)
		f.array("Collection", len(ps) == 0, func() { f.parts(ps, false) })
	case *ArrayType:
		if x.Size != nil && x.Size.From == 0 && x.Size.To == 0 {
			f.b.WriteString("Array[0, 0]")
			return
		}
		f.array("Array", TypeEqual(x, ArrayT), func() {
			f.appendType(x.Elem)
			f.sep()
			f.parts(rangeParts(x.Size), true)
			f.chomp()
		})
	case *HashType:
		if x.Size != nil && x.Size.From == 0 && x.Size.To == 0 {
			f.b.WriteString("Hash[0, 0]")
			return
		}
		f.array("Hash", TypeEqual(x, HashT), func() {
			f.appendType(x.Key)
			f.sep()
			f.appendType(x.Value)
			f.sep()
			f.parts(rangeParts(x.Size), true)
			f.chomp()
		})
	case *TupleType:
		f.array("Tuple", len(x.Types) == 0, func() {
			f.types(x.Types)
			f.sep()
			f.parts(rangeParts(x.Size), true)
			f.chomp()
		})
	case *StructType:
		f.array("Struct", len(x.Elements) == 0, func() {
			f.b.WriteByte('{')
			for i, e := range x.Elements {
				if i > 0 {
					f.sep()
				}
				valueOptional := IsAssignable(e.Value, UndefT)
				if o, ok := e.Key.(*OptionalType); ok {
					if valueOptional {
						writePuppetQuote(&f.b, e.elementName())
					} else {
						f.appendType(o)
					}
				} else if valueOptional {
					f.appendType(&NotUndefType{Type: e.Key})
				} else {
					writePuppetQuote(&f.b, e.elementName())
				}
				f.b.WriteString(" => ")
				f.appendType(e.Value)
			}
			f.b.WriteByte('}')
		})
	case *OptionalType:
		f.array("Optional", x.Type == nil, func() { f.containedStringOrType(x.Type) })
	case *NotUndefType:
		f.array("NotUndef", x.Type == nil || x.Type == AnyT, func() { f.containedStringOrType(x.Type) })
	case *VariantType:
		f.array("Variant", len(x.Types) == 0, func() { f.types(x.Types) })
	case *CallableType:
		f.callable(x)
	case *TypeType:
		f.array("Type", x.Type == nil, func() { f.appendType(x.Type) })
	case *ClassType:
		f.array("Class", x.ClassName == "", func() { f.b.WriteString(x.ClassName) })
	case *ResourceType:
		if x.TypeName == "" {
			f.b.WriteString("Resource")
			return
		}
		f.array(x.TypeName, !x.HasTitle, func() { writePuppetQuote(&f.b, x.Title) })
	case *IterableType:
		f.array("Iterable", x.Type == nil, func() { f.appendType(x.Type) })
	case *IteratorType:
		f.array("Iterator", x.Type == nil, func() { f.appendType(x.Type) })
	case *RuntimeType:
		f.array("Runtime", x.Runtime == "" && x.RuntimeName == "", func() {
			f.b.WriteString(x.Runtime)
			f.sep()
			writePuppetQuote(&f.b, x.RuntimeName)
		})
	case *SensitiveType:
		f.array("Sensitive", x.Type == AnyT || TypeEqual(x.Type, AnyT), func() { f.appendType(x.Type) })
	case *TimespanType:
		f.timeRange("Timespan", x.From, x.To, func(n int64) string { return "'" + Timespan(n).String() + "'" })
	case *TimestampType:
		f.timeRange("Timestamp", x.From, x.To, func(n int64) string { return "'" + Timestamp(n).String() + "'" })
	case *SemVerType:
		f.array("SemVer", len(x.Ranges) == 0, func() {
			for i, r := range x.Ranges {
				if i > 0 {
					f.sep()
				}
				f.b.WriteString("'" + r.String() + "'")
			}
		})
	case *InitType:
		f.array("Init", x.Type == nil, func() {
			f.appendType(x.Type)
			for _, a := range x.Args {
				f.sep()
				f.appendLiteral(a)
			}
		})
	case *URIType:
		f.array("URI", x.Params == nil, func() { f.appendLiteral(x.Params) })
	case *TypeAliasType:
		f.alias(x)
	case *TypeReferenceType:
		f.b.WriteString("TypeReference[")
		writePuppetQuote(&f.b, x.TypeString)
		f.b.WriteByte(']')
	case *ObjectTypeExtension:
		x.writeTypeString(&f.b, f.appendLiteral)
	case *ObjectType:
		if x == ObjectT {
			f.b.WriteString("Object[{}]")
		} else {
			f.b.WriteString(x.Name())
		}
	case *TypeSetType:
		if x.InitHash == nil {
			f.b.WriteString("TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]")
		} else {
			f.b.WriteString("TypeSet[")
			f.appendLiteral(x.InitHash)
			f.b.WriteString("]")
		}
	default:
		f.b.WriteString(t.Name())
	}
}

func (f *typeFormatter) containedStringOrType(t Type) {
	if s, ok := t.(*StringType); ok && s.HasValue {
		writePuppetQuote(&f.b, s.Value)
		return
	}
	f.appendType(t)
}

func (f *typeFormatter) alias(t *TypeAliasType) {
	f.b.WriteString(t.AliasName)
	if !f.expanded || t.builtin {
		return
	}
	t = t.canonical() // a deferred alias's definition names the registry's
	if f.inAlias[t] {
		return
	}
	if f.inAlias == nil {
		f.inAlias = map[*TypeAliasType]bool{}
	}
	f.inAlias[t] = true
	defer delete(f.inAlias, t)
	f.b.WriteString(" = ")
	f.appendType(t.ResolvedType())
}

func (f *typeFormatter) callable(t *CallableType) {
	params := func() {
		var ts []Type
		for _, p := range t.Params.Types {
			if _, unit := p.(*UnitType); !unit {
				ts = append(ts, p)
			}
		}
		if len(ts) > 0 {
			f.types(ts)
			f.sep()
		}
		if len(t.Params.Types) == 0 {
			f.b.WriteString("0, 0, ")
		} else {
			f.parts(rangeParts(t.Params.Size), true)
		}
		if t.Block != nil {
			f.appendType(t.Block)
			f.sep()
		}
		f.chomp()
	}
	if t.Return == nil {
		f.array("Callable", t.Params == nil, params)
		return
	}
	f.array("Callable", false, func() {
		if t.Params == nil {
			f.b.WriteString("[]")
		} else {
			f.array("", false, params)
		}
		f.sep()
		f.appendType(t.Return)
	})
}

func (f *typeFormatter) timeRange(name string, from, to int64, lit func(int64) string) {
	f.array(name, from == minInt && to == maxInt, func() {
		if from == minInt {
			f.b.WriteString("default")
		} else {
			f.b.WriteString(lit(from))
		}
		if to != maxInt && to != from {
			f.sep()
			f.b.WriteString(lit(to))
		}
	})
}

func floatRangeParts(t *FloatType) []string {
	if t.unbounded() {
		return nil
	}
	from := "default"
	if !isInf(t.From) {
		from = rubyFloatToS(t.From)
	}
	if isInf(t.To) {
		return []string{from}
	}
	return []string{from, rubyFloatToS(t.To)}
}

// appendLiteral prints a value the way the type formatter prints type
// parameters.
func (f *typeFormatter) appendLiteral(v Value) {
	switch x := v.(type) {
	case Type:
		f.appendType(x)
	case String:
		writePuppetQuote(&f.b, string(x))
	case *Array:
		f.b.WriteByte('[')
		for i, e := range x.elems {
			if i > 0 {
				f.sep()
			}
			f.appendLiteral(e)
		}
		f.b.WriteByte(']')
	case *Hash:
		f.b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				f.sep()
			}
			f.appendLiteral(k)
			f.b.WriteString(" => ")
			f.appendLiteral(x.vals[i])
		}
		f.b.WriteByte('}')
	case UndefValue, nil:
		f.b.WriteString("undef")
	case *SemVer, *SemVerRange, Timespan, Timestamp:
		f.b.WriteString("'" + ToString(x) + "'")
	default:
		f.b.WriteString(ToString(v))
	}
}

func (t *FloatType) unbounded() bool { return isInf(t.From) && isInf(t.To) }

func (t *AnyType) String() string           { return TypeString(t) }
func (t *UndefType) String() string         { return TypeString(t) }
func (t *DefaultType) String() string       { return TypeString(t) }
func (t *UnitType) String() string          { return TypeString(t) }
func (t *ScalarType) String() string        { return TypeString(t) }
func (t *ScalarDataType) String() string    { return TypeString(t) }
func (t *NumericType) String() string       { return TypeString(t) }
func (t *CatalogEntryType) String() string  { return TypeString(t) }
func (t *BinaryType) String() string        { return TypeString(t) }
func (t *SemVerRangeType) String() string   { return TypeString(t) }
func (t *IntegerType) String() string       { return TypeString(t) }
func (t *FloatType) String() string         { return TypeString(t) }
func (t *StringType) String() string        { return TypeString(t) }
func (t *EnumType) String() string          { return TypeString(t) }
func (t *PatternType) String() string       { return TypeString(t) }
func (t *RegexpType) String() string        { return TypeString(t) }
func (t *BooleanType) String() string       { return TypeString(t) }
func (t *CollectionType) String() string    { return TypeString(t) }
func (t *ArrayType) String() string         { return TypeString(t) }
func (t *HashType) String() string          { return TypeString(t) }
func (t *TupleType) String() string         { return TypeString(t) }
func (t *StructType) String() string        { return TypeString(t) }
func (t *OptionalType) String() string      { return TypeString(t) }
func (t *NotUndefType) String() string      { return TypeString(t) }
func (t *VariantType) String() string       { return TypeString(t) }
func (t *CallableType) String() string      { return TypeString(t) }
func (t *TypeType) String() string          { return TypeString(t) }
func (t *ClassType) String() string         { return TypeString(t) }
func (t *ResourceType) String() string      { return TypeString(t) }
func (t *IterableType) String() string      { return TypeString(t) }
func (t *IteratorType) String() string      { return TypeString(t) }
func (t *RuntimeType) String() string       { return TypeString(t) }
func (t *SensitiveType) String() string     { return TypeString(t) }
func (t *TimespanType) String() string      { return TypeString(t) }
func (t *TimestampType) String() string     { return TypeString(t) }
func (t *SemVerType) String() string        { return TypeString(t) }
func (t *InitType) String() string          { return TypeString(t) }
func (t *URIType) String() string           { return TypeString(t) }
func (t *TypeReferenceType) String() string { return TypeString(t) }
func (t *TypeAliasType) String() string     { return TypeString(t) }
func (t *ObjectType) String() string        { return TypeString(t) }
func (t *TypeSetType) String() string       { return TypeString(t) }

// CapitalizeSegments is TypeFormatter#capitalize_segments: names that start
// with an ASCII capital are kept as they are.
func CapitalizeSegments(name string) string {
	if name == "" || (name[0] >= 'A' && name[0] <= 'Z') {
		return name
	}
	segs := strings.Split(name, "::")
	for i, s := range segs {
		segs[i] = rubyCapitalize(s)
	}
	return strings.Join(segs, "::")
}

// rubyCapitalize is String#capitalize: first character upper, rest lower.
func rubyCapitalize(s string) string {
	if s == "" {
		return s
	}
	rs := []rune(strings.ToLower(s))
	rs[0] = []rune(strings.ToUpper(string(rs[0])))[0]
	return string(rs)
}
