package fn

import (
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pp2go/pp2go/internal/rubystr"
	"github.com/pp2go/pp2go/rt/values"
)

// Ruby semantics that Puppet's Ruby functions expose: what to_s, inspect,
// <=> and the class name of a value are when the function's Ruby code uses
// them. Functions written in Ruby leak these into their results and
// messages, so the Go versions reproduce them.

// RubyToS is Ruby's to_s of a Puppet value as a function sees it: undef is
// "", arrays and hashes print as Ruby's inspect, regexps as (?-mix:...).
func RubyToS(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return ""
	case values.String:
		return string(x)
	case values.DefaultValue:
		return "default"
	case *values.Array, *values.Hash:
		return RubyInspect(v)
	case *values.Regexp:
		return RegexpToS(x.Source())
	case *values.Sensitive:
		return "Sensitive [value redacted]"
	case *values.Binary:
		return x.Base64()
	}
	return values.ToString(v)
}

// RegexpToS is Ruby's Regexp#to_s for a pattern without options.
func RegexpToS(src string) string { return "(?-mix:" + src + ")" }

// RubyInspect is Ruby's inspect of a Puppet value.
func RubyInspect(v values.Value) string {
	var b strings.Builder
	rubyInspect(&b, v)
	return b.String()
}

func rubyInspect(b *strings.Builder, v values.Value) {
	switch x := v.(type) {
	case nil, values.UndefValue:
		b.WriteString("nil")
	case values.DefaultValue:
		b.WriteString(":default")
	case values.String:
		b.WriteString(RubyStringInspect(string(x)))
	case *values.Array:
		b.WriteByte('[')
		for i, e := range x.Elems() {
			if i > 0 {
				b.WriteString(", ")
			}
			rubyInspect(b, e)
		}
		b.WriteByte(']')
	case *values.Hash:
		b.WriteByte('{')
		for i := 0; i < x.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			rubyInspect(b, x.KeyAt(i))
			b.WriteString("=>")
			rubyInspect(b, x.ValueAt(i))
		}
		b.WriteByte('}')
	case *values.Regexp:
		b.WriteString(x.Inspect())
	case *values.Sensitive:
		b.WriteString("#<Sensitive [value redacted]>")
	default:
		b.WriteString(RubyToS(v))
	}
}

// RubyStringInspect is Ruby's String#inspect for a UTF-8 string.
func RubyStringInspect(s string) string { return rubystr.Inspect(s) }

// RubyReceiver is how the Ruby of c's release shows v as the receiver of
// a method it lacks, in a NoMethodError's message: Ruby 3.1 (Puppet 7.23)
// by inspect and class ("1:Integer", "nil:NilClass"), Ruby 3.3 (Puppet
// 8.10) by class ("an instance of Integer", "nil").
func RubyReceiver(c Context, v values.Value) string {
	if PuppetMajor(c) < 8 {
		return RubyInspect(v) + ":" + RubyClass(v)
	}
	switch x := v.(type) {
	case nil, values.UndefValue:
		return "nil"
	case values.Bool:
		return strconv.FormatBool(bool(x))
	}
	return "an instance of " + RubyClass(v)
}

// RubyClass is the Ruby class name of a value as Puppet holds it.
func RubyClass(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return "NilClass"
	case values.DefaultValue:
		return "Symbol"
	case values.String:
		return "String"
	case values.Int:
		return "Integer"
	case values.Float:
		return "Float"
	case values.Bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case *values.Array:
		return "Array"
	case *values.Hash:
		return "Hash"
	case *values.Regexp:
		return "Regexp"
	case *values.Sensitive:
		return "Puppet::Pops::Types::PSensitiveType::Sensitive"
	case *values.Binary:
		return "Puppet::Pops::Types::PBinaryType::Binary"
	case values.Timespan:
		return "Puppet::Pops::Time::Timespan"
	case values.Timestamp:
		return "Puppet::Pops::Time::Timestamp"
	case *values.SemVer:
		return "SemanticPuppet::Version"
	case *values.SemVerRange:
		return "SemanticPuppet::VersionRange"
	case *Iterator:
		return "Puppet::Pops::Types::Iterator"
	case values.Type:
		return "Puppet::Pops::Types::P" + typeClassName(x) + "Type"
	}
	return "Object"
}

func typeClassName(t values.Type) string {
	switch t.(type) {
	case *values.ResourceType:
		return "Resource"
	case *values.ClassType:
		return "Class"
	case *values.TypeAliasType:
		return "TypeAlias"
	}
	n := t.Name()
	switch n {
	case "Any", "Undef", "Default", "Unit", "Scalar", "ScalarData", "Numeric", "CatalogEntry", "Binary",
		"Integer", "Float", "String", "Enum", "Pattern", "Regexp", "Boolean", "Collection", "Array", "Hash",
		"Tuple", "Struct", "Optional", "NotUndef", "Variant", "Callable", "Type", "Iterable", "Iterator",
		"Runtime", "Sensitive", "Timespan", "Timestamp", "Init", "URI", "TypeReference", "Object", "TypeSet":
		return n
	case "SemVer":
		return "SemVer"
	case "SemVerRange":
		return "SemVerRange"
	}
	return n
}

// Label is Puppet's ModelLabelProvider label of a value ("Integer",
// "String", "Undef Value", "Integer-Type", ...).
func Label(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return "Undef Value"
	case values.Bool:
		return "Boolean"
	case values.Int:
		return "Integer"
	case values.Float:
		return "Float"
	case values.String:
		return "String"
	case *values.Regexp:
		return "Regexp"
	case *values.Array:
		return "Array"
	case *values.Hash:
		return "Hash"
	case *values.Binary:
		return "Binary"
	case *values.Sensitive:
		return "Sensitive"
	case values.Timestamp:
		return "Timestamp"
	case values.Timespan:
		return "Timespan"
	case *values.SemVer:
		return "Semver"
	case *values.SemVerRange:
		return "SemverRange"
	case *values.ResourceType:
		if x.HasTitle {
			return values.TypeString(x) + " Resource-Reference"
		}
		return values.TypeString(x) + "-Type"
	case values.Type:
		return values.TypeString(x) + "-Type"
	}
	return "Object"
}

// RubyCompare is Ruby's <=> between two values as Array#sort uses it:
// numbers numerically, strings bytewise, arrays element by element. ok is
// false when Ruby cannot compare them (sort then fails with
// "comparison of X with Y failed").
func RubyCompare(a, b values.Value) (int, bool) {
	switch x := a.(type) {
	case values.Int:
		switch y := b.(type) {
		case values.Int:
			return cmp3(int64(x), int64(y)), true
		case values.Float:
			return cmpFloat(float64(x), float64(y))
		}
	case values.Float:
		switch y := b.(type) {
		case values.Int:
			return cmpFloat(float64(x), float64(y))
		case values.Float:
			return cmpFloat(float64(x), float64(y))
		}
	case values.String:
		if y, ok := b.(values.String); ok {
			return strings.Compare(string(x), string(y)), true
		}
	case *values.Array:
		if y, ok := b.(*values.Array); ok {
			for i := 0; i < x.Len() && i < y.Len(); i++ {
				c, ok := RubyCompare(x.At(i), y.At(i))
				if !ok {
					return 0, false
				}
				if c != 0 {
					return c, true
				}
			}
			return cmp3(int64(x.Len()), int64(y.Len())), true
		}
	case values.Timespan:
		switch y := b.(type) {
		case values.Timespan:
			return cmp3(int64(x), int64(y)), true
		}
	case values.Timestamp:
		switch y := b.(type) {
		case values.Timestamp:
			return cmp3(int64(x), int64(y)), true
		}
	case *values.SemVer:
		if y, ok := b.(*values.SemVer); ok {
			return x.Compare(y), true
		}
	case values.Bool, values.UndefValue, nil, values.DefaultValue:
		if values.Equals(a, b) {
			return 0, true
		}
	}
	return 0, false
}

func cmp3(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) (int, bool) {
	switch {
	case a < b:
		return -1, true
	case a > b:
		return 1, true
	case a == b:
		return 0, true
	}
	return 0, false // NaN
}

// ComparisonError is Ruby's ArgumentError of a failed <=>.
func ComparisonError(a, b values.Value) error {
	return Errorf("comparison of %s with %s failed", RubyClass(a), rubyCmpOperand(b))
}

func rubyCmpOperand(v values.Value) string {
	// Ruby names the right operand by inspect for special constants and
	// numbers, by class otherwise.
	switch v.(type) {
	case nil, values.UndefValue, values.Bool, values.Int, values.Float:
		return RubyInspect(v)
	}
	return RubyClass(v)
}

// ---- string helpers with Ruby's semantics ----

// RubyStrip is String#strip (whitespace and NUL at both ends).
func RubyStrip(s string) string { return RubyRstrip(RubyLstrip(s)) }

// RubyLstrip is String#lstrip.
func RubyLstrip(s string) string {
	return strings.TrimLeft(s, "\x00\t\n\v\f\r ")
}

// RubyRstrip is String#rstrip.
func RubyRstrip(s string) string {
	return strings.TrimRight(s, "\x00\t\n\v\f\r ")
}

// RubyChomp is String#chomp without argument.
func RubyChomp(s string) string {
	switch {
	case strings.HasSuffix(s, "\r\n"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "\n"), strings.HasSuffix(s, "\r"):
		return s[:len(s)-1]
	}
	return s
}

// RubyChop is String#chop.
func RubyChop(s string) string {
	if strings.HasSuffix(s, "\r\n") {
		return s[:len(s)-2]
	}
	if s == "" {
		return s
	}
	_, w := utf8.DecodeLastRuneInString(s)
	return s[:len(s)-w]
}

// special full case mappings Ruby applies that Go's simple mapping lacks
var upperSpecial = map[rune]string{'ß': "SS", 'ŉ': "ʼN", 'ﬀ': "FF", 'ﬁ': "FI", 'ﬂ': "FL", 'ﬃ': "FFI", 'ﬄ': "FFL", 'ﬅ': "ST", 'ﬆ': "ST"}

// RubyUpcase is String#upcase (full Unicode case mapping).
func RubyUpcase(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		if sp, ok := upperSpecial[r]; ok {
			b.WriteString(sp)
		} else {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// RubyDowncase is String#downcase.
func RubyDowncase(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == 'İ' {
			b.WriteString("i̇")
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// RubyCapitalize is String#capitalize: the first character in title case,
// the rest downcased.
func RubyCapitalize(s string) string {
	if s == "" {
		return s
	}
	r, w := utf8.DecodeRuneInString(s)
	first := string(unicode.ToTitle(r))
	if sp, ok := upperSpecial[r]; ok {
		first = sp[:1] + strings.ToLower(sp[1:])
	}
	return first + RubyDowncase(s[w:])
}

// RubySwapcase is String#swapcase.
func RubySwapcase(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsLower(r):
			if sp, ok := upperSpecial[r]; ok {
				b.WriteString(sp)
			} else {
				b.WriteRune(unicode.ToUpper(r))
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// RubyToI is String#to_i: leading whitespace, an optional sign, digits
// (underscores between digits allowed); 0 when there are none.
func RubyToI(s string, base int) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var n int64
	prevDigit := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' && prevDigit && i+1 < len(s) && digitVal(s[i+1]) < base {
			prevDigit = false
			continue
		}
		d := digitVal(c)
		if d >= base {
			break
		}
		n = n*int64(base) + int64(d)
		prevDigit = true
	}
	if neg {
		return -n
	}
	return n
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
	return 99
}

// RubyToF is String#to_f: the longest leading decimal float; 0.0 when none.
func RubyToF(s string) float64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	end := 0
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() bool {
		start := i
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || (s[i] == '_' && i > start && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9')) {
			i++
		}
		return i > start
	}
	if !digits() {
		return 0
	}
	end = i
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
	f, _ := strconv.ParseFloat(strings.ReplaceAll(s[:end], "_", ""), 64)
	return f
}

// RubyEqual is Ruby's == between Puppet values: numbers by value (1 ==
// 1.0), strings case-sensitively, arrays and hashes element by element.
func RubyEqual(a, b values.Value) bool {
	switch x := a.(type) {
	case nil, values.UndefValue:
		return values.IsUndef(b)
	case values.Int:
		switch y := b.(type) {
		case values.Int:
			return x == y
		case values.Float:
			return float64(x) == float64(y)
		}
		return false
	case values.Float:
		switch y := b.(type) {
		case values.Int:
			return float64(x) == float64(y)
		case values.Float:
			return x == y
		}
		return false
	case values.String:
		y, ok := b.(values.String)
		return ok && x == y
	case *values.Array:
		y, ok := b.(*values.Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i := 0; i < x.Len(); i++ {
			if !RubyEqual(x.At(i), y.At(i)) {
				return false
			}
		}
		return true
	case *values.Hash:
		y, ok := b.(*values.Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i := 0; i < x.Len(); i++ {
			w, ok := y.Get(x.KeyAt(i))
			if !ok || !RubyEqual(x.ValueAt(i), w) {
				return false
			}
		}
		return true
	}
	return values.Equals(a, b)
}

// RegexpEscape is Ruby's Regexp.escape.
func RegexpEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '.', '*', '?', '+', '^', '$', '|', '(', ')', '[', ']', '{', '}', '\\', '-', '#':
			b.WriteByte('\\')
			b.WriteByte(c)
		case ' ':
			b.WriteString(`\ `)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\f':
			b.WriteString(`\f`)
		case '\v':
			b.WriteString(`\v`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// RubyInteger is Kernel#Integer(x) (validate_integer, YAML integers): a number, or
// false when Ruby raises.
func RubyInteger(s string) (*big.Int, bool) {
	t := strings.Trim(s, " \t\n\v\f\r")
	if t == "" {
		return nil, false
	}
	neg := false
	if t[0] == '+' || t[0] == '-' {
		neg = t[0] == '-'
		t = t[1:]
	}
	base := 10
	low := strings.ToLower(t)
	switch {
	case strings.HasPrefix(low, "0x"):
		base, t = 16, t[2:]
	case strings.HasPrefix(low, "0b"):
		base, t = 2, t[2:]
	case strings.HasPrefix(low, "0o"):
		base, t = 8, t[2:]
	case strings.HasPrefix(low, "0d"):
		base, t = 10, t[2:]
	case len(t) > 1 && t[0] == '0':
		base, t = 8, strings.TrimPrefix(t[1:], "_")
	}
	if t == "" || t[0] == '_' || t[len(t)-1] == '_' || strings.Contains(t, "__") {
		return nil, false
	}
	n, ok := new(big.Int).SetString(strings.ReplaceAll(t, "_", ""), base)
	if !ok {
		return nil, false
	}
	if neg {
		n.Neg(n)
	}
	return n, true
}
