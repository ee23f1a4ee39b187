package erb

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/values"
)

// String (and Symbol) methods.

func init() {
	plain([]plainMethod{
		{"upcase", (*R).Upcase},
		{"downcase", (*R).Downcase},
		{"capitalize", (*R).Capitalize},
		{"swapcase", (*R).Swapcase},
		{"upcase!", (*R).UpcaseBang},
		{"downcase!", (*R).DowncaseBang},
		{"capitalize!", (*R).CapitalizeBang},
		{"strip", (*R).Strip},
		{"lstrip", (*R).Lstrip},
		{"rstrip", (*R).Rstrip},
		{"strip!", (*R).StripBang},
		{"lstrip!", (*R).LstripBang},
		{"rstrip!", (*R).RstripBang},
		{"chomp", (*R).Chomp},
		{"chomp!", (*R).ChompBang},
		{"chop", (*R).Chop},
		{"chars", (*R).Chars},
		{"bytes", (*R).Bytes},
		{"bytesize", (*R).Bytesize},
		{"start_with?", (*R).StartWithQ},
		{"end_with?", (*R).EndWithQ},
		{"ljust", (*R).Ljust},
		{"rjust", (*R).Rjust},
		{"center", (*R).Center},
		{"tr", (*R).Tr},
		{"delete", (*R).Delete},
		{"squeeze", (*R).Squeeze},
		{"casecmp", (*R).Casecmp},
		{"casecmp?", (*R).CasecmpQ},
		{"hex", (*R).Hex},
		{"oct", (*R).Oct},
		{"ord", (*R).Ord},
		{"succ", (*R).Succ},
		{"succ!", (*R).SuccBang},
		{"next!", (*R).NextBang},
		{"tr!", (*R).TrBang},
		{"delete!", (*R).DeleteBang},
		{"swapcase!", (*R).SwapcaseBang},
		{"chop!", (*R).ChopBang},
		{"next", (*R).Next},
		{"concat", (*R).Concat},
		{"prepend", (*R).Prepend},
		{"insert", (*R).Insert},
		{"replace", (*R).Replace},
		{"match?", (*R).MatchQ},
		{"to_proc", (*R).ToProc},
		{"squeeze!", (*R).SqueezeBang},
		{"unicode_normalize", (*R).UnicodeNormalize},
	})
	withBlock([]blockMethod{
		{"gsub", (*R).Gsub},
		{"gsub!", (*R).GsubBang},
		{"sub", (*R).Sub},
		{"sub!", (*R).SubBang},
		{"scan", (*R).ScanRe},
		{"split", (*R).Split},
		{"lines", (*R).Lines},
		{"each_line", (*R).EachLine},
		{"each_char", (*R).EachChar},
		{"each_byte", (*R).EachByte},
		{"match", (*R).Match},
	})
}

// strRecv returns the receiver's text for methods that String and Symbol
// share, or raises NoMethodError.
func strRecv(name string, recv Value) string {
	switch x := recv.(type) {
	case *Str:
		return x.S
	case Symbol:
		return string(x)
	}
	noMethod(name, recv)
	return ""
}

func mustStr(name string, recv Value) *Str {
	s, ok := recv.(*Str)
	if !ok {
		noMethod(name, recv)
	}
	return s
}

// strArg converts an argument that must be a String (implicitly).
func strArg(v Value) string {
	switch x := v.(type) {
	case *Str:
		return x.S
	}
	implicitConversion(v, "String")
	return ""
}

func intArg(v Value) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case float64:
		return floatToInt(x).(int64)
	}
	implicitConversion(v, "Integer")
	return 0
}

// sameKind returns s as the receiver's kind (a Symbol stays a Symbol), a
// String from the rendering's room (newStr) in the receiver's encoding (a
// binary string's methods make binary strings).
func (r *R) sameKind(recv Value, s string) Value {
	switch x := recv.(type) {
	case Symbol:
		return Symbol(s)
	case *Str:
		if x.Bin {
			return &Str{S: s, Bin: true}
		}
	}
	return r.newStr(s)
}

func upper(s string) string {
	if values.IsASCII(s) {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == 'ß' {
			b.WriteString("SS")
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

func lower(s string) string { return strings.ToLower(s) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToTitle(r)) + lower(s[n:])
}

func swapcase(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsLower(r):
			b.WriteRune(unicode.ToUpper(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Upcase is upcase.
func (r *R) Upcase(recv Value, args ...Value) Value {
	return r.sameKind(recv, upper(strRecv("upcase", recv)))
}

// Downcase is downcase.
func (r *R) Downcase(recv Value, args ...Value) Value {
	return r.sameKind(recv, lower(strRecv("downcase", recv)))
}

// Capitalize is capitalize.
func (r *R) Capitalize(recv Value, args ...Value) Value {
	return r.sameKind(recv, capitalize(strRecv("capitalize", recv)))
}

// Swapcase is swapcase.
func (r *R) Swapcase(recv Value, args ...Value) Value {
	return r.sameKind(recv, swapcase(strRecv("swapcase", recv)))
}

// bang applies f to a String in place; nil when nothing changed.
func bang(name string, recv Value, f func(string) string) Value {
	s := mustStr(name, recv)
	n := f(s.S)
	if n == s.S {
		return nil
	}
	checkFrozen(s)
	s.S = n
	return s
}

// bangOf is the bang form of a String method m, in place: nil when
// nothing changed.
func (r *R) bangOf(name string, recv Value, args []Value, m func(*R, Value, ...Value) Value) Value {
	mustStr(name, recv)
	return bang(name, recv, func(string) string { return ToS(m(r, recv, args...)) })
}

// TrBang is tr!.
func (r *R) TrBang(recv Value, args ...Value) Value { return r.bangOf("tr!", recv, args, (*R).Tr) }

// DeleteBang is String#delete!.
func (r *R) DeleteBang(recv Value, args ...Value) Value {
	return r.bangOf("delete!", recv, args, (*R).Delete)
}

// SwapcaseBang is swapcase!.
func (r *R) SwapcaseBang(recv Value, args ...Value) Value {
	return r.bangOf("swapcase!", recv, args, (*R).Swapcase)
}

// ChopBang is chop!.
func (r *R) ChopBang(recv Value, args ...Value) Value {
	return r.bangOf("chop!", recv, args, (*R).Chop)
}

// SuccBang is succ!: the string itself, changed.
func (r *R) SuccBang(recv Value, args ...Value) Value { return r.succBang("succ!", recv, args) }

// NextBang is next!, succ!.
func (r *R) NextBang(recv Value, args ...Value) Value { return r.succBang("next!", recv, args) }

func (r *R) succBang(name string, recv Value, args []Value) Value {
	s := mustStr(name, recv)
	arity(args, 0, 0)
	checkFrozen(s)
	s.S = ToS(r.Succ(s))
	return s
}

// UpcaseBang is upcase!.
func (r *R) UpcaseBang(recv Value, args ...Value) Value { return bang("upcase!", recv, upper) }

// DowncaseBang is downcase!.
func (r *R) DowncaseBang(recv Value, args ...Value) Value { return bang("downcase!", recv, lower) }

// CapitalizeBang is capitalize!.
func (r *R) CapitalizeBang(recv Value, args ...Value) Value {
	return bang("capitalize!", recv, capitalize)
}

func isStripSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

func lstrip(s string) string {
	i := 0
	for i < len(s) && (isStripSpace(s[i]) || s[i] == 0) {
		i++
	}
	return s[i:]
}

func rstrip(s string) string {
	j := len(s)
	for j > 0 && (isStripSpace(s[j-1]) || s[j-1] == 0) {
		j--
	}
	return s[:j]
}

func strip(s string) string { return rstrip(lstrip(s)) }

// Strip is strip.
func (r *R) Strip(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return r.sameKind(recv, strip(mustStr("strip", recv).S))
}

// Lstrip is lstrip.
func (r *R) Lstrip(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return r.sameKind(recv, lstrip(mustStr("lstrip", recv).S))
}

// Rstrip is rstrip.
func (r *R) Rstrip(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return r.sameKind(recv, rstrip(mustStr("rstrip", recv).S))
}

// StripBang is strip!.
func (r *R) StripBang(recv Value, args ...Value) Value { return bang("strip!", recv, strip) }

// LstripBang is lstrip!.
func (r *R) LstripBang(recv Value, args ...Value) Value { return bang("lstrip!", recv, lstrip) }

// RstripBang is rstrip!.
func (r *R) RstripBang(recv Value, args ...Value) Value { return bang("rstrip!", recv, rstrip) }

func chomp(s string, args []Value) string {
	if len(args) == 0 {
		switch {
		case strings.HasSuffix(s, "\r\n"):
			return s[:len(s)-2]
		case strings.HasSuffix(s, "\n"), strings.HasSuffix(s, "\r"):
			return s[:len(s)-1]
		}
		return s
	}
	if args[0] == nil {
		return s
	}
	suf := strArg(args[0])
	if suf == "" {
		for strings.HasSuffix(s, "\n") {
			s = strings.TrimSuffix(s, "\n")
			s = strings.TrimSuffix(s, "\r")
		}
		return s
	}
	return strings.TrimSuffix(s, suf)
}

// Chomp is chomp.
func (r *R) Chomp(recv Value, args ...Value) Value {
	arity(args, 0, 1)
	return r.sameKind(recv, chomp(mustStr("chomp", recv).S, args))
}

// ChompBang is chomp!.
func (r *R) ChompBang(recv Value, args ...Value) Value {
	arity(args, 0, 1)
	return bang("chomp!", recv, func(s string) string { return chomp(s, args) })
}

// Chop is chop.
func (r *R) Chop(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	str := mustStr("chop", recv)
	s := str.S
	if strings.HasSuffix(s, "\r\n") {
		return r.sameKind(str, s[:len(s)-2])
	}
	if s == "" {
		return r.sameKind(str, "")
	}
	_, n := utf8.DecodeLastRuneInString(s)
	if str.Bin {
		n = 1 // a binary string's characters are bytes
	}
	return r.sameKind(str, s[:len(s)-n])
}

// Chars is chars.
func (r *R) Chars(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	s := mustStr("chars", recv).S
	n := utf8.RuneCountInString(s)
	out := arrayRoom(n)
	ss := strsFor(n) // the characters' Strings, one allocation
	for i, c := range s {
		if c == utf8.RuneError { // as string(c) makes it of an invalid byte
			out.A = append(out.A, ss.str(string(c)))
			continue
		}
		out.A = append(out.A, ss.str(s[i:i+utf8.RuneLen(c)]))
	}
	return out
}

// Bytes is bytes.
func (r *R) Bytes(recv Value, args ...Value) Value {
	s := mustStr("bytes", recv).S
	out := make([]Value, len(s))
	for i := 0; i < len(s); i++ {
		out[i] = int64(s[i])
	}
	return &Array{A: out}
}

// Bytesize is bytesize.
func (r *R) Bytesize(recv Value, args ...Value) Value {
	return int64(len(mustStr("bytesize", recv).S))
}

// StartWithQ is start_with?(prefixes...).
func (r *R) StartWithQ(recv Value, args ...Value) Value {
	s := strRecv("start_with?", recv)
	for _, a := range args {
		if re, ok := a.(*Regexp); ok {
			md := re.findAt(s, re.matchFrom(s, 0), 0)
			if md != nil && md.starts[0] == 0 {
				r.match = md
				return true
			}
			continue
		}
		if strings.HasPrefix(s, strArg(a)) {
			return true
		}
	}
	return false
}

// EndWithQ is end_with?(suffixes...).
func (r *R) EndWithQ(recv Value, args ...Value) Value {
	s := strRecv("end_with?", recv)
	for _, a := range args {
		if strings.HasSuffix(s, strArg(a)) {
			return true
		}
	}
	return false
}

func padding(s string, args []Value, name string) (width int, pad []rune) {
	arity(args, 1, 2)
	width = int(intArg(args[0]))
	pad = []rune(" ")
	if len(args) == 2 {
		pad = []rune(strArg(args[1]))
		if len(pad) == 0 {
			argError("zero width padding")
		}
	}
	return width, pad
}

func padRunes(pad []rune, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteRune(pad[i%len(pad)])
	}
	return b.String()
}

// Ljust is ljust.
func (r *R) Ljust(recv Value, args ...Value) Value {
	s := mustStr("ljust", recv).S
	w, pad := padding(s, args, "ljust")
	n := w - utf8.RuneCountInString(s)
	if n <= 0 {
		return r.sameKind(recv, s)
	}
	return r.sameKind(recv, s+padRunes(pad, n))
}

// Rjust is rjust.
func (r *R) Rjust(recv Value, args ...Value) Value {
	s := mustStr("rjust", recv).S
	w, pad := padding(s, args, "rjust")
	n := w - utf8.RuneCountInString(s)
	if n <= 0 {
		return r.sameKind(recv, s)
	}
	return r.sameKind(recv, padRunes(pad, n)+s)
}

// Center is center.
func (r *R) Center(recv Value, args ...Value) Value {
	s := mustStr("center", recv).S
	w, pad := padding(s, args, "center")
	n := w - utf8.RuneCountInString(s)
	if n <= 0 {
		return r.sameKind(recv, s)
	}
	left := n / 2
	right := n - left
	return r.sameKind(recv, padRunes(pad, left)+s+padRunes(pad, right))
}

// charSet is a tr-style character set ("a-z", "^0-9").
type charSet struct {
	neg   bool
	runes []rune // expanded (ranges expanded)
}

func parseCharSet(spec string) charSet {
	rs := []rune(spec)
	var cs charSet
	if len(rs) > 1 && rs[0] == '^' {
		cs.neg = true
		rs = rs[1:]
	}
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if c == '\\' && i+1 < len(rs) {
			i++
			cs.runes = append(cs.runes, rs[i])
			continue
		}
		if i+2 < len(rs) && rs[i+1] == '-' {
			hi := rs[i+2]
			if hi < c {
				argError("invalid range \"%c-%c\" in string transliteration", c, hi)
			}
			for x := c; x <= hi; x++ {
				cs.runes = append(cs.runes, x)
			}
			i += 2
			continue
		}
		cs.runes = append(cs.runes, c)
	}
	return cs
}

func (cs charSet) has(c rune) bool {
	for _, x := range cs.runes {
		if x == c {
			return !cs.neg
		}
	}
	return cs.neg
}

// Tr is tr(from, to).
func (r *R) Tr(recv Value, args ...Value) Value {
	arity(args, 2, 2)
	s := mustStr("tr", recv).S
	from := parseCharSet(strArg(args[0]))
	to := parseCharSet(strArg(args[1]))
	var b strings.Builder
	for _, c := range s {
		if !from.has(c) {
			b.WriteRune(c)
			continue
		}
		if len(to.runes) == 0 {
			continue
		}
		if from.neg {
			b.WriteRune(to.runes[len(to.runes)-1])
			continue
		}
		idx := 0
		for i, x := range from.runes {
			if x == c {
				idx = i
			}
		}
		for i, x := range from.runes {
			if x == c {
				idx = i
				break
			}
		}
		if idx >= len(to.runes) {
			idx = len(to.runes) - 1
		}
		b.WriteRune(to.runes[idx])
	}
	return r.sameKind(recv, b.String())
}

// Delete is String#delete(sets...) or Array#delete / Hash#delete.
func (r *R) Delete(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Array:
		arity(args, 1, 1)
		var found Value
		ok := false
		out := x.A[:0]
		for _, e := range x.A {
			if Equal(e, args[0]) {
				found, ok = e, true
				continue
			}
			out = append(out, e)
		}
		x.A = out
		if !ok {
			return nil
		}
		return found
	case *Hash:
		arity(args, 1, 1)
		v, _ := x.Delete(args[0])
		return v
	case *Str:
		arity(args, 1, -1)
		sets := make([]charSet, len(args))
		for i, a := range args {
			sets[i] = parseCharSet(strArg(a))
		}
		var b strings.Builder
	outer:
		for _, c := range x.S {
			for _, cs := range sets {
				if !cs.has(c) {
					b.WriteRune(c)
					continue outer
				}
			}
		}
		return r.sameKind(x, b.String())
	}
	noMethod("delete", recv)
	return nil
}

func squeeze(s string, args []Value) string {
	var sets []charSet
	for _, a := range args {
		sets = append(sets, parseCharSet(strArg(a)))
	}
	var b strings.Builder
	prev := rune(-1)
	for _, c := range s {
		if c == prev {
			in := true
			for _, cs := range sets {
				if !cs.has(c) {
					in = false
				}
			}
			if in {
				continue
			}
		}
		b.WriteRune(c)
		prev = c
	}
	return b.String()
}

// Squeeze is squeeze.
func (r *R) Squeeze(recv Value, args ...Value) Value {
	return r.sameKind(recv, squeeze(mustStr("squeeze", recv).S, args))
}

// SqueezeBang is squeeze!.
func (r *R) SqueezeBang(recv Value, args ...Value) Value {
	return bang("squeeze!", recv, func(s string) string { return squeeze(s, args) })
}

// Casecmp is casecmp.
func (r *R) Casecmp(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	a := strRecv("casecmp", recv)
	bs, ok := args[0].(*Str)
	if !ok {
		if _, isSym := args[0].(Symbol); isSym && isSymbol(recv) {
			return int64(strings.Compare(asciiLower(a), asciiLower(string(args[0].(Symbol)))))
		}
		implicitConversion(args[0], "String")
	}
	return int64(strings.Compare(asciiLower(a), asciiLower(bs.S)))
}

func isSymbol(v Value) bool { _, ok := v.(Symbol); return ok }

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// CasecmpQ is casecmp?.
func (r *R) CasecmpQ(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	a := strRecv("casecmp?", recv)
	return strings.EqualFold(a, strArg(args[0]))
}

// Hex is hex.
func (r *R) Hex(recv Value, args ...Value) Value {
	return strToIValue(mustStr("hex", recv).S, 16)
}

// Oct is oct.
func (r *R) Oct(recv Value, args ...Value) Value {
	s := strings.TrimLeft(mustStr("oct", recv).S, " \t\n\v\f\r")
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = s[1:]
	}
	base := 8
	low := strings.ToLower(s)
	switch {
	case strings.HasPrefix(low, "0x"):
		base = 16
	case strings.HasPrefix(low, "0b"):
		base = 2
	case strings.HasPrefix(low, "0o"):
		base = 8
	case strings.HasPrefix(low, "0d"):
		base = 10
	}
	n := strToI(s, base)
	if neg {
		n = -n
	}
	return n
}

// Ord is ord.
func (r *R) Ord(recv Value, args ...Value) Value {
	s := mustStr("ord", recv).S
	if s == "" {
		argError("empty string")
	}
	c, _ := utf8.DecodeRuneInString(s)
	return int64(c)
}

func succString(s string) string {
	if s == "" {
		return ""
	}
	b := []byte(s)
	// only alphanumerics take part when there are any
	hasAlnum := false
	for _, c := range b {
		if isAlnum(c) {
			hasAlnum = true
			break
		}
	}
	i := len(b) - 1
	if !hasAlnum {
		for i >= 0 {
			if b[i] < 0xff {
				b[i]++
				return string(b)
			}
			b[i] = 0
			i--
		}
		return "\x01" + string(b)
	}
	for i >= 0 && !isAlnum(b[i]) {
		i--
	}
	for {
		c := b[i]
		switch {
		case c == 'z':
			b[i] = 'a'
		case c == 'Z':
			b[i] = 'A'
		case c == '9':
			b[i] = '0'
		default:
			b[i]++
			return string(b)
		}
		// carry to the next alphanumeric to the left
		j := i - 1
		for j >= 0 && !isAlnum(b[j]) {
			j--
		}
		if j < 0 {
			ins := byte('1')
			if c == 'z' {
				ins = 'a'
			} else if c == 'Z' {
				ins = 'A'
			}
			return string(b[:i]) + string(ins) + string(b[i:])
		}
		i = j
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// Succ is succ (Integer and String).
func (r *R) Succ(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case int64:
		return addInt(x, 1)
	case *Str:
		return S(succString(x.S))
	case *IPAddr:
		return x.succ()
	}
	noMethod("succ", recv)
	return nil
}

// Next is next.
func (r *R) Next(recv Value, args ...Value) Value {
	switch recv.(type) {
	case int64, *Str:
		return r.Succ(recv)
	}
	if v, ok := r.iterableNext(recv); ok {
		arity(args, 0, 0)
		return v
	}
	noMethod("next", recv)
	return nil
}

// Concat is concat (String and Array).
func (r *R) Concat(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Str:
		checkFrozen(x)
		var b strings.Builder
		b.WriteString(x.S)
		for _, a := range args {
			if n, ok := a.(int64); ok {
				b.WriteRune(rune(n))
				continue
			}
			b.WriteString(strArg(a))
		}
		x.S = b.String()
		return x
	case *Array:
		for _, a := range args {
			y, ok := a.(*Array)
			if !ok {
				implicitConversion(a, "Array")
			}
			x.A = append(x.A, y.A...)
		}
		return x
	}
	noMethod("concat", recv)
	return nil
}

// Prepend is prepend (String).
func (r *R) Prepend(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Str:
		checkFrozen(x)
		p := ""
		for _, a := range args {
			p += strArg(a)
		}
		x.S = p + x.S
		return x
	case *Array:
		return r.Unshift(recv, args...)
	}
	noMethod("prepend", recv)
	return nil
}

// Insert is insert (String and Array).
func (r *R) Insert(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *Str:
		arity(args, 2, 2)
		checkFrozen(x)
		idx := int(intArg(args[0]))
		rs := []rune(x.S)
		n := len(rs)
		if idx < 0 {
			idx += n + 1
		}
		if idx < 0 || idx > n {
			raise(ClassIndexError, "index %d out of string", intArg(args[0]))
		}
		x.S = string(rs[:idx]) + strArg(args[1]) + string(rs[idx:])
		return x
	case *Array:
		arity(args, 1, -1)
		idx := int(intArg(args[0]))
		n := len(x.A)
		if idx < 0 {
			idx += n + 1
			if idx < 0 {
				raise(ClassIndexError, "index %d too small for array; minimum: -%d", intArg(args[0]), n+1)
			}
		}
		for len(x.A) < idx {
			x.A = append(x.A, nil)
		}
		ins := args[1:]
		out := make([]Value, 0, len(x.A)+len(ins))
		out = append(out, x.A[:idx]...)
		out = append(out, ins...)
		x.A = append(out, x.A[idx:]...)
		return x
	}
	noMethod("insert", recv)
	return nil
}

// Replace is replace (String, Array, Hash).
func (r *R) Replace(recv Value, args ...Value) Value {
	arity(args, 1, 1)
	switch x := recv.(type) {
	case *Str:
		checkFrozen(x)
		x.S = strArg(args[0])
		return x
	case *Array:
		y, ok := args[0].(*Array)
		if !ok {
			implicitConversion(args[0], "Array")
		}
		x.A = append([]Value(nil), y.A...)
		return x
	case *Hash:
		y, ok := args[0].(*Hash)
		if !ok {
			implicitConversion(args[0], "Hash")
		}
		n := y.dup()
		x.keys, x.vals, x.strIndex, x.index, x.lazy = n.keys, n.vals, n.strIndex, n.index, nil
		return x
	}
	noMethod("replace", recv)
	return nil
}

// toPattern turns a String or Regexp argument into a regexp.
func toPattern(v Value) *Regexp {
	switch x := v.(type) {
	case *Regexp:
		return x
	case *Str:
		return Re(regexpEscape(x.S), "")
	}
	typeError("wrong argument type %s (expected Regexp)", classOf(v).Name)
	return nil
}

// matchPattern is the pattern of String#match and match?: a string is
// compiled as a regexp (Regexp.new(str)), not matched literally as
// index, sub or split take it.
func matchPattern(v Value) *Regexp {
	if x, ok := v.(*Str); ok {
		return Re(x.S, "")
	}
	return toPattern(v)
}

// Match is match(pattern, pos) on String, Symbol and Regexp.
func (r *R) Match(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 2)
	pos := 0
	if len(args) == 2 {
		pos = int(intArg(args[1]))
	}
	var md Value
	switch x := recv.(type) {
	case *Regexp:
		if args[0] == nil {
			r.match = nil
			return nil
		}
		md = r.regexpMatch(x, strArg(toStrLike(args[0])), pos, true)
	case *Str, Symbol:
		md = r.regexpMatch(matchPattern(args[0]), strRecv("match", recv), pos, true)
	default:
		noMethod("match", recv)
	}
	if md != nil && b != nil {
		return b.Call(md)
	}
	return md
}

func toStrLike(v Value) Value {
	if s, ok := v.(Symbol); ok {
		return S(string(s))
	}
	return v
}

// MatchQ is match? (does not set $~).
func (r *R) MatchQ(recv Value, args ...Value) Value {
	arity(args, 1, 2)
	pos := 0
	if len(args) == 2 {
		pos = int(intArg(args[1]))
	}
	switch x := recv.(type) {
	case *Regexp:
		if args[0] == nil {
			return false
		}
		return r.regexpMatch(x, strArg(toStrLike(args[0])), pos, false) != nil
	case *Str, Symbol:
		return r.regexpMatch(matchPattern(args[0]), strRecv("match?", recv), pos, false) != nil
	}
	noMethod("match?", recv)
	return nil
}

// expandReplacement expands \1 \0 \& \` \' \\ \k<name> in a gsub/sub
// replacement string.
func expandReplacement(repl string, md *MatchData) string {
	if !strings.Contains(repl, `\`) {
		return repl
	}
	var b strings.Builder
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		if c != '\\' || i+1 >= len(repl) {
			b.WriteByte(c)
			continue
		}
		i++
		n := repl[i]
		switch {
		case n >= '0' && n <= '9':
			g := int(n - '0')
			if g < len(md.Groups) && md.Groups[g] != nil {
				b.WriteString(md.Groups[g].(*Str).S)
			}
		case n == '&':
			b.WriteString(md.Groups[0].(*Str).S)
		case n == '`':
			b.WriteString(md.PreMatch())
		case n == '\'':
			b.WriteString(md.PostMatch())
		case n == '\\':
			b.WriteByte('\\')
		case n == 'k' && i+1 < len(repl) && repl[i+1] == '<':
			end := strings.IndexByte(repl[i:], '>')
			if end < 0 {
				b.WriteString(`\k`)
				continue
			}
			name := repl[i+2 : i+end]
			found := false
			for gi, gn := range md.re.names {
				if gn == name {
					found = true
					if md.Groups[gi] != nil {
						b.WriteString(md.Groups[gi].(*Str).S)
					}
				}
			}
			if !found {
				raise(ClassRuntimeError, "invalid group name reference format")
			}
			i += end
		default:
			b.WriteByte('\\')
			b.WriteByte(n)
		}
	}
	return b.String()
}

// substitute is sub/gsub: it returns the new text and whether anything
// was replaced.
func (r *R) substitute(name string, s string, b *Block, args []Value, global bool) (string, bool) {
	if b == nil {
		arity(args, 2, 2)
	} else {
		arity(args, 1, 2)
	}
	re := toPattern(args[0])
	runes := []rune(s)
	var out strings.Builder
	pos, last := 0, 0
	changed := false
	var lastMD *MatchData
	for pos <= len(runes) {
		md := re.findAt(s, runes, pos)
		if md == nil {
			break
		}
		changed = true
		lastMD = md
		out.WriteString(string(runes[last:md.starts[0]]))
		switch {
		case len(args) == 2:
			switch rep := args[1].(type) {
			case *Hash:
				out.WriteString(ToS(r.hashGet(rep, md.Groups[0])))
			default:
				out.WriteString(expandReplacement(strArg(rep), md))
			}
		default:
			r.match = md
			out.WriteString(ToS(b.Call(md.Groups[0])))
		}
		last = md.ends[0]
		if md.ends[0] == md.starts[0] {
			if md.ends[0] < len(runes) {
				out.WriteRune(runes[md.ends[0]])
			}
			pos = md.ends[0] + 1
			last = pos
		} else {
			pos = md.ends[0]
		}
		if !global {
			break
		}
	}
	if last < len(runes) {
		out.WriteString(string(runes[last:]))
	}
	if lastMD != nil {
		r.match = lastMD
	} else {
		r.match = nil
	}
	if !changed {
		return s, false
	}
	return out.String(), true
}

// Gsub is gsub.
func (r *R) Gsub(recv Value, b *Block, args ...Value) Value {
	s := mustStr("gsub", recv)
	if b == nil && len(args) == 1 {
		raise(ClassArgumentError, "pp2go: gsub without a replacement (an Enumerator) is not supported")
	}
	out, _ := r.substitute("gsub", s.S, b, args, true)
	return r.sameKind(s, out)
}

// GsubBang is gsub!.
func (r *R) GsubBang(recv Value, b *Block, args ...Value) Value {
	s := mustStr("gsub!", recv)
	out, changed := r.substitute("gsub!", s.S, b, args, true)
	if !changed {
		return nil
	}
	checkFrozen(s)
	s.S = out
	return s
}

// Sub is String#sub.
func (r *R) Sub(recv Value, b *Block, args ...Value) Value {
	s := mustStr("sub", recv)
	out, _ := r.substitute("sub", s.S, b, args, false)
	return r.sameKind(s, out)
}

// SubBang is sub!.
func (r *R) SubBang(recv Value, b *Block, args ...Value) Value {
	s := mustStr("sub!", recv)
	out, changed := r.substitute("sub!", s.S, b, args, false)
	if !changed {
		return nil
	}
	checkFrozen(s)
	s.S = out
	return s
}

// ScanRe is String#scan.
func (r *R) ScanRe(recv Value, b *Block, args ...Value) Value {
	arity(args, 1, 1)
	s := mustStr("scan", recv).S
	re := toPattern(args[0])
	runes := []rune(s)
	var out []Value
	pos := 0
	for pos <= len(runes) {
		md := re.findAt(s, runes, pos)
		if md == nil {
			break
		}
		var item Value
		if len(md.Groups) > 1 {
			item = &Array{A: append([]Value(nil), md.Groups[1:]...)}
		} else {
			item = md.Groups[0]
		}
		r.match = md
		if b != nil {
			b.Call(item)
		} else {
			out = append(out, item)
		}
		if md.ends[0] == md.starts[0] {
			pos = md.ends[0] + 1
		} else {
			pos = md.ends[0]
		}
	}
	if b != nil {
		return recv
	}
	return &Array{A: out}
}

// Split is String#split.
func (r *R) Split(recv Value, b *Block, args ...Value) Value {
	if recv == Value(ClassShellwords) {
		return r.shellsplit("split", recv, args) // Shellwords.split, an alias
	}
	arity(args, 0, 2)
	s := mustStr("split", recv).S
	limit := 0
	if len(args) == 2 {
		limit = int(intArg(args[1]))
	}
	var parts []string
	var pat Value
	if len(args) > 0 {
		pat = args[0]
	}
	if ps, ok := pat.(*Str); ok && ps.S == " " {
		pat = nil
	}
	switch p := pat.(type) {
	case nil:
		parts = awkSplit(s, limit)
	case *Str:
		parts = strSplit(s, p.S, limit)
	case *Regexp:
		parts = r.reSplit(s, p, limit)
	default:
		typeError("wrong argument type %s (expected Regexp)", classOf(pat).Name)
	}
	if limit == 0 {
		for len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
	}
	out := make([]Value, len(parts))
	ss := strsFor(len(parts))
	for i, p := range parts {
		out[i] = ss.str(p)
	}
	if b != nil {
		for _, p := range out {
			b.Call(p)
		}
		return recv
	}
	return &Array{A: out}
}

func awkSplit(s string, limit int) []string {
	var parts []string
	i := 0
	for {
		for i < len(s) && isStripSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			break
		}
		if limit > 0 && len(parts) == limit-1 {
			parts = append(parts, s[i:])
			return parts
		}
		j := i
		for j < len(s) && !isStripSpace(s[j]) {
			j++
		}
		parts = append(parts, s[i:j])
		i = j
	}
	if limit < 0 && len(s) > 0 && isStripSpace(s[len(s)-1]) {
		parts = append(parts, "")
	}
	return parts
}

func strSplit(s, sep string, limit int) []string {
	if sep == "" {
		var parts []string
		for i, c := range s {
			if limit > 0 && len(parts) == limit-1 {
				parts = append(parts, s[i:])
				return parts
			}
			parts = append(parts, string(c))
		}
		return parts
	}
	if limit > 0 {
		return strings.SplitN(s, sep, limit)
	}
	if s == "" {
		return nil
	}
	return strings.Split(s, sep)
}

func (r *R) reSplit(s string, re *Regexp, limit int) []string {
	if s == "" {
		return nil
	}
	runes := []rune(s)
	var parts []string
	start, pos := 0, 0
	for pos <= len(runes) {
		if limit > 0 && len(parts) == limit-1 {
			break
		}
		md := re.findAt(s, runes, pos)
		if md == nil {
			break
		}
		if md.ends[0] == md.starts[0] {
			// an empty match splits between characters
			if md.starts[0] >= len(runes) {
				break
			}
			if md.starts[0] == start {
				pos = md.starts[0] + 1
				if pos > len(runes) {
					break
				}
				// split off one character
				parts = append(parts, string(runes[start:pos]))
				start = pos
				r.appendGroups(&parts, md)
				continue
			}
		}
		parts = append(parts, string(runes[start:md.starts[0]]))
		r.appendGroups(&parts, md)
		start = md.ends[0]
		if md.ends[0] == md.starts[0] {
			pos = md.ends[0] + 1
		} else {
			pos = md.ends[0]
		}
	}
	parts = append(parts, string(runes[start:]))
	return parts
}

func (r *R) appendGroups(parts *[]string, md *MatchData) {
	for i := 1; i < len(md.Groups); i++ {
		if md.Groups[i] != nil {
			*parts = append(*parts, md.Groups[i].(*Str).S)
		}
	}
}

func lines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// Lines is lines.
func (r *R) Lines(recv Value, b *Block, args ...Value) Value {
	arity(args, 0, 0)
	ls := lines(mustStr("lines", recv).S)
	out := make([]Value, len(ls))
	for i, l := range ls {
		out[i] = S(l)
	}
	if b != nil {
		for _, l := range out {
			b.Call(l)
		}
		return recv
	}
	return &Array{A: out}
}

// EachLine is each_line.
func (r *R) EachLine(recv Value, b *Block, args ...Value) Value {
	if b == nil {
		return &Enumerator{src: r.Lines(recv, nil, args...), meth: "each"}
	}
	return r.Lines(recv, b, args...)
}

// EachChar is each_char.
func (r *R) EachChar(recv Value, b *Block, args ...Value) Value {
	return eachElement(recv, b, r.Chars(recv).(*Array))
}

// EachByte is each_byte: the block is given each byte as an Integer.
func (r *R) EachByte(recv Value, b *Block, args ...Value) Value {
	return eachElement(recv, b, r.Bytes(recv).(*Array))
}

// eachElement gives the block each element of a string's parts (its
// characters, its bytes) and returns the string; without a block, an
// enumerator of them.
func eachElement(recv Value, b *Block, parts *Array) Value {
	if b == nil {
		return &Enumerator{src: parts, meth: "each"}
	}
	for _, c := range parts.A {
		b.Call(c)
	}
	return recv
}

// ToProc is Symbol#to_proc (used as &:name).
func (r *R) ToProc(recv Value, args ...Value) Value {
	if s, ok := recv.(Symbol); ok {
		return r.BlkSym(s)
	}
	noMethod("to_proc", recv)
	return nil
}

// PartitionStr is String#partition(sep) or Enumerable#partition (block).
func (r *R) PartitionStr(recv Value, args ...Value) Value {
	s := mustStr("partition", recv).S
	arity(args, 1, 1)
	switch p := args[0].(type) {
	case *Regexp:
		md := p.findAt(s, p.matchFrom(s, 0), 0)
		if md == nil {
			return NewArray(S(s), S(""), S(""))
		}
		return NewArray(S(md.PreMatch()), md.Groups[0], S(md.PostMatch()))
	default:
		sep := strArg(p)
		i := strings.Index(s, sep)
		if i < 0 {
			return NewArray(S(s), S(""), S(""))
		}
		return NewArray(S(s[:i]), S(sep), S(s[i+len(sep):]))
	}
}

// UnicodeNormalize is unicode_normalize (ASCII text only).
func (r *R) UnicodeNormalize(recv Value, args ...Value) Value {
	s := mustStr("unicode_normalize", recv).S
	if !values.IsASCII(s) {
		raise(ClassArgumentError, "pp2go: unicode_normalize of non-ASCII text is not supported")
	}
	return S(s)
}

var _ = strconv.Itoa
