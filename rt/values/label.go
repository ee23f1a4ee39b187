package values

import "strings"

// valueLabel is Puppet's ModelLabelProvider#label for a runtime value, the
// noun used in operator error messages.
func valueLabel(v Value) string {
	switch x := v.(type) {
	case nil, UndefValue:
		return "Undef Value"
	case String:
		return "String"
	case Int:
		return "Integer"
	case Float:
		return "Float"
	case Bool:
		return "Boolean"
	case *Array:
		return "Array"
	case *Hash:
		return "Hash"
	case *Regexp:
		return "Regexp"
	case *Binary:
		return "Binary"
	case *Sensitive:
		return "Sensitive"
	case Timespan:
		return "Timespan"
	case Timestamp:
		return "Timestamp"
	case *SemVer:
		return "Semver"
	case *SemVerRange:
		return "SemverRange"
	case *ResourceType:
		if x.HasTitle {
			return TypeString(x) + " Resource-Reference"
		}
		return TypeString(x) + "-Type"
	case Type:
		return TypeString(x) + "-Type"
	}
	return "Object"
}

// article is LabelProvider#article: "an" before a vowel (y counts), else "a";
// a leading quote is skipped.
func article(s string) string {
	if s == "" {
		return "a"
	}
	c := s[0]
	if (c == '"' || c == '\'') && len(s) > 1 {
		c = s[1]
	}
	if strings.IndexByte("aeiouyAEIOUY", c) >= 0 {
		return "an"
	}
	return "a"
}

// LabelOf is Puppet's label for a runtime value in messages ("String",
// "Integer", "File['x'] Resource-Reference").
func LabelOf(v Value) string { return valueLabel(v) }

// Article is Puppet's article for a label ("a" or "an"), for messages built
// outside this package.
func Article(s string) string { return article(s) }

// AAn is LabelProvider#a_an applied to a label: "an Integer".
func AAn(s string) string { return aAn(s) }

// AAnUC is LabelProvider#a_an_uc applied to a label: "An Integer".
func AAnUC(s string) string { return aAnUC(s) }

// aAn is LabelProvider#a_an applied to a label.
func aAn(s string) string { return article(s) + " " + s }

// aAnUC is LabelProvider#a_an_uc.
func aAnUC(s string) string {
	a := article(s)
	return strings.ToUpper(a[:1]) + a[1:] + " " + s
}
