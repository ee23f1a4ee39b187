package hiera

import "strings"

// The segments of a dotted key are found as Puppet's split_key finds
// them (SubLookup, key.split(/(\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+)/)),
// by a scan of the key's bytes instead of a regexp: compiling the two
// regexps was most of splitting a first compile's keys.

// keySegments is the index pairs of the successive matches of
// \s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+ in key, leftmost first, as Go's
// FindAllStringIndex gives them (\s is Go's: [\t\n\f\r ]). None is empty:
// a search resumes where the last match ended.
func keySegments(key string) [][]int {
	var locs [][]int
	for p := 0; p < len(key); {
		e := keySegmentAt(key, p)
		if e < 0 {
			p++ // a dot or an unclosed quote: ASCII, one byte
			continue
		}
		locs = append(locs, []int{p, e})
		p = e
	}
	return locs
}

// keySegmentAt is the end of the segment that starts at p, or -1: a
// quoted one (spaces around it included) before an unquoted run.
func keySegmentAt(key string, p int) int {
	for _, q := range [2]byte{'"', '\''} {
		i := skipKeySpace(key, p)
		if i == len(key) || key[i] != q {
			continue
		}
		j := strings.IndexByte(key[i+1:], q)
		if j > 0 { // at least one character between the quotes
			return skipKeySpace(key, i+1+j+1)
		}
	}
	e := p
	for e < len(key) && !isKeySpecial(key[e]) {
		e++
	}
	if e == p {
		return -1
	}
	return e
}

func skipKeySpace(key string, i int) int {
	for i < len(key) && strings.IndexByte("\t\n\f\r ", key[i]) >= 0 {
		i++
	}
	return i
}

// isKeySpecial: a quote or a dot, which an unquoted segment holds none of.
func isKeySpecial(c byte) bool { return c == '"' || c == '\'' || c == '.' }

// isIntSegment reports whether a trimmed segment is an integer, as
// /^(:?[+-]?[0-9]+)$/ (Go's anchors: the whole segment) says.
func isIntSegment(s string) bool {
	s = strings.TrimPrefix(s, ":")
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	return s != "" && strings.TrimLeft(s, "0123456789") == ""
}
