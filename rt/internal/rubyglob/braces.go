// Package rubyglob holds what Ruby's Dir.glob does to a pattern before it
// matches files, shared by Hiera's globs and translated functions' Dir.glob.
package rubyglob

// ExpandBraces expands {a,b} alternatives as Ruby's Dir.glob does, the leftmost outermost
// first; a backslash escapes the next character (an escaped comma or
// brace is not syntax).
func ExpandBraces(p string) []string {
	depth, start := 0, -1
	var commas []int
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '{':
			if depth == 0 {
				start = i
				commas = nil
			}
			depth++
		case ',':
			if depth == 1 {
				commas = append(commas, i)
			}
		case '}':
			if depth == 0 {
				continue
			}
			depth--
			if depth == 0 {
				var out []string
				prev := start + 1
				for _, c := range append(commas, i) {
					out = append(out, ExpandBraces(p[:start]+p[prev:c]+p[i+1:])...)
					prev = c + 1
				}
				return out
			}
		}
	}
	return []string{p}
}
