package values

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2"

	"github.com/pp2go/pp2go/rt/internal/readmap"
)

// Regexp is a Puppet Regexp value. Its source is kept verbatim in Ruby
// (Onigmo) syntax, which is what Puppet prints; matching uses a translation
// to regexp2's syntax, compiled on first use.
//
// regexp2 is used rather than Go's regexp because Ruby patterns in real
// modules rely on backtracking features RE2 lacks (lookahead, lookbehind,
// backreferences, atomic groups).
type Regexp struct {
	source string
	once   sync.Once
	re     *regexp2.Regexp
	// fast is the pattern in Go's linear-time engine, when it accepts it
	// (fast.Plain is nil otherwise)
	fast GoLines
	err  error
	// groups: fast's groups are Ruby's (see emptyRepeatCapture), and
	// nullable: fast may match an empty string somewhere (see
	// FindAllIndex), decided when first needed (see goFor): whether a
	// string matches needs neither, and deciding parses the pattern again
	// (a quarter of its compiling)
	syntaxOnce       sync.Once
	groups, nullable bool
	// class: the pattern is one character of a set, found without Go's
	// engine (charSet), decided with groups
	class *charSet
	// literals are strings every match contains (requiredLiterals),
	// decided with groups: a subject without one of them has no match
	literals []string
	// whole: the pattern matches whole subjects that are one of a few
	// strings (wholeSetOf), decided with groups
	whole *wholeSet
	// plain: the pattern is plain text or one character of a set,
	// found by a scan (plainFinder) without compiling fast; re is
	// compiled only if a search needs regexp2 (slow)
	plain finder
	// finalNewline: fast is right only for subjects without a final
	// newline, the others are regexp2's (goFor): it reads the pattern's \Z
	// (the end, or before a final newline) as \z, or Ruby's ^ as (?m)^,
	// which matches after a final newline too
	finalNewline bool

	tr       string    // the translation to regexp2's syntax
	slowOnce sync.Once // compiles re when fast is set (see slow)
	slowErr  error

	// matched are strings MatchString was given and whether they match:
	// a process checks the same values against the same Pattern types
	// at each compile (paths against Stdlib::Absolutepath's nested
	// repetition, which Go's engine backtracks through)
	matched stringVerdicts
}

// subjectsKept is how many strings a Regexp's MatchString (and an
// alias's stringInstance) keeps the answer for, of at most
// subjectMaxKept bytes (a long one is rarely matched again, and kept it
// would hold its memory).
const (
	subjectsKept   = 1 << 12
	subjectMaxKept = 256
)

func (*Regexp) puppetValue() {}

// regexpCache shares compiled regexps between identical sources: generated
// code and types build the same patterns many times.
var regexpCache = readmap.New[*Regexp](1<<16, 0)

// NewRegexp returns the Regexp for a Ruby source, or an error with Ruby's
// wording when the source does not compile.
func NewRegexp(source string) (*Regexp, error) {
	r := RegexpOf(source)
	if err := r.compile(); err != nil {
		return nil, err
	}
	return r, nil
}

// NewRegexpBytes is NewRegexp(string(source)), the string made only for
// a source not met before.
func NewRegexpBytes(source []byte) (*Regexp, error) {
	if r, ok := readmap.LoadBytes(regexpCache, source); ok {
		if err := r.compile(); err != nil {
			return nil, err
		}
		return r, nil
	}
	return NewRegexp(string(source))
}

// RegexpOf returns the Regexp for source without compiling it; errors show
// when it is first matched.
func RegexpOf(source string) *Regexp {
	if r, ok := readmap.Load(regexpCache, source); ok {
		return r
	}
	r := &Regexp{source: source}
	return readmap.Store(regexpCache, source, r)
}

// Source returns the Ruby source of the pattern.
func (r *Regexp) Source() string { return r.source }

func (r *Regexp) compile() error {
	r.once.Do(func() {
		tr, _, err := TranslateRuby(r.source)
		if err != nil {
			r.err = err
			return
		}
		r.tr = tr
		// Patterns without backtracking-only features (lookaround,
		// backreferences, atomic groups, \Z) compile with Go's RE2 engine,
		// which matches the same strings in linear time without allocating.
		// regexp2 (whose compilation costs much more) is then compiled
		// only if a search needs it (slow).
		// a lookahead that cannot fail where the rest matches is left out
		// for Go's engine (see dropNeedlessLookaheads)
		goTr, finalNewline := goSyntax(dropNeedlessLookaheads(tr))
		if r.plain = plainFinder(goTr); r.plain != nil {
			return // nothing to compile
		}
		if fast, err := regexp.Compile(goTr); err == nil {
			r.fast.Plain = fast
			r.finalNewline = finalNewline
			return
		}
		r.re, r.err = r.compileSlow()
	})
	return r.err
}

// goSyntax is a translated pattern in the syntax of Go's engine where it
// differs from regexp2's without changing what matches: Ruby's ^ (spelt
// OnigmoCaret) reads as (?m)^ and \Z as \z (finalNewline: Go's form is
// then right only for subjects without a final newline; Ruby's file type
// titles end in \Z), and a cleared x flag is left out ((?-mix:...), which
// Ruby's Regexp#to_s makes of an interpolated regexp: Go has no x flag,
// and rejects the patterns that set it). A pattern it cannot read (nested
// classes) comes back as it is.
func goSyntax(tr string) (goTr string, finalNewline bool) {
	if strings.Contains(tr, OnigmoCaret) {
		tr, finalNewline = strings.ReplaceAll(tr, OnigmoCaret, "^"), true
	}
	if !strings.Contains(tr, `\Z`) && !strings.Contains(tr, "(?") {
		return tr, finalNewline
	}
	var b strings.Builder
	b.Grow(len(tr))
	class := false
	for i := 0; i < len(tr); i++ {
		c := tr[i]
		switch {
		case c == '\\' && i+1 < len(tr):
			if tr[i+1] == 'Z' && !class {
				b.WriteString(`\z`)
				finalNewline = true
			} else {
				b.WriteString(tr[i : i+2])
			}
			i++
			continue
		case class:
			if c == '[' {
				return tr, finalNewline
			}
			class = c != ']'
		case c == '[':
			class = true
			b.WriteByte(c)
			// a ']' first in the class is one of its characters
			if i+1 < len(tr) && tr[i+1] == '^' {
				i++
				b.WriteByte('^')
			}
			if i+1 < len(tr) && tr[i+1] == ']' {
				i++
				b.WriteByte(']')
			}
			continue
		case c == '(' && strings.HasPrefix(tr[i:], "(?"):
			j := i + 2
			for j < len(tr) && strings.IndexByte("imsxU-", tr[j]) >= 0 {
				j++
			}
			if j == len(tr) || tr[j] != ':' && tr[j] != ')' {
				break // a look-around, a named group, ...
			}
			flags := tr[i+2 : j]
			if k := strings.IndexByte(flags, '-'); k >= 0 {
				off := strings.ReplaceAll(flags[k+1:], "x", "")
				flags = flags[:k]
				if off != "" {
					flags += "-" + off
				}
			}
			if flags == "" && tr[j] == ')' {
				i = j // (?-x): nothing left to set
				continue
			}
			b.WriteString("(?" + flags)
			i = j - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), finalNewline
}

// goFor is the Go form of the pattern that matches s as Ruby does, or nil
// when s needs regexp2; with groups, one that also finds Ruby's groups.
func (r *Regexp) goFor(s string, groups bool) *regexp.Regexp {
	if r.fast.Plain == nil || r.finalNewline && strings.HasSuffix(s, "\n") {
		return nil
	}
	if groups {
		r.syntaxOnce.Do(func() {
			re, err := syntax.Parse(r.fast.Plain.String(), syntax.Perl)
			r.groups = err == nil && !emptyRepeatCapture(re)
			r.nullable = err != nil || nullableSyntax(re)
			if err == nil {
				r.literals = requiredLiterals(re, nil)
				r.class = charSetOf(re)
				r.whole = wholeSetOf(re)
			}
		})
		if !r.groups {
			return nil
		}
	}
	return r.fast.For(s)
}

// requiredLiterals appends to dst the literal strings (case-sensitive)
// that every match of re contains: those of its sequence, of its groups
// and of what it repeats at least once. Types' title patterns mostly
// differ by such separators ("::", "@"), and a search without them must
// still try every way to split the subject.
func requiredLiterals(re *syntax.Regexp, dst []string) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase == 0 {
			dst = append(dst, string(re.Rune))
		}
	case syntax.OpCapture, syntax.OpPlus:
		dst = requiredLiterals(re.Sub[0], dst)
	case syntax.OpRepeat:
		if re.Min > 0 {
			dst = requiredLiterals(re.Sub[0], dst)
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			dst = requiredLiterals(sub, dst)
		}
	}
	return dst
}

func (r *Regexp) compileSlow() (*regexp2.Regexp, error) {
	re, err := regexp2.Compile(r.tr, regexp2.Multiline)
	if err != nil {
		return nil, newError("", onigmoMessage(err.Error(), r.source))
	}
	return re, nil
}

// slow is the regexp2 form of a compiled pattern.
func (r *Regexp) slow() (*regexp2.Regexp, error) {
	if r.fast.Plain == nil && r.plain == nil {
		return r.re, r.err
	}
	r.slowOnce.Do(func() { r.re, r.slowErr = r.compileSlow() })
	return r.re, r.slowErr
}

// Match matches s and returns the match data ($0, $1, ...; undef for groups
// that did not participate) or nil when there is no match.
func (r *Regexp) Match(s string) ([]Value, error) {
	if err := r.compile(); err != nil {
		return nil, err
	}
	if r.plain != nil {
		return matchFound(r.plain, s), nil
	}
	if fast := r.goFor(s, true); fast != nil {
		if r.class != nil {
			return matchFound(r.class, s), nil
		}
		if r.whole != nil && fast == r.fast.Plain {
			if !slices.Contains(r.whole.strs, s) {
				return nil, nil
			}
			out, strs := matchData(r.whole.groups)
			for i := range out {
				out[i] = stringIn(strs, i, s)
			}
			return out, nil
		}
		for _, l := range r.literals {
			if !strings.Contains(s, l) {
				return nil, nil
			}
		}
		idx := fast.FindStringSubmatchIndex(s)
		if idx == nil {
			return nil, nil
		}
		out, strs := matchData(len(idx) / 2)
		for i := range out {
			if idx[2*i] < 0 {
				out[i] = Undef
			} else {
				out[i] = stringIn(strs, i, s[idx[2*i]:idx[2*i+1]])
			}
		}
		return out, nil
	}
	re, err := r.slow()
	if err != nil {
		return nil, err
	}
	m, err := re.FindStringMatch(s)
	if err != nil || m == nil {
		return nil, err
	}
	groups := m.Groups()
	out := make([]Value, len(groups))
	for i, g := range groups {
		if len(g.Captures) == 0 {
			out[i] = Undef
		} else {
			out[i] = String(g.String())
		}
	}
	return out, nil
}

// matchRoom is the match data of a regexp of fewer than N groups and the
// Strings its values box, in one allocation (a String boxed by itself is
// an allocation of each group's).
type matchRoom[N ~[1]Value | ~[2]Value | ~[4]Value, S ~[1]String | ~[2]String | ~[4]String] struct {
	vals N
	strs S
}

// matchData is the list of n values for Match's match data, and room for
// the Strings of its values when n is at most 4 (nil for more).
func matchData(n int) ([]Value, []String) {
	switch {
	case n == 1:
		m := new(matchRoom[[1]Value, [1]String])
		return m.vals[:], m.strs[:]
	case n == 2:
		m := new(matchRoom[[2]Value, [2]String])
		return m.vals[:], m.strs[:]
	case n <= 4:
		m := new(matchRoom[[4]Value, [4]String])
		return m.vals[:n:n], m.strs[:n:n]
	}
	return make([]Value, n), nil
}

// stringIn is String(s) as the i-th value of match data, boxed in its
// room strs when it has one (matchData).
func stringIn(strs []String, i int, s string) Value {
	if strs == nil {
		return String(s)
	}
	strs[i] = String(s)
	return StringAt(&strs[i])
}

// MatchString reports whether s matches, without building match data.
func (r *Regexp) MatchString(s string) bool {
	if ok, found := r.matched.load(s); found {
		return ok
	}
	ok := r.matchString(s)
	r.matched.store(s, ok)
	return ok
}

func (r *Regexp) matchString(s string) bool {
	if r.compile() != nil {
		return false
	}
	if r.plain != nil {
		i, _ := r.plain.find(s, 0)
		return i >= 0
	}
	if fast := r.goFor(s, false); fast != nil {
		return fast.MatchString(s)
	}
	re, err := r.slow()
	if err != nil {
		return false
	}
	ok, err := re.MatchString(s)
	return ok && err == nil
}

// Inspect returns the pattern between slashes as Ruby's Regexp#inspect does
// (unescaped slashes get a backslash). This is how Puppet prints a Regexp.
func (r *Regexp) Inspect() string {
	var b strings.Builder
	b.Grow(len(r.source) + 2)
	b.WriteByte('/')
	s := r.source
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			i++
			b.WriteByte(s[i])
		case c == '/':
			b.WriteString(`\/`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('/')
	return b.String()
}

// RubyToS is Ruby's Regexp#to_s: "(?-mix:a\/b)" for /a\/b/.
func (r *Regexp) RubyToS() string {
	in := r.Inspect()
	return "(?-mix:" + in[1:len(in)-1] + ")"
}

// OnigmoCaret is Ruby's ^ in regexp2's syntax: the start of the string or
// of a line, a newline that ends the string starting none (.NET's
// multiline ^, like Go's, matches after it).
const OnigmoCaret = `(?:\A|(?<=\n)(?!\z))`

// TranslateRuby rewrites a Ruby (Onigmo) pattern into regexp2's (.NET)
// syntax, for Puppet's regexps and for the Ruby of templates and
// functions alike:
//   - ^ and $ are always line anchors in Ruby (the caller compiles with
//     Multiline), and ^ never matches after a newline that ends the
//     string (OnigmoCaret);
//   - Ruby's m flag is .NET's s flag (dot matches newline);
//   - \d \w \s \h and their negations are ASCII-only in Ruby;
//   - {,n} means {0,n};
//   - POSIX bracket classes ([[:alpha:]]), a class inside a class (their
//     union), \u{...} escapes, and an unknown letter escaped (\y is y);
//   - comment groups (?#...) are dropped;
//   - when the pattern has named groups, plain groups do not capture
//     (Onigmo numbers only the named ones then).
//
// It returns the group names by number ("" for a plain group's, and for
// the whole match's at 0). What neither engine can say is pp2go's error
// ("pp2go: ... in a regexp are not supported"): a negated class, POSIX
// bracket or property inside a class, an intersection, a range that ends
// in a class, \H in a class, the escapes regexp2 lacks (\K \R \X \g
// \M-), possessive and stacked quantifiers, the absent operator, the u
// option, and group names that are no words.
func TranslateRuby(src string) (tr string, names []string, err error) {
	named, plain := captureGroups(src)
	groups := plain
	if named > 0 {
		groups = named // Onigmo numbers only the named ones then
	}
	names = []string{""}
	unsupported := func(what string) (string, []string, error) {
		return "", nil, newError("", "pp2go: "+what+" in a regexp are not supported: /"+src+"/")
	}
	if stackedQuantifiers(src) {
		return unsupported("possessive quantifiers (a*+) and quantifiers of quantifiers (a**)")
	}
	var b strings.Builder
	b.Grow(len(src) + 16)
	inClass := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '\\':
			if i+1 >= len(src) {
				return "", nil, newError("", "too short escape sequence: /"+src+"/")
			}
			i++
			e := src[i]
			switch e {
			case 'd':
				b.WriteString(cls(inClass, "0-9"))
			case 'D':
				b.WriteString(ncls(inClass, "0-9", `\D`))
			case 'w':
				b.WriteString(cls(inClass, "a-zA-Z0-9_"))
			case 'W':
				b.WriteString(ncls(inClass, "a-zA-Z0-9_", `\W`))
			case 's':
				b.WriteString(cls(inClass, ` \t\n\v\f\r`))
			case 'S':
				b.WriteString(ncls(inClass, ` \t\n\v\f\r`, `\S`))
			case 'h':
				b.WriteString(cls(inClass, "0-9a-fA-F"))
			case 'H':
				if inClass > 0 {
					return unsupported(`\H escapes inside character classes`)
				}
				b.WriteString(`[^0-9a-fA-F]`)
			case 'u':
				if i+1 < len(src) && src[i+1] == '{' {
					end := strings.IndexByte(src[i:], '}')
					if end < 0 {
						return "", nil, newError("", "invalid Unicode escape: /"+src+"/")
					}
					for _, hex := range strings.Fields(src[i+2 : i+end]) {
						n := 0
						for _, h := range hex {
							n = n*16 + hexVal(h)
						}
						writeLiteralRune(&b, rune(n))
					}
					i += end
				} else {
					b.WriteString(`\u`)
				}
			case '8', '9':
				if inClass > 0 || i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9' {
					// no octal digit, and no group of that number: the
					// digit itself
					b.WriteByte(e)
				} else {
					b.WriteByte('\\')
					b.WriteByte(e)
				}
			case 'x':
				// one or two hex digits in Ruby, two in .NET
				n := 0
				for n < 2 && i+1+n < len(src) && strings.IndexByte("0123456789abcdefABCDEF", src[i+1+n]) >= 0 {
					n++
				}
				b.WriteString(`\x`)
				if n == 1 {
					b.WriteByte('0')
				}
				b.WriteString(src[i+1 : i+1+n])
				i += n
			case 'c', 'C':
				// \cX and \C-X: the control character of X
				j := i + 1
				if e == 'C' {
					if j >= len(src) || src[j] != '-' {
						b.WriteByte(e)
						continue
					}
					j++
				}
				if j >= len(src) || src[j] == '\\' || src[j] >= utf8.RuneSelf {
					return unsupported(`\c escapes of escapes or of characters beyond ASCII`)
				}
				ctl := src[j] & 0x1f
				if src[j] == '?' {
					ctl = 0x7f
				}
				fmt.Fprintf(&b, `\x%02X`, ctl)
				i = j
			case 'M':
				return unsupported(`\M- escapes`)
			case 'p', 'P', 'k':
				// a property (\p{L}) or a named back reference (\k<x>),
				// or else the letter; Onigmo's POSIX property names
				// (\p{Alpha}, \p{^Digit}) are its POSIX brackets
				if e != 'k' && strings.HasPrefix(src[i+1:], "{") {
					if end := strings.IndexByte(src[i:], '}'); end > 0 {
						name := strings.ToLower(src[i+2 : i+end])
						neg := strings.HasPrefix(name, "^") != (e == 'P')
						if rep, ok := posixClasses[strings.TrimPrefix(name, "^")]; ok {
							switch {
							case inClass == 0 && neg:
								b.WriteString("[^" + rep + "]")
							case inClass == 0:
								b.WriteString("[" + rep + "]")
							case neg:
								return unsupported("negated POSIX properties inside character classes")
							default:
								b.WriteString(rep)
							}
							i += end
							continue
						}
					}
				}
				if i+1 < len(src) && (e != 'k' && src[i+1] == '{' || e == 'k' && (src[i+1] == '<' || src[i+1] == '\'')) {
					b.WriteByte('\\')
				}
				b.WriteByte(e)
			case 'A', 'z', 'Z', 'B', 'G':
				if inClass > 0 {
					b.WriteByte(e) // no anchor in a class: the letter
				} else {
					b.WriteByte('\\')
					b.WriteByte(e)
				}
			case 'b':
				if inClass > 0 {
					b.WriteString(`\x08`) // in a class, a backspace
				} else {
					b.WriteString(`\b`)
				}
			case '0', '1', '2', '3', '4', '5', '6', '7':
				// a back reference to a group the pattern has, else an
				// octal escape of up to three digits
				j := i
				for j < len(src) && src[j] >= '0' && src[j] <= '9' {
					j++
				}
				if n, err := strconv.Atoi(src[i:j]); e != '0' && err == nil && n <= groups {
					b.WriteString(`\` + src[i:j])
					i = j - 1
					continue
				}
				j = i
				for j < len(src) && j < i+3 && src[j] >= '0' && src[j] <= '7' {
					j++
				}
				n, _ := strconv.ParseUint(src[i:j], 8, 16)
				writeLiteralRune(&b, rune(n&0xff))
				i = j - 1
			case 'n', 't', 'r', 'f', 'v', 'e', 'a':
				b.WriteByte('\\')
				b.WriteByte(e)
			case 'K', 'R', 'X', 'g':
				return unsupported(`\` + string(e) + ` escapes`)
			default:
				switch {
				case e >= utf8.RuneSelf:
					r, n := utf8.DecodeRuneInString(src[i:])
					writeLiteralRune(&b, r)
					i += n - 1
				case e >= 'a' && e <= 'z' || e >= 'A' && e <= 'Z' || e == '_' || e == '\'' || e == '<':
					// (\' and \< are group references in regexp2)
					b.WriteByte(e) // an unknown letter's escape is the letter
				default:
					b.WriteByte('\\')
					b.WriteByte(e)
				}
			}
		case '[':
			if inClass > 0 && i >= 2 && src[i-1] == '-' && src[i-2] != '\\' && src[i-2] != '[' {
				// Onigmo drops a range that ends in a class ([a-[b]])
				return unsupported("ranges that end in a class")
			}
			if inClass > 0 && strings.HasPrefix(src[i:], "[:") {
				// a POSIX bracket when the first ']' after "[:" ends a
				// ":]" (Onigmo's fetch_token_in_cc), else a nested class
				// ([[:]] is the class of ':')
				if end := strings.IndexByte(src[i+2:], ']'); end > 0 && src[i+1+end] == ':' {
					name := src[i+2 : i+1+end]
					rep, ok := posixClasses[strings.TrimPrefix(name, "^")]
					if !ok {
						// no such class: '[' is a character ([[:::]])
						b.WriteString(`\[`)
						continue
					}
					if name[0] == '^' {
						return unsupported("negated POSIX brackets")
					}
					b.WriteString(rep)
					i += end + 2
					i += literalDash(&b, src, i)
					continue
				}
			}
			if inClass > 0 {
				// a class in a class is the union of the two; Go's and
				// .NET's classes do not nest: its members stand in the
				// outer class, a '-' at either of its ends a literal
				if i+1 < len(src) && src[i+1] == '^' {
					return unsupported("negated character classes inside character classes")
				}
				inClass++
				if i+1 < len(src) && src[i+1] == ']' {
					b.WriteString(`\]`)
					i++
				}
				i += literalDash(&b, src, i)
				continue
			}
			inClass++
			b.WriteByte(c)
			// a ']' right after '[' or '[^' is a literal in Ruby too
			if i+1 < len(src) && src[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(src) && src[i+1] == ']' {
				b.WriteString(`\]`)
				i++
			}
		case '-':
			if inClass > 1 && i+1 < len(src) && src[i+1] == ']' {
				b.WriteString(`\-`) // a nested class's last: flattened, no range
			} else {
				b.WriteByte(c)
			}
		case '&':
			if inClass > 0 && i+1 < len(src) && src[i+1] == '&' {
				return unsupported("character class intersections (&&)")
			}
			b.WriteByte(c)
		case ']':
			if inClass > 1 {
				inClass-- // the nested class's end
				i += literalDash(&b, src, i)
				continue
			}
			if inClass > 0 {
				inClass--
			}
			b.WriteByte(c)
		case '(':
			if inClass > 0 {
				b.WriteByte(c)
				continue
			}
			if i+1 < len(src) && src[i+1] == '?' {
				rest := src[i+2:]
				switch {
				case strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, "<=") && !strings.HasPrefix(rest, "<!"),
					strings.HasPrefix(rest, "'"):
					if end := strings.IndexAny(rest[1:], ">'"); end >= 0 {
						name := rest[1 : 1+end]
						if !isGroupName(name) {
							return unsupported("group names that are no words")
						}
						names = append(names, name)
					}
					b.WriteString("(?")
					i++
					continue
				case strings.HasPrefix(rest, "~"):
					return unsupported("absent operators (?~...)")
				case strings.HasPrefix(rest, "#"):
					end := 1 // the comment's ')', past escaped ones
					for end < len(rest) && rest[end] != ')' {
						if rest[end] == '\\' {
							end++
						}
						end++
					}
					if end >= len(rest) {
						return "", nil, newError("", "end pattern in group: /"+src+"/")
					}
					i += 2 + end
					continue
				}
				// option groups: (?imx-imx) and (?imx-imx:...), and the
				// character set options a and d, which are the ASCII \w
				// \d \s this translation writes (u is not)
				j := i + 2
				for j < len(src) && strings.IndexByte("imxadu-", src[j]) >= 0 {
					j++
				}
				if j > i+2 && j < len(src) && (src[j] == ')' || src[j] == ':') {
					var flags strings.Builder
					for _, f := range src[i+2 : j] {
						switch f {
						case 'm':
							flags.WriteByte('s')
						case 'a', 'd':
						case 'u':
							return unsupported("u options (Unicode \\w, \\d and \\s)")
						default:
							flags.WriteRune(f)
						}
					}
					switch f := strings.TrimSuffix(flags.String(), "-"); {
					case f != "":
						b.WriteString("(?" + f)
					case src[j] == ':':
						b.WriteString("(?")
					default:
						i = j // (?a): nothing to say
						continue
					}
					i = j - 1
					continue
				}
				b.WriteByte('(')
				continue
			}
			if named > 0 {
				b.WriteString("(?:")
			} else {
				names = append(names, "")
				b.WriteByte('(')
			}
		case '^':
			if inClass == 0 {
				// Ruby's ^ is the start of a line: never after a final "\n"
				b.WriteString(OnigmoCaret)
			} else {
				b.WriteByte(c)
			}
		case '{':
			if inClass == 0 && i+1 < len(src) && src[i+1] == ',' {
				j := i + 2
				for j < len(src) && src[j] >= '0' && src[j] <= '9' {
					j++
				}
				if j > i+2 && j < len(src) && src[j] == '}' {
					b.WriteString("{0,")
					b.WriteString(src[i+2 : j])
					b.WriteByte('}')
					i = j
					continue
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), names, nil
}

// stackedQuantifiers reports whether a quantifier (*, +, ?, {n,m})
// follows another outside a class, but for the ? that makes one lazy:
// Onigmo reads *+ as possessive and ** as a quantifier of a quantifier,
// regexp2 rejects both.
func stackedQuantifiers(src string) bool {
	after, lazy := false, false // after a quantifier; after a lazy one
	inClass := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		quant := 0 // the quantifier's length at i
		switch {
		case c == '\\':
			i++
		case inClass > 0:
			if c == '[' {
				inClass++
			} else if c == ']' {
				inClass--
			}
		case c == '[':
			inClass = 1
			if i+1 < len(src) && src[i+1] == '^' {
				i++
			}
			if i+1 < len(src) && src[i+1] == ']' {
				i++
			}
		case c == '*' || c == '+' || c == '?':
			quant = 1
		case c == '{':
			j := i + 1
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == ',') {
				j++
			}
			if j > i+1 && j < len(src) && src[j] == '}' {
				quant = j - i + 1
			}
		}
		if quant == 0 {
			after, lazy = false, false
			continue
		}
		if after && c == '?' && !lazy {
			lazy = true
			continue
		}
		if after && !(i > 0 && src[i-1] == '(') {
			return true
		}
		after, lazy = true, false
		i += quant - 1
	}
	return false
}

// captureGroups counts a pattern's named groups ((?<name>...) and
// (?'name'...)) and its plain ones, outside classes.
func captureGroups(src string) (named, plain int) {
	inClass := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '[':
			inClass++
		case c == ']' && inClass > 0:
			inClass--
		case c == '(' && inClass == 0:
			switch rest := src[i+1:]; {
			case strings.HasPrefix(rest, "?'"), strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!"):
				named++
			case !strings.HasPrefix(rest, "?"):
				plain++
			}
		}
	}
	return named, plain
}

// isGroupName reports whether a group's name is one regexp2 takes: a
// word that does not start with a digit.
func isGroupName(name string) bool {
	for i, r := range name {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return name != ""
}

// literalDash writes a '-' that follows src[i], at a nested class's start
// or end, as a literal (flattened, it would make a range), and returns
// how many bytes it took.
func literalDash(b *strings.Builder, src string, i int) int {
	if i+1 < len(src) && src[i+1] == '-' {
		b.WriteString(`\-`)
		return 1
	}
	return 0
}

// onigmoMessages maps regexp2's syntax errors to Onigmo's wording, which
// is what Puppet shows.
var onigmoMessages = []struct{ from, to string }{
	{"unterminated [] set", "premature end of char-class"},
	{"missing closing )", "end pattern with unmatched parenthesis"},
	{"unexpected )", "unmatched close parenthesis"},
	{"missing argument to repetition operator", "target of repeat operator is not specified"},
	{"invalid repeat count", "upper bound must be greater than lower bound"},
	{"illegal \\ at end of pattern", "too short escape sequence"},
}

func onigmoMessage(msg, source string) string {
	for _, m := range onigmoMessages {
		if strings.Contains(msg, m.from) {
			return m.to + ": /" + source + "/"
		}
	}
	return msg
}

func cls(inClass int, body string) string {
	if inClass > 0 {
		return body
	}
	return "[" + body + "]"
}

func ncls(inClass int, body, inside string) string {
	if inClass > 0 {
		return inside
	}
	return "[^" + body + "]"
}

func hexVal(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'f':
		return int(r-'a') + 10
	case r >= 'A' && r <= 'F':
		return int(r-'A') + 10
	}
	return 0
}

func writeLiteralRune(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf && strings.ContainsRune(`\.+*?()|[]{}^$#- `, r) {
		b.WriteByte('\\')
	}
	b.WriteRune(r)
}

// posixClasses maps Onigmo's bracket classes (Unicode-aware in Ruby) to
// .NET class bodies, each checked against Ruby 3.1 and 3.3: graph is
// everything but separators, controls, surrogates and unassigned code
// points, print that and the space separators, punct the punctuation and
// ASCII's symbols, alnum the letters, marks and the decimal and letter
// numbers, digit the decimal numbers (٣ too). None is written with \s or
// \w, which are Unicode's in regexp2 but ASCII's in Go's engine.
var posixClasses = map[string]string{
	"alnum":  `\p{L}\p{M}\p{Nd}\p{Nl}`,
	"alpha":  `\p{L}\p{M}`,
	"blank":  `\p{Zs}\t`,
	"cntrl":  `\p{Cc}`,
	"digit":  `\p{Nd}`,
	"graph":  `\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}\p{Co}`,
	"lower":  `\p{Ll}`,
	"print":  `\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}\p{Co}\p{Zs}`,
	"punct":  `\p{P}$+<=>^` + "`" + `|~`,
	"space":  `\t\n\v\f\r\x85\p{Z}`,
	"upper":  `\p{Lu}`,
	"xdigit": `0-9A-Fa-f`,
	"word":   `\p{L}\p{M}\p{N}\p{Pc}`,
	"ascii":  `\x00-\x7F`,
}
