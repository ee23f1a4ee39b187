package erb

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dlclark/regexp2"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// Regexp is a Ruby Regexp: its Ruby source and options (i, m, x), matched
// with a translation for github.com/dlclark/regexp2, a backtracking engine
// with the features Ruby patterns use (lookaround, backreferences, named
// groups).
type Regexp struct {
	Source string
	Flags  string   // a subset of "mix", in that order
	names  []string // group names by number (Ruby numbering), "" for unnamed
	ngroup int
	// fast is the pattern compiled by Go's linear-time engine, when it
	// accepts the translation with the same meaning on an ASCII subject
	// (see goRegexp); searches of ASCII strings from their start use it
	// (fast.Plain is nil otherwise).
	fast values.GoLines
	// caret: the pattern has a ^, which the form with line anchors also
	// matches at the end of a string that ends with a newline, Onigmo's
	// not (see findASCII)
	caret bool
	// lit is the text of a pattern that is plain text, perhaps after a
	// ^ (litCaret), which findASCII finds with a string search instead
	// of Go's engine (literalPattern), which it then does not compile;
	// "" for another pattern
	lit               string
	litCaret, litFold bool

	// the translation compiled by regexp2 (see backtracking)
	tr      string
	opts    regexp2.RegexOptions
	slow    sync.Once
	re      *regexp2.Regexp
	slowErr error
}

// backtracking is the pattern compiled by regexp2: on first use when Go's
// engine has it (the searches of ASCII subjects from their start, most of
// them, never need regexp2's), else as the pattern is compiled.
func (re *Regexp) backtracking() (*regexp2.Regexp, error) {
	re.slow.Do(func() {
		re.re, re.slowErr = regexp2.Compile(re.tr, re.opts)
		if re.slowErr != nil {
			re.slowErr = &regexpError{msg: re.slowErr.Error() + ": /" + re.Source + "/"}
		}
	})
	return re.re, re.slowErr
}

// reCache shares compiled regexps by source: a map for each set of
// flags, indexed by flagBits (a readmap hit is a plain map lookup, where
// a sync.Map keyed by source and flags hashed an interface's struct).
var reCache [8]readmap.Map[*Regexp]

func init() {
	for i := range reCache {
		reCache[i].Limit = 1 << 16
	}
}

// NewRegexp compiles a Ruby pattern; flags is a set of i, m, x.
func NewRegexp(src, flags string) (*Regexp, error) {
	bits := flagBits(flags)
	if re, ok := readmap.Load(&reCache[bits], src); ok {
		return re, nil
	}
	re, err := compileRegexp(src, flagNames[bits])
	if err != nil {
		return nil, err
	}
	return readmap.Store(&reCache[bits], src, re), nil
}

// Re is a regexp literal (or an interpolated one, compiled when run).
func Re(src, flags string) *Regexp {
	re, err := NewRegexp(src, flags)
	if err != nil {
		raise(ClassRegexpError, "%s", err.Error())
	}
	return re
}

// flagBits numbers a set of the flags m, i and x (m 1, i 2, x 4), which
// flagNames spells in the order "mix".
func flagBits(f string) int {
	bits := 0
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case 'm':
			bits |= 1
		case 'i':
			bits |= 2
		case 'x':
			bits |= 4
		}
	}
	return bits
}

var flagNames = [8]string{"", "m", "i", "mi", "x", "mx", "ix", "mix"}

type regexpError struct{ msg string }

func (e *regexpError) Error() string { return e.msg }

func compileRegexp(src, flags string) (*Regexp, error) {
	tr, names, err := values.TranslateRuby(src)
	if err != nil {
		return nil, &regexpError{msg: err.Error()}
	}
	opts := regexp2.RegexOptions(regexp2.Multiline)
	if strings.Contains(flags, "i") {
		opts |= regexp2.IgnoreCase
	}
	if strings.Contains(flags, "m") {
		opts |= regexp2.Singleline
	}
	if strings.Contains(flags, "x") {
		opts |= regexp2.IgnorePatternWhitespace
	}
	out := &Regexp{Source: src, Flags: flags, names: names, ngroup: len(names) - 1, tr: tr, opts: opts}
	// plain text needs neither engine on ASCII subjects (findLiteral)
	if out.lit, out.litCaret, out.litFold = literalPattern(src, flags); out.lit != "" {
		return out, nil
	}
	if out.fast.Plain, out.caret = goRegexp(tr, flags, names); out.fast.Plain == nil {
		if _, err := out.backtracking(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// literalPattern is the text of a pattern that matches it only, whether
// a ^ (Ruby's: at the start of a line) precedes it, and whether it
// ignores case (the i flag: on an ASCII subject, ASCII letters' case):
// printable ASCII with none of the characters that mean more than
// themselves, and no flag but m (which changes what . matches only) and
// i. It is "" for another pattern, and for the empty text. Templates and
// functions test option names so (mysql's my.cnf.erb: ki =~ /^ssl/ for
// each option), where Go's engine took ~10 times a string search's time.
func literalPattern(src, flags string) (lit string, caret, fold bool) {
	if strings.Trim(flags, "mi") != "" {
		return "", false, false
	}
	if strings.HasPrefix(src, "^") {
		src, caret = src[1:], true
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c < ' ' || c > '~' || strings.IndexByte(`\.^$|()[]{}*+?`, c) >= 0 {
			return "", false, false
		}
	}
	return src, caret, strings.Contains(flags, "i")
}

// findLiteral is findASCII of a plain-text pattern (lit): its first
// occurrence in s, at the start of a line when it follows a ^ (never
// after the final newline, as Onigmo's ^: the text is not empty).
func (re *Regexp) findLiteral(s string) *MatchData {
	i := -1
	switch {
	case !re.litCaret:
		i = re.indexLiteral(s)
	case re.literalAt(s, 0):
		i = 0
	default:
		for from := 0; ; {
			j := re.indexLiteral(s[from:])
			if j < 0 {
				break
			}
			if k := from + j; s[k-1] == '\n' {
				i = k
				break
			}
			from += j + 1
		}
	}
	if i < 0 {
		return nil
	}
	md, ss := newMatchData(re, s, nil, 1)
	md.starts[0], md.ends[0] = i, i+len(re.lit)
	md.Groups[0] = ss.str(s[i : i+len(re.lit)])
	return md
}

// indexLiteral is the offset of the pattern's text (lit) in the ASCII
// string s, -1 when s lacks it.
func (re *Regexp) indexLiteral(s string) int {
	if !re.litFold {
		return strings.Index(s, re.lit)
	}
	for i := 0; i+len(re.lit) <= len(s); i++ {
		if re.literalAt(s, i) {
			return i
		}
	}
	return -1
}

// literalAt reports whether the pattern's text is at offset i of the
// ASCII string s (its letters in either case with the i flag).
func (re *Regexp) literalAt(s string, i int) bool {
	t := s[i:min(i+len(re.lit), len(s))]
	if re.litFold {
		return strings.EqualFold(t, re.lit)
	}
	return t == re.lit
}

// goRegexp is the translation of a pattern compiled by Go's engine, or nil
// when Go's meaning of it may differ from regexp2's on an ASCII subject:
// Go rejects what only a backtracking engine has (lookaround,
// backreferences, atomic groups, possessive repeats, \Z, \G); the x
// option, named groups (numbered differently, names may repeat) and .NET's
// class subtraction ([a-z-[aeiou]]) and the repetitions whose groups
// Go's engine sets otherwise (values.EmptyRepeatCapture) are left to
// regexp2. Ruby's ^, which
// the translation spells with lookarounds (onigmoCaret), is Go's (?m)^
// (lines') but at the end of a string that ends with a newline: caret reports
// that findASCII must check for that. On ASCII subjects
// the Unicode-aware classes of regexp2 (\b, \W inside a class, (?i)) and
// Go's ASCII ones agree, and both engines prefer the same (leftmost-first)
// match and submatches.
func goRegexp(tr, flags string, names []string) (fast *regexp.Regexp, caret bool) {
	if strings.Contains(flags, "x") || strings.Contains(tr, "-[") {
		return nil, false
	}
	for _, n := range names {
		if n != "" {
			return nil, false
		}
	}
	if strings.Contains(tr, onigmoCaret) {
		tr, caret = strings.ReplaceAll(tr, onigmoCaret, "^"), true
	}
	opts := ""
	if strings.Contains(flags, "i") {
		opts += "i"
	}
	if strings.Contains(flags, "m") {
		opts += "s"
	}
	if opts != "" {
		tr = "(?" + opts + ")" + tr
	}
	fast, err := regexp.Compile(tr)
	// a pattern without groups has no group an empty repetition sets:
	// only one with groups is parsed again to look (a third of compiling)
	if err != nil || fast.NumSubexp() != len(names)-1 || fast.NumSubexp() > 0 && values.EmptyRepeatCapture(fast.String()) {
		return nil, false
	}
	return fast, caret
}

// onigmoCaret is Ruby's ^ in regexp2's syntax (values.OnigmoCaret).
const onigmoCaret = values.OnigmoCaret

// Inspect is Regexp#inspect: /source/flags.
func (re *Regexp) Inspect() string {
	var b strings.Builder
	b.WriteByte('/')
	s := re.Source
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			i++
			b.WriteByte(s[i])
		case c == '/':
			b.WriteString(`\/`)
		case c == '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('/')
	b.WriteString(re.Flags)
	return b.String()
}

// ToS is Regexp#to_s: (?flags-flags:source).
func (re *Regexp) ToS() string {
	on, off := "", ""
	for _, c := range "mix" {
		if strings.ContainsRune(re.Flags, c) {
			on += string(c)
		} else {
			off += string(c)
		}
	}
	var b strings.Builder
	b.WriteString("(?")
	b.WriteString(on)
	if off != "" {
		b.WriteByte('-')
		b.WriteString(off)
	}
	b.WriteByte(':')
	for i := 0; i < len(re.Source); i++ {
		c := re.Source[i]
		if c == '\\' && i+1 < len(re.Source) {
			b.WriteByte(c)
			i++
			b.WriteByte(re.Source[i])
			continue
		}
		if c == '/' {
			b.WriteString(`\/`)
			continue
		}
		b.WriteByte(c)
	}
	b.WriteByte(')')
	return b.String()
}

// MatchData is the result of a successful match.
type MatchData struct {
	re     *Regexp
	str    string  // the subject
	runes  []rune  // the subject in characters (nil: ASCII, see findASCII)
	starts []int   // character start of each group, -1 when not matched
	ends   []int   // character end of each group
	Groups []Value // *Str or nil per group
}

// findAt matches re against s starting at character pos; nil if none.
// runes are s's characters, or nil when s is ASCII and pos 0 (see
// matchFrom).
func (re *Regexp) findAt(s string, runes []rune, pos int) *MatchData {
	if runes == nil {
		return re.findASCII(s)
	}
	if pos > len(runes) {
		return nil
	}
	slow, err := re.backtracking()
	if err != nil {
		raise(ClassRegexpError, "%s", err.Error())
	}
	m, err := slow.FindRunesMatchStartingAt(runes, pos)
	if err != nil {
		raise(ClassRegexpError, "%s", err.Error())
	}
	if m == nil {
		return nil
	}
	return re.matchData(s, runes, m)
}

// findASCII is findAt from the start of the ASCII string s, where
// characters are bytes: Go's engine, when it has the pattern, finds the
// match without regexp2's allocations.
func (re *Regexp) findASCII(s string) *MatchData {
	if re.lit != "" {
		return re.findLiteral(s)
	}
	if re.fast.Plain == nil {
		return re.findAt(s, []rune(s), 0)
	}
	idx := re.fast.SubmatchIndex(s)
	if idx == nil {
		return nil
	}
	if re.caret && idx[1] == len(s) && strings.HasSuffix(s, "\n") {
		// the match may rely on a ^ after the final newline, where Ruby's
		// does not match: a match that does not reach the end relies on
		// none, and neither does any Go preferred over it, as Go's ^
		// matches wherever Ruby's does
		return re.findAt(s, []rune(s), 0)
	}
	n := len(re.names)
	md, ss := newMatchData(re, s, nil, n)
	for i := range n {
		md.starts[i], md.ends[i] = idx[2*i], idx[2*i+1]
		if idx[2*i] >= 0 {
			md.Groups[i] = ss.str(s[idx[2*i]:idx[2*i+1]])
		}
	}
	return md
}

// smallMatch is a MatchData of a pattern with at most one group, its
// lists and its groups' Strings, one allocation: most patterns have none
// or one.
type smallMatch struct {
	md     MatchData
	pos    [2 * 2]int
	groups [2]Value
	strs   [2]Str
}

// newMatchData is the MatchData of a match of re, of n groups (the whole
// match included), in s (runes its characters, nil when s is ASCII);
// its groups are to be filled in, their Strings from ss.
func newMatchData(re *Regexp, s string, runes []rune, n int) (md *MatchData, ss strBlock) {
	var pos []int
	if n <= 2 {
		b := &smallMatch{}
		md, pos, ss = &b.md, b.pos[:2*n], b.strs[:0:n]
		md.Groups = b.groups[:n:n]
	} else {
		md = &MatchData{Groups: make([]Value, n)}
		pos = make([]int, 2*n)
	}
	md.re, md.str, md.runes = re, s, runes
	md.starts, md.ends = pos[:n:n], pos[n:2*n:2*n]
	return md, ss
}

// matchFrom is the runes argument of findAt for a search of s from pos:
// nil when Go's engine may search (from the start of an ASCII string).
func (re *Regexp) matchFrom(s string, pos int) []rune {
	if pos == 0 && (re.fast.Plain != nil || re.lit != "") && values.IsASCII(s) {
		return nil
	}
	return []rune(s)
}

func (re *Regexp) matchData(s string, runes []rune, m *regexp2.Match) *MatchData {
	n := len(re.names)
	md, ss := newMatchData(re, s, runes, n)
	for i := 0; i < n; i++ {
		var g *regexp2.Group
		if i == 0 {
			g = &m.Group
		} else if re.names[i] != "" {
			g = m.GroupByName(re.names[i])
		} else {
			g = m.GroupByNumber(i)
		}
		if g == nil || len(g.Captures) == 0 {
			md.starts[i], md.ends[i] = -1, -1
			continue
		}
		md.starts[i] = g.Index
		md.ends[i] = g.Index + g.Length
		md.Groups[i] = ss.str(string(runes[g.Index : g.Index+g.Length]))
	}
	return md
}

// regexpMatch matches and sets $~; returns the MatchData or nil.
func (r *R) regexpMatch(re *Regexp, s string, pos int, set bool) Value {
	runes := re.matchFrom(s, pos)
	if pos < 0 {
		pos += utf8.RuneCountInString(s)
		if pos < 0 {
			if set {
				r.match = nil
			}
			return nil
		}
	}
	md := re.findAt(s, runes, pos)
	if set {
		if md == nil {
			r.match = nil
		} else {
			r.match = md
		}
	}
	if md == nil {
		return nil
	}
	return md
}

// Begin is the character offset where group i starts.
func (m *MatchData) Begin(i int) int { return m.starts[i] }

// PreMatch and PostMatch are the text before and after the match.
// (runes is nil when the subject is ASCII: characters are bytes).
func (m *MatchData) PreMatch() string {
	if m.runes == nil {
		return m.str[:m.starts[0]]
	}
	return string(m.runes[:m.starts[0]])
}

func (m *MatchData) PostMatch() string {
	if m.runes == nil {
		return m.str[m.ends[0]:]
	}
	return string(m.runes[m.ends[0]:])
}

func (m *MatchData) inspect() string {
	var b strings.Builder
	b.WriteString("#<MatchData ")
	b.WriteString(Inspect(m.Groups[0]))
	for i := 1; i < len(m.Groups); i++ {
		b.WriteByte(' ')
		if m.re.names[i] != "" {
			b.WriteString(m.re.names[i])
		} else {
			b.WriteString(itoa(i))
		}
		b.WriteByte(':')
		b.WriteString(Inspect(m.Groups[i]))
	}
	b.WriteByte('>')
	return b.String()
}

// OpMatch is a =~ b: the character index of the match or nil; sets $~.
func (r *R) OpMatch(a, b Value) Value {
	switch x := a.(type) {
	case *Regexp:
		switch y := b.(type) {
		case nil:
			r.match = nil
			return nil
		case *Str:
			md := r.regexpMatch(x, y.S, 0, true)
			if md == nil {
				return nil
			}
			return int64(md.(*MatchData).starts[0])
		case Symbol:
			md := r.regexpMatch(x, string(y), 0, true)
			if md == nil {
				return nil
			}
			return int64(md.(*MatchData).starts[0])
		}
		implicitConversion(b, "String")
	case *Str:
		switch y := b.(type) {
		case *Regexp:
			return r.OpMatch(y, a)
		case *Str:
			typeError("wrong argument type String (expected Regexp)")
		}
		return nil
	case Symbol:
		if y, ok := b.(*Regexp); ok {
			return r.OpMatch(y, S(string(x)))
		}
		return nil
	case nil:
		return nil
	}
	// Ruby 3.2 removed Object#=~, which gave nil: under Puppet 8's Ruby
	// 3.3 only String, Regexp, Symbol and nil have it (apache 3.5's
	// bool2httpd matched true against a regexp)
	if !r.ruby31() {
		noMethod("=~", a)
	}
	return nil
}

// OpNotMatch is a !~ b.
func (r *R) OpNotMatch(a, b Value) Value { return !Truthy(r.OpMatch(a, b)) }

// MatchVar is $~.
func (r *R) MatchVar() Value { return r.match }

// NthRef is $n.
func (r *R) NthRef(n int) Value {
	md, ok := r.match.(*MatchData)
	if !ok || n >= len(md.Groups) {
		return nil
	}
	return md.Groups[n]
}

// regexpEscape is Regexp.escape.
func regexpEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '.', '*', '?', '+', '^', '$', '|', '(', ')', '[', ']', '{', '}', '\\', '-', '#':
			b.WriteByte('\\')
			b.WriteByte(c)
		case ' ':
			b.WriteString(`\ `)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
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

func itoa(i int) string { return strconv.Itoa(i) }

func init() {
	plain([]plainMethod{
		{"last_match", (*R).LastMatch},
	})
}

// LastMatch is Regexp.last_match([n]).
func (r *R) LastMatch(recv Value, args ...Value) Value {
	classRecv("last_match", recv, ClassRegexp)
	arity(args, 0, 1)
	if len(args) == 0 {
		return r.match
	}
	md, ok := r.match.(*MatchData)
	if !ok {
		return nil
	}
	return md.Groups[r.mdGroup(md, args[0])]
}
