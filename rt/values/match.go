package values

import (
	"fmt"
	"strings"
)

// MatchResult is the outcome of a regexp match: whether it matched and, when
// a regexp matched, the match data ($0, $1, ...) to set in scope.
type MatchResult struct {
	Matched bool
	Groups  []Value // nil when no regexp match data was produced
}

// MatchOp evaluates left =~ pattern (EvaluatorImpl#eval_MatchExpression);
// negate it for !~. A type pattern checks the instance, a SemVerRange
// version inclusion, anything else is a regexp (a string is compiled).
func MatchOp(left, pattern Value) (MatchResult, error) {
	switch p := pattern.(type) {
	case Type:
		return MatchResult{Matched: IsInstance(p, left)}, nil
	case *SemVerRange:
		return MatchResult{Matched: semverRangeIncludes(p, left)}, nil
	}
	var re *Regexp
	switch p := pattern.(type) {
	case *Regexp:
		re = p
	case String:
		var err error
		if re, err = NewRegexp(string(p)); err != nil {
			return MatchResult{}, newError(IssueMatchNotRegexp, fmt.Sprintf("Can not convert right match operand to a regular expression. Caused by '%s'.", err.Error()))
		}
	default:
		return MatchResult{}, newError(IssueMatchNotRegexp, fmt.Sprintf("Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of %s into String'.", rubyImplicitName(pattern)))
	}
	s, ok := left.(String)
	if !ok {
		return MatchResult{}, newError(IssueMatchNotString, fmt.Sprintf("Left match operand must result in a String value. Got %s.", aAn(valueLabel(left))))
	}
	g, err := re.Match(string(s))
	if err != nil {
		return MatchResult{}, err
	}
	return MatchResult{Matched: g != nil, Groups: g}, nil
}

// rubyImplicitName names a value as Ruby's implicit conversion errors do.
func rubyImplicitName(v Value) string {
	switch x := v.(type) {
	case nil, UndefValue:
		return "nil"
	case Bool:
		if x {
			return "true"
		}
		return "false"
	}
	return rubyClass(v)
}

func semverRangeIncludes(r *SemVerRange, v Value) bool {
	switch x := v.(type) {
	case *SemVer:
		return r.Includes(x)
	case String:
		sv, err := ParseSemVer(string(x))
		return err == nil && r.Includes(sv)
	}
	return false
}

// In evaluates `left in right` (CompareOperator#include?): substring
// (case-insensitive) or regexp match in a string, membership in an array
// (by ==, regexp match, or type instance), key membership in a hash.
func In(left, right Value) MatchResult {
	switch r := right.(type) {
	case String:
		switch l := left.(type) {
		case String:
			return MatchResult{Matched: strings.Contains(strings.ToLower(string(r)), strings.ToLower(string(l)))}
		case *Regexp:
			g, _ := l.Match(string(r))
			return MatchResult{Matched: g != nil, Groups: g}
		case Int, Float:
			return MatchResult{Matched: Equals(r, l)}
		}
	case *Binary:
		switch l := left.(type) {
		case *Binary:
			return MatchResult{Matched: strings.Contains(string(r.bytes), string(l.bytes))}
		case String:
			return MatchResult{Matched: strings.Contains(string(r.bytes), string(l))}
		case Int:
			return MatchResult{Matched: strings.IndexByte(string(r.bytes), byte(l)) >= 0 && l >= 0 && l < 256}
		}
	case *Array:
		return inArray(left, r.elems)
	case *Hash:
		return inArray(left, r.keys)
	case *SemVerRange:
		return MatchResult{Matched: semverRangeIncludes(r, left)}
	}
	return MatchResult{}
}

func inArray(left Value, elems []Value) MatchResult {
	switch l := left.(type) {
	case *Regexp:
		for _, e := range elems {
			if s, ok := e.(String); ok {
				if g, _ := l.Match(string(s)); g != nil {
					return MatchResult{Matched: true, Groups: g}
				}
			}
		}
		// a failed search still clears older match data
		return MatchResult{Groups: []Value{}}
	case String, *SemVer:
		for _, e := range elems {
			if m := Match(left, e); m.Matched {
				return m
			}
		}
		return MatchResult{}
	case Type:
		for _, e := range elems {
			if IsInstance(l, e) {
				return MatchResult{Matched: true}
			}
		}
		return MatchResult{}
	}
	for _, e := range elems {
		if Equals(e, left) {
			return MatchResult{Matched: true}
		}
	}
	return MatchResult{}
}

// Match is the matching of case and selector options
// (CompareOperator#match): a regexp option matches strings, a type option
// instances, a SemVerRange versions, default anything, arrays and hashes
// element-wise, and everything else by ==.
func Match(left, option Value) MatchResult {
	// most options are strings, compared by == (as the switch's last
	// case would): checked first, without the switch's interface case
	// (Type), which costs a lookup in the runtime's cache of the switch
	if o, ok := option.(String); ok {
		if l, ok := left.(String); ok {
			return MatchResult{Matched: asciiEqualFold(string(l), string(o))}
		}
		return MatchResult{Matched: Equals(left, option)}
	}
	switch p := option.(type) {
	case *Regexp:
		s, ok := left.(String)
		if !ok {
			return MatchResult{}
		}
		g, _ := p.Match(string(s))
		return MatchResult{Matched: g != nil, Groups: g}
	case *SemVer:
		switch l := left.(type) {
		case *SemVer:
			return MatchResult{Matched: p.Equal(l)}
		case String:
			v, err := ParseSemVer(string(l))
			return MatchResult{Matched: err == nil && p.Equal(v)}
		}
		return MatchResult{}
	case *SemVerRange:
		return MatchResult{Matched: semverRangeIncludes(p, left)}
	case Type:
		return MatchResult{Matched: IsInstance(p, left)}
	case *Array:
		l, ok := left.(*Array)
		if !ok || l.Len() != p.Len() {
			return MatchResult{}
		}
		var groups []Value
		for i, e := range p.elems {
			m := Match(l.elems[i], e)
			if !m.Matched {
				return MatchResult{}
			}
			if m.Groups != nil {
				groups = m.Groups
			}
		}
		return MatchResult{Matched: true, Groups: groups}
	case *Hash:
		l, ok := left.(*Hash)
		if !ok {
			return MatchResult{}
		}
		var groups []Value
		for i, k := range p.keys {
			lv, _ := l.Get(k)
			if lv == nil {
				lv = Undef
			}
			m := Match(lv, p.vals[i])
			if !m.Matched {
				return MatchResult{}
			}
			if m.Groups != nil {
				groups = m.Groups
			}
		}
		return MatchResult{Matched: true, Groups: groups}
	case DefaultValue:
		return MatchResult{Matched: true}
	}
	return MatchResult{Matched: Equals(left, option)}
}
