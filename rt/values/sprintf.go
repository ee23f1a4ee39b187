package values

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/internal/rubystr"
)

// Sprintf formats args as Ruby's Kernel#format does, which is what Puppet's
// sprintf() function and String's format directives use. Supported: flags
// (space # + - 0), width, precision (also *), arguments by number (%1$s,
// *2$), %<name>s and %{name} with a hash argument, and the conversions d i
// u f e E g G a A x X o b B s p c %.
func Sprintf(format string, args ...Value) (string, error) {
	var b strings.Builder
	b.Grow(len(format) + 16) // one allocation mostly, not one a growth
	argi := 0
	numbered := false // an argument was taken by its number (%1$s)
	nextArg := func() (Value, error) {
		if numbered {
			return nil, newError("", fmt.Sprintf("unnumbered(%d) mixed with numbered", argi+1))
		}
		if argi >= len(args) {
			return nil, newError("", "too few arguments")
		}
		a := args[argi]
		argi++
		return a, nil
	}
	// numberedArg reads N$ at format[i:] (i after the digits' start):
	// argument N, the index after the $, and whether there was one.
	numberedArg := func(i int) (Value, int, bool, error) {
		j, n := i, 0
		for j < len(format) && format[j] >= '0' && format[j] <= '9' {
			n = n*10 + int(format[j]-'0')
			j++
		}
		if j == i || j >= len(format) || format[j] != '$' {
			return nil, i, false, nil
		}
		switch {
		case argi > 0:
			return nil, i, true, newError("", fmt.Sprintf("numbered(%d) after unnumbered(%d)", n, argi))
		case n < 1:
			return nil, i, true, newError("", fmt.Sprintf("invalid index - %d$", n))
		case n > len(args):
			return nil, i, true, newError("", "too few arguments")
		}
		numbered = true
		return args[n-1], j + 1, true, nil
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(format) {
			return "", newError("", "incomplete format specifier; use %% (double %) instead")
		}
		var spec fmtSpec
		var arg Value
		haveArg := false
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case ' ':
				spec.space = true
			case '#':
				spec.alt = true
			case '+':
				spec.plus = true
			case '-':
				spec.minus = true
			case '0':
				spec.zero = true
			case '1', '2', '3', '4', '5', '6', '7', '8', '9':
				// %N$: the argument numbered N (Ruby's positional
				// arguments); other digits are the width
				v, j, ok, err := numberedArg(i)
				if err != nil {
					return "", err
				}
				if !ok {
					break flags
				}
				arg, haveArg = v, true
				i = j - 1
			case '<', '{':
				close := byte('>')
				if format[i] == '{' {
					close = '}'
				}
				end := strings.IndexByte(format[i:], close)
				if end < 0 {
					return "", newError("", "malformed name - unmatched parenthesis")
				}
				name := format[i+1 : i+end]
				h, ok := firstHash(args)
				if !ok {
					return "", newError("", "one hash required")
				}
				v, found := h.GetString(name)
				if !found {
					return "", newError("", fmt.Sprintf("key<%s> not found", name))
				}
				arg, haveArg = v, true
				if format[i] == '{' {
					b.WriteString(ToString(v))
					i += end
					goto next
				}
				i += end
			default:
				break flags
			}
		}
		if i < len(format) && format[i] == '*' {
			w, j, ok, err := numberedArg(i + 1) // *N$: the width is argument N
			if !ok && err == nil {
				w, err = nextArg()
			}
			if err != nil {
				return "", err
			}
			if ok {
				i = j - 1
			}
			n, err := starArg(w)
			if err != nil {
				return "", err
			}
			if n < 0 {
				spec.minus = true
				n = -n
			}
			spec.width, spec.hasWidth = int(n), true
			i++
		}
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			spec.width = spec.width*10 + int(format[i]-'0')
			spec.hasWidth = true
			i++
		}
		if i < len(format) && format[i] == '.' {
			spec.hasPrec = true
			i++
			if i < len(format) && format[i] == '*' {
				p, j, ok, err := numberedArg(i + 1)
				if !ok && err == nil {
					p, err = nextArg()
				}
				if err != nil {
					return "", err
				}
				if ok {
					i = j - 1
				}
				n, err := starArg(p)
				if err != nil {
					return "", err
				}
				spec.prec = int(n)
				if n < 0 { // Ruby's (C's): as if no precision were given
					spec.prec, spec.hasPrec = 0, false
				}
				i++
			}
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				spec.prec = spec.prec*10 + int(format[i]-'0')
				i++
			}
		}
		if i >= len(format) {
			return "", newError("", "malformed format string - %"+format[len(format)-1:])
		}
		spec.verb = format[i]
		if spec.verb == '%' {
			if spec != (fmtSpec{verb: '%'}) || haveArg {
				// Ruby's sprintf.c: a flag, width or precision on %%
				return "", newError("", "invalid format character - %")
			}
			b.WriteByte('%')
			continue
		}
		if !haveArg {
			a, err := nextArg()
			if err != nil {
				return "", err
			}
			arg = a
		}
		if s, err := spec.format(arg); err != nil {
			return "", err
		} else {
			b.WriteString(s)
		}
	next:
	}
	return b.String(), nil
}

// starArg is the Integer a * width or precision takes from its argument
// (NUM2INT: a Float truncated).
func starArg(v Value) (int64, error) {
	switch x := v.(type) {
	case Int:
		return int64(x), nil
	case Float:
		return int64(x), nil
	case nil, UndefValue:
		return 0, newError("", "no implicit conversion from nil to integer")
	}
	return 0, newError("", fmt.Sprintf("no implicit conversion of %s into Integer", rubyClassName(v)))
}

func firstHash(args []Value) (*Hash, bool) {
	if len(args) == 1 {
		h, ok := args[0].(*Hash)
		return h, ok
	}
	return nil, false
}

type fmtSpec struct {
	space, alt, plus, minus, zero bool
	width, prec                   int
	hasWidth, hasPrec             bool
	verb                          byte
}

func (s *fmtSpec) pad(body string, numeric bool) string {
	n := runeCount(body)
	if !s.hasWidth || n >= s.width {
		return body
	}
	fill := s.width - n
	if s.minus {
		return body + strings.Repeat(" ", fill)
	}
	if s.zero && numeric {
		// zeros go after the sign and radix prefix
		prefix := ""
		rest := body
		if rest != "" && (rest[0] == '-' || rest[0] == '+' || rest[0] == ' ') {
			prefix, rest = rest[:1], rest[1:]
		}
		for _, p := range []string{"0x", "0X", "0b", "0B"} {
			if strings.HasPrefix(rest, p) {
				prefix += p
				rest = rest[2:]
				break
			}
		}
		return prefix + strings.Repeat("0", fill) + rest
	}
	return strings.Repeat(" ", fill) + body
}

func (s *fmtSpec) format(arg Value) (string, error) {
	switch s.verb {
	case 'd', 'i', 'u':
		if x, ok := arg.(Int); ok {
			return s.decimal(int64(x)), nil // without a big.Int
		}
		n, err := toRubyInteger(arg)
		if err != nil {
			return "", err
		}
		return s.integer(n, 10, ""), nil
	case 'x':
		n, err := toRubyInteger(arg)
		if err != nil {
			return "", err
		}
		return s.integer(n, 16, "0x"), nil
	case 'X':
		n, err := toRubyInteger(arg)
		if err != nil {
			return "", err
		}
		return strings.ToUpper(s.integer(n, 16, "0x")), nil
	case 'o':
		n, err := toRubyInteger(arg)
		if err != nil {
			return "", err
		}
		return s.integer(n, 8, "0"), nil
	case 'b':
		n, err := toRubyInteger(arg)
		if err != nil {
			return "", err
		}
		return s.integer(n, 2, "0b"), nil
	case 'B':
		n, err := toRubyInteger(arg)
		if err != nil {
			return "", err
		}
		return s.integer(n, 2, "0B"), nil
	case 'f', 'e', 'E', 'g', 'G', 'a', 'A':
		if x, ok := arg.(Int); ok && s.verb == 'f' {
			return s.exactFixed(int64(x)), nil
		}
		f, err := toRubyFloat(arg)
		if err != nil {
			return "", err
		}
		return s.float(f), nil
	case 's':
		str := rubyToS(arg)
		if s.hasPrec && runeCount(str) > s.prec {
			str = string([]rune(str)[:s.prec])
		}
		return s.pad(str, false), nil
	case 'p':
		str := rubyInspect(arg)
		if s.hasPrec && runeCount(str) > s.prec {
			str = string([]rune(str)[:s.prec])
		}
		return s.pad(str, false), nil
	case 'c':
		// a one-character String, or a code point (NUM2INT: a Float
		// truncated, a C int)
		var str string
		var n int64
		switch x := arg.(type) {
		case String:
			if runeCount(string(x)) != 1 {
				return "", newError("", "%c requires a character")
			}
			return s.pad(string(x), false), nil
		case Int:
			n = int64(x)
		case Float:
			n = int64(x)
		default:
			return "", newError("", fmt.Sprintf("no implicit conversion of %s into Integer", rubyClassName(arg)))
		}
		switch {
		case n > math.MaxInt32:
			return "", newError("", fmt.Sprintf("integer %d too big to convert to `int'", n))
		case n < math.MinInt32:
			return "", newError("", fmt.Sprintf("integer %d too small to convert to `int'", n))
		}
		str = string(rune(n))
		return s.pad(str, false), nil
	}
	return "", newError("", fmt.Sprintf("malformed format string - %%%c", s.verb))
}

// integer formats n in base; negative numbers without + or space use Ruby's
// two's complement notation ("..f01").
func (s *fmtSpec) integer(n *big.Int, base int, prefix string) string {
	neg := n.Sign() < 0
	var digits string
	sign := ""
	if neg && base != 10 && !s.plus && !s.space {
		digits = twosComplement(n, base)
	} else {
		digits = new(big.Int).Abs(n).Text(base)
		if neg {
			sign = "-"
		} else if s.plus {
			sign = "+"
		} else if s.space {
			sign = " "
		}
	}
	if s.hasPrec && s.prec == 0 && n.Sign() == 0 {
		digits = "" // C's: no digit for zero at precision 0 (but %#o's 0)
	}
	if s.hasPrec {
		for len(strings.TrimPrefix(digits, "..")) < s.prec {
			if strings.HasPrefix(digits, "..") {
				digits = ".." + string(digits[2]) + digits[2:]
			} else {
				digits = "0" + digits
			}
		}
	}
	pre := ""
	if s.alt && base != 10 {
		if base == 8 {
			if !strings.HasPrefix(digits, "0") {
				pre = "0"
			}
		} else if n.Sign() != 0 {
			pre = prefix
		}
	}
	return s.integerBody(sign, pre, digits)
}

// decimal is integer(big.NewInt(x), 10, "") of an Int, as %d, %i and %u
// format it: its digits made without a big.Int (sprintf('%03d', $order)
// formats an Int for each of postgresql's pg_hba rules).
func (s *fmtSpec) decimal(x int64) string {
	u, sign := s.signed(x)
	digits := strconv.FormatUint(u, 10)
	if s.hasPrec && s.prec == 0 && x == 0 {
		digits = "" // C's: no digit for zero at precision 0
	}
	if s.hasPrec {
		for len(digits) < s.prec {
			digits = "0" + digits
		}
	}
	return s.integerBody(sign, "", digits)
}

// signed is x's magnitude (MinInt64's too) and the sign the flags write
// before it: "-", or for a positive x "+" or " " (the + and space flags).
func (s *fmtSpec) signed(x int64) (uint64, string) {
	switch {
	case x < 0:
		return -uint64(x), "-"
	case s.plus:
		return uint64(x), "+"
	case s.space:
		return uint64(x), " "
	}
	return uint64(x), ""
}

// integerBody is integer's number of its sign, radix prefix and digits
// (precision applied), padded to the width.
func (s *fmtSpec) integerBody(sign, pre, digits string) string {
	body := sign + pre + digits
	if s.zero && !s.minus && !s.hasPrec && strings.HasPrefix(digits, "..") && s.hasWidth {
		// Ruby fills with the repeating digit instead of dots
		fill := s.width - runeCount(body)
		if fill > 0 {
			d := string(digits[2])
			return sign + pre + strings.Repeat(d, fill+2) + digits[2:]
		}
	}
	return s.pad(body, !s.hasPrec)
}

func twosComplement(n *big.Int, base int) string {
	// find the number of digits such that base^k > |n|, then add base^k
	abs := new(big.Int).Abs(n)
	k := len(abs.Text(base)) + 1
	mod := new(big.Int).Exp(big.NewInt(int64(base)), big.NewInt(int64(k)), nil)
	v := new(big.Int).Add(mod, n).Text(base)
	max := strconv.FormatInt(int64(base-1), base)
	// strip leading repeats of the max digit, keep one
	for len(v) > 1 && v[0:1] == max && v[1:2] == max {
		v = v[1:]
	}
	if v[0:1] != max {
		v = max + v
	}
	return ".." + v
}

func (s *fmtSpec) float(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		str := "Inf"
		if math.IsNaN(f) {
			str = "NaN"
		}
		if f < 0 {
			str = "-" + str
		} else if s.plus {
			str = "+" + str
		} else if s.space {
			str = " " + str
		}
		return s.pad(str, false)
	}
	var gofmt strings.Builder
	gofmt.WriteByte('%')
	if s.plus {
		gofmt.WriteByte('+')
	} else if s.space {
		gofmt.WriteByte(' ')
	}
	if s.alt {
		gofmt.WriteByte('#')
	}
	prec := s.prec
	if !s.hasPrec {
		prec = 6
	}
	verb := s.verb
	if verb == 'a' || verb == 'A' {
		verb = map[byte]byte{'a': 'x', 'A': 'X'}[verb]
		if !s.hasPrec {
			prec = -1
		}
	}
	if prec >= 0 {
		gofmt.WriteString("." + strconv.Itoa(prec))
	}
	gofmt.WriteByte(verb)
	out := fmt.Sprintf(gofmt.String(), f)
	if s.verb == 'a' || s.verb == 'A' {
		out = fixHexFloatExponent(out)
	}
	return s.pad(out, true)
}

// exactFixed is %f of an Integer, which Ruby writes exactly (its digits,
// then the precision's zeros), not as the Float nearest to it.
func (s *fmtSpec) exactFixed(x int64) string {
	u, sign := s.signed(x)
	prec := s.prec
	if !s.hasPrec {
		prec = 6
	}
	body := sign + strconv.FormatUint(u, 10)
	if prec > 0 { // (no point for %#.0f: Ruby's writes none)
		body += "." + strings.Repeat("0", prec)
	}
	return s.pad(body, true)
}

// fixHexFloatExponent turns Go's "p+00" exponent into C's "p+0".
func fixHexFloatExponent(s string) string {
	i := strings.LastIndexAny(s, "pP")
	if i < 0 || i+2 >= len(s) {
		return s
	}
	exp := strings.TrimLeft(s[i+2:], "0")
	if exp == "" {
		exp = "0"
	}
	return s[:i+2] + exp
}

func toRubyInteger(v Value) (*big.Int, error) {
	switch x := v.(type) {
	case Int:
		return big.NewInt(int64(x)), nil
	case Float:
		if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
			return nil, newError("", "FloatDomainError: "+rubyFloatToS(float64(x)))
		}
		bf := new(big.Float).SetFloat64(math.Trunc(float64(x)))
		n, _ := bf.Int(nil)
		return n, nil
	case String:
		if n, ok := parseRubyInteger(string(x)); ok {
			return n, nil
		}
		return nil, newError("", fmt.Sprintf("invalid value for Integer(): %s", rubyInspect(x)))
	case Bool, UndefValue, nil:
		return nil, newError("", fmt.Sprintf("can't convert %s into Integer", rubyClassName(v)))
	}
	return nil, newError("", fmt.Sprintf("can't convert %s into Integer", rubyClassName(v)))
}

func parseRubyInteger(s string) (*big.Int, bool) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	neg := false
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		neg = t[0] == '-'
		t = t[1:]
	}
	base := 10
	switch {
	case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
		base, t = 16, t[2:]
	case strings.HasPrefix(t, "0b") || strings.HasPrefix(t, "0B"):
		base, t = 2, t[2:]
	case strings.HasPrefix(t, "0o") || strings.HasPrefix(t, "0O"):
		base, t = 8, t[2:]
	case len(t) > 1 && t[0] == '0':
		base, t = 8, t[1:]
	}
	n, ok := new(big.Int).SetString(t, base)
	if !ok || t == "" {
		return nil, false
	}
	if neg {
		n.Neg(n)
	}
	return n, true
}

func toRubyFloat(v Value) (float64, error) {
	switch x := v.(type) {
	case Int:
		return float64(x), nil
	case Float:
		return float64(x), nil
	case String:
		// Kernel#Float: decimal, or a hexadecimal integer or float
		// ("0x1F", "0x1.8p1"), underscores between digits
		text := strings.ReplaceAll(strings.TrimSpace(string(x)), "_", "")
		f, err := strconv.ParseFloat(text, 64)
		if t := strings.ToLower(strings.TrimLeft(text, "+-")); err == nil && (strings.HasPrefix(t, "i") || strings.HasPrefix(t, "n") || strings.HasSuffix(t, ".")) {
			err = strconv.ErrSyntax // Go's inf, nan and 1. that Ruby's Float() refuses
		}
		if hex := strings.TrimLeft(text, "+-"); err != nil && len(hex) > 2 && hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X') {
			if !strings.ContainsAny(hex, "pP") {
				text += "p0"
			}
			f, err = strconv.ParseFloat(text, 64)
		}
		if err != nil {
			// the text as a binary String's (Ruby's rb_invalid_str)
			return 0, newError("", fmt.Sprintf("invalid value for Float(): %s", rubystr.Dump(string(x), true)))
		}
		return f, nil
	}
	return 0, newError("", fmt.Sprintf("can't convert %s into Float", rubyClassName(v)))
}

func rubyClassName(v Value) string {
	switch v.(type) {
	case nil, UndefValue:
		return "nil"
	case Bool:
		if v.(Bool) {
			return "true"
		}
		return "false"
	case *Array:
		return "Array"
	case *Hash:
		return "Hash"
	case String:
		return "String"
	}
	return "Object"
}

// rubyInspect is Ruby's #inspect for the values Puppet passes to %p.
func rubyInspect(v Value) string {
	switch x := v.(type) {
	case String:
		return rubystr.Inspect(string(x))
	case nil, UndefValue:
		return "nil"
	case DefaultValue:
		return ":default"
	case *Array:
		parts := make([]string, x.Len())
		for i, e := range x.elems {
			parts[i] = rubyInspect(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Hash:
		parts := make([]string, x.Len())
		for i, k := range x.keys {
			parts[i] = rubyInspect(k) + "=>" + rubyInspect(x.vals[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return ToString(v)
}
