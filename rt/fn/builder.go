package fn

import (
	"errors"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/values"
)

// Builder declares a function compactly, the way Puppet's
// create_function/dispatch DSL does:
//
//	fn.New("min").
//		D("Numeric a, Numeric b", minNum).
//		D("String s1, String s2", minStr).
//		Register()
//
// Signature specs are parameters separated by commas (commas inside
// brackets, braces, quotes and regexps are part of a type):
//
//	Type name     required        (param)
//	Type name?    optional        (optional_param)
//	Type name*    repeated        (repeated_param)
//	Type name+    one or more     (required_repeated_param)
//	Type &name    required block  (block_param; Type is a Callable)
//	Type &name?   optional block  (optional_block_param)
//	&name         a block of any Callable
//
// Types are parsed with Puppet's type syntax; local type aliases
// (local_types) declared with LocalType are visible to the dispatches that
// follow. A malformed spec panics when the function is first used: it is
// a programming error (rt/fn/all's tests parse every signature).
type Builder struct {
	f *Func
	// localTypes are the local type aliases declared (LocalType), name
	// and definition, which parse makes into aliases
	localTypes [][2]string
	aliases    *values.AliasRegistry
	resolver   values.TypeResolver
	// room holds the first dispatches, made with the builder and the
	// function (New)
	room []Dispatch
}

// builderRoom is how many dispatches New makes room for with the function:
// most functions have one or two.
const builderRoom = 2

// Resolver sets a resolver for type names of the function's signatures
// that are neither built in nor local (Puppet's own Object types such as
// Annotation).
func (b *Builder) Resolver(r values.TypeResolver) *Builder { b.resolver = r; return b }

// New starts the declaration of a 4.x function.
//
// The builder, the function and its first dispatches are one allocation:
// a program declares hundreds of functions as it starts (rt/fn/core's
// 178, with 433 dispatches, and the modules' translated Ruby functions).
func New(name string) *Builder {
	x := &struct {
		b  Builder
		f  Func
		d  [builderRoom]Dispatch
		ds [builderRoom]*Dispatch
	}{}
	x.f.Name, x.f.Dispatches = name, x.ds[:0]
	x.b.f, x.b.room = &x.f, x.d[:0]
	return &x.b
}

// add adds a dispatch, in the builder's room while it has some.
func (b *Builder) add(d Dispatch) *Builder {
	var p *Dispatch
	if len(b.room) < cap(b.room) {
		b.room = append(b.room, d)
		p = &b.room[len(b.room)-1]
	} else {
		p = new(Dispatch)
		*p = d
	}
	b.f.Dispatches = append(b.f.Dispatches, p)
	return b
}

// ScopeArg makes the function receive the calling scope as its first
// argument (Func.ScopeArg).
func (b *Builder) ScopeArg() *Builder { b.f.ScopeArg = true; return b }

// Pure declares the function pure (Func.Pure).
func (b *Builder) Pure() *Builder { b.f.Pure = true; return b }

// Module sets the module that provides the function ("" for core).
func (b *Builder) Module(m string) *Builder { b.f.Module = m; return b }

// Terminus sets the terminus that provides the function (Func.Terminus).
func (b *Builder) Terminus(t string) *Builder { b.f.Terminus = t; return b }

// LocalType declares a local type alias (local_types { type 'Name = Def' }).
//
// The alias is defined when the dispatches are parsed, at the function's
// first use: a process declares its functions' local types as it starts
// (rt/fn/core's 28, and the modules' translated functions'), and an
// alias registry of its own for each function with some cost ~1,500
// instructions a type, mostly for functions never called.
func (b *Builder) LocalType(name, def string) *Builder {
	b.localTypes = append(b.localTypes, [2]string{name, def})
	return b
}

// D adds a dispatch.
func (b *Builder) D(spec string, impl Impl) *Builder {
	return b.add(Dispatch{spec: spec, Impl: impl})
}

// DR adds a dispatch with an asserted return type.
func (b *Builder) DR(spec, ret string, impl Impl) *Builder {
	return b.add(Dispatch{spec: spec, ret: ret, Impl: impl})
}

// Mismatch adds an argument_mismatch dispatch; impl returns the message.
func (b *Builder) Mismatch(spec string, impl Impl) *Builder {
	return b.add(Dispatch{spec: spec, Impl: impl, ArgumentMismatch: true})
}

// Since marks the last dispatch added as added by a Puppet major version
// (Dispatch.Since).
func (b *Builder) Since(major int) *Builder {
	b.f.Dispatches[len(b.f.Dispatches)-1].Since = major
	return b
}

// Sig has the signature of the last dispatch added made by make, when
// the function is first used, instead of parsed from its spec: the build
// writes such a function for a translated Ruby function's spec of
// Puppet's own types (rt/rubyfn's Dispatch.Sig), which parsing cost
// ~8k instructions a signature in a one-shot compile.
func (b *Builder) Sig(make func() *values.Signature) *Builder {
	b.f.Dispatches[len(b.f.Dispatches)-1].makeSig = make
	return b
}

// Method sets the method name reported by the return type assertion of the
// last dispatch added.
func (b *Builder) Method(m string) *Builder {
	b.f.Dispatches[len(b.f.Dispatches)-1].Method = m
	return b
}

// Func returns the function declared. Its signatures are parsed when it
// is first called (or its Signatures asked for): a binary declares every
// function of its libraries when it starts and calls few of them.
func (b *Builder) Func() *Func { b.f.lazy = b; return b.f }

// Register registers the function declared (its signatures parsed on
// first use, as Func's).
func (b *Builder) Register() *Func { b.f.lazy = b; Register(b.f); return b.f }

//go:generate go run ../../tools/staticsigs

// parse parses the signatures of the dispatches (once, on first use).
func (b *Builder) parse() {
	if len(b.localTypes) > 0 && b.aliases == nil {
		b.aliases = values.NewAliasRegistry()
		for _, lt := range b.localTypes {
			b.aliases.Define(lt[0], lt[1])
		}
	}
	for _, d := range b.f.Dispatches {
		if d.Sig == nil && d.makeSig != nil {
			d.Sig = d.makeSig()
		} else if d.Sig == nil {
			// a spec of Puppet's own types is made by the code the build
			// wrote (StaticSignature), unless a local type may shadow one
			if len(b.localTypes) == 0 {
				d.Sig = StaticSignature(d.spec)
			}
			if d.Sig == nil {
				d.Sig = b.sig(d.spec)
			}
		}
		if d.ret != "" && d.Return == nil {
			d.Return = b.typ(d.ret)
		}
	}
}

// New3 declares a function written with Puppet's 3.x API: arity N >= 0
// takes exactly N arguments, -N-1 at least N. Its implementation receives
// the arguments converted as Puppet converts them for 3.x functions. The
// informational dispatch is Puppet's: Any parameters p0, p1, ...
func New3(name string, arity int, impl Impl) *Func {
	from, to := arity, arity
	if arity < 0 {
		from, to = -arity-1, -1
	}
	// the function, its dispatch and its signature are one allocation: a
	// program registers hundreds of 3.x functions as it starts
	x := &struct {
		f    Func
		d    Dispatch
		ds   [1]*Dispatch
		sig  values.Signature
		sigs [1]*values.Signature
	}{}
	n := from
	if to < 0 {
		n++
	}
	x.sig.Params = make([]values.SignatureParam, 0, n)
	for i := 0; i < from; i++ {
		x.sig.Params = append(x.sig.Params, values.SignatureParam{Name: paramName3(i), Type: values.AnyT, Kind: values.ParamRequired})
	}
	if to < 0 {
		x.sig.Params = append(x.sig.Params, values.SignatureParam{Name: "args", Type: values.AnyT, Kind: values.ParamRepeated})
	}
	x.d = Dispatch{Sig: &x.sig, Impl: impl}
	x.ds[0] = &x.d
	x.f = Func{Name: name, API3: true, Arity: arity, Dispatches: x.ds[:], sigs: x.sigs[:0]}
	x.f.prepare()
	return &x.f
}

// paramName3 is the name of a 3.x function's i-th parameter: p0, p1, ...
func paramName3(i int) string {
	if i < 10 {
		return [...]string{"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"}[i]
	}
	return "p" + itoa(i)
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}

// typeCache shares parsed types: declarations parse the same texts many
// times, and generated code parses its types when it runs (concurrently).
var (
	typeCacheMu sync.Mutex
	typeCache   = map[string]values.Type{}
)

func (b *Builder) typ(src string) values.Type {
	src = strings.TrimSpace(src)
	plain := b.aliases == nil && b.resolver == nil
	if plain {
		typeCacheMu.Lock()
		t, ok := typeCache[src]
		typeCacheMu.Unlock()
		if ok {
			return t
		}
	}
	var r values.TypeResolver
	switch {
	case b.aliases != nil && b.resolver != nil:
		r = chainResolver{b.aliases, b.resolver}
	case b.aliases != nil:
		r = b.aliases
	case b.resolver != nil:
		r = b.resolver
	}
	t, err := values.ParseType(src, r)
	if err != nil {
		panic("fn: function " + b.f.Name + ": bad type " + src + ": " + err.Error())
	}
	if plain {
		typeCacheMu.Lock()
		typeCache[src] = t
		typeCacheMu.Unlock()
	}
	return t
}

// Type parses a type for a function declaration (panics on malformed text).
func Type(src string) values.Type { return (&Builder{f: &Func{Name: "?"}}).typ(src) }

func (b *Builder) sig(spec string) *values.Signature {
	s, err := ParseSpec(spec, func(text string) (values.Type, error) { return b.typ(text), nil })
	if err != nil {
		panic("fn: function " + b.f.Name + ": " + err.Error())
	}
	return s
}

// ParseSpec parses a dispatch's signature spec ("String a, Integer b?,
// Callable &block"), the texts of its types made types by typ; the build
// parses a spec so to write the Go that makes its signature (Builder.Sig).
func ParseSpec(spec string, typ func(text string) (values.Type, error)) (*values.Signature, error) {
	s := &values.Signature{}
	for _, part := range splitTop(spec) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		ty, name := "", part
		if i := strings.LastIndexByte(part, ' '); i >= 0 {
			ty, name = strings.TrimSpace(part[:i]), part[i+1:]
		}
		if strings.HasPrefix(name, "&") {
			name = name[1:]
			if strings.HasSuffix(name, "?") {
				name = name[:len(name)-1]
				s.BlockOptional = true
			}
			s.Block = values.CallableT
			if ty != "" {
				t, err := typ(ty)
				if err != nil {
					return nil, err
				}
				s.Block = t
			}
			s.BlockName = name
			continue
		}
		if ty == "" {
			return nil, errors.New("parameter without a type: " + part)
		}
		kind := values.ParamRequired
		switch name[len(name)-1] {
		case '?':
			kind = values.ParamOptional
		case '*':
			kind = values.ParamRepeated
		case '+':
			kind = values.ParamRequiredRepeated
		}
		if kind != values.ParamRequired {
			name = name[:len(name)-1]
		}
		t, err := typ(ty)
		if err != nil {
			return nil, err
		}
		s.Params = append(s.Params, values.SignatureParam{Name: name, Type: t, Kind: kind})
	}
	return s, nil
}

// splitTop splits at commas that are not nested in brackets, braces,
// parentheses, quotes or regexps.
func splitTop(s string) []string {
	var parts []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '\'', '"':
			quote = c
		case '/':
			if depth > 0 {
				quote = '/'
			}
		case '[', '{', '(':
			depth++
		case ']', '}', ')':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

type chainResolver []values.TypeResolver

func (c chainResolver) ResolveType(name string) (values.Type, bool) {
	for _, r := range c {
		if t, ok := r.ResolveType(name); ok {
			return t, true
		}
	}
	return nil, false
}

// ResolverFunc adapts a function to values.TypeResolver.
type ResolverFunc func(name string) (values.Type, bool)

// ResolveType implements values.TypeResolver.
func (f ResolverFunc) ResolveType(name string) (values.Type, bool) { return f(name) }

// PuppetParam is a parameter of a function written in the Puppet language
// (spec/puppet-functions.md).
type PuppetParam struct {
	Name         string
	Type         values.Type // nil for Any
	HasDefault   bool
	CapturesRest bool
}

// PuppetFunc makes the Func of a function written in the Puppet language:
// one dispatch whose signature comes from the declared parameters as
// Puppet's closure builds it (a parameter with a default is optional; a
// captures-rest parameter takes any number of arguments, or the size range
// of its Array type, whose element type types each argument), and whose
// return type (nil when none) is asserted with Puppet's wording for such
// functions. impl receives the arguments as given; applying defaults and
// collecting the rest into an array is the caller's.
func PuppetFunc(name string, params []PuppetParam, ret values.Type, impl Impl) *Func {
	sig := &values.Signature{}
	for _, p := range params {
		t := p.Type
		if t == nil {
			t = values.AnyT
		}
		switch {
		case p.CapturesRest:
			min, max := int64(0), int64(-1)
			if a, ok := t.(*values.ArrayType); ok {
				if a.Size != nil {
					min, max = a.Size.From, a.Size.To
				}
				t = a.Elem
			}
			// a size range is expressed with required, optional and repeated
			// parameters of the element type: the counts Puppet checks
			for i := int64(0); i < min; i++ {
				kind := values.ParamRequired
				if i == min-1 && max == maxInt64 {
					kind = values.ParamRequiredRepeated
				}
				sig.Params = append(sig.Params, values.SignatureParam{Name: p.Name, Type: t, Kind: kind})
			}
			switch {
			case max == -1 || (max == maxInt64 && min == 0):
				sig.Params = append(sig.Params, values.SignatureParam{Name: p.Name, Type: t, Kind: values.ParamRepeated})
			case max != maxInt64:
				for i := min; i < max; i++ {
					sig.Params = append(sig.Params, values.SignatureParam{Name: p.Name, Type: t, Kind: values.ParamOptional})
				}
			}
		case p.HasDefault:
			sig.Params = append(sig.Params, values.SignatureParam{Name: p.Name, Type: t, Kind: values.ParamOptional})
		default:
			sig.Params = append(sig.Params, values.SignatureParam{Name: p.Name, Type: t, Kind: values.ParamRequired})
		}
	}
	d := &Dispatch{Sig: sig, Impl: impl}
	if ret != nil {
		d.Return = ret
		d.ReturnSubject = "value returned from " + name
	}
	f := &Func{Name: name, Dispatches: []*Dispatch{d}}
	f.prepare()
	return f
}
