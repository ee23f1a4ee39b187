package erb

import (
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Kernel functions (called without a receiver in templates) and class
// methods (Hash.new, Regexp.escape, JSON.parse, IPAddr.new).

func init() {
	withBlock([]blockMethod{
		{"new", (*R).New},
	})
	plain([]plainMethod{
		{"escape", (*R).Escape},
		{"quote", (*R).Quote},
		{"union", (*R).Union},
		{"compile", (*R).Compile},
		{"parse", (*R).Parse},
		{"generate", (*R).Generate},
		{"pretty_generate", (*R).PrettyGenerate},
		{"dump", (*R).Dump},
		{"load", (*R).Load},
		{"safe_load", (*R).SafeLoad},
		{"sqrt", (*R).Sqrt},
		{"ipv4?", (*R).Ipv4Q},
		{"ipv6?", (*R).Ipv6Q},
		{"prefix", (*R).Prefix},
		{"mask", (*R).Mask},
		{"to_range", (*R).ToRange},
		{"to_string", (*R).ToString},
		{"private?", (*R).PrivateQ},
		{"loopback?", (*R).LoopbackQ},
		{"options", (*R).Options},
	})
}

// Integer is Kernel#Integer(x [, base]).
func (r *R) Integer(args ...Value) Value {
	arity(args, 1, 3)
	var opts *Hash
	if h, ok := args[len(args)-1].(*Hash); ok && len(args) > 1 {
		opts = h
		args = args[:len(args)-1]
	}
	exc := true
	if opts != nil {
		if v, ok := opts.Lookup(Symbol("exception")); ok {
			exc = Truthy(v)
		}
	}
	fail := func(format string, a ...any) Value {
		if !exc {
			return nil
		}
		raise(ClassArgumentError, format, a...)
		return nil
	}
	base := 0
	if len(args) == 2 {
		base = int(intArg(args[1]))
	}
	switch x := args[0].(type) {
	case int64:
		return x
	case float64:
		if base != 0 {
			argError("base specified for non string value")
		}
		return floatToInt(math.Trunc(x))
	case *Str:
		n, ok := parseIntegerStrict(x.S, base)
		if !ok {
			return fail("invalid value for Integer(): %s", inspectString(x.S))
		}
		return n
	case nil:
		if !exc {
			return nil
		}
		typeError("can't convert nil into Integer")
	}
	if !exc {
		return nil
	}
	typeError("can't convert %s into Integer", typeName(args[0]))
	return nil
}

// ParseInteger is Ruby's Integer(s) of a string, and whether it converts
// (Integer() raises otherwise).
func ParseInteger(s string) (int64, bool) { return parseIntegerStrict(s, 0) }

// parseIntegerStrict is Integer("..."): optional blanks around, a sign, a
// base prefix (0x 0b 0o 0 0d), digits with single underscores between.
func parseIntegerStrict(s string, base int) (int64, bool) {
	t := strings.Trim(s, " \t\n\v\f\r")
	if strings.IndexByte(t, 0) >= 0 || t == "" {
		return 0, false
	}
	neg := false
	if t[0] == '+' || t[0] == '-' {
		neg = t[0] == '-'
		t = t[1:]
	}
	if len(t) > 1 && t[0] == '0' {
		p := t[1] | 0x20
		switch {
		case p == 'x' && (base == 0 || base == 16):
			base, t = 16, t[2:]
		case p == 'b' && (base == 0 || base == 2):
			base, t = 2, t[2:]
		case p == 'o' && (base == 0 || base == 8):
			base, t = 8, t[2:]
		case p == 'd' && (base == 0 || base == 10):
			base, t = 10, t[2:]
		case base == 0:
			base, t = 8, t[1:]
		}
	}
	if base == 0 {
		base = 10
	}
	if t == "" || t[0] == '_' || t[len(t)-1] == '_' || strings.Contains(t, "__") {
		return 0, false
	}
	var n int64
	for i := 0; i < len(t); i++ {
		if t[i] == '_' {
			continue
		}
		d := digitVal(t[i])
		if d < 0 || d >= base {
			return 0, false
		}
		n = addInt(mulInt(n, int64(base)), int64(d))
	}
	if neg {
		n = -n
	}
	return n, true
}

// Float is Kernel#Float(x).
func (r *R) Float(args ...Value) Value {
	arity(args, 1, 2)
	switch x := args[0].(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	case *Str:
		t := strings.Trim(x.S, " \t\n\v\f\r")
		// a point needs a digit after it (".5" is 0.5; "5.", "._5", "5.e3" are invalid)
		ok := t != "" && !strings.HasPrefix(t, "_") && !strings.HasSuffix(t, "_") && !strings.Contains(t, "__") && !pointWithoutDigit(t)
		if ok {
			if f, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64); err == nil || strings.Contains(err.Error(), "range") {
				if !strings.ContainsAny(t, "xXpP") || strings.HasPrefix(strings.TrimLeft(t, "+-"), "0x") {
					return f
				}
			}
			if n, ok := parseIntegerStrict(t, 0); ok && !strings.HasPrefix(strings.TrimLeft(t, "+-"), "0") {
				return float64(n)
			}
		}
		// Ruby 3.1's Float() is written in Ruby (kernel.rb): Puppet shows
		// that frame
		panic(&RubyError{Class: ClassArgumentError, Msg: "invalid value for Float(): " + inspectString(x.S), Frame: "<internal:kernel>:173"})
	case nil:
		typeError("can't convert nil into Float")
	}
	typeError("can't convert %s into Float", typeName(args[0]))
	return nil
}

func pointWithoutDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' && (i+1 == len(s) || s[i+1] < '0' || s[i+1] > '9') {
			return true
		}
	}
	return false
}

// String is Kernel#String(x).
func (r *R) String(args ...Value) Value {
	arity(args, 1, 1)
	if s, ok := args[0].(*Str); ok {
		return s
	}
	return S(ToS(args[0]))
}

// Array is Kernel#Array(x): nil is [], an Array itself, a Hash its
// pairs, anything else [x].
func (r *R) Array(args ...Value) Value {
	arity(args, 1, 1)
	switch x := args[0].(type) {
	case nil:
		return NewArray()
	case *Array:
		return x
	case *Hash:
		return hashPairs(x)
	case *Range:
		return &Array{A: rangeElems(x)}
	case *Enumerator:
		return r.enumToA(x)
	}
	return NewArray(args[0])
}

// HashOf is Kernel#Hash(x).
func (r *R) HashOf(args ...Value) Value {
	arity(args, 1, 1)
	switch x := args[0].(type) {
	case nil:
		return NewHash()
	case *Hash:
		return x
	case *Array:
		if len(x.A) == 0 {
			return NewHash()
		}
	}
	typeError("can't convert %s into Hash", classOf(args[0]).Name)
	return nil
}

// Sprintf is Kernel#format and sprintf.
func (r *R) Sprintf(args ...Value) Value {
	arity(args, 1, -1)
	return S(r.format(strArg(args[0]), args[1:]))
}

// format is Ruby's format, done by Puppet's implementation of it
// (values.Sprintf) on the converted arguments.
func (r *R) format(f string, args []Value) string {
	// named references (%<a>d, %{a}) take Symbol keys of a Hash argument
	if len(args) >= 1 && strings.Contains(f, "%") {
		if h, ok := args[len(args)-1].(*Hash); ok && (strings.Contains(f, "%<") || strings.Contains(f, "%{")) {
			conv := NewHash()
			for i, k := range h.Keys() {
				if s, ok := k.(Symbol); ok {
					conv.Set(S(string(s)), h.Values()[i])
				}
			}
			for i := 0; i+1 < len(f); i++ {
				if f[i] != '%' {
					continue
				}
				if f[i+1] == '%' {
					i++
					continue
				}
				j := i + 1
				for j < len(f) && strings.IndexByte(" #+-0123456789.*", f[j]) >= 0 {
					j++
				}
				if j < len(f) && (f[j] == '<' || f[j] == '{') {
					close := map[byte]byte{'<': '>', '{': '}'}[f[j]]
					end := strings.IndexByte(f[j:], close)
					if end > 0 {
						name := f[j+1 : j+end]
						if _, ok := conv.Lookup(S(name)); !ok {
							// did_you_mean suggests the hash's keys
							raise(ClassKeyError, "key%c%s%c not found%s", f[j], name, close, didYouMean(keySuggestions(Symbol(name), h)))
						}
					}
				}
			}
			args = append(append([]Value(nil), args[:len(args)-1]...), conv)
		}
	}
	pargs := make([]values.Value, len(args))
	for i, a := range args {
		switch x := a.(type) {
		case Symbol:
			pargs[i] = values.String(string(x))
		case nil:
			pargs[i] = values.Undef
		default:
			pargs[i] = ToPuppet(a)
		}
	}
	out, err := values.Sprintf(f, pargs...)
	if err != nil {
		msg := err.Error()
		if strings.HasPrefix(msg, "can't convert") || strings.HasPrefix(msg, "no implicit") {
			raise(ClassTypeError, "%s", msg)
		}
		raise(ClassArgumentError, "%s", msg)
	}
	return out
}

// Raise is Kernel#raise / fail.
func (r *R) Raise(args ...Value) Value {
	arity(args, 0, 3)
	switch len(args) {
	case 0:
		raise(ClassRuntimeError, "unhandled exception")
	case 1:
		switch x := args[0].(type) {
		case *Str:
			raise(ClassRuntimeError, "%s", x.S)
		case *Class:
			if !x.IsA(ClassException) {
				typeError("exception class/object expected")
			}
			raise(x, "%s", x.Name)
		case *RubyError:
			panic(x)
		}
		typeError("exception class/object expected")
	default:
		c, ok := args[0].(*Class)
		if !ok || !c.IsA(ClassException) {
			typeError("exception class/object expected")
		}
		raise(c, "%s", ToS(args[1]))
	}
	return nil
}

// The libraries templates require that pp2go has (others add theirs);
// Puppet has them loaded already, so require returns false.
func init() {
	defineConsts(func(g *constGroup) {
		for _, lib := range []string{
			"ipaddr", "json", "yaml", "psych", "set",
			"shellwords", "tempfile", "erb", "uri", "time", "date",
			"digest", "digest/md5", "digest/sha1", "base64",
			"socket", "resolv", "securerandom", "cgi",
		} {
			g.library(lib)
		}
	})
}

// KnownLibrary reports whether require of name is supported.
func KnownLibrary(name string) bool {
	_, ok := lookupConst("", name)
	return ok
}

// Require is Kernel#require: a library Puppet's Ruby has is loaded
// already (false), another one (a gem a Puppet server does not have) is
// Ruby's LoadError.
func (r *R) Require(args ...Value) Value {
	arity(args, 1, 1)
	name := strArg(args[0])
	if !RubyLibrary(name) {
		raise(ClassLoadError, "cannot load such file -- %s", name)
	}
	return false
}

// InstanceVariableGet is instance_variable_get("@x").
func (r *R) InstanceVariableGet(args ...Value) Value {
	arity(args, 1, 1)
	name := ToS(args[0])
	if !strings.HasPrefix(name, "@") || len(name) < 2 {
		raise(ClassNameError, "'%s' is not allowed as an instance variable name", name)
	}
	return r.IVar(name[1:])
}

// Compile is Regexp.compile, an alias of Regexp.new (stdlib 8's
// validate_re).
func (r *R) Compile(recv Value, args ...Value) Value {
	classRecv("compile", recv, ClassRegexp)
	return r.New(recv, nil, args...)
}

// New is Class.new.
func (r *R) New(recv Value, b *Block, args ...Value) Value {
	c, ok := recv.(*Class)
	if !ok {
		noMethod("new", recv)
	}
	if c.user != nil {
		// a class of the module's Ruby (a value: Bodeco.const_get(x).new)
		if b != nil {
			raise(ClassNotImplementedError, "pp2go: a block given to %s.new is not supported", c.Name)
		}
		return r.SendClass(c.user, "new", nil, args...)
	}
	switch c {
	case ClassNetHTTP:
		return newNetHTTP(args)
	case ClassNetHTTPGet, ClassNetHTTPHead:
		return newNetRequest(c, args)
	case ClassHash:
		arity(args, 0, 1)
		h := NewHash()
		if len(args) == 1 {
			if b != nil {
				argError("wrong number of arguments (given 1, expected 0)")
			}
			h.Default = args[0]
		}
		h.DefaultProc = b
		return h
	case ClassArray:
		arity(args, 0, 2)
		if len(args) == 0 {
			return NewArray()
		}
		if a, ok := args[0].(*Array); ok && len(args) == 1 {
			return &Array{A: append([]Value(nil), a.A...)}
		}
		n := intArg(args[0])
		if n < 0 {
			argError("negative array size")
		}
		out := make([]Value, n)
		for i := range out {
			switch {
			case b != nil:
				out[i] = b.yield1(int64(i))
			case len(args) == 2:
				out[i] = args[1]
			}
		}
		return &Array{A: out}
	case ClassString:
		arity(args, 0, 2)
		if len(args) == 0 {
			return S("")
		}
		return S(strArg(args[0]))
	case ClassRegexp:
		arity(args, 1, 3)
		if re, ok := args[0].(*Regexp); ok {
			return re
		}
		flags := ""
		if len(args) > 1 {
			switch o := args[1].(type) {
			case int64:
				if o&1 != 0 {
					flags += "i"
				}
				if o&2 != 0 {
					flags += "x"
				}
				if o&4 != 0 {
					flags += "m"
				}
			case *Str:
				flags = o.S
			default:
				if Truthy(o) {
					flags = "i"
				}
			}
		}
		re, err := NewRegexp(strArg(args[0]), flags)
		if err != nil {
			raise(ClassRegexpError, "%s", err.Error())
		}
		return re
	case ClassIPAddr:
		return newIPAddr(args)
	case ClassObject:
		return &Object{V: values.Undef}
	case ClassRandom:
		return newRandom(args)
	case ClassTempfile:
		return r.newTempfile(args)
	case ClassTime:
		t := newTime(args).(*rubyTime)
		t.loc = r.localZone()
		return t
	case ClassSet:
		arity(args, 0, 1)
		if len(args) == 0 {
			return newSet(nil)
		}
		return newSet(r.setElems(args[0]))
	case ClassGemVersion:
		arity(args, 1, 1)
		return newGemVersion(args[0])
	case ClassOpenSSLDigest:
		arity(args, 1, 2)
		d := &digestObject{c: osslDigestClass(args[0]), ossl: true}
		if len(args) == 2 {
			d.data = []byte(strArg(args[1]))
		}
		return d
	case ClassX509Cert:
		return newX509Cert(args)
	case ClassPKeyRSA:
		return newRSAKey(args)
	case ClassOpenSSLHMAC:
		arity(args, 2, 2)
		return &hmacObject{c: osslDigestClass(args[1]), key: []byte(strArg(args[0]))}
	case ClassDigestMD5, ClassDigestSHA1, ClassDigestSHA256, ClassDigestSHA384, ClassDigestSHA512:
		arity(args, 0, 1)
		d := &digestObject{c: c}
		if len(args) == 1 {
			d.data = []byte(strArg(args[0]))
		}
		return d
	}
	if c.IsA(ClassException) {
		msg := c.Name
		if len(args) > 0 {
			msg = ToS(args[0])
		}
		return &RubyError{Class: c, Msg: msg}
	}
	raise(ClassNoMethodError, "pp2go: %s.new is not supported", c.Name)
	return nil
}

func classRecv(name string, recv Value, want ...*Class) *Class {
	c, ok := recv.(*Class)
	if ok {
		for _, w := range want {
			if c == w {
				return c
			}
		}
	}
	noMethod(name, recv)
	return nil
}

// Escape is Regexp.escape, CGI.escape and URI::DEFAULT_PARSER.escape
// (URI.escape was removed in Ruby 3).
func (r *R) Escape(recv Value, args ...Value) Value {
	if recv == Value(uriDefaultParser) {
		arity(args, 1, 2)
		s, ok := args[0].(*Str)
		if !ok {
			noMethod("gsub", args[0])
		}
		if len(args) == 2 {
			// the characters of a String argument are the unsafe ones
			unsafe := strArg(args[1])
			return S(percentBytes(s.S, func(c byte) bool { return strings.IndexByte(unsafe, c) < 0 }))
		}
		return S(uriEscape(s.S))
	}
	switch classRecv("escape", recv, ClassRegexp, ClassCGI, ClassShellwords) {
	case ClassCGI:
		arity(args, 1, 1)
		return S(cgiEscape(strArg(args[0])))
	case ClassShellwords:
		return r.Shellescape(recv, args...) // Shellwords.escape, an alias
	}
	arity(args, 1, 1)
	switch x := args[0].(type) {
	case Symbol:
		return S(regexpEscape(string(x)))
	}
	return S(regexpEscape(strArg(args[0])))
}

// Quote is Regexp.quote.
func (r *R) Quote(recv Value, args ...Value) Value {
	classRecv("quote", recv, ClassRegexp)
	arity(args, 1, 1)
	return S(regexpEscape(strArg(args[0])))
}

// Union is Regexp.union.
func (r *R) Union(recv Value, args ...Value) Value {
	classRecv("union", recv, ClassRegexp)
	if len(args) == 1 {
		if a, ok := args[0].(*Array); ok {
			args = a.A
		}
	}
	if len(args) == 0 {
		return Re("(?!)", "")
	}
	parts := make([]string, len(args))
	for i, a := range args {
		switch x := a.(type) {
		case *Regexp:
			if len(args) == 1 {
				return x
			}
			parts[i] = x.ToS()
		default:
			parts[i] = regexpEscape(strArg(a))
		}
	}
	return Re(strings.Join(parts, "|"), "")
}

// Sqrt is Math.sqrt / Integer.sqrt.
func (r *R) Sqrt(recv Value, args ...Value) Value {
	c := classRecv("sqrt", recv, ClassMath, ClassInteger)
	arity(args, 1, 1)
	f := toFloatNum("sqrt", args[0])
	if f < 0 {
		raise(ClassMath, "Numerical argument is out of domain - \"sqrt\"")
	}
	if c == ClassInteger {
		return int64(math.Sqrt(f))
	}
	return math.Sqrt(f)
}

// Options is Regexp#options.
func (r *R) Options(recv Value, args ...Value) Value {
	re, ok := recv.(*Regexp)
	if !ok {
		noMethod("options", recv)
	}
	n := int64(0)
	if strings.Contains(re.Flags, "i") {
		n |= 1
	}
	if strings.Contains(re.Flags, "x") {
		n |= 2
	}
	if strings.Contains(re.Flags, "m") {
		n |= 4
	}
	return n
}

// Stdout is where a function's puts writes: the compiling process's
// standard output (a command writing the catalog there moves it to
// standard error).
var Stdout io.Writer = os.Stdout

// Puts is Kernel#puts: each argument on its line (Arrays flattened, an
// empty one nothing, nil an empty line), a newline added where the text
// does not end with one.
func (r *R) Puts(args ...Value) Value {
	var b strings.Builder
	var put func(v Value, depth int)
	put = func(v Value, depth int) {
		if a, ok := v.(*Array); ok && depth < 100 {
			for _, e := range a.A {
				put(e, depth+1)
			}
			return
		}
		s := ""
		if v != nil {
			s = ToS(v)
		}
		b.WriteString(s)
		if !strings.HasSuffix(s, "\n") {
			b.WriteString("\n")
		}
	}
	if len(args) == 0 {
		b.WriteString("\n")
	}
	for _, a := range args {
		put(a, 0)
	}
	io.WriteString(Stdout, b.String())
	return nil
}
