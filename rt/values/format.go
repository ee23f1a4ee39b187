package values

import (
	"fmt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"
)

// This file is Puppet's StringConverter: String(v), String(v, format) and
// the format hashes of String.new.

// Format is one parsed format directive %<flags><width>.<prec><format>,
// plus the container options of a container format.
type Format struct {
	Orig       string
	Verb       byte
	Alt        bool
	Plus       byte // 0, ' ' or '+'
	Left       bool
	ZeroPad    bool
	Width      int // -1 when absent
	Prec       int // -1 when absent
	Delimiters byte

	Separator, Separator2       string
	HasSeparator, HasSeparator2 bool
	ContainerFormats            *FormatMap
}

var fmtPattern = lazyre.New(`^%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$`)

// ParseFormat parses a format directive such as "%-10s" or "%#x".
func ParseFormat(s string) (*Format, error) {
	m := fmtPattern.FindStringSubmatch(s)
	if m == nil {
		return nil, newError("", fmt.Sprintf("The format '%s' is not a valid format on the form '%%<flags><width>.<prec><format>'", s))
	}
	f := &Format{Orig: s, Verb: m[4][0], Width: -1, Prec: -1}
	seen := map[rune]bool{}
	for _, c := range m[1] {
		if seen[c] {
			return nil, newError("", fmt.Sprintf("The same flag can only be used once, got '%s'", s))
		}
		seen[c] = true
	}
	f.Left = seen['-']
	f.Alt = seen['#']
	switch {
	case seen[' ']:
		f.Plus = ' '
	case seen['+']:
		f.Plus = '+'
	}
	f.ZeroPad = seen['0']
	for _, d := range "[{(<|" {
		if seen[d] {
			if f.Delimiters != 0 {
				return nil, newError("", fmt.Sprintf("Only one of the delimiters [ { ( < | can be given in the format flags, got '%s'", s))
			}
			f.Delimiters = byte(d)
		}
	}
	if m[2] != "" {
		fmt.Sscan(m[2], &f.Width)
	}
	if m[3] != "" {
		fmt.Sscan(m[3], &f.Prec)
	}
	return f, nil
}

func (f *Format) delimiterPair(dflt [2]string) [2]string {
	switch f.Delimiters {
	case '[':
		return [2]string{"[", "]"}
	case '{':
		return [2]string{"{", "}"}
	case '(':
		return [2]string{"(", ")"}
	case '<':
		return [2]string{"<", ">"}
	case '|':
		return [2]string{"|", "|"}
	}
	if f.Plus == ' ' {
		return [2]string{"", ""}
	}
	return dflt
}

// FormatMap maps types to formats; the first type a value's type is
// assignable to wins.
type FormatMap struct {
	Types   []Type
	Formats []*Format
}

func (m *FormatMap) find(t Type) *Format {
	for i, k := range m.Types {
		if IsAssignable(k, t) {
			return m.Formats[i]
		}
	}
	return formatS
}

// The default formats, written out as ParseFormat makes them: parsing
// them would compile fmtPattern at every binary's start.
var (
	formatP = &Format{Orig: "%p", Verb: 'p', Width: -1, Prec: -1}
	formatF = &Format{Orig: "%f", Verb: 'f', Width: -1, Prec: -1}
	formatD = &Format{Orig: "%d", Verb: 'd', Width: -1, Prec: -1}
	formatB = &Format{Orig: "%B", Verb: 'B', Width: -1, Prec: -1}
	formatS = &Format{Orig: "%s", Verb: 's', Width: -1, Prec: -1}

	defaultContainerFormats = &FormatMap{Types: []Type{AnyT}, Formats: []*Format{formatP}}
	defaultArrayFormat      = &Format{Orig: "%a", Verb: 'a', Width: -1, Prec: -1, Separator: ", ", Separator2: ", ", HasSeparator: true, HasSeparator2: true, ContainerFormats: defaultContainerFormats}
	defaultHashFormat       = &Format{Orig: "%h", Verb: 'h', Width: -1, Prec: -1, Separator: ", ", Separator2: " => ", HasSeparator: true, HasSeparator2: true, ContainerFormats: defaultContainerFormats}
	defaultStringFormats    = &FormatMap{
		Types:   []Type{ObjectT, FloatT, NumericT, ArrayT, HashT, BinaryT, AnyT},
		Formats: []*Format{formatP, formatF, formatD, defaultArrayFormat, defaultHashFormat, formatB, formatS},
	}
)

// formatDefault is String(v): StringConverter#convert with default formats.
func formatDefault(v Value) string {
	s, _ := FormatValue(v, nil)
	return s
}

// FormatValue converts v as Puppet's String.new(v, formats) does. formats
// is nil (defaults), a String (a format for v's own type) or a Hash of
// type => format (or type => container format hash).
func FormatValue(v Value, formats Value) (string, error) {
	if v == nil {
		v = Undef
	}
	vt := InferSet(v)
	options := defaultStringFormats
	switch f := formats.(type) {
	case nil, UndefValue, DefaultValue:
	case String:
		var key Type = vt
		if IsAssignable(ArrayT, vt) {
			key = ArrayT
		} else if IsAssignable(HashT, vt) {
			key = HashT
		}
		var fm *Format
		var err error
		if key == ArrayT || key == HashT {
			fm, err = containerFormat(NewHash(HashEntry{String("format"), f}))
		} else {
			fm, err = ParseFormat(string(f))
		}
		if err != nil {
			return "", err
		}
		options = mergeFormatMaps(defaultStringFormats, &FormatMap{Types: []Type{key}, Formats: []*Format{fm}})
	case *Hash:
		user, err := validateFormatHash(f)
		if err != nil {
			return "", err
		}
		options = mergeFormatMaps(defaultStringFormats, user)
	default:
		return "", newError("", fmt.Sprintf("string conversion expects a Default value or a Hash of type to format mappings, got a '%s'", rubyClassName(formats)))
	}
	c := converter{}
	return c.convert(vt, v, options, indentation{first: true})
}

func validateFormatHash(h *Hash) (*FormatMap, error) {
	m := &FormatMap{}
	for i, k := range h.keys {
		t, ok := k.(Type)
		if !ok {
			return nil, newError("", fmt.Sprintf("top level keys in the format hash must be data types, got instance of '%s'", rubyClassName(k)))
		}
		var f *Format
		var err error
		if ch, ok := h.vals[i].(*Hash); ok {
			f, err = containerFormat(ch)
		} else if s, ok := h.vals[i].(String); ok {
			f, err = ParseFormat(string(s))
		} else {
			err = newError("", "format must be a String or a Hash")
		}
		if err != nil {
			return nil, err
		}
		m.Types = append(m.Types, t)
		m.Formats = append(m.Formats, f)
	}
	return m, nil
}

func containerFormat(h *Hash) (*Format, error) {
	for _, k := range h.keys {
		switch ToString(k) {
		case "separator", "separator2", "format", "string_formats":
		default:
			return nil, newError("", fmt.Sprintf("only 'separator', 'separator2', 'format', 'string_formats' are allowed in a container format, got %s", rubyInspect(h)))
		}
	}
	fs, _ := h.GetString("format")
	var f *Format
	if s, ok := fs.(String); ok {
		var err error
		if f, err = ParseFormat(string(s)); err != nil {
			return nil, err
		}
	} else {
		return nil, newError("", "The format '' is not a valid format on the form '%<flags><width>.<prec><format>'")
	}
	if s, ok := h.GetString("separator"); ok {
		f.Separator, f.HasSeparator = ToString(s), true
	}
	if s, ok := h.GetString("separator2"); ok {
		f.Separator2, f.HasSeparator2 = ToString(s), true
	}
	if sf, ok := h.GetString("string_formats"); ok {
		if sh, ok := sf.(*Hash); ok {
			m, err := validateFormatHash(sh)
			if err != nil {
				return nil, err
			}
			f.ContainerFormats = m
		}
	}
	return f, nil
}

func mergeFormat(lower, higher *Format) *Format {
	if lower == nil {
		return higher
	}
	if higher == nil {
		return lower
	}
	r := *higher
	if !higher.HasSeparator {
		r.Separator, r.HasSeparator = lower.Separator, lower.HasSeparator
	}
	if !higher.HasSeparator2 {
		r.Separator2, r.HasSeparator2 = lower.Separator2, lower.HasSeparator2
	}
	r.ContainerFormats = mergeFormatMaps(lower.ContainerFormats, higher.ContainerFormats)
	return &r
}

// mergeFormatMaps is Format.merge_string_formats: formats of lower that a
// more general type of higher covers are dropped, the rest merged, and the
// result sorted from specific to general.
func mergeFormatMaps(lower, higher *FormatMap) *FormatMap {
	if lower == nil {
		return higher
	}
	if higher == nil {
		return lower
	}
	var keys []Type
	for _, lk := range lower.Types {
		drop := false
		for _, hk := range higher.Types {
			if !TypeEqual(hk, lk) && IsAssignable(hk, lk) {
				drop = true
				break
			}
		}
		if !drop {
			keys = append(keys, lk)
		}
	}
	for _, hk := range higher.Types {
		dup := false
		for _, k := range keys {
			if TypeEqual(k, hk) {
				dup = true
				break
			}
		}
		if !dup {
			keys = append(keys, hk)
		}
	}
	get := func(m *FormatMap, t Type) *Format {
		for i, k := range m.Types {
			if TypeEqual(k, t) {
				return m.Formats[i]
			}
		}
		return nil
	}
	out := &FormatMap{}
	for _, k := range keys {
		out.Types = append(out.Types, k)
		out.Formats = append(out.Formats, mergeFormat(get(lower, k), get(higher, k)))
	}
	sortFormatMap(out)
	return out
}

func sortFormatMap(m *FormatMap) {
	less := func(a, b Type) int {
		ab, ba := IsAssignable(b, a), IsAssignable(a, b)
		switch {
		case TypeEqual(a, b):
			return 0
		case ab && !ba:
			return -1
		case !ab && ba:
			return 1
		}
		ra, rb := typeRank(a), typeRank(b)
		if ra == 0 || rb == 0 {
			return strings.Compare(TypeString(a), TypeString(b))
		}
		return int(cmpInt(int64(ra), int64(rb)))
	}
	// insertion sort: stable and the maps are tiny
	for i := 1; i < len(m.Types); i++ {
		for j := i; j > 0 && less(m.Types[j], m.Types[j-1]) < 0; j-- {
			m.Types[j], m.Types[j-1] = m.Types[j-1], m.Types[j]
			m.Formats[j], m.Formats[j-1] = m.Formats[j-1], m.Formats[j]
		}
	}
}

func typeRank(t Type) int {
	switch t.(type) {
	case *StructType:
		return 1
	case *HashType:
		return 2
	case *TupleType:
		return 3
	case *ArrayType:
		return 4
	case *PatternType:
		return 10
	case *EnumType:
		return 11
	case *StringType:
		return 12
	}
	return 0
}

type indentation struct {
	level     int
	first     bool
	indenting bool
}

func (i indentation) subsequent() indentation {
	if i.first {
		return indentation{level: i.level, first: false, indenting: i.indenting}
	}
	return i
}
func (i indentation) withIndenting(b bool) indentation {
	return indentation{level: i.level, first: i.first, indenting: b}
}
func (i indentation) increase(b bool) indentation {
	return indentation{level: i.level + 1, first: true, indenting: b}
}
func (i indentation) breaks() bool    { return i.indenting && i.level > 0 && !i.first }
func (i indentation) padding() string { return strings.Repeat(" ", 2*i.level) }

type converter struct{}

func formatError(typ string, verb byte, expected string) error {
	return newError("", fmt.Sprintf("Illegal format '%c' specified for value of %s type - expected one of the characters '%s'", verb, typ, expected))
}

// kformat is Kernel.format with one argument.
func kformat(f string, v Value) string {
	s, err := Sprintf(f, v)
	if err != nil {
		return ""
	}
	return s
}

// applyStringFlags applies width, precision and left alignment to a literal.
func applyStringFlags(f *Format, s string) string {
	if !f.Left && f.Width < 0 && f.Prec < 0 {
		return s
	}
	spec := "%"
	if f.Left {
		spec += "-"
	}
	if f.Width >= 0 {
		spec += fmt.Sprint(f.Width)
	}
	if f.Prec >= 0 {
		spec += "." + fmt.Sprint(f.Prec)
	}
	return kformat(spec+"s", String(s))
}

func isContainerType(t Type) bool {
	switch t.(type) {
	case *ArrayType, *HashType, *StructType, *TupleType, *ObjectType:
		return true
	}
	return false
}

func (c *converter) convert(vt Type, v Value, fm *FormatMap, ind indentation) (string, error) {
	f := fm.find(vt)
	switch x := v.(type) {
	case UndefValue:
		var s string
		switch f.Verb {
		case 'n':
			s = pick(f.Alt, "null", "nil")
		case 'u':
			s = pick(f.Alt, "undefined", "undef")
		case 'd', 'x', 'X', 'o', 'b', 'B', 'e', 'E', 'f', 'g', 'G', 'a', 'A':
			s = "NaN"
		case 'v':
			s = "n/a"
		case 'V':
			s = "N/A"
		case 's':
			s = pick(f.Alt, `""`, "")
		case 'p':
			s = pick(f.Alt, `"undef"`, "undef")
		default:
			return "", formatError("Undef", f.Verb, "nudxXobBeEfgGaAvVsp")
		}
		return applyStringFlags(f, s), nil
	case DefaultValue:
		switch f.Verb {
		case 'd', 's', 'p':
			return applyStringFlags(f, pick(f.Alt, `"default"`, "default")), nil
		case 'D':
			return applyStringFlags(f, pick(f.Alt, `"Default"`, "Default")), nil
		}
		return "", formatError("Default", f.Verb, "dDsp")
	case Bool:
		str := "false"
		if x {
			str = "true"
		}
		switch f.Verb {
		case 't':
			return applyStringFlags(f, pickFirst(f.Alt, str)), nil
		case 'T':
			return applyStringFlags(f, pickFirst(f.Alt, rubyCapitalize(str))), nil
		case 'y':
			return applyStringFlags(f, pickFirst(f.Alt, pick(bool(x), "yes", "no"))), nil
		case 'Y':
			return applyStringFlags(f, pickFirst(f.Alt, pick(bool(x), "Yes", "No"))), nil
		case 'd', 'x', 'X', 'o', 'b', 'B':
			n := Int(0)
			if x {
				n = 1
			}
			return c.convert(Infer(n), n, &FormatMap{Types: []Type{IntegerT}, Formats: []*Format{f}}, ind)
		case 'e', 'E', 'f', 'g', 'G', 'a', 'A':
			n := Float(0)
			if x {
				n = 1
			}
			return c.convert(Infer(n), n, &FormatMap{Types: []Type{FloatT}, Formats: []*Format{f}}, ind)
		case 's', 'p':
			return applyStringFlags(f, str), nil
		}
		return "", formatError("Boolean", f.Verb, "tTyYdxXobBeEfgGaAsp")
	case Int:
		switch f.Verb {
		case 'd', 'x', 'X', 'o', 'b', 'B', 'p':
			return Sprintf(f.Orig, x)
		case 'e', 'E', 'f', 'g', 'G', 'a', 'A':
			return Sprintf(f.Orig, Float(x))
		case 'c':
			ch := string(rune(x))
			if f.Alt {
				ch = `"` + ch + `"`
			}
			return Sprintf(strings.ReplaceAll(f.Orig, "c", "s"), String(ch))
		case 's':
			verb := "s"
			if f.Alt {
				verb = "p"
			}
			return Sprintf(strings.ReplaceAll(f.Orig, "s", verb), String(kformat("%d", x)))
		}
		return "", formatError("Integer", f.Verb, "dxXobBeEfgGaAspc")
	case Float:
		switch f.Verb {
		case 'd', 'x', 'X', 'o', 'b', 'B':
			return Sprintf(f.Orig, Int(int64(x)))
		case 'e', 'E', 'f', 'g', 'G', 'a', 'A':
			return Sprintf(f.Orig, x)
		case 'p':
			return applyStringFlags(f, rubyFloatToS(float64(x))), nil
		case 's':
			fs := rubyFloatToS(float64(x))
			if f.Alt {
				fs = `"` + fs + `"`
			}
			return Sprintf(f.Orig, String(fs))
		}
		return "", formatError("Float", f.Verb, "dxXobBeEfgGaAsp")
	case String:
		s := string(x)
		alt := func(val string, verb string) (string, error) {
			if f.Alt {
				return applyStringFlags(f, PuppetQuote(val)), nil
			}
			return Sprintf(strings.ReplaceAll(f.Orig, verb, "s"), String(val))
		}
		switch f.Verb {
		case 's':
			return Sprintf(f.Orig, x)
		case 'p':
			if f.Alt {
				return applyStringFlags(f, puppetDoubleQuote(s)), nil
			}
			return applyStringFlags(f, PuppetQuote(s)), nil
		case 'c':
			return alt(rubyCapitalize(s), "c")
		case 'C':
			segs := strings.Split(s, "::")
			for i, seg := range segs {
				segs[i] = rubyCapitalize(seg)
			}
			return alt(strings.Join(segs, "::"), "C")
		case 'u':
			return alt(strings.ToUpper(s), "u")
		case 'd':
			return alt(strings.ToLower(s), "d")
		case 't':
			return alt(strings.TrimSpace(s), "t")
		}
		return "", formatError("String", f.Verb, "cCudspt")
	case *Regexp:
		switch f.Verb {
		case 'p':
			if f.Orig == "%p" {
				return x.Inspect(), nil
			}
			return Sprintf(strings.ReplaceAll(f.Orig, "p", "s"), String(x.Inspect()))
		case 's':
			s := x.source
			if f.Alt {
				s = PuppetQuote(s)
			}
			if f.Orig == "%s" {
				return s, nil
			}
			return Sprintf(f.Orig, String(s))
		}
		return "", formatError("Regexp", f.Verb, "sp")
	case *Binary:
		sub := "s"
		if f.Alt {
			sub = "p"
		}
		switch f.Verb {
		case 's':
			return Sprintf(strings.ReplaceAll(f.Orig, "s", sub), String(string(x.bytes)))
		case 'p':
			inner, err := Sprintf(strings.ReplaceAll(f.Orig, "p", "s"), String(x.Base64()))
			return `Binary("` + inner + `")`, err
		case 'b':
			return Sprintf(strings.ReplaceAll(f.Orig, "b", sub), String(x.relaxedBase64()))
		case 'B':
			return Sprintf(strings.ReplaceAll(f.Orig, "B", sub), String(x.Base64()))
		case 'u':
			return Sprintf(strings.ReplaceAll(f.Orig, "u", sub), String(x.urlsafeBase64()))
		case 't':
			return Sprintf(strings.ReplaceAll(f.Orig, "t", sub), String("Binary"))
		case 'T':
			return Sprintf(strings.ReplaceAll(f.Orig, "T", sub), String("BINARY"))
		}
		return "", formatError("Binary", f.Verb, "bButTsp")
	case *Array:
		return c.array(f, x, fm, ind)
	case *Hash:
		return c.hash(f, x, fm, ind)
	case Type:
		switch f.Verb {
		case 's':
			s := typeValueString(x)
			if f.Alt {
				s = `"` + s + `"`
			}
			return Sprintf(f.Orig, String(s))
		case 'p':
			return Sprintf(strings.ReplaceAll(f.Orig, "p", "s"), String(typeValueString(x)))
		}
		return "", formatError("Type", f.Verb, "sp")
	case *Sensitive:
		if f.Verb == 'p' {
			return Sprintf(strings.ReplaceAll(f.Orig, "p", "s"), String("#<"+sensitiveText+">"))
		}
		return Sprintf(f.Orig, String(sensitiveText))
	}
	// other scalars: Kernel.format(fmt, value) on their to_s
	if f.Verb == 'p' {
		return Sprintf(strings.ReplaceAll(f.Orig, "p", "s"), String(ToString(v)))
	}
	return Sprintf(f.Orig, String(ToString(v)))
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

func pickFirst(first bool, s string) string {
	if first {
		return s[:1]
	}
	return s
}

func isArrayOrHash(v Value) bool {
	switch v.(type) {
	case *Array, *Hash:
		return true
	}
	return false
}

func (c *converter) array(f *Format, a *Array, fm *FormatMap, ind indentation) (string, error) {
	sep := defaultArrayFormat.Separator
	if f.HasSeparator {
		sep = f.Separator
	}
	sf := f.ContainerFormats
	if sf == nil {
		sf = defaultContainerFormats
	}
	delims := f.delimiterPair([2]string{"[", "]"})
	ind = ind.withIndenting(f.Alt || ind.indenting)
	switch f.Verb {
	case 'a', 's', 'p':
	default:
		return "", formatError("Array", f.Verb, "asp")
	}
	var buf strings.Builder
	if ind.breaks() {
		buf.WriteString("\n")
		buf.WriteString(ind.padding())
	}
	buf.WriteString(delims[0])
	children := ind.increase(f.Alt)
	mapped := make([]string, a.Len())
	for i, v := range a.elems {
		if children.first {
			children = children.subsequent()
		}
		vt := InferSet(v)
		m := sf
		if isContainerType(vt) {
			m = fm
		}
		s, err := c.convert(vt, v, m, children)
		if err != nil {
			return "", err
		}
		mapped[i] = s
	}
	szBreak := false
	if f.Alt && f.Width >= 0 {
		widest := []int{0}
		for i, v := range a.elems {
			if isArrayOrHash(v) {
				widest = append(widest, 0)
			} else {
				widest[len(widest)-1] += len(mapped[i])
			}
		}
		max := 0
		for _, w := range widest {
			if w > max {
				max = w
			}
		}
		szBreak = max > f.Width
	}
	children = ind.increase(f.Alt)
	out := buf.String()
	for i, v := range a.elems {
		s := mapped[i]
		if children.first {
			children = children.subsequent()
			if szBreak && !isArrayOrHash(v) {
				out += " "
			}
		} else {
			out += sep
			if (szBreak && !isArrayOrHash(v)) || (f.Alt && i > 0 && isArrayOrHash(a.elems[i-1]) && !isArrayOrHash(v)) {
				if !strings.HasSuffix(out, "\n") {
					out = strings.TrimRight(out, " \t\n")
				}
				out += "\n" + children.padding()
			}
		}
		if strings.HasSuffix(out, " ") && strings.HasPrefix(s, "\n") {
			out = strings.TrimRight(out, " \t\n")
		}
		out += s
	}
	return out + delims[1], nil
}

func (c *converter) hash(f *Format, h *Hash, fm *FormatMap, ind indentation) (string, error) {
	sep := defaultHashFormat.Separator
	if f.HasSeparator {
		sep = f.Separator
	}
	assoc := defaultHashFormat.Separator2
	if f.HasSeparator2 {
		assoc = f.Separator2
	}
	sf := f.ContainerFormats
	if sf == nil {
		sf = defaultContainerFormats
	}
	delims := f.delimiterPair([2]string{"{", "}"})
	if f.Alt {
		if !strings.HasSuffix(sep, "\n") {
			sep = strings.TrimRight(sep, " \t")
		}
		sep += "\n"
	}
	switch f.Verb {
	case 'a':
		pairs := make([]Value, h.Len())
		for i, k := range h.keys {
			pairs[i] = NewArray(k, h.vals[i])
		}
		arr := NewArray(pairs...)
		return c.convert(InferSet(arr), arr, fm, ind)
	case 'h', 's', 'p':
	default:
		return "", formatError("Hash", f.Verb, "hasp")
	}
	ind = ind.withIndenting(f.Alt || ind.indenting)
	var buf strings.Builder
	if ind.breaks() {
		buf.WriteString("\n")
		buf.WriteString(ind.padding())
	}
	children := ind.increase(false)
	condBreak, padding := "", ""
	if f.Alt {
		condBreak = "\n"
		padding = children.padding()
	}
	buf.WriteString(delims[0])
	buf.WriteString(condBreak)
	for i, k := range h.keys {
		if i > 0 {
			buf.WriteString(sep)
		}
		kt, vt := InferSet(k), InferSet(h.vals[i])
		km, vm := sf, sf
		if isContainerType(kt) {
			km = fm
		}
		if isContainerType(vt) {
			vm = fm
		}
		ks, err := c.convert(kt, k, km, children)
		if err != nil {
			return "", err
		}
		vs, err := c.convert(vt, h.vals[i], vm, children)
		if err != nil {
			return "", err
		}
		buf.WriteString(padding + ks + assoc + vs)
	}
	if f.Alt {
		buf.WriteString(condBreak)
		buf.WriteString(ind.padding())
	}
	buf.WriteString(delims[1])
	return buf.String(), nil
}
