package core

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// String functions with a Numeric/String/Iterable dispatch.
func stringMapper(name string, f func(string) string) {
	fn.New(name).
		D("Numeric arg", func(c fn.Context, a args, b fn.Block) v.Value { return a[0] }).
		D("String arg", func(c fn.Context, a args, b fn.Block) v.Value { return v.LikeString(a[0], f(str(a[0]))) }).
		D("Iterable[Variant[String, Numeric]] arg", func(c fn.Context, a args, b fn.Block) v.Value {
			var out []v.Value
			fn.Iterate(name, a[0], func(e v.Value) bool {
				if s, ok := e.(v.String); ok {
					e = v.LikeString(s, f(string(s)))
				}
				out = append(out, e)
				return true
			})
			return v.NewArray(out...)
		}).Register()
}

// Case functions that recurse into arrays and hashes (downcase, upcase).
func caseMapper(name string, f func(string) string) {
	var conv func(x v.Value) v.Value
	conv = func(x v.Value) v.Value {
		switch y := x.(type) {
		case v.String:
			return v.LikeString(y, f(string(y)))
		case *v.Array:
			out := make([]v.Value, y.Len())
			for i, e := range y.Elems() {
				out[i] = conv(e)
			}
			return v.NewArray(out...)
		case *v.Hash:
			hb := v.NewHashBuilder(y.Len())
			for i := 0; i < y.Len(); i++ {
				hb.Put(conv(y.KeyAt(i)), conv(y.ValueAt(i)))
			}
			return hb.Build()
		}
		return x
	}
	impl := func(c fn.Context, a args, b fn.Block) v.Value { return conv(a[0]) }
	fn.New(name).
		LocalType("StringData", "Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]]").
		D("Numeric arg", impl).
		D("String arg", impl).
		D("Array[StringData] arg", impl).
		D("Hash[StringData, StringData] arg", impl).
		Register()
}

func init() {
	stringMapper("camelcase", func(s string) string {
		parts := strings.Split(s, "_")
		for i, p := range parts {
			parts[i] = fn.RubyCapitalize(p)
		}
		return strings.Join(parts, "")
	})
	stringMapper("capitalize", fn.RubyCapitalize)
	stringMapper("chomp", fn.RubyChomp)
	stringMapper("chop", fn.RubyChop)
	stringMapper("lstrip", fn.RubyLstrip)
	stringMapper("rstrip", fn.RubyRstrip)
	stringMapper("strip", fn.RubyStrip)
	caseMapper("downcase", fn.RubyDowncase)
	caseMapper("upcase", fn.RubyUpcase)

	fn.New("join").
		D("Array arg, String delimiter?", func(c fn.Context, a args, b fn.Block) v.Value {
			sep := ""
			if len(a) > 1 {
				sep = str(a[1])
			}
			joined := RubyJoin(a[0].(*v.Array), sep)
			if v.AnyBinaryStrings() && joinsBinary(a[0].(*v.Array), sep) {
				return v.BinaryString(joined)
			}
			return v.String(joined)
		}).Register()

	split := func(s v.Value, re *v.Regexp) v.Value {
		parts, err := RubySplit(str(s), re)
		if err != nil {
			panic(err)
		}
		return v.LikeStrings(s, parts)
	}
	fn.New("split").
		D("String str, String pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			re, err := v.NewRegexp(str(a[1]))
			if err != nil {
				panic(err)
			}
			return split(a[0], re)
		}).
		D("String str, Regexp pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			return split(a[0], a[1].(*v.Regexp))
		}).
		D("String str, Type[Regexp] pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			return split(a[0], regexpOfType(a[1]))
		}).
		// Puppet 8 splits a Sensitive[String] into a Sensitive array
		D("Sensitive[String] sensitive, String pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			re, err := v.NewRegexp(str(a[1]))
			if err != nil {
				panic(err)
			}
			return v.NewSensitive(split(a[0].(*v.Sensitive).Unwrap(), re))
		}).Since(8).
		D("Sensitive[String] sensitive, Regexp pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.NewSensitive(split(a[0].(*v.Sensitive).Unwrap(), a[1].(*v.Regexp)))
		}).Since(8).
		D("Sensitive[String] sensitive, Type[Regexp] pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.NewSensitive(split(a[0].(*v.Sensitive).Unwrap(), regexpOfType(a[1])))
		}).Since(8).Register()

	fn.New("regsubst").
		D("Variant[Array[String],String] target, String pattern, Variant[String,Hash[String,String]] replacement, Optional[Pattern[/^[GEIM]*$/]] flags?, Enum['N','E','S','U'] encoding?",
			func(c fn.Context, a args, b fn.Block) v.Value {
				if len(a) > 4 && fn.PuppetMajor(c) >= 8 {
					fn.Deprecated(c, "regsubst_function_encoding", "The regsubst() function's encoding argument has been ignored since Ruby 1.9 and will be removed in a future release")
				}
				global := false
				var opts string
				if len(a) > 3 && !v.IsUndef(a[3]) {
					for _, f := range str(a[3]) {
						switch f {
						case 'G':
							global = true
						case 'E':
							opts += "x"
						case 'I':
							opts += "i"
						case 'M':
							opts += "m"
						}
					}
				}
				var re *v.Regexp
				var err error
				if src := str(a[1]); opts == "" {
					re, err = v.NewRegexp(src)
				} else { // (?opts:src), on the stack when short
					var buf [128]byte
					b := append(append(buf[:0], "(?"...), opts...)
					b = append(append(append(b, ':'), src...), ')')
					re, err = v.NewRegexpBytes(b)
				}
				if err != nil {
					panic(err)
				}
				return regsubst(a[0], re, a[2], global)
			}).
		D("Variant[Array[String],String] target, Variant[Regexp,Type[Regexp]] pattern, Variant[String,Hash[String,String]] replacement, Pattern[/^G?$/] flags?",
			func(c fn.Context, a args, b fn.Block) v.Value {
				var re *v.Regexp
				switch p := a[1].(type) {
				case *v.Regexp:
					re = p
				default:
					re = regexpOfType(p)
				}
				return regsubst(a[0], re, a[2], len(a) > 3 && str(a[3]) == "G")
			}).Register()

	fn.New("match").
		D("String string, Variant[Any, Type] pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			return matchOne(str(a[0]), a[1])
		}).
		D("Array[String] string, Variant[Any, Type] pattern", func(c fn.Context, a args, b fn.Block) v.Value {
			arr := a[0].(*v.Array)
			out := make([]v.Value, arr.Len())
			for i, e := range arr.Elems() {
				out[i] = matchOne(str(e), a[1])
			}
			return v.NewArray(out...)
		}).Register()

	fn.New("versioncmp").Pure().
		D("String a, String b, Boolean ignore_trailing_zeroes?", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Int(Versioncmp(str(a[0]), str(a[1]), boolArg(a, 2, false)))
		}).Register()

	// 3.x functions of core
	fn.Register(fn.New3("sprintf", -2, func(c fn.Context, a args, b fn.Block) v.Value {
		f, ok := a[0].(v.String)
		if !ok {
			panic(fn.Errorf("no implicit conversion of %s into String", fn.RubyClass(a[0])))
		}
		s, err := v.Sprintf(string(f), a[1:]...)
		if err != nil {
			panic(err)
		}
		return v.String(s)
	}))
	fn.Register(fn.New3("shellquote", -1, func(c fn.Context, a args, b fn.Block) v.Value {
		return v.String(Shellquote(c, flattenValues(a)))
	}))
	digest := func(name string, sum func([]byte) string) {
		fn.Register(fn.New3(name, 1, func(c fn.Context, a args, b fn.Block) v.Value {
			s, ok := a[0].(v.String)
			if !ok {
				panic(fn.Errorf("no implicit conversion of %s into String", rubyConvName(a[0])))
			}
			return v.String(sum([]byte(s)))
		}))
	}
	digest("md5", func(b []byte) string { h := md5.Sum(b); return hex.EncodeToString(h[:]) })
	digest("sha1", func(b []byte) string { h := sha1.Sum(b); return hex.EncodeToString(h[:]) })
	digest("sha256", func(b []byte) string { h := sha256.Sum256(b); return hex.EncodeToString(h[:]) })
	// digest uses Puppet's digest_algorithm setting (sha256 by default):
	// Puppet::Util::Checksums' method of that name.
	fn.Register(fn.New3("digest", 1, func(c fn.Context, a args, b fn.Block) v.Value {
		s, ok := a[0].(v.String)
		if !ok {
			panic(fn.Errorf("no implicit conversion of %s into String", rubyConvName(a[0])))
		}
		algo, _ := c.LookupVar("::settings::digest_algorithm")
		var h hash.Hash
		switch algo {
		case v.String("md5"):
			h = md5.New()
		case v.String("sha384"):
			h = sha512.New384()
		case v.String("sha512"):
			h = sha512.New()
		case v.String("sha224"):
			h = sha256.New224()
		default:
			h = sha256.New()
		}
		h.Write([]byte(s))
		return v.String(hex.EncodeToString(h.Sum(nil)))
	}))

	fn.Register(fn.New3("fail", -1, func(c fn.Context, a args, b fn.Block) v.Value {
		parts := make([]string, len(a))
		for i, x := range a {
			parts[i] = fn.RubyToS(x)
		}
		panic(fn.Errorf("%s", strings.Join(parts, " ")))
	}))
}

// rubyConvName names a value in Ruby's "no implicit conversion of X into
// String" (nil, true and false by name, others by class).
func rubyConvName(x v.Value) string {
	switch y := x.(type) {
	case nil, v.UndefValue:
		return "nil"
	case v.Bool:
		if y {
			return "true"
		}
		return "false"
	}
	return fn.RubyClass(x)
}

// RubyJoin is Array#join: nested arrays are joined recursively with the
// same separator (an empty one still takes its place); other elements by
// their Ruby to_s.
func RubyJoin(a *v.Array, sep string) string {
	parts := make([]string, a.Len())
	for i, e := range a.Elems() {
		if sub, ok := e.(*v.Array); ok {
			parts[i] = RubyJoin(sub, sep)
		} else {
			parts[i] = fn.RubyToS(e)
		}
	}
	return strings.Join(parts, sep)
}

// joinsBinary says whether Ruby's a.join(sep) is binary: Array#join joins
// the elements' texts and separators in order (values.JoinEncoding),
// nested arrays joined first, after an empty US-ASCII text when the
// first element is no String. Texts it cannot join fail as Ruby fails.
func joinsBinary(a *v.Array, sep string) bool {
	parts := make([]v.Value, 0, 2*a.Len()+1)
	if a.Len() > 0 {
		if _, ok := a.At(0).(v.String); !ok {
			parts = append(parts, v.String(""))
		}
	}
	for i, e := range a.Elems() {
		if i > 0 {
			parts = append(parts, v.String(sep))
		}
		if sub, ok := e.(*v.Array); ok {
			e = v.String(RubyJoin(sub, sep))
			if joinsBinary(sub, sep) {
				e = v.BinaryString(string(e.(v.String)))
			}
		}
		parts = append(parts, e)
	}
	binary, ok := v.JoinEncoding(parts)
	if !ok {
		panic(fn.Errorf("%s", v.IncompatibleEncodings(binary, !binary)))
	}
	return binary
}

// RubySplit is String#split(regexp) without limit: captures are included,
// an empty match splits characters, trailing empty strings are removed.
// It replays Ruby's search loop (rb_str_split_m) over the matches found
// Ruby's way.
func RubySplit(s string, re *v.Regexp) (*v.Array, error) {
	if s == "" {
		return v.EmptyArray, nil
	}
	if lit, ok := literalPattern(re.Source()); ok && lit != "" {
		// a plain string pattern: Ruby's result is strings.Split's without
		// the trailing empty fields
		parts := strings.Split(s, lit)
		for len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		out := make([]v.Value, len(parts))
		for i, p := range parts {
			out[i] = v.String(p)
		}
		return v.NewArray(out...), nil
	}
	matches, err := re.FindAllIndex(s, -1)
	if err != nil {
		return nil, err
	}
	charLen := func(at int) int {
		if at >= len(s) {
			return 1
		}
		_, w := decodeRune(s[at:])
		return w
	}
	var out []v.Value
	captures := func(m []int) {
		for g := 1; 2*g < len(m); g++ {
			if m[2*g] >= 0 {
				out = append(out, v.String(s[m[2*g]:m[2*g+1]]))
			}
		}
	}
	beg, start, lastNull := 0, 0, false
	for _, m := range matches {
		empty := m[0] == m[1]
		if empty && m[0] == start {
			if !lastNull {
				start += charLen(start)
				lastNull = true
				continue
			}
			out = append(out, v.String(s[beg:beg+charLen(beg)]))
			beg = start
			captures(m)
			// Ruby searches again from start, finds this match again and
			// steps over it
			start += charLen(start)
			lastNull = true
			continue
		}
		out = append(out, v.String(s[beg:m[0]]))
		beg, start = m[1], m[1]
		lastNull = false
		captures(m)
		if empty {
			start += charLen(start)
			lastNull = true
		}
	}
	if len(s) > beg {
		out = append(out, v.String(s[beg:]))
	}
	for len(out) > 0 && out[len(out)-1] == v.String("") {
		out = out[:len(out)-1]
	}
	return v.NewArray(out...), nil
}

// regsubst applies sub or gsub to a string or each string of an array.
func regsubst(target v.Value, re *v.Regexp, repl v.Value, global bool) v.Value {
	do := func(e v.Value) v.Value {
		s := str(e)
		r, err := RubySub(s, re, repl, global)
		if err != nil {
			panic(err)
		}
		if _, ok := e.(v.String); ok && r == s {
			return e // unchanged: the String as it came, no new box
		}
		if x, ok := e.(v.String); ok && v.IsBinaryString(x) {
			return v.BinaryString(r) // gsub keeps its receiver's encoding
		}
		return v.BoxedString(r) // mostly the same strings each compile
	}
	if arr, ok := target.(*v.Array); ok {
		out := make([]v.Value, arr.Len())
		for i, e := range arr.Elems() {
			out[i] = do(e)
		}
		return v.NewArray(out...)
	}
	return do(target)
}

// RubySub is String#sub (global false) or #gsub with a replacement string
// (\0-\9, \k<name>, \&, \`, \', \\) or a hash of replacements.
func RubySub(s string, re *v.Regexp, repl v.Value, global bool) (string, error) {
	if r, ok := repl.(v.String); ok && !strings.ContainsRune(string(r), '\\') {
		if lit, ok := literalPattern(re.Source()); ok && lit != "" {
			if global {
				return strings.ReplaceAll(s, lit, string(r)), nil
			}
			return strings.Replace(s, lit, string(r), 1), nil
		}
		if out, ok := re.ReplaceSet(s, string(r), global); ok {
			return out, nil
		}
	}
	var matches [][]int
	var err error
	if global {
		matches, err = re.FindAllIndex(s, -1)
	} else {
		var m []int
		m, err = re.FindIndexFrom(s, 0)
		if m != nil {
			matches = [][]int{m}
		}
	}
	if err != nil {
		return "", err
	}
	if len(matches) == 0 {
		return s, nil
	}
	var b strings.Builder
	last := 0
	for _, m := range matches {
		b.WriteString(s[last:m[0]])
		switch r := repl.(type) {
		case v.String:
			expandReplacement(&b, string(r), s, m, re)
		case *v.Hash:
			if val, ok := r.Get(v.String(s[m[0]:m[1]])); ok {
				b.WriteString(fn.RubyToS(val))
			}
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String(), nil
}

func expandReplacement(b *strings.Builder, repl, s string, m []int, re *v.Regexp) {
	group := func(g int) {
		if 2*g+1 < len(m) && m[2*g] >= 0 {
			b.WriteString(s[m[2*g]:m[2*g+1]])
		}
	}
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		if c != '\\' || i+1 >= len(repl) {
			b.WriteByte(c)
			continue
		}
		n := repl[i+1]
		switch {
		case n >= '0' && n <= '9':
			group(int(n - '0'))
			i++
		case n == '&':
			group(0)
			i++
		case n == '`':
			b.WriteString(s[:m[0]])
			i++
		case n == '\'':
			b.WriteString(s[m[1]:])
			i++
		case n == '\\':
			b.WriteByte('\\')
			i++
		case n == 'k' && i+2 < len(repl) && repl[i+2] == '<':
			end := strings.IndexByte(repl[i+3:], '>')
			if end < 0 {
				b.WriteByte(c)
				continue
			}
			name := repl[i+3 : i+3+end]
			if g := namedGroup(re, name); g >= 0 {
				group(g)
			}
			i += 3 + end
		default:
			b.WriteByte(c)
		}
	}
}

// namedGroup finds the number of a named group (?<name>...) by scanning
// the pattern's source.
func namedGroup(re *v.Regexp, name string) int {
	src := re.Source()
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '(':
			if i+1 < len(src) && src[i+1] == '?' {
				if i+2 < len(src) && (src[i+2] == '<' || src[i+2] == '\'') && i+3 < len(src) && src[i+3] != '=' && src[i+3] != '!' {
					n++
					rest := src[i+3:]
					if strings.HasPrefix(rest, name+">") || strings.HasPrefix(rest, name+"'") {
						return n
					}
				}
				continue
			}
			n++
		}
	}
	return -1
}

// matchOne is match() for one string and pattern.
func matchOne(s string, pattern v.Value) v.Value {
	switch p := pattern.(type) {
	case v.String:
		re, err := v.NewRegexp(string(p))
		if err != nil {
			panic(err)
		}
		return doMatch(s, re)
	case *v.Regexp:
		return doMatch(s, p)
	case *v.TypeAliasType:
		return matchOne(s, p.ResolvedType())
	case *v.VariantType:
		for _, t := range p.Types {
			if r := matchOne(s, t); !v.IsUndef(r) {
				return r
			}
		}
		return v.Undef
	case *v.RegexpType:
		if !p.HasPattern {
			panic(fn.Errorf("Given Regexp Type has no regular expression"))
		}
		return doMatch(s, v.RegexpOf(p.Pattern))
	case *v.PatternType:
		for _, rt := range p.Patterns {
			if r := matchOne(s, rt); !v.IsUndef(r) {
				return r
			}
		}
		return v.Undef
	case *v.Array:
		for _, e := range flattenValues(p.Elems()) {
			if r := matchOne(s, e); !v.IsUndef(r) {
				return r
			}
		}
		return v.Undef
	}
	panic(fn.Errorf("match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got %s", fn.RubyClass(pattern)))
}

func doMatch(s string, re *v.Regexp) v.Value {
	m, err := re.Match(s)
	if err != nil {
		panic(err)
	}
	if m == nil {
		return v.Undef
	}
	return v.NewArray(m...)
}

// flattenValues is Array#flatten over a list of values.
func flattenValues(vals []v.Value) []v.Value {
	var out []v.Value
	for _, e := range vals {
		if a, ok := e.(*v.Array); ok {
			out = append(out, flattenValues(a.Elems())...)
		} else {
			out = append(out, e)
		}
	}
	return out
}

// Versioncmp is Puppet::Util::Package.versioncmp.
func Versioncmp(a, b string, ignoreTrailingZeroes bool) int {
	if a == b {
		// what the walk of their tokens ends with (most calls compare
		// a version with the one a module expects: apache's 2.4)
		return 0
	}
	if ignoreTrailingZeroes {
		a, b = normalizeVersion(a), normalizeVersion(b)
	}
	for ai, bi := 0, 0; ai < len(a) && bi < len(b); {
		var x, y string
		x, ai = versionToken(a, ai)
		y, bi = versionToken(b, bi)
		switch {
		case x == y:
			continue
		case x == "-":
			return -1
		case y == "-":
			return 1
		case x == ".":
			return -1
		case y == ".":
			return 1
		}
		if allDigits(x) && allDigits(y) {
			if x[0] == '0' || y[0] == '0' {
				return compareUpper(x, y)
			}
			return cmpDecimal(x, y)
		}
		return compareUpper(x, y)
	}
	return strings.Compare(a, b)
}

// compareUpper is Ruby's x.upcase <=> y.upcase, as
// strings.Compare(strings.ToUpper(x), strings.ToUpper(y)), without
// making the upper-case strings when both are ASCII (most versions'
// tokens: "el", "amd64"), whose bytes it compares upper-cased.
func compareUpper(x, y string) int {
	if !v.IsASCII(x) || !v.IsASCII(y) {
		return strings.Compare(strings.ToUpper(x), strings.ToUpper(y))
	}
	for i := 0; i < len(x) && i < len(y); i++ {
		cx, cy := upperASCII(x[i]), upperASCII(y[i])
		if cx != cy {
			if cx < cy {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(x) < len(y):
		return -1
	case len(x) > len(y):
		return 1
	}
	return 0
}

// upperASCII is the ASCII byte c upper-cased.
func upperASCII(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func cmpDecimal(x, y string) int {
	x = strings.TrimLeft(x, "0")
	y = strings.TrimLeft(y, "0")
	if len(x) != len(y) {
		if len(x) < len(y) {
			return -1
		}
		return 1
	}
	return strings.Compare(x, y)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// versionToken is the token of s at i (versioncmp's scan: "-", ".", a run
// of digits or a run of other characters) and where the next one starts.
func versionToken(s string, i int) (string, int) {
	c := s[i]
	j := i + 1
	switch {
	case c == '-' || c == '.':
	case c >= '0' && c <= '9':
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
	default:
		for j < len(s) && s[j] != '-' && s[j] != '.' && !(s[j] >= '0' && s[j] <= '9') {
			j++
		}
	}
	return s[i:j], j
}

func normalizeVersion(s string) string {
	parts := strings.Split(s, "-")
	first := parts[0]
	// sub!(/([\.0]+)$/, '')
	j := len(first)
	for j > 0 && (first[j-1] == '.' || first[j-1] == '0') {
		j--
	}
	parts[0] = first[:j]
	return strings.Join(parts, "-")
}

// Shellquote is Puppet's shellquote over flattened words (c says the
// release, whose Ruby words the error of a word that is not a String).
func Shellquote(c fn.Context, words []v.Value) string {
	const safe = "a-zA-Z0-9@%_+=:,./-"
	const dangerous = "!\"`$\\"
	out := make([]string, 0, len(words))
	for _, wv := range words {
		w, ok := wv.(v.String)
		if !ok {
			panic(fn.Errorf("undefined method `length' for %s", fn.RubyReceiver(c, wv)))
		}
		word := string(w)
		switch {
		case word != "" && allIn(word, isSafeShell):
			out = append(out, word)
		case !strings.ContainsAny(word, dangerous):
			out = append(out, `"`+word+`"`)
		case !strings.Contains(word, "'"):
			out = append(out, "'"+word+"'")
		default:
			var b strings.Builder
			b.WriteByte('"')
			for i := 0; i < len(word); i++ {
				if strings.IndexByte(dangerous, word[i]) >= 0 {
					b.WriteByte('\\')
				}
				b.WriteByte(word[i])
			}
			b.WriteByte('"')
			out = append(out, b.String())
		}
	}
	_ = safe
	return strings.Join(out, " ")
}

func isSafeShell(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("@%_+=:,./-", c) >= 0
}

func allIn(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }

// regexpOfType is the regexp of a Type[Regexp] argument (a Regexp type, or
// an alias of one); Regexp without a pattern matches the empty pattern.
func regexpOfType(t v.Value) *v.Regexp {
	switch x := t.(type) {
	case *v.RegexpType:
		return v.RegexpOf(x.Pattern)
	case *v.TypeAliasType:
		return regexpOfType(x.ResolvedType())
	}
	return v.RegexpOf("")
}

// literalPattern returns the text a regexp source matches when it has no
// special characters (so that it matches exactly that text, anywhere).
func literalPattern(src string) (string, bool) {
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c < 0x20 || c >= 0x80 || strings.IndexByte(`\.^$|?*+()[]{}#- `, c) >= 0 {
			return "", false
		}
	}
	return src, true
}
