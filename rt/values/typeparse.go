package values

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// TypeResolver resolves type names that are not built in: type aliases,
// resource types, Object types. It returns false for unknown names.
type TypeResolver interface {
	ResolveType(name string) (Type, bool)
}

// builtinTypes maps lower-cased names to the built-in types (Puppet's
// TypeParser type_map; names are case-insensitive).
var builtinTypes = map[string]Type{
	"integer": IntegerT, "float": FloatT, "numeric": NumericT, "init": InitT, "iterable": IterableT,
	"iterator": IteratorT, "string": StringT, "binary": BinaryT, "sensitive": SensitiveT, "enum": EnumT,
	"boolean": BooleanT, "pattern": PatternT, "regexp": RegexpT, "array": ArrayT, "hash": HashT,
	"class": ClassT, "resource": ResourceT, "collection": CollectionT, "scalar": ScalarT,
	"scalardata": ScalarDataT, "catalogentry": CatalogEntryT, "undef": UndefT, "notundef": NotUndefT,
	"default": DefaultT, "any": AnyT, "variant": VariantT, "optional": OptionalT, "runtime": RuntimeT,
	"type": TypeT, "tuple": TupleT, "struct": StructT, "object": ObjectT, "typeset": TypeSetT,
	"callable": CallableT, "semver": SemVerT, "semverrange": SemVerRangeT, "timestamp": TimestampT,
	"timespan": TimespanT, "uri": URIT,
}

// TypeByName returns the built-in type (or built-in alias such as Data) for
// a type name as written in Puppet code.
func TypeByName(name string) (Type, bool) {
	if t, ok := builtinType(name); ok {
		return t, true
	}
	if a, ok := builtinAliases[name]; ok {
		return a, true
	}
	switch name {
	case "Deferred":
		return DeferredT, true
	case "Error":
		return ErrorT, true
	case "Puppet::LookupContext":
		return LookupContextT, true
	}
	return nil, false
}

// builtinType is builtinTypes' type for name whatever the case of its
// letters, as strings.ToLower would find it. An ASCII name is lowered in
// a buffer on the stack (strings.ToLower makes a string of each
// capitalized name, and type names are capitalized), or is longer than
// every built-in name; another is lowered by strings.ToLower.
func builtinType(name string) (Type, bool) {
	var buf [16]byte // longer than the longest name (catalogentry)
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80:
			t, ok := builtinTypes[strings.ToLower(name)]
			return t, ok
		case i >= len(buf):
			continue // an ASCII name this long is no built-in type's
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	if len(name) > len(buf) {
		return nil, false
	}
	t, ok := builtinTypes[string(buf[:len(name)])]
	return t, ok
}

// ParseType parses a type expression such as "Hash[String, Optional[Integer[0]]]"
// with literal arguments (strings, numbers, regexps, booleans, undef,
// default, arrays, hashes). Names that are not built in go to resolver
// (which may be nil); unresolved names become type references.
func ParseType(src string, resolver TypeResolver) (Type, error) {
	p := &typeParser{src: src, resolver: resolver}
	p.next()
	v, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tkEOF {
		return nil, p.errorf("unexpected %q", p.tok.text)
	}
	t, ok := v.(Type)
	if !ok {
		return nil, newError(IssueInvalidTypeSpec, fmt.Sprintf("The expression <%s> is not a valid type specification.", strings.TrimSpace(src)))
	}
	return t, nil
}

// ParseLiteral parses a Puppet literal: a type expression, a string,
// number, regexp, boolean, undef, default, array or hash of those, or a
// constructor call of a scalar type (Sensitive(v), Timespan('1-00:00:00'),
// Timestamp('...'), SemVer('1.2.3'), SemVerRange('>=1'), Binary('base64')).
func ParseLiteral(src string, resolver TypeResolver) (Value, error) {
	return parseLiteral(&typeParser{src: src, resolver: resolver})
}

// ParseExpression is ParseLiteral of a manifest's type expression, which
// Puppet's evaluator evaluates, where ParseLiteral reads the text as its
// type parser reads a type alias's definition: they differ in how a type
// alias given parameters fails (access).
func ParseExpression(src string, resolver TypeResolver) (Value, error) {
	return parseLiteral(&typeParser{src: src, resolver: resolver, evaluator: true})
}

func parseLiteral(p *typeParser) (Value, error) {
	p.next()
	v, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tkEOF {
		return nil, p.errorf("unexpected %q", p.tok.text)
	}
	return v, nil
}

func construct(name string, args []Value) (Value, error) {
	if len(args) == 0 {
		return nil, newError("", "constructor "+name+" needs an argument")
	}
	s, isStr := args[0].(String)
	switch name {
	case "Sensitive":
		return NewSensitive(args[0]), nil
	case "Timespan", "Timestamp":
		switch args[0].(type) {
		case Int, Float:
			n, ok := SecondsToNanos(args[0])
			if !ok {
				return nil, ErrTimeRange()
			}
			if name == "Timespan" {
				return Timespan(n), nil
			}
			return Timestamp(n), nil
		}
		switch {
		case isStr && name == "Timespan":
			return ParseTimespan(string(s))
		case isStr:
			return ParseTimestamp(string(s), "")
		}
	case "SemVer":
		if isStr {
			return ParseSemVer(string(s))
		}
	case "SemVerRange":
		if isStr {
			return ParseSemVerRange(string(s))
		}
	case "Binary":
		if isStr {
			b, err := base64Decode(string(s))
			if err != nil {
				return nil, err
			}
			return NewBinary(b), nil
		}
	case "Deferred":
		if isStr {
			d := &Deferred{Name: string(s)}
			if len(args) > 1 {
				if a, ok := args[1].(*Array); ok {
					d.Arguments = a
				}
			}
			return d, nil
		}
	}
	return nil, newError("", "cannot construct "+name+" from "+rubyClass(args[0]))
}

// MustParseType is ParseType for constant type text; it panics on error.
func MustParseType(src string) Type {
	t, err := ParseType(src, nil)
	if err != nil {
		panic(err)
	}
	return t
}

type tokKind int

const (
	tkEOF tokKind = iota
	tkRef
	tkName
	tkString
	tkInt
	tkFloat
	tkRegexp
	tkPunct
)

type token struct {
	kind tokKind
	text string
	val  Value
}

type typeParser struct {
	src      string
	pos      int
	tok      token
	prevVal  bool // the previous token ends a value (a '/' is then not a regexp)
	resolver TypeResolver
	err      error
	// evaluator: the text is a manifest's expression (ParseExpression)
	evaluator bool
}

func (p *typeParser) errorf(format string, args ...any) error {
	return newError(IssueInvalidTypeSpec, fmt.Sprintf("Syntax error in type expression <%s>: ", p.src)+fmt.Sprintf(format, args...))
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *typeParser) next() {
	s := p.src
	for p.pos < len(s) && strings.IndexByte(" \t\r\n", s[p.pos]) >= 0 {
		p.pos++
	}
	if p.pos >= len(s) {
		p.tok = token{kind: tkEOF}
		return
	}
	start := p.pos
	c := s[p.pos]
	switch {
	case c == ':' && strings.HasPrefix(s[p.pos:], "::") || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_':
		for p.pos < len(s) && (isWordByte(s[p.pos]) || strings.HasPrefix(s[p.pos:], "::")) {
			if s[p.pos] == ':' {
				p.pos += 2
			} else {
				p.pos++
			}
		}
		word := s[start:p.pos]
		first := strings.TrimPrefix(word, "::")
		if first != "" && first[0] >= 'A' && first[0] <= 'Z' {
			p.tok = token{kind: tkRef, text: word}
		} else {
			p.tok = token{kind: tkName, text: word}
		}
	case c >= '0' && c <= '9':
		for p.pos < len(s) && (isWordByte(s[p.pos]) || s[p.pos] == '.' && p.pos+1 < len(s) && s[p.pos+1] >= '0' && s[p.pos+1] <= '9' ||
			(s[p.pos] == '-' || s[p.pos] == '+') && (s[p.pos-1] == 'e' || s[p.pos-1] == 'E') && !strings.HasPrefix(s[start:], "0x")) {
			p.pos++
		}
		text := s[start:p.pos]
		if n, ok := decimalInt(text); ok {
			p.tok = token{kind: tkInt, text: text, val: n}
		} else if n := ToNumber(String(text)); n != nil {
			if f, ok := n.(Float); ok {
				p.tok = token{kind: tkFloat, text: text, val: f}
			} else {
				p.tok = token{kind: tkInt, text: text, val: n}
			}
		} else {
			p.err = p.errorf("bad number %q", text)
			p.tok = token{kind: tkEOF}
		}
	case c == '\'' || c == '"':
		p.pos++
		if end := strings.IndexByte(s[p.pos:], c); end >= 0 && strings.IndexByte(s[p.pos:p.pos+end], '\\') < 0 {
			// no escape: the text is the source's (nearly every string
			// of a type: Enum's, Struct's keys)
			text := s[p.pos : p.pos+end]
			p.pos += end + 1
			p.tok = token{kind: tkString, text: text, val: String(text)}
			return
		}
		var b strings.Builder
		for p.pos < len(s) && s[p.pos] != c {
			if s[p.pos] == '\\' && p.pos+1 < len(s) {
				e := s[p.pos+1]
				if c == '\'' {
					if e == '\'' || e == '\\' {
						b.WriteByte(e)
					} else {
						b.WriteByte('\\')
						b.WriteByte(e)
					}
				} else {
					switch e {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case 'r':
						b.WriteByte('\r')
					case 's':
						b.WriteByte(' ')
					case '"', '\\', '$', '\'':
						b.WriteByte(e)
					default:
						b.WriteByte('\\')
						b.WriteByte(e)
					}
				}
				p.pos += 2
				continue
			}
			b.WriteByte(s[p.pos])
			p.pos++
		}
		if p.pos >= len(s) {
			p.err = p.errorf("unterminated string")
			p.tok = token{kind: tkEOF}
			return
		}
		p.pos++
		p.tok = token{kind: tkString, text: b.String(), val: String(b.String())}
	case c == '/' && !p.prevVal:
		p.pos++
		var b strings.Builder
		for p.pos < len(s) && s[p.pos] != '/' {
			if s[p.pos] == '\\' && p.pos+1 < len(s) {
				if s[p.pos+1] == '/' {
					b.WriteByte('/')
				} else {
					b.WriteString(s[p.pos : p.pos+2])
				}
				p.pos += 2
				continue
			}
			b.WriteByte(s[p.pos])
			p.pos++
		}
		if p.pos >= len(s) {
			p.err = p.errorf("unterminated regexp")
			p.tok = token{kind: tkEOF}
			return
		}
		p.pos++
		p.tok = token{kind: tkRegexp, text: b.String()}
	case strings.HasPrefix(s[p.pos:], "=>"):
		p.pos += 2
		p.tok = token{kind: tkPunct, text: "=>"}
	default:
		p.pos++
		p.tok = token{kind: tkPunct, text: s[start:p.pos]} // string(c) would make a string
	}
	p.prevVal = p.tok.kind != tkPunct || p.tok.text == "]" || p.tok.text == "}"
}

// decimalInt is ToNumber's Int for a number spelt in decimal digits
// without a leading zero (most numbers of types: Integer[0, 65535]), which
// ToNumber finds with a regular expression.
func decimalInt(text string) (Value, bool) {
	if len(text) == 0 || len(text) > 18 || len(text) > 1 && text[0] == '0' {
		return nil, false
	}
	var n int64
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return nil, false
		}
		n = n*10 + int64(c-'0')
	}
	return Int(n), true
}

func (p *typeParser) expect(punct string) error {
	if p.err != nil {
		return p.err
	}
	if p.tok.kind != tkPunct || p.tok.text != punct {
		if p.tok.kind == tkEOF {
			return p.errorf("expected %q at end of input", punct)
		}
		return p.errorf("expected %q, got %q", punct, p.tok.text)
	}
	p.next()
	return nil
}

// expr parses one value: a type (possibly parameterized) or a literal.
func (p *typeParser) expr() (Value, error) {
	if p.err != nil {
		return nil, p.err
	}
	t := p.tok
	switch t.kind {
	case tkRef:
		p.next()
		if p.tok.kind == tkPunct && p.tok.text == "(" {
			p.next()
			args, err := p.list(")")
			if err != nil {
				return nil, err
			}
			return construct(t.text, args)
		}
		base := p.resolve(t.text)
		for p.tok.kind == tkPunct && p.tok.text == "[" {
			p.next()
			args, err := p.list("]")
			if err != nil {
				return nil, err
			}
			bt, ok := base.(Type)
			if !ok {
				return nil, p.errorf("cannot parameterize a %s", rubyClass(base))
			}
			if ref, ok := bt.(*TypeReferenceType); ok {
				base = &TypeReferenceType{TypeString: ref.TypeString + "[" + argsText(args) + "]"}
				continue
			}
			if _, ok := bt.(*TypeAliasType); ok {
				if p.evaluator { // the access operator, as on any type that takes none
					return nil, notApplicable("[]", bt)
				}
				return nil, newError(IssueInvalidTypeSpec, fmt.Sprintf("Not a parameterized type <%s>", t.text))
			}
			v, err := Parameterize(bt, args)
			if err != nil {
				return nil, err
			}
			base = v
		}
		return base, nil
	case tkName:
		p.next()
		switch t.text {
		case "true":
			return True, nil
		case "false":
			return False, nil
		case "undef":
			return Undef, nil
		case "default":
			return Default, nil
		}
		return String(t.text), nil
	case tkString, tkInt, tkFloat:
		p.next()
		return t.val, nil
	case tkRegexp:
		p.next()
		// Compiled when first matched: types name many patterns (Stdlib's
		// aliases, Variants of them) that a compile never matches, and
		// compiling them as signatures were parsed was most of the cost of
		// parsing types. The translation to Go's syntax reports the
		// errors it finds (a trailing backslash) here; the others (an
		// unmatched parenthesis) show when the pattern is first matched.
		if _, _, err := TranslateRuby(t.text); err != nil {
			return nil, err
		}
		return RegexpOf(t.text), nil
	case tkPunct:
		switch t.text {
		case "-":
			p.next()
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			return Negate(v)
		case "[":
			p.next()
			args, err := p.list("]")
			if err != nil {
				return nil, err
			}
			return NewArray(args...), nil
		case "{":
			p.next()
			return p.hash()
		}
	case tkEOF:
		if p.err != nil {
			return nil, p.err
		}
		return nil, p.errorf("unexpected end of input")
	}
	return nil, p.errorf("unexpected %q", t.text)
}

func (p *typeParser) list(end string) ([]Value, error) {
	// The values are gathered on the stack and copied into a list of
	// their number (most lists are a type's one to three arguments):
	// appending to a list from nothing made up to three.
	var room [4]Value
	out := room[:0]
	for {
		if p.err != nil {
			return nil, p.err
		}
		if p.tok.kind == tkPunct && p.tok.text == end {
			p.next()
			return copyValues(out), nil
		}
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if p.tok.kind == tkPunct && p.tok.text == "," {
			p.next()
			continue
		}
		if err := p.expect(end); err != nil {
			return nil, err
		}
		return copyValues(out), nil
	}
}

// copyValues is a copy of vs, nil when empty.
func copyValues(vs []Value) []Value {
	if len(vs) == 0 {
		return nil
	}
	out := make([]Value, len(vs))
	copy(out, vs)
	return out
}

func (p *typeParser) hash() (Value, error) {
	b := NewHashBuilder(4)
	for {
		if p.err != nil {
			return nil, p.err
		}
		if p.tok.kind == tkPunct && p.tok.text == "}" {
			p.next()
			return b.Build(), nil
		}
		k, err := p.expr()
		if err != nil {
			return nil, err
		}
		if err := p.expect("=>"); err != nil {
			return nil, err
		}
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		b.Put(k, v)
		if p.tok.kind == tkPunct && p.tok.text == "," {
			p.next()
			continue
		}
		if err := p.expect("}"); err != nil {
			return nil, err
		}
		return b.Build(), nil
	}
}

func (p *typeParser) resolve(name string) Value {
	if t, ok := TypeByName(name); ok {
		return t
	}
	if p.resolver != nil {
		if t, ok := p.resolver.ResolveType(name); ok {
			return t
		}
	}
	return &TypeReferenceType{TypeString: name}
}

func argsText(args []Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		var f typeFormatter
		f.appendLiteral(a)
		parts[i] = f.b.String()
	}
	return strings.Join(parts, ", ")
}

// AliasRegistry is a simple TypeResolver holding type aliases and resource
// type names; aliases are parsed on first use so that they may refer to
// each other (and to themselves).
//
// Names are found whatever the case of their letters, as Puppet's loaders
// find them (Foo::BarBaz finds `type Foo::Barbaz`); an alias keeps the
// name it was defined with.
//
// It may be used from concurrent goroutines: its tables are kept under
// its lock.
type AliasRegistry struct {
	mu        sync.Mutex
	defs      map[string]aliasDef // by lower-case name
	aliases   map[string]*TypeAliasType
	deferred  map[string]*TypeAliasType // DefineDeferred's, as given out
	resources map[string]bool
	// Hidden reports the aliases (lower-case names) that are defined but
	// not to be found: a name of one resolves to no type, a type
	// reference in a definition (nil: none). It must not change once a
	// type has been resolved.
	Hidden func(name string) bool
}

type aliasDef struct {
	name, text string
	deferred   bool // DefineDeferred
}

// NewAliasRegistry returns an empty registry.
func NewAliasRegistry() *AliasRegistry {
	return &AliasRegistry{defs: map[string]aliasDef{}, aliases: map[string]*TypeAliasType{}, resources: map[string]bool{}}
}

// Define records `type name = definition`.
func (r *AliasRegistry) Define(name, definition string) {
	r.DefineKeyed(strings.ToLower(name), name, definition, false)
}

// DefineDeferred records `type name = definition` for a definition known
// to resolve (ResolveType gives it as a type, whatever the other aliases
// are; the build checks it, DefinitionResolves): ResolveType gives the
// alias without resolving its definition, which is resolved when the
// alias is first used, so that an alias that a parameter's type names but
// no value is checked against is never parsed.
func (r *AliasRegistry) DefineDeferred(name, definition string) {
	r.DefineKeyed(strings.ToLower(name), name, definition, true)
}

// DefineKeyed is Define, or DefineDeferred when deferred, of a name whose
// lowercase the caller has (key, strings.ToLower(name)): a program's
// modules' aliases, which the build lowercased.
func (r *AliasRegistry) DefineKeyed(key, name, definition string, deferred bool) {
	r.defs[key] = aliasDef{name: name, text: definition, deferred: deferred}
}

// DefinitionResolves reports whether an alias's definition resolves
// whatever the names it holds name (DefineDeferred): it is a type, and it
// parses when every name other than Puppet's own types is an alias,
// unresolved, as it then may be (an alias takes no parameters).
func DefinitionResolves(definition string) bool {
	_, err := ParseType(definition, unresolvedAliases{})
	return err == nil
}

// unresolvedAliases resolves every name to an alias not yet resolved.
type unresolvedAliases struct{}

func (unresolvedAliases) ResolveType(name string) (Type, bool) { return NewTypeAlias(name), true }

// Reserve makes room for n definitions (Define) in a registry that has
// none yet.
func (r *AliasRegistry) Reserve(n int) {
	if n > 0 && len(r.defs) == 0 {
		r.defs = make(map[string]aliasDef, n)
	}
}

// DefineResourceType makes name resolve to the resource type of that name.
func (r *AliasRegistry) DefineResourceType(name string) {
	r.resources[strings.ToLower(name)] = true
}

// ResolveType implements TypeResolver.
func (r *AliasRegistry) ResolveType(name string) (Type, bool) {
	key := strings.ToLower(name)
	r.mu.Lock()
	defer r.mu.Unlock()
	if def, ok := r.defs[key]; ok && def.deferred && r.Hidden == nil {
		if _, done := r.aliases[key]; !done {
			a := r.deferred[key]
			if a == nil {
				a = &TypeAliasType{AliasName: def.name, deferred: &deferredAlias{reg: r, key: key}}
				if r.deferred == nil {
					r.deferred = map[string]*TypeAliasType{}
				}
				r.deferred[key] = a
			}
			return a, true
		}
	}
	return r.resolveLocked(name, key)
}

// lockedAliases is the registry's resolver while its lock is held: a
// definition being resolved names the registry's own aliases.
type lockedAliases struct{ r *AliasRegistry }

func (l lockedAliases) ResolveType(name string) (Type, bool) {
	return l.r.resolveLocked(name, strings.ToLower(name))
}

// resolveLocked is ResolveType of a lower-case name, the lock held: an
// alias's definition is resolved as the alias is made, each alias it
// names first (an alias whose definition is being resolved further up is
// given unresolved).
func (r *AliasRegistry) resolveLocked(name, key string) (Type, bool) {
	if a, ok := r.aliases[key]; ok {
		return a, true
	}
	if def, ok := r.defs[key]; ok && (r.Hidden == nil || !r.Hidden(key)) {
		a := NewTypeAlias(def.name)
		r.aliases[key] = a
		t, err := ParseType(def.text, lockedAliases{r})
		if err != nil {
			delete(r.aliases, key)
			return nil, false
		}
		a.Resolve(t)
		return a, true
	}
	if r.resources[key] {
		return NewResourceType(name, "", false), true
	}
	return nil, false
}

var _ = strconv.Itoa
