package hiera

import (
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/internal/rubyglob"
)

var globCache sync.Map // pattern -> *regexp.Regexp

// glob matches pattern (Ruby's Dir.glob syntax: *, **, ?, [...], {a,b})
// against the files compiled in, sorted as Ruby sorts glob results.
// Directories are skipped, as Hiera skips them.
func (d *Data) glob(pattern string) []string {
	// Ruby expands braces first and globs each alternative in turn.
	if alts := rubyglob.ExpandBraces(pattern); len(alts) > 1 {
		var out []string
		for _, a := range alts {
			out = append(out, d.glob1(a)...)
		}
		return out
	}
	return d.glob1(pattern)
}

func (d *Data) glob1(pattern string) []string {
	re := globRegexp(pattern)
	prefix := pattern
	if i := strings.IndexAny(pattern, "*?[{\\"); i >= 0 {
		prefix = pattern[:i]
	}
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		prefix = prefix[:i+1]
	}
	var out []string
	for _, f := range d.filesUnder(prefix) {
		if !f.Dir && re.MatchString(f.Path) {
			out = append(out, f.Path)
		}
	}
	sort.Strings(out)
	return out
}

func globRegexp(pattern string) *regexp.Regexp {
	if re, ok := globCache.Load(pattern); ok {
		return re.(*regexp.Regexp)
	}
	var b strings.Builder
	b.WriteString("^")
	writeGlob(&b, pattern)
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		if re, err = regexp.Compile("^" + regexp.QuoteMeta(pattern) + "$"); err != nil {
			// a pattern that is no UTF-8, which no path of the data is:
			// a regexp no text matches
			re = regexp.MustCompile(`[^\x00-\x{10FFFF}]`)
		}
	}
	globCache.Store(pattern, re)
	return re
}

func writeGlob(b *strings.Builder, p string) {
	atSegStart := true
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch c {
		case '*':
			if i+2 < len(p) && p[i+1] == '*' && p[i+2] == '/' && atSegStart {
				// **/ matches any number of directories (none included), not
				// hidden ones; a ** not followed by / is a *.
				b.WriteString(`(?:[^/.][^/]*/)*`)
				i += 2
				atSegStart = true
				continue
			}
			for i+1 < len(p) && p[i+1] == '*' {
				i++
			}
			if atSegStart {
				b.WriteString(`(?:[^/.][^/]*)?`)
			} else {
				b.WriteString(`[^/]*`)
			}
		case '?':
			if atSegStart {
				b.WriteString(`[^/.]`)
			} else {
				b.WriteString(`[^/]`)
			}
		case '[':
			j := strings.IndexByte(p[i+1:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				break
			}
			class := p[i+1 : i+1+j]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		case '{':
			depth, j := 1, i+1
			for ; j < len(p) && depth > 0; j++ {
				switch p[j] {
				case '{':
					depth++
				case '}':
					depth--
				}
			}
			if depth != 0 {
				b.WriteString(`\{`)
				break
			}
			inner := p[i+1 : j-1]
			b.WriteString("(?:")
			for k, alt := range splitBraces(inner) {
				if k > 0 {
					b.WriteString("|")
				}
				writeGlob(b, alt)
			}
			b.WriteString(")")
			i = j - 1
		case '\\':
			if i+1 < len(p) {
				i++
				b.WriteString(regexp.QuoteMeta(string(p[i])))
			}
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
		atSegStart = c == '/'
	}
}

func splitBraces(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
