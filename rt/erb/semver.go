package erb

import "github.com/pp2go/pp2go/rt/values"

// SemanticPuppet (require 'semantic_puppet'), the gem Puppet's SemVer
// types are made of: Version.parse, VersionRange.parse, to_s and
// VersionRange#include?. Their objects are Puppet's own SemVer and
// SemVerRange values (Object), as a function's SemVer argument is.

var (
	// ClassSemVerRange is SemanticPuppet::VersionRange.
	ClassSemVerRange = newClass("SemanticPuppet::VersionRange", ClassObject)
	// ClassSemVerInvalid is SemanticPuppet::Version::ValidationFailure,
	// what Version.parse raises.
	ClassSemVerInvalid = newClass("SemanticPuppet::Version::ValidationFailure", ClassArgumentError)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassSemVer, ClassSemVerRange, ClassSemVerInvalid} {
			g.class(c.Name, c)
		}
		g.library("semantic_puppet")
	})
}

// semverParse is SemanticPuppet::Version.parse(s).
func semverParse(s Value) Value {
	text := strArg(s)
	v, err := values.ParseSemVer(text)
	if err != nil {
		raise(ClassSemVerInvalid, "Unable to parse '%s' as a semantic version identifier", text)
	}
	return &Object{V: v}
}

// semverRangeParse is SemanticPuppet::VersionRange.parse(s).
func semverRangeParse(s Value) Value {
	text := strArg(s)
	v, err := values.ParseSemVerRange(text)
	if err != nil {
		raise(ClassArgumentError, "Unparsable version range: \"%s\"", text)
	}
	return &Object{V: v}
}

// semverRangeIncludes is VersionRange#include?(version) when o is a
// VersionRange (isRange): false for what is no Version.
func semverRangeIncludes(o *Object, v Value) (in, isRange bool) {
	r, isRange := o.V.(*values.SemVerRange)
	if !isRange {
		return false, false
	}
	vo, ok := v.(*Object)
	if !ok {
		return false, true
	}
	sv, ok := vo.V.(*values.SemVer)
	return ok && r.Includes(sv), true
}
