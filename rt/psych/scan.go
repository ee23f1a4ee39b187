package psych

import (
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

var (
	ssStringish  = lazyre.New(`^[^\d.:-]?[\pL_\s!@#$%\^&*(){}<>|/\\~;=]+`)
	ssTime       = lazyre.New(`^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$`)
	ssDate       = lazyre.New(`^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`)
	ssFloat      = lazyre.New(`^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$`)
	ssInteger    = lazyre.New(`^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$`)
	ssSexInt     = lazyre.New(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$`)
	ssSexFloat   = lazyre.New(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$`)
	ssYTONF      = lazyre.New(`(?i)^[^ytonf~]`)
	ssNull       = lazyre.New(`(?i)^null$`)
	ssTrue       = lazyre.New(`(?i)^(yes|true|on)$`)
	ssFalse      = lazyre.New(`(?i)^(no|false|off)$`)
	ssInf        = lazyre.New(`(?i)^\+?\.inf$`)
	ssNegInf     = lazyre.New(`(?i)^-\.inf$`)
	ssNaN        = lazyre.New(`(?i)^\.nan$`)
	ssFloatClean = lazyre.New(`[,_]|\.([Ee]|$)`)
)

// Tokenize is Psych::ScalarScanner#tokenize for a plain scalar.
// Dates, times and symbols, which Puppet cannot hold, stay strings.
func Tokenize(s string) v.Value {
	if s == "" {
		return v.Undef
	}
	switch {
	case ssStringish.MatchString(s) || strings.Contains(s, "\n"):
		if utf8.RuneCountInString(s) > 5 || ssYTONF.MatchString(s) {
			return v.String(s)
		}
		switch {
		case s == "~" || ssNull.MatchString(s):
			return v.Undef
		case ssTrue.MatchString(s):
			return v.True
		case ssFalse.MatchString(s):
			return v.False
		}
		return v.String(s)
	case ssTime.MatchString(s), ssDate.MatchString(s):
		return v.String(s)
	case ssInf.MatchString(s):
		return v.Float(math.Inf(1))
	case ssNegInf.MatchString(s):
		return v.Float(math.Inf(-1))
	case ssNaN.MatchString(s):
		return v.Float(math.NaN())
	case strings.HasPrefix(s, ":") && len(s) > 1:
		// a Ruby Symbol, which Puppet code sees by its name
		name := s[1:]
		if len(name) > 1 && (name[0] == '"' || name[0] == '\'') && name[len(name)-1] == name[0] {
			name = name[1 : len(name)-1]
		}
		return v.String(name)
	case ssSexInt.MatchString(s):
		// Psych weighs part e with 60**|e-2| (right for three parts only)
		var n int64
		for e, p := range strings.Split(s, ":") {
			w := int64(1)
			for k := 0; k < absInt(e-2); k++ {
				w *= 60
			}
			n += fn.RubyToI(p, 10) * w
		}
		return v.Int(n)
	case ssSexFloat.MatchString(s):
		parts := strings.Split(s, ":")
		var f float64
		for i, p := range parts {
			f += fn.RubyToF(p) * math.Pow(60, math.Abs(float64(i-2)))
		}
		return v.Float(f)
	case ssFloat.MatchString(s):
		if s == "." || s == "+." || s == "-." {
			return v.String(s)
		}
		f, err := strconv.ParseFloat(ssFloatClean.ReplaceAllString(s, "$1"), 64)
		if err != nil {
			return v.String(s)
		}
		return v.Float(f)
	case ssInteger.MatchString(s):
		i, ok := fn.RubyInteger(strings.NewReplacer(",", "", "_", "").Replace(s))
		if !ok {
			return v.String(s)
		}
		if !i.IsInt64() {
			return v.String(s)
		}
		return v.Int(i.Int64())
	}
	return v.String(s)
}

func absInt(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// IsTime reports whether a plain scalar is what Psych reads as a Time.
func IsTime(s string) bool { return ssTime.MatchString(s) }

// IsDate reports whether a plain scalar is what Psych reads as a Date.
func IsDate(s string) bool { return ssDate.MatchString(s) }
