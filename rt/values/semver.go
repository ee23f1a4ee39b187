package values

import (
	"fmt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"math"
	"strconv"
	"strings"
)

// SemVer is a semantic version (SemanticPuppet::Version). A prerelease
// identifier is an int64 when numeric, else a string.
type SemVer struct {
	Major, Minor, Patch int64
	Prerelease          []any
	Build               []string
	hasPre              bool // distinguishes an empty prerelease list (MIN) from none
}

func (*SemVer) puppetValue() {}

var semverFullRx = lazyre.New(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\n?$`)

// Version bounds used by ranges.
var (
	semverMin = &SemVer{hasPre: true}
	semverMax = &SemVer{Major: math.MaxInt64}
)

// ParseSemVer parses a version string.
func ParseSemVer(s string) (*SemVer, error) {
	m := semverFullRx.FindStringSubmatch(s)
	if m == nil {
		return nil, newError("", fmt.Sprintf("Unable to parse '%s' as a semantic version identifier", s))
	}
	v := &SemVer{}
	v.Major, _ = strconv.ParseInt(m[1], 10, 64)
	v.Minor, _ = strconv.ParseInt(m[2], 10, 64)
	v.Patch, _ = strconv.ParseInt(m[3], 10, 64)
	pre, err := parsePrerelease(m[4])
	if err != nil {
		return nil, err
	}
	v.Prerelease = pre
	v.hasPre = pre != nil
	if m[5] != "" {
		v.Build = strings.Split(m[5], ".")
	}
	return v, nil
}

func parsePrerelease(s string) ([]any, error) {
	if s == "" {
		return nil, nil
	}
	var out []any
	for _, x := range strings.Split(s, ".") {
		if n, err := strconv.ParseInt(x, 10, 64); err == nil && strings.Trim(x, "0123456789") == "" {
			if len(x) > 1 && x[0] == '0' {
				return nil, newError("", "Numeric pre-release identifiers MUST NOT contain leading zeroes")
			}
			out = append(out, n)
		} else {
			out = append(out, x)
		}
	}
	return out, nil
}

// NewSemVer returns a version without prerelease or build.
func NewSemVer(major, minor, patch int64) *SemVer {
	return &SemVer{Major: major, Minor: minor, Patch: patch}
}

func (v *SemVer) stable() bool { return len(v.Prerelease) == 0 }

func (v *SemVer) next(part byte) *SemVer {
	switch part {
	case 'M':
		return NewSemVer(v.Major+1, 0, 0)
	case 'm':
		return NewSemVer(v.Major, v.Minor+1, 0)
	}
	return NewSemVer(v.Major, v.Minor, v.Patch+1)
}

func (v *SemVer) String() string {
	var b strings.Builder
	if v.Major == math.MaxInt64 {
		b.WriteString("Infinity")
	} else {
		b.WriteString(strconv.FormatInt(v.Major, 10))
	}
	b.WriteByte('.')
	b.WriteString(strconv.FormatInt(v.Minor, 10))
	b.WriteByte('.')
	b.WriteString(strconv.FormatInt(v.Patch, 10))
	for i, p := range v.Prerelease {
		if i == 0 {
			b.WriteByte('-')
		} else {
			b.WriteByte('.')
		}
		fmt.Fprint(&b, p)
	}
	for i, p := range v.Build {
		if i == 0 {
			b.WriteByte('+')
		} else {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

// Compare orders versions by SemVer precedence (build is ignored).
func (v *SemVer) Compare(o *SemVer) int {
	if c := cmpInt(v.Major, o.Major); c != 0 {
		return c
	}
	if c := cmpInt(v.Minor, o.Minor); c != 0 {
		return c
	}
	if c := cmpInt(v.Patch, o.Patch); c != 0 {
		return c
	}
	mine, yours := v.Prerelease, o.Prerelease
	mineNil, yoursNil := !v.hasPre && mine == nil, !o.hasPre && yours == nil
	switch {
	case mineNil && yoursNil:
		return 0
	case mineNil:
		return 1
	case yoursNil:
		return -1
	}
	for i, x := range mine {
		if i >= len(yours) {
			return 1
		}
		y := yours[i]
		var c int
		xi, xIsInt := x.(int64)
		yi, yIsInt := y.(int64)
		switch {
		case xIsInt && yIsInt:
			c = cmpInt(xi, yi)
		case xIsInt:
			c = -1
		case yIsInt:
			c = 1
		default:
			c = strings.Compare(x.(string), y.(string))
		}
		if c != 0 {
			return c
		}
	}
	return cmpInt(int64(len(mine)), int64(len(yours)))
}

// Equal is SemanticPuppet's eql?: all parts including build.
func (v *SemVer) Equal(o *SemVer) bool {
	if v.Major != o.Major || v.Minor != o.Minor || v.Patch != o.Patch || len(v.Prerelease) != len(o.Prerelease) || len(v.Build) != len(o.Build) {
		return false
	}
	for i := range v.Prerelease {
		if v.Prerelease[i] != o.Prerelease[i] {
			return false
		}
	}
	for i := range v.Build {
		if v.Build[i] != o.Build[i] {
			return false
		}
	}
	return true
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
