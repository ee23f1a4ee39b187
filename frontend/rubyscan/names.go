package rubyscan

import (
	"strings"
	"unicode"
)

// SnakeCase is a Ruby constant's or a Go name in snake case, as Ruby's
// naming convention makes a file's name of its constant and pp2go a
// Puppet function's of its Go name: MaxMemory -> max_memory, IPInRange
// -> ip_in_range, PuppetX -> puppet_x, SIMP -> simp, Bool2httpd ->
// bool2httpd.
func SnakeCase(s string) string {
	r := []rune(s)
	var b strings.Builder
	for i, c := range r {
		if unicode.IsUpper(c) {
			prevLower := i > 0 && (unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]))
			nextLower := i+1 < len(r) && unicode.IsLower(r[i+1])
			if i > 0 && (prevLower || (nextLower && unicode.IsUpper(r[i-1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(c))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}
