package values

import (
	"fmt"
	"strings"
)

// This file is Puppet's TypeMismatchDescriber: the text of type errors such
// as "parameter 'x' expects an Integer value, got String".

type pathKind int

const (
	pathSubject pathKind = iota
	pathEntryValue
	pathEntryKey
	pathParameter
	pathReturn
	pathBlock
	pathIndex
	pathVariant
	pathSignature
)

type pathElem struct {
	kind pathKind
	key  string
	idx  int
}

func (p pathElem) String() string {
	switch p.kind {
	case pathEntryValue:
		return "entry '" + p.key + "'"
	case pathEntryKey:
		return "key of entry '" + p.key + "'"
	case pathParameter:
		return "parameter '" + p.key + "'"
	case pathIndex:
		return fmt.Sprintf("index %d", p.idx)
	case pathVariant:
		return fmt.Sprintf("variant %d", p.idx)
	case pathSignature:
		return fmt.Sprintf("%d.", p.idx+1)
	}
	return p.key
}

func (p pathElem) isVariant() bool { return p.kind == pathVariant || p.kind == pathSignature }

type mismatchKind int

const (
	mkMissingKey mismatchKind = iota
	mkMissingParameter
	mkExtraneousKey
	mkInvalidParameter
	mkUnexpectedBlock
	mkMissingRequiredBlock
	mkUnresolved
	mkType
	mkPattern
	mkSize
	mkCount
)

// mismatch is one described problem.
type mismatch struct {
	kind     mismatchKind
	path     []pathElem
	key      string // key mismatches, unresolved type name
	expected Type
	actual   Type
}

func (m *mismatch) isTypeMismatch() bool { return m.kind == mkType || m.kind == mkPattern }
func (m *mismatch) isSizeMismatch() bool { return m.kind == mkSize || m.kind == mkCount }

func newExpectedActual(kind mismatchKind, path []pathElem, expected, actual Type) *mismatch {
	return &mismatch{kind: kind, path: path, expected: Normalize(expected), actual: Normalize(actual)}
}

func (m *mismatch) canonicalPath() []pathElem {
	var out []pathElem
	for _, p := range m.path {
		if !p.isVariant() {
			out = append(out, p)
		}
	}
	return out
}

func pathsEqual(a, b []pathElem) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (m *mismatch) merge(path []pathElem, o *mismatch) *mismatch {
	switch m.kind {
	case mkType, mkPattern:
		exp := uniqueTypes([]Type{m.expected, o.expected})
		return newExpectedActual(m.kind, path, VariantOf(exp...), m.actual)
	case mkSize, mkCount:
		from, to := min64(m.sizeFrom(), o.sizeFrom()), max64(m.sizeTo(), o.sizeTo())
		return &mismatch{kind: m.kind, path: path, expected: &IntegerType{From: from, To: to}, actual: m.actual}
	}
	return &mismatch{kind: m.kind, path: path, key: m.key}
}

func (m *mismatch) sizeFrom() int64 {
	if it, ok := m.expected.(*IntegerType); ok && it.From != minInt {
		return it.From
	}
	return 0
}

func (m *mismatch) sizeTo() int64 {
	if it, ok := m.expected.(*IntegerType); ok {
		return it.To
	}
	return maxInt
}

func (m *mismatch) chopPath(i int) *mismatch {
	if i >= len(m.path) {
		return m
	}
	c := *m
	c.path = append(append([]pathElem(nil), m.path[:i]...), m.path[i+1:]...)
	return &c
}

func (m *mismatch) format() string {
	p := m.path
	variant, position := "", ""
	if len(p) > 0 {
		if p[0].kind == pathSignature {
			variant = " " + p[0].String()
			p = p[1:]
		}
		if len(p) > 0 {
			parts := make([]string, len(p))
			for i, e := range p {
				parts[i] = e.String()
			}
			position = " " + strings.Join(parts, " ")
		}
	}
	return m.message(variant, position)
}

func (m *mismatch) message(variant, position string) string {
	switch m.kind {
	case mkMissingKey:
		return fmt.Sprintf("%s%s expects a value for key '%s'", variant, position, m.key)
	case mkMissingParameter:
		return fmt.Sprintf("%s%s expects a value for parameter '%s'", variant, position, m.key)
	case mkExtraneousKey:
		return fmt.Sprintf("%s%s unrecognized key '%s'", variant, position, m.key)
	case mkInvalidParameter:
		return fmt.Sprintf("%s%s has no parameter named '%s'", variant, position, m.key)
	case mkUnexpectedBlock:
		return variant + position + " does not expect a block"
	case mkMissingRequiredBlock:
		return variant + position + " expects a block"
	case mkUnresolved:
		return fmt.Sprintf("%s%s references an unresolved type '%s'", variant, position, m.key)
	case mkPattern:
		e := m.expected
		pfx := ""
		if o, ok := e.(*OptionalType); ok {
			e = o.Type
			pfx = "an undef value or "
		}
		as := shortName(m.actual)
		if st, ok := m.actual.(*StringType); ok && st.HasValue {
			as = "'" + st.Value + "'"
		}
		return fmt.Sprintf("%s%s expects %sa match for %s, got %s", variant, position, pfx, TypeStringExpanded(e), as)
	case mkSize:
		return fmt.Sprintf("%s%s expects size to be %s, got %s", variant, position, rangeToS(m.expected, "0"), rangeToS(m.actual, "0"))
	case mkCount:
		min, max := m.sizeFrom(), m.sizeTo()
		suffix := "s"
		if min == 1 && (max == 1 || max == maxInt) || min == 0 && max == 1 {
			suffix = ""
		}
		return fmt.Sprintf("%s%s expects %s argument%s, got %s", variant, position, rangeToS(m.expected, "no"), suffix, rangeToS(m.actual, "none"))
	}
	return m.typeMessage(variant, position)
}

func rangeToS(t Type, zero string) string {
	it, ok := t.(*IntegerType)
	if !ok {
		return TypeString(t)
	}
	min, max := it.From, it.To
	if min == minInt {
		min = 0
	}
	switch {
	case min == max:
		if min == 0 {
			return zero
		}
		return fmt.Sprint(min)
	case min == 0:
		if max == maxInt {
			return "unlimited"
		}
		return fmt.Sprintf("at most %d", max)
	case max == maxInt:
		return fmt.Sprintf("at least %d", min)
	}
	return fmt.Sprintf("between %d and %d", min, max)
}

func (m *mismatch) typeMessage(variant, position string) string {
	e, a := m.expected, m.actual
	optional := false
	if o, ok := e.(*OptionalType); ok {
		e = o.Type
		optional = true
	}
	var es []string
	var as string
	multi := false
	if v, ok := e.(*VariantType); ok {
		if reportDetailed(v.Types, a) {
			as = detailedActualToS(v.Types, a)
			for _, t := range v.Types {
				es = append(es, TypeStringExpanded(t))
			}
		} else {
			for _, t := range v.Types {
				n := shortName(t)
				dup := false
				for _, x := range es {
					if x == n {
						dup = true
					}
				}
				if !dup {
					es = append(es, n)
				}
			}
			as = shortName(a)
		}
		if optional {
			es = append([]string{"Undef"}, es...)
		}
	} else {
		if reportDetailed([]Type{e}, a) {
			as = detailedActualToS([]Type{e}, a)
			es = []string{TypeStringExpanded(e)}
		} else {
			es = []string{shortName(e)}
			as = shortName(a)
		}
		if optional {
			es = []string{"Undef or " + es[0]}
			multi = true
		}
	}
	var ex string
	switch len(es) {
	case 1:
		ex = es[0]
	case 2:
		ex = es[0] + " or " + es[1]
		multi = true
	default:
		ex = strings.Join(es[:len(es)-1], ", ") + ", or " + es[len(es)-1]
		multi = true
	}
	if multi {
		return fmt.Sprintf("%s%s expects a value of type %s, got %s", variant, position, ex, as)
	}
	return fmt.Sprintf("%s%s expects %s value, got %s", variant, position, aAn(ex), as)
}

// shortName names a type without parameters, except that Optional,
// NotUndef, Type and the like show their contained type's name.
func shortName(t Type) string {
	var inner Type
	switch x := t.(type) {
	case *OptionalType:
		inner = x.Type
	case *NotUndefType:
		inner = x.Type
	case *TypeType:
		inner = x.Type
	case *SensitiveType:
		inner = x.Type
	case *IterableType:
		inner = x.Type
	case *IteratorType:
		inner = x.Type
	}
	if inner != nil {
		if _, any := inner.(*AnyType); !any {
			return t.Name() + "[" + inner.Name() + "]"
		}
	}
	return t.Name()
}

// simpleName is the name of the type's kind (Ruby's class based name).
func simpleName(t Type) string {
	switch t.(type) {
	case *TypeAliasType:
		return "TypeAlias"
	case *ResourceType:
		return "Resource"
	case *ObjectType:
		return "Object"
	}
	return t.Name()
}

func sameClass(a, b Type) bool {
	if a == nil || b == nil {
		return false
	}
	return simpleName(a) == simpleName(b) && fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b)
}

func alwaysFullyDetailed(es []Type, a Type) bool {
	for _, e := range es {
		if sameClass(e, a) {
			return true
		}
		if _, ok := e.(*TypeAliasType); ok {
			return true
		}
		if _, ok := a.(*TypeAliasType); ok {
			return true
		}
		switch e.(type) {
		case *StructType:
			if _, ok := a.(*HashType); ok {
				return true
			}
		case *TupleType:
			if _, ok := a.(*ArrayType); ok {
				return true
			}
		}
	}
	return false
}

func assignableToDefault(es []Type, a Type) bool {
	for _, e := range es {
		if al, ok := e.(*TypeAliasType); ok {
			e = al.ResolvedType()
		}
		if IsAssignable(kindDefault(e), a) {
			return true
		}
	}
	return false
}

func reportDetailed(es []Type, a Type) bool {
	return alwaysFullyDetailed(es, a) || assignableToDefault(es, a)
}

func allResolved(es []Type) []Type {
	out := make([]Type, len(es))
	for i, e := range es {
		for {
			al, ok := e.(*TypeAliasType)
			if !ok {
				break
			}
			e = al.ResolvedType()
		}
		out[i] = e
	}
	return out
}

func detailedActualToS(es []Type, a Type) string {
	es = allResolved(es)
	if alwaysFullyDetailed(es, a) {
		return TypeStringExpanded(a)
	}
	g := Generalize(a)
	for _, e := range es {
		if IsAssignable(e, g) {
			return TypeStringExpanded(a)
		}
	}
	return simpleName(a)
}

// kindDefault is `t.class::DEFAULT`: the unparameterized type of t's kind.
func kindDefault(t Type) Type {
	switch t.(type) {
	case *IntegerType:
		return IntegerT
	case *FloatType:
		return FloatT
	case *StringType:
		return StringT
	case *EnumType:
		return EnumT
	case *PatternType:
		return PatternT
	case *RegexpType:
		return RegexpT
	case *BooleanType:
		return BooleanT
	case *CollectionType:
		return CollectionT
	case *ArrayType:
		return ArrayT
	case *HashType:
		return HashT
	case *TupleType:
		return TupleT
	case *StructType:
		return StructT
	case *OptionalType:
		return OptionalT
	case *NotUndefType:
		return NotUndefT
	case *VariantType:
		return VariantT
	case *CallableType:
		return CallableT
	case *TypeType:
		return TypeT
	case *ClassType:
		return ClassT
	case *ResourceType:
		return ResourceT
	case *IterableType:
		return IterableT
	case *IteratorType:
		return IteratorT
	case *RuntimeType:
		return RuntimeT
	case *SensitiveType:
		return SensitiveT
	case *TimespanType:
		return TimespanT
	case *TimestampType:
		return TimestampT
	case *SemVerType:
		return SemVerT
	case *InitType:
		return InitT
	case *URIType:
		return URIT
	case *ObjectType:
		return ObjectT
	}
	return t
}

type describer struct{}

func appendPath(path []pathElem, e pathElem) []pathElem {
	return append(append(make([]pathElem, 0, len(path)+1), path...), e)
}

func (d describer) describe(expected, actual Type, path []pathElem) []*mismatch {
	if name, ok := findUnresolved(expected, map[*TypeAliasType]bool{}); ok {
		return []*mismatch{{kind: mkUnresolved, path: path, key: name}}
	}
	return d.internal(Normalize(expected), expected, actual, path)
}

func findUnresolved(t Type, seen map[*TypeAliasType]bool) (string, bool) {
	var found string
	walkTypes(t, seen, func(x Type) bool {
		if r, ok := x.(*TypeReferenceType); ok {
			found = r.TypeString
			return false
		}
		return true
	})
	return found, found != ""
}

// NamesItself reports whether the alias's type names the alias, through
// the types it contains and the aliases they name (Data's Array[Data]).
func (t *TypeAliasType) NamesItself() bool {
	a := t.canonical()
	found := false
	walkTypes(a.ResolvedType(), map[*TypeAliasType]bool{}, func(x Type) bool {
		if y, ok := x.(*TypeAliasType); ok && y.canonical() == a {
			found = true
		}
		return !found
	})
	return found
}

// WalkTypes visits t and the types it contains, depth first in the order
// of their parameters (each alias's type once), until f returns false.
func WalkTypes(t Type, f func(Type) bool) { walkTypes(t, map[*TypeAliasType]bool{}, f) }

// Same reports whether t and o are one alias (a deferred reference and
// the alias it names are).
func (t *TypeAliasType) Same(o *TypeAliasType) bool { return t.canonical() == o.canonical() }

// walkTypes visits t and the types it contains (aliases once).
func walkTypes(t Type, seen map[*TypeAliasType]bool, f func(Type) bool) bool {
	if t == nil {
		return true
	}
	if !f(t) {
		return false
	}
	var kids []Type
	switch x := t.(type) {
	case *ArrayType:
		kids = []Type{x.Elem}
	case *HashType:
		kids = []Type{x.Key, x.Value}
	case *TupleType:
		kids = x.Types
	case *StructType:
		for _, e := range x.Elements {
			kids = append(kids, e.Key, e.Value)
		}
	case *VariantType:
		kids = x.Types
	case *OptionalType:
		kids = []Type{x.Type}
	case *NotUndefType:
		kids = []Type{x.Type}
	case *TypeType:
		kids = []Type{x.Type}
	case *SensitiveType:
		kids = []Type{x.Type}
	case *IterableType:
		kids = []Type{x.Type}
	case *IteratorType:
		kids = []Type{x.Type}
	case *PatternType:
		for _, p := range x.Patterns {
			kids = append(kids, p)
		}
	case *CallableType:
		if x.Params != nil {
			kids = append(kids, x.Params)
		}
		kids = append(kids, x.Block, x.Return)
	case *InitType:
		kids = []Type{x.Type}
	case *TypeAliasType:
		x = x.canonical()
		if seen[x] {
			return true
		}
		seen[x] = true
		kids = []Type{x.resolved}
	}
	for _, k := range kids {
		if !walkTypes(k, seen, f) {
			return false
		}
	}
	return true
}

func (d describer) internal(expected, original, actual Type, path []pathElem) []*mismatch {
	switch e := expected.(type) {
	case *VariantType:
		return d.variant(e, original, actual, path)
	case *StructType:
		return d.structT(e, original, actual, path)
	case *HashType:
		return d.hash(e, original, actual, path)
	case *TupleType:
		return d.tuple(e, original, actual, path, mkSize)
	case *ArrayType:
		return d.array(e, original, actual, path)
	case *CallableType:
		return d.callable(e, original, actual, path)
	case *OptionalType:
		if _, ok := actual.(*UndefType); ok || e.Type == nil {
			return nil
		}
		orig := Type(e)
		if _, ok := original.(*TypeAliasType); ok {
			orig = original
		}
		return d.internal(e.Type, orig, actual, path)
	case *PatternType, *EnumType:
		return []*mismatch{newExpectedActual(mkPattern, path, original, actual)}
	case *TypeAliasType:
		return d.internal(Normalize(e.ResolvedType()), e, actual, path)
	}
	if IsAssignable(expected, actual) {
		return nil
	}
	return []*mismatch{newExpectedActual(mkType, path, original, actual)}
}

func (d describer) variant(expected *VariantType, original, actual Type, path []pathElem) []*mismatch {
	types := expected.Types
	if _, ok := original.(*OptionalType); ok {
		types = append([]Type{UndefT}, types...)
	}
	var all [][]*mismatch
	for i, vt := range types {
		ds := d.describe(vt, actual, appendPath(path, pathElem{kind: pathVariant, idx: i}))
		if len(ds) == 0 {
			return nil
		}
		all = append(all, ds)
	}
	ds := mergeDescriptions(len(path), mkSize, all)
	if _, ok := original.(*TypeAliasType); ok && len(ds) == 1 {
		return []*mismatch{newExpectedActual(mkType, path, original, actual)}
	}
	return ds
}

func mergeDescriptions(varying int, sizeKind mismatchKind, all [][]*mismatch) []*mismatch {
	var ds []*mismatch
	for _, a := range all {
		ds = append(ds, a...)
	}
	classes := []func(*mismatch) bool{
		func(m *mismatch) bool {
			if sizeKind == mkCount {
				return m.kind == mkCount
			}
			return m.isSizeMismatch()
		},
		func(m *mismatch) bool { return m.kind == mkMissingRequiredBlock },
		func(m *mismatch) bool { return m.kind == mkUnexpectedBlock },
		func(m *mismatch) bool { return m.isTypeMismatch() },
	}
	for _, is := range classes {
		var ms []*mismatch
		for _, m := range ds {
			if is(m) {
				ms = append(ms, m)
			}
		}
		if len(ms) != len(all) || len(ms) == 0 {
			continue
		}
		generic := ms[0]
		for _, cur := range ms[1:] {
			if !pathsEqual(generic.canonicalPath(), cur.canonicalPath()) {
				generic = nil
				break
			}
			generic = generic.merge(generic.path, cur)
		}
		if generic != nil {
			ds = []*mismatch{generic}
			break
		}
	}
	ds = uniqueMismatches(ds)
	if len(ds) == 1 {
		return []*mismatch{ds[0].chopPath(varying)}
	}
	return ds
}

// uniqueMismatches drops duplicates the way Ruby's uniq does with
// Puppet's mismatch classes: only block mismatches compare by path.
func uniqueMismatches(ds []*mismatch) []*mismatch {
	var out []*mismatch
	for _, m := range ds {
		dup := false
		for _, o := range out {
			if o == m || (m.kind == o.kind && (m.kind == mkUnexpectedBlock || m.kind == mkMissingRequiredBlock) && pathsEqual(m.canonicalPath(), o.canonicalPath())) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

func (d describer) array(expected *ArrayType, original, actual Type, path []pathElem) []*mismatch {
	elem := expected.Elem
	switch a := actual.(type) {
	case *TupleType:
		es := sizeOr(expected.Size)
		as := a.Size
		if as == nil {
			n := int64(len(a.Types))
			as = &IntegerType{From: n, To: n}
		}
		if !IsAssignable(es, as) {
			return []*mismatch{newExpectedActual(mkSize, path, es, as)}
		}
		var out []*mismatch
		for i, t := range a.Types {
			if !IsAssignable(elem, t) {
				out = append(out, d.describe(elem, t, appendPath(path, pathElem{kind: pathIndex, idx: i}))...)
			}
		}
		return out
	case *ArrayType:
		as := sizeOr(a.Size)
		if expected.Size == nil || IsAssignable(expected.Size, as) {
			return []*mismatch{newExpectedActual(mkType, path, original, NewArrayType(a.Elem, nil))}
		}
		return []*mismatch{newExpectedActual(mkSize, path, expected.Size, as)}
	}
	return []*mismatch{newExpectedActual(mkType, path, original, actual)}
}

func (d describer) hash(expected *HashType, original, actual Type, path []pathElem) []*mismatch {
	switch a := actual.(type) {
	case *StructType:
		es := sizeOr(expected.Size)
		req := int64(0)
		for _, e := range a.Elements {
			if !IsAssignable(e.Key, UndefT) {
				req++
			}
		}
		as := &IntegerType{From: req, To: int64(len(a.Elements))}
		if !IsAssignable(es, as) {
			return []*mismatch{newExpectedActual(mkSize, path, es, as)}
		}
		var out []*mismatch
		for _, e := range a.Elements {
			if !IsAssignable(expected.Key, e.Key) {
				out = append(out, d.describe(expected.Key, e.Key, appendPath(path, pathElem{kind: pathEntryKey, key: e.elementName()}))...)
			}
			if !IsAssignable(expected.Value, e.Value) {
				out = append(out, d.describe(expected.Value, e.Value, appendPath(path, pathElem{kind: pathEntryValue, key: e.elementName()}))...)
			}
		}
		return out
	case *HashType:
		as := sizeOr(a.Size)
		if expected.Size == nil || IsAssignable(expected.Size, as) {
			return []*mismatch{newExpectedActual(mkType, path, original, NewHashType(a.Key, a.Value, nil))}
		}
		return []*mismatch{newExpectedActual(mkSize, path, expected.Size, as)}
	}
	return []*mismatch{newExpectedActual(mkType, path, original, actual)}
}

func (d describer) structT(expected *StructType, original, actual Type, path []pathElem) []*mismatch {
	switch a := actual.(type) {
	case *StructType:
		var out []*mismatch
		used := map[string]bool{}
		for _, e1 := range expected.Elements {
			key := e1.elementName()
			e2 := a.element(key)
			if e2 == nil {
				if !IsAssignable(e1.Key, UndefT) {
					out = append(out, &mismatch{kind: mkMissingKey, path: path, key: key})
				}
				continue
			}
			used[key] = true
			if !IsAssignable(e1.Key, e2.Key) {
				out = append(out, d.describe(e1.Key, e2.Key, appendPath(path, pathElem{kind: pathEntryKey, key: key}))...)
			}
			if !IsAssignable(e1.Value, e2.Value) {
				out = append(out, d.describe(e1.Value, e2.Value, appendPath(path, pathElem{kind: pathEntryValue, key: key}))...)
			}
		}
		for _, e2 := range a.Elements {
			if !used[e2.elementName()] {
				out = append(out, &mismatch{kind: mkExtraneousKey, path: path, key: e2.elementName()})
			}
		}
		return out
	case *HashType:
		as := sizeOr(a.Size)
		req := int64(0)
		for _, e := range expected.Elements {
			if !IsAssignable(e.Key, UndefT) {
				req++
			}
		}
		es := &IntegerType{From: req, To: int64(len(expected.Elements))}
		if IsAssignable(es, as) {
			return []*mismatch{newExpectedActual(mkType, path, original, NewHashType(a.Key, a.Value, nil))}
		}
		return []*mismatch{newExpectedActual(mkSize, path, es, as)}
	}
	return []*mismatch{newExpectedActual(mkType, path, original, actual)}
}

func (d describer) tuple(expected *TupleType, original, actual Type, path []pathElem, sizeKind mismatchKind) []*mismatch {
	if TypeEqual(expected, actual) {
		return nil
	}
	if _, ok := actual.(*ArrayType); ok && len(expected.Types) == 0 {
		return nil
	}
	es := expected.sizeType()
	switch a := actual.(type) {
	case *TupleType:
		as := a.sizeType()
		if !IsAssignable(es, as) {
			return []*mismatch{{kind: sizeKind, path: path, expected: es, actual: as}}
		}
		var out []*mismatch
		if len(expected.Types) > 0 {
			for i, t := range a.Types {
				adx := i
				if adx >= len(expected.Types) {
					adx = len(expected.Types) - 1
				}
				out = append(out, d.describe(expected.Types[adx], t, appendPath(path, pathElem{kind: pathIndex, idx: adx}))...)
			}
		}
		return out
	case *ArrayType:
		as := sizeOr(a.Size)
		if !IsAssignable(es, as) {
			return []*mismatch{{kind: sizeKind, path: path, expected: es, actual: as}}
		}
		var out []*mismatch
		for i, t := range expected.Types {
			out = append(out, d.describe(t, a.Elem, appendPath(path, pathElem{kind: pathIndex, idx: i}))...)
		}
		return out
	}
	return []*mismatch{newExpectedActual(mkType, path, original, actual)}
}

func (d describer) callable(expected *CallableType, original, actual Type, path []pathElem) []*mismatch {
	a, ok := actual.(*CallableType)
	if !ok {
		return []*mismatch{newExpectedActual(mkType, path, original, actual)}
	}
	if expected.Params == nil && expected.Return == nil {
		return nil
	}
	if expected.Params != nil && a.Params != nil {
		if errs := d.tuple(expected.Params, expected.Params, a.Params, path, mkCount); len(errs) > 0 {
			return errs
		}
	}
	var thisRet, thatRet Type = AnyT, AnyT
	if expected.Return != nil {
		thisRet = expected.Return
	}
	if a.Return != nil {
		thatRet = a.Return
	}
	if !IsAssignable(thisRet, thatRet) {
		return []*mismatch{newExpectedActual(mkType, appendPath(path, pathElem{kind: pathReturn, key: "return"}), thisRet, thatRet)}
	}
	var thisBlock, thatBlock Type = UndefT, UndefT
	if expected.Block != nil {
		thisBlock = expected.Block
	}
	if a.Block != nil {
		thatBlock = a.Block
	}
	if IsAssignable(thatBlock, thisBlock) {
		return nil
	}
	return []*mismatch{newExpectedActual(mkType, appendPath(path, pathElem{kind: pathBlock, key: "block"}), thisBlock, thatBlock)}
}

func joinMismatches(errs []*mismatch, strip bool) string {
	switch len(errs) {
	case 0:
		return ""
	case 1:
		if strip {
			return strings.TrimSpace(errs[0].format())
		}
		return errs[0].format()
	}
	parts := make([]string, len(errs))
	for i, e := range errs {
		parts[i] = e.format()
	}
	return strings.Join(parts, "\n ")
}

// DescribeMismatch is TypeMismatchDescriber#describe_mismatch: why actual
// is not assignable to expected, for the subject name ("" when none is
// wanted). It returns "" when there is no mismatch.
func DescribeMismatch(name string, expected, actual Type) string {
	errs := describer{}.describe(expected, actual, []pathElem{{kind: pathSubject, key: name}})
	return joinMismatches(errs, true)
}

// DescribeValueMismatch describes why v is not an instance of expected
// (the actual type is v's detailed type, as Puppet infers it).
func DescribeValueMismatch(name string, expected Type, v Value) string {
	if IsInstance(expected, v) {
		return ""
	}
	return DescribeMismatch(name, expected, InferSet(v))
}

// AssertInstance returns nil when v is an instance of expected, else the
// error Puppet's type assertions raise: "<subject> has wrong type, expects
// ... got ...".
func AssertInstance(subject string, expected Type, v Value) error {
	if IsInstance(expected, v) {
		return nil
	}
	return newError(IssueTypeMismatch, DescribeMismatch(subject+" has wrong type,", expected, InferSet(v)))
}

// ParamType is one parameter of a parameter struct: its name, type, and
// whether it may be left out (it has a default).
type ParamType struct {
	Name     string
	Type     Type
	Optional bool
}

// ValidateParameters checks given parameter values against declared
// parameters the way Puppet validates class and define parameters and
// returns the error text ("<subject>: parameter 'x' expects ...", several
// problems on separate lines), or "" when all is well.
func ValidateParameters(subject string, params []ParamType, given *Hash, missingOK bool) string {
	names := make([]string, len(given.keys))
	for i, k := range given.keys {
		names[i] = ToString(k)
	}
	return ValidateParameterList(subject, params, names, given.Values(), missingOK)
}

// ValidateParameterList is ValidateParameters of the values vals of the
// parameters names (no name twice).
func ValidateParameterList(subject string, params []ParamType, names []string, vals []Value, missingOK bool) string {
	var errs []*mismatch
	declared := cursor{n: len(params), name: func(i int) string { return params[i].Name }}
	for _, name := range names {
		if declared.find(name) < 0 {
			errs = append(errs, &mismatch{kind: mkInvalidParameter, key: name})
		}
	}
	d := describer{}
	given := cursor{n: len(names), name: func(i int) string { return names[i] }}
	for _, p := range params {
		if p.Optional && p.Type == AnyT {
			continue // the metaparameters: nothing to check
		}
		if i := given.find(p.Name); i >= 0 {
			v := vals[i]
			if !IsInstance(p.Type, v) {
				errs = append(errs, d.describe(p.Type, InferSet(v), []pathElem{{kind: pathParameter, key: p.Name}})...)
			}
		} else if !missingOK && !p.Optional {
			errs = append(errs, &mismatch{kind: mkMissingParameter, key: p.Name})
		}
	}
	switch len(errs) {
	case 0:
		return ""
	case 1:
		return subject + ":" + errs[0].format()
	}
	parts := make([]string, len(errs))
	for i, e := range errs {
		parts[i] = e.format()
	}
	return subject + ":\n " + strings.Join(parts, "\n ")
}

// cursor finds names in a list, searching on from the last one found:
// parameters mostly come in the order they are declared, so that checking
// every one costs about one comparison each, not one per declared name.
type cursor struct {
	n, next int
	name    func(int) string
}

func (c *cursor) find(name string) int {
	for k := 0; k < c.n; k++ {
		i := c.next + k
		if i >= c.n {
			i -= c.n
		}
		if c.name(i) == name {
			c.next = i + 1
			return i
		}
	}
	return -1
}
