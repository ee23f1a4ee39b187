package values

import "fmt"

// NewSemVerRangeFromVersions is SemVerRange.new(min, max, exclude_max) as
// Puppet 7.23 computes it: nil min or max stands for default (the lowest
// and highest versions), and the text is what SemanticPuppet's constructor
// writes, which swaps the bounds ("2.0.0 - 1.0.0", ">=2.0.0 <1.0.0") and
// prints the highest version as "Infinity.0.0", the lowest as "0.0.0-".
func NewSemVerRangeFromVersions(min, max *SemVer, excludeEnd bool) *SemVerRange {
	minText, maxText := "", ""
	if min == nil {
		min, minText = semverMin, "0.0.0-"
	} else {
		minText = min.String()
	}
	if max == nil {
		max, maxText = semverMax, "Infinity.0.0"
	} else {
		maxText = max.String()
	}
	r := NewSemVerRangeBetween(min, max, excludeEnd)
	if excludeEnd {
		r.text = fmt.Sprintf(">=%s <%s", maxText, minText)
	} else {
		r.text = fmt.Sprintf("%s - %s", maxText, minText)
	}
	return r
}
