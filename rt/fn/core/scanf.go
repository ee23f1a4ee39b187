package core

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	v "github.com/pp2go/pp2go/rt/values"
)

// Puppet's scanf is Ruby's String#scanf (the scanf library, which Debian
// 13's Ruby has as a gem and Debian 12's Ruby 3.1 lacks): the format is
// cut into specifiers and literal words, each made a regexp that must
// match at the start of what is left of the data (after its leading
// white space, but for %c and %[); the conversions of those that match, in
// order, up to the first that does not, are the result.

// scanfSpecs cuts a format as Scanf::FormatString::REGEX does (its /i
// makes the conversion letters case-insensitive; a specifier's regexp
// then takes only the ones it knows).
var scanfSpecs = lazyre.New(`(?i)(?:\s*%(?:%|\*?\d*(?:\[\[:\w+:\]\]|\[[^\]]*\]|[diuXxofFeEgGscaA])))|[^%\s]+`)

// scanfKinds are Scanf::FormatSpecifier#initialize's cases, in its order:
// the pattern of the specifier's text, and what makes its regexp (from
// the pattern's groups) and its conversion.
var scanfKinds = []struct {
	spec *lazyre.Regexp
	re   func(m []string) string
	conv func(s string) v.Value
}{
	{lazyre.New(`%\*?(\[\[:[a-z]+:\]\])`), func(m []string) string { return "(" + m[1] + "+)" }, plainConv},
	{lazyre.New(`%\*?(\d+)(\[\[:[a-z]+:\]\])`), func(m []string) string { return "(" + m[2] + "{1," + m[1] + "})" }, plainConv},
	{lazyre.New(`%\*?\[([^\]]*)\]`), func(m []string) string {
		yes, no := m[1], "^"+m[1]
		if strings.HasPrefix(yes, "^") {
			no = yes[1:]
		}
		return "([" + yes + "]+)(?=[" + no + `]|\z)`
	}, plainConv},
	{lazyre.New(`%\*?(\d+)\[([^\]]*)\]`), func(m []string) string { return "([" + m[2] + "]{1," + m[1] + "})" }, plainConv},
	{lazyre.New(`%\*?i`), func([]string) string { return `([-+]?(?:(?:0[0-7]+)|(?:0[Xx][A-Fa-f0-9]+)|(?:[1-9]\d*)))` }, integerConv},
	{lazyre.New(`%\*?(\d+)i`), func(m []string) string {
		n, _ := strconv.Atoi(m[1])
		var alts []string
		if n > 1 {
			alts = append(alts, `[1-9]\d{1,`+strconv.Itoa(n-1)+`}`, `0[0-7]{1,`+strconv.Itoa(n-1)+`}`)
		}
		if n > 2 {
			alts = append(alts, `[-+]0[0-7]{1,`+strconv.Itoa(n-2)+`}`, `[-+][1-9]\d{1,`+strconv.Itoa(n-2)+`}`, `0[Xx][A-Fa-f0-9]{1,`+strconv.Itoa(n-2)+`}`)
		}
		if n > 3 {
			alts = append(alts, `[-+]0[Xx][A-Fa-f0-9]{1,`+strconv.Itoa(n-3)+`}`)
		}
		return "(" + strings.Join(append(alts, `\d`), "|") + ")"
	}, integerConv},
	{lazyre.New(`%\*?[du]`), func([]string) string { return `([-+]?\d+)` }, baseConv(10)},
	{lazyre.New(`%\*?(\d+)[du]`), func(m []string) string {
		n, _ := strconv.Atoi(m[1])
		s := "("
		if n > 1 {
			s += `[-+]\d{1,` + strconv.Itoa(n-1) + `}|`
		}
		return s + `\d{1,` + m[1] + `})`
	}, baseConv(10)},
	{lazyre.New(`%\*?[Xx]`), func([]string) string { return `([-+]?(?:0[Xx])?[A-Fa-f0-9]+)` }, baseConv(16)},
	{lazyre.New(`%\*?(\d+)[Xx]`), func(m []string) string {
		n, _ := strconv.Atoi(m[1])
		var alts []string
		if n > 3 {
			alts = append(alts, `[-+]0[Xx][A-Fa-f0-9]{1,`+strconv.Itoa(n-3)+`}`)
		}
		if n > 2 {
			alts = append(alts, `0[Xx][A-Fa-f0-9]{1,`+strconv.Itoa(n-2)+`}`)
		}
		if n > 1 {
			alts = append(alts, `[-+][A-Fa-f0-9]{1,`+strconv.Itoa(n-1)+`}`)
		}
		return "(" + strings.Join(append(alts, `[A-Fa-f0-9]{1,`+m[1]+`}`), "|") + ")"
	}, baseConv(16)},
	{lazyre.New(`%\*?o`), func([]string) string { return `([-+]?[0-7]+)` }, baseConv(8)},
	{lazyre.New(`%\*?(\d+)o`), func(m []string) string {
		n, _ := strconv.Atoi(m[1])
		return "([-+][0-7]{1," + strconv.Itoa(n-1) + "}|[0-7]{1," + m[1] + "})"
	}, baseConv(8)},
	{lazyre.New(`%\*?[aefgAEFG]`), func([]string) string { return "(" + scanfFloat + ")" }, floatConv},
	{lazyre.New(`%\*?(\d+)[aefgAEFG]`), func(m []string) string { return "(?=" + scanfFloat + `)(\S{1,` + m[1] + "})" }, floatConv},
	{lazyre.New(`%\*?(\d+)s`), func(m []string) string { return `(\S{1,` + m[1] + "})" }, plainConv},
	{lazyre.New(`%\*?s`), func([]string) string { return `(\S+)` }, plainConv},
	{lazyre.New(`\s%\*?c`), func([]string) string { return `\s*(.)` }, plainConv},
	{lazyre.New(`%\*?c`), func([]string) string { return "(.)" }, plainConv},
	{lazyre.New(`%\*?(\d+)c`), func(m []string) string { return "(.{1," + m[1] + "})" }, plainConv},
	{lazyre.New(`%%`), func([]string) string { return `(\s*%)` }, nil},
}

// scanfFloat is what a float specifier takes: a hexadecimal float, digits
// not followed by a digit or a point, or digits with a point and an
// exponent.
const scanfFloat = `[-+]?(?:0[xX](?:\.[A-Fa-f0-9]+|[A-Fa-f0-9]+(?:\.[A-Fa-f0-9]*)?)[pP][-+]?\d+|\d+(?![\d.])|\d*\.\d*(?:[eE][-+]?\d+)?)`

var (
	scanfSkip       = lazyre.New(`^\s*%\*`)
	scanfCountSpace = lazyre.New(`(?:\A|\S)%\*?\d*c|%\d*\[`)
)

func plainConv(s string) v.Value { return v.String(s) }

// integerConv is Ruby's Integer(s) of what %i takes: 0x hexadecimal, 0
// octal, decimal.
func integerConv(s string) v.Value {
	n, _ := strconv.ParseInt(s, 0, 64)
	return v.Int(n)
}

// baseConv is String#to_i, #hex or #oct of what %d, %x or %o takes.
func baseConv(base int) func(string) v.Value {
	return func(s string) v.Value {
		neg := strings.HasPrefix(s, "-")
		s = strings.TrimLeft(s, "+-")
		if base == 16 {
			s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
		}
		n, _ := strconv.ParseInt(s, base, 64)
		if neg {
			n = -n
		}
		return v.Int(n)
	}
}

var (
	scanfHexFloat = lazyre.New(`\A([-+]?)0[xX](\.[A-Fa-f0-9]+|[A-Fa-f0-9]+(?:\.[A-Fa-f0-9]*)?)[pP]([-+]?\d+)`)
	scanfPointExp = lazyre.New(`\A([-+]?\d+)\.([eE][-+]\d+)`)
	rubyToF       = lazyre.New(`\A[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?`)
)

// floatConv is FormatSpecifier#extract_float: a hexadecimal float by
// its parts, 1.e5 as 1e5, else String#to_f (the longest number at the
// start, 0.0 when none).
func floatConv(s string) v.Value {
	if m := scanfHexFloat.FindStringSubmatch(s); m != nil {
		whole, frac, _ := strings.Cut(m[2], ".")
		f := 0.0
		if whole != "" {
			n, _ := strconv.ParseUint(whole, 16, 64)
			f = float64(n)
		}
		if frac != "" {
			n, _ := strconv.ParseUint(frac, 16, 64)
			f += float64(n) / math.Pow(16, float64(len(frac)))
		}
		exp, _ := strconv.Atoi(m[3])
		f = math.Ldexp(f, exp)
		if m[1] == "-" {
			f = -f
		}
		return v.Float(f)
	}
	if m := scanfPointExp.FindStringSubmatch(s); m != nil {
		s = m[1] + m[2]
	}
	f, _ := strconv.ParseFloat(rubyToF.FindString(s), 64)
	return v.Float(f)
}

// Scanf is Ruby's String#scanf of data by format (Scanf::FormatString).
func Scanf(data, format string) []v.Value {
	out := []v.Value{}
	if strings.TrimSpace(format) == "" {
		return out
	}
	left := data
	for _, spec := range scanfSpecs.FindAllString(format, -1) {
		re, conv := "("+regexp.QuoteMeta(spec)+")", func(string) v.Value { return nil }
		for _, k := range scanfKinds {
			if m := k.spec.FindStringSubmatch(spec); m != nil {
				re, conv = k.re(m), k.conv
				if conv == nil {
					conv = func(string) v.Value { return nil }
				}
				break
			}
		}
		s := left
		if !scanfCountSpace.MatchString(spec) {
			s = strings.TrimLeft(s, " \t\n\f\r") // regexp's \s
		}
		// Ruby's regexp, MULTILINE: what follows the match is the last group
		m, err := v.NewRegexp(`(?m)\A` + re + `(.*)`)
		if err != nil {
			break
		}
		groups, err := m.Match(s)
		if err != nil || groups == nil {
			break
		}
		if !scanfSkip.MatchString(spec) {
			if c := conv(string(groups[1].(v.String))); c != nil {
				out = append(out, c)
			}
		}
		left = string(groups[len(groups)-1].(v.String))
		if left == "" {
			break
		}
	}
	return out
}

func init() {
	fn.New("scanf").
		D("String data, String format, &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			if fn.PuppetMajor(c) < 8 {
				// Puppet 7.23 on Ruby 3.1 cannot load Ruby's scanf library
				// (no longer part of Ruby): every call fails, outside
				// Puppet's error handling.
				panic(&fn.FatalError{Message: "cannot load such file -- scanf"})
			}
			result := v.NewArray(Scanf(str(a[0]), str(a[1]))...)
			if b != nil {
				return b.Call(result)
			}
			return result
		}).Register()
}
