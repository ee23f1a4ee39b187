package values

import (
	"fmt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"
)

// SemVerRange is a version range (SemanticPuppet::VersionRange): a union of
// simple ranges, plus the text it was created from (which is how it prints).
type SemVerRange struct {
	ranges []*vrange
	text   string
}

func (*SemVerRange) puppetValue() {}

type vrKind int

const (
	vrAll vrKind = iota
	vrMinMax
	vrGt
	vrGtEq
	vrLt
	vrLtEq
	vrEq
)

type vrange struct {
	kind     vrKind
	v        *SemVer
	min, max *vrange // vrMinMax only
}

var (
	vrAllSingleton   = &vrange{kind: vrAll}
	vrMatchNothing   = &vrange{kind: vrLt, v: semverMin}
	emptySemVerRange = newSemVerRange(nil, "")
)

func (r *vrange) include(v *SemVer) bool {
	switch r.kind {
	case vrMinMax:
		return r.min.include(v) && r.max.include(v)
	case vrGt:
		return v.Compare(r.v) > 0
	case vrGtEq:
		return v.Compare(r.v) >= 0
	case vrLt:
		return v.Compare(r.v) < 0
	case vrLtEq:
		return v.Compare(r.v) <= 0
	case vrEq:
		return v.Compare(r.v) == 0 && v.Equal(r.v)
	}
	return true
}

func (r *vrange) begin() *SemVer {
	switch r.kind {
	case vrMinMax:
		return r.min.begin()
	case vrGt, vrGtEq, vrEq:
		return r.v
	}
	return semverMin
}

func (r *vrange) end() *SemVer {
	switch r.kind {
	case vrMinMax:
		return r.max.end()
	case vrLt, vrLtEq, vrEq:
		return r.v
	}
	return semverMax
}

func (r *vrange) excludeBegin() bool {
	if r.kind == vrMinMax {
		return r.min.excludeBegin()
	}
	return r.kind == vrGt
}

func (r *vrange) excludeEnd() bool {
	if r.kind == vrMinMax {
		return r.max.excludeEnd()
	}
	return r.kind == vrLt
}

func (r *vrange) lowerBound() bool {
	switch r.kind {
	case vrMinMax:
		return r.min.lowerBound()
	case vrGt:
		return true
	case vrGtEq, vrEq:
		return !r.v.Equal(semverMin) || r.v.Compare(semverMin) != 0
	}
	return false
}

func (r *vrange) upperBound() bool {
	switch r.kind {
	case vrMinMax:
		return r.max.upperBound()
	case vrLt:
		return true
	case vrLtEq, vrEq:
		return r.v.Compare(semverMax) != 0
	}
	return false
}

func (r *vrange) testPrerelease(v *SemVer) bool {
	switch r.kind {
	case vrAll:
		return true
	case vrMinMax:
		return r.min.testPrerelease(v) || r.max.testPrerelease(v)
	}
	return !r.v.stable() && r.v.Major == v.Major && r.v.Minor == v.Minor && r.v.Patch == v.Patch
}

func (r *vrange) eql(o *vrange) bool {
	if r.kind != o.kind {
		return false
	}
	switch r.kind {
	case vrAll:
		return true
	case vrMinMax:
		return r.min.eql(o.min) && r.max.eql(o.max)
	}
	return r.v.Equal(o.v)
}

func (r *vrange) String() string {
	switch r.kind {
	case vrAll:
		return "*"
	case vrMinMax:
		return r.min.String() + " " + r.max.String()
	case vrGt:
		return ">" + r.v.String()
	case vrGtEq:
		return ">=" + r.v.String()
	case vrLt:
		if r == vrMatchNothing {
			return "<0.0.0"
		}
		return "<" + r.v.String()
	case vrLtEq:
		return "<=" + r.v.String()
	}
	return r.v.String()
}

func newMinMax(min, max *vrange) *vrange {
	if min.kind == vrMinMax {
		min = min.min
	}
	if max.kind == vrMinMax {
		max = max.max
	}
	return &vrange{kind: vrMinMax, min: min, max: max}
}

func minMaxCreate(rs ...*vrange) *vrange {
	acc := rs[0]
	for _, r := range rs[1:] {
		if acc == nil {
			return nil
		}
		acc = acc.intersection(r)
	}
	return acc
}

func (r *vrange) intersection(o *vrange) *vrange {
	if r.kind == vrAll {
		return o
	}
	cmp := r.begin().Compare(o.end())
	if cmp > 0 {
		return nil
	}
	if cmp == 0 {
		if r.excludeBegin() || o.excludeEnd() {
			return nil
		}
		return &vrange{kind: vrEq, v: r.begin()}
	}
	cmp = o.begin().Compare(r.end())
	if cmp > 0 {
		return nil
	}
	if cmp == 0 {
		if o.excludeBegin() || r.excludeEnd() {
			return nil
		}
		return &vrange{kind: vrEq, v: o.begin()}
	}
	var min, max *vrange
	switch c := r.begin().Compare(o.begin()); {
	case c < 0:
		min = o
	case c > 0:
		min = r
	case r.excludeBegin():
		min = r
	default:
		min = o
	}
	switch c := r.end().Compare(o.end()); {
	case c > 0:
		max = o
	case c < 0:
		max = r
	case r.excludeEnd():
		max = r
	default:
		max = o
	}
	if !max.upperBound() {
		return min
	}
	if !min.lowerBound() {
		return max
	}
	return newMinMax(min, max)
}

func (r *vrange) merge(o *vrange) *vrange {
	if r.kind == vrAll {
		return r
	}
	fromTo := func(a, b *vrange) *vrange {
		lo := &vrange{kind: vrGtEq, v: a.begin()}
		if a.excludeBegin() {
			lo.kind = vrGt
		}
		hi := &vrange{kind: vrLtEq, v: b.end()}
		if b.excludeEnd() {
			hi.kind = vrLt
		}
		return minMaxCreate(lo, hi)
	}
	if r.include(o.begin()) || o.include(r.begin()) {
		var min *SemVer
		var exclBegin bool
		switch c := r.begin().Compare(o.begin()); {
		case c < 0:
			min, exclBegin = r.begin(), r.excludeBegin()
		case c > 0:
			min, exclBegin = o.begin(), o.excludeBegin()
		default:
			min, exclBegin = r.begin(), r.excludeBegin() && o.excludeBegin()
		}
		var max *SemVer
		var exclEnd bool
		switch c := r.end().Compare(o.end()); {
		case c > 0:
			max, exclEnd = r.end(), r.excludeEnd()
		case c < 0:
			max, exclEnd = o.end(), o.excludeEnd()
		default:
			max, exclEnd = r.end(), r.excludeEnd() && o.excludeEnd()
		}
		lo := &vrange{kind: vrGtEq, v: min}
		if exclBegin {
			lo.kind = vrGt
		}
		hi := &vrange{kind: vrLtEq, v: max}
		if exclEnd {
			hi.kind = vrLt
		}
		return minMaxCreate(lo, hi)
	}
	switch {
	case r.excludeEnd() && !o.excludeBegin() && r.end().Compare(o.begin()) == 0:
		return fromTo(r, o)
	case o.excludeEnd() && !r.excludeBegin() && o.end().Compare(r.begin()) == 0:
		return fromTo(o, r)
	case !r.excludeEnd() && !o.excludeBegin() && r.end().next('p').Compare(o.begin()) == 0:
		return fromTo(r, o)
	case !o.excludeEnd() && !r.excludeBegin() && o.end().next('p').Compare(r.begin()) == 0:
		return fromTo(o, r)
	}
	return nil
}

func newSemVerRange(ranges []*vrange, text string) *SemVerRange {
	var rs []*vrange
	for _, r := range ranges {
		if r != nil {
			rs = append(rs, r)
		}
	}
	merged := true
	for len(rs) > 1 && merged {
		merged = false
		var result []*vrange
		for len(rs) > 0 {
			x := rs[len(rs)-1]
			rs = rs[:len(rs)-1]
			var unmerged []*vrange
			memo := x
			for _, y := range rs {
				if m := memo.merge(y); m == nil {
					unmerged = append(unmerged, y)
				} else {
					merged = true
					memo = m
				}
			}
			result = append(result, memo)
			rs = unmerged
		}
		for i, j := 0, len(result)-1; i < j; i, j = i+1, j-1 {
			result[i], result[j] = result[j], result[i]
		}
		rs = result
	}
	if len(rs) == 0 {
		rs = []*vrange{vrMatchNothing}
	}
	if text == "" {
		parts := make([]string, len(rs))
		for i, r := range rs {
			parts[i] = r.String()
		}
		text = strings.Join(parts, " || ")
	}
	return &SemVerRange{ranges: rs, text: text}
}

// NewSemVerRangeBetween is VersionRange.new(min, max, exclude_end).
func NewSemVerRangeBetween(min, max *SemVer, excludeEnd bool) *SemVerRange {
	lo := &vrange{kind: vrGtEq, v: min}
	var hi *vrange
	var text string
	if excludeEnd {
		hi = &vrange{kind: vrLt, v: max}
		text = fmt.Sprintf(">=%s <%s", min, max)
	} else {
		hi = &vrange{kind: vrLtEq, v: max}
		text = fmt.Sprintf("%s - %s", min, max)
	}
	return newSemVerRange([]*vrange{minMaxCreate(lo, hi)}, text)
}

// String returns the text the range was created from.
func (r *SemVerRange) String() string { return r.text }

// Includes reports whether v is in the range (prereleases only match when
// a bound of the same major.minor.patch has a prerelease).
func (r *SemVerRange) Includes(v *SemVer) bool {
	for _, x := range r.ranges {
		if x.include(v) && (v.stable() || x.testPrerelease(v)) {
			return true
		}
	}
	return false
}

// Equal compares the simple ranges.
func (r *SemVerRange) Equal(o *SemVerRange) bool {
	if len(r.ranges) != len(o.ranges) {
		return false
	}
	for i := range r.ranges {
		if !r.ranges[i].eql(o.ranges[i]) {
			return false
		}
	}
	return true
}

func (r *SemVerRange) single() *vrange {
	if len(r.ranges) == 1 {
		return r.ranges[0]
	}
	return nil
}

const (
	vrNR       = `0|[1-9][0-9]*`
	vrXR       = `(x|X|\*|` + vrNR + `)`
	vrXRNC     = `(?:x|X|\*|` + vrNR + `)`
	vrPart     = `(?:[0-9A-Za-z-]+)`
	vrParts    = vrPart + `(?:\.` + vrPart + `)*`
	vrQual     = `(?:-(` + vrParts + `))?(?:\+(` + vrParts + `))?`
	vrQualNC   = `(?:-` + vrParts + `)?(?:\+` + vrParts + `)?`
	vrPartial  = vrXRNC + `(?:\.` + vrXRNC + `(?:\.` + vrXRNC + vrQualNC + `)?)?`
	vrSimple   = `([<>=~^]|<=|>=|~>|~=)?(` + vrPartial + `)`
	vrHyphen   = `(` + vrPartial + `)\s+-\s+(` + vrPartial + `)`
	vrPartialX = `^` + vrXR + `(?:\.` + vrXR + `(?:\.` + vrXR + vrQual + `)?)?$`
)

var (
	vrSimpleRx  = lazyre.New(`^(<=|>=|~>|~=|[<>=~^])?(` + vrPartial + `)$`)
	vrHyphenRx  = lazyre.New(`^` + vrHyphen + `$`)
	vrPartialRx = lazyre.New(vrPartialX)
	vrOpWsRx    = lazyre.New(`([><=~^])(?:\s+|\s*v)`)
	vrOrRx      = lazyre.New(`\s*\|\|\s*`)
)

// ParseSemVerRange parses a range expression ("1.x", ">=1.2 <2", "~1.2.3",
// "1.0.0 - 2.0.0", joined with "||").
func ParseSemVerRange(s string) (*SemVerRange, error) {
	set := vrOpWsRx.ReplaceAllString(s, "$1")
	parts := vrOrRx.Split(set, -1)
	if len(parts) == 1 && parts[0] == "" || len(parts) == 0 {
		return &SemVerRange{ranges: []*vrange{vrAllSingleton}, text: "*"}, nil
	}
	bad := newError("", fmt.Sprintf("Unparsable version range: \"%s\"", s))
	var ranges []*vrange
	for _, part := range parts {
		var r *vrange
		if m := vrHyphenRx.FindStringSubmatch(part); m != nil {
			lo, err := vrParseVersion(m[1])
			if err != nil {
				return nil, err
			}
			hi, err := vrParseVersion(m[2])
			if err != nil {
				return nil, err
			}
			r = minMaxCreate(&vrange{kind: vrGtEq, v: lo}, &vrange{kind: vrLtEq, v: hi})
		} else {
			var simples []*vrange
			for _, simple := range strings.Fields(part) {
				m := vrSimpleRx.FindStringSubmatch(simple)
				if m == nil {
					return nil, bad
				}
				sr, err := vrParseSimple(m[1], m[2])
				if err != nil {
					return nil, err
				}
				simples = append(simples, sr)
			}
			if len(simples) == 0 {
				return nil, bad
			}
			r = minMaxCreate(simples...)
		}
		dup := false
		for _, x := range ranges {
			if r != nil && x != nil && x.eql(r) {
				dup = true
			}
		}
		if !dup {
			ranges = append(ranges, r)
		}
	}
	return newSemVerRange(ranges, s), nil
}

func vrParsePartial(expr string) ([]string, error) {
	m := vrPartialRx.FindStringSubmatch(expr)
	if m == nil {
		return nil, newError("", fmt.Sprintf("Unparsable version range: \"%s\"", expr))
	}
	return m, nil
}

func vrDigit(s string) (int64, bool) {
	if s == "" || s == "x" || s == "X" || s == "*" {
		return 0, false
	}
	var n int64
	for _, c := range s {
		n = n*10 + int64(c-'0')
	}
	return n, true
}

func vrParseVersion(expr string) (*SemVer, error) {
	m, err := vrParsePartial(expr)
	if err != nil {
		return nil, err
	}
	major, _ := vrDigit(m[1])
	minor, _ := vrDigit(m[2])
	patch, _ := vrDigit(m[3])
	return vrVersion(major, minor, patch, m[4], m[5])
}

func vrVersion(major, minor, patch int64, pre, build string) (*SemVer, error) {
	v := NewSemVer(major, minor, patch)
	p, err := parsePrerelease(pre)
	if err != nil {
		return nil, err
	}
	v.Prerelease, v.hasPre = p, p != nil
	if build != "" {
		v.Build = strings.Split(build, ".")
	}
	return v, nil
}

func vrParseSimple(op, operand string) (*vrange, error) {
	m, err := vrParsePartial(operand)
	if err != nil {
		return nil, err
	}
	major, hasMajor := vrDigit(m[1])
	minor, hasMinor := vrDigit(m[2])
	patch, hasPatch := vrDigit(m[3])
	between := func(lo, hi *SemVer) *vrange {
		return newMinMax(&vrange{kind: vrGtEq, v: lo}, &vrange{kind: vrLt, v: hi})
	}
	patchUpdates := func(tildeOrCaret bool) (*vrange, error) {
		if !hasMajor {
			return vrAllSingleton, nil
		}
		if !hasMinor {
			return between(NewSemVer(major, 0, 0), NewSemVer(major+1, 0, 0)), nil
		}
		if !hasPatch {
			return between(NewSemVer(major, minor, 0), NewSemVer(major, minor+1, 0)), nil
		}
		v, err := vrVersion(major, minor, patch, m[4], m[5])
		if err != nil {
			return nil, err
		}
		if !tildeOrCaret {
			return &vrange{kind: vrEq, v: v}, nil
		}
		return between(v, NewSemVer(major, minor+1, 0)), nil
	}
	switch op {
	case "~", "~>", "~=":
		return patchUpdates(true)
	case "^":
		if !hasMajor {
			return vrAllSingleton, nil
		}
		if major == 0 {
			return patchUpdates(true)
		}
		if !hasMinor {
			return between(NewSemVer(major, 0, 0), NewSemVer(major+1, 0, 0)), nil
		}
		if !hasPatch {
			return between(NewSemVer(major, minor, 0), NewSemVer(major+1, 0, 0)), nil
		}
		v, err := vrVersion(major, minor, patch, m[4], m[5])
		if err != nil {
			return nil, err
		}
		return between(v, NewSemVer(major+1, 0, 0)), nil
	case ">":
		if !hasMajor {
			return vrMatchNothing, nil
		}
		if !hasMinor {
			return &vrange{kind: vrGtEq, v: NewSemVer(major+1, 0, 0)}, nil
		}
		if !hasPatch {
			return &vrange{kind: vrGtEq, v: NewSemVer(major, minor+1, 0)}, nil
		}
		v, err := vrVersion(major, minor, patch, m[4], m[5])
		if err != nil {
			return nil, err
		}
		return &vrange{kind: vrGt, v: v}, nil
	case ">=":
		v, err := vrParseVersion(operand)
		if err != nil {
			return nil, err
		}
		return &vrange{kind: vrGtEq, v: v}, nil
	case "<":
		v, err := vrParseVersion(operand)
		if err != nil {
			return nil, err
		}
		return &vrange{kind: vrLt, v: v}, nil
	case "<=":
		if !hasMajor {
			return vrAllSingleton, nil
		}
		if !hasMinor {
			return &vrange{kind: vrLt, v: NewSemVer(major+1, 0, 0)}, nil
		}
		if !hasPatch {
			return &vrange{kind: vrLt, v: NewSemVer(major, minor+1, 0)}, nil
		}
		v, err := vrVersion(major, minor, patch, m[4], m[5])
		if err != nil {
			return nil, err
		}
		return &vrange{kind: vrLtEq, v: v}, nil
	}
	return patchUpdates(false)
}
